"""Readers of the texts no value reader takes (issue 29): a time of day, a ratio, a value with the direction it is given
with, words and the value a sentence states.

Interface::

    parts(s, again, depth) -> Items | None         '(a) 5 m/s (b) 10 m': the values of a question's parts, labelled
                                                   by their letters
    sentence(s, again, depth) -> Text | None       a sentence or a derivation stating its value (before every
                                                   reader of a part: a label, a relation, a list)
    directed(s, again, depth) -> Directed | None   a quantity and its direction (before the list reader: a comma
                                                   may set the direction apart)
    prose(s, again, depth) -> Reading | None       the last reader of :data:`rlverify.rule.read.READERS`

Before the readers of a part (a relation, a list), a sentence or a derivation that states its value (``\\text{So
there are }1600\\text{ ways}``, ``... \\text{hence }7 = 5 + x \\Rightarrow x = 2``, an aligned derivation, a value with
the range it holds for) is a :class:`~.types.Text` with that value (:func:`sentence`), and so is a sentence of words
(``Yes, such a sequence exists.``: never a list of words); before the list reader, a quantity with its direction
(:func:`directed`). Last (:func:`prose`), on a cleaned text that no reader before took:

* a text in a counting notation (``P(24,4)``: :func:`rlverify.rule.answers.counting.counting_reading`) is the reading
  of its value;
* a time of day (:func:`rlverify.rule.answers.quantity.parse_clock`: ``4:30 \\text{ p.m.}``, ``11{:}45\\text{ AM}``,
  ``7{:}30``) is a :class:`~.types.Time`;
* two terms joined by one colon at the top (``20:3``, ``1 : (4/3)``), each read as a number or a term, is a
  :class:`~.types.Ratio`, its value the reading of their quotient;
* a quantity followed by the direction it is given with (``5 N to the left``, ``30^\\circ`` below the horizontal:
  :func:`rlverify.rule.answers.quantity.closing_direction`) is a :class:`~.types.Directed`;
* any other text with a word in it is a :class:`~.types.Text`: its folded words, and the value it states where it
  states one plainly: a number before a counted noun or an ordinal suffix (``12\\text{ square units}``, ``15th Day``,
  ``18 ways``: :func:`rlverify.rule.answers.core.strip_units`, :func:`rlverify.rule.answers.words.strip_trailing_words`),
  the first reduction of the span that reads as a value (:func:`rlverify.rule.answers.views.candidates`: ``\\text{so
  the total is }168``, a derivation's last step ``\\Rightarrow x = 2``; each reduction refuses a wording that changes
  the claim), a number in words or a short sentence stating one (:func:`rlverify.rule.answers.words.words_to_number`,
  :func:`~rlverify.rule.answers.words.sentence_number`), or the value after a numbered option label (``\\text{Option 2:
  } 10^{-4}\\text{ eV}``).

May import: :mod:`.types`, the pure text helpers of :mod:`rlverify.rule.answers` named above. Never the comparison.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from typing import Callable

from ..answers.core import strip_units
from ..answers.counting import counting_reading
from ..answers.forms import split_condition
from ..answers.latex import clean, split_top
from ..answers.quantity import closing_direction, parse_clock
from ..answers.surface import unwrap
from ..answers.views import candidates
from ..answers.words import normalize_text, sentence_number, strip_trailing_words, words_to_number
from .types import Directed, Expr, Items, Labelled, Number, Quantity, Ratio, Reading, Remarked, Text, Time

__all__ = ["directed", "parts", "prose", "sentence"]

Again = Callable[[str, int], Reading]

_MAX_CHARS = 300
_LETTER = re.compile(r"[A-Za-z]{2,}")
_COMMAND = re.compile(r"\\[A-Za-z]+")
_ENVIRONMENT = re.compile(r"\\(?:begin|end)\s*\{[A-Za-z*]+\}")
_MIXED = re.compile(r"\d\s*\\frac")      # '4:45\\frac{3}{11}': a time with a fraction of a minute, no ratio
# 'Option 2: ', '\\text{Option 2: }', 'Choice 3.': a numbered option label before a value
_NUMBERED_OPTION = re.compile(r"^\s*(?:\\text\s*\{\s*)?(?:option|choice)\s*\(?\s*(\d)\s*\)?\s*[:.)]\s*\}?\s*(?=\S)", re.I)


def prose(s: str, again: Again, depth: int) -> Reading | None:
    if len(s) > _MAX_CHARS:
        return None
    counted = counting_reading(s)
    if counted:                # 'P(24,4)', 'C(10,3)': the counting notation's value
        return again(clean(counted), depth + 1)
    return _time(s) or _ratio(s, again, depth) or directed(s, again, depth) or _text(s, again, depth)


# a sentence: a lead-in in words ('\\text{So there are }1600...', '\\text{With }75\\text{ and }...'), a derivation that
# concludes ('... \\text{hence }7=5+x \\Rightarrow x=2'), a derivation in an aligned environment or in an array of
# equations (its last row; an array of values is a matrix, read before), a value
# and the range it holds for ('a_n=\\frac{1}{3n}\\ \\text{for all } n\\ge 1'), a value in a clause of three words or more
# ('6\\text{ points satisfy the condition using the }8\\text{ and }1\\text{ given.}': never a list of its numbers), unless
# the words give a value's direction ('30^\\circ\\text{ with the horizontal}': :func:`directed`)
_SENTENCE = re.compile(r"^\\text\s*\{\s*[A-Za-z]{2,}|\\(?:Rightarrow|implies|Longrightarrow|therefore)(?![A-Za-z])"
                       r"|\\text\s*\{[^{}]*\b(?:hence|so|therefore|thus)\b|\\begin\{(?:aligned|gathered|align\*?|array)\}"
                       r"|\\text\s*\{\s*for\s+(?:all|every|each|any)\b", re.I)
_CLAUSE = re.compile(r"\\text\s*\{[^{}]*?[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}")


# words and punctuation only, one clause of three words or more: a sentence, never a list ('red, green, blue')
_WORDS = re.compile(r"[A-Za-z][A-Za-z ,;:'\-.!?]*")
_PUNCT = re.compile(r"[,;:.!?]")


# '(a) 18\\text{ km/h} (b) 10\\text{ m}', '(a) 5, (b) 10': the answers to a question's parts, each after its letter
_PART = re.compile(r"(?:^|(?<=[\s,;]))\(\s*([a-h])\s*\)\s*")


def parts(s: str, again: Again, depth: int) -> Items | None:
    """Two parts or more, each a part letter in brackets then its value: the values labelled by their letters."""
    if len(s) > _MAX_CHARS or "(" not in s:
        return None
    marks = list(_PART.finditer(s))
    if len(marks) < 2 or marks[0].start() != 0 or len({m.group(1) for m in marks}) != len(marks):
        return None
    items = []
    for k, m in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(s)
        value = s[m.end():end].strip().rstrip(",;").strip()
        if not value:
            return None
        items.append(Labelled(f"({m.group(1)}) {value}", m.group(1), again(value, depth + 1)))
    return Items(s, tuple(items))


def sentence(s: str, again: Again, depth: int) -> Text | None:
    """A sentence or a derivation that states its value (the first reduction of the span that reads as a value), read
    before the readers of a label, a relation or a list would take one of its parts for the whole."""
    if len(s) > _MAX_CHARS:
        return None
    if _SENTENCE.search(s) or _CLAUSE.search(s) and closing_direction(s) is None:
        for head in candidates(s)[1:]:
            r = again(head, depth + 1)
            if isinstance(r, _VALUES):
                return Text(s, normalize_text(unwrap(s)), r)
    plain = unwrap(s)
    if _WORDS.fullmatch(plain) and any(len(part.split()) >= 3 for part in _PUNCT.split(plain)):
        return _text(s, again, depth)    # 'Yes, such a sequence exists.': words, no list of words
    return None


def clause(s: str, again: Again, depth: int) -> Reading | None:
    """A value then a trailing clause (:func:`rlverify.rule.answers.forms.split_condition`): where it is attained
    (``\\text{The minimum is }13\\text{, attained at }x=12`` reads as 13, never the clause's 12) or a condition
    (``13\\text{ when } n=12``: a Text stating 13). A formula before a condition (``a_n=\\frac{1}{3n}\\text{ for } n=1``)
    is restricted by it, and a head that reads as no value states none: a Text stating nothing. None where no clause
    follows a value."""
    cut = split_condition(s) if len(s) <= _MAX_CHARS else None
    if cut is None:
        return None
    r = again(cut[0], depth + 1)
    while isinstance(r, Remarked):
        r = r.inner
    if isinstance(r, Text):
        r = r.states
    words = normalize_text(unwrap(s))
    if not isinstance(r, _VALUES) or cut[1] == "condition" and not isinstance(r, Number | Quantity):
        return Text(s, words, None)
    return r if cut[1] == "attained" else Text(s, words, r)


def _time(s: str) -> Time | None:
    clock = parse_clock(s)
    if clock is None:
        return None
    m = re.fullmatch(r"\s*(\d{1,2})\s*(?:\{:\}|:|\\colon)\s*(\d{2})\s*", s)
    ratio = Fraction(int(m.group(1)), int(m.group(2))) if m is not None and int(m.group(2)) else None
    return Time(s, clock.minutes, clock.meridiem, ratio)


_TERM = (Number, Expr)


def _ratio(s: str, again: Again, depth: int) -> Ratio | None:
    if ":" not in s or "\\" in s.replace("\\frac", "").replace("\\sqrt", ""):
        return None
    parts = split_top(s, (":",))
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip() or _MIXED.search(s):
        return None
    left, right = again(parts[0].strip(), depth + 1), again(parts[1].strip(), depth + 1)
    if not (isinstance(left, _TERM) and isinstance(right, _TERM)):
        return None
    if isinstance(right, Number) and right.exact == 0:
        return None
    value = again(f"\\frac{{{left.text}}}{{{right.text}}}", depth + 1)
    return Ratio(s, left, right, value) if isinstance(value, _TERM) else None


def directed(s: str, again: Again, depth: int) -> Directed | None:
    if len(s) > _MAX_CHARS or not _LETTER.search(s):
        return None
    got = closing_direction(s)
    if got is None or not got[0].strip():
        return None
    inner = again(got[0].strip(), depth + 1)
    if isinstance(inner, Quantity):     # '5 N to the left': a symbol given a direction is a unit, no variable's name
        inner = replace(inner, sure=True)
    return Directed(s, inner, got[1])


def _text(s: str, again: Again, depth: int) -> Text | None:
    plain = unwrap(s)
    if not _LETTER.search(_COMMAND.sub(" ", _ENVIRONMENT.sub(" ", plain))):
        return None
    return Text(s, normalize_text(plain), _states(s, plain, again, depth))


_VALUES = (Number, Quantity, Expr, Labelled)


def _states(s: str, plain: str, again: Again, depth: int) -> Reading | None:
    """The value a text states plainly (a number, a quantity or a term), else None."""
    option = _NUMBERED_OPTION.match(s)
    if option is not None:
        return again(s[option.end():].strip(), depth + 1)
    for head in (strip_units(s), strip_trailing_words(s), *candidates(s)[1:]):
        if head and head != s:
            r = again(head, depth + 1)
            if isinstance(r, _VALUES):
                return r
    said = words_to_number(plain)
    if said is None:
        said = sentence_number(s)
    if said is not None:
        text = str(said.numerator) if said.denominator == 1 else f"\\frac{{{said.numerator}}}{{{said.denominator}}}"
        return Number(text, said, None)
    return None
