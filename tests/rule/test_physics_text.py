"""Physics answers in closing text (issue 14, round 5): an angle stated in prose keeps what it is measured from
(in math or not, with a degree sign or the word), a symbol in math before '= value' in prose is read with its value."""
from __future__ import annotations

import pytest

import rlverify

V = rlverify.get_verifier("rule", timeout=10.0)


def ok(response: str, gold: str, question: str | None = None) -> bool:
    return bool(V.verify(response, gold, question).correct)


@pytest.mark.parametrize("response", [
    "So the angle is approximately $30\\degree$ above the horizontal.",
    "Therefore the ball makes an angle of $30^{\\circ}$ above the horizontal.",
    "Hence the direction is θ ≈ 30° above the horizontal, as expected.",
    "Thus, $\\theta_0$ = 30 degrees above the horizontal.",
    "The required angle is $\\phi = 30^\\circ$ above the horizontal",
])
def test_angle_in_prose_keeps_its_reference(response: str) -> None:
    gold = "30^\\circ\\text{ above the horizontal}"
    assert ok(response, gold)
    assert ok(response, "30^\\circ")                                   # the reference names none: the angle decides
    assert not ok(response.replace("above", "below"), gold)            # measured from the other side
    assert not ok(response.replace("30", "35"), "30^\\circ")


def test_symbol_then_value_in_prose() -> None:
    assert ok("The required angle is $\\theta$ = 25°", "25^\\circ")
    assert not ok("The required angle is $\\theta$ = 26°", "25^\\circ")


@pytest.mark.parametrize("answer, gold", [
    ("72 \\text{ kmph}", "20\\ \\mathrm{m/s}"), ("72\\text{ kmh}", "72\\ \\mathrm{km/h}"),
    ("5 \\text{ kgs}", "5000\\ \\mathrm{g}"), ("5 \\text{ yrs}", "5\\ \\mathrm{yr}"), ("5 \\text{ gms}", "5\\ \\mathrm{g}"),
    ("5 \\text{ cms}", "0.05\\ \\mathrm{m}"), ("5 \\text{ Kg}", "5\\ \\mathrm{kg}"),
    ("5 \\text{ Nm}", "5\\ \\mathrm{J}"), ("5\\,\\mathrm{N-m}", "5\\ \\mathrm{J}"), ("5\\,\\mathrm{N.m}", "5\\ \\mathrm{J}"),
    ("3 \\text{ kW-hr}", "3\\ \\mathrm{kWh}"), ("3 \\text{ kWhr}", "3\\ \\mathrm{kWh}"),
    ("5 \\text{ sq. m}", "5\\ \\mathrm{m^2}"), ("5 \\text{ sq in}", "5\\ \\mathrm{in^2}"), ("5 \\text{ cc}", "5\\ \\mathrm{cm^3}"),
    ("5 \\text{ cu. cm}", "5\\ \\mathrm{cm^3}"), ("5 \\text{ m2}", "5\\ \\mathrm{m^2}"), ("3 \\text{ mps}", "3\\ \\mathrm{m/s}"),
    ("3 \\text{ kgm/s}", "3\\ \\mathrm{kg\\,m/s}"), ("450 \\text{ J/kgK}", "450\\ \\mathrm{J/(kg\\,K)}"),
    ("8.3 \\text{ J/molK}", "8.3\\ \\mathrm{J\\,mol^{-1}\\,K^{-1}}"), ("5 \\text{ ltrs}", "5\\ \\mathrm{L}"),
    ("74 \\text{ Kg}^2", "74\\ \\mathrm{kg^2}"),
])
def test_unit_abbreviations(answer: str, gold: str) -> None:
    assert ok(f"So the answer is $\\boxed{{{answer}}}$.", gold)
    # the same spelling is a unit: the number alone against another unit of the dimension is no longer accepted
    assert not ok(f"So the answer is $\\boxed{{{answer}}}$.", gold.split("\\")[0] + "\\ \\mathrm{mm}")


@pytest.mark.parametrize("response, gold", [
    ("The speed is $\\boxed{72}$ kmph.", "72\\ \\mathrm{m/s}"),          # the unit after the box was dropped
    ("The area is 5 cm3.", "5\\ \\mathrm{m^3}"),
    ("**Final answer: 166 sq. mm**", "166\\ \\mathrm{cm^2}"),
    ("Answer: 1.77e-6 sq m", "1.77e-6\\ \\mathrm{m}"),
])
def test_abbreviated_unit_is_kept(response: str, gold: str) -> None:
    assert not ok(response, gold)


