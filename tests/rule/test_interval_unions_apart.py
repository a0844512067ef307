"""Two unions of intervals that are other sets (issue 30, judge calls): ``(-\\infty, -5) \\cup (5, \\infty)`` for
``(-\\infty, -3) \\cup (3, +\\infty)`` is a typed ``different`` (:mod:`rlverify.rule.interval_outcome`), so it never
reaches the judge; before, two sides both in interval notation were ``unsure``.

Seeded over the references of the problem sets and dev corpora that read as a plain union of intervals: one finite
end moved is ``different``, whatever the notation (``\\left(``, ``+\\infty``, ``∪``, ``\\cupdot``). Twins, never
``different``: the same set in another notation, and the same ends in other brackets (open or closed may not matter
to the question, as the outcome reader has it); a lone pair ``(2, 5)`` may be a point.
"""

from __future__ import annotations

import glob
import gzip
import json
import random
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.rule.answers.sets import read_set
from rlverify.rule.interval_outcome import _pieces, interval_unions
from rlverify.verdict import Outcome

SEEDS = range(10)
_DATA = Path(__file__).resolve().parents[2] / "data"
_CUPS = ("\\cup", "∪", "\\cupdot")


def _references() -> list[tuple[tuple, ...]]:
    """The pieces (low, high, low closed, high closed) of each reference that is a plain union of intervals."""
    out = set()
    for path in sorted(glob.glob(str(_DATA / "problems" / "*.jsonl.gz")) + glob.glob(str(_DATA / "corpora" / "*.jsonl.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                g = json.loads(line).get("gold")
                if not isinstance(g, str) or "\\infty" not in g or len(g) > 80:
                    continue
                r = read_set(g)
                if r is None or not r.plain or r.pair_like or _pieces(r.tree) is None:
                    continue
                parts = r.tree[1] if r.tree[0] == "cup" else (r.tree,)
                if all(p[1] is None or p[1].lstrip("-").isdigit() for p in parts) \
                        and all(p[2] is None or p[2].lstrip("-").isdigit() for p in parts):
                    out.add(tuple(parts))
    return sorted(out, key=repr)


_REFS = _references()


def _text(parts, rng: random.Random, cup: str | None = None) -> str:
    out = []
    for _, lo, hi, lc, hc in parts:
        left = ("\\left(" if rng.random() < 0.3 else "(") + "-\\infty" if lo is None else ("[" if lc else "(") + lo
        right = rng.choice(("\\infty", "+\\infty")) + ")" if hi is None else hi + ("]" if hc else ")")
        out.append(f"{left}, {right}")
    return (" %s " % (cup or rng.choice(_CUPS))).join(out)


def _ordered(parts) -> bool:
    """Each interval non-empty and the intervals apart, in order (a union as people write one)."""
    ends = [float("-inf") if p[1] is None else int(p[1]) for p in parts], \
        [float("inf") if p[2] is None else int(p[2]) for p in parts]
    return all(lo < hi for lo, hi in zip(*ends)) and all(h < l for h, l in zip(ends[1][:-1], ends[0][1:]))


def _moved(parts, rng: random.Random):
    """One finite end moved, the union still ordered (the reference itself when no move keeps it so)."""
    ends = [(i, k) for i, p in enumerate(parts) for k in (1, 2) if p[k] is not None]
    for _ in range(20):
        i, k = rng.choice(ends)
        p = list(parts[i])
        p[k] = str(int(p[k]) + rng.choice((-3, -2, -1, 1, 2, 3)))
        moved = parts[:i] + (tuple(p),) + parts[i + 1:]
        if _ordered(moved):
            return moved
    return None


def _flipped(parts, rng: random.Random):
    ends = [(i, k) for i, p in enumerate(parts) for k in (1, 2) if p[k] is not None]
    i, k = rng.choice(ends)
    p = list(parts[i])
    p[k + 2] = not p[k + 2]
    return parts[:i] + (tuple(p),) + parts[i + 1:]


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def test_the_data_holds_such_references():
    assert len(_REFS) >= 6


@pytest.mark.parametrize("seed", SEEDS)
def test_a_moved_end_is_different(rule, seed):
    rng = random.Random(seed)
    for parts in rng.sample(_REFS, 4):
        moved = _moved(parts, rng)
        if moved is None:
            continue
        gold, wrong = _text(parts, rng, "\\cup"), _text(moved, rng)
        v = rule.verify(f"Therefore the solution set is $\\boxed{{{wrong}}}$.", gold, "Solve the inequality.")
        assert not v.correct and v.outcome is Outcome.DIFFERENT, (wrong, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_set_and_other_brackets_are_never_different(rule, seed):
    rng = random.Random(seed)
    for parts in rng.sample(_REFS, 4):
        gold = _text(parts, rng, "\\cup")
        for answer in (_text(parts, rng), _text(_flipped(parts, rng), rng)):
            v = rule.verify(f"Therefore the solution set is $\\boxed{{{answer}}}$.", gold, "Solve the inequality.")
            assert v.correct or v.outcome is not Outcome.DIFFERENT, (answer, gold)
            assert interval_unions(answer, gold, None) is Outcome.UNSURE


def test_a_lone_pair_may_be_a_point():
    assert interval_unions("(5, 2)", "(2, 5)", None) is Outcome.UNSURE
    assert interval_unions("(2, 6)", "(2, 5)", None) is Outcome.UNSURE


@pytest.mark.parametrize("seed", SEEDS)
def test_a_point_moved_off_the_set_is_different(seed):
    """``(-\\infty, -2] \\cup \\{2\\}`` for ``a \\le -2 \\text{ or } a = 1`` (hardverify-dev): a union with points."""
    rng = random.Random(seed)
    for parts in rng.sample(_REFS, 3):
        top = max(int(p[2]) if p[2] is not None else int(p[1]) if p[1] is not None else 0 for p in parts)
        if any(p[2] is None for p in parts):
            continue               # no point above an interval to infinity
        point = top + rng.randint(2, 5)
        base = _text(parts, rng, "\\cup")
        gold = f"{base} \\cup \\{{{point}\\}}"
        wrong = f"{base} {rng.choice(_CUPS)} \\{{{point + rng.choice((1, 2))}\\}}"
        assert interval_unions(wrong, gold, None) is Outcome.DIFFERENT, (wrong, gold)
        assert interval_unions(f"{base} {rng.choice(_CUPS)} \\{{{point}\\}}", gold, None) is Outcome.UNSURE
    assert interval_unions("(-\\infty,-2] \\cupdot \\{2\\}", "a \\leqslant -2 \\text{ or } a = 1", None) \
        is Outcome.DIFFERENT
