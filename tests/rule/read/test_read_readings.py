"""Readers (rlverify.rule.read): wrappers nest in any order, and the same readers read gold and answer.

The texts are composed by a seeded generator (names x approximation x option label x values), not listed: a reader
that works only when nothing else is around it fails here."""

from __future__ import annotations

import itertools
import random

import pytest

from rlverify.rule.read import read
from rlverify.rule.read.types import Antiderivative, Approx, Expr, Labelled, Number, Option, Quantity, Value

NAMES = ["W", "v", "E_k", r"\Delta \lambda", r"\lambda_{\max}", "F(x)", "T'", r"\mathrm{KE}", "P_f", r"\theta"]
# each value with the leaf it reads as: a number, a quantity (its unit with it), or a value of another kind
VALUES = {"73.4": Number, r"73.4\times10^{3}\,\text{J}": Quantity, r"3.2\ \mathrm{m/s}": Quantity, r"\frac{1}{2}": Number,
          "2x^2+1": Expr, r"10^{-13}\,\text{cm}": Quantity, r"5\,\mathrm{eV}": Quantity, r"\sqrt{2}": Number}
LETTERS = ["(b)", "(B)", "B)"]


def _compose(rng: random.Random) -> tuple[str, list[type]]:
    value = rng.choice(sorted(VALUES))
    text, kinds = value, [VALUES[value]]
    if rng.random() < 0.5:
        name = rng.choice(NAMES)
        op = rng.choice(["=", r"\approx"])
        text = f"{name} {op} {text}"
        kinds = [Labelled] + ([Approx] if op != "=" else []) + kinds
    elif rng.random() < 0.5:
        text = rf"\approx {text}"
        kinds = [Approx] + kinds
    if rng.random() < 0.5:
        text = f"{rng.choice(LETTERS)} {text}"
        kinds = [Option] + kinds
    return text, kinds


def _chain(r) -> list[type]:
    out = []
    while r is not None:
        out.append(type(r))
        r = getattr(r, "inner", None)
    return out


@pytest.mark.parametrize("seed", range(5))
def test_composed_wrappers_read_in_order(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        text, kinds = _compose(rng)
        assert _chain(read(text)) == kinds, text


def test_option_letter_alone() -> None:
    for span in ["B", "(B)", "(b)", r"\text{(B)}", "option (b)", "Option B", "choice C", "the answer is (D)", "[b]"]:
        r = read(span)
        assert isinstance(r, Option) and r.inner is None, span
    for span in ["e", "b", "x", "Bob", "12", "BC"]:
        assert not isinstance(read(span), Option), span


@pytest.mark.parametrize("const", ["C", "c", "K", "C_1", "C_{0}", r"\text{const}", r"\text{constant}", r"\mathrm{C}"])
def test_constant_of_integration(const: str) -> None:
    for expr in [r"\frac{x^2}{2}", r"\ln|x|", r"3 \sin{\left(2 x \right)}", r"-\frac{4 \cos(3x)}{3}"]:
        for text in [f"{expr} + {const}", f"{const} + {expr}"]:
            r = read(text)
            assert isinstance(r, Antiderivative) and r.constant == const, text
    # the symbol of the constant used in the expression itself is no constant of integration
    assert not isinstance(read("C x + C"), Antiderivative)
    assert not isinstance(read("x + 1"), Antiderivative)


def test_no_label_without_a_name() -> None:
    for text in ["x + y = 5", "2 = 2", r"a = b = 3", r"x \leq 3", "x^2 + y^2 = 1"]:
        assert not isinstance(read(text), Labelled), text
    r = read(r"v \approx 3.2\ \mathrm{m/s}")
    assert isinstance(r, Labelled) and isinstance(r.inner, Approx)


def test_reading_is_memoized_and_frozen() -> None:
    a = read(r"W = 73.4\,\text{kJ}")
    assert read(r"W = 73.4\,\text{kJ}") is a
    with pytest.raises(AttributeError):
        a.name = "x"  # type: ignore[misc]


def test_long_and_deep_texts_are_values() -> None:
    assert isinstance(read("(b) " * 300 + "1"), Value)
    deep = "".join(itertools.repeat("x = ", 20)) + "1"
    assert read(deep) is not None
