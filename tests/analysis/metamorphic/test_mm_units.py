"""The physics quantity families of the metamorphic generator (rlverify.analysis.metamorphic.units): the unit of a
reference is read from its question or gold with pint, renderings keep the quantity, near-misses change it."""
from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction

import pytest

from rlverify.analysis.metamorphic import units as U
from rlverify.analysis import metamorphic as mm

UNIT_FAMILIES = ("unit_symbol", "unit_word", "unit_prefix", "temperature_scale", "sci_forms", "option_label_unit",
                 "ref_rounded", "near_unit_prefix", "near_exponent", "near_dimension", "near_sig_digit",
                 "near_temperature")


@pytest.fixture(scope="module")
def refs() -> list[mm.Reference]:
    return mm.load_references()


def _ref(question: str, gold: str = "12.5") -> mm.Reference:
    return mm.Reference("t:1", "t", question, gold, gold, None, mm.F.parse(gold), False, None)


@pytest.mark.parametrize("question,unit", [
    (r"What is the constant speed of the trains, in $\mathrm{km} / \mathrm{h}$ ?", "kilometer / hour"),
    ("Compute the star's radius in centimeters.", "centimeter"),
    (r"Please format your answer as $n \times 10^x$, in $\mathrm{~cm}^2/\mathrm{sec}$.", "centimeter ** 2 / second"),
    ("Give your answer in meters per second squared.", "meter / second ** 2"),
    ("Give your answer in units of ergs per second.", "erg / second"),
    ("What was the temperature, in degrees Celsius, in the morning?", "degree_Celsius"),
    (r"At what wavelength is the peak of the emitted radiation? Answer in $\AA$.", "angstrom"),
])
def test_unit_read_from_the_question(question, unit) -> None:
    assert str(U.question_unit(_ref(question))) == unit


@pytest.mark.parametrize("question", [
    "Find the area of the square in units.",          # pint reads 'units' as micro-nit
    "What is the value of $x$ in $T$?",               # a variable in math mode
    "How many letters are in Tim's name?",            # 'Tim': tebi-meter
    "A loss of 40% in Ms. Smith's savings.",          # 'Ms': mega-second
    "Express the answer in terms of $n$.",
])
def test_no_unit_where_the_question_names_none(question) -> None:
    assert U.question_unit(_ref(question)) is None


def test_families_apply_to_real_references(refs) -> None:
    counts = Counter()
    rng = random.Random(0)
    for ref in refs:
        for fam in UNIT_FAMILIES:
            fn = mm.EQUIVALENT.get(fam) or mm.NEAR_MISS[fam]
            if fn(ref, rng, mm.F.CANONICAL) is not None:
                counts[fam] += 1
    assert min(counts[f] for f in UNIT_FAMILIES if "temperature" not in f) >= 50, counts
    assert counts["temperature_scale"] >= 1 and counts["near_temperature"] >= 1, counts
    by_set = Counter(r.dataset for r in refs if U.reference_unit(r) is not None)
    assert by_set["minerva_math"] >= 40 and len(by_set) >= 4, by_set


def test_prefixed_units_are_pint_conversions() -> None:
    ureg = U._ureg()
    for text in ("cm", "kJ/mol", "eV", "m/s", "g/cm**3", "s"):
        u = ureg.parse_units(text)
        opts = U._prefixed(u)
        assert opts, text
        for new, factor in opts:
            assert new.dimensionality == u.dimensionality and new != u
            assert (1 * u).to(new).magnitude == pytest.approx(float(factor), rel=1e-12)


def _number(text: str) -> Fraction:
    """The value of a number as the generator writes it (positional, e-notation or a x 10^n forms)."""
    t = text.replace("{,}", "").replace("\\,", "").replace(",", "").replace(" ", "")
    m = re.fullmatch(r"(-?)(?:([\d.]+)(?:\\times|\\cdot|x|\*|×)|)10\^\{?([-+]?\d+)\}?", t)
    if m:
        return (-1 if m.group(1) else 1) * Fraction(m.group(2) or "1") * Fraction(10) ** int(m.group(3))
    m = re.fullmatch(r"(-?[\d.]+)[eE]([-+]?\d+)", t)
    if m:
        return Fraction(m.group(1)) * Fraction(10) ** int(m.group(2))
    return Fraction(t)


def test_numbers_are_written_exactly() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        v = Fraction(rng.randint(1, 99999), 10 ** rng.randint(0, 6)) * Fraction(10) ** rng.randint(-12, 12)
        text = U._number_text(v, None, rng, sci=0.6)
        assert text is not None and _number(text) == v, (v, text)
        sig = rng.randint(2, 6)
        rounded = U._number_text(v, sig, rng, sci=0.6)
        m, e = U._sci_parts(v, sig)
        assert _number(rounded) == Fraction(m) * Fraction(10) ** e


_LEADING_NUMBER = re.compile(r"-?[\d.]+(?:(?:\\times|\\cdot|x|\*|×)10\^\{?[-+]?\d+\}?|[eE][-+]?\d+)?")


def _leading_number(answer: str) -> Fraction:
    t = answer.replace("\\,\\times\\,", "\\times").replace("{,}", "").replace("\\,", "").replace(",", "")
    return _number(_LEADING_NUMBER.match(t.replace(" ", "")).group(0))


