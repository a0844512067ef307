"""Recall per transformation family of verifiers on metamorphic pairs (rlverify.analysis.metamorphic):
equivalent renderings of every reference answer (label true) and value-changing near-misses (label false).

    .venv/bin/python benchmarks/metamorphic.py                         # 200k pairs, rule (2 workers)
    .venv/bin/python benchmarks/metamorphic.py --n 20000 --mv-sample 3000 --json out.json
    .venv/bin/python benchmarks/metamorphic.py --misses misses.jsonl   # every pair the rule got wrong

Prints, per family: pairs, rule recall (or, for near-misses, the number accepted), and Math-Verify's on
a subsample (``--mv-sample`` pairs, 0 to skip; Math-Verify runs single-process in the main thread).
Issue 14's target: recall >= 0.99 on every equivalent family and 0 accepted near-misses.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict

__all__ = ["measure", "main"]


def measure(rows: list[dict], verifier: str, workers: int | None) -> tuple[dict[str, dict], list[dict], float]:
    """Per family: n, correct-verdict count, recall (equivalents) or accepted (near-misses)."""
    import rlverify

    v = rlverify.get_verifier(verifier)
    items = [{"response": r["response"], "gold": r["gold"], "question": r["question"]} for r in rows]
    t0 = time.perf_counter()
    verdicts = v.verify_batch(items, workers=workers) if workers else v.verify_batch(items)
    seconds = time.perf_counter() - t0
    stats: dict[str, dict] = defaultdict(lambda: {"n": 0, "accepted": 0, "label": None})
    wrong = []
    for row, d in zip(rows, verdicts):
        s = stats[row["family"]]
        s["n"] += 1
        s["label"] = row["label"]
        s["accepted"] += bool(d.correct)
        if bool(d.correct) != row["label"]:
            wrong.append(dict(row, verifier=verifier, verdict=bool(d.correct), extracted=d.extracted,
                              flags=list(d.flags)))
    for s in stats.values():
        s["recall"] = s["accepted"] / s["n"] if s["label"] else None
    return dict(stats), wrong, seconds


def main(argv: list[str] | None = None) -> int:
    from rlverify.analysis import metamorphic as mm

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--mv-sample", type=int, default=5000, help="pairs for Math-Verify (0: skip)")
    p.add_argument("--json", help="write the table as JSON")
    p.add_argument("--misses", help="write every pair the rule verifier got wrong (JSONL)")
    args = p.parse_args(argv)

    t0 = time.perf_counter()
    rows = mm.generate(args.n, seed=args.seed)
    print(f"generated {len(rows)} pairs in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
    rule, wrong, secs = measure(rows, "rule", args.workers)
    print(f"rule: {len(rows)} pairs in {secs:.1f}s ({args.workers} workers)", file=sys.stderr)
    mv: dict[str, dict] = {}
    if args.mv_sample:
        sample = random.Random(args.seed).sample(rows, min(args.mv_sample, len(rows)))
        try:
            mv, _, mv_secs = measure(sample, "math-verify", None)
            print(f"math-verify: {len(sample)} pairs in {mv_secs:.1f}s", file=sys.stderr)
        except Exception as e:  # noqa: BLE001 - the baseline is optional
            print(f"math-verify skipped: {e}", file=sys.stderr)
    print(f"{'family':18s} {'kind':5s} {'pairs':>7s} {'rule':>8s} {'mv pairs':>9s} {'math-verify':>12s}")
    for fam in mm.FAMILIES:
        s = rule.get(fam)
        if not s:
            continue
        m = mv.get(fam, {})
        kind = "equiv" if s["label"] else "near"
        cell = f"{s['recall']:.3f}" if s["label"] else f"{s['accepted']} acc"
        mcell = (f"{m['recall']:.3f}" if m.get("label") else f"{m.get('accepted', 0)} acc") if m else "-"
        print(f"{fam:18s} {kind:5s} {s['n']:7d} {cell:>8s} {m.get('n', 0):9d} {mcell:>12s}")
    near_acc = sum(s["accepted"] for s in rule.values() if not s["label"])
    print(f"near-misses accepted by rule: {near_acc}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"n": len(rows), "seed": args.seed, "rule": rule, "math-verify": mv}, f, indent=1)
    if args.misses:
        with open(args.misses, "w", encoding="utf-8") as f:
            for w in wrong:
                f.write(json.dumps(w, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
