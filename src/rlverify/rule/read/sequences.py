"""The sequence reader (issue 29): tuples ``(1, 2)``, finite sets ``\\{1, 2\\}`` and bare lists ``1, 2, 3``.

Interface::

    sequence(text, again, depth) -> Tuple | Set | Items | None      a reader (see :data:`rlverify.rule.read.READERS`)

Each item is read with ``again`` (the whole reader), so an item is whatever any other reader makes of it: a number,
a quantity with its unit, a label ``x = 1``, an approximation, an expression, a tuple (``(1, 2), (3, 4)`` is a list of
tuples), or a :class:`~.types.Value` the comparison does not decide item by item. Read after the number reader: a
text that is one number (``1,000``, ``2,5`` where a parser takes it) stays a :class:`~.types.Number`.

"and" separates items as a comma does; "or" too, and the list is then one of alternatives
(:attr:`~.types.Items.alternatives`: a hedge where one value is asked, which the comparison leaves undecided).
A sign choice is two values: ``3 \\pm 2\\sqrt{2}`` alone reads as the alternatives ``3 + 2\\sqrt{2}``, ``3 - 2\\sqrt{2}``; an
item of a list with one (``\\pm 1, \\pm 7``) as its two values in the list.

Not read here (None, so the text stays whatever the later readers make of it, a :class:`~.types.Value`): an interval
with an infinite end or brackets of two kinds (``(-\\infty, 2]``, ``[0, 1)``), a set-builder (``\\{x \\mid x > 0\\}``),
an empty item
(``1,,2``), more than :data:`MAX_ITEMS` items.

May import: :mod:`.types` and the text helpers of :mod:`rlverify.rule.answers` (latex, shapes). Never the comparison.
"""

from __future__ import annotations

import re

from ..answers.latex import split_top
from ..answers.shapes import expand_pm, outer_bracket as _outer_bracket, wraps_set as _wraps_set
from .types import Items, Reading, Set, Tuple

__all__ = ["sequence", "MAX_ITEMS"]

MAX_ITEMS = 16
_SEPARATORS = (",", ";")
# what makes a bracketed pair an interval or a set-builder, not a tuple or a finite set
_INFINITE = re.compile(r"\\infty|∞|\\infinity")
_BUILDER = ("\\mid", "|", ":")
# 'or' joins alternatives (a hedge where one value is asked, a solution set against a list)
_OR_JOIN = re.compile(r",?\s*(?:\\text\s*\{\s*or\s*\}|(?<![A-Za-z\\])or(?![A-Za-z])|\\(?:lor|vee)(?![A-Za-z]))\s*")
# spacing around an item: '\\quad n = 4', '\\, B = 2A', '\\quadx_{2} = 5' (a space lost before a name)
_SPACING = re.compile(r"^(?:\\[,;:! ]|\\q?quad(?![A-Za-z])|\\q?quad(?=[A-Za-z](?:_|\s*=))|~|\s)+"
                      r"|(?:\\[,;:! ]|\\q?quad(?![A-Za-z])|~|\s)+$")
# 'and' between two items is a separator, as a comma: '1 \\text{ and } 3', '1, 2, and 3', '1 and 3'
_AND = re.compile(r",?\s*(?:\\text\s*\{\s*and\s*\}|(?<![A-Za-z\\])and(?![A-Za-z]))\s*")
# one font around the whole text: '\\text{A,D}'
_FONT_WHOLE = re.compile(r"\\(?:text|textbf|textrm|mathrm|mathbf)\s*\{([^{}]*)\}")
_WORD = re.compile(r"[A-Za-z]{3,}")      # prose in a font is no list of values
# a sign choice: '3 \\pm 2\\sqrt{2}' is the two values '3 + 2\\sqrt{2}', '3 - 2\\sqrt{2}'
_SIGN = re.compile(r"\\(?:pm|mp)(?![A-Za-z])")


def sequence(s: str, again, depth: int) -> Reading | None:
    """A finite set, a tuple in one pair of brackets, or a bare list of two items or more (see the module doc)."""
    if not s:
        return None
    font = _FONT_WHOLE.fullmatch(s)
    if font is not None and ("," in font.group(1) or ";" in font.group(1)) and not _WORD.search(font.group(1)):
        return sequence(font.group(1).strip(), again, depth)     # '\\text{A,D}': the list the font holds
    if _wraps_set(s):
        inner = s[2:-2]
        if len(split_top(inner, _BUILDER)) > 1:
            return None           # a set-builder: '\\{x \\mid x > 0\\}'
        items = _items(inner, again, depth, 1)
        return Set(s, items) if items is not None else None
    if "," not in s and ";" not in s and _SIGN.search(s):
        return _sign_choice(s, again, depth)
    text, s = s, _AND.sub(", ", s) if "and" in s else s
    alternatives = _OR_JOIN.search(s) is not None
    s = _OR_JOIN.sub(", ", s) if alternatives else s
    if "," not in s and ";" not in s:
        return None
    br = _outer_bracket(s)
    if br is not None:
        left, inner, right = br
        if {left, right} not in ({"(", ")"}, {"[", "]"}) or _INFINITE.search(inner) or alternatives:
            return None           # an interval: half-open, or an infinite end
        items = _items(inner, again, depth, 2)
        return Tuple(text, items, left) if items is not None else None
    items = _items(s, again, depth, 2)
    return Items(text, items, alternatives) if items is not None else None


def _unparenthesized(part: str) -> str:
    """An item in one pair of parentheses around one value (``(0^\\circ)``, ``(360^\\circ)``): the value (a tuple's
    parentheses hold a comma, and stay)."""
    br = _outer_bracket(part)
    if br is None or br[0] != "(" or br[2] != ")" or len(split_top(br[1], _SEPARATORS + ("=",))) > 1 \
            or not br[1].strip() or _outer_bracket(br[1].strip()) is not None:
        return part     # (an assignment in parentheses, '(W = 0.3 cal)', or a tuple, '((3, 0))', stays whole)
    return br[1].strip()


def _sign_choice(s: str, again, depth: int) -> Reading | None:
    """``3 \\pm 2\\sqrt{2}``, ``\\pm 1``: the values of each sign, as alternatives (a solution set against a list, a
    hedge where one value is asked)."""
    values = _signs(s)
    if len(values) < 2:
        return None
    return Items(s, tuple(again(v, depth + 1) for v in values), alternatives=True)


def _signs(part: str) -> tuple[str, ...]:
    """A part with its sign choices expanded (itself where it has none, or more than two)."""
    if not _SIGN.search(part) or len(_SIGN.findall(part)) != part.count("\\pm") + part.count("\\mp"):
        return (part,)
    return tuple(v.strip() for v in expand_pm(part))


def _items(inner: str, again, depth: int, least: int) -> tuple[Reading, ...] | None:
    parts = [_unparenthesized(_SPACING.sub("", p)) for p in split_top(inner, _SEPARATORS)]
    parts = [v for p in parts for v in _signs(p)]       # '\\pm 1, \\pm 7' lists four values
    if not least <= len(parts) <= MAX_ITEMS or not all(parts):
        return None
    return tuple(again(p, depth + 1) for p in parts)
