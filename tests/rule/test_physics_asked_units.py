"""Physics answers with units (issue 14), the families the unit generator's second round found missed:
a bare reference whose question asks the unit (minerva: 'in $\\mathrm{cm}$', 'in units of eV (to 2 decimal
places)', '(in $\\mathrm{m}\\,\\mathrm{s}^{-1}$)', 'in K?') answered in another unit; fewer significant figures
than the reference (123 kJ or 0.123 MJ for 1.234x10^5 J: the coarser side is the finer one rounded, with >= 3
significant digits as precision.rounded_from_reference asks, never a wrong digit at the answer's own
precision); a one-digit exact reference in
another unit (101.3 kPa for 1 atm, never 101 kPa: hard case hc-037); spellings (siunitx, {\\rm kJ}, ℃,
\\textdegree, degrees Celsius, Gyr, rpm, N⋅m in prose)."""
from __future__ import annotations

import random

import pytest

from rlverify.analysis import metamorphic as mm
from rlverify.rule.compare import compare
from rlverify.rule.verifier import RuleVerifier


@pytest.mark.parametrize("answer,gold,question,equal", [
    # the unit asked by the question, the reference bare
    (r"2.48\times10^{-19}\,\mathrm{J}", "1.55", "Determine in units of eV (to 2 decimal places) the energy of a photon.", True),
    (r"1.55\,\mathrm{keV}", "1.55", "Determine in units of eV (to 2 decimal places) the energy of a photon.", False),
    (r"1.55\,\mathrm{J}", "1.55", "Determine in units of eV (to 2 decimal places) the energy of a photon.", False),
    (r"1.9\ \mathrm{J}", "1.9", r"What is the band gap $E_g$ for this material in eV? Round to 1 decimal place.", False),
    (r"4.5\times10^{26}\,\mathrm{J/s}", "4.5e33", "Give your answer in units of ergs per second, to two significant figures.", True),
    (r"4.5\times10^{33}\,\mathrm{J/s}", "4.5e33", "Give your answer in units of ergs per second, to two significant figures.", False),
    (r"500\text{ nm}", r"5.0\times10^{-7}", "What is the wavelength (in m)?", True),
    (r"500\text{ nm}", r"5.0\times10^{-7}", r"Find the wavelength. Answer in $\mathrm{m}$.", True),
    (r"500\text{ mm}", r"5.0\times10^{-7}", r"Find the wavelength. Answer in $\mathrm{m}$.", False),
    (r"3.2\text{ km/s}", "3200", r"What is the speed (in $\mathrm{m}\,\mathrm{s}^{-1}$)?", True),
    (r"3.2\text{ m/s}", "3200", r"What is the speed (in $\mathrm{m}\,\mathrm{s}^{-1}$)?", False),
    (r"3200\text{ m/s}", "3.2", r"What is the speed in $\mathrm{km\,s^{-1}}$?", True),
    (r"298\text{ K}", "25", "What is the temperature in degrees Celsius?", True),
    (r"25\text{ K}", "25", "What is the temperature in degrees Celsius?", False),
    (r"25^\circ\text{C}", "298", "What is the temperature in K?", True),
    (r"2.88\times10^{10}\,1/\mathrm{m}^3", "2.88e16", r"Express it in units of $1/\mathrm{cm}^3$.", False),
    (r"2.88\times10^{22}\,1/\mathrm{m}^3", "2.88e16", r"Express it in units of $1/\mathrm{cm}^3$.", True),
    (r"2.62\times10^{23}\,\mathrm{eV/mol}", "41.9", r"Round your answer to 1 decimal place, and express it in $\mathrm{~kJ} / \mathrm{mole}$.", True),
    (r"2.72\times10^{23}\,\mathrm{eV/mol}", "41.9", r"Round your answer to 1 decimal place, and express it in $\mathrm{~kJ} / \mathrm{mole}$.", False),
    (r"5\,\mathrm{m}", "5", r"Find $x$ in $m$.", True),                     # math-mode m: no unit asked
    # fewer significant figures than the reference: the reference rounded at the answer's last digit
    (r"1.2\times10^{5}\,\text{J}", r"1.234\times10^5\,\text{J}", None, False),  # two digits: too coarse
    (r"1.23\times10^{5}\,\text{J}", r"1.234\times10^5\,\text{J}", None, True),
    (r"123\,\text{kJ}", r"1.234\times10^5\,\text{J}", None, True),
    (r"0.123\,\text{MJ}", r"1.234\times10^5\,\text{J}", None, True),
    (r"1.24\times10^{5}\,\text{J}", r"1.234\times10^5\,\text{J}", None, False),
    (r"1.3\times10^{5}\,\text{J}", r"1.234\times10^5\,\text{J}", None, False),
    (r"124\,\text{kJ}", r"1.234\times10^5\,\text{J}", None, False),
    (r"1\times10^{5}\,\text{J}", r"1.234\times10^5\,\text{J}", None, False),  # one significant digit
    (r"4.5\,\text{cm}", r"4.49\,\text{cm}", None, False),
    (r"4.487\,\text{cm}", r"4.49\,\text{cm}", None, True),
    (r"1.55\times10^{-19}\,\text{J}", r"0.9674\,\text{eV}", None, True),     # 0.967 eV: 3 digits, converted
    (r"1.5\times10^{-19}\,\text{J}", r"0.9674\,\text{eV}", None, False),    # 0.94 eV: 2 digits
    (r"4.4\,\text{cm}", r"4.49\,\text{cm}", None, False),
    (r"1.52\,\text{eV}", r"1.5\,\text{eV}", None, True),               # a 2-digit measured reference answered finer
    (r"1.5\,\text{eV}", r"1.52\,\text{eV}", None, False),              # coarser than the reference: 2 digits
    (r"1.56\,\text{eV}", r"1.5\,\text{eV}", None, False),
    (r"1.23\times10^{5}", r"1.234\times10^{5}", "What is the energy in joules?", True),
    (r"1.2\times10^{5}", r"1.234\times10^{5}", "What is the energy in joules?", False),
    (r"1.234\times10^{5}", r"1.23\times10^{5}", "What is the energy in J?", True),
    (r"1.224\times10^{5}", r"1.23\times10^{5}", "What is the energy in J?", False),
    (r"1.44\,\text{eV}", r"1.5\,\text{eV}", None, False),
    (r"1.3\times10^{5}", r"1.234\times10^{5}", "What is the energy in joules?", False),
    # a measured integer reference states its units digit (issue 29: precision comes from the reference's written
    # digits): 25.3 m rounds to it, 25.6 m does not
    (r"25.3\,\text{m}", r"25\,\text{m}", None, True),
    (r"25.6\,\text{m}", r"25\,\text{m}", None, False),
    (r"1.25", "1.234", None, False),                                         # no unit: no measured leniency
    # a one-digit exact reference in another unit: four significant digits
    (r"101.3\,\text{kPa}", r"1\text{ atm}", "What is the pressure of the gas?", True),
    (r"101\,\text{kPa}", r"1\text{ atm}", "What is the pressure of the gas?", False),
    (r"101.4\,\text{kPa}", r"1\text{ atm}", "What is the pressure of the gas?", False),
    # spellings
    ("25 ℃", "298 K", None, True),
    (r"27\,\textdegree C", r"300.15\,\mathrm{K}", None, True),
    ("27 degrees Celsius", r"300.15\,\mathrm{K}", None, True),
    ("27 degrees Celsius", r"27\,\mathrm{K}", None, False),
    (r"{\rm 3.2\ kJ}", r"3200\,\mathrm{J}", None, True),
    (r"3.2\ {\rm kJ}", r"3200\,\mathrm{J}", None, True),
    (r"3.2\ {\rm kJ}", r"3200\,\mathrm{kJ}", None, False),
    (r"5\,\mathrm{Gyr}", r"5\times10^9\,\mathrm{yr}", None, True),
    (r"5\,\mathrm{Myr}", r"5\times10^9\,\mathrm{yr}", None, False),
    (r"60\,\mathrm{rpm}", r"2\pi\,\mathrm{rad/s}", None, True),
    (r"6.28\,\mathrm{rpm}", r"6.28\,\mathrm{rad/s}", None, False),
    (r"40\,{\rm in^{3}}", r"40\,\mathrm{in}^{3}", None, True),
    (r"300\,{\rm km\,s^{-1}}", r"3\times10^{5}\,\mathrm{m/s}", None, True),
    ("0.5978 bit⋅sec⁻¹", r"0.5978\ \mathrm{bit\,s^{-1}}", None, True),
    (r"\SI{2.4e-19}{\joule}", r"1.5\,\mathrm{eV}", None, True),
    (r"\qty{4.49}{\milli\meter}", r"4.49\,\mathrm{cm}", None, False),
    ("29 m", r"29\ \mathrm{l}", "How much water, in liters?", False),          # a symbol of another dimension
    ("29 L", r"29\ \mathrm{l}", "How much water, in liters?", True),
    ("0.4 W", "0.4 m", None, False),                  # two bare symbols of two dimensions: units or names, unequal
    ("0.4 m", "0.4 m", None, True),
])
def test_physics_answers(inline, answer, gold, question, equal) -> None:
    assert compare(answer, gold, question).equal is equal


