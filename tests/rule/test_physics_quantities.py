"""Physics-style final answers with units (issue 14): units written every way, scientific notation every way,
spelled-out unit names, prefixes, measured decimals, option/part labels; and the value-changing near-misses
(a unit scaled by a power of ten, a wrong exponent, a unit of another dimension, a wrong digit at the
reference's precision). Grids over values, units and writings, not single strings."""
from __future__ import annotations

import itertools

import pytest

from rlverify.rule.answers import rounding
from rlverify.rule.compare import compare
from rlverify.rule.extract import extract_answer

# (symbol of the numerator, of the denominator) for compound units
COMPOUND = [("cm", "s"), ("m", "s"), ("km", "h"), ("J", "mol"), ("kJ", "mol"), ("erg", "s"), ("g", "cm^{3}"),
            ("mol", "L")]
VALUES = ["0.44", "13.1", "2.75", "950", "7.353"]


def _writings(a: str, b: str) -> list[str]:
    inv = b.replace("^{", "^{-") if "^{" in b else f"{b}^{{-1}}"
    return [f"\\,\\frac{{\\text{{{a}}}}}{{\\text{{{b}}}}}", f"\\ \\frac{{\\mathrm{{{a}}}}}{{\\mathrm{{{b}}}}}",
            f" {a}/{b}", f"\\ \\text{{{a}/{b}}}", f" {a}\\cdot {inv}", f"\\,\\mathrm{{{a}\\,{inv}}}",
            f"\\,\\mathrm{{{a}}}\\,\\mathrm{{{inv}}}", f"\\mathrm{{~{a}}} / \\mathrm{{{b}}}"]


@pytest.mark.parametrize("a,b", COMPOUND)
def test_compound_units_every_way(a, b) -> None:
    for v, w in itertools.product(VALUES, _writings(a, b)):
        gold = f"{v}\\ \\mathrm{{{a}/{b}}}"
        assert compare(v + w, gold).equal, (v + w, gold)
        assert not compare(f"{v}0" + w.replace(a, a + "^{2}", 1), gold).equal   # another dimension
    # the number kept, the numerator scaled (cm -> m, kJ -> J ...) is another quantity
    scaled = {"cm": "m", "m": "km", "km": "m", "J": "kJ", "kJ": "J", "g": "kg", "erg": "J", "mol": "mmol"}
    assert not compare(f"2.75\\,\\frac{{\\text{{{scaled[a]}}}}}{{\\text{{{b}}}}}", f"2.75\\ \\mathrm{{{a}/{b}}}").equal


SCI_FORMS = ["{m}e{e}", "{m}E{e:+03d}", "{m}\\times 10^{{{e}}}", "{m} x 10^{e}", "{m}*10^{e}", "{m} × 10^{e}",
             "{m}\\cdot 10^{{{e}}}", "{m}\\,\\times\\,10^{{{e}}}"]
MANTISSAS = [("3.0", 8), ("1.45", -5), ("6.63", -34), ("2.75", 11), ("7.353", 14), ("4.6", -24)]


@pytest.mark.parametrize("m,e", MANTISSAS)
def test_scientific_notation_every_way(m, e) -> None:
    gold = f"{m}e{e}"
    for form in SCI_FORMS:
        assert compare(form.format(m=m, e=e), gold).equal, form.format(m=m, e=e)
        for wrong in (e + 1, e - 1, -e):
            if wrong != e:
                assert not compare(form.format(m=m, e=wrong), gold).equal, form.format(m=m, e=wrong)
    unit = "\\ \\mathrm{m\\,s^{-1}}"
    assert compare(SCI_FORMS[3].format(m=m, e=e) + " m/s", gold + unit).equal
    assert not compare(SCI_FORMS[3].format(m=m, e=e) + " m", gold + unit).equal


