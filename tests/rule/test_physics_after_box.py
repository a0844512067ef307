"""Physics answers, round 4 (issue 14): the unit written after the box belongs to the boxed number (it was dropped,
so ``\\boxed{12}\\,\\mathrm{km/s}`` matched 12 m/s); the value after a symbol of any shape (``R_0 =``,
``s_{\\text{max}} \\simeq``, chains ``= 2 \\times 6\\,\\mathrm{J} = 12\\,\\mathrm{J}``); powers of ten spelled
``10^{+4}``, ``{\\times}``, ``× 10⁻⁸``, ``10^(7)``, ``10**7``, ``·``; an uncertainty ``(3.2 \\pm 0.1)\\times10^{4}``;
SI prefixes as words (megaparsecs, millielectron volts); a rate over the period the question names.
Grids over values, units and placements, each with value-changing twins."""
from __future__ import annotations

import itertools

import pytest

import rlverify
from rlverify.rule.compare import compare
from rlverify.rule.extract import extract_answer

V = rlverify.get_verifier("rule", timeout=10.0)

# (gold, same quantity as LaTeX after the box, as prose after the math, another quantity (LaTeX), (prose))
QUANTITIES = [
    ("12\\ \\mathrm{m/s}", ("12", "\\ \\text{m/s}", "m/s"), ("12", "\\,\\mathrm{km/s}", "km/s")),
    ("3.2\\ \\mathrm{kg}", ("3.2", "\\,\\mathrm{kg}", "kilograms"), ("3.2", "\\ \\text{g}", "grams")),
    ("12\\ \\mathrm{kJ}", ("1.2\\times 10^{4}", "\\ \\text{J}", "joules"), ("1.2\\times 10^{4}", "\\ \\text{kJ}", "kJ")),
    ("4.49\\ \\mathrm{cm}", ("44.9", "\\,\\mathrm{mm}", "millimeters"), ("4.49", "\\,\\mathrm{mm}", "mm")),
    ("1.9\\ \\mathrm{eV}", ("1.9", "\\mathrm{~eV}", "electron volts"), ("1.9", "\\ \\mathrm{MeV}", "megaelectron volts")),
    ("100\\ \\mathrm{pc}", ("0.100", "\\,\\mathrm{kpc}", "kiloparsecs"), ("100", "\\,\\mathrm{kpc}", "megaparsecs")),
    ("300\\ \\mathrm{K}", ("300", "\\,\\mathrm{K}", "K"), ("300", "^{\\circ}\\mathrm{C}", "°C")),
    ("9.8\\ \\mathrm{m/s^2}", ("9.8", "\\,\\mathrm{m\\,s^{-2}}", "m/s^2"), ("9.8", "\\,\\mathrm{m\\,s^{-1}}", "m/s")),
    ("5\\ \\mathrm{s^{-1}}", ("5", "\\ \\frac{1}{\\mathrm{s}}", "1/s"), ("5", "\\,\\mathrm{s}", "seconds")),
]


def _placements(value: str, tex: str, prose: str) -> list[str]:
    return [f"Therefore, the speed is $\\boxed{{{value}}}{tex}$.", f"So\n\\[\n\\boxed{{{value}}}{tex}\n\\]",
            f"Thus $$\\boxed{{{value}}}{tex}$$", f"The answer is $\\boxed{{{value}}}$ {prose}.",
            f"**Final answer:** \\(\\boxed{{{value}}}\\) {prose}", f"The answer is \\boxed{{{value}}} {prose}"]


@pytest.mark.parametrize("gold,same,other", QUANTITIES)
def test_unit_after_the_box(gold, same, other) -> None:
    for resp in _placements(*same):
        assert V.verify(resp, gold).correct, (resp, gold)
    for resp in _placements(*other):
        assert not V.verify(resp, gold).correct, (resp, gold)


@pytest.mark.parametrize("after", ["in total.", "in all, as required", "ways to do it.", "as claimed.", "is the answer"])
def test_words_after_the_box_are_no_unit(after) -> None:
    for v in ("7", "12.5"):
        got = extract_answer(f"So there are $\\boxed{{{v}}}$ {after}")
        assert got.answer == v
        assert V.verify(f"So there are $\\boxed{{{v}}}$ {after}", v).correct


def test_box_with_its_own_unit_or_more_after_it() -> None:
    assert extract_answer("$\\boxed{12\\text{ m}}\\ \\text{(rounded)}$").answer == "12\\text{ m}"
    assert extract_answer("$\\boxed{5} + 3 = 8$").answer == "5"
    assert extract_answer("$\\boxed{x^2}\\ \\text{m}$").answer == "x^2"


SYMBOLS = ["v", "v_0", "v_{\\max}", "R_0", "T_{1/2}", "s_{\\text{max}}", "\\lambda", "\\lambda_{\\max}", "\\Delta E",
           "E_{\\gamma}", "F_{\\text{net}}", "L_\\odot"]


