"""The sequence cells of the typed comparison (issue 29): tuples, finite sets and bare lists, item by item.

Interface::

    sequences(answer, gold, question, item) -> Verdict | None
        ``answer``/``gold``: readings, at least one a :data:`~rlverify.rule.read.types.SEQUENCES` (the other may be
        one value, wrappers included); ``item(x, y)``: the whole typed comparison of two item readings (so each item
        gets its units, labels, rounding, expressions); None where this entry does not decide (no other entry reads the
        pair whole, as before)

The semantics, pair by pair of shapes (those of the stage table it replaced):

* a tuple against a tuple: in order, the same brackets (``(1, 2)`` is no ``[1, 2]``; where the question asks for
  intervals of monotonicity the ends are a convention and the brackets may differ);
* a bare list against a tuple: in order (``1, 2`` writes the pair ``(1, 2)``);
* a finite set against a set or a list: the members once each, in any order;
* a bare list against a bare list: in order, unless the question asks for a set (all solutions, roots, a request that
  enumerates nothing: :attr:`~rlverify.rule.answers.question.Question.lists_are_sets`), or for a minimum and a maximum
  (a pair of two values told apart by size); in any order, a value listed twice is listed once (``-2, -2`` is the
  double root ``-2``); labels decide where both sides label every item with distinct names (``x = 1, y = 2``);
  ``x = 1, x = 4`` (one name) is a solution set;
* values named with distinct names against plain values (``d(6) = \\frac{1}{3}, d(16) = 1`` for ``\\frac{1}{3}, 1``):
  the names in the order the question names them, then in order (where it names every one);
* alternatives (``f(x) = x \\text{ or } f(x) = 2 - x``) against a list or a set: in any order;
* counted items (``40 \\text{ chocolate candies}, 60 \\text{ hard candies}``) against counted items: the counts, paired
  as the nouns say (:mod:`.counted`);
* option letters (``A, D`` for ``\\text{A,D}``): the same letters chosen, in any order; other letters are ``different``;
* a list whose comma belongs to a number (``x = 1,520`` against ``1520``; ``2,5`` against ``2.5`` where the question
  allows a decimal comma on that side) against one value: that number;
* groups against a flat list (``\\{1, 2\\}, \\{3, 4\\}`` for ``1, 2, 3, 4``): the groups' members in order, as a list;
* a sequence under a name (``S = \\{1, 2\\}``, ``P = (1, 2)``) is that sequence, and so is a list whose first item
  carries the name (``\\theta = \\frac{\\pi}{6}, \\frac{\\pi}{4}``);
* two pairs in the same brackets under a domain the question fixes (tuples or intervals): equal where every item is;
* one value (or one tuple against a list of tuples) against a set of one member or a list of one value repeated: that
  value; against two values or more: ``different`` (``1`` for ``1, 2``: a part of the answer; final whenever every
  item was read, surely or not), unless the question asks for one example of the listed ones (then one of them is
  the answer).

``equal`` when every item pair is; ``different`` is a typed fact (``final``) only when every item on both sides was
read surely (a number, a quantity whose unit is sure, an expression without a free letter, a tuple of those, under a
label or an approximation sign) and each item pair that decided it was itself a typed ``different`` (or the counts
differ). Anything else is None (no verdict here).

One labelled value against a value repeated (``a = -2`` for ``-2, -2``): ``different`` where the question's request
names it with other unknowns ("Determine $a$ and $b$": one of the values asked,
:func:`rlverify.rule.answers.labels.labelled_values`), else the double root it is.

Not decided here (None), because a stage of the table reads them whole: a side with a value no reader knows (words, a
relation, an option letter, a set-builder), labelled values in the answer against one reference value (the part of
its dimension: ``quantity_parts``), two tuples in brackets of two kinds or under a domain the question fixes
(an interval), an item pair the expression entry decided by renaming a parameter or as a family (or equal under
other letters), alternatives against one value (a hedge: a hedge), a sequence under an approximation
sign or under two different names.

May import: :mod:`rlverify.rule.read.types`, the leaf helpers of :mod:`rlverify.rule.answers` (match, latex, numbers,
question, forms.label_order, labels.labelled_values).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ..answers.forms import label_order
from ..answers.labels import labelled_values
from ..answers.latex import plain_key, split_top
from ..answers.match import Match
from ..answers.numbers import decimal_comma
from ..answers.question import Question
from ..read.types import Approx, Expr, Items, Labelled, Number, Option, Quantity, Reading, Relation, Set, Tuple
from .counted import counted

__all__ = ["Verdict", "sequences"]


@dataclass(frozen=True)
class Verdict:
    match: Match
    final: bool


Item = Callable[[Reading, Reading], object]     # -> a Decision (its .match and .final are read)

_SEQUENCES = (Tuple, Set, Items)
# an item pair decided by reading a letter as a free parameter: only the whole pair can say the renaming is consistent
_WHOLE_ONLY = frozenset(("renamed", "general_solution", "residue", "integer_points"))
_COMMAND = re.compile(r"\\[A-Za-z]+")
_LETTER = re.compile(r"[A-Za-z]")
_NAME = re.compile(r"(?:[A-Za-z]|\\[a-z]+)(?:_\{?\w{1,3}\}?)?")
_COMMA_NUMBER = re.compile(r"(?<![\d.,])\d+(?:,\d+)+(?![\d,])")
_GROUPED = re.compile(r"[1-9]\d{0,2}(?:,\d{3})+")


def sequences(a: Reading, g: Reading, q: Question, item: Item) -> Verdict | None:
    """See the module doc."""
    renamed: list[bool] = []
    v = _sequences(a, g, q, _consistent(item, renamed))
    if v is None and renamed:
        return _renamed_whole(a, g, q)
    return v


def _renamed_whole(a: Reading, g: Reading, q: Question) -> Verdict | None:
    """Two sequences whose items were equal under other letters (``(t, 2t)`` for ``(k, 2k)``): the whole pair says
    whether one renaming serves every item (:func:`rlverify.rule.answers.renaming.same_up_to_renaming`: a letter the
    question names is no parameter), else the core's comparison of the two texts, which renames a parameter across
    the whole; only an equality (a rejection is no typed fact)."""
    from ..answers.core import compare_core
    from ..answers.renaming import same_up_to_renaming

    r = same_up_to_renaming(a.text, g.text, q.text)
    if r is not None:
        return Verdict(Match(True, ("renamed",)), False) if r else None
    m = compare_core(a.text, g.text, q)
    return Verdict(Match(True, m.flags + ("renamed",)), False) if m.equal else None


def _sequences(a: Reading, g: Reading, q: Question, item: Item) -> Verdict | None:
    got = _names_off(a, g, q)
    if got is None:
        return None
    a, g = _named_list(got[0], got[1]), _named_list(got[1], got[0])
    if _comma_in_number(a, g, q.answer_commas) or _comma_in_number(g, a, q.gold_commas):
        return _one_number(a, g, q, item)
    pairs = counted(a, g)       # '40 \\text{ chocolate candies}, 60 \\text{ hard candies}': the counts
    if pairs is not None:
        return _in_order(pairs[0], pairs[1], item, pairs[2])
    chosen = _chosen(a), _chosen(g)
    if None not in chosen:
        return Verdict(Match(chosen[0] == chosen[1]), final=chosen[0] != chosen[1])
    if not (_readable(a) and _readable(g)):
        return None
    sure = _sure(a) and _sure(g)
    if _alternatives(a) or _alternatives(g):
        if not (isinstance(a, _SEQUENCES) and isinstance(g, _SEQUENCES)):
            return None                   # alternatives where one value is asked: a hedge (a hedge)
    if not isinstance(g, _SEQUENCES) or _one_group(g, a):
        return _one_value(g, a, False, q, item)
    if not isinstance(a, _SEQUENCES) or _one_group(a, g):
        return _one_value(a, g, True, q, item)
    a, g = _flat_groups(a, g), _flat_groups(g, a)
    if _grouped(a, g) or _grouped(g, a):
        return None
    xs, ys = a.items, g.items
    la, lg = _labels(xs), _labels(ys)
    if la is None or lg is None:
        return None                       # some items labelled, some not
    if la and lg and len(set(la)) == len(la) and len(set(lg)) == len(lg):
        return _by_name(xs, ys, la, lg, item, sure)
    if (la and len(set(la)) > 1) or (lg and len(set(lg)) > 1):
        return _named_in_question(a, g, q, item, sure)
    # 'x = 1, x = 4' (one name) is a solution set, and so is a list of alternatives
    order = _ordered(a, g, q) if not (la or lg or _alternatives(a) or _alternatives(g)) else False
    if order is None:
        return _same_pair(a, g, item)
    if order:
        return _in_order(xs, ys, item, sure)
    return _any_order(_distinct(xs), _distinct(ys), item, sure)


def _chosen(r: Reading) -> frozenset[str] | None:
    """The option letters a list or a set of bare letters chooses (``A, D``, ``\\text{A,D}``), else None."""
    if not isinstance(r, Items | Set) or _alternatives(r) or not all(isinstance(x, Option) and x.inner is None
                                                                     for x in r.items):
        return None
    return frozenset(x.letter for x in r.items)     # type: ignore[attr-defined]


def _named_list(r: Reading, other: Reading) -> Reading:
    """A list whose first item carries the name of them all (``\\theta = \\frac{\\pi}{6}, \\frac{\\pi}{4}``, ``x = 1, 2``,
    ``(x, y) = (5, 8) \\text{ and } (8, 5)``): the list of the values, the name off; so too a list whose one named item stands elsewhere (``13, 5, n = 2``)
    where the other side names its values by that one name (``n = 2, 5, 13``)."""
    named = _one_name(r)
    if named is None or named[0] != 0 and (_one_name(other) or (None, None))[1] != named[1]:
        return r
    k = named[0]
    return Items(r.text, r.items[:k] + (_named_value(r.items[k]),) + r.items[k + 1:])


def _one_name(r: Reading) -> tuple[int, str] | None:
    """(the place, the name) of the one named item of a list whose other items are plain values, else None."""
    if not isinstance(r, Items) or _alternatives(r):
        return None
    places = [k for k, x in enumerate(r.items) if isinstance(x, Labelled) or "=" in x.text]
    if len(places) != 1:
        return None
    name = _seq_name(r.items[places[0]]) if _tuple_named(r.items[places[0]]) else None
    if name is not None:        # '(x, y) = (5, 8) \\text{and} (8, 5)': the names of the pairs, given once
        return places[0], name
    if not isinstance(r.items[places[0]], Labelled):
        return None
    return places[0], r.items[places[0]].name      # type: ignore[attr-defined]


def _same_pair(a: Reading, g: Reading, item: Item) -> Verdict | None:
    """Two pairs in the same brackets that may be intervals (the question fixes a domain): equal where they are equal
    item by item, as tuples or as intervals alike; anything else no verdict."""
    if not (isinstance(a, Tuple) and isinstance(g, Tuple) and a.left == g.left and len(a.items) == len(g.items)):
        return None
    v = _in_order(a.items, g.items, item, False)
    return v if v is not None and v.match.equal else None


def _names_off(a: Reading, g: Reading, q: Question) -> tuple[Reading, Reading] | None:
    """A sequence under a name (``S = \\{1, 2\\}``, ``P = (1, 2)``) is the sequence; under two different names, or under
    an approximation sign (which loosens each item), no reading here (None). A tuple of names (``(y, x) = (2, 3)``)
    against a sequence without names is its values in the order the question writes those names (``the point (x,
    y)``: ``(3, 2)``), or in its own order where the names are in alphabetical order; else None."""
    a, g = _each_approximate(a), _each_approximate(g)
    if _under(a, Approx) or _under(g, Approx):
        return None
    na, ng = _seq_name(a), _seq_name(g)
    if na is not None and ng is not None and na != ng:
        return None
    if (na is None) != (ng is None):
        named = a if na is not None else g
        values = _in_asked_order(named, q) if _tuple_named(named) else _named_value(named)
        if values is None:
            return None
        return (values, g) if named is a else (a, values)
    return (_named_value(a) if na is not None else a), (_named_value(g) if ng is not None else g)


_NAMES_TUPLE = re.compile(r"\\(\s*((?:[A-Za-z](?:_\{?\w{1,3}\}?)?\s*,\s*)+[A-Za-z](?:_\{?\w{1,3}\}?)?)\s*\\)")


def _in_asked_order(r: Reading, q: Question) -> Reading | None:
    """The values of a tuple of names (``(y, x) = (2, 3)``) in the order the question writes the same names in a tuple
    (``(x, y)``: ``(3, 2)``); in their own order where the question writes no such tuple and the names are in
    alphabetical order (``(p, q) = (3, 2)``); else None (which value is which is not said)."""
    names = [plain_key(x.text).lower() for x in r.left.items]        # type: ignore[attr-defined]
    values = r.right                                                    # type: ignore[attr-defined]
    for m in _NAMES_TUPLE.finditer(q.text or ""):
        asked = [plain_key(x).lower() for x in m.group(1).split(",")]
        if sorted(asked) == sorted(names) and len(set(asked)) == len(asked):
            if asked == names:
                return values
            items = tuple(values.items[names.index(n)] for n in asked)
            close = ")" if values.left == "(" else "]"
            return Tuple(values.left + ", ".join(x.text for x in items) + close, items, values.left)
    return values if names == sorted(names) else None


def _each_approximate(r: Reading) -> Reading:
    """An approximation sign before a bare list (``\\approx 1.2, 3.4``) loosens each item: the list of the items
    approximated; any other reading as it is."""
    if not (isinstance(r, Approx) and isinstance(r.inner, Items) and not r.inner.alternatives):
        return r
    items = tuple(x if isinstance(x, Approx) else Approx(f"\\approx {x.text}", x) for x in r.inner.items)
    return Items(r.text, items)


def _seq_name(r: Reading) -> str | None:
    """The name of a sequence under a name: a label (``P = (1, 2)``), or a tuple of names (``(p, q) = (3, 2)``)."""
    if isinstance(r, Labelled) and isinstance(r.inner, _SEQUENCES):
        return r.name
    if _tuple_named(r):
        return plain_key(r.left.text).lower()      # type: ignore[attr-defined]
    return None


def _named_value(r: Reading) -> Reading:
    return r.right if isinstance(r, Relation) else r.inner      # type: ignore[attr-defined]


def _tuple_named(r: Reading) -> bool:
    """``(p, q) = (3, 2)``: a tuple of names (one letter each, perhaps with a subscript) set equal to a tuple of as
    many values."""
    return isinstance(r, Relation) and r.op == "=" and isinstance(r.left, Tuple) and isinstance(r.right, Tuple) \
        and len(r.left.items) == len(r.right.items) and all(_NAME.fullmatch(x.text.strip()) for x in r.left.items)


def _under(r: Reading, wrapper: type) -> bool:
    """A sequence under ``wrapper`` (directly or under other labels and signs)."""
    seen = False
    while isinstance(r, Labelled | Approx):
        seen = seen or isinstance(r, wrapper)
        r = r.inner
    return seen and isinstance(r, _SEQUENCES)


def _one_value(one: Reading, seq: Reading, answer_is_one: bool, q: Question, item: Item) -> Verdict | None:
    """One value (a tuple of values, too, against a list of tuples) against a sequence."""
    sure = _sure(one) and _sure(seq)
    if not answer_is_one and _labels(seq.items):
        return None      # 'v = 3 m/s, a = 2 m/s^2' for '3 m/s': the part of the reference's dimension (quantity_parts)
    members = _distinct(seq.items) if not isinstance(seq, Tuple) else seq.items
    if len(members) == 1:
        if isinstance(one, Labelled) and isinstance(seq, Items):
            if not answer_is_one:
                return None
            if labelled_values(one.text, seq.text, q.text) is False:   # 'a = -2' for '-2, -2' where the question
                return Verdict(Match(False), final=True)                # asks for a and b: one of the values asked
            # 'x = -2' for '-2, -2' where the roots of one unknown are asked: the double root
        d = item(one, members[0]) if answer_is_one else item(members[0], one)
        return _verdict(d, sure)
    if answer_is_one and isinstance(seq, Items) and q.asks_one_example:
        return _any_of(one, seq.items, item, sure)
    return Verdict(Match(False), final=True)   # one value for several (read, if not surely: a count is no renaming)


def _one_group(one: Reading, seq: Reading) -> bool:
    """A tuple of values against a list or a set of tuples (``(2, 2, 2)`` for ``(2, 2, 2), (2, 2, 3)``): one value."""
    return isinstance(one, Tuple) and not isinstance(seq, Tuple) and isinstance(seq, _SEQUENCES) \
        and not any(isinstance(r, _SEQUENCES) for r in one.items) and all(isinstance(r, Tuple) for r in seq.items)


def _alternatives(r: Reading) -> bool:
    return isinstance(r, Items) and r.alternatives


def _any_of(one: Reading, ys: tuple[Reading, ...], item: Item, sure: bool) -> Verdict | None:
    final = sure
    for y in ys:
        d = item(one, y)
        if _whole_only(d):
            return None
        if d.match.equal:
            return Verdict(d.match, False)
        final = final and d.final
    return Verdict(Match(False), True) if final else None


def _in_order(xs: tuple[Reading, ...], ys: tuple[Reading, ...], item: Item, sure: bool) -> Verdict | None:
    if len(xs) != len(ys):
        return Verdict(Match(False), True) if sure else None
    flags: list[str] = []
    for x, y in zip(xs, ys):
        d = item(x, y)
        if _whole_only(d):
            return None
        if not d.match.equal:
            return Verdict(Match(False), True) if sure and d.final else None
        flags += d.match.flags
    return Verdict(Match(True, tuple(dict.fromkeys(flags))), False)


def _any_order(xs: tuple[Reading, ...], ys: tuple[Reading, ...], item: Item, sure: bool) -> Verdict | None:
    """Every x pairs off with a distinct y (greedily, as the table does); ``different`` when the counts differ, or an
    x is a typed ``different`` from every y (then no pairing exists at all)."""
    if len(xs) != len(ys):
        return Verdict(Match(False), True) if sure else None
    left = list(range(len(ys)))
    flags: list[str] = []
    for x in xs:
        decided: dict[int, object] = {}
        hit = None
        for k in left:
            d = decided[k] = item(x, ys[k])
            if _whole_only(d):
                return None
            if d.match.equal:
                hit = k
                break
        if hit is None:
            if sure and all(d.final for d in decided.values()) and \
                    all(item(x, ys[k]).final for k in range(len(ys)) if k not in decided):
                return Verdict(Match(False), True)
            return None
        flags += decided[hit].match.flags
        left.remove(hit)
    return Verdict(Match(True, tuple(dict.fromkeys(flags))), False)


def _by_name(xs, ys, la: list[str], lg: list[str], item: Item, sure: bool) -> Verdict | None:
    """Both sides name every item, each name once: the items of one name are compared (``x = 1, y = 2`` against
    ``y = 2, x = 1``); other names on the two sides: no verdict."""
    if set(la) != set(lg):
        return None
    by = dict(zip(lg, ys))
    return _in_order(xs, tuple(by[n] for n in la), item, sure)


def _named_in_question(a: Reading, g: Reading, q: Question, item: Item, sure: bool) -> Verdict | None:
    """Values named with distinct names (``d(6) = \\frac{1}{3}, d(16) = 1``) against plain values, in a bare list or
    in parentheses: the names taken in the order the question names them (:func:`rlverify.rule.answers.forms.label_order`),
    then in order; where the question does not name every one, plain answer values in the order of the reference's
    names (``-5, \\frac{14}{3}`` for ``x = -5, p = \\frac{14}{3}``) are equal (an equality only), else None."""
    named, plain = (a, g) if _labels(a.items) else (g, a)
    if _labels(plain.items) or isinstance(plain, Set) or isinstance(plain, Tuple) and plain.left != "(":
        return None
    names = [_name(r) for r in named.items]
    if len(set(names)) != len(names):
        return None
    order = label_order(q.text, names)
    if order is None:
        if named is a:
            return None
        v = _in_order(plain.items, tuple(r.inner for r in named.items), item, False)   # type: ignore[attr-defined]
        return v if v is not None and v.match.equal else None   # the reference's own order: an equality only
    by = dict(zip(names, named.items))
    values = tuple(by[n].inner for n in order)      # type: ignore[attr-defined]
    return _in_order(values, plain.items, item, sure) if named is a else _in_order(plain.items, values, item, sure)


def _name(r: Reading) -> str:
    """A labelled item's name as written (``d(6)``, ``x_1``)."""
    return split_top(r.text, ("=", "\\approx"))[0].strip()


