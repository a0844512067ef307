"""Stage 1, data: rejection sampling of the student's own verdicts on labelled corpora.

    rows (labelled corpora, adjudicated rows first)
      -> split BY PROBLEM (hash of the question): train / eval (eval.jsonl, for the gate)
      -> train prompts: the rule extractor's answer span in the judge template (what a judge sees
         inside JudgeVerifier and the hybrid), half labelled correct, half incorrect
      -> k verdicts per prompt from the student (temperature, top-p)
      -> keep a verdict when its strictly parsed decision equals the label; drop duplicates;
         balance correct/incorrect
      -> train.jsonl: {"messages": [system?, user, assistant], "label", "provenance"}

Every sample is appended to ``samples.jsonl`` as it is drawn, so an interrupted stage resumes
where it stopped; ``counts.json`` says how many were kept and why the others were dropped.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..analysis.datasets import corpus_paths, data_root
from ..analysis.evaluate import Row, load_rows, read_lines
from ..errors import BadInputError
from ..judge.base import JudgeItem
from ..judge.parsing import parse_decision
from ..judge.prompts import load_template
from ..rule.extract import extract_answer
from .config import DataConfig, StudentConfig
from .rundir import RunDir

__all__ = ["LabelledRow", "load_labelled", "split_by_problem", "default_corpora", "Prompt",
           "build_prompts", "filter_samples", "build_dataset", "problem_key"]

ADJUDICATED = "+adjudicated"   # the label_source suffix of rows checked by a second annotation


@dataclass(frozen=True)
class LabelledRow:
    row: Row
    label_source: str

    @property
    def adjudicated(self) -> bool:
        return self.label_source.endswith(ADJUDICATED)


@dataclass(frozen=True)
class Prompt:
    """One training prompt: a corpus row judged through the template."""

    index: int
    row: LabelledRow
    item: JudgeItem
    text: str          # the rendered user message


def default_corpora() -> list[Path]:
    """The labelled corpora (rlverify.analysis.datasets: ``RLVERIFY_SHARED_DATA``, vendored ``data/``)."""
    paths = corpus_paths()
    if not paths:
        raise BadInputError(f"no labelled corpora under {data_root() / 'corpora'}; give the files with --corpus "
                            "or set RLVERIFY_SHARED_DATA")
    return paths


def _label_sources(paths: Sequence[Path]) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in paths:
        for _, line in read_lines(path):
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict) and "id" in obj:
                out[str(obj["id"])] = str(obj.get("label_source") or "")
    return out


def load_labelled(paths: Sequence[str | Path]) -> list[LabelledRow]:
    """Rows with their ``label_source`` (the project's loader; bad lines raise)."""
    paths = [Path(p) for p in paths]
    rows = load_rows(paths).rows
    sources = _label_sources(paths)
    return [LabelledRow(r, sources.get(r.id, "")) for r in rows]


def problem_key(row: Row) -> str:
    """What identifies a problem: its question (whitespace-normalised), else its gold."""
    text = row.question if row.question else f"gold:{row.gold}"
    return " ".join(text.split())


def split_by_problem(rows: Sequence[LabelledRow], eval_fraction: float,
                     seed: int) -> tuple[list[LabelledRow], list[LabelledRow]]:
    """(train, eval): a problem's rows all land on the same side (seeded hash of the question)."""
    if not 0.0 <= eval_fraction < 1.0:
        raise BadInputError("eval_fraction must be in [0, 1)")
    train, held = [], []
    for r in rows:
        digest = hashlib.sha256(f"{seed}\x00{problem_key(r.row)}".encode()).digest()
        (held if int.from_bytes(digest[:8], "big") / 2**64 < eval_fraction else train).append(r)
    return train, held


def build_prompts(rows: Sequence[LabelledRow], config: DataConfig, student: StudentConfig,
                  dropped: Counter) -> list[Prompt]:
    """Adjudicated rows first, then a seeded shuffle; one prompt per distinct (question, gold,
    answer span); half labelled correct and half incorrect, up to ``train_prompts``."""
    template = load_template(student.template)
    rng = random.Random(config.seed)
    order = sorted(rows, key=lambda r: (not r.adjudicated, rng.random()))
    per_label = (config.train_prompts + 1) // 2 if config.train_prompts else len(order)
    taken: Counter = Counter()
    seen: set[tuple] = set()
    prompts: list[Prompt] = []
    for r in order:
        if taken[r.row.label] >= per_label:
            continue
        answer = extract_answer(r.row.response).answer
        if answer is None:
            dropped["prompt:no_answer"] += 1
            continue
        item = JudgeItem(r.row.question, r.row.gold, answer)
        if (item.question, item.gold, item.answer) in seen:
            dropped["prompt:duplicate"] += 1
            continue
        seen.add((item.question, item.gold, item.answer))
        taken[r.row.label] += 1
        prompts.append(Prompt(len(prompts), r, item, template.render(item)))
    return prompts[: config.train_prompts] if config.train_prompts else prompts


def _sample_all(student: Any, prompts: Sequence[Prompt], config: DataConfig, path: Path,
                progress: Callable[[int], None]) -> list[dict[str, Any]]:
    """k outputs per prompt, appended to ``path`` chunk by chunk; done prompts are skipped."""
    samples = _resume(path, config.k)
    done = {s["prompt"] for s in samples}
    progress(len(done) * config.k)
    todo = [p for p in prompts if p.index not in done]
    with open(path, "a", encoding="utf-8") as out:
        for i in range(0, len(todo), config.batch_size):
            chunk = todo[i : i + config.batch_size]
            fresh = []
            for j in range(config.k):
                results = student.judge_detailed([p.item for p in chunk])
                fresh += [{"prompt": p.index, "sample": j, "output": r.output, "error": r.error}
                          for p, r in zip(chunk, results)]
                progress(len(chunk))
            out.write("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in fresh))
            out.flush()
            samples += fresh
    return samples


def _resume(path: Path, k: int) -> list[dict[str, Any]]:
    """The samples of an interrupted run: whole prompts only (a cut last line or a prompt with fewer
    than k samples is dropped and sampled again); the file is rewritten with what is kept."""
    if not path.is_file():
        return []
    samples = []
    for line in path.read_text("utf-8").splitlines():
        try:
            samples.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    per_prompt = Counter(s["prompt"] for s in samples)
    samples = [s for s in samples if per_prompt[s["prompt"]] == k]
    path.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in samples), "utf-8")
    return samples


