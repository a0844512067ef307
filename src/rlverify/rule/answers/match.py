"""The result of a comparison (``Match``) and the helpers every comparison module shares.

A leaf module: the comparison modules import it, never the package ``__init__``, so there is no
import cycle through ``rlverify.rule.answers``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

__all__ = ["Match", "same_multiset", "Compare"]


@dataclass(frozen=True)
class Match:
    equal: bool
    flags: tuple[str, ...] = ()   # e.g. ("hedge",), ("numeric",), ("timeout",)
    undecided: bool = False       # the reference itself could not be parsed


def same_multiset(xs: Sequence[Any], ys: Sequence[Any], equal: Callable[[Any, Any], bool]) -> bool:
    """Every x pairs off with a distinct y under ``equal`` (order ignored, repeats kept)."""
    if len(xs) != len(ys):
        return False
    left = list(ys)
    for x in xs:
        hit = next((k for k, y in enumerate(left) if equal(x, y)), None)
        if hit is None:
            return False
        left.pop(hit)
    return True


Compare = Callable[[str, str, "str | None"], Match]
"""The whole comparison ``(answer, gold, question) -> Match``, handed to rules that re-compare."""
