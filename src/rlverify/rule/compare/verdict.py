"""The record the typed entries of :mod:`rlverify.rule.compare` return, shared by every entry module (issue 29).

Interface::

    Verdict(match, entry, final=False)   an entry's Match, its name (``typed:<entry>``), and whether a rejection is a
                                         typed fact
    Again                                the comparison an entry calls on two readings it unwrapped (a record with
                                         ``match`` and ``final``: the caller's Decision)

May import: :mod:`rlverify.rule.answers.match`, :mod:`rlverify.rule.read.types`. Imports no entry, so that every entry
may import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..answers.match import Match
from ..read.types import Reading

__all__ = ["Again", "Verdict"]


@dataclass(frozen=True)
class Verdict:
    match: Match
    entry: str           # the name of the cell that decided
    final: bool = False


Again = Callable[[Reading, Reading], Any]   # the comparison: a record with ``match`` and ``final`` (its Decision)
