"""A function's definition against the same function under another variable: ``f(t) = t^2 + 1`` for
``f(x) = x^2 + 1``. Seeded over real polynomial references (math500, deepscaler) written as definitions of f, g or h:
the answer under another letter is equal (typed, no stage table); near-miss twins stay rejected: a coefficient changed,
and a body that keeps the reference's variable beside its own (``f(t) = t^2 + x`` for ``f(x) = x^2 + x``), which the
stage table renamed after parsing and called equal."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rlverify.analysis.attacks import load_problems
from rlverify.rule import RuleVerifier
from rlverify.rule.compare import explain

ROOT = Path(__file__).resolve().parents[3]
_POLY = re.compile(r"(?:[0-9x^+\-\s{}()]|\\frac)+")


def _references() -> list[str]:
    out = set()
    for name in ("math500", "deepscaler-1209"):
        for p in load_problems(ROOT / "data" / "problems" / f"{name}.jsonl.gz"):
            g = p.gold.strip()
            if "x" in g and len(g) < 40 and _POLY.fullmatch(g) and re.search(r"\d", g):
                out.add(g)
    return sorted(out)


def _rename(body: str, letter: str) -> str:
    return re.sub(r"(?<![A-Za-z\\])x(?![A-Za-z])", letter, body)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_definition_under_another_variable(seed):
    rng = random.Random(seed)
    refs = _references()
    assert len(refs) >= 8
    v = RuleVerifier()
    for body in rng.sample(refs, min(12, len(refs))):
        f = rng.choice("fgh")
        letter = rng.choice("tuskyz")
        gold = f"{f}(x) = {body}"
        answer = f"{f}({letter}) = {_rename(body, letter)}"
        d = explain(answer, gold)
        assert d.match.equal and d.stage.startswith("typed:"), (answer, gold, d)
        assert v.verify(f"$\\boxed{{{answer}}}$", gold).correct, (answer, gold)
        digits = [m.start() for m in re.finditer(r"[1-9]", body)]
        i = rng.choice(digits)
        changed = body[:i] + str(int(body[i]) % 9 + 1) + body[i + 1:]
        wrong = f"{f}({letter}) = {_rename(changed, letter)}"
        assert not v.verify(f"$\\boxed{{{wrong}}}$", gold).correct, (wrong, gold)
        xs = [m.start() for m in re.finditer(r"(?<![A-Za-z\\])x(?![A-Za-z])", body)]
        if len(xs) >= 2:     # one occurrence renamed, another kept: a function of two names
            k = xs[rng.randrange(len(xs))]
            merged = _rename(body[:k], letter) + "x" + _rename(body[k + 1:], letter)
            answer = f"{f}({letter}) = {merged}"
            d = explain(answer, gold)
            assert not d.match.equal, (answer, gold, d)
            assert not v.verify(f"$\\boxed{{{answer}}}$", gold).correct, (answer, gold)
