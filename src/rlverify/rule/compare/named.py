"""Named values against a list (issue 29): an answer that names every value it gives (``Paolo: 18, Maria: 7``,
``Paolo = 18``, ``\\text{Paolo } 18``, ``18 (\\text{Paolo})``, ``Maximum = 2, Minimum = 1``, one per line, a tuple
named by its coordinates ``(x, y) = (1000, 10)``, or names set equal to one value ``x = y = z = 1``) against a reference that names none (``18, 7, 14``, ``(18, 7, 14)``)
or names them too (``f(n) = n, g(n) = 1`` for ``(f(n), g(n)) = (n, 1)``, also with a trailing general qualifier
``\\text{ for all positive integers } n``).

Interface::

    named(answer, gold, question, item) -> Verdict | None
        ``item(x, y)``: the whole typed comparison of two value readings; None where the form does not apply

Which value is whose:

* against named reference values: the values of one name are compared (the names the same set);
* the question's request enumerates the names (``Find the ages of Paolo, Maria and Luca``, ``Determine $a$ and
  $b$``, the ordered tuple ``$(a, b, c, d)$``): each value sits at its name's position in the reference, whatever
  order the answer writes them in; names that describe rather than name (``the maximum and minimum``) against a
  reference sorted by size: in any order (datasets list such values by size as often as in the question's order);
* otherwise: names of one letter numbered by a subscript (``x_1 = -2, x_2 = 1``) only number a set (any order);
  distinct names make the order count (``Paolo = 7, Qing = 18, Rayna = 14`` is no ``7, 14, 18``: the names say whose
  value each is, and a reordering of the reference's values is another assignment).

A count that differs is ``different``; ``different`` is a typed fact where every value on both sides was read surely
(:mod:`.sequences`' rule).

May import: :mod:`rlverify.rule.read` (the value texts the names hold), :mod:`.sequences` (its item-by-item rule),
the leaf helpers of :mod:`rlverify.rule.answers` (forms, labels, latex, views, match, question).
"""

from __future__ import annotations

import re

from ..answers.forms import parse_parts
from ..answers.labels import named_order, read_labelled
from ..answers.latex import plain_key
from ..answers.views import strip_qualifier
from ..answers.match import Match
from ..answers.question import Question
from ..read import read
from ..read.types import Chain, Expr, Items, Labelled, Number, Reading, Relation, Text, Tuple, Value
from .sequences import Item, Verdict, _any_order, _consistent, _in_order, _readable, _sure

__all__ = ["named"]

# a coordinate's name in '(x, y) = ...', '(f(n), g(n)) = ...', '(k, \\ell) = ...'
_COORDINATE = re.compile(r"(?:[A-Za-z]|\\[a-z]+)(?:_\{?\w{1,3}\}?)?(?:\s*\(\s*[a-z]\s*\))?")
_INDEXED = re.compile(r"([A-Za-z]|\\[a-z]+)_\{?\d{1,2}\}?")


def named(a: Reading, g: Reading, q: Question, item: Item) -> Verdict | None:
    """See the module doc."""
    pairs = _pairs(a)
    if pairs is None:
        return None
    names, values = [n for n, _ in pairs], tuple(v for _, v in pairs)
    by_name = _named_reference(g)
    ys = by_name if by_name is not None else _plain(g)
    if by_name is None and _labelled_in_words(g):
        return None         # '\\text{max } 28; \\text{min } 0': labels the readers do not read (labelled parts)
    if ys is None or not all(_readable(v) for v in values + tuple(ys.values() if isinstance(ys, dict) else ys)):
        return None
    item = _consistent(item)
    if isinstance(ys, dict):
        keys = [_key(n) for n in names]
        if sorted(keys) != sorted(ys):
            return None
        return _in_order(values, tuple(ys[k] for k in keys), item, _sure_all(values, ys.values()))
    sure = _sure_all(values, ys)
    if len(values) != len(ys):
        return Verdict(Match(False), final=sure)
    order = named_order(names, q.text) if q.text else None
    if order is not None:
        positions, identifiers = order
        if not identifiers and _by_size(ys):
            return _any_order(values, ys, item, sure)
        return _in_order(values, tuple(ys[p] for p in positions), item, sure)
    if _numbered(names):
        return _any_order(values, ys, item, sure)
    return _in_order(values, ys, item, sure)


def _pairs(a: Reading) -> list[tuple[str, Reading]] | None:
    """(name, value reading) of every value the answer gives, two or more, each name once; None where the answer is
    not written so."""
    if isinstance(a, Value | Text):     # a text no value reader reads, or read as words
        bare = strip_qualifier(a.text)      # '(f(n), g(n)) = (n, 1) \\text{ for all positive integers } n'
        if bare is not None and bare != a.text and isinstance(read(bare), Relation):
            a = read(bare)
    if isinstance(a, Chain) and set(a.ops) == {"="} and all(_COORDINATE.fullmatch(m.text.strip()) for m in a.members):
        pairs = [(m.text.strip(), a.last) for m in a.members]     # 'x = y = z = 1': each name takes the value
    elif isinstance(a, Relation) and a.op == "=" and isinstance(a.left, Tuple) and isinstance(a.right, Tuple):
        names = [r.text.strip() for r in a.left.items]
        if len(names) != len(a.right.items) or not all(_COORDINATE.fullmatch(n) for n in names):
            return None
        pairs = list(zip(names, a.right.items))
    elif isinstance(a, Items | Value | Text) and not (isinstance(a, Items) and a.alternatives):
        got = read_labelled(a.text)
        if got is None:
            return None
        pairs = [(label, read(value)) for label, value in got]
    else:
        return None
    if len({_key(n) for n, _ in pairs}) != len(pairs):
        return None
    return pairs


def _named_reference(g: Reading) -> dict[str, Reading] | None:
    """The reference's values by name, where it names every one (each name once)."""
    if not isinstance(g, Items) or g.alternatives or not all(isinstance(r, Labelled) for r in g.items):
        return None
    out = {_key(r.text.split("=")[0]): r.inner for r in g.items}    # type: ignore[attr-defined]
    return out if len(out) == len(g.items) else None


def _plain(g: Reading) -> tuple[Reading, ...] | None:
    """The values of a bare list or of a tuple in parentheses that names none of them."""
    if isinstance(g, Items) and not g.alternatives or isinstance(g, Tuple) and g.left == "(":
        items = g.items     # type: ignore[union-attr]
        return None if any(isinstance(r, Labelled | Relation) for r in items) else items
    return None


def _labelled_in_words(g: Reading) -> bool:
    """The reference labels its parts in a way only :func:`rlverify.rule.answers.forms.parse_parts` reads."""
    parts = parse_parts(g.text)
    return parts is not None and any(p.label for p in parts.items)


def _key(name: str) -> str:
    return plain_key(name).lower().replace(" ", "")


def _numbered(names: list[str]) -> bool:
    """Names of one letter numbered by subscripts (``x_1``, ``x_2``): they number a set."""
    bases = set()
    for n in names:
        m = _INDEXED.fullmatch(re.sub(r"\s+", "", n))
        if m is None:
            return False
        bases.add(m.group(1))
    return len(bases) == 1


def _by_size(ys: tuple[Reading, ...]) -> bool:
    values = [r.exact for r in ys if isinstance(r, Number) and r.exact is not None]
    if len(values) != len(ys):
        return False
    return all(x <= y for x, y in zip(values, values[1:])) or all(x >= y for x, y in zip(values, values[1:]))


def _sure_all(values, ys) -> bool:
    return all(_sure(r) for r in tuple(values) + tuple(ys))
