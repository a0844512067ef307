"""The judge time budget (issue 18): call_with_budget, which errors are outages, and the
hybrid answering an outage item with its rule verdict flagged judge_unavailable."""

from __future__ import annotations

import threading
import time

import pytest

from rlverify.hybrid import HybridVerifier
from rlverify.judge.base import JudgeResult
from rlverify.judge.budget import JudgeTimeoutError, call_with_budget, is_outage
from rlverify.errors import JudgeUnavailableError
from rlverify.verdict import Verdict


def test_call_with_budget_returns_raises_or_gives_up_at_the_budget() -> None:
    assert call_with_budget(pow, 2, 5, budget=1.0) == 32
    assert call_with_budget(pow, 2, 5, budget=None) == 32
    with pytest.raises(ZeroDivisionError):
        call_with_budget(divmod, 1, 0, budget=1.0)
    release = threading.Event()
    t0 = time.monotonic()
    with pytest.raises(JudgeTimeoutError) as info:
        call_with_budget(release.wait, 30, budget=0.2)
    release.set()
    assert time.monotonic() - t0 < 2 and isinstance(info.value, JudgeUnavailableError)


@pytest.mark.parametrize("error,outage", [
    ("timeout", True), ("budget", True), ("unreachable", True), ("transport_ReadError", True),
    ("http_503", True), ("http_429", False), ("http_500x", False), ("malformed_response", False),
    ("missing", False), (None, False), ("", False),
])
def test_which_judge_errors_are_outages(error: str | None, outage: bool) -> None:
    assert is_outage(error) is outage


class _DetailedJudge:
    """Item 'a' timed out at the judge, item 'b' was judged correct, item 'c' unreadable."""

    def judge_detailed(self, items):  # noqa: ANN001
        table = {"0.5": JudgeResult(None, error="timeout"), "2/4": JudgeResult(True, "correct"),
                 "fifty percent of one": JudgeResult(None, error="missing")}
        return [table[i.answer] for i in items]

    def judge(self, items):  # noqa: ANN001
        return [r.decision for r in self.judge_detailed(items)]


class _StubRule:
    name = "rule"

    def verify_batch(self, items, workers=None):  # noqa: ANN001
        return [Verdict(False, 0.0, "rule", it["response"], ("numeric",)) for it in items]


def test_hybrid_answers_an_item_whose_judge_request_timed_out_with_its_rule_verdict() -> None:
    h = HybridVerifier(judge=_DetailedJudge())
    h.rule = _StubRule()
    # (a lone 'x' is stopped by the guard as vacuous before any judge: item c is words the guard passes)
    items = ("0.5", "2/4", "fifty percent of one")
    a, b, c = h.verify_batch([{"response": r, "gold": "1/2", "question": None} for r in items])
    assert a.source == "rule" and not a.undecided and "judge_unavailable" in a.flags and "judge_timeout" in a.flags
    assert b.source == "judge" and b.correct
    assert c.source == "judge" and c.undecided and "judge_undecided" in c.flags  # unreadable: not an outage


def test_openai_judge_that_never_answers_raises_within_its_budget() -> None:
    import socket

    from rlverify.judge.base import JudgeItem
    from rlverify.judge.openai_judge import OpenAIJudge

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)  # connections are accepted by the kernel, never answered
    try:
        judge = OpenAIJudge(f"http://127.0.0.1:{silent.getsockname()[1]}/v1", "m", timeout=60.0, retries=3,
                            budget=0.5, cache=False)
        t0 = time.monotonic()
        with pytest.raises(JudgeTimeoutError):
            judge.judge_detailed([JudgeItem(None, "1", str(k)) for k in range(3)])
        assert time.monotonic() - t0 < 0.5 + 1.0
    finally:
        silent.close()
