"""One side of a pair read as the value it states (issue 30): its labels and approximation signs taken off, a chain's
last value, a quantity's description dropped. A leaf of the outcome readers: :mod:`.unwrapped` and the typed-outcome
modules (:mod:`.formula_outcome`, :mod:`.subset_outcome`) import it, it imports none of them.

Interface::

    unwrap(reading) -> (inner reading, approximate, labelled)
    side(text) -> (value text, approximate, unwrapped) | None

May import: :mod:`rlverify.rule.read` and the leaf parsers of :mod:`rlverify.rule.answers`.
"""

from __future__ import annotations

import re

from .read import read
from .read.types import Antiderivative, Approx, Labelled, Option, Reading

__all__ = ["side", "unwrap"]

_MAX_DEPTH = 4
_MAX_CHARS = 200          # longer values are not re-read


_OWN_COMPARISON = (Option, Antiderivative, Labelled, Approx)   # compared by their own cells, never unwrapped here


def unwrap(reading: Reading) -> tuple[Reading, bool, bool]:
    """The value inside a reading's labels and approximation signs: (inner, approximate, labelled)."""
    approx = labelled = False
    for _ in range(_MAX_DEPTH):
        if isinstance(reading, Labelled):
            labelled, reading = True, reading.inner
        elif isinstance(reading, Approx):
            approx, reading = True, reading.inner
        else:
            break
    return reading, approx, labelled


def side(text: str) -> tuple[str, bool, bool] | None:
    """A side's value: (text, approximate, unwrapped) -- its labels and approximation signs taken off, a chain's stated
    value (``h = \\frac{\\tau}{mg}\\log\\frac{1}{r} \\approx 1.5\\,\\text{km}``, ``P \\simeq 16\\%``), a quantity's
    description (``1.75\\,\\text{cm off the optical axis}``); None for an option letter or an antiderivative."""
    inner, approx, wrapped = unwrap(read(text))
    if isinstance(inner, _OWN_COMPARISON) or not inner.text.strip():
        return None
    value = inner.text
    exact = _exact_before_approx(value)
    if exact is not None:
        return exact, False, True         # '\\frac{1+\\sqrt{97}}{8} \\approx 1.36': the exact constant is the value
    chained = _chain_value(value)
    if chained is not None:
        value, approx, wrapped = chained[0], approx or chained[1], True
    described = _described_quantity(value)
    if described is not None:
        value, wrapped = described, True
    return value, approx, wrapped


def _exact_before_approx(text: str) -> str | None:
    """``EXACT \\approx DECIMAL`` where the left member is written as a constant (no name) and the right is a number:
    the exact constant, its decimal only an illustration; None otherwise."""
    if len(text) > _MAX_CHARS or not any(r in text for r in _APPROX_END):
        return None
    from .answers.latex import clean, split_top
    from .answers.numbers import parse_number

    parts = split_top(text, _APPROX_END)
    if len(parts) != 2 or not _constant_text(parts[0]) or parse_number(clean(parts[1].strip())) is None:
        return None
    return parts[0].strip()


_SPACING = re.compile(r"\\[,;:! ]|\\q?quad(?![a-zA-Z])")


_CONSTANT_COMMANDS = re.compile(r"\\(?:d|t)?frac|\\sqrt|\\pi|\\cdot|\\times|\\left|\\right|\\,|\\!")


def _constant_text(text: str) -> bool:
    """Written as a constant (``\\sqrt{2}+1``, ``\\frac{250}{101}``, ``7\\pi``): digits, operators and the commands of
    a constant, no name; the outcome reader (bounded CAS) decides its value."""
    t = _CONSTANT_COMMANDS.sub(" ", text)
    return len(text) <= 60 and bool(re.search(r"\d", t)) and re.fullmatch(r"[\d\s.+\-*/^(){}\[\]]+", t) is not None


_RELATIONS = ("=", "\\approx", "\\simeq", "≈")


_APPROX_END = ("\\approx", "\\simeq", "≈")


def _chain_value(text: str) -> tuple[str, bool] | None:
    """``NAME = ... \\approx VALUE`` or ``NAME \\simeq VALUE``: the value a chain ends on when it is a number or a
    quantity, and whether the last relation is an approximation."""
    if len(text) > _MAX_CHARS or not any(r in text for r in _RELATIONS):
        return None
    from .answers.latex import clean, split_top
    from .answers.numbers import parse_number
    from .answers.quantity import parse_quantity
    from .answers.views import is_name

    if len(split_top(_SPACING.sub(" ", text), (",", ";"))) > 1:
        return None      # 'W = 0.3 cal, W' = 0.24 cal': a list of assignments, no chain
    parts = split_top(text, _RELATIONS)
    if len(parts) < 2 or not parts[-1] or len(parts) == 2 and not is_name(parts[0]):
        return None
    last = parts[-1]
    q = parse_quantity(last)
    if parse_number(clean(last)) is None and (q is None or q.unit is None):
        return None
    head = text[:text.rstrip().rfind(last)].rstrip()
    return last, head.endswith(_APPROX_END)


# '1.75 \\, \\text{cm off the optical axis}': a number, then a unit word and the words that say what the value is
_DESCRIBED = re.compile(r"^\s*([-+]?\d+(?:\.\d+)?(?:\s*\\times\s*10\^\{?-?\d+\}?)?)\s*(?:\\[,;: !]\s*)*"
                        r"\\(?:text|mathrm)\s*\{\s*([A-Za-z]{1,6})\s+([A-Za-z][A-Za-z ]{2,60})\}\s*\.?\s*$")


def _described_quantity(text: str) -> str | None:
    """The quantity a number, a unit and a description state (``1.75\\,\\text{cm}``), when the unit is read."""
    m = _DESCRIBED.match(text)
    if m is None:
        return None
    from .answers.units import parse_unit

    if parse_unit(m.group(2)) is None:
        return None
    return f"{m.group(1)}\\,\\text{{{m.group(2)}}}"
