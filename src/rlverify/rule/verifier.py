"""RuleVerifier: sanitize -> extract -> fast path -> parse -> compare, every step bounded.

Registered as ``rule``. ``verify`` never raises: a bound hit is
``Verdict(correct=False, flags=("timeout",))``, an internal error ``flags=("error",)``.

Inputs first go through :func:`rlverify.rule.sanitize.sanitize` (size caps, NUL, surrogates,
box floods, deep nesting). The whole item runs under one deadline
(:func:`rlverify.runtime.bounded.item_deadline`, ``timeout`` seconds): cheap cases are decided
in-process (:func:`rlverify.rule.compare.cheap`: the same text, two plain numbers); the typed comparison
(:func:`rlverify.rule.compare.compare`) runs as one
job in a killable helper process bounded by what is left of that deadline (its own CAS
calls run inline there), and its results are memoized. ``verify_batch(items, workers=N>1)`` uses :mod:`rlverify.runtime.pool` (N worker
processes, a hard per-item deadline enforced from the parent).
"""

from __future__ import annotations

import dataclasses
import re
import logging
import time
from typing import Any, Mapping, Sequence

from .answers import Match
from .compare import cheap, compare
from ..runtime.bounded import item_deadline, remaining, run_bounded
from ..errors import BoundExceeded
from .extract import extract_answer
from .offers import gibberish_tail, offers_several_values
from .fastpath import memo_compare
from ..runtime.limits import DEFAULT_ITEM_TIMEOUT
from ..registry import register
from .reference import reference_readings
from .sanitize import answer_refusal, sanitize
from ..verdict import BaseVerifier, Outcome, Verdict
from .unwrapped import typed_outcome
from ..flags import Flag
from ..runtime.settings import env

_log = logging.getLogger(__name__)

__all__ = ["RuleVerifier", "warm_up"]

# One of each answer family, verified once by warm_up() so lazy parsers, unit registries
# and caches are built before the first real item is timed.
_WARM_ITEMS = (
    ("\\boxed{\\frac{1}{2}}", "0.5", None),
    ("\\boxed{x^2+2x+1}", "(x+1)^2", None),
    ("\\boxed{\\sqrt{2}/2}", "\\frac{\\sqrt{2}}{2}", None),
    ("\\boxed{5\\text{ m}}", "500 cm", "How long is it, in meters?"),
    ("\\boxed{[1, 2)}", "[1,2)", None),
    ("\\boxed{\\begin{pmatrix}1\\\\2\\end{pmatrix}}", "(1, 2)", None),
    ("The answer is (B) 2", "B", "Which? (A) 1 (B) 2"),
    ("\\boxed{4:30 p.m.}", "4:30 pm", "When?"),
    ("\\boxed{x = 3}", "3", None),
    ("\\boxed{\\text{seven}}", "7", None),
)


@dataclasses.dataclass(frozen=True)
class _Judged(Match):
    """A comparison's Match with the outcome of its rejection read in the same helper call
    (without the CAS, as ``match_outcome(..., cas=False)``): the readers it needs are warm
    there and the round trip is paid already. None: accepted, or not read (the caller reads it)."""
    outcome: Outcome | None = None


# seconds of the item deadline the helper must have left to read a rejection's outcome too
_OUTCOME_MARGIN = 0.05


def _compare_job(answer: str, gold: str, question: str | None, budget: float) -> Any:
    """Runs in a helper process (or inline in a pool worker): the whole typed comparison, and
    for a rejection its CAS-free outcome (:class:`_Judged`)."""
    with item_deadline(budget):
        m = compare(answer, gold, question)
        left = remaining()
        if m.equal and Flag.HEDGE not in m.flags or left is None or left < _OUTCOME_MARGIN:
            return m
        return _Judged(m.equal, m.flags, m.undecided, typed_outcome(False, m, answer, gold, question, False))


def _bounded_compare(answer: str, gold: str, question: str | None) -> Any:
    """The typed comparison under a hard bound: what is left of this item's deadline."""
    budget = remaining()
    budget = DEFAULT_ITEM_TIMEOUT if budget is None else budget
    return run_bounded(_compare_job, answer, gold, question, budget, timeout=budget)


def _fallback_refusal(response: str, gold: str) -> tuple[str, ...]:
    """A last-number guess is not a declared answer. Refuse it when the response ends in random
    characters (a number inside gibberish is no answer) or when its last line offers several
    values where the gold has fewer (a bare list of candidates is a hedge)."""
    if gibberish_tail(response):
        return ("gibberish", "no_answer")
    last_line = response.rstrip().rsplit("\n", 1)[-1]
    if offers_several_values(last_line, gold):
        return ("hedge",)
    return ()


