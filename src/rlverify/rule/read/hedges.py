"""Readings of a span that offers more than one value (issue 30): a hedge, or the parts of one answer.

Interface::

    read_several(text, question=None) -> Several | Cases | Parts | None

* :class:`Cases`: values under conditions (``\\begin{cases}`` with conditions in its rows, ``3 \\text{ if } n \\text{ is even}, 5
  \\text{ otherwise}``, ``x = 1 \\text{ when } a > 0``): a hedge whatever wrapper it sits in, unless the
  reference is written in cases too (the guard decides that: it sees both).
* :class:`Parts`: an answer in parts that are no alternatives for one value:
  - parts named by the question's own part labels, in the question's order (the question asks "(a) ... (b) ...",
    the span answers "(a) ... (b) ..."): each part answers its own question;
  - values each described by its own words (``1.75\\text{ cm above the principal axis, } 20\\text{ cm to the left
    of the lens}``: the two coordinates of one position), no description holding a word of a hedge or a condition
    and no two descriptions alike.
  A part may itself be a hedge: the caller reads each part (``parts``) again.
* :class:`Several`: anything else with two or more top-level items is left to the caller's own count of values
  (:func:`rlverify.rule.offers.candidates`); this module returns ``None`` for it, so that a reading it does not
  know never turns a hedge into parts.

Bounded: at most ``MAX_CHARS`` characters are read, with linear regexes; nothing is evaluated.

May import :mod:`rlverify.rule.answers.latex` and :mod:`rlverify.rule.offers` (text helpers); never the comparison.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..offers import top_level_items

__all__ = ["Cases", "Parts", "read_several", "MAX_CHARS"]

MAX_CHARS = 2000     # a longer span is not read (None)
MAX_PARTS = 8


@dataclass(frozen=True)
class Cases:
    """Values under conditions: a hedge."""
    text: str
    branches: tuple[str, ...]


@dataclass(frozen=True)
class Parts:
    """The parts of one answer (each may still be a hedge: read it again)."""
    text: str
    parts: tuple[str, ...]
    by: str              # 'question labels' | 'descriptions'


# a condition word set as text after a value: '3 \text{ if } n even', '5 \text{ otherwise}', 'when', 'unless'
_CONDITION = re.compile(r"(?:\\text\s*\{\s*|\b)(?:if|otherwise|when|whenever|unless|else|provided)\b", re.I)
# words of a hedge or a condition in a description (a range 'from 4 to 6' holds two numbers: no part anyway)
_HEDGE_WORD = re.compile(r"\b(?:or|either|maybe|possibly|perhaps|probably|likely|could|might|guess|if|otherwise|when"
                         r"|unless|else|case|cases|depending|range|between)\b", re.I)

# a part label: '(a)', '(b)', '(i)', '(ii)', at a line start, after whitespace, '&' or a brace, or inside \text{...}
_LABEL = re.compile(r"(?:^|(?<=[\s&{(]))\(\s*([a-h]|i{1,3}|iv|vi{0,3})\s*\)", re.M)
_Q_LABEL = re.compile(r"(?:^|(?<=[\s(]))\(\s*([a-h]|i{1,3}|iv|vi{0,3})\s*\)", re.M)


def read_several(text: str, question: str | None = None) -> Cases | Parts | None:
    """See the module doc."""
    if not text or len(text) > MAX_CHARS:
        return None
    if _conditional_rows(text) or _conditions(text):
        return Cases(text, tuple(top_level_items(text, ",")))
    parts = _labelled_parts(text, question)
    if parts is not None:
        return parts
    return _described_parts(text)


# a condition in a row of a cases environment: a condition word, a relation, a parity word
_ROW_CONDITION = re.compile(r"\b(?:if|otherwise|when|unless|else|for|even|odd)\b|[<>≤≥≠∈]|\\(?:le|ge|leq|geq|lt|gt|neq|ne"
                            r"|equiv|in|notin)(?![a-zA-Z])", re.I)
_CASES_BODY = re.compile(r"\\begin\s*\{\s*[dr]?cases\*?\s*\}(.*?)(?:\\end\s*\{\s*[dr]?cases\*?\s*\}|$)", re.S)


def _conditional_rows(text: str) -> bool:
    """A cases environment whose rows hold conditions (``3 & n \\text{ even}``); rows that only describe their values
    (``2A\\hbar^2 & \\text{(7-fold degenerate)}``) are a list laid out in cases, counted by the caller."""
    m = _CASES_BODY.search(text)
    if m is None:
        return False
    rows = [r for r in re.split(r"\\\\", m.group(1)) if r.strip()]
    return any("&" in r and _ROW_CONDITION.search(r.split("&", 1)[1]) for r in rows)


def _conditions(text: str) -> bool:
    """Two or more items, each holding a value, and a condition word: '3 \\text{ if } n \\text{ is even}, 5
    \\text{ otherwise}' (one value under a condition, 'W = 0.37 Q when reversible', is no choice between values)."""
    if _CONDITION.search(text) is None:
        return False
    items = [x for x in re.split(r",|;|\\q?quad(?![a-zA-Z])|\\\\", text) if x.strip()]
    return sum(bool(re.search(r"\d", x)) for x in items) >= 2


