"""Several quantities with units in one answer (``v = 3\\,\\mathrm{m/s},\\ a = 2\\,\\mathrm{m/s^2}``, ``d_1 = 31.25 m;
d_2 = 14 m``, ``t = 2 min \\text{ and } F = 5.68 N``), against a reference of one quantity or of several.

Interface::

    compare_quantity_parts(answer, gold, question, again) -> Match | None

* a reference of one quantity (its unit, or the one unit the question asks for): the answer's part of that
  dimension is compared, when there is exactly one (the others are other quantities, not alternatives: two
  parts of the reference's dimension are no reading here);
* a reference listing as many quantities: paired by label where both sides label every part with the same
  labels, else by dimension where each dimension occurs once (a pair that differs decides: not equal), else in
  order (equal when every pair is; the same values in another order: no claim, a set may list them so; a value
  that is not the reference's: not equal).

Only an answer that labels its quantities, each with a unit, is read (bare numbers ``x = 3, y = 4`` and angles
``60^\\circ, 90^\\circ`` are other stages').
None: the form does not apply.
"""

from __future__ import annotations

import re
from typing import Callable, NamedTuple

from .latex import split_top
from .match import Match, same_multiset
from .quantity import _SYMBOL, Quantity, _asked_units, parse_quantity

__all__ = ["compare_quantity_parts"]

_SEPARATORS = (",", ";", "\\quad", "\\qquad", "\\text{ and }", "\\text{and}", "\\text{ and}", "\\text{and }",
               " and ", "\\\\")
_MAX_CHARS = 400
_SPACING = re.compile(r"\\[,;:!]")
_MAX_PARTS = 6
_LABELLED = re.compile(r"^\s*(" + _SYMBOL + r")\s*(?:=|\\approx|≈)\s*(.+)$", re.S)
_LAYOUT = re.compile(r"^(?:\\[,;:! ]|\\q?quad(?![A-Za-z])|~|\s)+|(?:\\[,;:! ]|\\q?quad(?![A-Za-z])|~|\s)+$")


class _Part(NamedTuple):
    label: str | None
    value: str          # the value text with its unit (no label)
    quantity: Quantity


def _parts(text: str) -> list[_Part] | None:
    """The parts of a list of quantities each written with a unit (and a label or not), else None."""
    if len(text) > _MAX_CHARS or not any(s in text for s in _SEPARATORS):
        return None
    pieces = [p for p in split_top(_SPACING.sub(" ", text), _SEPARATORS) if _LAYOUT.sub("", p)]   # ',\\quad': one
    if not 2 <= len(pieces) <= _MAX_PARTS:
        return None
    out = []
    for piece in pieces:   # '\\,' is a thin space, not a comma
        piece = _LAYOUT.sub("", piece)
        m = _LABELLED.match(piece)
        label, value = (re.sub(r"\s+", "", m.group(1)), m.group(2).strip()) if m else (None, piece)
        if "=" in value:
            return None                       # a chain in one part: not a plain list of quantities
        q = parse_quantity(value)
        if q is None or q.unit is None or q.unit.kind not in ("physical", "angle_rate"):
            return None
        out.append(_Part(label, value, q))
    return out


def _dimension(q: Quantity) -> tuple:
    assert q.unit is not None
    return (q.unit.kind, str(q.unit.dimensionality()))


def _single(gold: str, question: str | None) -> tuple[tuple, str] | None:
    """(dimension, value text) of a reference that is one quantity (with a label or not)."""
    m = _LABELLED.match(gold)
    value = m.group(2).strip() if m else gold
    q = parse_quantity(value)
    if q is None:
        return None
    if q.unit is not None:
        return _dimension(q), value
    asked = [u for u in _asked_units(question) if u.kind == "physical"]
    if len({str(u.dimensionality()) for u in asked}) != 1:
        return None
    return ("physical", str(asked[-1].dimensionality())), value


def _pairs(ap: list[_Part], gp: list[_Part]) -> tuple[list[tuple[str, str]] | None, bool]:
    """The answer's parts paired with the reference's (by label, by dimension, or in order), and whether the pairing
    is certain (by label or dimension: a pair that differs decides; in order it may be a set's other order)."""
    if all(p.label for p in ap + gp) and {p.label for p in ap} == {p.label for p in gp} and len({p.label for p in ap}) == len(ap):
        by = {p.label: p.value for p in ap}
        return [(by[g.label], g.value) for g in gp], True      # type: ignore[index]
    adims, gdims = [_dimension(p.quantity) for p in ap], [_dimension(p.quantity) for p in gp]
    if len(set(gdims)) == len(gdims):
        if sorted(adims) != sorted(gdims):
            return None, True
        by_dim = {d: p.value for d, p in zip(adims, ap)}
        return [(by_dim[d], g.value) for d, g in zip(gdims, gp)], True
    if adims != gdims:
        return None, False
    return [(a.value, g.value) for a, g in zip(ap, gp)], False


def compare_quantity_parts(answer: str, gold: str, question: str | None,
                           again: Callable[[str, str], Match]) -> Match | None:
    if "=" not in answer and "≈" not in answer and "approx" not in answer:
        return None                                     # C-speed gate: no label, no reading here
    ap = _parts(answer)
    if ap is None or not any(p.label for p in ap):     # labelled quantities ('v = 3 m/s, a = 2 m/s^2') only
        return None
    gp = _parts(gold) if any(s in gold for s in _SEPARATORS) else None
    if gp is None:
        single = _single(gold, question)
        if single is None:
            return None
        dim, _ = single
        same = [p for p in ap if _dimension(p.quantity) == dim]
        if len(same) != 1:
            return None
        m = again(same[0].value, gold if not _LABELLED.match(gold) else single[1])
        return Match(m.equal, tuple(dict.fromkeys(m.flags + ("quantity_parts",))))
    if len(gp) != len(ap):
        return None
    pairs, certain = _pairs(ap, gp)
    if pairs is None:
        return Match(False, ("quantity_parts",)) if certain else None
    flags: tuple[str, ...] = ()
    for a, g in pairs:
        m = again(a, g)
        if not m.equal:
            if not certain and same_multiset([p.value for p in ap], [p.value for p in gp], lambda x, y: again(x, y).equal):
                return None                   # the same values in another order: a set's, or a wrong assignment
            return Match(False, m.flags + ("quantity_parts",))
        flags += m.flags
    return Match(True, tuple(dict.fromkeys(flags + ("quantity_parts",))))
