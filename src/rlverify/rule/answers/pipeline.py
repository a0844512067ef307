"""The comparison pipeline: context rules that decide first, the typed core, then rescues.

``compare(answer, gold, question) -> Match``; see the package docstring.
"""

from __future__ import annotations

from ...flags import Flag
from . import context
from .core import compare_core
from .match import Match

__all__ = ["compare"]


def compare(answer: str, gold: str, question: str | None = None) -> Match:
    m = context.pre(answer, gold, question, compare)
    if m is not None:
        return m
    m = compare_core(answer, gold, question)
    if m.equal or Flag.HEDGE in m.flags:
        return m
    rescued = context.post(answer, gold, question, m, compare)
    return rescued if rescued is not None else m
