"""The question, read once into a frozen context that every comparison stage consults.

Interface::

    read_question(text: str | None) -> Question      memoized: one reading per question text
    as_question(question: Question | str | None) -> Question

A question is shared by all rollouts of a prompt, so what it says about the answer it expects is
read once, not by each rule again: the domain of the variable, whether a bare list is a set or
ordered, the rounding it asks for, the units it names, whether it lists options, whether decimal
commas may be read as points, and what it asks for (a bound, one example, a percent).
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass

from ...runtime.caches import lru
from .quantity import asks_measured
from .rounding import RoundSpec, requested
from .units import UnitSpec, units_in_question

__all__ = ["Domain", "Question", "read_question", "as_question"]


class Domain(str, enum.Enum):
    """The variable's domain when the question states one (intervals of reals start at 0)."""

    REAL = ""
    POSITIVE = "positive"
    NONNEGATIVE = "nonnegative"


_POSITIVE = re.compile(r"\bpositive (?:real )?(?:number|value|variable|[a-z]\b)|[a-z]\s*>\s*0\b", re.I)
_NONNEGATIVE = re.compile(r"\bnon-?negative (?:real )?(?:number|value|variable|[a-z]\b)|[a-z]\s*\\geq?\s*0\b", re.I)
_BOUND_QUESTION = re.compile(r"\b(?:constant|bound)\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+|\n+")
_REQUEST_VERB = re.compile(r"\b(?:find|determine|compute|calculate|what|which|how|give|list|express|evaluate|solve"
                           r"|state|write|identify)\b", re.I)
_ENUMERATION = re.compile(r"\band\b|[,;]|\brespectively\b|\border\b|\bpairs?\b|\btriples?\b|\btuples?\b"
                          r"|\bfirst\b|\bthen\b", re.I)
_ONE_EXAMPLE = re.compile(r"\b(?:another|an example|one example|one such|one possible|any one|an instance)\b", re.I)
_SET_QUESTION = re.compile(r"\ball\b|\bsolutions?\b|\broots?\b|\bzeros?\b|\bsolve\b|\bset\b|\bpossible\b"
                           r"|\bintersect", re.I)
# a question that itself writes decimal commas ("Il paie 2,50 €", "x = 0,75") and no decimal points
# (the first digit, then the look-behind before it: the digits are searched fast, not every position tried)
_LOCALE_COMMA = re.compile(r"(?:0(?<![\w.,(\[{]0),\d+|[1-9](?<![\w.,(\[{][1-9])\d{0,2},(?:\d{1,2}|\d{4,}))(?![\d,)\]}]|\.\d)")
_DECIMAL_POINT = re.compile(r"\d\.\d")
_PERCENT = re.compile(r"percent|%", re.I)
_MINIMUM = re.compile(r"\b(?:min(?:imum|imal)?|smallest|least|lowest)\b", re.I)
_MAXIMUM = re.compile(r"\b(?:max(?:imum|imal)?|largest|greatest|highest)\b", re.I)
_MONOTONE = re.compile(r"\bmonoton\w*|\b(?:increasing|decreasing)\s+intervals?\b|\bintervals?\s+(?:of|where|on which)\s+"
                       r"(?:\w+\s+){0,3}(?:increas|decreas|monoton)\w*", re.I)
_APPROXIMATE = re.compile(r"\b(?:approximate(?:ly)?|approx\.|estimated?|roughly|about how (?:many|much|long|far|big))\b"
                          r"|\\approx(?![a-zA-Z])|≈", re.I)
# an indefinite integral or an antiderivative asked for: '\int x^2\,dx' without limits, 'antiderivative',
# 'whose derivative is', 'primitive', 'indefinite integral', 'integrate'
_ANTIDERIVATIVE = re.compile(r"\\int(?!\s*(?:\\limits\s*)?[_^])|\bantiderivative|\bindefinite integral|\bprimitive\b"
                             r"|\bwhose derivative\b|\bintegrate\b", re.I)
# an option label in a list of options: '(a)', '(B)', '\textbf{(C)}', 'D)' after a blank, a dollar, a brace or a start
_LISTED_OPTION = re.compile(r"(?:^|(?<=[\s$}{]))(?:\\text(?:bf)?\s*\{\s*)?(?:\(\s*([A-Ea-e])\s*\)|([A-Ea-e])\))(?:\s*\})?"
                            r"(?=[\s$\\~]|$)")
