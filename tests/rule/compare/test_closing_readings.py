"""Closing forms of an answer that the typed readings decide without the stage table (issue 29), generated from the
real references by the metamorphic families (rlverify.analysis.metamorphic), each with its near-miss twins, over
several seeds, compared on both paths (``RLVERIFY_READINGS=readings`` and the default):

* ``aligned_box``: a derivation in an ``aligned`` or one-column ``array`` box, the value on its last line (an array of
  equations is no matrix: :mod:`rlverify.rule.read.matrices`);
* ``aligned_parts``: named values one per line of an ``array`` (the named-values entry);
* ``qualifier``: a value and the range it holds for (``a_n = 3n \\quad (n \\ge 1)``, ``n \\in \\mathbb{N}``,
  :mod:`rlverify.rule.read.qualifiers`); its twin ``near_qualifier`` states a bound (``\\text{at least }12``);
* ``approx_exact``: an approximation and the exact value (``N \\approx 1.75\\times10^{4} (\\text{exactly } 17500)``,
  :mod:`rlverify.rule.read.exact`); twins ``near_approx_only`` (the approximation alone) and ``near_approx_mismatch``;
* ``approx_alone``: only a decimal of an exact value (``\\approx 1.765\\ldots``, ``x \\approx 0.8229``,
  ``2.1320 \\text{ (to the nearest ten-thousandth)}``); twin ``near_approx_alone`` (the decimal off by two units);
* ``prose_box``: a sentence in the box that names other numbers (``6\\text{ points satisfy the condition using the }8
  \\text{ and }1\\text{ given.}``, ``\\text{For }n=3\\text{ (not }6\\text{), }265\\text{ ways ...}``: a sentence, no list
  and no name ``\\text{For }n``); twin ``near_prose``;
* ``frontier_ending``: a heading before the value (``\\text{Result: } 1:2``, ``\\text{Maximum: } \\text{(B)}``,
  :mod:`rlverify.rule.read.headings`); twin ``near_frontier_ending``;
* ``reorder_terms``: the terms of a sum in another order (``12+10\\times t`` for ``10t + 12``: a letter after a sum is
  a variable, no unit); twin ``near_term_sign``;
* ``angle_prose``: a named angle after an approximation sign with its direction (``\\phi \\approx 36^\\circ from the
  vertical``); twin ``near_angle_prose``, and ``angle_direction`` with its twin ``near_angle_direction``
  (``30^\\circ\\ (\\text{with the vertical})`` for ``30^\\circ\\text{ with the horizontal}``: a direction is no
  qualifier and no sentence, the values' directions differ);
* ``ascii`` on the references that are sets of reals (``(0,9) U (9,36)``, ``(3/5, 8/3]``, ``(-oo,0) U {1}``); twins
  ``near_sets_end``, ``near_sets_strict``.

Before these readers the readings path accepted none of ``qualifier`` and ``approx_exact`` and about half of
``aligned_box``. The readings path accepts every row the default path accepts, and no twin on either path.
"""
from __future__ import annotations

import pytest

from rlverify.analysis import metamorphic as mm
from rlverify.rule.extract import extract_answer
from rlverify.rule.reference import reference_readings
from rlverify.rule.sanitize import sanitize

from both_paths import both

FAMILIES = {
    "aligned_box": (),
    "aligned_parts": ("near_aligned_parts",),
    "qualifier": ("near_qualifier",),
    "approx_exact": ("near_approx_only", "near_approx_mismatch"),
    "approx_alone": ("near_approx_alone",),
    "prose_box": ("near_prose",),
    "frontier_ending": ("near_frontier_ending",),
    "reorder_terms": ("near_term_sign",),
    "angle_prose": ("near_angle_prose",),
    "angle_direction": ("near_angle_direction",),
}
# the share of a family's rows the readings path must accept (every row the default path accepts, in any case):
# a sentence in a box that names other numbers is read by views' prose reduction on both paths, which misses some
# ('\\text{Thus exactly }\\frac{61}{243}\\text{ cases work from }10\\text{ to }2' reads the 2 after 'to')
RECALL = {"prose_box": 0.9, "angle_direction": 0.9}
SEEDS = (1, 4, 9)


@pytest.fixture(scope="module")
def refs() -> list[mm.Reference]:
    return mm.load_references()


def _sets_only(rows: list[dict]) -> list[dict]:
    from rlverify.rule.read import read
    from rlverify.rule.read.types import Interval

    return [r for r in rows if isinstance(read(r["gold"].strip().strip("$").strip()), Interval)]


@pytest.mark.parametrize("seed", SEEDS)
def test_ascii_sets_on_both_paths(monkeypatch, refs, seed: int) -> None:
    rows = _sets_only(mm.generate(400, seed=seed, refs=refs, families=("ascii",)))
    rows += mm.generate(30, seed=seed, refs=refs, families=("near_sets_end",))
    rows += mm.generate(30, seed=seed, refs=refs, families=("near_sets_strict",))
    _check(monkeypatch, "ascii", rows, 5)