def _verdict(d, sure: bool) -> Verdict | None:
    if _whole_only(d):
        return None
    if d.match.equal:
        return Verdict(d.match, False)
    return Verdict(d.match, True) if sure and d.final else None


def _whole_only(d) -> bool:
    return bool(_WHOLE_ONLY.intersection(d.match.flags))


def _ordered(a: Reading, g: Reading, q: Question) -> bool | None:
    """True: in order; False: in any order; None: no verdict (two tuples that may be intervals)."""
    if isinstance(a, Tuple) and isinstance(g, Tuple):
        if len(a.items) == len(g.items) == 2 and (q.domain.value or a.left != g.left and not q.asks_monotone_intervals):
            return None
        return True
    if isinstance(a, Set) or isinstance(g, Set):
        return None if isinstance(a, Tuple) or isinstance(g, Tuple) else False
    if isinstance(a, Tuple) or isinstance(g, Tuple):
        return True
    return not (q.lists_are_sets or len(a.items) == len(g.items) == 2 and q.asks_extrema)


def _labels(items: tuple[Reading, ...]) -> list[str] | None:
    """The names of the items when every item is labelled, [] when none is, None for a mix."""
    names = [r.name for r in items if isinstance(r, Labelled)]
    return names if len(names) == len(items) else [] if not names else None


