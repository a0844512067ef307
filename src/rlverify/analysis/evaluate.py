"""Static evaluation: precision/recall/F1 of verifiers against labelled responses.

Interface::

    load_rows(paths, skip_bad=False) -> Loaded          # JSONL rows; BadInputError names file:line
    evaluate(rows, verifiers=("rule", "math-verify"), by="dataset", workers=None,
             only_negatives_of=None, use_ray=False, progress=False) -> EvalResult
    EvalResult.stats -> tuple[GroupStats, ...]          # one per verifier x group (+ "all")

A row is *positive* when its label is true, and *predicted positive* when the verifier's
verdict is ``correct`` (undecided verdicts count as rejected). Undefined ratios (precision
with no predicted positive, recall with no positive) are ``None``.

A row whose gold is empty, blank or ``null`` is loaded (every verifier answers it undecided, flag
``invalid_gold``) and listed in ``EvalResult.invalid_gold_ids``. Rows whose label a correction
changed (:func:`apply_corrections`) keep their raw label in ``Row.raw_label``: the stats use the
corrected labels, ``EvalResult.raw_stats`` the same verdicts scored with the raw ones.
"""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from .datasets import dataset_name, open_text
from ..errors import BadInputError, MissingDependencyError, RLVerifyError
from ..verdict import Outcome, Verdict, invalid_gold

__all__ = [
    "Row",
    "Loaded",
    "Scored",
    "GroupStats",
    "EvalResult",
    "DEFAULT_VERIFIERS",
    "JUDGE_FAILED_FLAG",
    "ALL_GROUP",
    "sample_path",
    "load_rows",
    "read_lines",
    "load_corrections",
    "apply_corrections",
    "raw_scored",
    "parse_row",
    "summarize",
    "evaluate",
    "judge_items",
]

DEFAULT_VERIFIERS = ("rule", "math-verify")
JUDGE_FAILED_FLAG = "judge_unavailable"  # set by the hybrid when its judge raised
ALL_GROUP = "all"
_CHUNK = 32            # rows per verify_batch call (progress granularity)
_RAY_CHUNK = 100_000   # with --ray, one Ray Data job per verifier and group
_REQUIRED = ("id", "question", "gold", "response", "label")


@dataclass(frozen=True)
class Row:
    id: str
    question: str | None
    gold: str
    response: str
    label: bool
    dataset: str
    generator: str
    columns: tuple[tuple[str, str], ...] = ()   # every other scalar column, for grouping (--by family)
    raw_label: bool | None = None               # the label in the data, when a correction changed it

    def item(self) -> dict[str, Any]:
        return {"response": self.response, "gold": self.gold, "question": self.question}

    def group(self, by: str) -> str:
        if by in ("dataset", "generator"):
            return self.generator if by == "generator" else self.dataset
        return dict(self.columns).get(by, "unknown")


@dataclass(frozen=True)
class Loaded:
    rows: tuple[Row, ...]
    skipped: int = 0
    problems: tuple[str, ...] = ()   # the first few skip reasons, "file:line: why"


@dataclass(frozen=True)
class Scored:
    verifier: str
    row: Row
    verdict: Verdict
    group: str


@dataclass(frozen=True)
class GroupStats:
    verifier: str
    group: str
    n: int
    tp: int
    fp: int
    fn: int
    tn: int
    seconds: float
    p50_ms: float
    p99_ms: float
    judge_eligibility: float | None = None
    rule_rejected_positives: int = 0   # label-true rows the rules did not accept (hybrids only)
    judge_items: int | None = None     # items sent to a judge (None: the verifier has no judge)

    @property
    def judge_share(self) -> float | None:
        """Share of the items that were sent to the judge (the cost of a hybrid)."""
        return None if self.judge_items is None or not self.n else self.judge_items / self.n

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def accuracy(self) -> float | None:
        return (self.tp + self.tn) / self.n if self.n else None

    @property
    def items_per_s(self) -> float | None:
        return self.n / self.seconds if self.seconds > 0 else None


