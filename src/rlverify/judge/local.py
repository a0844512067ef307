"""Batched local generation with torch + transformers (extra ``rlverify[local]``).

Greedy by default; the tokenizer's chat template is applied when it has one; prompts are left-padded
so that every row of a batch ends where generation starts.
"""

from __future__ import annotations

import threading
from typing import Any, Sequence

from ..errors import MissingDependencyError

__all__ = ["LocalGenerator", "import_local"]


def import_local() -> tuple[Any, Any]:
    """``(torch, transformers)``, or a clear error naming the extra to install."""
    try:
        import torch
        import transformers
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise MissingDependencyError(
            f"local judges need torch and transformers ({e.name} is missing): pip install 'rlverify[local]'"
        ) from None
    return torch, transformers


def _dtype_keyword(transformers: Any) -> str:
    """``dtype`` from transformers 4.56 on, ``torch_dtype`` before."""
    from packaging.version import Version

    return "dtype" if Version(transformers.__version__) >= Version("4.56") else "torch_dtype"


class LocalGenerator:
    """Generate replies to chat prompts with a causal LM. Thread-safe (one generation at a time)."""

    def __init__(self, model: Any, tokenizer: Any, *, max_new_tokens: int = 512,
                 temperature: float = 0.0, top_p: float = 1.0, max_input_tokens: int = 4096) -> None:
        self.model, self.tokenizer = model, tokenizer
        self.max_new_tokens, self.max_input_tokens = max_new_tokens, max_input_tokens
        self.temperature, self.top_p = temperature, top_p
        tokenizer.padding_side = "left"
        tokenizer.truncation_side = "left"  # an over-long prompt keeps its end: answer and instructions
        if tokenizer.pad_token is None:
            tokenizer.pad_token = tokenizer.eos_token
        self._lock = threading.Lock()

    @classmethod
    def load(cls, model_name_or_path: str, *, device: str | None = None, dtype: str | None = None,
             trust_remote_code: bool = False, **options: Any) -> "LocalGenerator":
        torch, transformers = import_local()
        tokenizer = transformers.AutoTokenizer.from_pretrained(
            model_name_or_path, trust_remote_code=trust_remote_code)
        model = transformers.AutoModelForCausalLM.from_pretrained(
            model_name_or_path, trust_remote_code=trust_remote_code,
            **{_dtype_keyword(transformers): getattr(torch, dtype) if dtype else "auto"})
        device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        return cls(model.to(device).eval(), tokenizer, **options)

    def chat_text(self, prompt: str) -> str:
        """The model input for one user message: chat template if the tokenizer has one."""
        if getattr(self.tokenizer, "chat_template", None):
            return self.tokenizer.apply_chat_template(
                [{"role": "user", "content": prompt}], tokenize=False, add_generation_prompt=True)
        return prompt

    def generate(self, prompts: Sequence[str], batch_size: int = 8, chat: bool = True) -> list[str]:
        """Replies to ``prompts``: user messages (``chat``) or raw text to continue."""
        chat = chat and bool(getattr(self.tokenizer, "chat_template", None))
        out: list[str] = []
        for i in range(0, len(prompts), batch_size):
            batch = [self.chat_text(p) if chat else p for p in prompts[i : i + batch_size]]
            out.extend(self._generate_batch(batch, add_special_tokens=not chat))
        return out

    def _generate_batch(self, texts: list[str], add_special_tokens: bool) -> list[str]:
        torch, _ = import_local()
        enc = self.tokenizer(texts, return_tensors="pt", padding=True, truncation=True,
                             max_length=self.max_input_tokens, add_special_tokens=add_special_tokens)
        enc = {k: v.to(self.model.device) for k, v in enc.items()}
        sampling = ({"do_sample": True, "temperature": self.temperature, "top_p": self.top_p}
                    if self.temperature > 0 else {"do_sample": False})
        with self._lock, torch.no_grad():
            ids = self.model.generate(**enc, max_new_tokens=self.max_new_tokens,
                                      pad_token_id=self.tokenizer.pad_token_id, **sampling)
        new = ids[:, enc["input_ids"].shape[1]:]
        return self.tokenizer.batch_decode(new, skip_special_tokens=True)
