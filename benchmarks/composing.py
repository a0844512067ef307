"""Precision and recall of verifiers on the composing generator (rlverify.analysis.composing, issue 29): rows that
combine pairs (or triples) of axes — reference form x answer form x question context — each correct row with a
near-miss twin.

    .venv/bin/python benchmarks/composing.py --n 20000 --seed 0                  # pairs of axes, rule (2 workers)
    .venv/bin/python benchmarks/composing.py --n 20000 --seed 0 --arity 3 --mv-sample 2000 --json out.json
    .venv/bin/python benchmarks/composing.py --misses misses.jsonl              # every row the rule got wrong

Prints the overall precision and recall, recall per axis and per pair of axes (the family: the drawn axes), the
near-misses accepted by kind (the wrong-prefix accepts among them), and the families with the lowest recall with
two example rows each. Math-Verify (``--mv-sample`` rows, 0 to skip) runs single-process in the main thread.
Issue 29's target: precision >= .998, recall >= .97, every axis and every pair >= .95, 0 wrong-prefix accepts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict

__all__ = ["verdicts", "table", "main"]


def verdicts(rows: list[dict], verifier: str, workers: int | None) -> tuple[list, float]:
    import rlverify

    v = rlverify.get_verifier(verifier)
    items = [{"response": r["response"], "gold": r["gold"], "question": r["question"]} for r in rows]
    t0 = time.perf_counter()
    out = v.verify_batch(items, workers=workers) if workers else v.verify_batch(items)
    return out, time.perf_counter() - t0


def _pr(rows: list[dict], acc: list[bool]) -> dict:
    tp = sum(a for r, a in zip(rows, acc) if r["label"])
    fp = sum(a for r, a in zip(rows, acc) if not r["label"])
    pos = sum(r["label"] for r in rows)
    return {"rows": len(rows), "correct_rows": pos, "near_rows": len(rows) - pos, "accepted_correct": tp,
            "accepted_near": fp, "precision": tp / (tp + fp) if tp + fp else None,
            "recall": tp / pos if pos else None}


def table(rows: list[dict], acc: list[bool]) -> dict:
    """Overall, per axis (a row counts for each of its drawn axes), per family (its drawn axes), per near-miss
    kind."""
    by_axis: dict[str, list[int]] = defaultdict(list)
    by_family: dict[str, list[int]] = defaultdict(list)
    by_kind: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(rows):
        for a in r["axes"]:
            by_axis[a].append(i)
        by_family[r["family"]].append(i)
        if r["near"]:
            by_kind[r["near_kind"]].append(i)

    def sub(idx: list[int]) -> dict:
        return _pr([rows[i] for i in idx], [acc[i] for i in idx])

    kinds = {k: {"rows": len(v), "accepted": sum(acc[i] for i in v)} for k, v in sorted(by_kind.items())}
    return {"overall": _pr(rows, acc), "axes": {a: sub(v) for a, v in sorted(by_axis.items())},
            "families": {f: sub(v) for f, v in sorted(by_family.items())}, "near_kinds": kinds,
            "wrong_prefix_accepts": kinds.get("wrong_prefix", {}).get("accepted", 0)}


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def main(argv: list[str] | None = None) -> int:
    from rlverify.analysis import composing

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=20_000, help="rows (half correct, half their near-miss twins)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--arity", type=int, default=2, choices=(2, 3))
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--mv-sample", type=int, default=0, help="rows for Math-Verify (0: skip)")
    p.add_argument("--worst", type=int, default=10, help="families with the lowest recall to show with examples")
    p.add_argument("--json", help="write the tables as JSON")
    p.add_argument("--misses", help="write every row the rule verifier got wrong (JSONL)")
    args = p.parse_args(argv)

    t0 = time.perf_counter()
    stats: dict = {}
    rows = composing.generate(args.n, seed=args.seed, arity=args.arity, stats=stats)
    gen_s = time.perf_counter() - t0
    print(f"generated {len(rows)} rows ({len(composing.combinations(args.arity))} combinations of {args.arity} axes, "
          f"{stats.get('dropped', 0)} draws dropped by the construction check) in {gen_s:.1f}s")
    res, secs = verdicts(rows, "rule", args.workers)
    acc = [bool(d.correct) for d in res]
    print(f"rule: {len(rows)} rows in {secs:.1f}s ({args.workers} workers)")
    rule = table(rows, acc)
    mv = None
    if args.mv_sample:
        sample_idx = sorted(random.Random(args.seed).sample(range(len(rows)), min(args.mv_sample, len(rows))))
        sample = [rows[i] for i in sample_idx]
        try:
            mres, msecs = verdicts(sample, "math-verify", None)
            macc = [bool(d.correct) for d in mres]
            mv = {"rule_on_sample": table(sample, [acc[i] for i in sample_idx]), "math-verify": table(sample, macc)}
            print(f"math-verify: {len(sample)} rows in {msecs:.1f}s")
        except Exception as e:  # noqa: BLE001 - the baseline is optional
            print(f"math-verify skipped: {e}")

    o = rule["overall"]
    print(f"\noverall: precision {_fmt(o['precision'])}  recall {_fmt(o['recall'])}  "
          f"({o['accepted_correct']}/{o['correct_rows']} correct accepted, {o['accepted_near']}/{o['near_rows']} "
          f"near-misses accepted)")
    print(f"wrong-prefix accepts: {rule['wrong_prefix_accepts']} of {rule['near_kinds'].get('wrong_prefix', {}).get('rows', 0)}")
    print("near-misses accepted by kind: " + ", ".join(f"{k} {v['accepted']}/{v['rows']}"
                                                       for k, v in rule["near_kinds"].items()))
    if mv:
        m, rs = mv["math-verify"]["overall"], mv["rule_on_sample"]["overall"]
        print(f"on the Math-Verify sample ({m['rows']} rows): math-verify P {_fmt(m['precision'])} R {_fmt(m['recall'])}"
              f"; rule P {_fmt(rs['precision'])} R {_fmt(rs['recall'])}")

    print(f"\n{'axis':16s} {'module':10s} {'correct':>8s} {'recall':>7s} {'near':>6s} {'near acc':>9s}"
          + (f" {'mv recall':>9s}" if mv else ""))
    for a, s in rule["axes"].items():
        line = (f"{a:16s} {composing.MODULE[a]:10s} {s['correct_rows']:8d} {_fmt(s['recall']):>7s} "
                f"{s['near_rows']:6d} {s['accepted_near']:9d}")
        if mv:
            line += f" {_fmt(mv['math-verify']['axes'].get(a, {}).get('recall')):>9s}"
        print(line)

    fams = sorted(rule["families"].items(), key=lambda kv: (kv[1]["recall"] if kv[1]["recall"] is not None else 2,
                                                            -kv[1]["accepted_near"], kv[0]))
    print(f"\n{'family (pair of axes)':36s} {'correct':>8s} {'recall':>7s} {'near':>6s} {'near acc':>9s}")
    for f, s in fams:
        print(f"{f:36s} {s['correct_rows']:8d} {_fmt(s['recall']):>7s} {s['near_rows']:6d} {s['accepted_near']:9d}")
    below = sum(1 for _, s in fams if s["recall"] is not None and s["recall"] < 0.95)
    print(f"families with recall < .950: {below} of {len(fams)}; axes: "
          f"{sum(1 for s in rule['axes'].values() if s['recall'] is not None and s['recall'] < 0.95)} of {len(rule['axes'])}")

    print(f"\nthe {args.worst} families with the lowest recall, 2 rejected correct rows each:")
    for f, s in fams[: args.worst]:
        print(f"\n## {f} (recall {_fmt(s['recall'])}, {s['correct_rows']} correct rows)")
        shown = 0
        for r, d in zip(rows, res):
            if r["family"] == f and r["label"] and not d.correct and shown < 2:
                shown += 1
                print(f"  gold: {r['gold']!r}")
                print(f"  question ends: {r['question'][-140:]!r}")
                print(f"  response ends: {r['response'][-160:]!r}")
                print(f"  rule: correct={bool(d.correct)} outcome={getattr(d, 'outcome', None)} "
                      f"extracted={d.extracted!r} flags={list(d.flags)}")
    accepted_near = [(r, d) for r, d in zip(rows, res) if not r["label"] and d.correct]
    if accepted_near:
        print(f"\nnear-misses accepted ({len(accepted_near)}), first 10:")
        for r, d in accepted_near[:10]:
            print(f"  [{r['family']} / {r['near_kind']}] gold {r['gold']!r} response ends {r['response'][-120:]!r} "
                  f"extracted={d.extracted!r}")

    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"n": len(rows), "seed": args.seed, "arity": args.arity, "generate_s": gen_s, "rule_s": secs,
                       "dropped": stats.get("dropped", 0), "rule": rule, "math-verify": mv}, f, indent=1)
    if args.misses:
        with open(args.misses, "w", encoding="utf-8") as f:
            for r, d in zip(rows, res):
                if bool(d.correct) != r["label"]:
                    f.write(json.dumps(dict(r, verdict=bool(d.correct), extracted=d.extracted, flags=list(d.flags),
                                            outcome=getattr(d, "outcome", None)), ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
