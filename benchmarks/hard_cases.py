"""Accuracy of verifiers on the constructed hard cases (units, angles, rounding, everyday
forms, multi-part, relations): tests/cases/hard_cases.jsonl.

    .venv/bin/python benchmarks/hard_cases.py                     # rule and math-verify
    .venv/bin/python benchmarks/hard_cases.py --verifiers rule --by-rule
    .venv/bin/python benchmarks/hard_cases.py --json out.json

Prints accuracy, precision and recall per verifier (and per rule family with --by-rule).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

__all__ = ["Scores", "score", "main"]

CASES = Path(__file__).resolve().parents[1] / "tests" / "cases" / "hard_cases.jsonl"


@dataclass(frozen=True)
class Scores:
    n: int
    tp: int
    fp: int
    fn: int
    tn: int

    @property
    def accuracy(self) -> float:
        return (self.tp + self.tn) / self.n if self.n else float("nan")

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else float("nan")

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else float("nan")


def score(pairs: list[tuple[bool, bool]]) -> Scores:
    """``pairs``: (predicted, label)."""
    tp = sum(p and y for p, y in pairs)
    fp = sum(p and not y for p, y in pairs)
    fn = sum(y and not p for p, y in pairs)
    return Scores(len(pairs), tp, fp, fn, len(pairs) - tp - fp - fn)


def _run(name: str, rows: list[dict]) -> list[bool]:
    import rlverify

    v = rlverify.get_verifier(name)
    return [bool(v.verify(r["response"], r["gold"], r["question"]).correct) for r in rows]


def _table(title: str, results: dict[str, Scores]) -> None:
    from rich.console import Console
    from rich.table import Table

    t = Table(title=title)
    for col in ("verifier", "n", "accuracy", "precision", "recall", "fp", "fn"):
        t.add_column(col, justify="right" if col != "verifier" else "left")
    for name, s in results.items():
        t.add_row(name, str(s.n), f"{s.accuracy:.3f}", f"{s.precision:.3f}", f"{s.recall:.3f}", str(s.fp), str(s.fn))
    Console().print(t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=Path, default=CASES)
    ap.add_argument("--verifiers", nargs="+", default=["rule", "math-verify"])
    ap.add_argument("--by-rule", action="store_true", help="also print a table per rule family")
    ap.add_argument("--json", type=Path, help="write the scores and every miss here")
    args = ap.parse_args(argv)
    rows = [json.loads(line) for line in args.cases.read_text(encoding="utf-8").splitlines() if line.strip()]
    preds = {name: _run(name, rows) for name in args.verifiers}
    overall = {name: score([(p, r["label"]) for p, r in zip(ps, rows)]) for name, ps in preds.items()}
    _table(f"hard cases ({args.cases.name})", overall)
    if args.by_rule:
        for name, ps in preds.items():
            groups: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
            for p, r in zip(ps, rows):
                groups[r["rule"]].append((p, r["label"]))
            _table(f"{name} by rule", {k: score(v) for k, v in sorted(groups.items())})
    if args.json:
        misses = {name: [r["id"] for p, r in zip(ps, rows) if p != r["label"]] for name, ps in preds.items()}
        report = {name: {**asdict(s), "accuracy": s.accuracy, "precision": s.precision, "recall": s.recall}
                  for name, s in overall.items()}
        args.json.write_text(json.dumps({"scores": report, "misses": misses}, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