@dataclass(frozen=True)
class EvalResult:
    stats: tuple[GroupStats, ...]
    scored: tuple[Scored, ...]
    n_rows: int
    by: str = "dataset"
    base: str | None = None          # --only-rule-negatives BASE
    base_rejected: int | None = None  # rows BASE rejected (the rows evaluated)
    invalid_gold_ids: tuple[str, ...] = ()   # ids of the rows given whose gold is empty, blank or null
    raw_stats: tuple[GroupStats, ...] = ()   # the stats with the raw labels; () when no label was corrected

    @property
    def corrected_ids(self) -> tuple[str, ...]:
        """Ids of the evaluated rows whose label a correction changed (each row once)."""
        seen: dict[int, str] = {}
        for s in self.scored:
            if s.row.raw_label is not None:
                seen.setdefault(id(s.row), s.row.id)
        return tuple(seen.values())

    def disagreements(self) -> list[Scored]:
        return [s for s in self.scored if s.verdict.correct != s.row.label]

    def judge_failures(self) -> dict[str, int]:
        """Verifier -> items on which its judge could not be asked (flag ``judge_unavailable``):
        those verdicts fell back to the rules, so the verifier's numbers are not the judge's."""
        out: dict[str, int] = {}
        for s in self.scored:
            if JUDGE_FAILED_FLAG in s.verdict.flags:
                out[s.verifier] = out.get(s.verifier, 0) + 1
        return out


def sample_path() -> Path:
    """The bundled sample (360 rows drawn from the labelled corpora; see data/NOTICE.md)."""
    return Path(__file__).resolve().parents[1] / "data" / "sample.jsonl"


# ---------------------------------------------------------------- loading

def _text(obj: Mapping[str, Any], key: str, optional: bool = False) -> str | None:
    v = obj.get(key)
    if v is None and optional:
        return None
    if isinstance(v, bool) or not isinstance(v, (str, int, float)):
        raise ValueError(f"field {key!r} must be a string, got {type(v).__name__}")
    return str(v)


def parse_row(obj: Any, default_dataset: str) -> Row:
    """One JSON object -> Row; ValueError with a short reason when malformed."""
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {type(obj).__name__}")
    missing = [k for k in _REQUIRED if k not in obj]
    if missing:
        raise ValueError(f"missing field(s): {', '.join(missing)}")
    label = obj["label"]
    if not isinstance(label, bool):
        raise ValueError(f"field 'label' must be true or false, got {json.dumps(label)[:40]}")
    return Row(
        id=str(obj["id"]),
        question=_text(obj, "question", optional=True),
        gold=_text(obj, "gold", optional=True) or "",   # null: an invalid gold, counted, not a bad row
        response=_text(obj, "response") or "",
        label=label,
        dataset=_text(obj, "dataset", optional=True) or default_dataset,
        generator=_text(obj, "generator", optional=True) or "unknown",
        columns=tuple((k, str(v)) for k, v in obj.items()
                      if k not in _ROW_FIELDS and isinstance(v, (str, int, float, bool)) and len(str(v)) <= 200),
    )


_ROW_FIELDS = frozenset(("id", "question", "gold", "response", "label", "dataset", "generator"))


def read_lines(path: Path) -> Iterable[tuple[int, str]]:
    try:
        with open_text(path) as f:
            yield from enumerate(f, start=1)
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else type(e).__name__
        raise BadInputError(f"{path}: cannot read file ({reason})") from None


def load_rows(paths: Sequence[str | Path], skip_bad: bool = False) -> Loaded:
    """Read labelled JSONL files. A bad line raises BadInputError("file:line: why")
    unless ``skip_bad``, which skips and counts it (unreadable files always raise)."""
    rows: list[Row] = []
    problems: list[str] = []
    for p in map(Path, paths):
        for lineno, line in read_lines(p):
            if not line.strip():
                continue
            try:
                rows.append(parse_row(json.loads(line), dataset_name(p)))
            except json.JSONDecodeError as e:
                msg = f"{p}:{lineno}: invalid JSON ({e.msg} at column {e.colno})"
            except ValueError as e:
                msg = f"{p}:{lineno}: {str(e).splitlines()[0]}"
            else:
                continue
            if not skip_bad:
                raise BadInputError(msg + " (use --skip-bad to skip bad rows)")
            problems.append(msg)
    return Loaded(tuple(rows), len(problems), tuple(problems[:5]))


