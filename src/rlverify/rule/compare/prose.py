"""The cells of words, times, ratios and directions (issue 29): what :mod:`rlverify.rule.read.prose` reads.

Interface::

    applies(a, g) -> bool                       a side is a Time, a Ratio, a Text or a Directed value
    prose(a, g, q, again) -> Verdict | None     None: no cell decides the pair

``again(answer_reading, gold_reading)`` is the comparison itself, so that a value stated in words, a ratio's quotient
or a directed quantity's magnitude meets the other side with its unit, precision and the question's context. In order:

* two times of day: the same minute after midnight where both say a.m. or p.m., the same on a 12-hour clock where one
  does; two without (``7{:}30``, ``7:30``) the same time, or the same ratio (``2:10``, ``1:05``); a rejection is final;
  a time without a.m. or p.m. against a number is its ratio;
* a ratio stated under the names it compares (``V_{1}:V_{2}=11:21``) is that ratio; a ratio on either side: its
  quotient (``20:3`` for ``6.67``, ``2`` for ``2:1``, ``\\frac{5}{8}`` for ``5:8``);
* a value with the direction it is given with: two directions that differ are ``different`` (``5 N to the left`` for
  ``5 N to the right``); the same, or none in the reference (its magnitude asked), the values decide;
* words: a yes or no said by a word or a sentence restating it (two that differ are ``different``), the same words
  (case, articles, plural, a qualifier's head: ``odd`` for ``any odd number of participants``), a word stated first
  in a sentence answer (``Bob has a winning strategy``), a word a sentence reference states as its subject or its
  closing predicate (:func:`rlverify.rule.answers.words.sentence_gold`); else the values the texts state
  (``12\\text{ square units}`` is 12);
* two texts no reader took: the same as written (``0.0011_2``, ``0.0011_{2}``), or two integers with a base subscript
  that have the same digits in the same base.

May import: :mod:`rlverify.rule.read.types`, the pure helpers of :mod:`rlverify.rule.answers` named above, the
entries' shared :class:`.relations.Verdict`.
"""

from __future__ import annotations

import re

from ..answers.latex import plain_key
from ..answers.match import Match
from ..answers.numbers import parse_based
from ..answers.quantity import asks_a_unit, unread_unit
from ..answers.question import Question
from ..answers.words import leading_word, same_text, sentence_gold, sentence_yes_no, yes_no, normalize_text, is_wordy
from ..read.types import Approx, Directed, Expr, Labelled, Number, Quantity, Ratio, Reading, Relation, Text, Time, Value
from .relations import Again, Verdict

__all__ = ["Verdict", "applies", "prose"]



_SIDES = (Time, Ratio, Text, Directed)


def applies(a: Reading, g: Reading) -> bool:
    return isinstance(a, _SIDES) or isinstance(g, _SIDES) or (isinstance(a, Value) and isinstance(g, Value)) \
        or _named_ratio(g) is not None


def _named_ratio(r: Reading) -> Reading | None:
    """``V_{1}:V_{2}=11:21``: a ratio stated under the ratio of the names it compares, that ratio; else None."""
    if isinstance(r, Relation) and r.op == "=" and isinstance(r.right, Ratio | Time) and ":" in r.left.text \
            and not isinstance(r.left, Time | Number) and not (isinstance(r.left, Ratio) and isinstance(r.left.value, Number)):
        return r.right
    return None


def prose(a: Reading, g: Reading, q: Question, again: Again) -> Verdict | None:
    named = _named_ratio(g)
    if named is not None:
        return _again(_named_ratio(a) or a, named, again, "ratio")
    if isinstance(a, Time) or isinstance(g, Time):
        return _times(a, g, again)
    if isinstance(a, Ratio) or isinstance(g, Ratio):
        return _again(a.value if isinstance(a, Ratio) else a, g.value if isinstance(g, Ratio) else g, again, "ratio")
    if isinstance(a, Directed) or isinstance(g, Directed):
        return _directed(a, g, again)
    if isinstance(a, Text) or isinstance(g, Text):
        return _words(a, g, q, again)
    if not (isinstance(a, Value) and isinstance(g, Value)):
        return None
    return _as_written(a, g)


def _again(a: Reading, g: Reading, again: Again, entry: str) -> Verdict:
    d = again(a, g)
    return Verdict(d.match, f"typed:{entry}>{d.stage}" if not d.stage.startswith(f"typed:{entry}") else d.stage,
                   d.final)


