"""The knobs of each stage, as frozen dataclasses recorded in the run directory's ``config.json``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping

from ..errors import BadInputError

__all__ = ["DataConfig", "TrainConfig", "GateConfig", "StudentConfig", "to_dict", "from_dict"]


@dataclass(frozen=True)
class StudentConfig:
    """The model being trained, as it is loaded: a directory or hub name, or a GGUF file in it.
    The same model is the student of the data stage (unless a judge object is given), the base of
    the train stage and the "before" of the gate."""

    model: str
    gguf_file: str | None = None
    template: str = "study"             # judge prompt template (rlverify.judge.prompts)
    system_prompt: str | None = None    # sent before every prompt, in training data and at inference
    dtype: str | None = None            # torch dtype name; None: the checkpoint's own (GGUF: float32)


@dataclass(frozen=True)
class DataConfig:
    corpora: tuple[str, ...] = ()       # labelled JSONL files; () = the shared corpora
    train_prompts: int = 400            # prompts to sample (half labelled correct, half not); 0 = all
    eval_fraction: float = 0.2          # share of PROBLEMS (hash of the question) held out for the gate
    k: int = 4                          # verdicts sampled per prompt
    temperature: float = 1.0
    top_p: float = 0.95
    max_new_tokens: int = 64
    batch_size: int = 8
    balance: bool = True                # as many kept examples labelled correct as incorrect
    seed: int = 0


@dataclass(frozen=True)
class TrainConfig:
    lora: bool = False                  # LoRA adapters (peft), merged into the saved model
    lora_r: int = 16
    lora_alpha: int = 32
    lora_dropout: float = 0.05
    learning_rate: float = 1e-4         # the study's
    epochs: float = 3.0                 # the study's
    max_steps: int = -1                 # > 0 overrides epochs
    batch_size: int = 4
    grad_accum: int = 1
    max_length: int = 1024              # tokens per example (prompt + verdict)
    warmup_steps: float = 0             # steps, or a fraction of the run when below 1
    weight_decay: float = 0.0
    lr_scheduler: str = "linear"
    logging_steps: int = 5
    seed: int = 0


@dataclass(frozen=True)
class GateConfig:
    eval_rows: int = 0                  # held-out rows the rules reject, at most this many; 0 = all
    probe_problems: str | None = None   # problems JSONL; None = shared DeepScaleR subset or the bundled one
    probe_n: int = 20                   # problems in the probe (x 20 families x 7 placements)
    families: tuple[str, ...] = ()      # () = every family
    placements: tuple[str, ...] = ()    # () = every placement
    max_new_tokens: int = 64            # greedy verdicts
    batch_size: int = 8
    seed: int = 0


def to_dict(config: Any) -> dict[str, Any]:
    return asdict(config)


def from_dict(cls: type, data: Mapping[str, Any]) -> Any:
    """``cls(**data)`` with unknown keys refused and lists turned back into tuples."""
    names = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise BadInputError(f"unknown {cls.__name__} option(s): {', '.join(unknown)}")
    return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