def _distinct(items: tuple[Reading, ...]) -> tuple[Reading, ...]:
    """Each member once (the same text up to spacing and wrappers); equal values written differently stay."""
    seen: dict[str, Reading] = {}
    for r in items:
        seen.setdefault(plain_key(r.text), r)
    return tuple(seen.values())


def _flat_groups(s: Reading, other: Reading) -> Reading:
    """``\\{1, 2\\}, \\{3, 4\\}`` against a flat list of values: the groups' members in order, as one list (the
    table's reading)."""
    if not (isinstance(s, Items) and isinstance(other, Items)) or any(_group(r) for r in other.items):
        return s
    if not all(isinstance(r, Set | Tuple) for r in s.items):
        return s
    return Items(s.text, tuple(x for r in s.items for x in r.items))


def _grouped(s: Reading, other: Reading) -> bool:
    """Groups (tuples, sets) against a flat list of values: the table reads the groups' members in order."""
    return isinstance(other, _SEQUENCES) and any(_group(r) for r in s.items) and not any(_group(r) for r in other.items)


def _group(r: Reading) -> bool:
    """An item that is itself a sequence, under labels too (``x = (2, 32)``)."""
    while isinstance(r, Labelled | Approx):
        r = r.inner
    return isinstance(r, _SEQUENCES)


