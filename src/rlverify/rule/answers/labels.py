"""Labelled values against a bare list: ``Paolo: 18, Maria: 7, Luca: 14`` (also ``Paolo = 18``,
``\\text{Paolo } 18``, ``18 (Paolo)``, ``Paolo is 18``, one per line) against ``18, 7, 14``.

Interface::

    labelled_values(answer, gold, question) -> bool | None
    read_labelled(text) -> [(label, value), ...] | None
    named_order(labels, question) -> (positions, identifiers) | None

A bare list names no one, so the question decides which value is whose:

* the question's request enumerates the labels (``Find the ages of Paolo, Maria and Luca``,
  ``Determine $a$ and $b$``, ``Compute $d(6), d(16)$, and $d(72)$``): the list's positions are the
  enumeration's, and each label's value must sit at its name's position, whatever order the answer
  writes them in (``Maria: 7, Paolo: 18, Luca: 14`` is ``18, 7, 14``; ``Maria: 18, Paolo: 7, ...`` is not).
  Labels that describe rather than name (``the maximum and minimum``) against a reference sorted by size:
  only other values decide (datasets list such values by size as often as in the question's order);
* the question asks for a set (``find all``, ``all solutions``, ``separated by commas``): the labels
  only number the values (``x_1 = -2, x_2 = 1``), compared as a multiset;
* otherwise the names cannot be tied to the list's positions (``Determine their ages``): values that
  are not the reference's (as a multiset) are wrong; equal multisets decide only when the assignment
  cannot matter (every reference value the same); else None (no claim either way).

Labels are tied to a request only as an enumeration: each label occurs in one sentence that asks for something
(the last such sentence that names them all), and between consecutive labels stand only separators (``,``
``and`` ``the`` ``$``), or the request names them as an ordered tuple (``$(a,b,c,d)$``). None: the form does not
apply (a single value, unlabelled items, a labelled reference, a digit-grouped number like ``2,600``).
"""

from __future__ import annotations

import re
from typing import Callable

from .latex import balanced
from .match import same_multiset
from .order import same_item, ungroup
from .surface import MAX_PARTS, numeric_value, split_top, unwrap
from .words import strip_trailing_words

__all__ = ["labelled_values", "named_order", "read_labelled", "request_order"]

_MAX_CHARS = 600
_WORD = r"[A-Za-z][A-Za-z'’\-]*"
_WORD_LABEL = rf"{_WORD}(?:\s+{_WORD}){{0,3}}"
_SYM_LABEL = r"(?:[A-Za-z]|\\[a-z]+)(?:_\{?[A-Za-z0-9]{1,3}\}?)?(?:\s*\([^()=,]{1,12}\))?"
_LABEL = rf"(?:{_SYM_LABEL}|{_WORD_LABEL})"
# label = value, label: value, label is value, label -> value
_NAMED = re.compile(rf"^(?P<label>{_LABEL})\s*(?:=|:|\\colon|\\to|\\rightarrow|→|\s(?:is|are|has|gets|scored|weighs)\s)"
                    rf"\s*(?P<value>.+)$", re.S)
# label value (a name of letters, then a value that starts as a number does)
_JUXTA = re.compile(rf"^(?P<label>[A-Za-z]{{2}}[A-Za-z'’\-]*(?:\s+{_WORD}){{0,3}})\s+(?P<value>[-+−(.\d\\].*)$", re.S)
# value (label)
_AFTER = re.compile(rf"^(?P<value>.+?)\s*\(\s*(?P<label>{_WORD_LABEL})\s*\)$", re.S)
_ENV = re.compile(r"\\(?:begin|end)\s*\{(?:aligned|align\*?|array|cases|gathered|split|matrix)\}(?:\{[lcr|]*\})?")
_SEPARATORS = (",", ";", "\\\\", "\n", "\\quad", "\\qquad", " and ", "\\text{and}", "\\text{ and }")
_NOISE = {"the", "of", "age", "ages", "value", "values", "is", "are", "has", "number", "score", "years", "old",
          "s", "’s", "'s"}