@pytest.mark.parametrize("words,symbol", [
    ("electron-volts", "eV"), ("electron volts", "eV"), ("electronvolts", "eV"), ("light years", "ly"),
    ("light-years", "ly"), ("parsecs", "pc"), ("Angstroms", "\\AA"), ("angstroms", "Å"),
    ("unified atomic mass units", "u"), ("amu", "u"), ("solar masses", "M_\\odot"), ("kilograms", "kg"),
    ("joules per mole", "J/mol"), ("meters per second", "m/s"), ("centimeters per second squared", "cm/s^2"),
    ("per cubic centimeter", "cm^{-3}"), ("square centimeters", "cm^2"), ("bushels", "bu"), ("MPH", "mph"),
])
def test_unit_words(words, symbol) -> None:
    for v in ("4.03", "12", "1.5e3"):
        assert compare(f"{v}\\text{{ {words}}}", f"{v}\\ {symbol}").equal
        assert compare(f"{v} {words}", f"{v}\\ {symbol}").equal
        assert not compare(f"1{v}\\text{{ {words}}}", f"{v}\\ {symbol}").equal   # a digit more in front


@pytest.mark.parametrize("answer,gold,equal", [
    (r"1\times10^{-5}\,\text{m}", r"10\,\mu m", True), (r"10\,\mu\text{m}", r"1\times10^{-5}\,\text{m}", True),
    (r"0.702\,\frac{\mathrm{MJ}}{\mathrm{mol}}", r"7.02e5\ \mathrm{J\,mol^{-1}}", True),
    (r"41900\,\frac{\mathrm{J}}{\mathrm{mol}}", r"41.9\ \mathrm{kJ\,mol^{-1}}", True),
    (r"12000\ \mathrm{msec}", r"12\ \mathrm{s}", True), (r"1.2E+07\ \mu\mathrm{sec}", r"12\ \mathrm{s}", True),
    (r"4.6e-24\,\mathrm{cm}", r"4.6e-24\ \mathrm{m}", False), (r"4.6e-24\ \mu\mathrm{m}", r"4.6e-24\ \mathrm{m}", False),
    (r"4.6e-21\,\mathrm{m}", r"4.6e-24\ \mathrm{m}", False), (r"48.57\text{ °C}", r"321.72\text{ K}", True),
    (r"48.57^\circ C", r"321.72 K", True), (r"48.57\text{ K}", r"48.57\text{ °C}", False),
    (r"5\,\text{erg/mol}", r"5\,\text{ergs/mol}", True), (r"2\text{ mole}", r"2\text{ mol}", True),
    (r"100\,\frac{\text{rad}}{\text{s}}", "100", True), (r"100\ \mathrm{rad}\cdot\mathrm{sec}^{-1}", "100", True),
    (r"7200", r"7200\mathrm{MB}", True), (r"50\,\text{MPH}^{2}", r"50\ \mathrm{mph}", False),
])
def test_conversions_and_spellings(answer, gold, equal) -> None:
    assert compare(answer, gold).equal is equal


@pytest.mark.parametrize("answer,gold,equal", [
    (r"73,384\,\text{J}", r"73.4\times10^3\,\text{J}", True), (r"73{,}384\,\text{J}", r"73.4\times10^3\,\text{J}", True),
    (r"73,484\,\text{J}", r"73.4\times10^3\,\text{J}", False), (r"73\times10^3\,\text{J}", r"73.4\times10^3\,\text{J}", False),
    (r"13.07\,\text{m}", r"13.1\,\text{m}", True), (r"13.17\,\text{m}", r"13.1\,\text{m}", False),
    (r"13\,\text{m}", r"13.1\,\text{m}", False), ("3.8882 x 10^-10", "3.89e-10", True),
    ("3.8842 x 10^-10", "3.89e-10", False), ("2446500", "2.45e6", True), ("2456500", "2.45e6", False),
])
def test_a_reference_rounded_to_its_stated_digits(answer, gold, equal) -> None:
    assert compare(answer, gold).equal is equal


SPEED = r"What is the constant speed of the trains, in $\mathrm{km} / \mathrm{h}$ ?"
AREA = "What is the area of the field, in square meters?"


