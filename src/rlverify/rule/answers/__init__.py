"""Typed answers: parse an answer span and the reference, compare them by type.

Interface::

    compare(answer: str, gold: str, question: str | Question | None = None) -> Match
    read_question(text) -> Question                               the question's frozen reading

``pipeline.compare`` reads the question once (:mod:`.question`) and runs one ordered table of
stages (:data:`.pipeline.STAGES`, types in :mod:`.stage`): the cheap stage (:mod:`.fast`), the
context rules that decide first (:mod:`.context`: units and dimensions, angles, rounding the
question asks for...), the typed core (:mod:`.core`: numbers, expressions, equations, intervals,
tuples/sets, matrices, choices, text), then the rescues (trailing words, function definitions,
parts...). A verdict is decided in the pipeline only; a stage that compares a rewritten pair
again calls ``pair.again``, so no module of this package imports the package itself.
"""

from __future__ import annotations

from .match import Match, same_multiset
from .pipeline import STAGES, compare
from .question import Question, read_question

__all__ = ["Match", "Question", "STAGES", "compare", "read_question", "same_multiset"]