@pytest.mark.parametrize("response, gold, equal", [
    ("Some work.\n\n### Final Answer\n- 20 mg", "20\\ \\mathrm{kg}", False),     # the bullet's unit was dropped
    ("Some work.\n\n### Final Answer\n- 20 kg", "20\\ \\mathrm{kg}", True),
    ("Some work.\n\nAnswer:\n- 15 mm^2", "15\\ \\mathrm{cm^2}", False),
    ("Some work.\n\nSo we get the volume:\n- 40 in³", "40\\ \\mathrm{in^3}", True),
    ("Some work.\n\nTherefore, the area is\n\n- 24 m²", "24\\ \\mathrm{m^2}", True),
    ("Some work.\n\n**The time:**\n\n- 145 min", "145\\ \\mathrm{min}", True),
    ("Work.\n\nThe range is:\n20 mi", "20 \\text{ miles}", True),                # the projectile's range, no bound
    ("Work.\n\nIt lies in the range\n$5$", "5", False),                            # a bound stays a hedge
    ("Work.\n\nTherefore, the required quantity is\n- 2.88e16 1/cm^3", "2.88\\times10^{16}\\ \\mathrm{cm^{-3}}", True),
    ("Work.\n\nThe speed of the car is:\n$v = 12\\,\\mathrm{m/s}$", "12\\ \\mathrm{m/s}", True),
    ("Work.\n\nThe speed of the car is:\n$v = 12\\,\\mathrm{km/s}$", "12\\ \\mathrm{m/s}", False),
])
def test_quantity_after_a_lead_in(response: str, gold: str, equal: bool) -> None:
    assert ok(response, gold) is equal


@pytest.mark.parametrize("box, gold, question, equal", [
    ("v = 3\\,\\mathrm{m/s},\\ a = 2\\,\\mathrm{m/s^2}", "3\\ \\mathrm{m/s}", "Find the speed.", True),   # by dimension
    ("v = 3\\,\\mathrm{m/s},\\ a = 2\\,\\mathrm{m/s^2}", "2\\ \\mathrm{m/s^2}", "Find a.", True),
    ("v = 5\\,\\mathrm{m/s},\\ a = 3\\,\\mathrm{m/s^2}", "3\\ \\mathrm{m/s}", "Find the speed.", False),  # other quantity's
    ("v = 3.1\\,\\mathrm{m/s};\\ a = 2\\,\\mathrm{m/s^2}", "3\\ \\mathrm{m/s}", "Find the speed.", False),
    ("t = 2\\,\\text{min} \\text{ and } F = 5.68\\ \\mathrm{N}", "120\\ \\mathrm{s}", "Find the time.", True),
    ("v_1 = 3\\,\\mathrm{m/s},\\ v_2 = 5\\,\\mathrm{m/s}", "3\\ \\mathrm{m/s}", "Find the speed.", False),  # two: no pick
    ("v = 3\\,\\mathrm{m/s}\\quad a = 2\\,\\mathrm{m/s^2}", "a = 2\\ \\mathrm{m/s^2}, v = 3\\ \\mathrm{m/s}", None, True),
    ("v = 3\\,\\mathrm{m/s},\\ a = 2\\,\\mathrm{m/s^2}", "3\\ \\mathrm{m/s}, 2\\ \\mathrm{m/s^2}", None, True),
    ("v = 3\\,\\mathrm{m/s},\\ a = 2\\,\\mathrm{m/s^2}", "3\\ \\mathrm{m/s}, 5\\ \\mathrm{m/s^2}", None, False),
    ("d_1 = 31.25\\,\\text{m};\\ d_2 = 14\\,\\text{m}", "31.25\\ \\mathrm{m}, 14\\ \\mathrm{m}", None, True),
    ("d_1 = 31.25\\,\\text{m};\\ d_2 = 15\\,\\text{m}", "31.25\\ \\mathrm{m}, 14\\ \\mathrm{m}", None, False),
])
def test_several_labelled_quantities(box: str, gold: str, question: str | None, equal: bool) -> None:
    assert ok(f"Therefore $\\boxed{{{box}}}$.", gold, question) is equal


def test_two_quantities_of_one_unit_are_no_compound() -> None:
    # '2 h 30 min' is one duration; '3 m, 4 m' lists two lengths (it was summed: 7 m matched it)
    assert not ok("So $\\boxed{7\\ \\mathrm{m}}$.", "3\\ \\mathrm{m}, 4\\ \\mathrm{m}")
    assert not ok("So $\\boxed{3\\ \\mathrm{m}, 4\\ \\mathrm{m}}$.", "7\\ \\mathrm{m}")
    assert ok("So $\\boxed{2 \\text{ h } 30 \\text{ min}}$.", "150\\ \\mathrm{min}")


