"""A unit the question asks for written as a compound word ('How many kilowatt-hours ...', 'newton-meters',
'light-years', 'foot-pounds') is that unit, seeded: answers in another unit of the same quantity convert, and an
answer in a unit of another dimension ('6 kW' where kilowatt-hours are asked; it was read as 'kilowatt') is wrong."""

from __future__ import annotations

import random

from rlverify.rule.compare import compare

_ASK = [("kilowatt-hours", [("\\text{ kWh}", 1), ("\\text{ Wh}", 1000)], "\\text{ kW}"),
        ("newton-meters", [("\\text{ N m}", 1), ("\\text{ kN m}", 0.001)], "\\text{ N}"),
        ("light-years", [("\\text{ ly}", 1), ("\\text{ light years}", 1)], "\\text{ m/s}"),
        ("foot-pounds", [("\\text{ ft lb}", 1), ("\\text{ ft-lb}", 1)], "\\text{ ft}")]


def test_a_compound_unit_asked_for(inline):
    rng = random.Random(18)
    for _ in range(60):
        ask, forms, wrong = rng.choice(_ASK)
        v = rng.randint(2, 90)
        q = f"How many {ask} does the process take?"
        unit, factor = rng.choice(forms)
        answer = f"{v * factor:g}{unit}"
        assert compare(answer, str(v), q).equal, (answer, v, q)
        assert not compare(f"{v}{wrong}", str(v), q).equal, (wrong, q)
        assert not compare(f"{v + 1}{unit}" if factor == 1 else f"{(v + 1) * factor:g}{unit}", str(v), q).equal
