"""Typed answers: parse an answer span and the reference, compare them by type.

Interface::

    compare(answer: str, gold: str, question: str | None = None) -> Match

``pipeline.compare`` runs three layers, in separate modules (``match`` holds the shared ``Match``):

* ``context.pre(answer, gold, question, compare) -> Match | None`` — context rules that must
  decide first (units/dimensions, angles, rounding the question asks for...). A Match
  returned here is final (it may be a veto: equal=False). None defers to the core.
* ``core.compare_core(answer, gold, question) -> Match`` — numbers, expressions,
  equations, intervals, tuples/sets, matrices, choices, text.
* ``context.post(answer, gold, question, core_match, compare) -> Match | None`` — rescue rules
  tried only when the core said "not equal" (number words, ordinals, ...).

Rules that compare a rewritten pair again receive ``compare`` as an argument, so no module of
this package imports the package itself (no import cycle).
"""

from __future__ import annotations

from .match import Match, same_multiset
from .pipeline import compare

__all__ = ["Match", "compare", "same_multiset"]
