import pytest

import rlverify
from rlverify.errors import BadInputError, JudgeUnavailableError
from rlverify.judge import JudgeItem, JudgeResult
from rlverify.judge.testing import Reply, Script, create_app, dead_base_url, serve
from rlverify.judge.verifier import JudgeVerifier


class ListJudge:
    """Returns the given decisions in order and records what it was asked."""

    def __init__(self, *decisions):
        self.decisions = list(decisions)
        self.seen: list[JudgeItem] = []

    def judge(self, items):
        self.seen.extend(items)
        return [self.decisions.pop(0) for _ in items]


def test_registered_and_extracts_before_judging():
    judge = ListJudge(True)
    v = rlverify.get_verifier("judge", judge=judge)
    assert isinstance(v, JudgeVerifier) and "judge" in rlverify.available_verifiers()
    verdict = v.verify("work... so \\boxed{\\frac{1}{2}}", "0.5", "Q?")
    assert judge.seen == [JudgeItem("Q?", "0.5", "\\frac{1}{2}")]
    assert (verdict.correct, verdict.score, verdict.source, verdict.extracted) == (True, 1.0, "judge", "\\frac{1}{2}")


def test_rejection_and_undecided():
    v = rlverify.get_verifier("judge", judge=ListJudge(False, None))
    no, unknown = v.verify_batch([{"response": "\\boxed{1}", "gold": "2"}, {"response": "\\boxed{3}", "gold": "2"}])
    assert (no.correct, no.score, no.status, no.flags) == (False, 0.0, "incorrect", ())
    assert (unknown.correct, unknown.undecided, unknown.status) == (False, True, "undecided")
    assert unknown.flags == ("judge_undecided",) and unknown.source == "judge"


def test_no_answer_is_incorrect_without_asking():
    judge = ListJudge()
    verdict = rlverify.get_verifier("judge", judge=judge).verify("", "2")
    assert verdict.status == "incorrect" and "no_answer" in verdict.flags and judge.seen == []


def test_batch_asks_once_in_order():
    class Counting(ListJudge):
        calls = 0

        def judge(self, items):
            self.calls += 1
            return super().judge(items)

    judge = Counting(True, False)
    out = JudgeVerifier(judge).verify_batch([
        {"response": "\\boxed{a}", "gold": "a"}, {"response": "", "gold": "b"},
        {"response": "\\boxed{c}", "gold": "d", "question": "q"}])
    assert judge.calls == 1 and [v.status for v in out] == ["correct", "incorrect", "incorrect"]
    assert judge.seen[1] == JudgeItem("q", "d", "c")


def test_detailed_results_give_reasons_and_invalid_flag():
    class Detailed:
        def judge_detailed(self, items):
            return [JudgeResult(None, error="timeout"), JudgeResult(False, "invalid")]

        def judge(self, items):
            raise AssertionError("judge_detailed should be used")

    a, b = JudgeVerifier(Detailed()).verify_batch([{"response": "\\boxed{1}", "gold": "1"}] * 2)
    assert a.flags == ("judge_undecided", "judge_timeout") and a.undecided
    assert b.flags == ("judge_invalid",) and b.status == "incorrect"


def test_openai_judge_through_the_registry():
    script = Script(rules=[("WRONG-ANSWER", [Reply("Final Decision: No")]), ("ODD", [Reply("hmm")])])
    with serve(create_app(script=script, model_name="m")) as url:
        v = rlverify.get_verifier("judge", judge="openai", base_url=url, model="m", template="study-question")
        out = v.verify_batch([{"response": "\\boxed{7}", "gold": "7", "question": "3+4?"},
                              {"response": "\\boxed{WRONG-ANSWER}", "gold": "7"},
                              {"response": "\\boxed{ODD}", "gold": "7"}])
    assert [x.status for x in out] == ["correct", "incorrect", "undecided"]
    assert out[2].flags == ("judge_undecided", "judge_missing")
    asked = {("3+4?" in p, "(no problem statement given)" in p) for p in script.requests}
    assert asked == {(True, False), (False, True)} and len(script.requests) == 3


def test_environment_configuration(monkeypatch):
    script = Script()
    with serve(create_app(script=script, model_name="env-model")) as url:
        monkeypatch.setenv("RLVERIFY_JUDGE_BASE_URL", url)
        monkeypatch.setenv("RLVERIFY_JUDGE_MODEL", "env-model")
        monkeypatch.setenv("RLVERIFY_JUDGE_TEMPLATE", "three-way")
        v = rlverify.get_verifier("judge")
        assert v.judge.template.name == "three-way"
        assert v.verify("\\boxed{1}", "1").status == "undecided"  # a study reply is no three-way verdict


def test_missing_configuration_is_a_clear_error(monkeypatch):
    monkeypatch.delenv("RLVERIFY_JUDGE_BASE_URL", raising=False)
    with pytest.raises(BadInputError, match="RLVERIFY_JUDGE_BASE_URL"):
        rlverify.get_verifier("judge")
    with pytest.raises(BadInputError, match="judge='openai'"):
        rlverify.get_verifier("judge", template="study")


def test_unreachable_judge_raises():
    v = rlverify.get_verifier("judge", judge="openai", base_url=dead_base_url(), model="m", retries=0)
    with pytest.raises(JudgeUnavailableError):
        v.verify("\\boxed{1}", "1")


def test_non_bool_decisions_are_undecided_and_a_short_reply_is_an_error():
    v = rlverify.get_verifier("judge", judge=ListJudge("no", 1, True))
    out = v.verify_batch([{"response": f"\\boxed{{{i}}}", "gold": "2"} for i in range(3)])
    assert [x.status for x in out] == ["undecided", "undecided", "correct"]
    assert out[0].flags == ("judge_undecided", "judge_not_bool")

    class Short:
        def judge(self, items):
            return [True] * (len(items) - 1)

    with pytest.raises(rlverify.RLVerifyError, match="returned 1 decisions for 2 items"):
        rlverify.get_verifier("judge", judge=Short()).verify_batch(
            [{"response": "\\boxed{1}", "gold": "1"}, {"response": "\\boxed{2}", "gold": "2"}])