def _times(a: Reading, g: Reading, again: Again) -> Verdict | None:
    if isinstance(a, Time) and isinstance(g, Time):
        if a.meridiem and g.meridiem:
            same = a.minutes == g.minutes
        elif a.meridiem or g.meridiem:
            same = a.minutes % 720 == g.minutes % 720
        else:    # '7{:}30' and '7:30': the same time; '2:10' and '1:05': the same ratio
            same = a.minutes == g.minutes or (a.ratio is not None and a.ratio == g.ratio)
        return Verdict(Match(same, ("clock",)), "typed:time", final=not same)
    time, other = (a, g) if isinstance(a, Time) else (g, a)
    assert isinstance(time, Time)
    if time.ratio is None or not isinstance(other, Number | Expr | Ratio):    # a.m. or p.m. written: no ratio
        return None
    value = Number(f"\\frac{{{time.ratio.numerator}}}{{{time.ratio.denominator}}}", time.ratio)
    if isinstance(other, Ratio):
        other = other.value
    return _again(value, other, again, "ratio") if time is a else _again(other, value, again, "ratio")


def _directed(a: Reading, g: Reading, again: Again) -> Verdict | None:
    if isinstance(a, Directed) and isinstance(g, Directed):
        if a.direction != g.direction:
            return Verdict(Match(False, ("direction",)), "typed:direction", final=True)
        return _again(a.inner, g.inner, again, "direction")
    if isinstance(a, Directed):     # the reference names no direction: its magnitude is asked
        return _again(a.inner, g, again, "direction")
    return None


def _words(a: Reading, g: Reading, q: Question, again: Again) -> Verdict | None:
    said = _said(a.text, g.text)    # a word against a sentence ('no' reads as a term too)
    if said is not None:
        return said
    if _unit_lost(a, g, q) or _unit_lost(g, a, q):
        return None
    sa = a.states if isinstance(a, Text) else a
    sg = g.states if isinstance(g, Text) else g
    if not (isinstance(sa, _VALUES) and isinstance(sg, _VALUES)):
        return None     # a list, a relation: what a text states is one value against one value
    if isinstance(a, Text) and isinstance(g, Text) and _DIGITS.sub("", a.words) != _DIGITS.sub("", g.words):
        return None     # two sentences: their values only where they say the same words ('18 ways', '18\\text{ ways}')
    d = _again(sa, sg, again, "words")
    return Verdict(d.match, d.entry)    # words may qualify the value they state: a rejection is no typed fact


_VALUES = (Number, Quantity, Expr, Labelled, Approx)
_DIGITS = re.compile(r"[\d\s]+")


def _unit_lost(t: Reading, other: Reading, q: Question) -> bool:
    """The words after a text's number may be a unit no reading knows (``278 zxq``,
    :func:`rlverify.rule.answers.quantity.unread_unit`) where the other side carries a unit or the question asks one:
    dropped as words, the unit would disappear."""
    return isinstance(t, Text) and unread_unit(t.text) and (isinstance(other, Quantity) or asks_a_unit(q.text))


def _said(answer: str, gold: str) -> Verdict | None:
    """What two texts say: yes or no, the same words, a word a sentence states."""
    yn = yes_no(answer, gold)
    if yn is not None and (is_wordy(answer) or normalize_text(answer) in ("yes", "no", "true", "false")):
        return Verdict(Match(yn, ("text",)), "typed:yes_no", final=not yn)
    if same_text(answer, gold):
        return Verdict(Match(True, ("text",)), "typed:text")
    polar = sentence_yes_no(answer, gold)
    if polar is not None:
        return Verdict(Match(polar, ("text",)), "typed:yes_no", final=not polar)
    lead = leading_word(answer, gold)
    if lead is None:
        lead = sentence_gold(answer, gold)
    if lead is not None:
        return Verdict(Match(lead, ("text",)), "typed:sentence", final=not lead)
    return None


def _as_written(a: Reading, g: Reading) -> Verdict | None:
    """Two texts no reader took, equal as written (:func:`rlverify.rule.answers.latex.plain_key`: wrappers, spaces and
    one-character script braces dropped: ``0.0011_2`` and ``0.0011_{2}``), or two integers in one base with the same
    digits."""
    if plain_key(a.text) == plain_key(g.text):
        return Verdict(Match(True), "typed:same_text")
    ba, bg = parse_based(a.text), parse_based(g.text)
    if ba is None or bg is None:
        return None
    return Verdict(Match(ba == bg, ("based",)), "typed:based", final=ba != bg)
