"""verl 0.9.1's GenRM route, for real (run in the side venv by test_real_verl_genrm.py).

verl's own ``NaiveRouter`` (the proxy verl puts in front of its reward-model replicas) forwards to a
scripted OpenAI-compatible judge; verl's reward-loop ``NaiveRewardManager`` scores one-item
``DataProto``s with the reward function verl's ``get_custom_reward_fn`` loads from
``pkg://rlverify.integrations.verl_genrm``, passing ``reward_router_address`` (the router's
``host:port``) and ``reward_model_tokenizer`` as verl does when ``reward.reward_model.enable``.
Prints one JSON line: per case the manager's output, and the requests the judge received.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from types import SimpleNamespace

MODEL = "/models/genrm"
# (question, gold, response); the judge says Yes to prompts containing "half", No otherwise
CASES = [
    ("What is one half?", "0.5", "So the answer is \\boxed{1/2}."),        # rules accept: no judge call
    ("What is one half?", "1/2", "So the answer is \\boxed{half}."),       # unsure -> GenRM says Yes
    # unsure -> GenRM says No (the question writes a: against a question that never does, a constant against an
    # expression in a is kept from the judge by the guard's free_variable detector)
    ("Let a = 1. What is one half of a?", "1/2", "So the answer is \\boxed{\\frac{a}{2}}."),
    ("What is one half?", "1/2", "So the answer is \\boxed{7}."),          # different: final, no judge call
]


class ListTokenizer:
    """Decodes response id i to the i-th case's response (what an HF tokenizer would give back)."""

    def decode(self, ids, skip_special_tokens=True):
        return CASES[int(ids[0])][2]


def _serve(app):
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("server did not start")
        time.sleep(0.02)
    return server, sock.getsockname()[1]


def _data(i: int):
    import numpy as np
    import torch
    from verl import DataProto

    return DataProto.from_dict(
        tensors={"prompts": torch.tensor([[0]]), "responses": torch.tensor([[i]]),
                 "attention_mask": torch.tensor([[1, 1]]), "input_ids": torch.tensor([[0, i]])},
        non_tensors={"data_source": np.array(["math"], dtype=object),
                     "reward_model": np.array([{"ground_truth": CASES[i][1], "style": "rule"}], dtype=object),
                     "extra_info": np.array([{"question": CASES[i][0]}], dtype=object)})


def main() -> None:
    from omegaconf import OmegaConf
    from verl.experimental.reward_loop.reward_manager.naive import NaiveRewardManager
    from verl.experimental.reward_loop.router.naive_router import NaiveRouter
    from verl.trainer.ppo.reward import get_custom_reward_fn

    from rlverify.judge.testing import Reply, Script, create_app, serve

    script = Script(rules=[("half", [Reply("Final Decision: Yes")])], default=(Reply("Final Decision: No"),))
    with serve(create_app(script=script, model_name=MODEL)) as judge_url:
        router = NaiveRouter(worker_urls=[judge_url.removesuffix("/v1")])
        server, port = _serve(router.app)
        try:
            config = OmegaConf.create({"reward": {"custom_reward_function": {
                "path": "pkg://rlverify.integrations.verl_genrm", "name": "compute_score",
                "reward_kwargs": {"template": "study", "verifier_options": {"rule_options": {"timeout": 30.0}}}}}})
            fn = get_custom_reward_fn(config)
            manager = NaiveRewardManager(OmegaConf.create({}), ListTokenizer(), fn,
                                         reward_router_address=f"127.0.0.1:{port}",
                                         reward_model_tokenizer=SimpleNamespace(name_or_path=MODEL))
            out = [manager.loop.run_until_complete(manager.run_single(_data(i))) for i in range(len(CASES))]
        finally:
            server.should_exit = True
    result = {"cases": CASES, "out": out, "judge_models": [b.get("model") for b in script.bodies],
              "judge_prompts": script.requests}
    sys.stdout.flush()
    print(json.dumps(result, default=str))


if __name__ == "__main__":
    main()
