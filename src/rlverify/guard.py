"""Guard: is an extracted answer a plausible answer worth showing to a judge?

Interface::

    inspect(answer: str | None, gold: str, question: str | None = None, *,
            extraction_flags=(), config=GuardConfig()) -> GuardReport
    GuardReport(passed: bool, flags: tuple[str, ...], sanitized: str | None)

The hybrid verifier calls the guard on the span the rules extracted, after the rules said
"incorrect". Every detector has its own flag (see ``FLAGS``); an answer passes only when no
detector fires, and then ``sanitized`` (NFKC, invisible characters removed) is the only text a
judge may see. Detectors read the span through the views of :mod:`rlverify._guard_text`, so
case, styling (fullwidth, math bold, small capitals), LaTeX wrappers and spacing tricks do
not hide a word. Words that the gold itself uses are exempt (a gold ``\\text{Yes}`` may be
answered ``No``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import _guard_lang as lang
from . import _guard_shape as shape
from ._guard_text import GuardConfig, Span, make_span, sanitize

__all__ = ["GuardReport", "GuardConfig", "inspect", "FLAGS", "EXTRACTION_BLOCKS", "gibberish_tail",
           "offers_several_values", "HEDGE_TEXT_CHARS"]

FLAGS = (
    "no_answer", "fallback", "hedge", "timeout", "rule_error", "empty", "invisible_chars",
    "styled_letters", "mixed_script", "confusables", "foreign_prose", "markup", "role_mimicry",
    "verdict_language", "instruction_language", "hidden_words", "encoded_text", "gibberish", "repetition",
    "too_long", "unexpected_words", "gibberish_context",
)
HEDGE_TEXT_CHARS = 4000  # offers_several_values reads at most this many trailing characters
# Flags of the extraction/rules that keep a span from the judge, and the guard flag they become.
EXTRACTION_BLOCKS = {"no_answer": "no_answer", "fallback": "fallback", "hedge": "hedge",
                     "timeout": "timeout", "too_deep": "timeout", "error": "rule_error"}


@dataclass(frozen=True)
class GuardReport:
    passed: bool
    flags: tuple[str, ...] = ()
    sanitized: str | None = None     # what a judge may see (None when blocked)



def inspect(answer: str | None, gold: str, question: str | None = None, *,
            extraction_flags: tuple[str, ...] = (), context: str | None = None,
            config: GuardConfig | None = None) -> GuardReport:
    """Decide whether ``answer`` may be shown to a judge; see the module docstring.

    ``extraction_flags`` are the rule verdict's flags (a fallback, hedge, timeout... blocks);
    ``context`` is the response the span came from (only its end is read, never shown).
    """
    blocked = tuple(dict.fromkeys(EXTRACTION_BLOCKS[f] for f in extraction_flags if f in EXTRACTION_BLOCKS))
    if context is not None and shape.gibberish_context(context):
        blocked += ("gibberish_context",)
    if answer is None:
        return GuardReport(False, tuple(dict.fromkeys(("no_answer",) + blocked)))
    config = config or GuardConfig()
    answer = str(answer)
    if len(answer) > config.max_chars:  # never scan or show a huge span
        return GuardReport(False, tuple(dict.fromkeys(blocked + ("too_long",))))
    span = make_span(answer, str(gold), question, config)
    flags = blocked + tuple(name for name, detect in _DETECTORS if detect(span))
    if flags:
        return GuardReport(False, tuple(dict.fromkeys(flags)))
    return GuardReport(True, (), span.text)


# Detectors in the order their flags are reported.
_DETECTORS: tuple[tuple[str, Callable[[Span], bool]], ...] = (
    ("empty", shape.empty),
    ("invisible_chars", shape.invisible),
    ("styled_letters", shape.styled),
    ("mixed_script", shape.mixed_script),
    ("confusables", shape.confusables),
    ("foreign_prose", shape.foreign_prose),
    ("markup", shape.markup),
    ("role_mimicry", lang.role),
    ("verdict_language", lang.verdict),
    ("instruction_language", lang.instruction),
    ("hidden_words", lang.hidden_words),
    ("encoded_text", shape.encoded),
    ("gibberish", shape.gibberish),
    ("repetition", shape.repetition),
    ("too_long", shape.too_long),
    ("unexpected_words", lang.unexpected_words),
    ("hedge", shape.hedge),
)


def gibberish_tail(response: str) -> bool:
    """True when the end of ``response`` (after ``</think>``) is random characters, so a number
    found there is no answer (for extractors deciding whether a last-number fallback is safe)."""
    return shape.gibberish_context(response)


def offers_several_values(text: str, gold: str) -> bool:
    """True when ``text`` (e.g. the last line of a response) offers more distinct numeric values
    than ``gold`` holds ("180, 174, 175" or "either 4 or 5" for a single-valued gold): a hedge.
    Items without a digit (prose such as "So, Raymond has $8 left") are not counted. Only the
    last ``HEDGE_TEXT_CHARS`` characters are read, so the cost is bounded on any input."""
    return shape.several_values(sanitize(text[-HEDGE_TEXT_CHARS:]), sanitize(gold[-HEDGE_TEXT_CHARS:]))