FAMILIES = ("unit_asked", "near_unit_asked", "sig_fewer", "near_sig_fewer", "unit_spelling", "near_unit_spelling")


def test_generated_families_seeded() -> None:
    """Seeded pairs of the six families (references resolved by pint, never corpora rows): every equivalent
    rendering accepted, no near-miss accepted (before these fixes, at seed 11: unit_asked 0.87, sig_fewer 0.00,
    unit_spelling 0.82; 32 of 1,905 near_unit_asked and 4 of 1,500 near_unit_spelling accepted)."""
    rows = mm.generate(600, seed=11, refs=mm.load_references(), families=FAMILIES)
    assert {r["family"] for r in rows} == set(FAMILIES)
    v = RuleVerifier(timeout=10.0)
    res = v.verify_batch([{"response": r["response"], "gold": r["gold"], "question": r["question"]} for r in rows],
                         workers=1)
    wrong = [(r["family"], r["gold"], x.extracted) for r, x in zip(rows, res) if x.correct != r["label"]]
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("seed", range(3))
def test_bare_two_digit_reference_in_a_unit_question_answered_finer(seed: int) -> None:
    """A bare decimal reference to a question that asks for a unit (minerva: '1.6' for 'the diameter ... (in
    $\\mathrm{cm}$)') is a measured value stated to two significant digits: a finer answer rounding (half up) to it
    agrees, with or without the unit; one rounding to a neighbour does not; without a unit asked, no leniency."""
    rng = random.Random(seed)
    asks = (r"Find the diameter of the image (in $\mathrm{cm}$ ) at this focus.", "What is the length in centimeters?",
            r"Find the length. Answer in $\mathrm{cm}$.")
    for _ in range(8):
        g = rng.randint(11, 99)                   # 1.1 .. 9.9: two significant digits
        gold = f"{g // 10}.{g % 10}"
        fine = g * 10 + rng.randint(-5, 4)        # 3 digits rounding half up to the reference
        ans = f"{fine // 100}.{fine % 100:02d}"
        other = g * 10 + rng.choice((-6, -7, 5, 6, 8))   # rounds to a neighbour
        wrong = f"{other // 100}.{other % 100:02d}"
        q = rng.choice(asks)
        assert compare(f"{ans}\\,\\mathrm{{cm}}", gold, q).equal, (ans, gold, q)
        assert compare(ans, gold, q).equal, (ans, gold, q)
        assert not compare(f"{wrong}\\,\\mathrm{{cm}}", gold, q).equal, (wrong, gold, q)
        if ans != gold + "0":
            assert not compare(ans, gold, "What is the value of x?").equal, (ans, gold)