@pytest.mark.parametrize("answer,gold,question,equal", [
    ("85.71", r"\frac{600}{7}", SPEED, True), ("85.7", r"\frac{600}{7}", SPEED, True),
    ("85.714", r"\frac{600}{7}", SPEED, True), ("85.72", r"\frac{600}{7}", SPEED, False),
    ("85.8", r"\frac{600}{7}", SPEED, False), ("86", r"\frac{600}{7}", SPEED, False),
    (r"\frac{600}{7}", "85.71", SPEED, True), ("6366", r"\frac{20000}{\pi}", AREA, True),
    ("6367", r"\frac{20000}{\pi}", AREA, False), ("6400", r"\frac{20000}{\pi}", AREA, False),
    ("1.155", r"\frac{2\sqrt{3}}{3}", AREA, True), ("1.154", r"\frac{2\sqrt{3}}{3}", AREA, False),
    # the policy: four digits stand for an exact value only where the question asks for a measured quantity
    ("1.571", r"\frac{\pi}{2}", "What is the smallest positive k?", False),
    ("85.71", r"\frac{600}{7}", "Compute the value of the fraction.", False),
])
def test_measured_decimals(answer, gold, question, equal) -> None:
    assert compare(answer, gold, question).equal is equal


def test_mantissa_places_are_significant_figures() -> None:
    q = r"Determine the wavelength in m. Please format your answer as $n \times 10^x$, where $n$ is to 2 decimal places."
    assert rounding.requested(q) == rounding.RoundSpec("sig", 3)
    assert compare("1.45e-5", "1.45e-5", q).equal
    assert not compare("1.47e-5", "1.45e-5", q).equal and not compare("5.3e-10", "5.3e-9", q).equal
    assert rounding.requested("Round your answer to 2 decimal places.") == rounding.RoundSpec("places", 2)


def test_a_solved_sub_question_instructs_nothing() -> None:
    q = ("Preamble: two ions bond.\n\nSubproblem 0: Find r_0. Please format your answer as $n \\times 10^x$ where "
         "$n$ is to 1 decimal place.\n\nSolution: $r_0 = \\boxed{3.3e-10}$ m\n\nFinal answer: The final answer is "
         "3.3e-10. I hope it is correct.\n\nSubproblem 1: How much (in percent) is the repulsive contribution?")
    assert rounding.requested(q) is None
    assert not compare("12.58", "12.5", q).equal


@pytest.mark.parametrize("label", ["(b)\\ ", "(b) ", "\\text{(b) }", "(B)~", "\\textbf{(b)} ", "(b)\\quad "])
def test_option_labels_before_a_quantity(label) -> None:
    assert compare(label + r"0.44\,\text{mm}", r"0.44\,\text{mm}").equal
    assert compare(label + r"10^{-13}\,\text{cm}", r"10^{-13}\,\text{cm}").equal
    assert not compare(label + r"0.45\,\text{mm}", r"0.44\,\text{mm}").equal
    parts = "Find (a) the width and (b) the thickness of the film."
    assert compare(label + r"0.44\,\text{mm}", r"0.44\,\text{mm}", parts).equal
    # a question whose options hold values: the option the label names decides
    options = "Which is the thickness? (A) 0.44 mm (B) 0.55 mm (C) 0.66 mm"
    assert not compare(label + "0.55", "0.44", options).equal


@pytest.mark.parametrize("text,value", [
    ("**Answer:** $42 in²$", "42 in²"), ("# Answer\n\n$1.55 MeV$", "1.55 MeV"), ("ANSWER: $20 kg$", "20 kg"),
    ("The answer is $20 mg$.", "20 mg"), ("He paid $5 for apples and $3 for pears, so the answer is 8.", "8"),
    ("Answer: 1e11 years", "1e11 years"), ("So there are 18 ways.", "18"), ("The answer is 5 in total.", "5"), ("Hence we conclude:\n1.95E+03", "1.95E+03"),
    ("The answer is 1.2 x 10^5 m.", "1.2 x 10^5 m"), ("The answer is 3*10^-8", "3*10^-8"),
])
def test_extraction_keeps_units_and_exponents(text, value) -> None:
    assert extract_answer(text).answer == value


