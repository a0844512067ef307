"""VerlGenRMJudge: an OpenAI-compatible judge at verl's reward-router address (host:port)."""

import pytest

from rlverify.errors import BadInputError
from rlverify.judge import JudgeItem, make_judge
from rlverify.judge.testing import Reply, Script, create_app, serve
from rlverify.judge.verl_genrm import VerlGenRMJudge, router_base_url

MODEL = "/models/general-verifier"


@pytest.mark.parametrize("address, url", [
    ("10.0.0.5:40123", "http://10.0.0.5:40123/v1"),
    ("[::1]:8000", "http://[::1]:8000/v1"),
    ("http://127.0.0.1:9/v1", "http://127.0.0.1:9/v1"),
    ("localhost:9/", "http://localhost:9/v1"),
])
def test_router_address_to_base_url(address, url):
    assert router_base_url(address) == url


@pytest.mark.parametrize("bad", ["", None, "nohost", "host:port", "http://:80"])
def test_bad_router_address(bad):
    with pytest.raises(BadInputError):
        router_base_url(bad)


def test_registered_and_required_options():
    judge = make_judge("verl-genrm", router_address="127.0.0.1:1", model=MODEL, template="three-way")
    assert isinstance(judge, VerlGenRMJudge) and judge.base_url == "http://127.0.0.1:1/v1/"
    assert judge.template.name == "three-way"
    with pytest.raises(BadInputError, match="router_address"):
        make_judge("verl-genrm", model=MODEL)


def test_posts_chat_completions_at_the_router_address():
    script = Script(rules=[("ANS-NO", [Reply("Final Decision: No")])])
    with serve(create_app(script=script, model_name=MODEL)) as url:
        address = url.removeprefix("http://").removesuffix("/v1")  # verl passes host:port only
        judge = VerlGenRMJudge(address, MODEL, timeout=5.0, backoff=0.01)
        assert judge.judge([JudgeItem("Q?", "42", "ANS-YES"), JudgeItem("Q?", "42", "ANS-NO")]) == [True, False]
    assert {b["model"] for b in script.bodies} == {MODEL}
    assert all(b["messages"][0]["role"] == "user" for b in script.bodies)
