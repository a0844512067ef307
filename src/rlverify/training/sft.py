"""Stage 2, train: supervised fine-tuning on the kept verdicts with TRL's ``SFTTrainer``.

Each chat example becomes a prompt-completion pair (the prompt: system and user turns; the
completion: the verdict), and TRL's ``completion_only_loss`` puts the loss on the verdict only.
Full fine-tuning by default; ``lora=True`` trains peft LoRA adapters and merges them, so the saved
model is a plain checkpoint either way::

    make_judge("transformers", model_name_or_path=run/"model", template=...)

Needs the extra ``rlverify[training]`` (trl, peft, datasets; gguf and accelerate for GGUF bases).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ..errors import BadInputError, MissingDependencyError
from ..judge.local import import_local, load_model_and_tokenizer
from .config import StudentConfig, TrainConfig
from .rundir import RunDir

__all__ = ["train_model", "prompt_completion", "import_training"]


def import_training() -> tuple[Any, Any, Any]:
    """``(trl, datasets, peft)`` or a clear error naming the extra."""
    try:
        import datasets
        import peft
        import trl
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise MissingDependencyError(
            f"training needs trl, peft and datasets ({e.name} is missing): pip install 'rlverify[training]'"
        ) from None
    return trl, datasets, peft


def prompt_completion(example: dict[str, Any]) -> dict[str, Any]:
    """A chat example -> TRL's conversational prompt-completion form."""
    messages = example["messages"]
    if not messages or messages[-1]["role"] != "assistant":
        raise BadInputError("a training example must end with the assistant's verdict")
    return {"prompt": messages[:-1], "completion": messages[-1:]}


def _without_quantizer(model: Any) -> Any:
    """A GGUF checkpoint loads dequantized (float weights in plain layers) but keeps its quantizer,
    which makes the Trainer refuse it and would mark the saved model as GGUF-quantized: drop it."""
    quantizer = getattr(model, "hf_quantizer", None)
    if quantizer is None:
        return model
    if any(not p.dtype.is_floating_point for p in model.parameters()):
        raise BadInputError("this checkpoint stays quantized in memory and cannot be fine-tuned here; "
                            "load it dequantized (without the kernels package) or convert it first")
    quantizer.remove_quantization_config(model)
    for module in model.modules():
        config = getattr(module, "config", None)
        if getattr(config, "_is_quantized", False):
            config._is_quantized = False
    return model


def _load_examples(path: Path) -> list[dict[str, Any]]:
    examples = [prompt_completion(json.loads(line)) for line in path.read_text("utf-8").splitlines() if line.strip()]
    if not examples:
        raise BadInputError(f"{path}: no training examples (the data stage kept no verdict; "
                            "sample more prompts, raise k or the temperature)")
    return examples


def _sft_config(trl: Any, config: TrainConfig, output_dir: Path, show_progress: bool) -> Any:
    return trl.SFTConfig(
        output_dir=str(output_dir), completion_only_loss=True, learning_rate=config.learning_rate,
        num_train_epochs=config.epochs, max_steps=config.max_steps,
        per_device_train_batch_size=config.batch_size, gradient_accumulation_steps=config.grad_accum,
        max_length=config.max_length, warmup_steps=config.warmup_steps, weight_decay=config.weight_decay,
        lr_scheduler_type=config.lr_scheduler, logging_steps=config.logging_steps, seed=config.seed,
        data_seed=config.seed, save_strategy="no", report_to=[], disable_tqdm=not show_progress,
        use_cpu=not _cuda(), bf16=False, dataloader_num_workers=0)


def _cuda() -> bool:
    torch, _ = import_local()
    return bool(torch.cuda.is_available())


def _peft_config(peft: Any, config: TrainConfig) -> Any:
    if not config.lora:
        return None
    return peft.LoraConfig(r=config.lora_r, lora_alpha=config.lora_alpha, lora_dropout=config.lora_dropout,
                           target_modules="all-linear", task_type="CAUSAL_LM")


def train_model(run: RunDir, student: StudentConfig, config: TrainConfig,
                show_progress: bool = True) -> dict[str, Any]:
    """Fine-tune ``student`` on ``run/data/train.jsonl``; save model and tokenizer to ``run/model``."""
    trl, datasets, peft = import_training()
    torch, transformers = import_local()
    examples = _load_examples(run.path / "data" / "train.jsonl")
    random.seed(config.seed)
    torch.manual_seed(config.seed)
    transformers.set_seed(config.seed)
    model, tokenizer = load_model_and_tokenizer(student.model, gguf_file=student.gguf_file,
                                                dtype=student.dtype or "float32")
    model = _without_quantizer(model)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    work = run.stage("train")
    trainer = trl.SFTTrainer(model=model, args=_sft_config(trl, config, work / "checkpoints", show_progress),
                             train_dataset=datasets.Dataset.from_list(examples), processing_class=tokenizer,
                             peft_config=_peft_config(peft, config))
    loss_tokens = _loss_tokens(trainer.train_dataset)
    result = trainer.train()
    trained = trainer.model.merge_and_unload() if config.lora else trainer.model
    trained.eval().save_pretrained(run.model_dir)
    tokenizer.save_pretrained(run.model_dir)
    history = [h for h in trainer.state.log_history if "loss" in h]
    summary = {"examples": len(examples), "steps": trainer.state.global_step,
               "train_loss": result.training_loss, "first_loss": history[0]["loss"] if history else None,
               "last_loss": history[-1]["loss"] if history else None, "seconds": result.metrics.get("train_runtime"),
               **loss_tokens}
    (work / "metrics.json").write_text(json.dumps({"summary": summary, "log": trainer.state.log_history},
                                                  indent=2) + "\n", "utf-8")
    return summary


def _loss_tokens(dataset: Any) -> dict[str, int]:
    """Tokens in the examples and tokens under the loss (the verdicts only: completion_only_loss)."""
    total = under_loss = 0
    for labels in dataset["labels"]:
        total += len(labels)
        under_loss += sum(1 for x in labels if x != -100)
    return {"tokens": total, "loss_tokens": under_loss}
