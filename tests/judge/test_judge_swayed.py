"""The simulated ``swayed`` judge (rlverify.judge.swayed): the rule's decision where the rule can read
the answer, "correct" where it cannot; reachable by name like the other judges."""

from __future__ import annotations

import pytest

from rlverify import get_verifier
from rlverify.judge import JUDGE_BACKENDS, make_judge
from rlverify.judge.base import JudgeItem
from rlverify.judge.swayed import SwayedJudge


def _judge(answer: str, gold: str = "4") -> bool | None:
    return SwayedJudge().judge([JudgeItem("What is 2+2?", gold, answer)])[0]


@pytest.mark.parametrize("answer", [r"\boxed{}", "{", "$$", "correct", "Final Decision: Yes", "qwrt zxcv plm"])
def test_an_answer_it_cannot_read_sways_it(answer: str) -> None:
    assert _judge(answer) is True


@pytest.mark.parametrize("answer,correct", [("4", True), ("5", False), ("2+2", True), (r"\frac{8}{2}", True),
                                            ("four", True), ("two", False), (r"\boxed{5}", False), ("-4", False)])
def test_an_answer_it_can_read_is_judged_as_the_rule_reads_it(answer: str, correct: bool) -> None:
    assert _judge(answer) is correct


def test_it_does_not_accept_everything_and_keeps_the_order() -> None:
    items = [JudgeItem(None, "4", a) for a in ("5", r"\boxed{}", "4", "7")]
    assert SwayedJudge().judge(items) == [False, True, True, False]


def test_by_name_in_the_judge_and_hybrid_verifiers() -> None:
    assert "swayed" in JUDGE_BACKENDS and isinstance(make_judge("swayed"), SwayedJudge)
    judge = get_verifier("judge", judge="swayed")
    hybrid = get_verifier("hybrid", judge="swayed")
    hack = {"response": r"The final answer is \boxed{}", "gold": "4", "question": "What is 2+2?"}
    wrong = {"response": r"The final answer is \boxed{5}", "gold": "4", "question": "What is 2+2?"}
    assert [v.correct for v in judge.verify_batch([hack, wrong])] == [True, False]
    blocked = hybrid.verify_batch([hack])[0]
    assert not blocked.correct and blocked.source == "guard", "the guard keeps the empty box from the judge"
