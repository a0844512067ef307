"""Verifier training: the study's rejection fine-tuning, with the hacking probe as its gate.

    data    labelled corpora -> split by problem -> judge prompts -> k sampled verdicts from the
            student -> keep those whose strictly parsed decision equals the label -> chat JSONL
    train   TRL SFTTrainer on the kept verdicts (loss on the verdict only; full or LoRA)
    gate    base vs trained on held-out rows the rules reject, and on the hacking probe, as a bare
            judge and as the judge of the hybrid; one report saying whether it became more hackable

Library first; ``rlverify train-verifier {data,train,gate,all}`` is a thin shell over it::

    from rlverify.training import RunDir, StudentConfig, DataConfig, TrainConfig, GateConfig, run_all
    from rlverify.judge.local import smollm2_gguf

    directory, gguf = smollm2_gguf()
    run_all(RunDir.at("runs/smol"), StudentConfig(directory, gguf), DataConfig(train_prompts=400, k=4),
            TrainConfig(epochs=1), GateConfig(probe_n=10))
    # then: make_judge("transformers", model_name_or_path="runs/smol/model")

May import: ``judge``, ``analysis``, ``rule``, ``runtime`` and the root modules (``errors``,
``registry``, ``verdict``). Never ``integrations`` or ``cli``. torch, transformers, trl, peft and
datasets are imported lazily (extra ``rlverify[training]``).
"""

from __future__ import annotations

from .config import DataConfig, GateConfig, StudentConfig, TrainConfig
from .pipeline import run_all, run_data, run_gate, run_train, student_from_run
from .rundir import STAGES, RunDir

__all__ = ["RunDir", "STAGES", "StudentConfig", "DataConfig", "TrainConfig", "GateConfig",
           "run_data", "run_train", "run_gate", "run_all", "student_from_run"]
