"""Typed answers: parse an answer span and the reference, compare them by type.

Interface::

    compare(answer: str, gold: str, question: str | None = None) -> Match

Two layers, in separate modules:

* ``context.pre(answer, gold, question) -> Match | None`` — context rules that must
  decide first (units/dimensions, angles, rounding the question asks for...). A Match
  returned here is final (it may be a veto: equal=False). None defers to the core.
* ``core.compare_core(answer, gold, question) -> Match`` — numbers, expressions,
  equations, intervals, tuples/sets, matrices, choices, text.
* ``context.post(answer, gold, question, core_match) -> Match | None`` — rescue rules
  tried only when the core said "not equal" (number words, ordinals, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

__all__ = ["Match", "compare", "same_multiset"]


@dataclass(frozen=True)
class Match:
    equal: bool
    flags: tuple[str, ...] = ()   # e.g. ("hedge",), ("numeric",), ("timeout",)
    undecided: bool = False       # the reference itself could not be parsed


def same_multiset(xs: Sequence[Any], ys: Sequence[Any], equal: Callable[[Any, Any], bool]) -> bool:
    """Every x pairs off with a distinct y under ``equal`` (order ignored, repeats kept)."""
    if len(xs) != len(ys):
        return False
    left = list(ys)
    for x in xs:
        hit = next((k for k, y in enumerate(left) if equal(x, y)), None)
        if hit is None:
            return False
        left.pop(hit)
    return True


def compare(answer: str, gold: str, question: str | None = None) -> Match:
    from . import context
    from .core import compare_core

    m = context.pre(answer, gold, question)
    if m is not None:
        return m
    m = compare_core(answer, gold, question)
    if m.equal or "hedge" in m.flags:
        return m
    rescued = context.post(answer, gold, question, m)
    return rescued if rescued is not None else m
