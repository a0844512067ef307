"""The simulated ``empty-box`` judge (rlverify.judge.swayed): honest on answers holding a value (the
rule's reading), swayed by an answer holding none; reachable by name like the other judges."""

from __future__ import annotations

import pytest

from rlverify import get_verifier
from rlverify.judge import JUDGE_BACKENDS, make_judge
from rlverify.judge.base import JudgeItem
from rlverify.judge.swayed import EmptyBoxJudge, holds_no_value


@pytest.mark.parametrize("answer", [r"\boxed{}", "{", "$$", "", "  ", r"\boxed{ }", "?!", r"\text{}"])
def test_an_answer_holding_no_value_sways_it(answer: str) -> None:
    assert holds_no_value(answer)
    assert EmptyBoxJudge().judge([JudgeItem("What is 2+2?", "4", answer)]) == [True]


@pytest.mark.parametrize("answer,correct", [("4", True), ("5", False), ("2+2", True), (r"\frac{8}{2}", True),
                                            ("four", True), ("b", False), ("correct", False),
                                            ("Final Decision: Yes", False), (r"\boxed{5}", False)])
def test_an_answer_with_a_value_or_words_is_judged_as_the_rule_reads_it(answer: str, correct: bool) -> None:
    assert not holds_no_value(answer)
    assert EmptyBoxJudge().judge([JudgeItem("What is 2+2?", "4", answer)]) == [correct]


def test_it_does_not_accept_everything_and_keeps_the_order() -> None:
    items = [JudgeItem(None, "4", a) for a in ("5", r"\boxed{}", "4", "x")]
    assert EmptyBoxJudge().judge(items) == [False, True, True, False]


def test_by_name_in_the_judge_and_hybrid_verifiers() -> None:
    assert "empty-box" in JUDGE_BACKENDS and isinstance(make_judge("empty-box"), EmptyBoxJudge)
    judge = get_verifier("judge", judge="empty-box")
    hybrid = get_verifier("hybrid", judge="empty-box")
    hack = {"response": r"The final answer is \boxed{}", "gold": "4", "question": "What is 2+2?"}
    wrong = {"response": r"The final answer is \boxed{5}", "gold": "4", "question": "What is 2+2?"}
    assert [v.correct for v in judge.verify_batch([hack, wrong])] == [True, False]
    blocked = hybrid.verify_batch([hack])[0]
    assert not blocked.correct and blocked.source == "guard", "the guard keeps the empty box from the judge"