def _labels(text: str, pattern: re.Pattern) -> list[tuple[str, int, int]]:
    return [(m.group(1), m.start(), m.end()) for m in pattern.finditer(text[:MAX_CHARS])]


def _labelled_parts(text: str, question: str | None) -> Parts | None:
    """Parts named by the question's part labels, in the question's order, two or more."""
    if not question:
        return None
    asked = list(dict.fromkeys(label for label, _, _ in _labels(question[-MAX_CHARS * 4:], _Q_LABEL)))
    if len(asked) < 2:
        return None
    found = _labels(text, _LABEL)
    names = [label for label, _, _ in found]
    if len(found) < 2 or len(found) > MAX_PARTS or len(set(names)) != len(names) or not set(names) <= set(asked):
        return None
    if [asked.index(n) for n in names] != sorted(asked.index(n) for n in names):
        return None      # out of the question's order: not its parts
    bounds = [start for _, start, _ in found] + [len(text)]
    parts = tuple(_clean_part(text[found[k][2]:bounds[k + 1]]) for k in range(len(found)))
    if not all(_CONTENT.search(p) for p in parts):
        return None      # '(a), (c)': labels with nothing under them name no parts (letters, read as the rest reads them)
    return Parts(text, parts, "question labels")


# layout between parts: row breaks '\\[1mm]', alignment tabs, environment ends, spacing, a label's own wrapper
_LAYOUT = re.compile(r"\\\\(?:\s*\[[^\]]{0,12}\])?|&|\\(?:begin|end)\s*\{[a-zA-Z*]{1,20}\}(?:\{[a-z]{1,12}\})?|\\q?quad(?![a-zA-Z])")
_OPEN_WRAPPER = re.compile(r"\\(?:text|textbf|mathrm|mbox|textit)\s*\{\s*$")


def _clean_part(part: str) -> str:
    """A part's text without the layout around it and the halves of the label's wrapper (``\\text{(a)}``)."""
    part = _LAYOUT.sub(" ", part).strip()
    part = _OPEN_WRAPPER.sub("", part).strip()
    if part.startswith("}") and part.count("}") > part.count("{"):
        part = part[1:]
    return part.strip().rstrip(",;").strip()


# a value with a unit and a description: '1.75 \text{ cm above the principal axis', '20 cm to the left of the lens'
_CONTENT = re.compile(r"[A-Za-z0-9]")
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
_TEXT_BODY = re.compile(r"\\(?:text|mathrm|textrm|mbox)\s*\{([^{}]*)\}")
_WORD = re.compile(r"[A-Za-z]{2,}")


def _described_parts(text: str) -> Parts | None:
    """Two or more top-level items, each one number then at least three words of its own description, no description
    holding a hedge or condition word, no two descriptions alike."""
    flat = _TEXT_BODY.sub(lambda m: " " + m.group(1) + " ", text)
    items = [x.strip() for x in top_level_items(flat, ",") if x.strip()]
    if not 2 <= len(items) <= MAX_PARTS:
        return None
    descriptions = []
    for item in items:
        numbers = _NUMBER.findall(item)
        if len(numbers) != 1 or not re.match(r"\s*[-+]?\d", item):
            return None
        words = tuple(w.lower() for w in _WORD.findall(item[item.find(numbers[0]) + len(numbers[0]):]))
        if len(words) < 3 or _HEDGE_WORD.search(" ".join(words)):
            return None
        descriptions.append(words[1:])          # the unit first, then what the value is
    if len(set(descriptions)) != len(descriptions):
        return None
    return Parts(text, tuple(items), "descriptions")
