"""The typed readings of one side of a pair (gold or answer: the same types for both).

A :class:`Reading` is a small frozen tree. Wrappers (:class:`Labelled`, :class:`Approx`, :class:`Option`) hold an
inner reading and say something about how the value was written; values (:class:`Antiderivative`, :class:`Number`,
:class:`Quantity`, :class:`Expr`, :class:`Value`) are leaves. Every reading keeps the text it was read from, so that a
wrapper the comparison cannot resolve (an option letter in a question that lists no options) falls back to reading its
text whole.

A leaf module: no imports from the rest of the package.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["Reading", "Labelled", "Approx", "Option", "Antiderivative", "Number", "Quantity", "Expr", "Value",
           "Tuple", "Set", "Items", "WRAPPERS", "NUMERIC", "SEQUENCES", "Relation", "Chain", "Interval",
           "Matrix", "Time", "Ratio", "Text", "Directed", "Remarked", "Continued"]


@dataclass(frozen=True)
class Reading:
    text: str            # the text this reading was read from (cleaned)


@dataclass(frozen=True)
class Labelled(Reading):
    """``W = 73.4\\times10^{3}\\,\\text{J}``, ``F(x) = 2x^2``: a quantity's name, then its value."""
    name: str            # the name's plain key, lower case
    inner: Reading


@dataclass(frozen=True)
class Approx(Reading):
    """``\\approx 3.2``, ``about 3.2``: a value stated as an approximation."""
    inner: Reading


@dataclass(frozen=True)
class Option(Reading):
    """``(b)``, ``B``, ``option (b)``, ``(b) 10^{-13}\\,cm``: an option letter, with the value written after it
    (``inner``) when there is one. It means something only where the question lists that option."""
    letter: str          # upper case
    inner: Reading | None


@dataclass(frozen=True)
class Antiderivative(Reading):
    """``x^2/2 + C``: an expression plus a constant of integration (``C``, ``c``, ``C_1``, ``K``, ``\\text{const}``).
    ``expr`` is the text without the constant."""
    expr: str
    constant: str


@dataclass(frozen=True)
class Number(Reading):
    """``42``, ``-3.20``, ``\\frac{7}{2}``, ``1.5\\times10^{-3}``, ``12\\%``, ``seventeen``, ``2\\pi``: a number without a unit.

    ``exact`` is the value as written (a decimal is the decimal it shows), None for a constant no exact reading holds
    (``2\\pi``, ``\\sqrt{2}``: compared by value); ``last`` is the stated precision, the exponent of the last written
    digit (``3.20`` -> -2, ``73.4\\times10^{3}`` -> 2, ``12`` -> 0), None where the text states none (a fraction,
    words); ``percent``: written with a percent sign (``exact`` is the number before it)."""
    exact: Fraction | None
    last: int | None = None
    percent: bool = False


@dataclass(frozen=True)
class Quantity(Reading):
    """``73.4\\,\\text{kJ}``, ``3.2\\ \\mathrm{m/s}``, ``5 eV``, ``\\$12``: a magnitude and its unit, prefix included.

    ``magnitude`` is the magnitude's text; ``unit`` the unit read into pint's factors
    (:class:`rlverify.rule.answers.units.UnitSpec`, typed loosely here: this module imports nothing). ``sure`` is False
    for a one-letter symbol in no unit font after an integer (``71 W``, ``11t``, ``10k``): a unit, or a variable's name;
    the comparison takes it as a unit only against a sure quantity of the same dimension."""
    magnitude: str
    unit: Any
    sure: bool = True


@dataclass(frozen=True)
class Expr(Reading):
    """``3 x^{2} + 5 x``, ``\\frac{5 e^{3 x}}{3}``, ``\\sqrt{2} - 1``: one mathematical term and nothing else (no relation,
    separator, words, hedge, set or interval notation; :func:`rlverify.rule.read.expressions.is_expression`)."""


@dataclass(frozen=True)
class Value(Reading):
    """A value no reader above applies to: an expression, a set, a tuple...
    compared by the value comparison (:mod:`rlverify.rule.compare`)."""


@dataclass(frozen=True)
class Tuple(Reading):
    """``(45^\\circ, 60^\\circ)``, ``[1, 2, 3]``, ``\\left(1, \\frac{1}{2}\\right)``: an ordered tuple, a point or a vector
    in one pair of brackets of one kind (``(`` ``)`` or ``[`` ``]``), two items or more, no infinite end (an
    interval). A two-item ``(a, b)`` may still be an open interval: the brackets are kept (``left``)."""
    items: tuple[Reading, ...]
    left: str            # "(" or "["


@dataclass(frozen=True)
class Set(Reading):
    """``\\{1, 2, 3\\}``: a finite set written by its members (one or more); no set-builder."""
    items: tuple[Reading, ...]


@dataclass(frozen=True)
class Items(Reading):
    """``\\frac{1}{3}, 1, \\frac{1}{9}``, ``x = 1; y = 2``, ``(1, 2), (3, 4)``: two or more values separated by a
    comma or a semicolon at the top level, no bracket around them (a text that reads as one number, ``1,000``, is a
    :class:`Number`). Whether order matters is the question's (:attr:`rlverify.rule.answers.question.Question.lists_are_sets`).
    ``alternatives``: joined by "or" (``f(x) = x \\text{ or } f(x) = 2 - x``): a solution set against a list, a hedge
    where one value is asked."""
    items: tuple[Reading, ...]
    alternatives: bool = False


