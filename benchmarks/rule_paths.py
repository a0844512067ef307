"""The two comparison paths of the rule verifier side by side (issue 29): the stage table and the typed readings.

    .venv/bin/python benchmarks/rule_paths.py                                   # every vendored corpus + composing 20k
    .venv/bin/python benchmarks/rule_paths.py --composing-n 0 --diff diff.jsonl  # corpora only, every differing row
    .venv/bin/python benchmarks/rule_paths.py --old typed --new readings         # the typed path without the table

Each path runs in its own process (``RLVERIFY_READINGS=table`` / ``typed`` / ``readings``, set before rlverify is imported, so the
bounded helpers inherit it) over the same rows. Prints precision and recall per corpus for both paths, the composing
generator's rows (pairs of axes, ``--composing-seed``), and the rows whose verdicts differ, by kind: a new accept of
a correct row (gain), a new accept of a wrong row (loss), a new reject of a correct row (loss), a new reject of a wrong
row (gain). Labels are the corpora's, with ``tests/cases/label_corrections.json`` applied (``--raw`` to skip). A
switch of the default needs no loss anywhere, or each one read and explained.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATHS = ("table", "typed", "readings")   # RLVERIFY_READINGS: the stage table alone, typed readings with the table
#                                          behind them (the default), typed readings alone


def _rows(composing_n: int, seed: int, raw: bool) -> list[dict]:
    from rlverify.analysis.datasets import read_jsonl

    rows = []
    for path in sorted(glob.glob(str(ROOT / "data" / "corpora" / "*.jsonl.gz"))):
        name = Path(path).name.removesuffix(".jsonl.gz")
        for r in read_jsonl(path):
            rows.append({"set": name, "id": f"{name}:{r['id']}", "response": r["response"], "gold": r["gold"],
                         "question": r.get("question"), "label": bool(r["label"])})
    if not raw:
        from rlverify.analysis.evaluate import load_corrections

        by_id = load_corrections(ROOT / "tests" / "cases" / "label_corrections.json")
        for r in rows:
            key = r["id"].split(":", 1)[1]
            if key in by_id:
                r["label"] = by_id[key]
    if composing_n:
        from rlverify.analysis.composing import generate

        for r in generate(composing_n, seed=seed):
            rows.append({"set": "composing", "id": f"composing:{r['id']}", "response": r["response"],
                         "gold": r["gold"], "question": r["question"], "label": bool(r["label"]),
                         "family": r["family"]})
    return rows


def _run_path(path: str, rows_file: str, out_file: str, workers: int) -> float:
    env = dict(os.environ, RLVERIFY_READINGS=path)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, __file__, "--worker", rows_file, out_file, "--workers", str(workers)],
                   env=env, check=True)
    return time.perf_counter() - t0


def _worker(rows_file: str, out_file: str, workers: int) -> None:
    import rlverify

    rows = [json.loads(line) for line in open(rows_file)]
    v = rlverify.get_verifier("rule")
    items = [{"response": r["response"], "gold": r["gold"], "question": r["question"]} for r in rows]
    out = v.verify_batch(items, workers=workers)
    with open(out_file, "w") as f:
        for o in out:
            f.write(json.dumps([bool(o.correct), o.extracted, str(o.outcome), list(o.flags)]) + "\n")


def _pr(pairs: list[tuple[bool, bool]]) -> tuple[float, float, int, int]:
    tp = sum(1 for acc, lab in pairs if acc and lab)
    fp = sum(1 for acc, lab in pairs if acc and not lab)
    pos = sum(1 for _, lab in pairs if lab)
    return (tp / (tp + fp) if tp + fp else 1.0), (tp / pos if pos else 1.0), tp, fp


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--composing-n", type=int, default=20000, help="composing rows (0: corpora only)")
    ap.add_argument("--composing-seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--raw", action="store_true", help="the corpora's labels, without tests/cases/label_corrections.json")
    ap.add_argument("--diff", help="write every row whose verdicts differ (JSONL)")
    ap.add_argument("--keep", help="write every row with both paths' verdicts (JSONL)")
    ap.add_argument("--old", default="table", choices=PATHS, help="the path compared against (default: table)")
    ap.add_argument("--new", default="typed", choices=PATHS, help="the path measured (default: typed)")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        _worker(args.worker[0], args.worker[1], args.workers)
        return 0
    old, new = args.old, args.new
    if old == new:
        ap.error("--old and --new name the same path")
    rows = _rows(args.composing_n, args.composing_seed, args.raw)
    with tempfile.TemporaryDirectory() as tmp:
        rows_file = os.path.join(tmp, "rows.jsonl")
        with open(rows_file, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
        got, secs = {}, {}
        for path in (old, new):
            out_file = os.path.join(tmp, f"{path}.jsonl")
            secs[path] = _run_path(path, rows_file, out_file, args.workers)
            got[path] = [json.loads(line) for line in open(out_file)]
    by_set: dict[str, list[int]] = defaultdict(list)
    for k, r in enumerate(rows):
        by_set[r["set"]].append(k)
    print(f"{len(rows)} rows; {old} {secs[old]:.0f} s, {new} {secs[new]:.0f} s (each a fresh process, "
          f"{args.workers} workers)\n")
    print(f"{'set':28} {'rows':>6} {old + ' P':>9} {old + ' R':>9} {new + ' P':>9} {new + ' R':>9}  gains losses "
          f"outcomes")
    diffs = []
    for name in sorted(by_set, key=lambda n: (n == "composing", n)):
        ks = by_set[name]
        line = f"{name:28} {len(ks):6}"
        for path in (old, new):
            p, r, _, _ = _pr([(got[path][k][0], rows[k]["label"]) for k in ks])
            line += f" {p:9.3f} {r:9.3f}"
        kinds = Counter()
        moved = 0
        for k in ks:
            a, b = got[old][k][0], got[new][k][0]
            if a == b and got[old][k][2] != got[new][k][2]:
                moved += 1      # the same verdict, another outcome (unsure / different: what the hybrid routes)
                diffs.append({**rows[k], "kind": "outcome", old: got[old][k], new: got[new][k]})
            if a != b:
                lab = rows[k]["label"]
                kind = ("gain" if b == lab else "loss") + (":accept" if b else ":reject")
                kinds[kind.split(":")[0]] += 1
                diffs.append({**rows[k], "kind": kind, old: got[old][k], new: got[new][k]})
        print(line + f"  {kinds['gain']:5} {kinds['loss']:6} {moved:8}")
    pairs = [(got[p][k][0], rows[k]["label"]) for p in (old, new) for k in range(len(rows))]
    n = len(rows)
    for path, part in ((old, pairs[:n]), (new, pairs[n:])):
        p, r, tp, fp = _pr(part)
        print(f"all rows, {path}: precision {p:.4f} recall {r:.4f} ({tp} correct accepted, {fp} wrong accepted)")
    print(f"\nrows whose verdicts differ: {len(diffs)}: " +
          ", ".join(f"{k} {v}" for k, v in sorted(Counter(d['kind'] for d in diffs).items())))
    if args.keep:
        with open(args.keep, "w") as f:
            for k, r in enumerate(rows):
                f.write(json.dumps({**r, old: got[old][k], new: got[new][k]}) + "\n")
    if args.diff:
        with open(args.diff, "w") as f:
            for d in diffs:
                f.write(json.dumps(d) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
