"""Orderings: a strict chain (``b < a < d < c``, ``c > d > a > b``) against a list (``b, a, d, c``) or
another chain, where the question asks to order items in increasing or decreasing order.

Interface::

    same_order(answer, gold, question) -> bool | None

The question fixes how a bare list reads: "from least to greatest" / "in increasing order" lists the
smallest first, "from greatest to least" / "in decreasing order" the largest first. A ``<`` chain names
the items smallest first, a ``>`` chain largest first; both are read into the question's direction and
compared item by item (the whole comparison of :mod:`.core` per item, so ``\\sqrt 2`` is ``2^{1/2}``).
Two items swapped, an item missing or repeated, or the order reversed is a different ordering.

Only strict chains are orderings here: ``b \\le a \\le d \\le c`` claims no distinct ranking (any two
items may tie), so a non-strict or mixed chain is not read (None), nor is a chain with ``=`` in it.
Without a direction in the question (or with both) nothing is decided. None: the form does not apply.
"""

from __future__ import annotations

import re
from typing import Callable

from .core import compare_core
from .renaming import symbols
from .surface import MAX_PARTS, split_top, unwrap
from ...runtime.caches import memo_text

__all__ = ["same_order", "same_item", "question_direction", "read_chain", "ungroup"]

_UP = (r"(?:least|smallest|lowest|fewest|shortest|youngest|lightest|earliest)\s+(?:to|through)\s+(?:the\s+)?"
       r"(?:greatest|largest|biggest|highest|most|longest|oldest|heaviest|latest)"
       r"|(?:increasing|ascending)(?:\s+order)?|\border\s+of\s+increasing")
_DOWN = (r"(?:greatest|largest|biggest|highest|most|longest|oldest|heaviest|latest)\s+(?:to|through)\s+(?:the\s+)?"
         r"(?:least|smallest|lowest|fewest|shortest|youngest|lightest|earliest)"
         r"|(?:decreasing|descending)(?:\s+order)?|\border\s+of\s+decreasing")
# the direction must belong to an ordering request: a verb of ordering before it in the same clause
# ("Order a, b, c from least to greatest", "Enter f(1), f(2) and f(4) in increasing order", "the order
# from smallest to largest of a, b is"); "written in increasing order" in a condition is not a request
_VERB = (r"(?:\b(?:order|arrange|rank|sort|enter|put|write|give)\b"
         r"|(?:^|[.?!:]\s*|\b(?:then|please|to|and)\s+)list\b)")   # 'list' the verb, not 'The list consists'
_ASK_UP = re.compile(_VERB + r"[^.?!;]{0,120}?\b(?:" + _UP + r")\b", re.I)
_ASK_DOWN = re.compile(_VERB + r"[^.?!;]{0,120}?\b(?:" + _DOWN + r")\b", re.I)

# what either request needs: an ordering word, or a superlative (every one ends in "st": least, most, ...) then "to"/"through"
_DIRECTION_WORD = re.compile(r"increasing|ascending|decreasing|descending|st\s+(?:to|through)\b", re.I)
_DIRECTION_LOW = re.compile(_DIRECTION_WORD.pattern)

_STRICT = {"<": "<", "\\lt": "<", "\\textless": "<", ">": ">", "\\gt": ">", "\\textgreater": ">"}
_OTHER_REL = re.compile(r"\\(?:le|leq|leqslant|ge|geq|geqslant|ne|neq|approx|sim|equiv|prec|succ|ll|gg)(?![A-Za-z])"
                        r"|[≤≥≠=]|<=|>=")
_REL_TOKEN = re.compile(r"\\lt(?![A-Za-z])|\\gt(?![A-Za-z])|\\textless(?![A-Za-z])|\\textgreater(?![A-Za-z])|<|>")
_MAX_CHARS = 400
# digit groups inside an item (352,\!146, 2\;400, 1{,}350): not list commas
_GROUPS = re.compile(r"(?<=\d)(?:,\\!|\{,\}|\\[,;:]|,\\,|\\ |~)\s*(?=\d{3}(?!\d))")
_SPACING = re.compile(r"\\[,;:! ]")


def ungroup(text: str) -> str:
    """``text`` with the digit-group separators inside numbers removed (a list's commas stay)."""
    return _GROUPS.sub("", text)


