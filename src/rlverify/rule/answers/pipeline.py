"""The comparison pipeline: context rules that decide first, the typed core, then rescues.

``compare(answer, gold, question) -> Match``; see the package docstring.
"""

from __future__ import annotations

import re

from ...flags import Flag
from . import context
from .choice import gold_letter, labelled_value, option_text
from .core import compare_core
from .match import Match

__all__ = ["compare"]


def compare(answer: str, gold: str, question: str | None = None) -> Match:
    answer = _without_label(answer, gold, question)
    m = context.pre(answer, gold, question, compare)
    if m is not None:
        return m
    m = compare_core(answer, gold, question)
    if m.equal or Flag.HEDGE in m.flags:
        return m
    rescued = context.post(answer, gold, question, m, compare)
    return rescued if rescued is not None else m


def _without_label(answer: str, gold: str, question: str | None) -> str:
    """``(b)\\ 10^{-13}\\,\\text{cm}`` against a value reference: the value after the option label is
    the answer's reading, unless the question lists option b (then the option decides, in the core)."""
    got = labelled_value(answer) if "(" in answer[:10] or ")" in answer[:4] else None
    if got is None or gold_letter(gold) is not None or labelled_value(gold) is not None:
        return answer
    listed = option_text(question, got[0]) or option_text(question, got[0].lower())
    # a part label ('Find (a) the width and (b) the thickness') is no choice: an option holds a value
    choice = listed is not None and _lists_options(question) and re.search(r"\d", listed) is not None
    return answer if choice else got[1]


_OPTION_LABEL = re.compile(r"(?:^|[\s$])(?:\(\s*([A-Ea-e])\s*\)|([A-Ea-e])\))(?=[\s$\\])")


def _lists_options(question: str | None) -> bool:
    """The question lists options ('(A) 3 (B) 4', 'a) ... b) ...'): two labels or more set off by blanks
    ('E(B)' or 'points A and B.' name no option)."""
    labels = {(m.group(1) or m.group(2)).upper() for m in _OPTION_LABEL.finditer(question or "")}
    return len(labels) >= 2