@pytest.mark.parametrize("seed", SEEDS)
def test_lead_in_before_a_letter_or_alternatives(monkeypatch, refs, seed: int) -> None:
    """``\\text{The value is } \\text{(A)}``, ``\\text{The result is } -12 \\text{ or } -30``: frontier_ending on the
    references that are an option letter or two values joined by a word (the value's own text wrappers)."""
    from rlverify.rule.read import read
    from rlverify.rule.read.types import Items, Option

    def joined(gold: str) -> bool:
        r = read(gold.strip().strip("$").strip())
        return isinstance(r, Option) or isinstance(r, Items) and "\\text" in r.text

    asking = [r for r in refs if joined(r.gold)]
    assert asking
    rows = mm.generate(60, seed=seed, refs=asking, families=("frontier_ending",))
    rows += mm.generate(60, seed=seed, refs=asking, families=("near_frontier_ending",))
    _check(monkeypatch, "frontier_ending", rows, 20)


@pytest.mark.parametrize("seed", SEEDS)
def test_condition_of_a_set_is_no_qualifier(monkeypatch, refs, seed: int) -> None:
    """``2 \\le k < 3, k > 3`` for ``\\{y : y \\ge 2\\} \\backslash \\{3\\}``: a condition after a set of reals is part of
    the set, not a range a formula holds for (the qualifier reader dropped it at 2b1df82: the default path rejected it).
    The sets' own families are another entry's, so only the default path is held to every row here, and no twin may
    pass on either path."""
    rows = [r for fam in ("sets_difference", "sets_interval_ineq")
            for r in mm.generate(60, seed=seed, refs=refs, families=(fam,))]
    rows += mm.generate(40, seed=seed, refs=refs, families=("near_sets_point",))
    missed, accepted = [], []
    for row in rows:
        v = _verdicts(monkeypatch, row)
        if v is None:
            continue
        if row["label"] and not v[1]:
            missed.append((row["gold"], row["response"][-120:]))
        if not row["label"] and any(v):
            accepted.append((row["family"], row["gold"], row["response"][-120:], v))
    assert missed == [], missed[:5]
    assert accepted == [], accepted[:5]


@pytest.mark.parametrize("seed", SEEDS)
def test_bound_in_words_is_no_antiderivative(monkeypatch, refs, seed: int) -> None:
    """``\\text{less than }0`` for ``0`` where the question asks for a general solution (an antiderivative): the words
    are no term the CAS may read past (it was accepted on both paths: the constant-difference check saw ``0``)."""
    from rlverify.rule.answers.question import as_question

    asking = [r for r in refs if as_question(r.question).asks_antiderivative]
    assert asking
    rows = mm.generate(60, seed=seed, refs=asking, families=("near_qualifier",))
    _check(monkeypatch, "near_qualifier", rows, 0)


def _verdicts(monkeypatch, row: dict) -> tuple[bool, bool] | None:
    """(readings path, default path): the extracted span equal to some reading of the reference; None where nothing
    was extracted or the extraction is a hedge (decided before the comparison). Since the stage table was deleted the
    two paths are one, and both places hold its verdict."""
    s = sanitize(row["response"], row["gold"], row["question"])
    ex = extract_answer(s.response)
    if ex.answer is None or ex.hedge:
        return None
    got = any(d.match.equal for gold in reference_readings(s.gold) for d in both(monkeypatch, ex.answer, gold, s.question))
    return got, got


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("seed", SEEDS)
def test_family_and_twins_on_both_paths(monkeypatch, refs, family: str, seed: int) -> None:
    rows = [row for fam in (family, *FAMILIES[family]) for row in mm.generate(40, seed=seed, refs=refs, families=(fam,))]
    _check(monkeypatch, family, rows, 20)


def _check(monkeypatch, family: str, rows: list[dict], least: int) -> None:
    missed, lost, accepted, seen = [], [], [], 0
    for row in rows:
        v = _verdicts(monkeypatch, row)
        if v is None:
            continue
        seen += row["label"]
        if row["label"] and not v[0]:
            missed.append((row["gold"], row["response"][-160:], v))
        if row["label"] and v[1] and not v[0]:
            lost.append((row["gold"], row["response"][-160:], v))
        if not row["label"] and any(v):
            accepted.append((row["family"], row["gold"], row["response"][-160:], v))
    assert seen >= least, seen
    assert lost == [], lost[:5]
    assert not seen or 1 - len(missed) / seen >= RECALL.get(family, 1.0), missed[:5]
    assert accepted == [], accepted[:5]


@pytest.mark.parametrize("seed", SEEDS)
def test_conditions_set_apart_by_a_wide_space(seed: int) -> None:
    """``x < 0 \\quad\\text{or}\\quad x = 1 \\quad\\text{or}\\quad x = 4`` for ``(-\\infty,0) \\cup \\{1,4\\}``: two assignments
    set apart by a wide space that the set reader reads whole are one set of reals, not several labelled parts (found
    by test_condition_of_a_set_is_no_qualifier[4] once the table was deleted); another point is a near miss."""
    import random

    from rlverify.rule.compare import explain

    rng = random.Random(seed)
    for _ in range(6):
        b = rng.randint(-5, 5)
        p, r = sorted(rng.sample(range(b + 1, b + 20), 2))
        gold = f"(-\\infty,{b}) \\cup \\{{{p},{r}\\}}"
        sep = rng.choice(("\\quad\\text{or}\\quad", "\\qquad\\text{or}\\qquad", "\\quad \\text{or} \\quad"))
        answer = f"x < {b} {sep} x = {p} {sep} x = {r}"
        assert explain(answer, gold).match.equal, (answer, gold)
        near = f"x < {b} {sep} x = {p} {sep} x = {r + 1}"
        assert not explain(near, gold).match.equal, (near, gold)
