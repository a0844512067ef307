"""answers.units and answers.quantity: whitelisted pint units, quantities, angles, clock times."""

from __future__ import annotations

import pytest

from rlverify.rule.answers import Match
from rlverify.rule.answers import quantity as qt
from rlverify.rule.answers import units


@pytest.mark.parametrize("text,factors,kind", [
    ("km/h", (("kilometer", 1), ("hour", -1)), "physical"),
    (r"\text{m/s}", (("meter", 1), ("second", -1)), "physical"),
    ("kJ/mol", (("kilojoule", 1), ("mole", -1)), "physical"),
    ("cm^{2}", (("centimeter", 2),), "physical"),
    (r"^\circ C", (("degree_Celsius", 1),), "physical"),
    (r"\Omega", (("ohm", 1),), "physical"),
    (r"k\Omega", (("kiloohm", 1),), "physical"),
    (r"\%", (("percent", 1),), "percent"),
    (r"\$", (("dollar", 1),), "money"),
    ("square feet", (("foot", 2),), "physical"),
    ("miles per hour", (("mile", 1), ("hour", -1)), "physical"),
    (r"^{\circ}", (("degree", 1),), "angle"),
    ("J/(mol K)", (("joule", 1), ("mole", -1), ("kelvin", -1)), "physical"),
])
def test_parse_unit(text, factors, kind):
    spec = units.parse_unit(text)
    assert spec is not None and spec.factors == factors and spec.kind == kind


@pytest.mark.parametrize("text", ["ways", "apples", "x", "m+s", "__import__('os')", "1e400", "km/h; import os",
                                  "meter" * 40, "(((", "", "kg m s A K mol cd"])
def test_unknown_or_hostile_units_are_rejected(text):
    assert units.parse_unit(text) is None


def test_pint_expression_parser_is_never_used(monkeypatch):
    ureg = units.registry()

    def boom(*a, **k):
        raise AssertionError("raw text reached pint's expression parser")

    monkeypatch.setattr(type(ureg), "parse_expression", boom)
    units.parse_unit.cache_clear()
    a, b = units.parse_unit("minutes"), units.parse_unit("hours")
    assert units.convert(150, a, b) == pytest.approx(2.5)


def test_convert_offsets_and_mismatch():
    c, f, k = units.parse_unit("degC"), units.parse_unit("degF"), units.parse_unit("K")
    assert units.convert(100, c, f) == pytest.approx(212)
    assert units.convert(0, c, k) == pytest.approx(273.15)
    assert units.convert(1, units.parse_unit("m"), units.parse_unit("s")) is None
    assert units.convert(1, units.parse_unit("dollar"), units.parse_unit("euro")) is None


def test_units_in_question():
    got = units.units_in_question("A car drives 30 miles in 40 minutes. What is its speed in km/h?")
    names = {u.factors for u in got}
    assert (("mile", 1),) in names and (("minute", 1),) in names and (("kilometer", 1), ("hour", -1)) in names
    assert units.units_in_question(None) == []


@pytest.mark.parametrize("text,mag,unit", [
    (r"12\text{ cm}^2", "12", (("centimeter", 2),)),
    (r"\$1{,}200.50", "1200.50", (("dollar", 1),)),
    (r"60^\circ", "60", (("degree", 1),)),
    ("60°", "60", (("degree", 1),)),
    (r"1.5\times10^{3}\text{ J}", r"1.5\times10^{3}", (("joule", 1),)),
    (r"-5^{\circ}\mathrm{C}", "-5", (("degree_Celsius", 1),)),
    (r"\frac{\pi}{3}", r"\frac{\pi}{3}", None),
])
def test_parse_quantity(text, mag, unit):
    q = qt.parse_quantity(text)
    assert q is not None and q.magnitude == mag
    assert (q.unit.factors if q.unit else None) == unit


def test_compound_quantities():
    q = qt.parse_quantity(r"2 \text{ hours } 30 \text{ minutes}")
    assert q is not None and float(q.magnitude) == pytest.approx(2.5) and q.unit.factors == (("hour", 1),)
    q = qt.parse_quantity(r"30^\circ 15'")
    assert q is not None and float(q.magnitude) == pytest.approx(30.25)


def test_not_quantities():
    for text in (r"18\text{ ways}", "x+1", r"\text{seven}", "(1, 2)"):
        assert qt.parse_quantity(text) is None or qt.parse_quantity(text).unit is None


def test_one_letter_unit_may_be_a_variable():
    # "4t" is 4 times t unless the unit is set off by \text or the question speaks of tonnes
    assert qt.align("4t", "4", "Simplify 2t + 2t.") is None
    al = qt.align(r"4\text{ t}", "4", None)
    assert al is not None and not isinstance(al, Match)


def test_align_vetoes_and_conversions():
    m = qt.align(r"5\text{ m}", r"5\text{ s}", None)
    assert isinstance(m, Match) and not m.equal and "unit_mismatch" in m.flags
    al = qt.align(r"150\text{ minutes}", r"2.5\text{ hours}", None)
    assert isinstance(al, qt.Aligned) and al.converted and al.answer_value == pytest.approx(2.5)
    al = qt.align(r"72\text{ m/s}", "72", "What is its speed in km/h?")
    assert isinstance(al, qt.Aligned) and al.decisive and al.answer_value == pytest.approx(259.2)


