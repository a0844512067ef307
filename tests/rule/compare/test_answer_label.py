"""An answer's label the reference does not give (rlverify.rule.compare, issue 29): the values decide, units kept.

References are the physics-dev golds that read as one quantity in a unit that takes SI prefixes (``3.8 \\text{ eV}``,
``0.44 \\, \\text{mm}``, ``10^{-8} \\, \\text{s}``). Each is answered under a name the reference does not give
(``E = ...``, ``\\Delta x \\approx ...``), in the same unit or converted to another prefix (accepted), with its twin: the
reference's digits under a wrong prefix (rejected; the table read the named answer whole and accepted
``E = 3.8\\,\\text{keV}`` for ``3.8 eV`` by its trailing words). Integer references of gsm8k answered ``x = N`` are
accepted and ``x = N + 1`` rejected; two assignments to variables of different names are two unknowns."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

import pytest

from rlverify.analysis.datasets import read_jsonl
from rlverify.rule.answers.numbers import parse_number
from rlverify.rule.compare import explain

CORPORA = Path(__file__).resolve().parents[3] / "data" / "corpora"
# a unit that takes prefixes, written in a text font after the magnitude; the prefixes used for it
_UNIT = re.compile(r"^(?P<mag>.+?)\s*(?:\\[,;]|\\ )?\s*\\(?:text|mathrm)\s*\{\s*(?P<pre>[kMGmc]?)(?P<base>eV|m|s|J|W|g|Hz)\s*\}$")
PREFIXES = {"eV": {"": 0, "k": 3, "M": 6, "G": 9}, "m": {"": 0, "c": -2, "m": -3, "k": 3}, "s": {"": 0, "m": -3},
            "J": {"": 0, "k": 3, "M": 6}, "W": {"": 0, "k": 3, "M": 6}, "g": {"": 0, "k": 3, "m": -3},
            "Hz": {"": 0, "k": 3, "M": 6, "G": 9}}
NAMES = ["E", "x", r"\Delta E", "v_0", r"\lambda", r"T_{1/2}", r"\text{Energy}"]


@lru_cache(maxsize=1)
def _references() -> list[tuple[str, Decimal, str, str]]:
    out = []
    for r in read_jsonl(CORPORA / "physics-dev.jsonl.gz"):
        m = _UNIT.match(r["gold"].strip())
        if m is None or m.group("pre") not in PREFIXES[m.group("base")]:
            continue
        n = parse_number(m.group("mag"))
        if n is None or n.percent or n.value <= 0:
            continue
        value = Decimal(n.value.numerator) / Decimal(n.value.denominator)
        out.append((r["gold"], value, m.group("pre"), m.group("base")))
    return sorted(set(out))


def _sci(value: Decimal) -> str:
    sign, digits, exp = value.normalize().as_tuple()
    mantissa = Decimal((sign, digits, -(len(digits) - 1)))
    return f"{mantissa}\\times 10^{{{exp + len(digits) - 1}}}"


def test_references_found() -> None:
    assert len(_references()) >= 10


@pytest.mark.parametrize("seed", range(3))
def test_named_answer_against_an_unnamed_quantity(seed: int) -> None:
    rng = random.Random(seed)
    refs = _references()
    for written, value, pre, base in rng.sample(refs, min(40, len(refs))):
        # the reference as written, or with no blank before its unit's font ('3.8\\text{ eV}')
        gold = written if rng.random() < 0.5 else re.sub(r"\s*(\\[,;]|\\ )?\s*(?=\\(?:text|mathrm))", "", written)
        name, op = rng.choice(NAMES), rng.choice(["=", "=", r"\approx"])
        font = rng.choice([lambda u: f"\\,\\text{{{u}}}", lambda u: f" \\mathrm{{{u}}}", lambda u: f"\\ \\text{{ {u}}}"])
        others = [p for p in PREFIXES[base] if p != pre]
        to = rng.choice(others)
        converted = _sci(value * Decimal(10) ** (PREFIXES[base][pre] - PREFIXES[base][to]))
        mag = gold[:gold.index("\\text") if "\\text" in gold else gold.index("\\mathrm")].strip().rstrip("\\,; ")
        for ans in (f"{name} {op} {mag}{font(pre + base)}", f"{name} {op} {converted}{font(to + base)}"):
            d = explain(ans, gold)
            assert d.match.equal, (ans, gold, d)
        wrong = f"{name} {op} {mag}{font(rng.choice(others) + base)}"
        d = explain(wrong, gold)
        assert not d.match.equal, (wrong, gold, d)


@lru_cache(maxsize=1)
def _integers() -> list[str]:
    return sorted({r["gold"].strip() for r in read_jsonl(CORPORA / "gsm8k-gpt3.jsonl.gz")
                   if re.fullmatch(r"\d{1,6}", r["gold"].strip())})


@pytest.mark.parametrize("seed", range(2))
def test_named_integer(seed: int) -> None:
    rng = random.Random(seed)
    for gold in rng.sample(_integers(), 40):
        name = rng.choice(["x", "n", "N", r"\text{total}", "T_1"])
        assert explain(f"{name} = {gold}", gold).match.equal, (name, gold)
        assert not explain(f"{name} = {int(gold) + rng.choice([1, 10, 100])}", gold).match.equal, (name, gold)
        # one unknown named twice (case does not matter) against another variable
        assert explain(f"X = {gold}", f"x = {gold}").match.equal, gold
        d = explain(f"y = {gold}", f"x = {gold}")
        assert not d.match.equal and "variable" in d.match.flags, (gold, d)