def _comma_in_number(s: Reading, other: Reading, decimal: bool) -> bool:
    """A list against one value whose comma may belong to a number the table reads whole: a thousands separator
    (``x = 1,520``), or a decimal comma where the question allows one on that side (``x = -0,0613``;
    :attr:`~rlverify.rule.answers.question.Question.answer_commas`, ``gold_commas``)."""
    if not isinstance(s, Items) or isinstance(other, _SEQUENCES):
        return False
    return any(_GROUPED.fullmatch(m.group()) or decimal and decimal_comma(m.group()) is not None
               for m in _COMMA_NUMBER.finditer(s.text))


def _one_number(a: Reading, g: Reading, q: Question, item: Item) -> Verdict | None:
    """The list whose comma belongs to a number, read as that number (``1,520`` is 1520; ``-0,0613`` is -0.0613 where
    the question allows a decimal comma on that side) against the other side's one value; None where the text is more
    than one number."""
    if isinstance(a, Items) and not isinstance(g, _SEQUENCES):
        number = _comma_number(a.text, q.answer_commas)
        return None if number is None else _verdict(item(number, g), _sure(number) and _sure(g))
    if isinstance(g, Items) and not isinstance(a, _SEQUENCES):
        number = _comma_number(g.text, q.gold_commas)
        return None if number is None else _verdict(item(a, number), _sure(number) and _sure(a))
    return None