class RuleVerifier(BaseVerifier):
    name = "rule"

    def __init__(self, timeout: float = DEFAULT_ITEM_TIMEOUT, score_correct: float = 1.0,
                 score_incorrect: float = 0.0, raise_on_error: bool | None = None,
                 outcome_cas: bool = False) -> None:
        """``raise_on_error``: re-raise internal errors instead of returning an ``error`` verdict
        (for tests and debugging; default ``$RLVERIFY_RAISE_ON_ERROR == "1"``). Bound hits are
        always ``timeout`` verdicts. ``outcome_cas``: let the CAS prove two expressions different for
        ``Verdict.outcome`` (the hybrid turns it on: each ``unsure`` is a judge call; off, a rejection
        costs no extra helper round trip)."""
        self.timeout = float(timeout)
        self.score_correct = float(score_correct)
        self.score_incorrect = float(score_incorrect)
        self.outcome_cas = bool(outcome_cas)
        self.raise_on_error = (env("RLVERIFY_RAISE_ON_ERROR") == "1") if raise_on_error is None else bool(raise_on_error)

    def _verdict(self, correct: bool, t0: float, extracted: str | None,
                 flags: tuple[str, ...] = (), undecided: bool = False,
                 outcome: Outcome = Outcome.UNSURE) -> Verdict:
        return Verdict(
            correct=correct,
            score=self.score_correct if correct else self.score_incorrect,
            source="rule",
            extracted=extracted,
            flags=tuple(dict.fromkeys(flags)),
            seconds=time.perf_counter() - t0,
            undecided=undecided,
            outcome=Outcome.EQUAL if correct else outcome,
        )

    def verify(self, response: str, gold: str | Sequence[str], question: str | None = None) -> Verdict:
        """One verdict. A gold that stands for several acceptable answers (a list of golds, a
        solution ending in a box) is read by :func:`rlverify.rule.reference.reference_readings`:
        the response is correct when it matches any reading; a rejection is 'different' only
        when it is 'different' from every reading."""
        several = isinstance(gold, (list, tuple)) or (isinstance(gold, str) and len(gold) > 1)
        readings = reference_readings(gold) if several else (gold,)
        if len(readings) == 1:
            return self._verify_one(response, readings[0], question)
        verdicts = []
        for reading in readings:
            v = self._verify_one(response, reading, question)
            if v.correct:
                return v
            verdicts.append(v)
        first = verdicts[0]
        if any(v.outcome != first.outcome for v in verdicts):
            first = dataclasses.replace(first, outcome=Outcome.UNSURE)
        return first

    def _verify_one(self, response: str, gold: str, question: str | None = None) -> Verdict:
        t0 = time.perf_counter()
        extracted: str | None = None
        try:
            s = sanitize(response, gold, question)
            if s.reject:
                return self._verdict(False, t0, None, s.flags + s.reject,
                                     undecided="gold_too_long" in s.reject)
            with item_deadline(self.timeout):
                ex = extract_answer(s.response)
                extracted = ex.answer
                flags = s.flags + ex.flags
                if ex.answer is None:
                    return self._verdict(False, t0, None, flags + ("no_answer",))
                if ex.hedge:
                    if _same_alternatives(ex, s.gold, s.question):   # the reference's own alternatives
                        return self._verdict(True, t0, extracted, tuple(f for f in flags if f != Flag.HEDGE))
                    if not _all_equal(ex, s.gold, s.question) and not _one_set(ex, s.gold, s.question):
                        return self._verdict(False, t0, extracted, flags)
                    flags = tuple(f for f in flags if f != Flag.HEDGE) + (Flag.RESTATED,)
                if Flag.FALLBACK in ex.flags:
                    refused = _fallback_refusal(s.response, s.gold)
                    if refused:
                        return self._verdict(False, t0, extracted, flags + refused)
                m = cheap(ex.answer, s.gold, s.question)   # in-process: the same text, two plain numbers
                refused = answer_refusal(ex.answer) if m is None else ()
                if refused:
                    return self._verdict(False, t0, extracted, flags + refused)
                if m is None:
                    m = memo_compare(ex.answer, s.gold, s.question, _bounded_compare)
                correct = m.equal and Flag.HEDGE not in m.flags
                guessed = Flag.FALLBACK in ex.flags  # a last-number guess is no declared answer: never 'different'
                if guessed and not correct:
                    outcome = Outcome.UNSURE
                elif not correct and not self.outcome_cas and isinstance(m, _Judged) and m.outcome is not None:
                    outcome = m.outcome  # read in the helper call, without the CAS
                else:
                    outcome = typed_outcome(correct, m, ex.answer, s.gold, s.question, self.outcome_cas)
                seen = (Flag.HEDGE_IN_SPAN,) if Flag.HEDGE in m.flags else ()  # the guard may re-read the span
            return self._verdict(correct, t0, extracted, flags + m.flags + seen, m.undecided, outcome)
        except BoundExceeded:
            return self._verdict(False, t0, extracted, ("timeout",))
        except RecursionError:
            return self._verdict(False, t0, extracted, ("timeout", "too_deep"))
        except Exception as e:  # noqa: BLE001 - a verifier must never crash a training step
            if self.raise_on_error:
                raise
            _log.debug("rule verifier error on gold %r", gold[:200] if isinstance(gold, str) else gold, exc_info=True)
            return self._verdict(False, t0, extracted, (Flag.ERROR, f"error:{type(e).__name__}"))

    def verify_batch(self, items: Sequence[Mapping[str, Any]], workers: int | None = None) -> list[Verdict]:
        if workers and workers > 1:
            try:
                from ..runtime.pool import verify_batch as pool_batch
            except ModuleNotFoundError:
                pool_batch = None
            if pool_batch is not None:
                return pool_batch(items, workers=workers, timeout=self.timeout, verifier="rule",
                                  score_correct=self.score_correct,
                                  score_incorrect=self.score_incorrect, outcome_cas=self.outcome_cas)
        return super().verify_batch(items)