def test_angles_need_context():
    assert qt.align(r"\frac{\pi}{3}", "60", "Evaluate the sum.") is None
    al = qt.align(r"\frac{\pi}{3}", "60", "Find angle A in degrees.")
    assert isinstance(al, qt.Aligned) and al.answer_value == pytest.approx(60)
    al = qt.align(r"\frac{\pi}{3}", r"60^\circ", None)
    assert isinstance(al, qt.Aligned) and al.answer_value == pytest.approx(60)
    assert qt.align(r"\frac{\pi}{3}", "60", "Find angle A in radians.") is None


@pytest.mark.parametrize("a,g,want", [
    ("2:30 pm", "14:30", True), ("2:30 p.m.", "2:30 PM", True), ("2:30 am", "2:30 pm", False),
    ("4:30", "4:30p..", True), ("4:35 pm", "4:30 pm", False),
])
def test_clock(a, g, want):
    m = qt.align(a, g, None)
    assert isinstance(m, Match) and m.equal is want


def test_clock_needs_a_meridiem_and_valid_fields():
    assert qt.parse_clock("25:00") is None and qt.parse_clock("3:75 pm") is None
    assert qt.align("1:2", "1:2", None) is None          # a ratio, not a time


@pytest.mark.parametrize("text,mag,factors", [
    (r"\SI{5}{\meter}", "5", (("meter", 1),)),
    (r"\SI{9.8}{\meter\per\second\squared}", "9.8", (("meter", 1), ("second", -2))),
    (r"\qty{3}{\square\centi\meter}", "3", (("centimeter", 2),)),
    (r"5\,\si{\kilo\gram}", "5", (("kilogram", 1),)),
    (r"\approx 3.5\text{ m}", "3.5", (("meter", 1),)),
])
def test_siunitx_and_approx(text, mag, factors):
    q = qt.parse_quantity(text)
    assert q is not None and q.magnitude == mag and q.unit is not None and q.unit.factors == factors


def test_named_value_on_the_left():
    al = qt.align(r"v = \frac{d}{t} = 20\text{ m/s}", r"72\text{ km/h}", None)
    assert isinstance(al, qt.Aligned) and al.answer_value == pytest.approx(72)
    al = qt.align(r"m\angle ABC = 60^\circ", "60", "Find angle ABC.")
    assert isinstance(al, qt.Aligned) and al.answer == "60"


def test_math_dollars_in_a_question_are_not_money():
    q = r"Find the diameter of the image (in $\mathrm{cm}$ ) if the angle is $45^{\prime \prime}$."
    assert [u.factors for u in units.units_in_question(q)] == [(("centimeter", 1),)]
    assert qt.asked_unit(q, units.parse_unit("mm")).factors == (("centimeter", 1),)


@pytest.mark.parametrize("text,degrees", [
    ("30°15'", 30.25), (r"1^\circ 30^{\prime}", 1.5), (r"0^\circ 0' 36''", 0.01), ("10°30′", 10.5),
])
def test_arc_minutes_and_seconds(text, degrees):
    q = qt.parse_quantity(text)
    assert q is not None and q.unit is not None
    assert units.convert(float(q.magnitude), q.unit, units.parse_unit("deg")) == pytest.approx(degrees)


def test_prime_notation():
    assert units.parse_unit(r"^{\prime\prime}").factors == (("arcsecond", 1),)
    assert units.parse_unit(r"^{\prime}").factors == (("arcminute", 1),)


@pytest.mark.parametrize("text,mag", [("1.2 x 10^5 Pa", r"1.2\times 10^{5}"), ("3.0e8 m/s", r"3.0\times 10^{8}"),
                                      ("1.2*10^-5 m", r"1.2\times 10^{-5}"), (r"2.5\times 10^14\,\mathrm{Hz}", r"2.5\times 10^{14}")])
def test_plain_text_scientific_notation(text, mag):
    q = qt.parse_quantity(text)
    assert q is not None and q.magnitude == mag and q.unit is not None


def test_contradictory_chain_is_not_read():
    m = qt.align(r"\theta = 61^\circ = 60^\circ", "60", "Find angle A.")
    assert isinstance(m, Match) and not m.equal and "contradiction" in m.flags
    assert not isinstance(qt.align(r"x = 2 + 3 = 5\text{ m}", "5 m", None), Match)


def test_percent_against_a_proportion_is_never_blind_100x():
    from rlverify.rule.compare import compare
    assert not compare(r"0.5\%", r"\frac12").equal
    assert not compare(r"1\%", "1").equal
    assert compare(r"50\%", r"\frac12").equal
    assert compare(r"100\%", "1").equal
    assert compare(r"0.25\%", "0.0025").equal
    assert compare(r"0.5\%", "0.5", "What percent of the students own a dog?").equal
    assert compare(r"25\%", "25").equal            # a gold above 1 is the percent number itself
