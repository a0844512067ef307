"""The leaf comparisons the typed entries of :mod:`rlverify.rule.compare` call: numbers and their precision
(:mod:`.numbers`, :mod:`.precision`, :mod:`.rounding`), quantities and units through pint (:mod:`.quantity`,
:mod:`.units`), expressions through the bounded CAS (:mod:`.symbolic`, :mod:`.core`), sets, intervals and shapes
(:mod:`.sets`, :mod:`.shapes`), words (:mod:`.words`), the question read once (:mod:`.question`).

Interface::

    Match                                                         a comparison's result (equal, flags)
    read_question(text) -> Question                               the question's frozen reading

No module here decides a verdict alone or imports :mod:`rlverify.rule.compare`; the verdict is
:func:`rlverify.rule.compare.explain`'s (the 26-stage table that once lived here was deleted in issue 29).
"""

from __future__ import annotations

from .match import Match, same_multiset
from .question import Question, read_question

__all__ = ["Match", "Question", "read_question", "same_multiset"]