@pytest.mark.parametrize("op,unit_word", [("min", "minutes"), ("max", "minutes"), ("sec", "seconds"), ("lim", "seconds")])
def test_tex_operators_in_a_question_are_no_units(op: str, unit_word: str) -> None:
    """'\\lambda_{\\min}' or '\\sec x' in a question (a solution quoted in a multi-part question, a trigonometric
    expression) names no unit: it was read as minutes / seconds, and a bare number against a reference in metres
    then met an asked unit of another dimension. A unit the question names in words still counts."""
    from rlverify.rule.answers.units import units_in_question

    q = f"Given \\[ x_{{\\{op} }} = \\{op} f(t) \\], find the length in metres."
    assert [u.factors for u in units_in_question(q)] == [(("meter", 1),)], q
    assert compare("12", "12 m", q).equal and compare("12\\text{ m}", "12", q).equal, q
    assert [u.factors[0][0] for u in units_in_question(f"How many {unit_word}? Use \\{op} here.")] == [unit_word[:-1]]


@pytest.mark.parametrize("seed", range(3))
def test_foot_pound_is_work_or_torque(seed: int) -> None:
    """'ft-lb', 'ft·lb', 'lb-ft', 'foot-pounds' (work, torque): the pound is a force there (1 ft·lbf = 1.3558 J); it was
    read as foot times pound-mass and met no joule. A changed value, or a mass·length reference, stays wrong."""
    rng = random.Random(seed)
    for _ in range(6):
        v = rng.randint(2, 400)
        joules = v * 1.3558179483314004
        spelled = rng.choice(("ft-lb", "ft\\cdot lb", "lb-ft", "\\text{ foot-pounds}", "\\ \\mathrm{ft\\,lbf}"))
        assert compare(f"{v} {spelled}", f"{joules:.4g}\\ \\mathrm{{J}}").equal, (v, spelled)
        assert not compare(f"{v} {spelled}", f"{joules * 1.1:.4g}\\ \\mathrm{{J}}").equal, (v, spelled)
        assert not compare(f"{v} {spelled}", f"{v * 0.138255:.4g}\\ \\mathrm{{kg\\,m}}").equal, (v, spelled)
