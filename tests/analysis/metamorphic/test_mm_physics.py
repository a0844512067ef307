"""The physics families of round 4 (rlverify.analysis.metamorphic.physics): a unit written after the box, the value with its
symbol (and a short chain), the power of ten in every spelling, the unit in other SI units of its dimension; each
with value-changing near-miss twins, over the real references with a unit."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from rlverify.analysis.metamorphic import physics as P
from rlverify.analysis import metamorphic as mm
from conftest import applicable_counts, check_generator_families, rule_by_family

EQUIVALENTS = ("unit_after_box", "quantity_symbol", "sci_spelling", "unit_derived", "sig_finer", "direction_qualifier",
               "angle_direction")
NEARS = ("near_unit_after_box", "near_quantity_symbol", "near_sci_spelling", "near_unit_derived", "near_sig_finer",
         "near_direction_qualifier", "near_angle_direction")
FAMILIES = EQUIVALENTS + NEARS


@pytest.fixture(scope="module")
def refs() -> list[mm.Reference]:
    return mm.load_references()


def test_registered_seeded_and_applicable(refs) -> None:
    check_generator_families(FAMILIES, EQUIVALENTS, refs)
    counts = applicable_counts(refs, FAMILIES)
    # ~130 references carry a unit; ~37 are powers of ten; 5 are in a derived SI unit (N, J, W, Pa, ...)
    assert all(counts[f] >= 120 for f in FAMILIES if "after_box" in f or "symbol" in f), counts
    assert counts["direction_qualifier"] >= 60 and counts["near_direction_qualifier"] >= 60, counts   # vector quantities
    assert counts["angle_direction"] >= 20 and counts["near_angle_direction"] >= 20, counts           # angles in degrees
    assert counts["sig_finer"] >= 10 and counts["near_sig_finer"] >= 10, counts       # two-digit decimals with a unit
    assert counts["sci_spelling"] >= 30 and counts["near_sci_spelling"] >= 30, counts
    assert counts["unit_derived"] >= 4 and counts["near_unit_derived"] >= 4, counts


def test_unit_after_box_writes_the_unit_outside_the_box(refs) -> None:
    rows = mm.generate(300, seed=2, refs=refs, families=("unit_after_box", "near_unit_after_box"))
    for r in rows:
        tail = r["response"].rsplit("\\boxed{", 1)[1]
        box, after = tail.split("}", 1) if "{" not in tail.split("}", 1)[0] else (tail, tail)
        assert any(c.isalpha() for c in after.split("\n")[0] + after), r["response"][-120:]
    kinds = Counter(("$ " in r["response"][-60:] or "\\) " in r["response"][-60:], "\\[" in r["response"][-80:])
                    for r in rows)
    assert len(kinds) >= 3                       # after the math, in the same math, in a display


def test_sci_spelling_varies(refs) -> None:
    rows = mm.generate(300, seed=4, refs=refs, families=("sci_spelling",))
    text = " ".join(r["response"][-80:] for r in rows)
    for form in ("\\pm", "10^{+", "⁻", "·", "{\\times}", "**"):
        assert form in text, form


def test_derived_unit_keeps_the_dimension() -> None:
    ureg = P._ureg()
    rng = random.Random(3)
    for name in ("newton", "joule", "watt", "pascal", "kilojoule", "kilonewton", "joule / mole"):
        u = ureg.parse_units(name)
        for _ in range(10):
            new = P._derived(u, rng)
            assert new is not None and new.dimensionality == u.dimensionality
            assert abs((1 * u).to(new).magnitude - 1) < 1e-9
            assert str(new) != str(u)


def test_rule_on_the_families() -> None:
    """Recall >= 0.99 on every equivalent family, no near-miss twin accepted. Before the readers of this round
    (seed 3, 2,400 pairs): unit_after_box 0.903 with 421 of 421 twins accepted (the unit after the box was
    dropped), quantity_symbol 0.765, sci_spelling 0.375; sig_finer 0.505 (seed 3, 400 pairs); direction_qualifier
    0.360 with 32 of 400 twins accepted (seed 7, 800 pairs); angle_direction 0.215, 3 of 200 twins (seed 7, 400)."""
    recall, wrong = rule_by_family(mm.generate(1600, seed=17, families=FAMILIES))
    for fam in EQUIVALENTS:   # (sig_finer had 0.85 here while a bare two-digit reference was read as exact, before 6084150)
        assert recall[fam] >= 0.97, (fam, recall[fam])
    assert wrong == []
