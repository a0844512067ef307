"""verl 0.9.1's GenRM route for real (side venv): verl's NaiveRouter in front of a scripted judge,
verl's reward-loop NaiveRewardManager calling rlverify.integrations.verl_genrm.compute_score (loaded
by verl's get_custom_reward_fn) with reward_router_address. Rules first; only the unsure rejection
reaches the GenRM, through verl's router, under the reward model's name."""

from __future__ import annotations

import pytest

from _realfw import run_side

pytestmark = pytest.mark.real_frameworks


@pytest.fixture(scope="module")
def genrm_run():
    return run_side("verl_genrm_scenario.py", timeout=300)


def test_rules_then_genrm_through_verls_router(genrm_run):
    out = genrm_run["out"]
    assert [o["reward_score"] for o in out] == [1.0, 1.0, 0.0, 0.0]
    assert [o["reward_extra_info"]["source"] for o in out] == ["rule", "judge", "judge", "rule"]
    assert [o["reward_extra_info"]["pred"] for o in out] == ["1/2", "half", "\\frac{a}{2}", "7"]
    assert all(o["reward_extra_info"]["undecided"] == 0.0 for o in out)


def test_the_genrm_saw_only_the_unsure_spans_under_the_reward_model_name(genrm_run):
    assert genrm_run["judge_models"] == ["/models/genrm", "/models/genrm"]
    prompts = genrm_run["judge_prompts"]
    assert len(prompts) == 2 and "```\nhalf\n```" in prompts[0] and "```\n\\frac{a}{2}\n```" in prompts[1]
    assert all("boxed" not in p and "So the answer" not in p for p in prompts)  # the span, not the response