_OPTION_FILLER = re.compile(r"\\q?quad|\\\\|\\hspace\s*\{[^{}]*\}|\\[ ,;!]|~|\s+")
_PART_WORDS = re.compile(r"^[A-Za-z]+(?:\s+[A-Za-z]+){2,}$|\b(?:and|or)$")   # 'the width and': a part, no option
_OPTION_LABEL = re.compile(r"(?:^|[\s$])(?:\(\s*([A-Ea-e])\s*\)|([A-Ea-e])\))(?=[\s$\\])")

# Substrings that every match of a pattern above contains, in lower case: in an ASCII text (where re.I is plain
# lower-casing) a pattern without one of them in the lowered text cannot match, and is not run (C-speed test first).
_NEEDLES = {
    _POSITIVE: ("positive", ">"),
    _NONNEGATIVE: ("negative", "\\ge"),
    _BOUND_QUESTION: ("constant", "bound"),
    _REQUEST_VERB: ("find", "determine", "compute", "calculate", "what", "which", "how", "give", "list", "express",
                    "evaluate", "solve", "state", "write", "identify"),
    _ENUMERATION: ("and", ",", ";", "respectively", "order", "pair", "triple", "tuple", "first", "then"),
    _ONE_EXAMPLE: ("another", "example", "one such", "one possible", "any one", "an instance"),
    _SET_QUESTION: ("all", "solution", "root", "zero", "solve", "set", "possible", "intersect"),
    _PERCENT: ("percent", "%"),
    _MINIMUM: ("min", "smallest", "least", "lowest"),
    _MAXIMUM: ("max", "largest", "greatest", "highest"),
    _MONOTONE: ("monoton", "increas", "decreas"),
    _ANTIDERIVATIVE: ("\\int", "antiderivative", "indefinite integral", "primitive", "whose derivative", "integrate"),
    _APPROXIMATE: ("approx", "estimate", "roughly", "about how"),
}


def _found(pattern: re.Pattern, text: str, low: str | None) -> bool:
    """``pattern.search(text)``; ``low``: ``text`` lower-cased when it is ASCII (else None), for the needle test."""
    if low is not None and not any(map(low.__contains__, _NEEDLES[pattern])):
        return False
    return pattern.search(text) is not None


def _lowered(text: str) -> str | None:
    return text.lower() if text.isascii() else None


