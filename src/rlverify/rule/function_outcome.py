"""A function stated with another name for its variable (issue 30, judge calls): ``f(x) = x + 1`` against
``f(z) = z`` is the function ``x \\mapsto x + 1`` against ``z \\mapsto z``; the variable's name is no part of the
answer, so the two bodies are compared with the answer's variable renamed to the reference's. Before, the two sides
were expressions in different free symbols, which no comparison reads, and the pair went to the judge.

Interface::

    renamed_function(answer, gold, question) -> Outcome   DIFFERENT or UNSURE

Both sides must be one definition ``NAME(v) = BODY`` of the same one-letter function name with one one-letter
variable (``f(n) = 2n + 1007``, ``g(t)=...``); the bodies are then compared by the outcome reader
(:func:`rlverify.rule.outcome.rejection_outcome`: ``different`` only from two values it reads that differ). A
function of several variables, two names, a body holding the other side's variable letter as another name, or
anything else stays ``unsure``.

Imports the rule's outcome reader; the renaming is a regex on a bounded span, nothing is evaluated from raw text.
"""

from __future__ import annotations

import re

from ..verdict import Outcome

__all__ = ["renamed_function"]

_MAX_CHARS = 200
_DEFINITION = re.compile(r"^\s*([A-Za-z])\s*\(\s*([A-Za-z])\s*\)\s*=\s*([^=<>]+?)\s*\.?\s*$")


def renamed_function(answer: str, gold: str, question: str | None, cas: bool = True) -> Outcome:
    """See the module doc."""
    if len(answer) > _MAX_CHARS or len(gold) > _MAX_CHARS:
        return Outcome.UNSURE
    ma, mg = _DEFINITION.match(_plain(answer)), _DEFINITION.match(_plain(gold))
    if ma is None or mg is None or ma.group(1) != mg.group(1):
        return Outcome.UNSURE
    (name, va, body_a), (_, vg, body_g) = ma.groups(), mg.groups()
    if va == name or vg == name:
        return Outcome.UNSURE
    if va != vg:
        if _letter(vg).search(body_a):
            return Outcome.UNSURE      # the reference's variable letter already names something in the answer
        body_a = _letter(va).sub(vg, body_a)
    from .outcome import rejection_outcome

    return rejection_outcome(body_a, body_g, question, cas)


def _plain(text: str) -> str:
    return text.replace("$", " ").strip()


def _letter(v: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z\\]){re.escape(v)}(?![A-Za-z])")
