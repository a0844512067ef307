"""verl's GenRM route as the hybrid's judge: compute_score with reward_router_address."""

from types import SimpleNamespace

import pytest

from rlverify.errors import BadInputError
from rlverify.integrations import verl_genrm
from rlverify.judge.testing import Reply, Script, create_app, serve
from conftest import BoxedOrUnsureRules

MODEL = "/models/general-verifier"
TOKENIZER = SimpleNamespace(name_or_path=MODEL)  # verl passes the reward model's HF tokenizer




@pytest.fixture(autouse=True)
def unsure_rules(monkeypatch):
    from rlverify.integrations import _common

    monkeypatch.setattr(_common, "_VERIFIERS", {})  # fresh cached verifiers, built with the stub rules
    monkeypatch.setattr("rlverify.hybrid.get_verifier", lambda name, **options: BoxedOrUnsureRules())


@pytest.fixture(scope="module")
def router():
    script = Script(rules=[("half", [Reply("Final Decision: Yes")])], default=(Reply("Final Decision: No"),))
    with serve(create_app(script=script, model_name=MODEL)) as url:
        yield url.removeprefix("http://").removesuffix("/v1"), script


def _score(address, response, gold, **kw):
    return verl_genrm.compute_score("math", response, gold, {"question": "What is one half?"},
                                    reward_router_address=address, reward_model_tokenizer=TOKENIZER, **kw)


def test_rules_first_then_the_genrm(router):
    address, script = router
    before = len(script.bodies)
    accepted = _score(address, "So the answer is \\boxed{1/2}.", "1/2")
    assert accepted["score"] == 1.0 and accepted["source"] == "rule"
    assert len(script.bodies) == before  # the rules decided: no GenRM call
    judged = _score(address, "So the answer is \\boxed{half}.", "1/2")  # words the rules cannot read
    rejected = _score(address, "So the answer is \\boxed{7}.", "1/2")
    assert judged["source"] == rejected["source"] == "judge"
    assert (judged["score"], rejected["score"]) == (1.0, 0.0)
    assert {b["model"] for b in script.bodies[before:]} == {MODEL}


def test_template_and_model_from_reward_kwargs(router):
    address, script = router
    before = len(script.bodies)
    out = verl_genrm.compute_score("math", "\\boxed{7}", "8", None, reward_router_address=address,
                                   template="three-way", judge_options={"model": MODEL, "max_tokens": 64})
    assert out["source"] == "judge" and out["undecided"] == 1.0  # "Final Decision: No" is not a three-way label
    body = script.bodies[before]
    assert body["max_tokens"] == 64 and "Verdict: INVALID" in body["messages"][0]["content"]


def test_missing_router_or_model_is_a_clear_error():
    with pytest.raises(BadInputError, match="reward_model.enable"):
        verl_genrm.compute_score("math", "\\boxed{7}", "8", None)
    with pytest.raises(BadInputError, match="judge_options.model"):
        verl_genrm.compute_score("math", "\\boxed{7}", "8", None, reward_router_address="127.0.0.1:1")