@dataclass(frozen=True)
class Question:
    """What a question says about the answer it expects (``text`` is None without a question).
    Each fact is read from the text the first time a stage asks for it, then kept."""

    text: str | None = None

    @functools.cached_property
    def request(self) -> str:
        """The last sentence that asks for something (the whole question when none does)."""
        if not self.text:
            return ""
        if self._low is not None and not any(map(self._low.__contains__, _NEEDLES[_REQUEST_VERB])):
            return self.text          # no sentence asks
        for s in reversed(_SENTENCE_END.split(self.text)):   # the last sentence that asks
            if _REQUEST_VERB.search(s):
                return s
        return self.text

    @functools.cached_property
    def _low(self) -> str | None:
        """The text lower-cased when it is ASCII (for the needle tests of :func:`_found`), else None."""
        return _lowered(self.text) if self.text else None

    @functools.cached_property
    def _request_low(self) -> str | None:
        return _lowered(self.request)

    @functools.cached_property
    def _set_question(self) -> bool:
        return bool(self.text) and _found(_SET_QUESTION, self.text, self._low)

    @functools.cached_property
    def lists_are_sets(self) -> bool:
        """A bare list is a set: without a question, or when it asks for all solutions/roots/values
        (``find all x``) or its request enumerates nothing (``Determine their ages.``); named values
        in the request (``T(10), T(11) and T(12)``) are ordered."""
        if self.text is None or self._set_question:
            return True
        return not _found(_ENUMERATION, self.request, self._request_low)

    @functools.cached_property
    def asks_extrema(self) -> bool:
        """It asks for a minimum and a maximum: two values told apart by size, so the order of a pair says
        nothing (``1, 5`` and ``5, 1`` name the same minimum 1 and maximum 5; the core reads pairs only so)."""
        return bool(self.text and _found(_MINIMUM, self.request, self._request_low)
                    and _found(_MAXIMUM, self.request, self._request_low))

    @functools.cached_property
    def asks_monotone_intervals(self) -> bool:
        """It asks where a function increases or decreases: whether an interval's ends are included is a
        convention there (``[k\\pi - \\frac{5\\pi}{12}, k\\pi + \\frac{\\pi}{12}]`` and the open interval agree)."""
        return bool(self.text and _found(_MONOTONE, self.text, self._low))

    @functools.cached_property
    def domain(self) -> Domain:
        if not self.text:
            return Domain.REAL
        if _found(_NONNEGATIVE, self.text, self._low):
            return Domain.NONNEGATIVE
        return Domain.POSITIVE if _found(_POSITIVE, self.text, self._low) else Domain.REAL

    @functools.cached_property
    def rounding(self) -> RoundSpec | None:
        return requested(self.text)

    @functools.cached_property
    def units(self) -> tuple[UnitSpec, ...]:
        """The unit words it names ("in minutes"), in order."""
        return tuple(units_in_question(self.text))

    @functools.cached_property
    def lists_options(self) -> bool:
        """Two option labels or more, set off by blanks: (A) 3 (B) 4 ('E(B)' names no option)."""
        labels = {(m.group(1) or m.group(2)).upper() for m in _OPTION_LABEL.finditer(self.text or "")}
        return len(labels) >= 2

    def option(self, letter: str) -> str | None:
        """The text the question lists for option ``letter`` (upper case), when it lists two options or more."""
        return self._options.get(letter) if len(self._options) >= 2 else None

    @functools.cached_property
    def _options(self) -> dict[str, str]:
        """Option letter (upper case) -> the option's text, from labels ``(a)``, ``(B)``, ``\\textbf{(C)}``, ``D)`` that
        run in order from A (in one case), each option's text running to the next label or the line's end."""
        if not self.text or "(" not in self.text and ")" not in self.text:
            return {}
        text = self.text[-6000:]
        best: list[re.Match] = []
        for upper in (True, False):
            run: list[re.Match] = []
            for m in _LISTED_OPTION.finditer(text):
                letter = (m.group(1) or m.group(2))
                if letter.isupper() != upper:
                    continue
                if ord(letter.upper()) - ord("A") == len(run):
                    run.append(m)
                elif letter.upper() == "A":
                    run = [m]               # a later list starts over (the question's own (a) ... then the options)
            if len(run) > len(best):
                best = run
        found = {}
        for k, m in enumerate(best):
            end = best[k + 1].start() if k + 1 < len(best) else len(text)
            body = text[m.end():end].split("\n", 1)[0] if k + 1 == len(best) else text[m.end():end]
            body = _OPTION_FILLER.sub(" ", body).strip().strip("$").strip().rstrip(".,;-–").strip().strip("$").strip()
            if body and not _PART_WORDS.search(body):
                found[(m.group(1) or m.group(2)).upper()] = body
        return found

    @functools.cached_property
    def asks_antiderivative(self) -> bool:
        """It asks for an indefinite integral or an antiderivative: answers agree up to an additive constant."""
        return bool(self.text and _found(_ANTIDERIVATIVE, self.text, self._low))

    @functools.cached_property
    def _locale_commas(self) -> bool:
        """The question itself writes decimal commas ("Il paie 2,50 €") and no decimal points."""
        return bool(self.text and "," in self.text and _LOCALE_COMMA.search(self.text)) \
            and not ("." in self.text and _DECIMAL_POINT.search(self.text))

    @property
    def answer_commas(self) -> bool:
        """A decimal comma in the answer may be read as a point: unless the question asks for several
        values (then ``2,5`` is a list)."""
        if self.text is None:
            return True
        return not self._set_question or self._locale_commas

    @property
    def gold_commas(self) -> bool:
        """... in the reference: without a question, or when the question writes decimal commas."""
        return True if self.text is None else self._locale_commas

    @functools.cached_property
    def asks_bound(self) -> bool:
        """"Prove that ... >= c; find the best constant c"."""
        return bool(self.text and _found(_BOUND_QUESTION, self.text, self._low))

    @functools.cached_property
    def asks_one_example(self) -> bool:
        """"Find another 5-label ...": one of the listed examples is asked."""
        return bool(self.text and _found(_ONE_EXAMPLE, self.request, self._request_low))

    @functools.cached_property
    def asks_percent(self) -> bool:
        return bool(self.text and _found(_PERCENT, self.text, self._low))

    @functools.cached_property
    def expects_approximation(self) -> bool:
        """An approximate value is expected: the question says so ("approximately", "estimate", a value
        given as ``\\approx``) or it asks for a physical quantity in a unit ("in meters", "how many grams")."""
        if not self.text:
            return False
        return _found(_APPROXIMATE, self.text, self._low) or asks_measured(self.text)


@lru("rule.question")
def _read(text: str) -> Question:
    return Question(text)


_NONE = Question()


def read_question(text: str | None) -> Question:
    """The question's frozen reading (one per text: a question is shared by its rollouts)."""
    return _NONE if text is None else _read(text)


def as_question(question: Question | str | None) -> Question:
    return question if isinstance(question, Question) else read_question(question)

