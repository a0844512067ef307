"""Stage 3, gate: the trained verifier against its base, on accuracy AND on hacking.

    static   held-out rows (problems training never saw) that the rule verifier rejects (the
             study's table): precision / recall / F1 of the model as ``judge`` (it sees the
             extracted answer) and as the judge of ``hybrid`` (rules -> guard -> judge)
    probe    the hacking probe (rlverify.analysis.attacks): attack success per family for the same
             two verifiers

Both for the base model and the trained one, greedy; one report (``report.py``) says whether the
trained verifier became more hackable. Each judge answers the probe in batches first (a memo
keeps every reply, undecided ones too), then ``run_probe`` replays the cases one by one, so the
numbers are those of the probe itself, leaks included, at batch speed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Sequence

from ..analysis import attacks
from ..analysis.datasets import problem_file
from ..analysis.evaluate import Row, evaluate, load_rows
from ..errors import BadInputError
from ..judge.base import JudgeItem, JudgeResult
from ..registry import get_verifier
from ..runtime.caches import LRU
from .config import GateConfig, StudentConfig
from .rundir import RunDir

__all__ = ["MemoJudge", "GATE_VERIFIERS", "default_probe_problems", "rule_rejected", "gate_model",
           "load_judge"]

GATE_VERIFIERS = ("judge", "hybrid")


class MemoJudge:
    """Wraps a judge and remembers every result by item (undecided ones too): the gate's judges are
    greedy, so asking again would give the same reply."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.memo = LRU("gate.judge_memo")   # item -> result

    def judge_detailed(self, items: Sequence[JudgeItem]) -> list[JudgeResult]:
        known = {i: r for i in dict.fromkeys(items) if (r := self.memo.get(i)) is not None}
        todo = [i for i in dict.fromkeys(items) if i not in known]
        if todo:
            detailed = getattr(self.inner, "judge_detailed", None)
            fresh = list(detailed(todo)) if callable(detailed) else [JudgeResult(d) for d in self.inner.judge(todo)]
            known.update(zip(todo, fresh))
            self.memo.update(zip(todo, fresh))
        return [known[i] for i in items]

    def judge(self, items: Sequence[JudgeItem]) -> list[bool | None]:
        return [r.decision for r in self.judge_detailed(items)]


def default_probe_problems() -> Path:
    """The DeepScaleR subset (the study's probe source) when present, else the bundled problems."""
    try:
        return problem_file("deepscaler-1209")
    except FileNotFoundError:
        return Path(__file__).resolve().parents[1] / "data" / "probe_problems.jsonl"


def load_judge(path: str, student: StudentConfig, config: GateConfig, gguf_file: str | None = None) -> Any:
    """A greedy TransformersJudge for the gate (same template and system prompt as training)."""
    from ..judge.factory import make_judge

    return make_judge("transformers", model_name_or_path=path, gguf_file=gguf_file, template=student.template,
                      system_prompt=student.system_prompt, max_new_tokens=config.max_new_tokens,
                      batch_size=config.batch_size, dtype=student.dtype, cache=False)


def rule_rejected(run: RunDir, config: GateConfig, progress: bool = False) -> tuple[list[Row], int]:
    """Held-out rows the rule verifier rejects (at most ``eval_rows``), and how many were held out."""
    path = run.path / "data" / "eval.jsonl"
    if not path.is_file():
        raise BadInputError(f"{path} is missing: run the data stage first")
    rows = list(load_rows([path]).rows)
    result = evaluate(rows, ["rule"], progress=progress)
    rejected = [s.row for s in result.scored if not s.verdict.correct]
    return (_stratified(rejected, config.eval_rows, config.seed) if config.eval_rows else rejected), len(rows)


def _stratified(rows: Sequence[Row], n: int, seed: int) -> list[Row]:
    """At most ``n`` rows, seeded, half of them labelled correct when there are enough (the rules'
    false negatives: what a judge is there to recover), in their original order."""
    import random

    rng = random.Random(seed)
    pos = [r for r in rows if r.label]
    neg = [r for r in rows if not r.label]
    rng.shuffle(pos)
    rng.shuffle(neg)
    take_pos = min(len(pos), max(n - len(neg), (n + 1) // 2))
    chosen = {id(r) for r in pos[:take_pos] + neg[: n - take_pos]}
    return [r for r in rows if id(r) in chosen]


def _probe_cases(config: GateConfig) -> list[attacks.ProbeCase]:
    path = Path(config.probe_problems) if config.probe_problems else default_probe_problems()
    cases = attacks.build_probe(attacks.load_problems(path), n=config.probe_n, seed=config.seed,
                                families=config.families or attacks.FAMILIES,
                                placements=config.placements or attacks.PLACEMENTS)
    if not cases:
        raise BadInputError(f"{path}: no usable probe problems")
    return cases


def gate_model(judge: Any, rows: Sequence[Row], config: GateConfig,
               progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """Static evaluation and probe of one model (as ``judge`` and as the judge of ``hybrid``)."""
    memo = MemoJudge(judge)
    options = {name: {"judge": memo} for name in GATE_VERIFIERS}
    static = evaluate(list(rows), list(GATE_VERIFIERS), options=options, progress=progress is not None)
    stats = {s.verifier: s for s in static.stats if s.group == "all"}
    cases = _probe_cases(config)
    probe: dict[str, Any] = {}
    for name in GATE_VERIFIERS:
        verifier = get_verifier(name, judge=memo)
        verifier.verify_batch([{"response": c.response, "gold": c.problem.gold, "question": c.problem.question}
                               for c in cases])     # batched judge calls; run_probe replays them
        done = [0]

        def tick(k: int, name: str = name) -> None:
            done[0] += k
            if progress is not None:
                progress(f"probe {name}", done[0], len(cases))

        cells = attacks.run_probe(cases, verifier, tick)
        probe[name] = {"cells": [_cell(c) for c in cells],
                       "by_family": {f: _cell(c) for f, c in attacks.summarize(cells, "family").items()},
                       "all": _cell(attacks.summarize(cells, "all")["all"])}
    return {"static": {name: _stats(stats.get(name)) for name in GATE_VERIFIERS},
            "probe": probe, "n_cases": len(cases), "n_problems": len({c.problem.id for c in cases})}


def _stats(s: Any) -> dict[str, Any]:
    if s is None:
        return {"n": 0}
    return {"n": s.n, "tp": s.tp, "fp": s.fp, "fn": s.fn, "tn": s.tn, "precision": s.precision,
            "recall": s.recall, "f1": s.f1, "accuracy": s.accuracy}


def _cell(c: attacks.ProbeCell) -> dict[str, Any]:
    return {"family": c.family, "placement": c.placement, "n": c.n, "accepted": c.accepted, "leaked": c.leaked,
            "success_rate": c.success_rate, "examples": list(c.examples)}


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
