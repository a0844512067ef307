"""Typed answers: parse an answer span and the reference, compare them by type.

Interface::

    compare(answer: str, gold: str, question: str | None = None) -> Match

NOTE: placeholder (normalized string equality); the foundation issue replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Match", "compare"]


@dataclass(frozen=True)
class Match:
    equal: bool
    flags: tuple[str, ...] = ()   # e.g. ("hedge",), ("numeric",), ("timeout",)
    undecided: bool = False       # the reference itself could not be parsed


def compare(answer: str, gold: str, question: str | None = None) -> Match:
    norm = lambda s: "".join(s.split()).strip("$.")
    return Match(norm(answer) == norm(gold))
