"""OpenRLHF 0.11.2's own reward clients (run in the side venv; prints one JSON line).

    python openrlhf_scenarios.py TOKENIZER_DIR REMOTE_RM_URL [REMOTE_RM_URL...]

Each ``REMOTE_RM_URL`` is what a user passes as ``--remote_rm_url``: an ``http://.../reward`` URL
(OpenRLHF's aiohttp client, 180 s timeout, 5 tries) or the path of
``rlverify/integrations/openrlhf.py`` (OpenRLHF loads its ``reward_func`` by file path and
calls it in a thread). ``SingleTurnAgentExecutor.execute`` is OpenRLHF's code end to end; only
the vLLM engine is a stand-in that answers with the scripted response's token ids.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from dataclasses import dataclass, field
from types import SimpleNamespace

from _realfw import PROBLEMS

CASES = [(p["question"], p["gold"], r) for p in PROBLEMS for r in p["responses"]]


@dataclass
class SamplingParams:  # the fields of vllm.SamplingParams that the executor reads
    max_tokens: int | None = 8
    logprobs: int | None = None
    extra: dict = field(default_factory=dict)


class ScriptedEngine:
    """Answers each prompt with its scripted response (one token, then end of turn)."""

    def __init__(self, tokenizer, responses: dict[str, str]) -> None:
        self.tokenizer, self.responses = tokenizer, responses

    async def generate(self, prompt_token_ids, sampling_params, multi_modal_data=None):
        prompt = self.tokenizer.decode(prompt_token_ids)
        response = next(r for p, r in self.responses.items() if p == prompt)
        ids = [self.tokenizer.convert_tokens_to_ids(response), self.tokenizer.eos_token_id]
        return SimpleNamespace(outputs=[SimpleNamespace(token_ids=ids, finish_reason="stop", logprobs=None)])


async def run(tokenizer_dir: str, url: str) -> list[dict]:
    import transformers
    from openrlhf.utils.agent import SingleTurnAgentExecutor

    tokenizer = transformers.AutoTokenizer.from_pretrained(tokenizer_dir)
    prompts = [tokenizer.apply_chat_template([{"role": "user", "content": q}], tokenize=False,
                                             add_generation_prompt=True) for q, _, _ in CASES]
    executor = SingleTurnAgentExecutor(remote_rm_url=url)
    out = []
    for prompt, (question, gold, response) in zip(prompts, CASES):
        engine = ScriptedEngine(tokenizer, {prompt: response})
        t0 = time.monotonic()
        res = await executor.execute(prompt, gold, SamplingParams(), max_length=256, hf_tokenizer=tokenizer,
                                     llm_engine=engine)
        out.append({"reward": res["reward"], "scores": res["scores"], "extra_logs": res["extra_logs"],
                    "seconds": time.monotonic() - t0,
                    "query": tokenizer.decode(res["observation_tokens"], skip_special_tokens=False)})
    return out


if __name__ == "__main__":
    runs = {url: asyncio.run(run(sys.argv[1], url)) for url in sys.argv[2:]}
    print(json.dumps({"cases": CASES, "runs": runs}))
