"""The heading reader (issue 29): a short heading in words and a colon before the value (``\\text{Result: } 1:2``,
``\\text{Maximum: } N = n``, ``\\text{Answer: } \\text{east}``, ``\\text{Minimum: } 0^\\circ \\text{ and } 360^\\circ``), or a
lead-in that ends on "is" (``\\text{The result is } \\frac{d^2 v}{dt^2} + v = 0``): a :class:`~.types.Remarked` holding
the value's reading, whatever reading that is (a ratio, a list, an option letter, an equation).

Interface::

    headed(text, again, depth) -> Remarked | None     a reader (see :data:`rlverify.rule.read.READERS`)

A heading is one to four words in one text wrapper ending in a colon, or one to six ending in "is", "are" or
"equals", with no digit and no word that bounds, doubts or offers another value
(:data:`rlverify.rule.answers.views.QUALIFIER_WORDS`: ``\\text{At least: } 5`` stays whole); the value after it is
the rest of the text (after "is", with no words of its own but an option letter or the "or" / "and" joining two
values: a sentence that goes on is :func:`.prose.sentence`'s), with no second heading or named part
(``\\text{Minimum: } 24, \\text{Maximum: } 26``, ``\\text{Maximum: } 20; \\min = -30``, ``\\text{Maximum: } 20;
\\text{the minimum is } -30`` name two values: the named-values entry reads them).

May import: :mod:`.types`, the text helpers of :mod:`rlverify.rule.answers` (latex, views). Never the comparison.
"""

from __future__ import annotations

import re

from ..answers.latex import split_top
from ..answers.views import QUALIFIER_WORDS
from .types import Reading, Remarked

__all__ = ["headed"]

_MAX_CHARS = 300
_HEADING = re.compile(r"\\text\s*\{\s*(?P<h>[A-Za-z][A-Za-z' ]{0,50}?)\s*(?P<link>:|\b(?:is|are|equals))\s*\}\s*(?P<v>\S.*)$",
                      re.S | re.I)

# what a value's own text wrappers may hold: an option letter, the word joining two values ('-12 \\text{ or } -30')
_JOINS = re.compile(r"\\text\s*\{\s*(?:or|and|\(?\s*[A-Ea-e]\s*\)?)\s*\}")
_ANOTHER = re.compile(r"\\text\s*\{[^{}]*:\s*\}")
# what may name a part of a list: an equals sign, a word, a command (``\\max``, ``\\text``) other than a value's own
_VALUE_COMMANDS = re.compile(r"\\(?:d?t?frac|sqrt|circ|pi|cdot|times|left|right|infty|pm|mp)(?![A-Za-z])")
_NAMING = re.compile(r"=|[A-Za-z]{2,}|\\[A-Za-z]+")


def _names_another(value: str) -> bool:
    """The value after the heading holds a second heading (``\\text{Minimum: } 24, \\text{Maximum: } 26``) or is a
    list with a part that may be named: an equals sign, a word or a command in it (``-30; \\min = 20``,
    ``-21; \\text{the minimum is } 3``, ``-11; \\max 15``): named values, not one value under a heading."""
    if _ANOTHER.search(value):
        return True
    parts = split_top(value, (",", ";", "\\text{ and }", "\\text{and}", "\\text{ and}", "\\text{and }"))
    return len(parts) > 1 and any(_NAMING.search(_VALUE_COMMANDS.sub(" ", p)) for p in parts)


def headed(s: str, again, depth: int) -> Reading | None:
    """See the module doc."""
    if len(s) > _MAX_CHARS or not s.startswith("\\text"):
        return None
    m = _HEADING.match(s)
    if m is None or QUALIFIER_WORDS.search(m.group("h")) or _names_another(m.group("v")):
        return None
    colon = m.group("link") == ":"
    if len(m.group("h").split()) > (4 if colon else 6) or not colon and "\\text" in _JOINS.sub(" ", m.group("v")):
        return None
    return Remarked(s, again(m.group("v").strip(), depth + 1))