@pytest.mark.parametrize("response, gold, equal", [
    ("So the velocity makes 30° below horizontal.", "30^\\circ\\text{ below the horizontal}", True),   # no article
    ("So the velocity makes 30° below horizontal.", "30^\\circ\\text{ above the horizontal}", False),
    ("The direction is 30° N of E.", "30^\\circ\\text{ north of east}", True),                         # compass letters
    ("The direction is 30° N of E.", "30^\\circ\\text{ south of east}", False),
    ("The answer is $\\boxed{30^\\circ}$ below the horizontal.", "30^\\circ\\text{ below the horizontal}", True),
    ("The answer is $\\boxed{30^\\circ}$ below the horizontal.", "30^\\circ\\text{ above the horizontal}", False),
    ("The answer is $\\boxed{5\\text{ N}}$ (to the left).", "5\\ \\mathrm{N}\\text{ to the left}", True),
    ("The answer is $\\boxed{5\\text{ N}}$ to the left.", "5\\ \\mathrm{N}\\text{ to the right}", False),
    ("The answer is $\\boxed{5\\text{ N}}$ to the left.", "5\\ \\mathrm{N}", True),                   # magnitude asked
])
def test_what_an_angle_or_vector_is_measured_from(response: str, gold: str, equal: bool) -> None:
    assert ok(response, gold) is equal


@pytest.mark.parametrize("response, gold, equal", [
    ("Work.\n\n- v = 3 m/s\n- a = 2 m/s²", "3\\ \\mathrm{m/s}", True),          # a paragraph of bullets: its items
    ("Work.\n\n- v = 3 m/s\n- a = 5 m/s²", "5\\ \\mathrm{m/s}", False),
    ("Work.\n\n- x = 3\n- y = -4", "(3, -4)", True),
    ("Work.\n\n- x = 3\n- y = 4", "(3, -4)", False),
])
def test_a_paragraph_of_bullets(response: str, gold: str, equal: bool) -> None:
    assert ok(response, gold, "Find the speed." if "m/s" in gold else "Find x and y.") is equal


@pytest.mark.parametrize("response, gold, equal", [
    ("The velocity is $v = 12$ m/s directed 30° above the horizontal.", "12\\ \\mathrm{m/s}", True),
    ("The velocity is $v = 12$ km/s directed 30° above the horizontal.", "12\\ \\mathrm{m/s}", False),   # unit kept
    ("The velocity is 12 km/s directed 30° above the horizontal.", "12\\ \\mathrm{m/s}", False),
    ("Dana can travel 36 miles in six hours.", "36", True),        # 'in' is no unit: 'miles in' is no product
])
def test_unit_symbol_before_other_words(response: str, gold: str, equal: bool) -> None:
    assert ok(response, gold, "Find the speed." if "m/s" in gold else "How many miles?") is equal


@pytest.mark.parametrize("response, gold, equal", [
    ("$\\boxed{12\\ \\text{m/s at } 30^\\circ \\text{ above the horizontal}}$", "12\\ \\mathrm{m/s}", True),   # magnitude
    ("$\\boxed{12\\ \\text{m/s at } 30^\\circ \\text{ above the horizontal}}$", "13\\ \\mathrm{m/s}", False),
    ("$\\boxed{12\\ \\text{m/s at } 30^\\circ \\text{ above the horizontal}}$",
     "12\\ \\mathrm{m/s}\\text{ at }30^\\circ\\text{ above the horizontal}", True),
    ("$\\boxed{12\\ \\text{m/s at } 30^\\circ \\text{ above the horizontal}}$",
     "12\\ \\mathrm{m/s}\\text{ at }35^\\circ\\text{ above the horizontal}", False),                         # other angle
    ("The velocity is 12 km/s at 30° above horizontal.", "12\\ \\mathrm{m/s}", False),
    ("The force is 5 N at an angle of 37° N of E.", "5\\ \\mathrm{N}\\text{ at }37^\\circ\\text{ north of east}", True),
    ("The force is 5 N at an angle of 37° N of E.", "5\\ \\mathrm{N}\\text{ at }37^\\circ\\text{ south of east}", False),
])
def test_vector_at_an_angle(response: str, gold: str, equal: bool) -> None:
    assert ok(response, gold, "Find the velocity.") is equal
