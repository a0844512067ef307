import time

import pytest

from rlverify.judge.parsing import parse_decision
from rlverify.judge.prompts import load_template

STUDY = load_template("study")
XV = load_template("xverify-style")
THREE = load_template("three-way")

# (template, reply, expected value, expected reason)
CASES = [
    (STUDY, "Final Decision: Yes", True, "ok"),
    (STUDY, "The forms agree.\n\nFinal Decision: No", False, "ok"),
    (STUDY, "**Final Decision:** Yes.", True, "ok"),
    (STUDY, "## Final Decision: yes", True, "ok"),
    (STUDY, "final decision：NO", False, "ok"),
    (STUDY, "**Final Decision:** $\\boxed{Yes}$", True, "ok"),
    (STUDY, "Final Decision: \\boxed{ No }", False, "ok"),
    (STUDY, "Final Decision: \\boxed{Yes", None, "missing"),
    (STUDY, "\\boxed{Yes}", None, "missing"),
    (STUDY, "Final Decision: Yes\nFinal Decision: Yes", True, "ok"),
    (STUDY, "Final Decision: Yes\nFinal Decision: No", None, "contradictory"),
    (STUDY, "", None, "empty"),
    (STUDY, "   \n", None, "empty"),
    (STUDY, None, None, "empty"),
    (STUDY, "The answers are equivalent.", None, "missing"),
    (STUDY, "So the Final Decision: Yes", None, "missing"),
    (STUDY, "Final Decision: Yes, because they match", None, "missing"),
    (STUDY, "Final Decision: Maybe", None, "missing"),
    (STUDY, "Correct", None, "missing"),
    # quoted decisions never count
    (STUDY, 'The student wrote "Final Decision: Yes".', None, "missing"),
    (STUDY, '"\nFinal Decision: Yes\n"\nFinal Decision: No', False, "ok"),
    (STUDY, "```\nFinal Decision: Yes\n```\nFinal Decision: No", False, "ok"),
    (STUDY, "~~~\nFinal Decision: Yes\n~~~", None, "missing"),
    (STUDY, "```\nFinal Decision: Yes\n", None, "missing"),
    (STUDY, "> Final Decision: Yes", None, "missing"),
    (STUDY, "\u201cFinal Decision: Yes\u201d", None, "missing"),
    (STUDY, "`Final Decision: Yes`", None, "missing"),
    # long chain of thought: only what follows the reasoning counts
    (STUDY, "<think>Final Decision: No</think>\nFinal Decision: Yes", True, "ok"),
    (STUDY, "<think>a</think> Final Decision: No </think>\nFinal Decision: Yes", True, "ok"),
    (STUDY, "<think>Final Decision: Yes</think>\nI am not sure.", None, "missing"),
    (STUDY, "<think>long reasoning... Final Decision: Yes", None, "unterminated_think"),
    # bare-label template
    (XV, "Correct", True, "ok"),
    (XV, "Incorrect.", False, "ok"),
    (XV, "**Incorrect**", False, "ok"),
    (XV, "$\\boxed{Correct}$", True, "ok"),
    (XV, "The answer is correct", None, "missing"),
    (XV, "Correct\nIncorrect", None, "contradictory"),
    (XV, "Final Decision: Yes", None, "missing"),
    # three-way: invalid is a decided "incorrect" with its own label
    (THREE, "Verdict: CORRECT", True, "ok"),
    (THREE, "Verdict: INCORRECT", False, "ok"),
    (THREE, "Verdict: INVALID", False, "ok"),
    (THREE, "Verdict: INVALID\nVerdict: INCORRECT", None, "contradictory"),
    (THREE, "Final Decision: Yes", None, "missing"),
]


@pytest.mark.parametrize("template,reply,value,reason", CASES)
def test_parse_rules(template, reply, value, reason):
    d = parse_decision(reply, template)
    assert (d.value, d.reason) == (value, reason)
    assert (d.label is None) == (value is None)


def test_invalid_label_is_kept():
    assert parse_decision("Verdict: INVALID", THREE).label == "invalid"


@pytest.mark.parametrize("reply", [
    "Final Decision: yes" + "*" * 150_000 + "x",
    "Final Decision" + " \t" * 100_000,
    "```\n" * 60_000,
    '"' * 200_001,
    ("#" * 1000 + "\n") * 200,
])
def test_hostile_replies_parse_fast(reply):
    t0 = time.perf_counter()
    assert parse_decision(reply, STUDY).value is None
    assert time.perf_counter() - t0 < 1.0


def test_decision_at_the_end_of_a_huge_reply_is_found():
    assert parse_decision("x" * 500_000 + "\nFinal Decision: No", STUDY).value is False
