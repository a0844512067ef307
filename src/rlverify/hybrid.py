"""HybridVerifier: rules first, then the guard, then the judge (registered as ``hybrid``).

Flow of one item (see DESIGN.md)::

    rules accept                       -> Verdict(correct, source="rule")
    rules reject, outcome "different"  -> Verdict(incorrect, source="rule"): final, no judge asked
    rules reject, outcome "unsure":
      guard blocks the span            -> Verdict(incorrect, source="guard", flags=guard flags)
      guard passes                     -> judge(JudgeItem(question, gold, sanitized span))
                                          -> Verdict(source="judge"); None -> undecided
    judge raises (server down)         -> the rule verdict, flag "judge_unavailable"
    judge silent past ``judge_budget``  -> the same (a timeout is an outage, not "undecided")

The judge is asked only what the rules cannot decide (``Verdict.outcome``, see
:mod:`rlverify.rule.outcome`): a rejection whose both sides the rules read into comparable values
that differ (a number against another number, a set with other members...) is final. That keeps
judge calls to a few percent of items and a wrong answer followed by a payload away from the
judge. The judge never sees the raw response: only the span the rules extracted, sanitized by the
guard. A rule timeout, hedge, several values offered for one, fallback (last-number guess) or
missing answer never reaches it. A rule stage that sets no outcome (None) is treated as unsure.
``verify_batch`` runs the rules on every item and calls the judge once for the eligible ones.

``judge`` is a judge object (anything with ``judge(items) -> list[bool | None]``) or a backend
name resolved by :func:`rlverify.judge.factory.make_judge` with ``judge_options`` (and
``template``): ``get_verifier("hybrid", judge="gullible")``, ``get_verifier("hybrid",
judge="openai", judge_options={"base_url": ..., "model": ...})``. Other keyword options are
:class:`~rlverify.guard.GuardConfig` fields.
"""

from __future__ import annotations

import logging

import time
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from .errors import BadInputError, RLVerifyError
from .guard.policy import GuardConfig, GuardReport, inspect
from .judge.base import JudgeItem, JudgeResult
from .judge.budget import DEFAULT_JUDGE_BUDGET, call_with_budget, is_outage
from .registry import get_verifier, register
from .verdict import BaseVerifier, Outcome, Verdict

__all__ = ["HybridVerifier", "Eligibility", "judge_eligibility", "RejectAllRules", "resolve_judge"]

_log = logging.getLogger(__name__)


def resolve_judge(judge: Any, template: str | None = None,
                  judge_options: Mapping[str, Any] | None = None) -> Any:
    """A judge object from an object or a spec (``gullible``, ``recording``, ``openai``...).

    With ``judge=None`` the judge comes from the ``RLVERIFY_JUDGE_*`` environment variables
    (see :func:`rlverify.judge.verifier.judge_from_env`).
    """
    if judge is None:
        from .judge.verifier import judge_from_env

        return judge_from_env()
    if not isinstance(judge, str):
        if not callable(getattr(judge, "judge", None)):
            raise BadInputError(f"not a judge (no judge(items) method): {type(judge).__name__}")
        return judge
    from .judge.factory import make_judge

    options = dict(judge_options or {})
    if template is not None and judge not in _SIMULATED:
        options["template"] = template
    return make_judge(judge, **options)


_SIMULATED = ("gullible", "recording")


@dataclass(frozen=True)
class _Pending:
    index: int
    item: JudgeItem
    rule: Verdict