def _comma_number(text: str, decimal: bool) -> Reading | None:
    """The number a text with commas writes: digit groups, or a decimal comma where ``decimal``; None for a list."""
    from ..read import read

    t = split_top(text, ("=",))[-1].strip()       # 'x = 1,520': the value after its name
    digits = t.lstrip("+-−").strip()
    if not _COMMA_NUMBER.fullmatch(digits):
        return None
    if _GROUPED.fullmatch(digits):
        return read(t.replace(",", ""))
    if decimal and decimal_comma(t) is not None:
        return read(t.replace(",", "."))
    return None


@dataclass(frozen=True)
class _Renamed:
    match: Match
    final: bool = False


def _consistent(item: Item, renamed: list[bool] | None = None) -> Item:
    """``item``, where two expressions found equal with other letters (``t`` for ``k``: a parameter renamed) are
    flagged ``renamed`` (and ``renamed`` records it): whether the renaming is consistent across the items only the
    whole pair can say."""
    seen = renamed if renamed is not None else []

    def run(x: Reading, y: Reading):
        d = item(x, y)
        if d.match.equal and _letters(x) != _letters(y):    # type: ignore[attr-defined]
            seen.append(True)
            return _Renamed(Match(True, d.match.flags + ("renamed",)))     # type: ignore[attr-defined]
        if d.match.equal and _WHOLE_ONLY.intersection(d.match.flags):      # type: ignore[attr-defined]
            seen.append(True)
        elif not d.match.equal and not d.final and _letters(x) != _letters(y):   # type: ignore[attr-defined]
            seen.append(True)       # '4j' against '4t' (a unit or a letter): undecided, the whole pair may say
        return d
    return run


