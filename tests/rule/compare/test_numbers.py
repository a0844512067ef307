"""The number and quantity cells of the typed comparison (rlverify.rule.compare.numbers), generated from parts.

Each row draws a value (a mantissa with its stated digits, a power of ten, a unit), writes the reference one way and
the answer another (an SI prefix, scientific notation, the unit spelled as a word, a label, an approximation sign, an
option of a list the question gives, a bare number in the unit the question asks), and pairs every correct row with
near-miss twins: the same digits under a wrong prefix, and a wrong digit at the reference's stated precision. A rule
that drops a unit, a prefix or a digit, or that handles one form only when nothing else is around it, fails here."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from rlverify.rule.compare import explain
from rlverify.rule.read import read
from rlverify.rule.read.types import Number, Quantity

# (symbol, word, plural word) of units that take SI prefixes
UNITS = [("J", "joule", "joules"), ("W", "watt", "watts"), ("m", "meter", "meters"), ("Pa", "pascal", "pascals"),
         ("g", "gram", "grams"), ("N", "newton", "newtons"), ("V", "volt", "volts")]
PREFIXES = {"k": ("kilo", 3), "M": ("mega", 6), "m": ("milli", -3), "\\mu ": ("micro", -6), "": ("", 0)}
RELATIONS = ["=", "=", r"\approx"]
NAMES = ["W", "P", "x", "F", "E_k", "V_0", r"\Delta x"]
FONTS = [lambda u: f"\\,\\text{{{u}}}", lambda u: f"\\ \\mathrm{{{u}}}", lambda u: f" {u}", lambda u: f"\\,{{\\rm {u}}}"]


def _plain(d: Decimal) -> str:
    """A decimal as a plain literal with its digits as written (no exponent)."""
    return format(d, "f")


def _sci(mantissa: Decimal, exponent: int, rng: random.Random) -> str:
    return rng.choice([f"{mantissa}\\times10^{{{exponent}}}", f"{mantissa} \\times 10^{{{exponent}}}",
                       f"{mantissa}\\cdot 10^{{{exponent}}}", f"{mantissa}e{exponent}"])


def _value(rng: random.Random) -> tuple[Decimal, int]:
    """A mantissa in [1, 10) with 2 to 4 stated digits, the last one non-zero, and a power of ten."""
    digits = rng.randint(2, 4)
    n = rng.randint(10 ** (digits - 1), 10 ** digits - 1)
    if n % 10 == 0:
        n += rng.randint(1, 9)
    return Decimal(n).scaleb(1 - digits), rng.randint(-1, 5)


def _wrong_digit(m: Decimal, rng: random.Random) -> Decimal:
    """The mantissa with its last stated digit changed (a wrong digit at the stated precision)."""
    step = Decimal(1).scaleb(m.as_tuple().exponent)
    wrong = m + step * rng.choice([-3, -2, -1, 1, 2, 3])
    return wrong if wrong > 0 and wrong.normalize() != m.normalize() else m + step


def _quantity(mag: str, prefix: str, unit: tuple[str, str, str], rng: random.Random, word: bool) -> str:
    if word:
        name = PREFIXES[prefix][0] + rng.choice(unit[1:])
        return f"{mag} {name}" if rng.random() < 0.5 else f"{mag}\\ \\text{{{name}}}"
    return mag + rng.choice(FONTS)(prefix + unit[0])


def _rows(seed: int, n: int = 40):
    """(answer, reference, question, correct) rows: each correct row with its near-miss twins."""
    rng = random.Random(seed)
    for _ in range(n):
        unit = rng.choice(UNITS)
        m, e = _value(rng)
        gold = _quantity(_sci(m, e, rng) if rng.random() < 0.6 else _plain(m.scaleb(e)), "", unit, rng, False)
        if rng.random() < 0.4:
            gold = " ".join([rng.choice(NAMES), rng.choice(RELATIONS), gold])
        prefix = rng.choice([p for p in PREFIXES if p])
        shift = PREFIXES[prefix][1]
        word = rng.random() < 0.3 and prefix != "\\mu "

        def answer(mantissa: Decimal, pre: str, sh: int) -> str:
            mag = _sci(mantissa, e - sh, rng) if rng.random() < 0.4 else _plain(mantissa.scaleb(e - sh))
            return _quantity(mag, pre, unit, rng, word and pre != "\\mu ")

        right = answer(m, prefix, shift)
        other = rng.choice([p for p in PREFIXES if PREFIXES[p][1] != shift])
        wrong_prefix = answer(m, other, shift)            # the digits of the right answer under another prefix
        wrong_digit = answer(_wrong_digit(m, rng), prefix, shift)
        form = rng.choice(["bare", "label", "approx", "option", "asked"])
        question = "Find the value."
        if form == "label":
            name = rng.choice(NAMES)
            right, wrong_prefix, wrong_digit = (f"{name} = {x}" for x in (right, wrong_prefix, wrong_digit))
            if "=" in gold or r"\approx" in gold:
                name = gold.split("=")[0].split(r"\approx")[0].strip()
                right, wrong_prefix, wrong_digit = (f"{name} = {x.split('=', 1)[1].strip()}"
                                                    for x in (right, wrong_prefix, wrong_digit))
        elif form == "approx":
            right, wrong_prefix, wrong_digit = (rng.choice([r"\approx ", "about ", "approximately "]) + x
                                                for x in (right, wrong_prefix, wrong_digit))
        elif form == "option":
            values = [right, wrong_prefix, wrong_digit]
            order = rng.sample(range(3), 3)
            listed = [values[i] for i in order]
            letters = "abc"
            question = "Which is the value?\n" + "\n".join(f"({l}) ${v}$" for l, v in zip(letters, listed))
            by_value = {i: letters[order.index(i)] for i in range(3)}
            style = rng.choice([lambda l, v: f"({l})", lambda l, v: l.upper(), lambda l, v: f"({l}) {v}"])
            right, wrong_prefix, wrong_digit = (style(by_value[i], values[i]) for i in range(3))
        elif form == "asked":
            asked = PREFIXES[prefix][0] + unit[2]
            question = f"What is the value, in {asked}?"
            right = _plain(m.scaleb(e - shift))
            wrong_prefix = _plain(m.scaleb(e - PREFIXES[other][1]))
            wrong_digit = _plain(_wrong_digit(m, rng).scaleb(e - shift))
        yield right, gold, question, True, form
        yield wrong_prefix, gold, question, False, form
        yield wrong_digit, gold, question, False, form


@pytest.mark.parametrize("seed", range(6))
def test_numbers_and_quantities_compose(seed: int) -> None:
    failures = []
    for a, g, question, correct, form in _rows(seed):
        d = explain(a, g, question)
        if d.match.equal != correct:
            failures.append((form, a, g, question.splitlines()[0], correct, d.stage))
    assert not failures, failures


@pytest.mark.parametrize("seed", range(3))
def test_a_differing_value_is_a_typed_fact(seed: int) -> None:
    """A near miss of two sure readings is rejected by the number entry itself, finally (never the table's guess)."""
    for a, g, question, correct, form in _rows(seed):
        if correct or form in ("option", "label"):
            continue
        d = explain(a, g, question)
        assert d.stage == "typed:number" and d.final, (a, g, d)


def test_readings() -> None:
    r = read(r"73.4\times10^{3}\,\text{J}")
    assert isinstance(r, Quantity) and r.unit.factors == (("joule", 1),)
    k = read(r"73.4\,\text{kJ}")
    assert isinstance(k, Quantity) and k.unit.factors == (("kilojoule", 1),)     # the prefix stays in the unit
    n = read("3.20")
    assert isinstance(n, Number) and n.last == -2 and n.exact == Decimal("3.2")
    assert read(r"12\%").percent and read("seventeen").exact == 17
    assert read(r"2\pi").exact is None
    assert not read("11t").sure and read(r"11\,\text{t}").sure     # 11 times t, or 11 tonnes: sure only in a unit font
    assert not explain("11t", "11").final                            # a loose reading is no typed fact


@pytest.mark.parametrize("answer,gold,question,equal", [
    ("3.47", r"3.47\times10^{3}\,\text{J}", "What is the work done, in kJ?", True),
    ("3470", r"3.47\times10^{3}\,\text{J}", "What is the work done, in kJ?", False),   # 3470 kJ
    (r"0.5\%", "0.5", None, False),
    (r"50\%", "0.5", None, True),
    ("five", "5", None, True),
    ("3.46", r"2\sqrt{3}", "Round to the nearest hundredth.", True),
    ("3.47", r"2\sqrt{3}", "Round to the nearest hundredth.", False),
    ("3.2", "3.24", None, False),
    ("3.24", "3.2", None, False),
])
def test_number_cases(answer: str, gold: str, question: str | None, equal: bool) -> None:
    assert explain(answer, gold, question).match.equal is equal