@pytest.mark.parametrize("response,gold,equal", [
    ("The answer is 4.49 mm.", r"4.49\ \mathrm{cm}", False), ("**Answer:** 4.49 cm", r"4.49\ \mathrm{cm}", True),
    ("**Answer:** 44.9 mm", r"4.49\ \mathrm{cm}", True), ("Answer: 12 meters", r"12\ \mathrm{m}", True),
    ("Answer: 12 kilometers", r"12\ \mathrm{m}", False), ("So there are 18 ways.", "18", True),
    ("The speed is 12 meters per second, which is fast.", "12 m/s", True),
    ("The speed is 12 meters per hour, which is slow.", "12 m/s", False),
    ("**Answer:** ≈ 44.9 mm", r"4.49\ \mathrm{cm}", True), ("**Answer:** ≈ 4.49 mm", r"4.49\ \mathrm{cm}", False),
    (r"So $v \approx 3.0\times10^{8}\ \mathrm{m/s}$.", "3e8 m/s", True),
    (r"So $v \approx 3.0\times10^{7}\ \mathrm{m/s}$.", "3e8 m/s", False),
])
def test_a_unit_in_words_after_the_value_is_read(response, gold, equal) -> None:
    """A plain-text unit after the value is part of the answer: '4.49 mm' is no 4.49 cm (it was read as 4.49)."""
    from rlverify.rule.verifier import RuleVerifier

    assert RuleVerifier(timeout=30.0).verify(response, gold).correct is equal


@pytest.mark.parametrize("answer,gold,equal", [
    (r"5\,\mathrm{ms^{-1}}", "5 m/s", True), (r"5\ \text{ms}^{-1}", r"5\ \mathrm{m\,s^{-1}}", True),
    (r"5\,\mathrm{ms^{-1}}", "5 m", False), (r"5\,\mathrm{ms^{-1}}", r"5\ \mathrm{Hz}", False),
    (r"3.3\ \mu\text{F}", r"3.3\times10^{-6}\ \mathrm{F}", True), (r"3.3\ \text{nF}", r"3.3\times10^{-6}\ \mathrm{F}", False),
    (r"1.6\times10^{-19}\ \text{C}", r"1.6e-19 C", True), (r"5.0\ \text{V}", r"5.0\ \text{J/C}", True),
    (r"1\ \text{light-year}", r"9.46\times 10^{15}\ \text{m}", True),
    (r"1\ \text{light-year}", r"9.47\times 10^{15}\ \text{m}", False),
    (r"44.96\ \text{mm}", r"4.49\ \text{cm}", False), (r"0.04494\ \text{m}", r"4.49\ \text{cm}", True),
])
def test_meter_per_second_farad_coulomb_and_rounded_conversions(answer, gold, equal) -> None:
    assert compare(answer, gold).equal is equal


@pytest.mark.parametrize("text,value", [
    ("Thus the number we need becomes:\n\n98 ft", "98 ft"), ("Now we find 560 nm²", "560 nm²"),
    ("**Our answer:** 1.325e-27 kg", "1.325e-27 kg"), ("Value - 240 in²", "240 in²"),
    ("So the answer is 4.4677 Hz².", "4.4677 Hz²"), ("Thus we get:\n\n18 ways", "18"),
    ("Thus the result is\n\n12 apples", "12"), ("The answer is 5 in total.", "5"),
])
def test_plain_lines_keep_their_unit(text, value) -> None:
    assert extract_answer(text).answer == value


@pytest.mark.parametrize("line,gold,equal", [
    ("Thus the number we need becomes:\n\n98 ft", r"98\ \mathrm{ft}", True),
    ("Thus the number we need becomes:\n\n98 in", r"98\ \mathrm{ft}", False),
    ("Now we find 560 nm²", r"560\ \mathrm{nm}", False), ("Now we find 560 nm", r"560\ \mathrm{nm}", True),
    ("**Our answer:** 1.325e-27 kg", "1.325e-27", True), ("**Our answer:** 1.325e-27 g", r"1.325e-27\ \mathrm{kg}", False),
])
def test_plain_lines_against_a_quantity(line, gold, equal) -> None:
    from rlverify.rule.verifier import RuleVerifier

    assert RuleVerifier(timeout=30.0).verify(line, gold).correct is equal