@pytest.mark.parametrize("sym", SYMBOLS)
def test_value_after_a_symbol(sym) -> None:
    gold = "4.49\\ \\mathrm{cm}"
    for rel, boxed in itertools.product(("=", "\\approx", "\\simeq"), (True, False)):
        body = f"{sym} {rel} 4.49\\,\\text{{cm}}"
        resp = f"Hence $\\boxed{{{body}}}$." if boxed else f"Hence ${body}$."
        assert V.verify(resp, gold).correct, resp
        assert V.verify(resp, "4.49").correct, resp
        assert not V.verify(resp.replace("4.49", "4.59"), gold).correct, resp
    chain = f"{sym} = 2 \\times 2.245\\,\\mathrm{{cm}} = 4.49\\,\\mathrm{{cm}}"
    assert V.verify(f"So $\\boxed{{{chain}}}$", gold).correct
    assert not V.verify(f"So $\\boxed{{{chain.replace('= 4.49', '= 4.48')}}}$", gold).correct


SCI = ["{m}\\times 10^{{+{e}}}", "{m} \\times 10^{{0{e}}}", "{m} × 10{sup}", "{m}{{\\times}}10^{{{e}}}", "{m} · 10^{e}",
       "{m}·10^{{{e}}}", "{m} x 10^({e})", "{m}*10**{e}", "({m} \\pm 0.1)\\times 10^{{{e}}}", "({m} ± 0.1) × 10^{e}"]
_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@pytest.mark.parametrize("m,e", [("3.2", 4), ("6.63", 5), ("1.45", 7)])
def test_powers_of_ten_every_spelling(m, e) -> None:
    gold = f"{m}\\times 10^{{{e}}}\\ \\mathrm{{N}}"
    for form in SCI:
        text = form.format(m=m, e=e, sup=str(e).translate(_SUP)) + " N"
        assert compare(text, gold).equal, text
        wrong = form.format(m=m, e=e + 1, sup=str(e + 1).translate(_SUP)) + " N"
        assert not compare(wrong, gold).equal, wrong
        for pos in (f"$\\boxed{{{text}}}$", f"**Final answer:** {text}", f"The answer is {text}."):
            assert V.verify(pos, gold).correct, pos


def test_uncertainty_is_no_second_value() -> None:
    assert compare("(3.2 \\pm 0.1)\\times10^4\\,\\mathrm{N}", "3.2\\times10^4 \\mathrm{N}").equal
    assert compare("3.20 \\pm 0.05\\ \\mathrm{m}", "3.2 m").equal
    assert not compare("(3.3 \\pm 0.1)\\times10^4\\,\\mathrm{N}", "3.2\\times10^4 \\mathrm{N}").equal
    assert not compare("(3.2 \\pm 0.1)\\times10^5\\,\\mathrm{N}", "3.2\\times10^4 \\mathrm{N}").equal
    assert not compare("1 \\pm \\sqrt{2}", "1").equal
    assert not compare("5 \\pm 7\\ \\mathrm{m}", "5 m").equal        # an 'uncertainty' larger than the value


@pytest.mark.parametrize("words,symbol", [("megaparsecs", "Mpc"), ("kiloelectron-volts", "keV"),
                                          ("millielectron volts", "meV"), ("kilonewtons", "kN"),
                                          ("micrograms", "\\mu g"), ("nanoseconds", "ns"), ("megajoules", "MJ")])
def test_prefixes_as_words(words, symbol) -> None:
    assert compare(f"2.5 {words}", f"2.5\\ \\mathrm{{{symbol}}}").equal
    assert not compare(f"2.5 {words}", f"2.5\\ \\mathrm{{{symbol[1:] if len(symbol) > 1 else symbol}}}").equal


@pytest.mark.parametrize("period", ["week", "day", "hour"])
def test_rate_over_the_period_the_question_names(period) -> None:
    q = f"Jeff walks 3 miles each {period}. How many miles does he walk in total?"
    assert V.verify(f"So he walks $\\boxed{{30}}$ miles per {period}.", "30", q).correct
    assert not V.verify(f"So he walks $\\boxed{{31}}$ miles per {period}.", "30", q).correct
    other = "Jeff walks 3 miles. How many miles does he walk in total?"      # no period named: another dimension
    assert not V.verify(f"So he walks $\\boxed{{30}}$ miles per {period}.", "30", other).correct