def load_corrections(path: str | Path) -> dict[str, bool]:
    """Label corrections ``{"corrections": [{"id": ..., "label": true|false, "reason": ...}]}``
    -> {id: corrected label}. BadInputError names the file on any problem."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        items = data["corrections"]
        out = {str(c["id"]): c["label"] for c in items}
    except (OSError, UnicodeDecodeError) as e:
        raise BadInputError(f"{path}: cannot read corrections ({type(e).__name__})") from None
    except (ValueError, KeyError, TypeError) as e:
        raise BadInputError(f"{path}: expected {{\"corrections\": [{{\"id\", \"label\"}}, ...]}} ({e})") from None
    if not all(isinstance(v, bool) for v in out.values()):
        raise BadInputError(f"{path}: every correction needs \"label\": true or false")
    return out


def apply_corrections(rows: Sequence[Row], corrections: Mapping[str, bool]) -> tuple[list[Row], int]:
    """Rows with corrected labels (matched by row id), and how many labels actually changed. A
    changed row keeps the label of the data in ``raw_label`` (see :func:`raw_scored`)."""
    from dataclasses import replace

    out, changed = [], 0
    for r in rows:
        label = corrections.get(r.id, r.label)
        changed += label != r.label
        out.append(r if label == r.label else replace(r, label=label, raw_label=r.label))
    return out, changed


def raw_scored(scored: Sequence[Scored]) -> list[Scored]:
    """The same verdicts with every corrected row back at its raw label."""
    from dataclasses import replace

    return [s if s.row.raw_label is None else replace(s, row=replace(s.row, label=s.row.raw_label, raw_label=None))
            for s in scored]


# ---------------------------------------------------------------- scoring

def _percentile_ms(seconds: Sequence[float], q: float) -> float:
    if not seconds:
        return 0.0
    if len(seconds) == 1:
        return seconds[0] * 1000
    return statistics.quantiles(seconds, n=100, method="inclusive")[int(q) - 1] * 1000


def _judge_eligibility(scored: Sequence[Scored]) -> tuple[float | None, int]:
    """Share of label-true rows the rules did not accept (a final 'different', a guard block, a
    judge verdict) that reached the judge, and how many such rows there were."""
    rejected = [s for s in scored if s.row.label and not (s.verdict.source == "rule" and s.verdict.correct)]
    if not rejected:
        return None, 0
    return sum(s.verdict.source == "judge" for s in rejected) / len(rejected), len(rejected)


def judge_items(verdicts: Iterable[Verdict]) -> int:
    """Items that were sent to a judge: a judge verdict on an answer span, or a judge failure
    (``judge_unavailable``: the item was sent, the judge did not answer)."""
    return sum((v.source == "judge" and v.extracted is not None) or JUDGE_FAILED_FLAG in v.flags
               for v in verdicts)


def _stats(verifier: str, group: str, scored: Sequence[Scored], seconds: float,
           hybrid: bool, judged: bool = False) -> GroupStats:
    c = {"tp": 0, "fp": 0, "fn": 0, "tn": 0}
    for s in scored:
        c[("t" if s.verdict.correct == s.row.label else "f") + ("p" if s.verdict.correct else "n")] += 1
    per_item = [s.verdict.seconds for s in scored]
    elig, rejected = _judge_eligibility(scored) if hybrid else (None, 0)
    return GroupStats(verifier, group, len(scored), seconds=seconds,
                      p50_ms=_percentile_ms(per_item, 50), p99_ms=_percentile_ms(per_item, 99),
                      judge_eligibility=elig, rule_rejected_positives=rejected,
                      judge_items=judge_items(s.verdict for s in scored) if judged else None, **c)


def summarize(scored: Sequence[Scored], seconds: Mapping[tuple[str, str], float],
              judged: Iterable[str] = ()) -> list[GroupStats]:
    """GroupStats per verifier x group (first-seen order), plus an "all" row per verifier
    when there is more than one group. ``seconds`` maps (verifier, group) to wall time;
    ``judged`` names the verifiers that have a judge (their stats count the items sent to it)."""
    judged = set(judged)
    by_key: dict[tuple[str, str], list[Scored]] = {}
    for s in scored:
        by_key.setdefault((s.verifier, s.group), []).append(s)
    out: list[GroupStats] = []
    for verifier in dict.fromkeys(s.verifier for s in scored):
        mine = [s for s in scored if s.verifier == verifier]
        sources = {s.verdict.source for s in mine}
        hybrid = "guard" in sources or {"rule", "judge"} <= sources  # rules first, a judge behind them
        judge = verifier in judged or "judge" in sources
        groups = list(dict.fromkeys(s.group for s in mine))
        for g in groups:
            out.append(_stats(verifier, g, by_key[(verifier, g)], seconds.get((verifier, g), 0.0), hybrid, judge))
        if len(groups) > 1:
            total = sum(seconds.get((verifier, g), 0.0) for g in groups)
            out.append(_stats(verifier, ALL_GROUP, mine, total, hybrid, judge))
    return out


# ---------------------------------------------------------------- running

BatchFn = Callable[[Sequence[Row]], list[Verdict]]


def _ray_batch(name: str, options: Mapping[str, Any]) -> BatchFn:
    try:
        from ..integrations.ray import verify_dataset  # type: ignore
    except ImportError as e:
        raise MissingDependencyError(
            f"--ray needs rlverify.integrations.ray and Ray (pip install 'rlverify[ray]'): {e}"
        ) from None

    def run(rows: Sequence[Row]) -> list[Verdict]:
        out = verify_dataset([r.item() | {"id": r.id} for r in rows], verifier=name, **options)
        return [v if isinstance(v, Verdict) else _verdict_from(v) for v in out]

    return run


def _verdict_from(d: Mapping[str, Any]) -> Verdict:
    keys = ("correct", "score", "source", "extracted", "flags", "seconds", "undecided")
    kw = {k: d[k] for k in keys if k in d}
    kw["flags"] = tuple(kw.get("flags", ()))
    if d.get("outcome") is not None:
        kw["outcome"] = Outcome(d["outcome"])
    return Verdict(**kw)


def _batch_fn(name: str, verifier: Any, workers: int | None, use_ray: bool,
              options: Mapping[str, Any]) -> BatchFn:
    from ..judge.oracle import OracleUnavailableError, is_oracle

    oracle = getattr(verifier, "judge", None)
    if is_oracle(oracle):  # one row per call, its gold label bound to the judge (judge.oracle)
        if use_ray:
            raise OracleUnavailableError(f"{name}: the oracle judge cannot run under --ray (labels stay in-process)")
        return lambda rows: [v for r in rows for v in _with_label(oracle, r, verifier, workers)]
    if use_ray:
        return _ray_batch(name, options)
    return lambda rows: list(verifier.verify_batch([r.item() for r in rows], workers=workers))


def _with_label(oracle: Any, row: Row, verifier: Any, workers: int | None) -> list[Verdict]:
    with oracle.bound(row.label):
        return list(verifier.verify_batch([row.item()], workers=workers))


def _run_one(name: str, batch: BatchFn, rows: Sequence[Row], by: str, chunk: int,
             advance: Callable[[int], None]) -> tuple[list[Scored], dict[tuple[str, str], float]]:
    groups: dict[str, list[Row]] = {}
    for r in rows:
        groups.setdefault(r.group(by), []).append(r)
    scored: list[Scored] = []
    seconds: dict[tuple[str, str], float] = {}
    for g, grows in groups.items():
        for i in range(0, len(grows), chunk):
            part = grows[i : i + chunk]
            t0 = time.perf_counter()
            verdicts = batch(part)
            seconds[(name, g)] = seconds.get((name, g), 0.0) + time.perf_counter() - t0
            if len(verdicts) != len(part):
                raise RLVerifyError(f"verifier {name!r} returned {len(verdicts)} verdicts for {len(part)} items")
            scored.extend(Scored(name, r, v, g) for r, v in zip(part, verdicts))
            advance(len(part))
    return scored, seconds


def _progress(enabled: bool) -> Any:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=Console(stderr=True), transient=True,
                    disable=not enabled)


def evaluate(rows: Sequence[Row], verifiers: Sequence[str] = DEFAULT_VERIFIERS, by: str = "dataset",
             workers: int | None = None, only_negatives_of: str | None = None, use_ray: bool = False,
             progress: bool = False, options: Mapping[str, Mapping[str, Any]] | None = None) -> EvalResult:
    """Run every verifier (registry names) over ``rows`` and tabulate per group.

    ``only_negatives_of=BASE`` first runs BASE and keeps only the rows it rejected.
    ``options`` maps a verifier name to factory options. Unknown names raise before any work.
    A verifier whose judge is the oracle (``hybrid.judge=oracle``) verifies one row at a time with
    that row's label bound to its judge (:mod:`rlverify.judge.oracle`).
    """
    from ..judge.oracle import labelled_evaluation

    with labelled_evaluation():  # labelled rows: the only place an oracle judge may be built and asked
        return _evaluate(rows, verifiers, by, workers, only_negatives_of, use_ray, progress, options)


def _evaluate(rows: Sequence[Row], verifiers: Sequence[str], by: str, workers: int | None,
              only_negatives_of: str | None, use_ray: bool, progress: bool,
              options: Mapping[str, Mapping[str, Any]] | None) -> EvalResult:
    from ..registry import get_verifier

    if not by or not by.replace("_", "").replace("-", "").isalnum():
        raise BadInputError(f"--by must be a column name (dataset, generator, family, ...), not {by!r}")
    options = options or {}
    invalid_ids = tuple(r.id for r in rows if invalid_gold(r.gold))
    names = list(dict.fromkeys(verifiers))
    wanted = names + ([only_negatives_of] if only_negatives_of else [])
    built = {n: get_verifier(n, **options.get(n, {})) for n in dict.fromkeys(wanted)}
    batches = {n: _batch_fn(n, v, workers, use_ray, options.get(n, {})) for n, v in built.items()}
    chunk = _RAY_CHUNK if use_ray else _CHUNK * max(1, workers or 1)
    base_rejected = None
    n_work = len(rows) * len(wanted)
    scored: list[Scored] = []
    seconds: dict[tuple[str, str], float] = {}
    with _progress(progress) as bar:
        task = bar.add_task("verifying", total=n_work)
        advance = lambda k: bar.advance(task, k)  # noqa: E731
        if only_negatives_of:
            bar.update(task, description=f"{only_negatives_of} (base)")
            base_scored, _ = _run_one(only_negatives_of, batches[only_negatives_of], rows, by, chunk, advance)
            rejected = {id(s.row) for s in base_scored if not s.verdict.correct}
            rows = [r for r in rows if id(r) in rejected]
            base_rejected = len(rows)
            bar.update(task, total=len(base_scored) + len(rows) * len(names))
        for name in names:
            bar.update(task, description=name)
            s, sec = _run_one(name, batches[name], rows, by, chunk, advance)
            scored.extend(s)
            seconds.update(sec)
    judged = [n for n in names if getattr(built[n], "judge", None) is not None]
    corrected = any(s.row.raw_label is not None for s in scored)
    raw = tuple(summarize(raw_scored(scored), seconds, judged)) if corrected else ()
    return EvalResult(tuple(summarize(scored, seconds, judged)), tuple(scored), len(rows), by,
                      only_negatives_of, base_rejected, invalid_ids, raw)
