"""Values in words the outcome reader did not take (issue 30, judge calls; :mod:`rlverify.rule.word_outcome`): an
ordinal is its number (``16`` for ``15th Day`` is ``different``), and a parity is one of two exclusive values
(``even`` for ``\\text{Any odd number of participants}`` is ``different``).

Seeded over the references of the dev corpora and problem sets that name one parity or hold an ordinal, and the
integer references of the problem sets written as an ordinal day (``the 17th day``). Twins, never ``different``: the
same number or parity in other words, two parities (``odd or even``), a negation (``not odd``).
"""

from __future__ import annotations

import glob
import gzip
import json
import random
import re
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.rule.word_outcome import worded_values
from rlverify.verdict import Outcome

SEEDS = range(8)
_DATA = Path(__file__).resolve().parents[2] / "data"
_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def _golds() -> list[str]:
    out = set()
    for path in sorted(glob.glob(str(_DATA / "problems" / "*.jsonl.gz")) + glob.glob(str(_DATA / "corpora" / "*.jsonl.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            out.update(g for g in (json.loads(line).get("gold") for line in fh) if isinstance(g, str) and len(g) < 150)
    return sorted(out)


_GOLDS = _golds()
_PARITY = [g for g in _GOLDS if len({m.lower() for m in re.findall(r"\b(odd|even)\b", g, re.I)}) == 1
           and not re.search(r"\bnot\b", g)]
_INTEGERS = [int(g) for g in _GOLDS if re.fullmatch(r"[1-9]\d{0,2}", g.strip())]


def _ordinal(n: int, rng: random.Random) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else _SUFFIX.get(n % 10, "th")
    return rng.choice((f"{n}{suffix} Day", f"\\text{{{n}{suffix} day}}", f"{n}^{{{suffix}}}", f"{n}{suffix}"))


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def test_the_data_holds_such_references():
    assert len(_PARITY) >= 3 and "15th Day" in _GOLDS and len(_INTEGERS) >= 50


@pytest.mark.parametrize("seed", SEEDS)
def test_another_number_than_an_ordinal_is_different(rule, seed):
    rng = random.Random(seed)
    for n in rng.sample(_INTEGERS, 6):
        gold = _ordinal(n, rng)
        wrong = n + rng.choice((-2, -1, 1, 3))
        v = rule.verify(f"So it happens on day $\\boxed{{{wrong}}}$.", gold, "On which day does it happen?")
        assert not v.correct and v.outcome is Outcome.DIFFERENT, (wrong, gold)
        v = rule.verify(f"So it happens on day $\\boxed{{{n}}}$.", gold, "On which day does it happen?")
        assert v.correct or v.outcome is not Outcome.DIFFERENT, (n, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_other_parity_is_different(rule, seed):
    rng = random.Random(seed)
    for gold in _PARITY:
        named = re.search(r"\b(odd|even)\b", gold, re.I).group(1).lower()
        other = "even" if named == "odd" else "odd"
        form = rng.choice(("{w}", "\\text{{{w}}}", "\\text{{It is {w}.}}", "\\text{{{W}}}"))
        v = rule.verify(f"The answer: $\\boxed{{{form.format(w=other, W=other.capitalize())}}}$", gold, None)
        assert not v.correct and v.outcome is Outcome.DIFFERENT, (other, gold)
        same = form.format(w=named, W=named.capitalize())
        v = rule.verify(f"The answer: $\\boxed{{{same}}}$", gold, None)
        assert v.correct or v.outcome is not Outcome.DIFFERENT, (same, gold)
        for hedge in (f"{other} or {named}", f"\\text{{not {named}}}", f"\\text{{neither {named} nor {other}}}"):
            assert worded_values(hedge, gold, None) is Outcome.UNSURE, hedge