_SET_ASK = re.compile(r"\b(?:find|determine|list|enter|give|compute)\s+all\b|\ball\s+(?:the\s+)?(?:real\s+|integer\s+|"
                      r"possible\s+|positive\s+|complex\s+|distinct\s+)*(?:solutions|roots|values|numbers|integers|"
                      r"zeros)\b|separated by commas", re.I)
_INDEXED = re.compile(r"^([A-Za-z]|\\[a-z]+)_\{?\d{1,2}\}?$")
_SENTENCE = re.compile(r"(?<=[.?!])\s+|\n+")
_ASK_VERB = re.compile(r"\b(?:find|determine|compute|calculate|what|which|how|give|list|express|evaluate|solve"
                       r"|state|write|identify|enter)\b", re.I)
_BETWEEN = re.compile(r"^(?:[\s$,;]|\\[,;:! ]|\band\b|\bthe\b|\\text\s*\{\s*and\s*\}|\\\(|\\\))*$")
_TUPLE_NAMES = re.compile(r"\(((?:[A-Za-z](?:_[A-Za-z0-9]{1,3})?)(?:,[A-Za-z](?:_[A-Za-z0-9]{1,3})?)+)\)")
_PROSE = re.compile(r"(?<![A-Za-z])[A-Za-z]{3,}")
# a value that ends in a unit word ('5 meters', '2 mol', '3 sec') is a quantity, not prose
_UNIT_TAIL = re.compile(r"^[-+−]?[\d.,\\{}\s]+[A-Za-zμ°]{1,12}(?:\s*(?:/|\^)\s*[-\d{}A-Za-z]{1,8})?$")
_DIGIT_GROUPS = re.compile(r"^\d{1,3}(?:,\d{3})+$")


# compiled once (re's cache lookup per call cost as much as these short searches)
_LINE_BREAK = re.compile(r"\\\\|\n")
_COMMA_AND = re.compile(r",\s*(?:and)\s+")


def _text(question: object) -> str | None:
    return getattr(question, "text", question) if question is not None else None


def _item(piece: str) -> tuple[str, str] | None:
    p = piece.strip().strip("&").strip()
    p = p.replace("&", "")
    for pat in (_NAMED, _AFTER, _JUXTA):
        m = pat.match(p)
        if m:
            label, value = re.sub(r"\s+", " ", m.group("label").strip()), m.group("value").strip().rstrip(".;,")
            if not value or re.search(r"[=:]", value) or not balanced(value):
                return None
            value = strip_trailing_words(value) or value
            if _PROSE.search(re.sub(r"\\[A-Za-z]+", " ", value)) and not _UNIT_TAIL.search(value):
                return None                          # 'p^a where p is a prime': a sentence, not a value
            return label, value
    return None



def read_labelled(text: str) -> list[tuple[str, str]] | None:
    """[(label, value), ...] of an answer that labels every value (two or more), else None."""
    s = ungroup(_ENV.sub(" ", text[:_MAX_CHARS * 2]))
    s = unwrap(_LINE_BREAK.sub(" ; ", s))   # one per line: a line break separates like ';'
    if len(s) > _MAX_CHARS:
        return None
    s = _COMMA_AND.sub(", ", s)
    pieces = [x for x in split_top(s, _SEPARATORS) if x.strip()]
    if not 2 <= len(pieces) <= MAX_PARTS:
        return None
    items = [_item(x) for x in pieces]
    if any(i is None for i in items):
        return None
    labels = [_key(lab) for lab, _ in items]
    if len(set(labels)) != len(labels):
        return None
    return items


def _key(label: str) -> str:
    return re.sub(r"\s+", " ", label.replace("{", "").replace("}", "")).strip()