class HybridVerifier(BaseVerifier):
    name = "hybrid"

    def __init__(self, judge: Any = None, template: str | None = None,
                 judge_options: Mapping[str, Any] | None = None, guard: GuardConfig | None = None,
                 rule_options: Mapping[str, Any] | None = None, score_correct: float = 1.0,
                 score_incorrect: float = 0.0, judge_budget: float | None = DEFAULT_JUDGE_BUDGET,
                 **guard_options: Any) -> None:
        if judge == "openai" and judge_budget is not None:  # its own budget then ends the abandoned call too
            judge_options = {"budget": judge_budget, **dict(judge_options or {})}
        self.judge = resolve_judge(judge, template, judge_options)
        self.judge_budget = None if judge_budget is None else float(judge_budget)  # seconds per judge call
        self.template = template
        self.guard = guard or GuardConfig(**guard_options)
        self.rule = get_verifier("rule", **{"outcome_cas": True, **dict(rule_options or {})})  # unsure = judge call
        self.score_correct = float(score_correct)
        self.score_incorrect = float(score_incorrect)

    def with_judge(self, judge: Any) -> "HybridVerifier":
        """The same verifier (rules, guard, scores) with another judge."""
        clone = object.__new__(HybridVerifier)
        clone.__dict__.update(self.__dict__)
        clone.judge = resolve_judge(judge)
        return clone

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        return self.verify_batch([{"response": response, "gold": gold, "question": question}])[0]

    def verify_batch(self, items: Sequence[Mapping[str, Any]], workers: int | None = None) -> list[Verdict]:
        items = [_clean_item(it) for it in items]
        out: list[Verdict] = list(self.rule.verify_batch(items, workers=workers))
        pending: list[_Pending] = []
        for i, (it, v) in enumerate(zip(items, out)):
            if v.correct:
                out[i] = v.with_(score=self.score_correct)
                continue
            if v.outcome is Outcome.DIFFERENT:  # the rules read both sides: final, never judged
                out[i] = v.with_(score=self.score_incorrect)
                continue
            report = self._inspect(v, it)
            if report.passed:
                pending.append(_Pending(i, JudgeItem(it["question"], it["gold"], report.sanitized or ""), v))
            else:
                out[i] = self._blocked(v, report)
        if pending:
            for p, verdict in zip(pending, self._ask_judge(pending)):
                out[p.index] = verdict
        return out

    def _inspect(self, v: Verdict, it: Mapping[str, Any]) -> GuardReport:
        try:
            return inspect(v.extracted, it["gold"], it["question"], extraction_flags=v.flags,
                           context=it["response"], config=self.guard)
        except Exception as e:  # noqa: BLE001 - a guard bug blocks the item, it never crashes a step
            _log.debug("hybrid.py: handled exception", exc_info=True)
            return GuardReport(False, ("guard_error", f"error:{type(e).__name__}"))

    def _blocked(self, v: Verdict, report: GuardReport) -> Verdict:
        return Verdict(correct=False, score=self.score_incorrect, source="guard", extracted=v.extracted,
                       flags=_merge(v.flags, report.flags), seconds=v.seconds, undecided=False,
                       outcome=v.outcome)

    def _ask_judge(self, pending: list[_Pending]) -> list[Verdict]:
        t0 = time.perf_counter()
        try:
            results = call_with_budget(self._judge_results, [p.item for p in pending], budget=self.judge_budget)
            if len(results) != len(pending):
                raise RLVerifyError(f"judge returned {len(results)} verdicts for {len(pending)} items")
        except Exception as e:  # noqa: BLE001 - a judge failure must not crash a training step
            _log.debug("hybrid.py: handled exception", exc_info=True)
            flags = ("judge_unavailable", f"error:{type(e).__name__}")
            return [p.rule.with_(flags=_merge(p.rule.flags, flags), score=self.score_incorrect) for p in pending]
        share = (time.perf_counter() - t0) / len(pending)
        out = []
        for p, r in zip(pending, results):
            if isinstance(r, JudgeResult) and is_outage(r.error):  # that item's request timed out or failed
                flags = ("judge_unavailable", f"judge_{r.error}")
                out.append(p.rule.with_(flags=_merge(p.rule.flags, flags), score=self.score_incorrect))
            else:
                out.append(self._judged(p, r.decision if isinstance(r, JudgeResult) else r, share))
        return out

    def _judge_results(self, items: list[JudgeItem]) -> list[Any]:
        """Decisions; JudgeResults when the judge gives them (their errors tell an outage from a
        reply that could not be read)."""
        detailed = getattr(self.judge, "judge_detailed", None)
        return list(detailed(items) if callable(detailed) else self.judge.judge(items))

    def _judged(self, p: _Pending, result: Any, seconds: float) -> Verdict:
        correct = result is True
        undecided = result is not True and result is not False
        flags = _merge(p.rule.flags, ("judge_undecided",) if undecided else ())
        return Verdict(correct=correct, score=self.score_correct if correct else self.score_incorrect,
                       source="judge", extracted=p.item.answer, flags=flags,
                       seconds=p.rule.seconds + seconds, undecided=undecided, outcome=p.rule.outcome)


def _clean_item(it: Mapping[str, Any]) -> dict[str, Any]:
    q = it.get("question")
    return {"response": str(it.get("response", "")), "gold": str(it.get("gold", "")),
            "question": None if q is None else str(q)}


def _merge(*groups: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(f for g in groups for f in g))


@dataclass(frozen=True)
class Eligibility:
    """Share of the correct responses the rules rejected that reached the judge."""

    reached: int
    rule_rejected: int

    @property
    def rate(self) -> float:
        return self.reached / self.rule_rejected if self.rule_rejected else 1.0


def judge_eligibility(verdicts: Sequence[Verdict], labels: Sequence[bool]) -> Eligibility:
    """Judge eligibility of hybrid verdicts on labelled rows (label True = really correct).

    A correct row was rejected by the rules unless its verdict is a rule acceptance; it
    reached the judge when its verdict comes from the judge.
    """
    rejected = reached = 0
    for v, label in zip(verdicts, labels):
        if not label or (v.source == "rule" and v.correct):
            continue
        rejected += 1
        reached += v.source == "judge"
    return Eligibility(reached, rejected)


class RejectAllRules:
    """The worst rules stage, for measuring the guard alone: every answer rejected, the real
    extraction (and its flags) kept, so every correct response takes the guard path
    (``hybrid.rule = RejectAllRules()``; ``judge_eligibility`` then measures the guard)."""

    name = "rule"

    def verify_batch(self, items: Sequence[Mapping[str, Any]], workers: int | None = None) -> list[Verdict]:
        from .rule.extract import extract_answer

        out = []
        for it in items:
            ex = extract_answer(it["response"])
            flags = ex.flags + (("no_answer",) if ex.answer is None else ())
            out.append(Verdict(False, 0.0, "rule", ex.answer, flags))
        return out


@register("hybrid")
def _make_hybrid(**options: Any) -> HybridVerifier:
    return HybridVerifier(**options)
