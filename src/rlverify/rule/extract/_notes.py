"""Notes after a final answer (issue 14, round 5): a note conditioned on another reading of the question, and a
second answer offered without any condition.

Frontier models sometimes close a clear answer with "(Note: if the question meant ordered pairs, the answer would be
14.)": an answer to another question, which neither replaces nor doubts the answer stated for this one. An
unconditioned second answer ("(Or possibly $14$.)", "Note: the answer might be $14$ instead.", "$14$ is also a valid
answer.") offers two answers: a hedge.

Interface::

    other_reading(before, marker) -> bool  the sentence that ``before`` ends (the text up to an answer marker)
                                           conditions on another reading of the question (or, before a
                                           hypothetical marker 'would be', on anything but a doubt)
    offered_alternative(after, answer) -> bool
                                           ``after`` (the text after a stated answer) offers, without a condition,
                                           another value than ``answer`` as the answer
"""

from __future__ import annotations

import re

from ._spans import _number_of, _value_key

__all__ = ["other_reading", "offered_alternative"]

# a condition on how the question is read: 'if the question meant ...', 'if the problem intended ...', 'under the
# other reading', 'were the question to ask for ...', 'if we were to count ... instead'
_OTHER_READING_RE = re.compile(
    r"\b(?:if|were|had|under|in\s+case|assuming|supposing)\b[^.!?\n]{0,160}?\b(?:question|problem|reading"
    r"|interpret\w*|meant|means|intended|intends|wanted|instead)\b", re.I)
_SENTENCE_START_RE = re.compile(r"[.!?](?:[\s*_)]|\Z)|\n[ \t]*\n|\n[ \t]*[(*_]*(?:note|remark)\b", re.I)
_READING_WORDS = ("question", "problem", "reading", "interpret", "meant", "means", "intend", "wanted", "instead")


# a hypothetical answer under another condition ('if order matters, the answer would be 14', 'if $0$ is excluded, ...'),
# unless the condition is a doubt about the working ('if I made an error', 'if the case was miscounted')
_CONDITION_OPEN_RE = re.compile(r"\b(?:if|were|had|under|in\s+case|assuming|supposing|counting|considering|allowing"
                                r"|excluding|including|with|without|for)\b", re.I)
_DOUBT_RE = re.compile(r"\b(?:error|mistake|wrong|incorrect|miscount\w*|recount\w*|recheck\w*|re-check\w*|recomput\w*"
                       r"|correct(?:ed|ion|ing)?|overcount\w*|undercount\w*|twice|forgot|missed|slip|actually|wait)\b", re.I)


def other_reading(before: str, marker: str = "") -> bool:
    """The sentence that ``before`` ends opens with a condition on another reading of the question (``(Note: if the
    question meant ordered pairs, `` before "the answer would be 14"), or, before a hypothetical ``marker`` ("the
    answer would be"), with any condition that doubts nothing of the working ('if order matters, ')."""
    tail = before[-240:]
    low = tail.lower()
    hypothetical = "would" in marker.lower()
    if not hypothetical and not any(w in low for w in _READING_WORDS):       # C-speed gate
        return False
    cuts = [m.end() for m in _SENTENCE_START_RE.finditer(tail)]
    sentence = tail[cuts[-1]:] if cuts else tail
    if _OTHER_READING_RE.search(sentence) is not None:
        return True
    return hypothetical and _CONDITION_OPEN_RE.search(sentence) is not None and _DOUBT_RE.search(sentence) is None


_NUM = r"(?:\$[ \t]*([^$\n]{1,60}?)[ \t]*\$|\\\([ \t]*(.{1,60}?)[ \t]*\\\)|(-?\d[\d,]*(?:\.\d+)?(?:/\d+)?))"
# another answer offered: 'or possibly 14', 'the answer might be 14 (instead)', 'it may also be 14', '14 is also a valid
# answer', 'alternatively, the answer is 14'
_OFFERS = (
    re.compile(r"\b(?:or|alternatively,?)[ \t]+(?:else[ \t]+)?(?:maybe|possibly|perhaps)[ \t,]+" + _NUM, re.I),
    re.compile(r"\b(?:answer|it|result|value|this|that)[ \t]+(?:could|might|may)[ \t]+(?:also[ \t]+|instead[ \t]+)?"
               r"(?:be|equal)[ \t]+" + _NUM, re.I),
    re.compile(_NUM + r"[ \t]*(?:is|would[ \t]+be|could[ \t]+be)[ \t]+(?:also[ \t]+)?(?:a[ \t]+|another[ \t]+)?(?:valid"
               r"|correct|possible|acceptable)[ \t]+(?:answer|solution|value)", re.I),
    re.compile(r"\balternatively,?[ \t]+(?:the[ \t]+answer[ \t]+(?:is|could[ \t]+be)|it[ \t]+(?:is|could[ \t]+be)"
               r"|we[ \t]+(?:get|could[ \t]+get))[ \t:]+" + _NUM, re.I),
)
_OFFER_WORDS = ("possibly", "maybe", "perhaps", "could", "might", "may ", "also", "alternatively")
_CONDITION_RE = re.compile(r"\b(?:if|when|whenever|unless|assuming|provided|depending|under|were|had|in\s+case)\b", re.I)
_SENTENCE_END_RE = re.compile(r"[.!?](?=[\s*_)]|\Z)|\n")
_MAX_AFTER = 600


def offered_alternative(after: str, answer: str) -> bool:
    """``after`` (the text after the stated answer, up to the end) offers another value as the answer, with no
    condition in its sentence; a restatement of the same value is no second answer."""
    after = after[:_MAX_AFTER]
    low = after.lower()
    for w in _OFFER_WORDS:          # C-speed gate
        if w in low:
            break
    else:
        return False
    mine = _number_of(answer)
    key = _value_key(answer)
    for rx in _OFFERS:
        for m in rx.finditer(after):
            starts = [e.end() for e in _SENTENCE_END_RE.finditer(after, 0, m.start())]
            sentence_start = starts[-1] if starts else 0
            end = _SENTENCE_END_RE.search(after, m.end())
            sentence = after[sentence_start:end.end() if end else len(after)]
            if _CONDITION_RE.search(sentence):
                continue                                 # an answer under a condition: not offered for this question
            other = m.group(1) or m.group(2) or m.group(3) or ""
            theirs = _number_of(other)
            if mine is not None and theirs is not None:
                if mine != theirs:
                    return True
            elif _value_key(other) != key:
                return True
    return False
