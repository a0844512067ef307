"""Exact numbers without a CAS (rlverify.rule.answers.numbers)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rlverify.rule.answers.numbers import MAX_EXPONENT, Num, numbers_equal, parse_number


@pytest.mark.parametrize(
    "text,value",
    [
        ("12", Fraction(12)),
        ("-3", Fraction(-3)),
        ("+3", Fraction(3)),
        ("0.25", Fraction(1, 4)),
        (".5", Fraction(1, 2)),
        ("1,000,000", Fraction(1_000_000)),
        ("1,234.5", Fraction(12345, 10)),
        (r"\frac{3}{4}", Fraction(3, 4)),
        (r"-\frac{3}{4}", Fraction(-3, 4)),
        (r"\frac{-3}{4}", Fraction(-3, 4)),
        ("3/4", Fraction(3, 4)),
        (r"2\frac{1}{3}", Fraction(7, 3)),
        (r"2 \frac{1}{3}", Fraction(7, 3)),
        (r"3\times10^{5}", Fraction(300000)),
        (r"2.5 \cdot 10^{-3}", Fraction(1, 400)),
        ("3e5", Fraction(300000)),
        ("1.5E-2", Fraction(3, 200)),
        (r"10^{-20}", Fraction(1, 10**20)),
        (r"\$31800", Fraction(31800)),
        (r"-\$5", Fraction(-5)),
        (r"0.\overline{6}", Fraction(2, 3)),
        (r"0.1\overline{6}", Fraction(1, 6)),
        (r"1.\overline{142857}", Fraction(8, 7)),
    ],
)
def test_parse(text: str, value: Fraction) -> None:
    n = parse_number(text)
    assert n is not None and n.value == value


@pytest.mark.parametrize("text", ["x", "1,2", "12,34", r"\sqrt{2}", "3x", r"\frac{1}{0}", "1/0", "", "10^{x}", "1.2.3"])
def test_not_a_plain_number(text: str) -> None:
    assert parse_number(text) is None


def test_exponent_cap() -> None:
    assert parse_number(f"1e{MAX_EXPONENT}") is not None
    assert parse_number(f"1e{MAX_EXPONENT + 1}") is None


def test_percent() -> None:
    p = parse_number(r"50\%")
    assert p == Num(Fraction(50), percent=True)
    assert numbers_equal(p, Num(Fraction(1, 2)))
    assert numbers_equal(p, Num(Fraction(50)))
    assert not numbers_equal(Num(Fraction(50)), Num(Fraction(1, 2)))  # never a blind x == 100x
    assert not numbers_equal(p, Num(Fraction(5)))


def test_decimal_flag() -> None:
    assert parse_number("0.50").decimal and not parse_number("1/2").decimal


def test_based_numerals() -> None:
    from rlverify.rule.answers.numbers import parse_based

    assert parse_based("1604_8") == ("1604", 8)
    assert parse_based("1a_{16}") == ("1A", 16)
    assert parse_based("0101_2") == ("101", 2)
    assert parse_based("19_8") is None  # 9 is not an octal digit
    assert parse_based("x_2") is None and parse_based("a_8") is None
