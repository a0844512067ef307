"""Named caps on untrusted input. Every parse and comparison respects these."""

from __future__ import annotations

from .settings import cache_limit

__all__ = [
    "MAX_RESPONSE_CHARS",
    "MAX_ANSWER_CHARS",
    "MAX_GOLD_CHARS",
    "DEFAULT_ITEM_TIMEOUT",
    "DEFAULT_CAS_TIMEOUT",
    "MAX_QUESTION_CHARS",
    "MAX_BOXES",
    "MAX_BRACE_DEPTH",
    "MEMO_SIZE",
    "MEMO_MAX_CHARS",
    "MEMO_QUESTION_CHARS",
    "MAX_ANSWER_DEPTH",
    "MAX_ANSWER_OPERATORS",
]

MAX_RESPONSE_CHARS = 200_000   # responses longer than this are cut to their last part
MAX_ANSWER_CHARS = 2_000       # an extracted answer span longer than this is not parsed symbolically
MAX_GOLD_CHARS = 2_000
DEFAULT_ITEM_TIMEOUT = 1.0     # seconds, whole verify() of one item
DEFAULT_CAS_TIMEOUT = 0.5      # seconds, one symbolic comparison
MAX_QUESTION_CHARS = 50_000   # questions longer than this are cut to their last part
MAX_BOXES = 200                # more boxed/fbox spans than this in one response: refused (incorrect)
MAX_BRACE_DEPTH = 64           # braces nested deeper than this in a response: refused (incorrect)
MEMO_SIZE = cache_limit("rule.memo_compare")   # entries of the (answer, gold, question) -> Match memo
MEMO_MAX_CHARS = 2_048         # answer + gold longer than this are not memoized
MEMO_QUESTION_CHARS = 4_000    # nor a question longer than this (an entry's memory stays bounded)
MAX_ANSWER_DEPTH = 16          # ({[ nested deeper than this in an extracted answer: refused
MAX_ANSWER_OPERATORS = 100     # + - * / ^ \cdot \frac ... more than this in an answer: refused
