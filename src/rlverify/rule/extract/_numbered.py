"""Numbered parts of one answer: ``Sequence 1: -2, -1, 0, 1, 2 and Sequence 2: 10, 11, 12, 13, 14``,
``\\text{Solution 1: } (1, 2);\\ \\text{Solution 2: } (3, 4)``, ``First pair: (1, 2), second pair: (3, 4)``. A
label that only numbers the members of an answer set (the same word, numbered 1, 2, ..., n in order, by a digit or
an ordinal) names no value: the span is its parts, joined by ``; ``
(``-2, -1, 0, 1, 2; 10, 11, 12, 13, 14``), which the comparison reads as it reads that list written bare.

Interface::

    numbered_parts(span) -> str | None     the parts joined by '; ', or None when the form does not apply

Only words that number members of a set (sequence, solution, pair, root, ...) count: ``Step 1: ... Step 2: ...`` is a
derivation (its last step is the answer) and ``Option 1: ... Option 2: ...`` / ``Answer 1`` two answers (a hedge),
both left as they are. The numbers must run 1, 2, ..., n from the span's start, one word for all, every part
non-empty and balanced. Pure text; linear regular expressions; spans over 600 characters are left alone.
"""

from __future__ import annotations

import re

__all__ = ["numbered_parts"]

_MAX_CHARS = 600
_WORDS = ("sequence", "solution", "pair", "triple", "triplet", "quadruple", "tuple", "root", "zero", "set", "group",
          "function", "polynomial", "point", "progression", "value")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_ORDINAL_DIGITS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")
_WORD = "(?:" + "|".join(_WORDS) + ")"
# 'Sequence 1:', 'Solution #2:', or 'First sequence:', '2nd solution:'
_LABEL_RE = re.compile(
    r"(?:\\text(?:bf|it)?\s*\{\s*|\\mathrm\s*\{\s*|\*\*)?"
    r"(?:(?P<word>" + _WORD + r")s?\s*(?:\\[,;: ]\s*|~\s*)?(?:#\s*)?(?P<k>[1-9]\d?)"
    r"|(?P<ord>" + "|".join(_ORDINALS + _ORDINAL_DIGITS) + r")\s+(?P<word2>" + _WORD + r"))\s*"
    r"(?:\}\s*)?(?::|\\colon)\s*(?:\}\s*|\*\*\s*)?(?:\\[,;: ]\s*|\\quad\s*|~\s*)*", re.I)


def _number(m: re.Match) -> tuple[str, int]:
    """(the label's word, its number) of a label match."""
    if m.group("k"):
        return m.group("word").lower(), int(m.group("k"))
    o = m.group("ord").lower()
    return m.group("word2").lower(), (_ORDINALS.index(o) if o in _ORDINALS else _ORDINAL_DIGITS.index(o)) + 1
# what may stand between one part and the next label (one token at the end, stripped in turn): a comma, 'and', a
# semicolon, a line break, a quad
_JOINER_RE = re.compile(r"(?:\s+|,|;|\.|(?<!\\)\\[,;: ]|\\q?quad|\\\\|~|\\text\s*\{\s*(?:and|,|;)?\s*\}|(?<![A-Za-z])and)\Z", re.I)


def numbered_parts(span: str) -> str | None:
    """The parts of a span whose members are numbered ``Word 1: ... Word 2: ...`` (see the module docstring)."""
    if len(span) > _MAX_CHARS or ":" not in span and "\\colon" not in span:
        return None
    from ..answers.latex import balanced   # noqa: PLC0415 - lazy: the extractor does not import the comparison's package
    marks = list(_LABEL_RE.finditer(span))
    if len(marks) < 2 or span[:marks[0].start()].strip(" \t\n$"):
        return None
    numbers = [_number(m) for m in marks]
    if len({w for w, _ in numbers}) != 1 or [k for _, k in numbers] != list(range(1, len(marks) + 1)):
        return None
    parts = []
    for m, nxt in zip(marks, marks[1:] + [None]):
        body = span[m.end():nxt.start() if nxt is not None else len(span)]
        for _ in range(12):
            j = _JOINER_RE.search(body)
            if j is None:
                break
            body = body[:j.start()]
        body = body.strip().strip("$").strip()
        if not body or not balanced(body):
            return None
        parts.append(body)
    return "; ".join(parts)
