"""An expression that drops a name the reference depends on (issue 30, judge calls): ``4\\pi a^2`` for
``4\\pi a^2 [\\frac{\\tan(k_0 a)}{k_0 a} - 1]^2`` is a typed ``different`` (:mod:`rlverify.rule.subset_outcome`):
compared as functions of all the reference's names, the two differ. Before, expressions in other sets of free
symbols were never compared and went to the judge.

Seeded over the physics-dev and problem-set references that are expressions in two to four names: the reference with
one of its one-letter names set to a number is ``different``. Twins, never ``different``: the reference itself; a
name the question gives a value (``a = 2`` in the question); a physical constant left out (``\\hbar = 1``: natural
units); an answer that introduces a name of its own (a renamed variable).
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
from rlverify.rule.answers.symbolic import parse_cached
from rlverify.rule.outcome import texty
from rlverify.rule.subset_outcome import dropped_name
from rlverify.rule.unwrapped import _side
from rlverify.verdict import Outcome

SEEDS = range(8)
_DATA = Path(__file__).resolve().parents[2] / "data"


def _letter(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\\A-Za-z]){name}(?![A-Za-z_])")


def _references() -> list[tuple[str, tuple[str, ...]]]:
    """(reference, its one-letter names) for references that are expressions in 2 to 4 names."""
    import sympy

    out = {}
    paths = sorted(glob.glob(str(_DATA / "corpora" / "*.jsonl.gz")) + glob.glob(str(_DATA / "problems" / "*.jsonl.gz")))
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                g = json.loads(line).get("gold")
                side = _side(g.replace("$", " ").strip()) if isinstance(g, str) and len(g) <= 150 else None
                g = side[0] if side is not None and not side[1] else None
                if g is None or g in out or texty(g) or re.search(r"[=<>,;]|\\(?:le|ge|pm|approx)", g):
                    continue
                if re.search(r"\\(?:mathbf|vec|boldsymbol|bm)\s*\{", g):
                    continue      # a vector's symbol in bold: _set cannot put a number in its place ('\\mathbf{(9)}')
                e = parse_cached(g)
                if not isinstance(e, sympy.Expr) or not 2 <= len(e.free_symbols) <= 4 or e.has(sympy.I):
                    continue
                names = tuple(sorted(str(s) for s in e.free_symbols if len(str(s)) == 1 and str(s) not in "ceEhgkIG"
                                     and _letter(str(s)).search(g)))
                if names:
                    out[g] = names
    return sorted(out.items())


_REFS = _references()


def _set(gold: str, name: str, k: int) -> str:
    """The reference with ``name`` set to ``k`` (a product sign where the name followed a factor)."""
    def one(m: re.Match) -> str:
        before = gold[:m.start()].rstrip()
        return f"\\cdot ({k})" if before and (before[-1].isalnum() or before[-1] in "})") else f"({k})"
    return _letter(name).sub(one, gold)


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def test_the_data_holds_such_references():
    assert len(_REFS) >= 15


@pytest.mark.parametrize("seed", SEEDS)
def test_a_dropped_name_is_different(seed, monkeypatch):
    import rlverify.rule.subset_outcome as subset

    monkeypatch.setattr(subset, "_TIMEOUT", 20.0)     # a loaded machine: the CAS reading's bound is not under test
    rng = random.Random(seed)
    for gold, names in rng.sample(_REFS, 5):
        name = rng.choice(names)
        answer = _set(gold, name, rng.choice((7, 9, 11)))
        if name in {str(x) for x in parse_cached(answer).free_symbols}:
            continue                                  # 'RC': the name is still there, a product of two names
        got = dropped_name(answer, gold, "Express the result in terms of the given quantities.", True)
        assert got is Outcome.DIFFERENT, (answer, gold)


def test_the_verifier_asks_it(rule):
    gold = "4\\pi a^2 \\left[ \\frac{\\tan(k_0 a)}{k_0 a} - 1 \\right]^2"      # physics-dev quantum/6034
    for answer in ("4\\pi a^2", "\\pi a^2", "\\frac{4\\pi a^2}{3}"):
        v = rule.verify(f"The result is $\\boxed{{{answer}}}$.", f"\\sigma_t = {gold}", None)
        assert not v.correct and v.outcome is Outcome.DIFFERENT, answer


@pytest.mark.parametrize("seed", SEEDS)
def test_fixed_names_constants_and_new_names_stay_unsure(rule, seed):
    rng = random.Random(seed)
    for gold, names in rng.sample(_REFS, 5):
        name = rng.choice(names)
        v = rule.verify(f"The result is $\\boxed{{{gold}}}$.", gold, None)
        assert v.correct or v.outcome is not Outcome.DIFFERENT, gold
        dropped = _set(gold, name, 2)
        assert dropped_name(dropped, gold, f"Here ${name} = 2$ and the rest is symbolic.", True) is Outcome.UNSURE
        assert dropped_name(_letter(name).sub("w", gold), gold, None, True) is Outcome.UNSURE       # a renamed name
        assert dropped_name(gold, f"\\hbar {gold}" if "\\hbar" not in gold else gold, None, True) is Outcome.UNSURE
        assert dropped_name(dropped, gold, None, False) is Outcome.UNSURE                         # no CAS