def filter_samples(prompts: Sequence[Prompt], samples: Iterable[dict[str, Any]], template_name: str,
                   system_prompt: str | None, balance: bool, seed: int,
                   dropped: Counter) -> list[dict[str, Any]]:
    """Keep samples whose strict decision equals the label; drop duplicates; balance the labels."""
    template = load_template(template_name)
    by_index = {p.index: p for p in prompts}
    kept: list[dict[str, Any]] = []
    seen: set[tuple[int, str]] = set()
    for s in sorted(samples, key=lambda s: (s["prompt"], s["sample"])):
        p = by_index.get(s["prompt"])
        if p is None:
            continue
        output = (s.get("output") or "").strip()
        decision = parse_decision(output, template)
        if s.get("output") is None or decision.value is None:
            dropped[f"undecided:{s.get('error') or decision.reason}"] += 1
        elif decision.value != p.row.row.label:
            dropped["wrong_decision"] += 1
        elif (p.index, output) in seen:
            dropped["duplicate"] += 1
        else:
            seen.add((p.index, output))
            kept.append(_example(p, output, s["sample"], system_prompt))
    return _balance(kept, seed, dropped) if balance else kept


def _example(p: Prompt, output: str, sample: int, system_prompt: str | None) -> dict[str, Any]:
    system = [{"role": "system", "content": system_prompt}] if system_prompt else []
    r = p.row.row
    return {"messages": system + [{"role": "user", "content": p.text}, {"role": "assistant", "content": output}],
            "label": r.label,
            "provenance": {"id": r.id, "dataset": r.dataset, "generator": r.generator,
                           "label_source": p.row.label_source, "prompt": p.index, "sample": sample}}


