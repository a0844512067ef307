"""A judge served through verl's GenRM route: the reward model verl launches itself.

With ``reward.reward_model.enable=True`` verl (0.9.1, ``verl/experimental/reward_loop``) starts the
reward model on vLLM/SGLang replicas behind its ``NaiveRouter``, a catch-all proxy, and passes its
``host:port`` to the custom reward function as ``reward_router_address`` (with the reward model's
tokenizer as ``reward_model_tokenizer``). A generative reward model is then asked exactly as an
OpenAI-compatible server: ``POST http://{reward_router_address}/v1/chat/completions`` with
``{"model": <reward_model.model_path>, "messages": [...], ...}`` (verl's own disrm path posts
``model_path`` as the model name the same way).

:class:`VerlGenRMJudge` is an :class:`~rlverify.judge.openai_judge.OpenAIJudge` on that address
(same template, strict parsing, retries, cache and time budget). Registered as ``verl-genrm``:
``make_judge("verl-genrm", router_address="10.0.0.5:40123", model="TIGER-Lab/general-verifier")``.
The verl reward function that fills the address in is :mod:`rlverify.integrations.verl_genrm`.
"""

from __future__ import annotations

from typing import Any

import httpx

from ..errors import BadInputError
from .openai_judge import OpenAIJudge

__all__ = ["VerlGenRMJudge", "router_base_url"]


def router_base_url(router_address: str) -> str:
    """``host:port`` (verl's form; ``[v6]:port`` too) or an http(s) URL -> the ``/v1`` base URL."""
    address = str(router_address or "").strip()
    if not address:
        raise BadInputError("reward_router_address is empty; enable verl's reward model "
                            "(reward.reward_model.enable=True) so verl passes the router's address")
    url = address if address.startswith(("http://", "https://")) else f"http://{address}"
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, ValueError):
        parsed = None
    if parsed is None or not parsed.host or parsed.port is None:
        raise BadInputError(f"reward_router_address {router_address!r} is not host:port (e.g. 10.0.0.5:40123)")
    path = parsed.path.rstrip("/")
    return str(parsed.copy_with(path=path if path.endswith("/v1") else path + "/v1"))


class VerlGenRMJudge(OpenAIJudge):
    """``VerlGenRMJudge("10.0.0.5:40123", "TIGER-Lab/general-verifier", template="general-verifier-style")``;
    other keyword options are :class:`OpenAIJudge`'s (``max_tokens``, ``temperature``, ``budget``...)."""

    def __init__(self, router_address: str, model: str, template: Any = "study", **options: Any) -> None:
        super().__init__(router_base_url(router_address), model, None, template, **options)
        self.router_address = router_address

    def __repr__(self) -> str:
        return f"VerlGenRMJudge({self.router_address!r}, {self.model!r}, template={self.template.name!r})"