def test_rounded_references_and_their_near_misses(refs) -> None:
    """ref_rounded writes a finer value that rounds (half up) to the reference at its last digit; near_sig_digit
    a value that does not (a wrong digit there, or a finer value rounding to a neighbour)."""
    rng = random.Random(4)
    fine, near = U._ref_rounded, U._near_sig_digit
    checked = Counter()
    for ref in refs:
        got = U._rounded_ref(ref)
        if got is None:
            continue
        exact, _, last = got
        half = Fraction(10) ** last / 2
        for fam, fn in (("ref_rounded", fine), ("near_sig_digit", near)):
            for _ in range(4):
                d = fn(ref, rng, mm.F.CANONICAL)
                if d is None:
                    continue
                v = _leading_number(d.answer)
                rounds = -half <= v - exact < half
                assert rounds == (fam == "ref_rounded"), (fam, ref.gold, d.answer)
                checked[fam] += 1
    assert checked["ref_rounded"] >= 200 and checked["near_sig_digit"] >= 200, checked


def test_exponent_near_misses_change_the_power(refs) -> None:
    rng = random.Random(5)
    n = 0
    for ref in refs:
        d = U._near_exponent(ref, rng, mm.F.CANONICAL)
        if d is not None:
            assert _leading_number(d.answer) != U._number(ref), (ref.gold, d.answer)
            n += 1
    assert n >= 50


def test_seeded(refs) -> None:
    a = mm.generate(400, seed=9, refs=refs, families=UNIT_FAMILIES)
    assert a == mm.generate(400, seed=9, refs=refs, families=UNIT_FAMILIES)
    assert {r["family"] for r in a} == set(UNIT_FAMILIES)


def test_fewer_significant_figures_and_their_near_misses(refs) -> None:
    """sig_fewer writes the reference rounded (half up) to fewer significant digits (>= 3, never at a tie);
    near_sig_fewer the same number of digits with the last one wrong."""
    rng = random.Random(6)
    checked = Counter()
    for ref in refs:
        for wrong in (False, True):
            for _ in range(3):
                got = U._fewer(ref, rng, wrong)
                if got is None:
                    continue
                value, k, _ = got
                exact = U._number(ref)
                m, e = U._sci_parts(exact, k)
                right = Fraction(m) * Fraction(10) ** e
                assert k >= 3 and (value == right) != wrong, (ref.gold, value, k, wrong)
                checked[wrong] += 1
    assert checked[False] >= 10 and checked[True] >= 10, checked


def test_asked_unit_families_keep_or_change_the_quantity(refs) -> None:
    """unit_asked converts a bare reference, its unit asked by the question, to another unit of the dimension
    (pint); near_unit_asked keeps the number with another unit or scales the converted value."""
    ureg = U._ureg()
    rng = random.Random(7)
    n = Counter()
    for ref in refs:
        q = U._asked(ref)
        if q is None:
            continue
        v, u = q
        for new in U._other_units(u):
            assert new.dimensionality == u.dimensionality and str(new) != str(u)
            back = U._convert(U._convert(v, u, new), new, u)
            assert back is not None and abs(float(back - v)) <= 1e-9 * max(1.0, abs(float(v))), (ref.gold, new)
        for fam in ("unit_asked", "near_unit_asked"):
            fn = mm.EQUIVALENT.get(fam) or mm.NEAR_MISS[fam]
            if fn(ref, rng, mm.F.CANONICAL) is not None:
                n[fam] += 1
    assert n["unit_asked"] >= 60 and n["near_unit_asked"] >= 60, n
    assert ureg is not None


# a unit named in a statement is no unit of the answer (the question's request names it): gsm8k-1293 'A company
# produces chocolate in bars.' read as pint's bar (a pressure) gave its near_unit_after_box twin '\boxed{140000}
# square bars' a dimension the question never asks
_STATEMENTS = ("A company produces chocolate in {w}.", "The data were recorded in {w}.", "The parts arrive in {w}.",
               "All lengths are measured in {w}, as usual.")
_ASKS = ("Express your answer in {w}.", "What is the result in {w}?", "Give the answer in {w}.",
         "Subproblem 1: the value in {w}, to 2 decimal places.")
_WORDS = (("bars", "bar"), ("meters", "meter"), ("seconds", "second"), ("grams", "gram"), ("kilometers", "kilometer"))


@pytest.mark.parametrize("seed", [0, 1])
def test_a_statement_names_no_unit(refs, seed) -> None:
    rng = random.Random(seed)
    plain = [r for r in refs if r.dataset == "gsm8k" and U.reference_unit(r) is None][:200]
    assert len(plain) >= 100
    for r in rng.sample(plain, 40):
        word, unit = rng.choice(_WORDS)
        head, _, last = r.question.rstrip().rpartition(". ")
        if not head:
            continue
        stated = f"{head}. {rng.choice(_STATEMENTS).format(w=word)} {last}"
        asked = f"{r.question.rstrip()} {rng.choice(_ASKS).format(w=word)}"
        assert U.question_unit(_ref(stated)) is None, stated[-200:]          # the twin: a statement only
        assert str(U.question_unit(_ref(asked))) == unit, asked[-200:]       # the request names it


def test_the_units_read_before_stay(refs) -> None:
    """The references whose unit the question asks keep it (143 of the 149 read before this rule; the 6 lost are
    statements: 'in second place', 'heights (in cm)' of a variance, 'a fixed time in seconds', 'in bars', a table's
    kg, a column 'in meters' when L is asked)."""
    lost = {r.source for r in refs if U.reference_unit(r) is None} & {
        "gsm8k:1293", "deepscaler-1209:deepscaler-68", "minerva_math:115"}
    assert lost == {"gsm8k:1293", "deepscaler-1209:deepscaler-68", "minerva_math:115"}
    assert sum(U.reference_unit(r) is not None for r in refs) >= 143
