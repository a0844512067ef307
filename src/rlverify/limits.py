"""Named caps on untrusted input. Every parse and comparison respects these."""

from __future__ import annotations

__all__ = [
    "MAX_RESPONSE_CHARS",
    "MAX_ANSWER_CHARS",
    "MAX_GOLD_CHARS",
    "DEFAULT_ITEM_TIMEOUT",
    "DEFAULT_CAS_TIMEOUT",
]

MAX_RESPONSE_CHARS = 200_000   # responses longer than this are cut to their last part
MAX_ANSWER_CHARS = 2_000       # an extracted answer span longer than this is not parsed symbolically
MAX_GOLD_CHARS = 2_000
DEFAULT_ITEM_TIMEOUT = 1.0     # seconds, whole verify() of one item
DEFAULT_CAS_TIMEOUT = 0.5      # seconds, one symbolic comparison
