"""The continued-decimal reader (issue 29): ``0.777\\ldots``, ``4.09523...``, ``3.14159…``: a decimal said to go on
(a :class:`~.types.Continued`; the cleaned text writes every ellipsis ``\\ldots``).

Interface::

    continued(text, again, depth) -> Continued | None     a reader (see :data:`rlverify.rule.read.READERS`)

May import: :mod:`.types`. Never the comparison.
"""

from __future__ import annotations

import re

from .types import Continued, Reading

__all__ = ["continued"]

_CONTINUED = re.compile(r"\s*[+-]?\d+\.\d+\s*(?:\\[lc]?dots|\.\.\.|\u2026)\s*")


def continued(s: str, again, depth: int) -> Reading | None:
    """A decimal, then an ellipsis and nothing else."""
    return Continued(s) if len(s) <= 60 and _CONTINUED.fullmatch(s) else None
