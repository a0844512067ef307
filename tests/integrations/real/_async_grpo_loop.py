"""TRL's AsyncGRPO rollout loop with vLLM's ``/v1/completions`` call replaced by scripted token
ids; everything else (spawned child, pickled reward functions, generate and score loops,
``_score_group``, the rollout queue) is TRL's own code. Imported by the spawned child."""

from __future__ import annotations

import itertools
from typing import Any

from trl.experimental.async_grpo.async_rollout_worker import AsyncRolloutWorker, _AsyncRolloutLoop

from _realfw import PROBLEMS


class ScriptedLoop(_AsyncRolloutLoop):
    """Answers each question with its scripted responses in turn (one token each, see _realfw)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._turns = {p["question"]: itertools.cycle(p["responses"]) for p in PROBLEMS}

    async def _generate_one_turn(self, prompt_ids: list[int]) -> tuple[list[int], list[float]]:
        text = self.tokenizer.decode(prompt_ids)
        question = next(q for q in self._turns if q in text)
        ids = [self.tokenizer.convert_tokens_to_ids(next(self._turns[question])), self.eos_token_ids[0]]
        return ids, [-0.5] * len(ids)


class ScriptedWorker(AsyncRolloutWorker):
    _loop_cls = ScriptedLoop