def _text(question: object) -> str | None:
    return getattr(question, "text", question) if question is not None else None


def question_direction(question: object) -> str | None:
    """"<" when the question asks for an increasing ordering, ">" for decreasing, else None."""
    q = _text(question)
    return _direction(q) if q else None


@memo_text("rule.order_direction", max_chars=20_000)  # a function of the question: shared by its rollouts
def _direction(q: str) -> str | None:
    q = _SPACING.sub(" ", q.replace("$", " "))
    # the same scan on an ASCII text lower-cased, without re.I (its literal prefixes are searched fast)
    if (_DIRECTION_LOW.search(q.lower()) if q.isascii() else _DIRECTION_WORD.search(q)) is None:
        return None   # neither request can match without one of these words (a single cheap scan)
    up, down = _ASK_UP.search(q) is not None, _ASK_DOWN.search(q) is not None
    return "<" if up and not down else ">" if down and not up else None


def read_chain(text: str) -> tuple[str, list[str]] | None:
    """(direction, items) of a strict chain ``b < a < d < c`` (``<`` or ``>`` throughout), else None."""
    s = unwrap(ungroup(text))
    if len(s) > _MAX_CHARS or _OTHER_REL.search(s):
        return None
    s = s.replace("&lt;", "<").replace("&gt;", ">")
    parts, ops, depth, start = [], [], 0, 0
    for m in _scan(s):
        kind, pos, end = m
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
        elif depth == 0:
            parts.append(s[start:pos].strip())
            ops.append(_STRICT[s[pos:end]])
            start = end
    parts.append(s[start:].strip())
    if len(ops) < 1 or len(set(ops)) != 1 or len(parts) > MAX_PARTS or not all(parts):
        return None
    return ops[0], parts


def _scan(s: str):
    """Brackets and top-level relation tokens of ``s`` (``\\left<`` angle brackets are not relations)."""
    k = 0
    while k < len(s):
        c = s[k]
        if c == "\\" and s.startswith(("\\{", "\\}"), k):
            yield ("open" if s[k + 1] == "{" else "close", k, k + 2)
            k += 2
            continue
        if c in "([{":
            yield ("open", k, k + 1)
        elif c in ")]}":
            yield ("close", k, k + 1)
        else:
            m = _REL_TOKEN.match(s, k)
            if m and not s[max(0, k - 5):k].endswith(("\\left", "\\right")):
                yield ("rel", k, m.end())
                k = m.end()
                continue
        k += 1


def _read_list(text: str) -> list[str] | None:
    s = unwrap(ungroup(text))
    if len(s) > _MAX_CHARS or _REL_TOKEN.search(s) or _OTHER_REL.search(s):
        return None
    s = re.sub(r",\s*(?:and|then)\s+", ", ", s)
    items = [p.strip() for p in split_top(s, (",", ";")) if p.strip()]
    return items if 2 <= len(items) <= MAX_PARTS else None


def _ordered(text: str, direction: str) -> list[str] | None:
    """The items of a chain or a list, listed in ``direction`` ("<": smallest first)."""
    chain = read_chain(text)
    if chain is not None:
        op, items = chain
        return items if op == direction else items[::-1]
    return _read_list(text)


def same_order(answer: str, gold: str, question: object) -> bool | None:
    """A strict chain on at least one side, a list or chain on the other, compared as orderings."""
    direction = question_direction(question)
    if direction is None:
        return None
    chain_a, chain_g = read_chain(answer), read_chain(gold)
    if chain_a is None and chain_g is None:
        return None
    a, g = _ordered(answer, direction), _ordered(gold, direction)
    if a is None or g is None:
        return None
    if len(a) != len(g):
        return False
    q = _text(question)
    return all(same_item(x, y, q) for x, y in zip(a, g))


def same_item(x: str, y: str, question: str | None, equal: Callable[[str, str], bool] | None = None) -> bool:
    """Two items are equal (``equal``, else the core) and, where both name letters, the same letters (the core
    renames a lone parameter: ``n`` would be ``k`` there, but two items of a list are two different things)."""
    sx, sy = symbols(unwrap(x)), symbols(unwrap(y))
    if sx and sy and sx != sy:
        return False
    return equal(x, y) if equal is not None else compare_core(x, y, question).equal