def _letters(r: Reading) -> frozenset[str]:
    """The letters of an expression's value (under its label), outside commands, or of a quantity whose unit may be a
    letter (``2t``); none for a number or a sure quantity."""
    while isinstance(r, Labelled | Approx):
        r = r.inner
    if isinstance(r, Quantity) and not r.sure:      # '2t': a unit, or a letter
        return frozenset(_LETTER.findall(_COMMAND.sub(" ", r.text)))
    return frozenset(_LETTER.findall(_COMMAND.sub(" ", r.text))) if isinstance(r, Expr) else frozenset()


def _readable(r: Reading) -> bool:
    """Every item a value this comparison knows (no Value, option letter, antiderivative; sequences one level deep
    inside a list)."""
    if isinstance(r, Labelled | Approx):
        return _readable(r.inner)
    if isinstance(r, _SEQUENCES):
        return all(_readable(x) and not isinstance(x, Items) for x in r.items)
    if isinstance(r, Quantity):     # '(0^\\circ)' reads as the magnitude '(0': no verdict whole
        return r.magnitude.count("(") == r.magnitude.count(")") and r.magnitude.count("[") == r.magnitude.count("]")
    return isinstance(r, Number | Expr)


def _sure(r: Reading) -> bool:
    """Read surely: a number, a quantity whose unit is sure, an expression without a free letter (a letter may be a
    parameter another side renames), under labels, signs and brackets."""
    if isinstance(r, Labelled | Approx):
        return _sure(r.inner)
    if isinstance(r, _SEQUENCES):
        return all(_sure(x) for x in r.items)
    if isinstance(r, Quantity):
        return r.sure
    if isinstance(r, Expr):
        return _LETTER.search(_COMMAND.sub(" ", r.text)) is None
    return isinstance(r, Number)
