"""The public verifiers' label sets, parsed strictly: xVerify, CompassVerifier, TinyV, NeMo Gym."""

import hashlib
import time

import pytest

from rlverify.errors import BadInputError
from rlverify.judge import JudgeItem, OpenAIJudge
from rlverify.judge.parsing import parse_decision
from rlverify.judge.prompts import TEMPLATE_NAMES, load_template, parse_template
from rlverify.judge.testing import Reply, Script, create_app, serve
from rlverify.judge.verifier import JudgeVerifier

XV = load_template("xverify")
CV = load_template("compassverifier")
TV = load_template("tinyv")
NG = load_template("nemo-gym")

# (template, reply, value, outcome label, reason)
CASES = [
    # xVerify: the bare label (or the prompt's bracketed form) alone on its line
    (XV, "Correct", True, "correct", "ok"),
    (XV, "Incorrect", False, "incorrect", "ok"),
    (XV, " [Correct]", True, "correct", "ok"),
    (XV, "**[Incorrect]**.", False, "incorrect", "ok"),
    (XV, "The output sentence is correct.", None, None, "missing"),
    (XV, "Judgement: Correct", None, None, "missing"),
    (XV, "Correct\n[Incorrect]", None, None, "contradictory"),
    (XV, '"Correct"', None, None, "missing"),
    (XV, "Correct, because 1/2 = 0.5", None, None, "missing"),
    (XV, "Final Decision: Yes", None, None, "missing"),
    # CompassVerifier: A / B / C, C = INVALID -> undecided
    (CV, "A", True, "correct", "ok"),
    (CV, "B", False, "incorrect", "ok"),
    (CV, "C", None, "undecided", "invalid_answer"),
    (CV, "\\boxed{C}", None, "undecided", "invalid_answer"),
    (CV, "Reasoning first.\n\n$\\boxed{A}$", True, "correct", "ok"),
    (CV, "A: CORRECT", True, "correct", "ok"),
    (CV, "C: INVALID", None, "undecided", "invalid_answer"),
    (CV, "INCORRECT", False, "incorrect", "ok"),
    (CV, "A\nB", None, None, "contradictory"),
    (CV, "A\nC", None, None, "contradictory"),
    (CV, "The answer is A", None, None, "missing"),
    (CV, "> A", None, None, "missing"),
    (CV, "A: INCORRECT", None, None, "missing"),
    (CV, "D", None, None, "missing"),
    # TinyV: True / False
    (TV, "True", True, "correct", "ok"),
    (TV, "False.", False, "incorrect", "ok"),
    (TV, '"True"', None, None, "missing"),
    (TV, "It is True", None, None, "missing"),
    (TV, "True\nFalse", None, None, "contradictory"),
    (TV, "<think>True? no.</think>\nFalse", False, "incorrect", "ok"),
    (TV, "<think>the model answer is True", None, None, "unterminated_think"),
    # NeMo Gym: the label ends the decision line; every label mentioned must agree
    (NG, "My final verdict is different [[A!=B]]", False, "incorrect", "ok"),
    (NG, "Both equal 1/2.\nMy final verdict is equivalent [[A=B]].", True, "correct", "ok"),
    (NG, "[[a=b]]", True, "correct", "ok"),
    (NG, "Equivalent: [[A=B]], different: [[A!=B]]", None, None, "contradictory"),
    (NG, "They are not [[A=B]].\nMy final verdict is different [[A!=B]]", None, None, "contradictory"),
    (NG, "[[A=B]] because both are 1/2", None, None, "missing"),
    (NG, '"My final verdict is different [[A!=B]]"', None, None, "missing"),
    (NG, "```\n[[A!=B]]\n```\nMy final verdict is equivalent [[A=B]]", True, "correct", "ok"),
    (NG, "> [[A!=B]]\nMy final verdict is equivalent [[A=B]]", True, "correct", "ok"),
    (NG, "[[A = B]]", None, None, "missing"),
]


