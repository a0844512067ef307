"""The form a question asks for: "simplify", "simplest form", "lowest terms".

An answer equal in value but left visibly unsimplified (``\\frac{1}{\\sin x\\cos x}-\\tan x``
for ``\\cot x``) does not do what such a question asks. An unreduced fraction (``6/8`` for
``3/4``) is reported as "not_reduced" only when :data:`STRICT_FRACTIONS` is set: graders
of the labelled corpora accept it, so it is off by default.

Interface::

    form_violation(answer, gold, question) -> str | None
        "not_reduced" / "not_simplified" when the question asks for a simplified form and
        the (value-equal) answer is visibly not in it; None otherwise.
"""

from __future__ import annotations

import math
import re

from .latex import clean

__all__ = ["form_violation", "complexity", "SLACK", "STRICT_FRACTIONS"]

STRICT_FRACTIONS = False
SLACK = 2  # operations an answer may have beyond the reference before it counts as unsimplified

_ASKS = re.compile(r"\bsimplif(?:y|ied|ying)\b|\bsimplest\b|\blowest terms\b|\breduced? (?:fraction|form)\b"
                   r"|\bfully reduced?\b", re.I)
_FRACTION = re.compile(r"^-?\s*(?:\\frac\{\s*(\d+)\s*\}\{\s*(\d+)\s*\}|(\d+)\s*/\s*(\d+))$")
# a product sign (\\cdot, \\times, *) spells juxtaposition (4\\cdot r is as simple as 4r); between two
# numbers it is an operation left undone (2\\times 3\\times 4)
_COMMAND = re.compile(r"\\(?!left|right|text|mathrm|operatorname|cdot|times|,|;|!|quad)[a-zA-Z]+")
_OPERATOR = re.compile(r"[+\-/^]")
_NUMERIC_PRODUCT = re.compile(r"\d\s*(?:\\cdot|\\times|\*)\s*(?=\d)")


def complexity(latex: str) -> int:
    """Rough count of operations: LaTeX commands (\\frac, \\sin, \\sqrt...) and + - / ^ (not product signs)."""
    s = clean(latex)
    return len(_COMMAND.findall(s)) + len(_OPERATOR.findall(s)) + len(_NUMERIC_PRODUCT.findall(s))


def _unreduced(answer: str) -> bool:
    m = _FRACTION.match(clean(answer))
    if not m:
        return False
    num, den = (int(x) for x in (m.group(1, 2) if m.group(1) else m.group(3, 4)))
    return den != 0 and math.gcd(num, den) > 1


def form_violation(answer: str, gold: str, question: str | None) -> str | None:
    if not question or not _ASKS.search(question):
        return None
    if STRICT_FRACTIONS and _unreduced(answer) and not _unreduced(gold):
        return "not_reduced"
    if complexity(answer) > complexity(gold) + SLACK:
        return "not_simplified"
    return None
