"""A function stated with another name for its variable (issue 30, judge calls): ``f(m) = 2m + 2014`` for
``f(n) = 2n + 1007`` is a typed ``different`` (:mod:`rlverify.rule.function_outcome`): the variable's name is no
part of the answer, so the bodies are compared with it renamed; before, the two sides were expressions in different
free symbols and went to the judge.

Seeded over the references of the problem sets and dev corpora that define one function of one variable
(``$f(x)=x+22$``, ``$g(x)=x^2-2x+2$``): another body under a renamed variable is ``different``. Twins, never
``different``: the reference's own body under a renamed variable, and another function's name.
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
from rlverify.rule.function_outcome import _DEFINITION, renamed_function
from rlverify.verdict import Outcome

SEEDS = range(10)
_DATA = Path(__file__).resolve().parents[2] / "data"
_LETTERS = "nmtuxyzk"


def _references() -> list[tuple[str, str, str]]:
    out = set()
    for path in sorted(glob.glob(str(_DATA / "problems" / "*.jsonl.gz")) + glob.glob(str(_DATA / "corpora" / "*.jsonl.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                g = json.loads(line).get("gold")
                m = _DEFINITION.match(g.replace("$", " ").strip()) if isinstance(g, str) and len(g) < 60 else None
                if m and m.group(2) != m.group(1) and not re.search(r"\\[lr]floor", g):
                    out.add(m.groups())
    return sorted(out)


_REFS = _references()


def _renamed(body: str, v: str, w: str) -> str:
    return re.sub(rf"(?<![A-Za-z\\]){v}(?![A-Za-z])", w, body)


def _fresh(name: str, v: str, body: str, rng: random.Random) -> str:
    return rng.choice([c for c in _LETTERS if c not in (name, v) and c not in body])


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def test_the_data_holds_such_references():
    assert len(_REFS) >= 8


@pytest.mark.parametrize("seed", SEEDS)
def test_another_body_under_a_renamed_variable_is_different(rule, seed):
    rng = random.Random(seed)
    for name, v, body in rng.sample(_REFS, 5):
        w = _fresh(name, v, body, rng)
        wrong = rng.choice((f"{body} + {rng.randint(1, 9)}", f"{rng.randint(2, 9)}\\left({body}\\right)",
                            f"{body} - {v}^2"))
        answer = f"{name}({w}) = {_renamed(wrong, v, w)}"
        gold = f"${name}({v})={body}$"
        v_ = rule.verify(f"Hence $\\boxed{{{answer}}}$.", gold, "Find all functions.")
        assert not v_.correct and v_.outcome is Outcome.DIFFERENT, (answer, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_body_and_another_name_are_never_different(rule, seed):
    rng = random.Random(seed)
    for name, v, body in rng.sample(_REFS, 5):
        w = _fresh(name, v, body, rng)
        gold = f"${name}({v})={body}$"
        same = f"{name}({w}) = {_renamed(body, v, w)}"
        v_ = rule.verify(f"Hence $\\boxed{{{same}}}$.", gold, "Find all functions.")
        assert v_.correct or v_.outcome is not Outcome.DIFFERENT, (same, gold)
        other = "h" if name != "h" else "q"
        assert renamed_function(f"{other}({w}) = {_renamed(body, v, w)} + 1", gold, None) is Outcome.UNSURE