def _balance(kept: list[dict[str, Any]], seed: int, dropped: Counter) -> list[dict[str, Any]]:
    yes = [e for e in kept if e["label"]]
    no = [e for e in kept if not e["label"]]
    n = min(len(yes), len(no))
    rng = random.Random(seed)
    chosen = {id(e) for e in rng.sample(yes, n) + rng.sample(no, n)}
    dropped["balance"] += len(kept) - len(chosen)
    return [e for e in kept if id(e) in chosen]


def _write_jsonl(path: Path, records: Iterable[dict[str, Any]]) -> int:
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
            n += 1
    return n


def _row_record(r: LabelledRow) -> dict[str, Any]:
    row = r.row
    return {"id": row.id, "dataset": row.dataset, "generator": row.generator, "question": row.question,
            "gold": row.gold, "response": row.response, "label": row.label, "label_source": r.label_source}


def build_dataset(run: RunDir, config: DataConfig, student_config: StudentConfig, student: Any,
                  progress: Callable[[int], None] | None = None,
                  on_total: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Run the data stage into ``run/data``; return the counts (also in ``counts.json``).

    ``student``: a judge with ``judge_detailed`` returning raw outputs, sampling (temperature > 0)
    and no cache (a cached judge would return the same verdict k times).
    """
    if getattr(student, "cache", None) is not None or not callable(getattr(student, "judge_detailed", None)):
        raise BadInputError("the student must offer judge_detailed (raw outputs) and have no cache (cache=False)")
    out = run.stage("data")
    paths = [Path(p) for p in (config.corpora or default_corpora())]
    rows = load_labelled(paths)
    train_rows, eval_rows = split_by_problem(rows, config.eval_fraction, config.seed)
    dropped: Counter = Counter()
    prompts = build_prompts(train_rows, config, student_config, dropped)
    if on_total is not None:
        on_total(len(prompts) * config.k)
    samples = _sample_all(student, prompts, config, out / "samples.jsonl", progress or (lambda n: None))
    kept = filter_samples(prompts, samples, student_config.template, student_config.system_prompt,
                          config.balance, config.seed, dropped)
    _write_jsonl(out / "train.jsonl", kept)
    _write_jsonl(out / "eval.jsonl", (_row_record(r) for r in eval_rows))
    counts = {"corpora": [str(p) for p in paths], **_counts(rows, train_rows, eval_rows, prompts, samples, kept, dropped)}
    (out / "counts.json").write_text(json.dumps(counts, indent=2) + "\n", "utf-8")
    return counts


def _counts(rows, train_rows, eval_rows, prompts, samples, kept, dropped) -> dict[str, Any]:
    def problems(rs: Sequence[LabelledRow]) -> int:
        return len({problem_key(r.row) for r in rs})

    return {"rows": len(rows), "adjudicated_rows": sum(r.adjudicated for r in rows),
            "train_rows": len(train_rows), "train_problems": problems(train_rows),
            "eval_rows": len(eval_rows), "eval_problems": problems(eval_rows),
            "shared_problems": len({problem_key(r.row) for r in train_rows} & {problem_key(r.row) for r in eval_rows}),
            "prompts": len(prompts), "prompts_by_label": _by_label(p.row.row.label for p in prompts),
            "samples": len(samples), "kept": len(kept), "kept_by_label": _by_label(e["label"] for e in kept),
            "prompts_with_a_kept_sample": len({e["provenance"]["prompt"] for e in kept}),
            "dropped": dict(sorted(dropped.items()))}


def _by_label(labels: Iterable[bool]) -> dict[str, int]:
    c = Counter(labels)
    return {"correct": c[True], "incorrect": c[False]}
