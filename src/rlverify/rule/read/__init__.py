"""Readers: a text, gold or answer by the same code, read once into a typed :class:`~.types.Reading` (issue 29).

Interface::

    read(text) -> Reading          memoized per text; never raises, a text no reader applies to is a Value
    READERS                        the readers, in order: (cleaned text, read) -> Reading | None

A reader owns one notation and reads the rest of its text with ``read`` again, so wrappers nest in any order
(``(b)\\ v \\approx 3.2\\,\\mathrm{m/s}``: an option holding a label holding an approximation). The question is
not read here: it is the comparison's context (:class:`rlverify.rule.answers.question.Question`).

A value then where it is attained (``\\max = 5 \\text{ at } x = 2``) reads as the value. A set of reals
(:func:`.relations.interval`), a relation or a chain of equalities (:func:`.relations.relation`) is
read before a number. A text no wrapper reader applies to is read as a number or a quantity (:mod:`.numbers`) where
it is one, else as a tuple, a finite set or a bare list (:mod:`.sequences`, each item read again) where it is one,
else as an expression (:mod:`.expressions`: one term, no relation, separator or words) where it is one, else as a time,
a ratio or words (:mod:`.prose`), else a Value. Before the set and relation readers, the answers to a question's parts
under their letters and a sentence that states its value are read (:mod:`.prose`); before the list reader, a quantity
with its direction. Presentation commands (``\\color``, ``]1,2]``) are dropped before a text is read.

May import: :mod:`.types`, :mod:`.numbers`, :mod:`.sequences`, :mod:`.matrices`, :mod:`.expressions`, :mod:`.relations`, :mod:`.prose`,
:mod:`.remarks`, :mod:`.qualifiers`, :mod:`.exact`, :mod:`.headings`, :mod:`.decimals`, the text helpers of :mod:`rlverify.rule.answers`
(latex, choice, views, surface) and :mod:`rlverify.runtime.caches`. Never the comparison (:mod:`rlverify.rule.compare`).
"""

from __future__ import annotations

import re
from typing import Callable

from ...runtime.caches import lru
from ..answers.choice import labelled_value
from ..answers.latex import clean, plain_key, split_top, unwrap_text
from ..answers.surface import presentation
from ..answers.views import is_name
from .expressions import expression
from .matrices import matrix
from .numbers import number_or_quantity
from .prose import clause, directed, parts, prose, sentence
from .sequences import sequence
from .relations import every_real, interval, relation
from .remarks import remark
from .qualifiers import qualified
from .exact import exactly
from .headings import headed
from .decimals import continued
from .types import Antiderivative, Approx, Labelled, Option, Reading, Relation, Tuple, Value

__all__ = ["read", "READERS", "Reading"]

_MAX_CHARS = 400      # longer texts are read whole (a Value): wrappers are short
_MAX_DEPTH = 4

Reader = Callable[[str, Callable[[str, int], Reading], int], "Reading | None"]

# 'B', '(b)', 'option (b)', 'Choice C', 'answer: (D)', '\text{(B)}': an option letter and nothing else.
_LETTER_ALONE = re.compile(r"(?:(?:the\s+)?(?:correct\s+)?(?:option|choice|answer|alternative)\s*(?:is\s*)?:?\s*)?"
                           r"(?:\(\s*([A-Ea-e])\s*\)|\[\s*([A-Ea-e])\s*\]|([A-E])\s*[).]?)", re.I)
_LEAD_LABEL = re.compile(r"(?:\(\s*([A-Ea-e])\s*\)|([A-Ea-e])\))\s+(?=\S)")
_NAMED_LEAD = re.compile(r"(?:the\s+)?(?:correct\s+)?(?:option|choice|answer|alternative)\b", re.I)
_FONT = re.compile(r"\\(?:textbf|mathbf|mathrm|textrm|text|textit)\s*\{([^{}]*)\}")


def _option(s: str, again, depth: int) -> Reading | None:
    """An option letter alone, or an option label then the value it names (``(b)\\ 10^{-13}\\,\\text{cm}``)."""
    got = labelled_value(s)
    if got is not None:
        return Option(s, got[0], again(got[1], depth + 1))
    lead = _LEAD_LABEL.match(s)
    if lead is not None:     # '(b) v = 3.2 m/s', '(b) \\approx 3.2': a label, then a value another reader reads
        inner = again(s[lead.end():].strip(), depth + 1)
        if isinstance(inner, Labelled | Approx):
            return Option(s, (lead.group(1) or lead.group(2)).upper(), inner)
    plain = _FONT.sub(r"\1", s).strip().strip("$").strip().rstrip(".")
    if len(plain) > 24:
        return None
    m = _LETTER_ALONE.fullmatch(plain)
    if m is None:
        return None
    if m.group(3) is not None and m.group(3).islower() and _NAMED_LEAD.match(plain) is None:
        return None     # a bare lower-case letter is a value (e, a variable), unless named: 'option b'
    letter = next(g for g in m.groups() if g)
    return Option(s, letter.upper(), None)


