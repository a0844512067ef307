"""Input guards applied before any parsing: untrusted text in, bounded text (or a refusal) out.

Interface::

    sanitize(response, gold, question=None) -> Sanitized
    Sanitized(response: str, gold: str, question: str | None, flags: tuple[str, ...],
              reject: tuple[str, ...])   # non-empty reject: answer at once, incorrect

What it does, in order, all in linear time:

* non-``str`` input: ``None`` -> ``""``, ``bytes`` -> UTF-8 with replacement, numbers -> ``str``,
  anything else -> ``str(x)`` (flag ``non_str_input``);
* NUL bytes and lone surrogates replaced by U+FFFD / ``?`` so they cannot vanish from
  an answer (flags ``nul``, ``surrogates``);
* a response longer than :data:`MAX_RESPONSE_CHARS` keeps its tail, where the final answer
  is (flag ``truncated``); a question is cut the same way;
* refusals (``reject``): more than :data:`MAX_BOXES` boxes (``too_many_boxes``), braces
  nested deeper than :data:`MAX_BRACE_DEPTH` (``too_deep``), a reference longer than
  :data:`MAX_GOLD_CHARS` (``gold_too_long``, which the verifier reports as undecided).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..runtime.limits import (
    MAX_ANSWER_CHARS,
    MAX_ANSWER_DEPTH,
    MAX_ANSWER_OPERATORS,
    MAX_BOXES,
    MAX_BRACE_DEPTH,
    MAX_GOLD_CHARS,
    MAX_QUESTION_CHARS,
    MAX_RESPONSE_CHARS,
)

__all__ = ["Sanitized", "sanitize", "clean_text", "brace_depth", "answer_refusal"]

_BRACE = re.compile(r"[{}]")
_BRACKET = re.compile(r"[{}()\[\]]")
_OPERATOR = re.compile(r"[-+*/^]|\\(?:cdot|times|div|frac|dfrac|tfrac|sqrt)(?![a-zA-Z])")
_NO_CUT = 1 << 62
_SURROGATE = re.compile("[\ud800-\udfff]")   # the code points UTF-8 cannot encode


@dataclass(frozen=True, init=False)
class Sanitized:
    response: str
    gold: str
    question: str | None
    flags: tuple[str, ...] = ()
    reject: tuple[str, ...] = ()

    def __init__(self, response: str, gold: str, question: str | None, flags: tuple[str, ...] = (),
                 reject: tuple[str, ...] = ()) -> None:
        # the dataclass's own __init__ without an object.__setattr__ per field (frozen: __dict__ written directly)
        d = self.__dict__
        d["response"], d["gold"], d["question"], d["flags"], d["reject"] = response, gold, question, flags, reject


def _to_text(x: Any) -> tuple[str, tuple[str, ...]]:
    if isinstance(x, str):
        return x, ()
    if x is None:
        return "", ()
    if isinstance(x, (bytes, bytearray)):
        return bytes(x).decode("utf-8", errors="replace"), ("non_str_input",)
    if isinstance(x, (bool, int, float, Fraction)):
        return str(x), ()
    try:
        return str(x), ("non_str_input",)
    except Exception:  # noqa: BLE001 - a hostile __str__ must not crash verification
        return "", ("non_str_input", "unprintable_input")


def clean_text(x: Any, max_chars: int) -> tuple[str, tuple[str, ...]]:
    """Text of ``x``: NUL-free, valid UTF-8, at most ``max_chars`` (the tail is kept)."""
    text, flags = _to_text(x)
    if len(text) > max_chars:
        text, flags = text[-max_chars:], flags + ("truncated",)
    if "\x00" in text:
        text, flags = text.replace("\x00", "\ufffd"), flags + ("nul",)
    if text.isascii() or _SURROGATE.search(text) is None:   # (isascii: O(1)) nothing UTF-8 cannot encode
        return text, flags
    text = text.encode("utf-8", errors="replace").decode("utf-8")
    return text, flags + ("surrogates",)


def brace_depth(text: str, stop_at: int | None = None, pattern: re.Pattern = _BRACE) -> int:
    """Deepest ``{`` nesting in ``text`` (stray ``}`` ignored); stops early past ``stop_at``.

    With ``pattern=_BRACKET`` all of ``{ ( [`` count as one kind of nesting.
    """
    depth = deepest = 0
    for m in pattern.finditer(text):
        if m.group() in "{([":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_at is not None and deepest > stop_at:
                    break
        elif depth:
            depth -= 1
    return deepest


_NOT_BRACE = re.compile(r"[^{}]+")


def _deeper_than(text: str, limit: int) -> bool:
    """``brace_depth(text, limit) > limit``, mostly at C speed: the braces alone lose their innermost
    ``{}`` pairs once per pass, as many passes as matched pairs nest; what stays is the stray ``}`` then
    the ``{`` never closed. The depth is at least the larger and at most the sum of both counts; only
    between them is the stack pass run."""
    braces = _NOT_BRACE.sub("", text)
    nested = 0
    while "{}" in braces:
        if nested > limit:
            return True
        braces = braces.replace("{}", "")
        nested += 1
    unclosed = braces.count("{")
    if max(nested, unclosed) > limit:
        return True
    if nested + unclosed <= limit:
        return False
    return brace_depth(text, limit) > limit


def _refusals(response: str, gold: str) -> tuple[str, ...]:
    if len(gold) > MAX_GOLD_CHARS:
        return ("gold_too_long",)
    # the box commands start at distinct backslashes, each at least 5 characters long: a shorter response holds
    # at most MAX_BOXES of them
    if len(response) >= 5 * (MAX_BOXES + 1) and response.count("\\boxed") + response.count("\\fbox") > MAX_BOXES:
        return ("too_many_boxes",)
    if response.count("{") > MAX_BRACE_DEPTH and _deeper_than(response, MAX_BRACE_DEPTH):
        return ("too_deep",)
    return ()


def answer_refusal(answer: str) -> tuple[str, ...]:
    """Why an extracted answer is refused before any parser sees it (empty: it is not).

    No correct answer in the dev corpora is longer than ~130 characters, nests brackets
    deeper than 4 or needs more than a few dozen operators; parsers, on the other hand,
    slow down badly on such shapes. (An answer identical to the reference is accepted by
    the fast path before this check.)
    """
    if len(answer) > MAX_ANSWER_CHARS:
        return ("too_long",)
    if brace_depth(answer, MAX_ANSWER_DEPTH, _BRACKET) > MAX_ANSWER_DEPTH:
        return ("too_deep",)
    ops = 0
    for _ in _OPERATOR.finditer(answer):
        ops += 1
        if ops > MAX_ANSWER_OPERATORS:
            return ("too_complex",)
    return ()


def sanitize(response: Any, gold: Any, question: Any = None) -> Sanitized:
    """Bring untrusted inputs into bounds; see the module docstring."""
    r, rf = clean_text(response, MAX_RESPONSE_CHARS)
    g, gf = clean_text(gold, _NO_CUT)  # NUL / surrogates only: a reference is never cut
    q: str | None = None
    if question is not None:
        q, _ = clean_text(question, MAX_QUESTION_CHARS)
    flags = tuple(dict.fromkeys(rf + gf))
    return Sanitized(r, g, q, flags, _refusals(r, g))
