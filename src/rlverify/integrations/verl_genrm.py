"""verl reward function: the hybrid verifier whose judge is verl's own GenRM (``reward_router_address``).

verl 0.9.1's reward loop launches the reward model (``reward.reward_model``) behind a router and
calls the custom reward function with ``reward_router_address="host:port"`` and
``reward_model_tokenizer=...`` added to the usual keywords (see
:mod:`rlverify.judge.verl_genrm`). This ``compute_score`` is :func:`rlverify.integrations.verl.compute_score`
with ``verifier="hybrid"`` and the judge set to that router: rules first, the guard, then the
GenRM for what the rules reject. Same returned dict (``score``, ``acc``, ``undecided``, ``source``,
``flags``, ``pred``).

``reward_kwargs`` read here: ``template`` (judge template, default ``study``), ``judge_options``
(``model``: the name the router serves, default the reward model tokenizer's ``name_or_path``,
i.e. ``reward_model.model_path``; plus any :class:`~rlverify.judge.openai_judge.OpenAIJudge`
option such as ``max_tokens``), ``verifier_options`` (other hybrid options) and ``monitor``.

Config (verl ``ppo_trainer.yaml``, reward loop)::

    reward:
      reward_model:
        enable: true
        model_path: TIGER-Lab/general-verifier
        rollout: {name: vllm, ...}
      custom_reward_function:
        path: pkg://rlverify.integrations.verl_genrm
        name: compute_score
        reward_kwargs:
          template: general-verifier-style
          judge_options: {max_tokens: 1024}
"""

from __future__ import annotations

from typing import Any, Mapping

# absolute imports: verl may load this file by path (custom_reward_function.path=/.../verl_genrm.py)
from rlverify.errors import BadInputError
from rlverify.integrations._common import plain
from rlverify.integrations.verl import compute_score as _compute_score

__all__ = ["compute_score", "genrm_options"]


def genrm_options(reward_router_address: Any, reward_model_tokenizer: Any = None,
                  kwargs: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The hybrid verifier's options for verl's router (``reward_kwargs`` in ``kwargs``)."""
    kwargs = kwargs or {}
    if not reward_router_address:
        raise BadInputError("verl passed no reward_router_address: enable the reward model "
                            "(reward.reward_model.enable=True) to use rlverify.integrations.verl_genrm")
    judge_options = plain(kwargs.get("judge_options") or {})
    options = plain(kwargs.get("verifier_options") or {})
    if not isinstance(judge_options, dict) or not isinstance(options, dict):
        raise BadInputError("reward_kwargs.judge_options and verifier_options must be mappings")
    model = judge_options.get("model") or getattr(reward_model_tokenizer, "name_or_path", None)
    if not model:
        raise BadInputError("no judge model name: set reward_kwargs.judge_options.model to the "
                            "reward model's name (reward.reward_model.model_path)")
    judge_options = {**judge_options, "router_address": str(reward_router_address), "model": str(model)}
    options.update(judge="verl-genrm", judge_options=judge_options)
    if kwargs.get("template"):
        options["template"] = str(kwargs["template"])
    return options


def compute_score(data_source: Any = None, solution_str: str = "", ground_truth: Any = None,
                  extra_info: Any = None, reward_router_address: Any = None,
                  reward_model_tokenizer: Any = None, **kwargs: Any) -> dict[str, Any]:
    """Score one response: rules, guard, then verl's GenRM at ``reward_router_address``."""
    options = genrm_options(reward_router_address, reward_model_tokenizer, kwargs)
    return _compute_score(data_source, solution_str, ground_truth, extra_info,
                          verifier="hybrid", verifier_options=options, monitor=kwargs.get("monitor"))