def lower_letter(text: str) -> str | None:
    """The letter of a bare lower-case option letter (``b``, ``\\text{b}``, ``\\text{b)}``, ``b.``), which only the
    question can tell from a value (:func:`read` reads it as a value); None for any other text."""
    plain = _FONT.sub(r"\1", text).strip().strip("$").strip().rstrip(".")
    if len(plain) > 4:
        return None
    m = _LETTER_ALONE.fullmatch(plain)
    return m.group(3) if m is not None and m.group(3) is not None and m.group(3).islower() else None


# 'F(x)', 'y(t)', 'f^{-1}(x)', '\mathbf{F}(\mathbf{r})': a function's name with its variable, as the left side of a
# definition.
_FUNCTION_NAME = re.compile(r"\s*(?:[A-Za-z]|\\(?:mathbf|vec)\s*\{[A-Za-z]\})(?:_\{?\w+\}?)?(?:\^\{?-1\}?)?\s*"
                            r"\(\s*(?:[a-z]|\\(?:mathbf|vec)\s*\{[a-z]\})\s*\)\s*")
# 'f(3)', 'I(6,3)', 'P(A)', 'h(\tfrac{1}{2})': a function's value at its arguments (no operator among them: 'x(x+1)' is a
# product in an equation)
_FUNCTION_AT = re.compile(r"\s*[A-Za-z](?:_\{?\w+\}?)?\s*\(\s*[\w\s,.{}\\]{1,30}\)\s*")
# '\int f(x)\,dx', '\int (6x + 24)\, dx': an indefinite integral names its antiderivative
_INTEGRAL = re.compile(r"\s*\\int(?!\s*(?:\\limits\s*)?[_^]).*d\s*[a-z]\s*", re.S)
_NAME_OPS = ("=", "\\approx")
# '\\text{For }n', '\\text{when } x': a word in a text wrapper leading into a symbol is a sentence's start, no name
# ('\\text{KE}', '\\text{KE}_{max}' are names)
_WORDS_BEFORE = re.compile(r"\\text\s*\{[^{}]*[A-Za-z]{2,}[^{}]*\}\s*(?=[^_^'\s])")
_SIGNED_NAME = re.compile(r"(\\pm|\\mp)(?![A-Za-z])\s*")
_SEVERAL = (",", ";", "\\quad", "\\qquad", "\\text{ and }", "\\text{and}", "\\text{ or }", "\\text{or}")


def _labelled(s: str, again, depth: int) -> Reading | None:
    """``NAME = VALUE`` or ``NAME \\approx VALUE`` (a sign choice before the name is the value's: ``\\pm n = 2`` is
    ``n = \\pm 2``): one relation at the top, a quantity's or a function's name on the
    left (:func:`rlverify.rule.answers.views.is_name`, ``F(x)``) or a function's value at its arguments (``f(3)``,
    ``I(6,3)``), a value on the right."""
    if "=" not in s and "\\approx" not in s:
        return None
    parts = split_top(s, _NAME_OPS)
    if len(parts) != 2 or not parts[1].strip():
        return None
    left, right = parts[0].strip(), parts[1].strip()
    sign = _SIGNED_NAME.match(left)
    if sign is not None and is_name(left[sign.end():].strip()):    # '\\pm n = 2' is 'n = \\pm 2'
        left, right = left[sign.end():].strip(), f"{sign.group(1)} {right}"
    if not (is_name(left) or _FUNCTION_NAME.fullmatch(left) or _FUNCTION_AT.fullmatch(left)
            or _INTEGRAL.fullmatch(left)) or _WORDS_BEFORE.match(left):
        return None
    if len(split_top(right, _SEVERAL)) > 1:
        return None     # 'max = 2, min = -1', 'x = 1, 2': several values or labels, read whole by the comparison
    if "\\\\" in right and "\\begin" not in right:
        return None     # 'a = -2 \\\\ b \\colon -2': a line break outside a matrix or cases, several named values
    if interval(s, again, depth) is not None:
        return None     # 'x = -1 or 3 < x \\le 4': a set of reals in the name's variable (the interval reader's)
    inner = again(right, depth + 1)
    if len(split_top(s, ("=",))) == 1:     # the relation at the top is \\approx
        inner = Approx("\\approx " + right, inner)
    return Labelled(s, plain_key(left).lower(), inner)


_APPROX_LEAD = re.compile(r"(?:\\approx|\\simeq|\\sim|≈|~|\\text\{\s*(?:about|approximately|approx\.?|roughly)\s*\}"
                          r"|(?:about|approximately|approx\.?|roughly))\s*", re.I)