def warm_up() -> None:
    """Verify one item of each answer family (in this process) to build lazy state."""
    v = RuleVerifier(timeout=30.0)
    for response, gold, question in _WARM_ITEMS:
        v.verify(response, gold, question)


@register("rule")
def _make_rule(**options: Any) -> RuleVerifier:
    return RuleVerifier(**options)


_MAX_RESTATED = 4


def _one_set(ex: Any, gold: str, question: str | None) -> bool:
    """A "hedge" joined by "or" that is one set of reals equal to the reference (``x < -5`` or ``x > 0``
    against ``(-\\infty,-5)\\cup(0,\\infty)``): the pieces of one set, not several answers offered."""
    if "retracted" in ex.flags or not ex.answer or len(dict.fromkeys(ex.candidates)) > 1 \
            or not _JOINED_SET.search(ex.answer):
        return False    # several boxes or spans offered (\boxed{m \neq 3} \boxed{m \neq 1}): a hedge
    m = memo_compare(ex.answer, gold, question, _bounded_compare)
    return m.equal and "domain_set" in m.flags


def _same_alternatives(ex: Any, gold: str, question: str | None) -> bool:
    """A "hedge" 'A or B' against a reference written 'A or B' itself (``-12 \\text{ or } -30``): the answer states
    the reference's alternatives, each matched once, not several answers offered for one."""
    if "retracted" in ex.flags or not ex.answer or len(dict.fromkeys(ex.candidates)) > 1:
        return False
    mine, theirs = _alternatives(ex.answer), _alternatives(gold)
    if not 2 <= len(theirs) <= _MAX_RESTATED or len(mine) != len(theirs):
        return False
    left = list(theirs)
    for a in mine:
        hit = next((g for g in left if _equal_cheap_first(a, g, question)), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def _equal_cheap_first(a: str, g: str, question: str | None) -> bool:
    m = cheap(a, g, question)
    m = m if m is not None else memo_compare(a, g, question, _bounded_compare)
    return m.equal and Flag.HEDGE not in m.flags


_OR_SPLIT = re.compile(r"\\(?:text|mbox|textrm)\{\s*or\s*\}|\bor\b", re.I)


def _alternatives(text: str) -> list[str]:
    parts = [p.strip().strip("$").strip() for p in _OR_SPLIT.split(text.strip().strip("$"))]
    return [p for p in parts if p] if len(parts) > 1 and all(parts) else []


_JOINED_SET = re.compile(r"\bor\b|\\lor(?![a-zA-Z])|\\vee(?![a-zA-Z])|\\cup(?![a-zA-Z])|∪|\bU\b")


def _all_equal(ex: Any, gold: str, question: str | None) -> bool:
    """A "hedge" of two to four answers that each equal the reference (``\\boxed{15\\frac{39}{40}}``, or
    ``\\boxed{\\frac{639}{40}}``): one value restated in another form, not several values offered."""
    cands = tuple(dict.fromkeys(ex.candidates))
    if not 2 <= len(cands) <= _MAX_RESTATED or "retracted" in ex.flags:
        return False
    for c in cands:
        m = cheap(c, gold, question)
        if m is None:
            m = memo_compare(c, gold, question, _bounded_compare)
        if not m.equal or Flag.HEDGE in m.flags:
            return False
    return True
