"""The three stages over one run directory: each records its config, skips itself when already done
with the same config (``force`` redoes it and invalidates the later stages), and shows progress."""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

from ..errors import BadInputError
from .config import DataConfig, GateConfig, StudentConfig, TrainConfig, from_dict
from .rundir import STAGES, RunDir

__all__ = ["run_data", "run_train", "run_gate", "run_all", "student_from_run"]


def _start(run: RunDir, stage: str, sections: dict[str, Any], force: bool) -> bool:
    """Record the configs; True when the stage has to run."""
    for name, config in sections.items():
        run.record(name, config, force=force)
    if force:
        for later in STAGES[STAGES.index(stage):]:
            run.clear(later)
    return run.done(stage) is None


@contextlib.contextmanager
def _bar(enabled: bool) -> Iterator[Any]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), disable=not enabled) as bar:
        yield bar


def student_from_run(run: RunDir) -> StudentConfig:
    recorded = run.config().get("student")
    if not recorded:
        raise BadInputError(f"{run.path}: no student recorded; run the data stage first")
    return from_dict(StudentConfig, recorded)


def run_data(run: RunDir, student: StudentConfig, config: DataConfig, judge: Any = None,
             force: bool = False, progress: bool = True) -> dict[str, Any]:
    """Stage 1. ``judge``: the sampling student (default: ``student`` loaded with sampling on)."""
    from .data import build_dataset

    if not _start(run, "data", {"student": student, "data": config}, force):
        return _read_json(run.path / "data" / "counts.json") or {}
    if force:
        (run.path / "data" / "samples.jsonl").unlink(missing_ok=True)
    if judge is None:
        judge = _sampling_student(student, config)
    _seed(config.seed)
    with _bar(progress) as bar:
        task = bar.add_task("sampling verdicts", total=None)
        counts = build_dataset(run, config, student, judge, progress=lambda k: bar.advance(task, k),
                               on_total=lambda n: bar.update(task, total=n))
    run.mark_done("data", {"kept": counts["kept"], "samples": counts["samples"]})
    return counts


def _sampling_student(student: StudentConfig, config: DataConfig) -> Any:
    from ..judge.factory import make_judge

    return make_judge("transformers", model_name_or_path=student.model, gguf_file=student.gguf_file,
                      template=student.template, system_prompt=student.system_prompt, dtype=student.dtype,
                      temperature=config.temperature, top_p=config.top_p, max_new_tokens=config.max_new_tokens,
                      batch_size=config.batch_size, cache=False)


def _seed(seed: int) -> None:
    import random

    random.seed(seed)
    try:
        import torch
    except ImportError:  # pragma: no cover - a non-torch student
        return
    torch.manual_seed(seed)


def run_train(run: RunDir, config: TrainConfig, force: bool = False, progress: bool = True) -> dict[str, Any]:
    """Stage 2: fine-tune the recorded student on the data stage's examples."""
    from .sft import train_model

    run.require("data", "train")
    if not _start(run, "train", {"train": config}, force):
        return run.done("train") or {}
    summary = train_model(run, student_from_run(run), config, show_progress=progress)
    run.mark_done("train", summary)
    return summary


def run_gate(run: RunDir, config: GateConfig, force: bool = False, progress: bool = True,
             base_judge: Any = None, trained_judge: Any = None) -> dict[str, Any]:
    """Stage 3: static evaluation and probe, base vs trained; writes the report to ``run/gate``."""
    from .gate import gate_model, load_judge, rule_rejected
    from .report import write_report

    run.require("train", "gate")
    if not _start(run, "gate", {"gate": config}, force):
        return _refresh_report(run)
    student = student_from_run(run)
    rows, held_out = rule_rejected(run, config, progress)
    results: dict[str, Any] = {}
    with _bar(progress) as bar:
        for model, judge in (("base", base_judge), ("trained", trained_judge)):
            task = bar.add_task(f"{model}: loading", total=None)
            if judge is None:
                judge = (load_judge(student.model, student, config, student.gguf_file) if model == "base"
                         else load_judge(str(run.model_dir), student, config))
            bar.update(task, description=f"{model}: static evaluation")
            results[model] = gate_model(judge, rows, config, lambda what, n, total, t=task, m=model:
                                        bar.update(t, description=f"{m}: {what}", completed=n, total=total))
            bar.update(task, description=f"{model}: done")
    results["meta"] = {"rule_rejected": len(rows), "held_out_rows": held_out,
                       "n_cases": results["base"]["n_cases"], "n_problems": results["base"]["n_problems"],
                       "data_counts": _read_json(run.path / "data" / "counts.json"),
                       "train": run.done("train"), "config": run.config()}
    paths = write_report(results, run.stage("gate"))
    import json

    summary = json.loads(paths["json"].read_text("utf-8"))
    run.mark_done("gate", {"more_hackable": summary["more_hackable"], "conclusion": summary["conclusion"]})
    return summary


def _refresh_report(run: RunDir) -> dict[str, Any]:
    """A done gate: its stored results, with results.md and gate.png rendered again from them."""
    from .report import write_report

    stored = _read_json(run.path / "gate" / "results.json")
    if not stored:
        return {}
    write_report({k: v for k, v in stored.items() if k not in ("more_hackable", "conclusion")}, run.stage("gate"))
    return _read_json(run.path / "gate" / "results.json")


def _read_json(path: Any) -> Any:
    import json

    return json.loads(path.read_text("utf-8")) if path.is_file() else None


def run_all(run: RunDir, student: StudentConfig, data: DataConfig, train: TrainConfig, gate: GateConfig,
            force: bool = False, progress: bool = True) -> dict[str, Any]:
    """data -> train -> gate; stages already done with the same config are skipped."""
    run_data(run, student, data, force=force, progress=progress)
    run_train(run, train, force=force, progress=progress)
    return run_gate(run, gate, force=force, progress=progress)
