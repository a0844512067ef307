"""Values written in words that the outcome reader did not take (issue 30, judge calls):

* an ordinal is its number: ``15th Day`` states the day 15, so ``16`` against it is two numbers, read again by the
  outcome reader (:func:`rlverify.rule.outcome.rejection_outcome`) with ``15th`` written ``15``;
* a parity is one of two exclusive values: ``even`` against ``Any odd number of participants`` (or ``The transformed
  function is odd.``) is a typed ``different``, when each side names one parity only, the answer in a few words, and
  neither side negates or qualifies it (``not``, ``neither``, ``non``...).

Interface::

    worded_values(answer, gold, question, cas) -> Outcome   DIFFERENT or UNSURE

Anything else stays ``unsure``: two parities on one side (``odd or even``), a negation, a longer answer, an ordinal
next to other values the reader cannot take. Imports the rule's outcome reader; bounded regexes on bounded spans.
"""

from __future__ import annotations

import re

from ..verdict import Outcome

__all__ = ["worded_values"]

_MAX_CHARS = 200
_MAX_ANSWER_WORDS = 8
_ORDINAL = re.compile(r"(?<![\w.])(\d{1,6})\s*(?:\^\s*\{?\s*)?(?:\\text\s*\{\s*)?(?:st|nd|rd|th)\b\s*\}?\s*\}?")
_PARITY = re.compile(r"\b(odd|even)(?:ly|ness)?\b", re.I)
_NEGATION = re.compile(r"\b(?:not|no|neither|nor|never|non|none|cannot|n't|isn't|aren't|unless|except|if)\b|\\neg|¬",
                       re.I)
_WORD = re.compile(r"[A-Za-z]+")


def worded_values(answer: str, gold: str, question: str | None, cas: bool = True) -> Outcome:
    """See the module doc."""
    if len(answer) > _MAX_CHARS or len(gold) > _MAX_CHARS:
        return Outcome.UNSURE
    if _ORDINAL.search(answer) or _ORDINAL.search(gold):
        from .outcome import rejection_outcome

        a, g = _ORDINAL.sub(r"\1 ", answer).strip(), _ORDINAL.sub(r"\1 ", gold).strip()
        if rejection_outcome(a, g, question, cas) is Outcome.DIFFERENT:
            return Outcome.DIFFERENT
    pa, pg = _parity(answer), _parity(gold)
    if pa and pg and pa != pg and len(_WORD.findall(_plain(answer))) <= _MAX_ANSWER_WORDS:
        return Outcome.DIFFERENT
    return Outcome.UNSURE


def _plain(text: str) -> str:
    return re.sub(r"\\[A-Za-z]+", " ", text)


def _parity(text: str) -> str | None:
    """The one parity a text names ('odd' or 'even'), None when it names none or both, or negates."""
    t = _plain(text)
    found = {m.group(1).lower() for m in _PARITY.finditer(t)}
    if len(found) != 1 or _NEGATION.search(t):
        return None
    return found.pop()