def _words(label: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]+(?:[’'][a-z]+)?", label) if w.lower() not in _NOISE
            and not w.lower().endswith(("'s", "’s"))] or \
        [w[:-2] for w in re.findall(r"[A-Za-z]+[’']s\b", label)]


def _requests(q: str) -> list[str]:
    """The sentences that ask for something, the last first ('Determine $a$ and $b$. Express ... as a pair.')."""
    return [s for s in _SENTENCE.split(q) if _ASK_VERB.search(s)][::-1]


def _find(label: str, request: str) -> tuple[int, int] | None:
    """Span of ``label`` in the request: a symbol as a math token, a name as a whole word."""
    sym = re.fullmatch(_SYM_LABEL, label)
    if sym:
        body = re.escape(re.sub(r"\s+", "", label)).replace(r"\{", "").replace(r"\}", "")
        flat = request
        m = re.search(rf"(?<![A-Za-z\\]){body}(?![A-Za-z0-9(])", flat.replace(" (", "("))
        if m is None or label in ("a", "A", "I") and not _in_math(flat, m.start()):
            return None                              # 'a' in prose is an article
        return m.span()
    words = _words(label)
    if len(words) != 1 or len(words[0]) < 2:
        return None
    m = re.search(rf"(?<![A-Za-z]){re.escape(words[0])}(?![A-Za-z])", request, re.I)
    return m.span() if m else None


def _in_math(s: str, pos: int) -> bool:
    return s[:pos].count("$") % 2 == 1


def request_order(labels: list[str], question: object) -> list[int] | None:
    """Positions (0-based) of the labels in the enumeration of a request of the question, else None."""
    tied = _tie(labels, _text(question))
    return None if tied is None else tied[0]


def named_order(labels: list[str], question: object) -> tuple[list[int], bool] | None:
    """(positions of the labels in the request that enumerates them, whether every label names its item rather than
    describes it: ``Paolo``, ``$a$`` name, ``the maximum`` describes); None where no request enumerates them."""
    tied = _tie(labels, _text(question))
    return None if tied is None else (tied[0], _identifiers(labels, tied[1]))


def _tie(labels: list[str], q: str | None) -> tuple[list[int], str] | None:
    """(positions, the request sentence that enumerates the labels), trying the last request first."""
    for req in _requests(q or ""):
        pos = _order_in(labels, req)
        if pos is not None:
            return pos, req
    return None


def _order_in(labels: list[str], req: str) -> list[int] | None:
    req_flat = req.replace(" (", "(")
    keys = [re.sub(r"[\s{}]", "", lab) for lab in labels]
    for m in _TUPLE_NAMES.finditer(re.sub(r"[$\s{}]|\\left|\\right", "", req)):   # the ordered pair $(a, b)$
        names = m.group(1).split(",")
        if sorted(names) == sorted(keys) and len(set(names)) == len(names):
            return [names.index(k) for k in keys]
    spans = [_find(lab, req_flat) for lab in labels]
    if any(s is None for s in spans) or len({s[0] for s in spans}) != len(spans):
        return None
    order = sorted(range(len(labels)), key=lambda i: spans[i][0])
    for prev, nxt in zip(order, order[1:]):
        if spans[prev][1] > spans[nxt][0] or not _BETWEEN.match(req_flat[spans[prev][1]:spans[nxt][0]]):
            return None
    pos = [0] * len(labels)
    for rank, i in enumerate(order):
        pos[i] = rank
    return pos


def _identifiers(labels: list[str], req: str) -> bool:
    """Every label names an item (a symbol, a function value, a capitalised name in the request) rather than
    describes it by a common word ('maximum', 'area')."""
    for lab in labels:
        if re.fullmatch(_SYM_LABEL, lab):
            continue
        words = _words(lab)
        m = re.search(rf"(?<![A-Za-z]){re.escape(words[0])}(?![A-Za-z])", req) if len(words) == 1 else None
        if m is None or not req[m.start()].isupper() or not req[:m.start()].strip():
            return False
    return True


def _monotone(items: list[str]) -> bool:
    vals = [numeric_value(unwrap(x)) for x in items]
    if any(v is None for v in vals):
        return False
    return all(a <= b for a, b in zip(vals, vals[1:])) or all(a >= b for a, b in zip(vals, vals[1:]))


def _gold_list(gold: str) -> list[str] | None:
    s = unwrap(ungroup(gold))
    if len(s) > _MAX_CHARS or _DIGIT_GROUPS.match(s.replace(" ", "")):
        return None
    if s.startswith("(") and s.endswith(")") and s.count("(") == 1:
        s = s[1:-1]
    items = [x.strip().strip("$").strip() for x in split_top(s, (",", ";")) if x.strip().strip("$").strip()]
    if not 2 <= len(items) <= MAX_PARTS or any("=" in x or re.match(rf"^{_LABEL}\s*:", x) for x in items):
        return None                                  # labelled or an equation: not a bare list
    return items


_MATH_SEGMENT = re.compile(r"\$([^$]{1,80})\$")
_LONE_LETTER = re.compile(r"(?<![A-Za-z\\])([A-Za-z])(?![A-Za-z])")


def _one_of_several(answer: str, gold: str, q: str | None) -> bool | None:
    """One labelled value (``a = -2``) where the question's request enumerates it with other unknowns
    (``Determine $a$ and $b$``) and the reference lists several values (``-2,-2``): the answer gives one of the
    values asked for, not all (False). None when the form does not apply (``a = b = -2`` names both; a question
    that names one unknown, ``find all x``, may list a repeated root)."""
    if not q or answer.count("=") != 1 or len(answer) > _MAX_CHARS:
        return None
    item = _item(unwrap(answer))
    g = unwrap(gold).strip()
    ref = _gold_list(gold)
    if ref is None and re.search(r",\s", g) and not _DIGIT_GROUPS.match(g):    # '512, 512' lists (a space); '512,512'
        items = [x.strip() for x in split_top(g, (",",)) if x.strip()]          # may be one grouped number
        ref = items if 2 <= len(items) <= MAX_PARTS and not any("=" in x for x in items) else None
    if item is None or ref is None or not re.fullmatch(r"[A-Za-z]", item[0].strip()):
        return None
    label = item[0].strip()
    asked = " ".join(_requests(q)[:3])       # the unknowns the requests name, in order of appearance
    others = [x for m in _MATH_SEGMENT.finditer(asked) for x in _LONE_LETTER.findall(m.group(1)) if x != label]
    if any(_tie([label, o], q) is not None for o in list(dict.fromkeys(others))[:12]):
        return False
    return None


def labelled_values(answer: str, gold: str, question: object,
                    equal: Callable[[str, str], bool] | None = None) -> bool | None:
    """``equal(value, item)``: the whole comparison of one value with one reference item (units, words...);
    the core's when not given."""
    items = read_labelled(answer)
    if items is None:
        return _one_of_several(answer, gold, _text(question))
    ref = _gold_list(gold)
    if ref is None:
        return None
    q = _text(question)
    same = lambda x, y: same_item(x, y, q, equal)  # noqa: E731
    values = [v for _, v in items]
    tied = _tie([lab for lab, _ in items], q)
    if tied is not None:
        pos, req = tied
        if len(items) != len(ref):
            return False
        # a reference of described values ('the maximum and minimum') may list them by size, not in the
        # question's order (hardverify-58: '1,2' for 'the maximum and minimum'): then only other values
        # decide (not equal); named values (Paolo, $a$, f(1)) keep the positions of their names
        if not _identifiers([lab for lab, _ in items], req) and _monotone(ref):
            return None if same_multiset(values, ref, same) else False
        return all(same(v, ref[p]) for v, p in zip(values, pos))
    bases = {m.group(1) if m else None for m in (_INDEXED.match(_key(lab).replace(" ", "")) for lab, _ in items)}
    if q and _SET_ASK.search(q) and None not in bases and len(bases) == 1:
        return same_multiset(values, ref, same)     # x_1 = -2, x_2 = 1: the indices only number a set
    if not same_multiset(values, ref, same):
        return False
    if all(same(r, ref[0]) for r in ref[1:]):
        return True
    return None
