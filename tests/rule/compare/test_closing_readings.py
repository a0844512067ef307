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
  ``2.1320 \\text{ (to the nearest ten-thousandth)}``); twin ``near_approx_alone`` (the decimal off by two units).

Before these readers the readings path accepted none of ``qualifier`` and ``approx_exact`` and about half of
``aligned_box``.
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
}
SEEDS = (1, 4, 9)


@pytest.fixture(scope="module")
def refs() -> list[mm.Reference]:
    return mm.load_references()


def _verdicts(monkeypatch, row: dict) -> tuple[bool, bool] | None:
    """(readings path, default path): the extracted span equal to some reading of the reference; None where nothing
    was extracted or the extraction is a hedge (decided before the comparison)."""
    s = sanitize(row["response"], row["gold"], row["question"])
    ex = extract_answer(s.response)
    if ex.answer is None or ex.hedge:
        return None
    got = [False, False]
    for gold in reference_readings(s.gold):
        for k, d in enumerate(both(monkeypatch, ex.answer, gold, s.question)):
            got[k] = got[k] or d.match.equal
    return got[0], got[1]


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("seed", SEEDS)
def test_family_and_twins_on_both_paths(monkeypatch, refs, family: str, seed: int) -> None:
    rows = [row for fam in (family, *FAMILIES[family]) for row in mm.generate(40, seed=seed, refs=refs, families=(fam,))]
    missed, accepted, seen = [], [], 0
    for row in rows:
        v = _verdicts(monkeypatch, row)
        if v is None:
            continue
        seen += row["label"]
        if row["label"] and not all(v):
            missed.append((row["gold"], row["response"][-160:], v))
        if not row["label"] and any(v):
            accepted.append((row["family"], row["gold"], row["response"][-160:], v))
    assert seen >= 20, seen
    assert missed == [], missed[:5]
    assert accepted == [], accepted[:5]
