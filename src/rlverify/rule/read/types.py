"""The typed readings of one side of a pair (gold or answer: the same types for both).

A :class:`Reading` is a small frozen tree. Wrappers (:class:`Labelled`, :class:`Approx`, :class:`Option`) hold an
inner reading and say something about how the value was written; values (:class:`Antiderivative`,
:class:`Value`) are leaves. Every reading keeps the text it was read from, so that a wrapper the comparison cannot
resolve (an option letter in a question that lists no options) falls back to reading its text whole.

A leaf module: no imports from the rest of the package.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Reading", "Labelled", "Approx", "Option", "Antiderivative", "Value", "WRAPPERS"]


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
class Value(Reading):
    """A value no reader above applies to: a number, a quantity with its unit, an expression, a set, a tuple...
    compared by the value comparison (:mod:`rlverify.rule.compare`)."""


WRAPPERS = (Labelled, Approx, Option)