def _approx(s: str, again, depth: int) -> Reading | None:
    """``\\approx 3.2``, ``about 3.2``: an approximation sign or word before a value."""
    m = _APPROX_LEAD.match(s)
    if m is None or not s[m.end():].strip():
        return None
    return Approx(s, again(s[m.end():].strip(), depth + 1))


# a constant of integration: C, c, K, C_1, C_{0}, \text{const}, \mathrm{C}, \text{constant}
_CONSTANT = re.compile(r"(?:C|c|K|C_\{?\d\}?|c_\{?\d\}?|\\(?:text|mathrm|mathit)\s*\{\s*(?:C|c|const\.?|constant)\s*\})")


def _antiderivative(s: str, again, depth: int) -> Reading | None:
    """``\\frac{x^2}{2} + C``: an expression plus a constant of integration, as the last (or first) term at the top."""
    if "+" not in s:
        return None
    terms = split_top(s, ("+",))
    if len(terms) < 2:
        return None
    for k in (len(terms) - 1, 0):
        const = terms[k].strip()
        if not _CONSTANT.fullmatch(const):
            continue
        expr = " + ".join(terms[:k] + terms[k + 1:]).strip()
        if expr and _symbol(const) not in _COMMAND.sub(" ", expr):
            return Antiderivative(s, expr, const)   # the constant's letter is nowhere else in the expression
    return None


_COMMAND = re.compile(r"\\[A-Za-z]+")


def _symbol(const: str) -> str:
    """The letter a constant of integration is written with (``C`` for ``C_1`` and ``\\text{C}``; ``const`` stays)."""
    inner = _FONT.sub(r"\1", const).strip()
    return inner[0] if len(inner) == 1 or inner[1:2] == "_" else inner


# 'VALUE \text{ at } POINT', 'VALUE \text{ (at } POINT)': a value, then where it is attained
_AT = re.compile(r"\\text\s*\{\s*(\()?\s*at\s*\}")


def _attained(s: str, again, depth: int) -> Reading | None:
    """``\\max = 5 \\text{ at } x = 2``, ``12 \\text{ (at } (1, 2))``: the value stated before a bare "at"; the point
    after it (a tuple, an assignment) says where it is attained, and is not the value (never ``at least``)."""
    m = _AT.search(s) if "at" in s else None
    if m is None or m.start() == 0:
        return None
    value, point = s[:m.start()].strip(), s[m.end():].strip()
    if m.group(1) is not None:
        if not point.endswith(")"):
            return None
        point = point[:-1].strip()
    if not value or not point or _AT.search(point) or not isinstance(again(point, depth + 1), Labelled | Tuple | Relation):
        return None
    return again(value, depth + 1)


READERS: tuple[tuple[str, Reader], ...] = (
    ("attained", _attained),
    ("option", _option),
    ("exactly", exactly),       # 'N \\approx 9.88\\times10^{7} (\\text{exactly } 98765432)': the exact value
    ("headed", headed),         # '\\text{Result: } 1:2': the value after a heading
    ("qualified", qualified),   # 'a_n = 3n \\quad (n \\ge 1)': the value, the range it holds for set aside
    ("clause", clause),         # '\\text{The minimum is }13\\text{, attained at }x=12': 13; '13\\text{ when } n=12'
    ("labelled", _labelled),
    ("approx", _approx),
    ("antiderivative", _antiderivative),
    ("matrix", matrix),
    ("remark", remark),
    ("continued", continued),
    ("parts", parts),           # '(a) 5\\text{ m/s} (b) 10\\text{ m}': a question's parts, each under its letter
    ("every_real", every_real),     # '\\text{all real numbers}': a set of reals, no sentence
    ("sentence", sentence),     # '\\text{So there are }1600\\text{ ways ...}': what a sentence states, not its parts
    ("interval", interval),
    ("relation", relation),
    ("number", number_or_quantity),
    ("directed", directed),     # '12 m/s, directed to the right': one value and its direction, not a list
    ("sequence", sequence),
    ("expression", expression),
    ("prose", prose),       # a time, a ratio, a directed value, words: what no reader above took
)


def _read(s: str, depth: int) -> Reading:
    if depth > _MAX_DEPTH or len(s) > _MAX_CHARS:
        return Value(s)
    for _name, reader in READERS:
        got = reader(s, _read, depth)
        if got is not None:
            return got
    return Value(s)


@lru("rule.reading")
def read(text: str) -> Reading:
    """The typed reading of one side's text (an extracted answer span, or the reference)."""
    s = clean(presentation(text) or text) if len(text) <= _MAX_CHARS else text    # ']1,2]' is '(1,2]' before cleaning
    return _read(s.strip(), 0)