WRAPPERS = (Labelled, Approx, Option)
SEQUENCES = (Tuple, Set, Items)
NUMERIC = (Number, Quantity)


@dataclass(frozen=True)
class Relation(Reading):
    """``x + y = 4027``, ``R < 17\\,\\text{km}``, ``\\Delta\\lambda \\sim 5\\times10^{-3}\\,Å``, ``8300\\,m \\equiv 8.3\\,m``:
    two sides and one relation at the top, where the left side is no plain quantity name stated equal to a value
    (that is a :class:`Labelled`). ``op`` is one spelling: ``= < > \\le \\ge \\ne \\approx \\sim \\equiv``."""
    left: Reading
    op: str
    right: Reading


@dataclass(frozen=True)
class Chain(Reading):
    """``P = \\operatorname{erfc}(1) \\approx 0.1573``, ``\\mu = \\frac{BR^2}{2} = 2.75\\,A m^2``: three or more members
    joined by ``=`` and approximation signs. ``last`` is the value stated last, an :class:`Approx` where the sign
    before it is one; ``members`` the readings of the others, in order."""
    members: tuple[Reading, ...]
    ops: tuple[str, ...]
    last: Reading


@dataclass(frozen=True)
class Interval(Reading):
    """``k < -5``, ``(-\\infty, -5)``, ``x \\in [1, 2)``, ``x \\le 0 \\text{ or } x = 2``: a set of reals holding an
    interval, in a notation :func:`rlverify.rule.answers.sets.read_set` reads (never a lone ``(a, b)``: a point as much
    as an interval). ``var``: the variable its conditions name, if any; ``restated``: the decimal a single bound was
    restated as (``n > \\sqrt{2} = 1.414``: ``1.414``, the text being the inequality alone), if any."""
    var: str | None
    restated: str | None = None


@dataclass(frozen=True)
class Matrix(Reading):
    """``\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}``, a column vector ``\\begin{bmatrix} -7 \\\\ 16 \\end{bmatrix}``, a
    sum or product of numeric matrices left unevaluated (read as the matrix it denotes): rows of cells, every row
    of one length, each cell read again."""
    rows: tuple[tuple[Reading, ...], ...]


@dataclass(frozen=True)
class Time(Reading):
    """``4:30 \\text{ p.m.}``, ``11{:}45\\text{ AM}``, ``14:30``: a time of day. ``minutes`` after midnight (a 12-hour
    reading where ``meridiem`` is None and the hour is 12 or less); ``meridiem`` "am", "pm" or None; ``ratio`` the
    hours over the minutes, where the text may as well be a ratio (no meridiem: ``2:10`` and ``1:05`` agree)."""
    minutes: int
    meridiem: str | None
    ratio: Fraction | None = None


@dataclass(frozen=True)
class Ratio(Reading):
    """``20:3``, ``1 : (4/3)``: two terms in a ratio; ``value`` is the reading of their quotient."""
    left: Reading
    right: Reading
    value: Reading


@dataclass(frozen=True)
class Text(Reading):
    """Words (``odd``, ``Petya will receive the last token.``, ``12\\text{ square units}``, ``There are twelve ways.``).
    ``words``: the text folded (case, articles, plural, wrappers); ``states``: the value the text states where it
    states one and nothing that qualifies it (the number before a counted noun, a number in words), else None."""
    words: str
    states: Reading | None = None


@dataclass(frozen=True)
class Directed(Reading):
    """``5\\ \\mathrm{N}\\text{ to the left}``, ``30^\\circ`` below the horizontal, ``12 m/s at 30° N of E``: a value and
    the direction it is given with (canonical words, :func:`rlverify.rule.answers.quantity.closing_direction`)."""
    inner: Reading
    direction: str


@dataclass(frozen=True)
class Remarked(Reading):
    """``42\\text{ (i.e., } 6 \\times 7)``, ``2\\sqrt{3}\\ (\\approx 3.464)``, ``\\frac{1}{2} \\text{ (or } 0.5)``: a value
    and a remark after it that restates or computes that value (:mod:`rlverify.rule.read.remarks`); ``inner`` is the
    value's reading. A remark that bounds, doubts or offers another value is no Remarked (the text stays whole). Also
    a value with words around it that do not change it: the range it holds for (``a_n = 3n \\quad (n \\ge 1)``,
    :mod:`rlverify.rule.read.qualifiers`), a heading before it (``\\text{Result: } 1:2``,
    :mod:`rlverify.rule.read.headings`), its exact value after an approximation (:mod:`rlverify.rule.read.exact`)."""
    inner: Reading


@dataclass(frozen=True)
class Continued(Reading):
    """``0.777\\ldots``, ``3.14159...``: a decimal said to go on (:mod:`rlverify.rule.read.decimals`), the value it begins
    (:mod:`rlverify.rule.compare.continued`)."""
