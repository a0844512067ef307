"""The physics families of round 5 (rlverify.analysis.metamorphic.physics_text): an angle in a closing sentence, the quantity
after a lead-in line, several labelled quantities in one box, the unit abbreviated by rules; each with value-changing
near-miss twins, over the real references with a unit (or an angle in degrees)."""
from __future__ import annotations

import random

import pytest

from rlverify.analysis.metamorphic import physics_text as P
from rlverify.analysis import metamorphic as mm
from conftest import applicable_counts, check_generator_families, rule_by_family

EQUIVALENTS = ("angle_prose", "quantity_lead_in", "quantity_pair", "unit_alias")
NEARS = tuple("near_" + f for f in EQUIVALENTS)
FAMILIES = EQUIVALENTS + NEARS


@pytest.fixture(scope="module")
def refs() -> list[mm.Reference]:
    return mm.load_references()


def test_registered_seeded_and_applicable(refs) -> None:
    check_generator_families(FAMILIES, EQUIVALENTS, refs)
    counts = applicable_counts(refs, FAMILIES)
    assert counts["angle_prose"] >= 20 and counts["near_angle_prose"] >= 15, counts       # angles in degrees
    assert all(counts[f] >= 60 for f in FAMILIES if "angle" not in f), counts            # ~136 references with a unit


def test_alias_spellings_are_rules_over_symbols() -> None:
    ureg = P._ureg()
    rng = random.Random(4)
    seen = set()
    for name in ("kilometer / hour", "kilogram", "hour", "meter ** 2", "centimeter ** 3", "newton * meter",
                 "kilowatt * hour", "second", "mile / hour"):
        seen |= set(P.alias_spellings(ureg.parse_units(name), rng, 12))
    for form in ("kmph", "kgs", "hrs", "sq m", "cc", "N·m", "Nm", "mi/hr", "secs"):
        assert form in seen or form.replace(" ", ". ") in seen, (form, sorted(seen))


def test_rule_on_the_families() -> None:
    """Recall >= 0.98 on every equivalent family, no near-miss twin accepted. Before the readers of this round (2,000
    pairs seed 7): angle_prose 0.858 with 6 of 155 twins accepted, quantity_lead_in 0.936 (2 twins), quantity_pair
    0.379 (3 twins), unit_alias 0.922 with 51 of 281 twins accepted (an unknown unit after the box was dropped)."""
    recall, wrong = rule_by_family(mm.generate(800, seed=23, families=FAMILIES))
    for fam in EQUIVALENTS:
        assert recall[fam] >= 0.98, (fam, recall[fam])
    assert wrong == []