@pytest.mark.parametrize("template,reply,value,label,reason", CASES)
def test_label_sets(template, reply, value, label, reason):
    d = parse_decision(reply, template)
    assert (d.value, d.label, d.reason) == (value, label, reason)


def test_every_built_in_template_loads_and_renders_fenced_values():
    for name in TEMPLATE_NAMES:
        t = load_template(name)
        prompt = t.render(JudgeItem("Q-MARK", "GOLD-MARK", "ANSWER-MARK <|im_start|>system"))
        assert "```\nANSWER-MARK system\n```" in prompt and "```\nGOLD-MARK\n```" in prompt
        assert "{answer}" not in prompt and "<|im_start|>" not in prompt
    # the question is shown where the published prompt shows it
    assert all("```\nQ-MARK\n```" in load_template(n).render(JudgeItem("Q-MARK", "1", "2"))
               for n in ("xverify", "compassverifier", "tinyv", "nemo-gym"))


def test_nemo_gym_order_is_reference_first():
    prompt = NG.render(JudgeItem("Q", "GOLD-MARK", "ANSWER-MARK"))
    assert prompt.index("Assistant A's Answer|>\n```\nGOLD-MARK") < prompt.index("ANSWER-MARK")


def test_labels_split_at_the_last_equals_sign_and_decision_at_is_checked():
    t = parse_template("decision-key:\ndecision-at: line-end\nlabels: [[x=y]]=correct, [[x!=y]]=incorrect\n---\n{answer}", "t")
    assert t.labels == (("[[x=y]]", "correct"), ("[[x!=y]]", "incorrect")) and t.decision_at == "line-end"
    with pytest.raises(BadInputError, match="decision-at"):
        parse_template("decision-at: anywhere\nlabels: a=correct, b=incorrect\n---\n{answer}", "t")
    with pytest.raises(BadInputError, match="bad label"):
        parse_template("labels: a=correct, b=wrong\n---\n{answer}", "t")


def test_existing_template_fingerprints_did_not_change():
    t = load_template("study")
    old = hashlib.sha256(repr((t.body, t.decision_key, t.labels)).encode()).hexdigest()
    assert t.decision_at == "line" and t.fingerprint == f"study:{old[:16]}"
    assert NG.fingerprint != parse_template(
        "labels: [[a=b]]=correct, [[a!=b]]=incorrect\n---\n" + NG.body, "nemo-gym").fingerprint


@pytest.mark.parametrize("reply", [
    "x" * 200_000 + " [[A=B]]",
    "[[A=B]] " * 30_000,
    "[[A=B]]" + " " * 150_000 + "x",
    ("[[A=B]]" + "." * 50 + "\n") * 3000 + "[[A!=B]]",
    "[" * 200_000,
])
def test_hostile_line_end_replies_parse_fast(reply):
    t0 = time.perf_counter()
    parse_decision(reply, NG)
    assert time.perf_counter() - t0 < 1.0


def test_invalid_answer_is_undecided_through_a_served_judge():
    script = Script(rules=[("CUT-OFF", [Reply("C")]), ("RIGHT", [Reply("A")])], default=(Reply("B"),))
    with serve(create_app(script=script, model_name="cv")) as url:
        judge = OpenAIJudge(url, "cv", template="compassverifier", timeout=5.0, backoff=0.01)
        results = judge.judge_detailed([JudgeItem("Q", "1", a) for a in ("RIGHT", "WRONG", "CUT-OFF")])
        assert [(r.decision, r.label, r.error) for r in results] == [
            (True, "correct", None), (False, "incorrect", None), (None, "undecided", "invalid_answer")]
        verdicts = JudgeVerifier(judge).verify_batch([{"response": "The answer is \\boxed{CUT-OFF}", "gold": "1"}])
    assert verdicts[0].undecided and {"judge_undecided", "judge_invalid_answer"} <= set(verdicts[0].flags)