@pytest.mark.parametrize("gold,finer,neighbour", [
    ("6.3\\times10^{-3}\\ \\mathrm{m}", "6.27\\times10^{-3}\\,\\mathrm{m}", "6.37\\times10^{-3}\\,\\mathrm{m}"),
    ("2.0\\ \\mathrm{s}", "1.96\\ \\mathrm{s}", "2.06\\ \\mathrm{s}"),
    ("0.63\\ \\mathrm{kg}", "0.6349\\,\\text{kg}", "0.6351\\,\\text{kg}"),
    ("4.6\\times10^{-24}\\ \\mathrm{m}", "4.57\\cdot 10^{-24}\\ \\mathrm{m}", "4.65\\cdot 10^{-24}\\ \\mathrm{m}"),
])
def test_two_digit_measured_reference_answered_finer(gold, finer, neighbour) -> None:
    assert compare(finer, gold).equal, finer
    assert not compare(neighbour, gold).equal, neighbour
    bare = gold.split("\\")[0] if "times" not in gold else gold.split("\\ ")[0]
    assert not compare(finer.split("\\,")[0].split("\\ ")[0], bare).equal       # no unit anywhere: no measured reading
    assert not compare("6.3", "6.27").equal and not compare("2.0", "1.96").equal   # never coarser than the reference
    assert not compare("950\\,\\text{J}", "1.0\\times10^3\\,\\text{J}").equal          # 950: two digits (95 tens)


DIRECTED = ["{v}\\,\\mathrm{{m/s}}\\ (\\text{{{d}}})", "{v}\\,\\mathrm{{m/s}},\\ \\text{{directed {d}}}",
            "{v} \\text{{ m/s {d}}}", "{v} m/s ({d})", "{v} m/s, pointing {d}", "{v} m/s {d}"]
OPPOSITE = [("to the right", "to the left"), ("upward", "downward"), ("north", "south"), ("into the page", "out of the page"),
            ("clockwise", "counterclockwise"), ("toward the center", "away from the center"), ("in the +x direction", "in the -x direction")]


@pytest.mark.parametrize("d,opposite", OPPOSITE)
def test_direction_after_a_vector_quantity(d, opposite) -> None:
    for form in DIRECTED:
        text = form.format(v="12", d=d)
        for resp in (f"$\\boxed{{{text}}}$" if "\\" in text else f"**Answer:** {text}", f"So the velocity is ${text}$."
                     if "\\" in text else f"So the velocity is {text}."):
            assert V.verify(resp, "12\\ \\mathrm{m/s}").correct, resp                         # the magnitude asked
            assert V.verify(resp, f"12\\ \\mathrm{{m/s}}\\ \\text{{{d}}}").correct, resp       # the same direction
            assert not V.verify(resp, f"12\\ \\mathrm{{m/s}}\\ \\text{{{opposite}}}").correct, resp   # the opposite one
            assert not V.verify(resp.replace("12", "13"), "12\\ \\mathrm{m/s}").correct, resp


def test_two_digit_reference_with_a_final_zero_is_measured() -> None:
    """A bare decimal reference '4.0' / '0.10' / '1.6' in a question asking for a unit states two significant digits
    (a physics reference is a measurement: minerva's '1.6' for a diameter 'in cm' is 1.56 cm rounded; the metamorphic
    sig_finer family reads it so, and this test said the opposite until the sixth round)."""
    q = "What is the weight of the package, in pounds?"
    assert V.verify("$\\boxed{4.03\\ \\text{lb}}$", "4.0", q).correct
    assert V.verify("$\\boxed{3.97}$ lb", "4.0", q).correct
    assert not V.verify("$\\boxed{4.07\\ \\text{lb}}$", "4.0", q).correct
    assert V.verify("$\\boxed{0.101\\ \\text{lb}}$", "0.10", q).correct
    assert not V.verify("$\\boxed{0.097\\ \\text{lb}}$", "0.10", q).correct      # two digits written: too coarse
    assert V.verify("$\\boxed{1.62\\ \\text{lb}}$", "1.6", q).correct
    assert not V.verify("$\\boxed{1.66\\ \\text{lb}}$", "1.6", q).correct       # rounds to 1.7
    assert not V.verify("$\\boxed{4.03}$", "4.0", "What is the value of $x$?").correct     # no unit asked


ANGLE_REFS = [("above the horizontal", "below the horizontal"), ("north of east", "south of east"),
              ("from the vertical", "from the horizontal"), ("counterclockwise from the +x axis", "clockwise from the +x axis")]


@pytest.mark.parametrize("ref,other", ANGLE_REFS)
def test_angle_with_what_it_is_measured_from(ref, other) -> None:
    for resp in (f"$\\boxed{{37^\\circ\\text{{ {ref}}}}}$", f"So $\\theta = 37^{{\\circ}}\\text{{ {ref}}}$.", f"So $\\theta = 37^{{\\circ}}\\ (\\text{{{ref}}})$.",
                 f"**Final answer:** 37° {ref}", f"The answer is 37° {ref}."):
        assert V.verify(resp, "37^\\circ").correct, resp
        assert V.verify(resp, f"37^\\circ\\text{{ {ref}}}").correct, resp
        assert not V.verify(resp, f"37^\\circ\\text{{ {other}}}").correct, resp
        assert not V.verify(resp.replace("37", "38"), "37^\\circ").correct, resp
