"""verl 0.9.1, for real (in the side venv): the custom reward function loaded by verl from
``pkg://rlverify.integrations.verl`` and from the module's file path, verl's reward loop
(``RewardLoopManager`` with the naive and DAPO managers, Ray actors) on a real ``DataProto``,
and the legacy naive/batch managers. Every reward must be what ``rlverify.verify`` gives."""

from __future__ import annotations

import pytest

from _realfw import build_tiny_qwen, expected, run_side

pytestmark = pytest.mark.real_frameworks


@pytest.fixture(scope="module")
def verl_run(tmp_path_factory):
    model = build_tiny_qwen(tmp_path_factory.mktemp("tiny_qwen"), steps=0)  # the tokenizer is what verl needs
    ray_tmp = tmp_path_factory.mktemp("ray")
    return run_side("verl_scenarios.py", str(model), timeout=420, env={"RAY_TMPDIR": str(ray_tmp)})


def _want(case) -> dict:
    question, gold, response = case
    return expected(response, gold, question)


def _check_dict(got: dict, want: dict) -> None:
    assert got["score"] == want["score"], (got, want)
    assert got["acc"] == float(want["score"] == 1.0)
    assert got["undecided"] == 0.0
    assert got["source"] == want["source"]
    assert got["pred"] == (want["extracted"] or "")
    assert got["flags"] == ",".join(want["flags"])


@pytest.mark.parametrize("route", ["custom_pkg", "custom_file"])
def test_get_custom_reward_fn_loads_compute_score(verl_run, route):
    """path=pkg://rlverify.integrations.verl and path=<file of the module> both load and score."""
    for case, got in zip(verl_run["cases"], verl_run[route], strict=True):
        _check_dict(got, _want(case))


@pytest.mark.parametrize("route", ["loop_naive", "legacy_naive", "legacy_batch"])
def test_reward_managers_score_a_dataproto(verl_run, route):
    """The reward loop's naive manager (RewardLoopManager, Ray actors) and the legacy managers put
    each verdict's score on the last response token and log its fields as reward_extra_info."""
    scores = []
    for case, got in zip(verl_run["cases"], verl_run[route], strict=True):
        want = _want(case)
        assert got["reward"] == want["score"], (case, got, want)
        _check_dict(got["extra"], want)
        scores.append(want["score"])
    assert set(scores) == {0.0, 1.0}


def test_dapo_manager_adds_its_overlong_penalty(verl_run):
    """DAPO: rlverify's score plus DAPO's own overlong penalty (responses are 2 tokens long)."""
    cfg = verl_run["dapo"]
    buffer = cfg["overlong_buffer_cfg"]
    penalty = min(-(2 - (cfg["max_resp_len"] - buffer["len"])) / buffer["len"] * buffer["penalty_factor"], 0.0)
    assert penalty < 0
    for case, got in zip(verl_run["cases"], verl_run["loop_dapo"], strict=True):
        want = _want(case)
        assert got["reward"] == pytest.approx(want["score"] + penalty, abs=1e-6), (case, got)
        assert got["extra"]["overlong_reward"] == pytest.approx(penalty, abs=1e-6)
        _check_dict(got["extra"], want)
