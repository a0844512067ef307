"""Guard: is an extracted answer a plausible answer worth showing to a judge?

Interface::

    inspect(answer: str | None, gold: str, question: str | None = None, *,
            extraction_flags=(), config=GuardConfig()) -> GuardReport
    GuardReport(passed: bool, flags: tuple[str, ...], sanitized: str | None)

The hybrid verifier calls the guard on the span the rules extracted, after the rules said
"incorrect". Every detector has its own flag (see ``FLAGS``); an answer passes only when no
detector fires, and then ``sanitized`` (NFKC, invisible characters removed, rendered by
:mod:`rlverify.guard.render`: struck-out and invisible parts gone) is the only text a judge may
see. Detectors read the span through the views of :mod:`rlverify.guard.text`, so
case, styling (fullwidth, math bold, small capitals), LaTeX wrappers and spacing tricks do
not hide a word. Words that the gold itself uses are exempt (a gold ``\\text{Yes}`` may be
answered ``No``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import lang
from . import shape
from . import arith, render, vacuous
from ..rule.offers import HEDGE_TEXT_CHARS, gibberish_tail, offers_several_values
from ..flags import Flag
from .text import GuardConfig, Span, make_span

__all__ = ["GuardReport", "GuardConfig", "inspect", "FLAGS", "EXTRACTION_BLOCKS", "gibberish_tail",
           "offers_several_values", "HEDGE_TEXT_CHARS"]

FLAGS: tuple[Flag, ...] = (
    Flag.NO_ANSWER, Flag.FALLBACK, Flag.HEDGE, Flag.TIMEOUT, Flag.RULE_ERROR, Flag.EMPTY, Flag.INVISIBLE_CHARS,
    Flag.STYLED_LETTERS, Flag.MIXED_SCRIPT, Flag.CONFUSABLES, Flag.FOREIGN_PROSE, Flag.MARKUP, Flag.ROLE_MIMICRY,
    Flag.VERDICT_LANGUAGE, Flag.INSTRUCTION_LANGUAGE, Flag.HIDDEN_WORDS, Flag.ENCODED_TEXT, Flag.GIBBERISH,
    Flag.REPETITION, Flag.TOO_LONG, Flag.UNEXPECTED_WORDS, Flag.GIBBERISH_CONTEXT, Flag.UNBALANCED,
    Flag.STRUCK_OUT, Flag.VACUOUS, Flag.DANGLING, Flag.FALSE_RELATION, Flag.FAKE_BOX, Flag.FREE_VARIABLE,
    Flag.WRONG_NUMBER, Flag.NOT_SIMPLIFIED,
)
# Flags of the extraction/rules that keep a span from the judge, and the guard flag they become.
EXTRACTION_BLOCKS: dict[Flag, Flag] = {
    Flag.NO_ANSWER: Flag.NO_ANSWER, Flag.FALLBACK: Flag.FALLBACK, Flag.HEDGE: Flag.HEDGE,
    Flag.TIMEOUT: Flag.TIMEOUT, Flag.TOO_DEEP: Flag.TIMEOUT, Flag.ERROR: Flag.RULE_ERROR,
    # the rules read the value and found the question's own expression restated ('3 + 8' for 'What is 3 + 8?'):
    # equal in value, no solution; a judge can only be swayed by it
    Flag.NOT_SIMPLIFIED: Flag.NOT_SIMPLIFIED,
}


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
    blocked = _extraction_blocks(extraction_flags)
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


def _extraction_blocks(flags: tuple[str, ...]) -> tuple[str, ...]:
    """Guard flags for the rule flags that keep a span from the judge. A hedge the comparison saw
    inside the span itself (``hedge_in_span``, not a retraction) is left to the guard's own hedge
    detector, which reads the same span: "4 cases between 14 and 42" states 4, "4 or 5" hedges.
    A hedge seen outside the span (two boxes, a retraction) always blocks."""
    reread = Flag.HEDGE_IN_SPAN in flags and Flag.RETRACTED not in flags
    return tuple(dict.fromkeys(EXTRACTION_BLOCKS[f] for f in flags
                               if f in EXTRACTION_BLOCKS and not (reread and f == Flag.HEDGE)))


# Detectors in the order their flags are reported.
_DETECTORS: tuple[tuple[Flag, Callable[[Span], bool]], ...] = (
    (Flag.EMPTY, shape.empty),
    (Flag.UNBALANCED, shape.unbalanced),
    (Flag.INVISIBLE_CHARS, shape.invisible),
    (Flag.STYLED_LETTERS, shape.styled),
    (Flag.MIXED_SCRIPT, shape.mixed_script),
    (Flag.CONFUSABLES, shape.confusables),
    (Flag.FOREIGN_PROSE, shape.foreign_prose),
    (Flag.MARKUP, shape.markup),
    (Flag.STRUCK_OUT, lambda s: render.struck_out(s.raw)),
    (Flag.ROLE_MIMICRY, lang.role),
    (Flag.VERDICT_LANGUAGE, lang.verdict),
    (Flag.INSTRUCTION_LANGUAGE, lang.instruction),
    (Flag.HIDDEN_WORDS, lang.hidden_words),
    (Flag.ENCODED_TEXT, shape.encoded),
    (Flag.GIBBERISH, shape.gibberish),
    (Flag.VACUOUS, vacuous.vacuous),
    (Flag.FAKE_BOX, arith.fake_box),
    (Flag.DANGLING, arith.dangling),
    (Flag.FALSE_RELATION, arith.false_relation),
    (Flag.FREE_VARIABLE, arith.free_variable),
    (Flag.WRONG_NUMBER, arith.wrong_number),
    (Flag.REPETITION, shape.repetition),
    (Flag.TOO_LONG, shape.too_long),
    (Flag.UNEXPECTED_WORDS, lang.unexpected_words),
    (Flag.TEXT_ARITHMETIC, shape.text_arithmetic),
    (Flag.HEDGE, shape.hedge),
    (Flag.HEDGE, arith.juxtaposed),
)


