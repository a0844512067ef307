"""Differential testing: run several verifiers (default ``rule`` and ``math-verify``; any registered
name) on the same rows and list every row where they disagree with each other or with the label,
with each verifier's extraction and flags.

    .venv/bin/python benchmarks/differential.py data/corpora/math-cot-100.jsonl.gz
    .venv/bin/python benchmarks/differential.py --mv-suite                      # Math-Verify's own tests
    .venv/bin/python benchmarks/differential.py --generated 5000 --seed 0       # metamorphic pairs
    .venv/bin/python benchmarks/differential.py F.jsonl --variants 2000        # pairs from F's golds too
    .venv/bin/python benchmarks/differential.py F.jsonl --verifier rule --verifier hybrid --out DIR

Input rows: ``question, gold, response, label`` (JSONL, plain or gzipped); Math-Verify's suite format
(``gold, pred, expected``) is read too. Rows are grouped by ``--by`` (default: ``family`` when the rows
have it, else ``dataset``, else the file name). Writes ``DIR/disagreements.jsonl`` (one row per
disagreement: the row, and per verifier ``correct``, ``extracted``, ``flags``) and ``DIR/summary.json``,
and prints a count table per group: rows, each verifier's accuracy against the label, rows where the
verifiers disagree, and who was right there.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

__all__ = ["load_rows", "run", "summarize", "main"]

REPO = Path(__file__).resolve().parents[1]
MV_SUITE = REPO / "tests" / "cases" / "mathverify_suite.jsonl"


def _normalize(obj: dict, source: str, i: int, by: str | None) -> dict:
    row = dict(obj)
    if "response" not in row and "pred" in row:
        row["response"] = row.pop("pred")
    if "label" not in row and "expected" in row:
        row["label"] = bool(row.pop("expected"))
    row.setdefault("id", f"{source}:{i}")
    row.setdefault("question", None)
    if by is None:
        by = "family" if "family" in row else "dataset"
    row["_group"] = str(row.get(by) or source)
    return row


def load_rows(paths: list[str], by: str | None = None, mv_suite: bool = False, generated: int = 0,
              seed: int = 0, variants: int = 0) -> list[dict]:
    from rlverify.analysis.datasets import dataset_name, read_jsonl

    rows: list[dict] = []
    sources = [Path(p) for p in paths] + ([MV_SUITE] if mv_suite else [])
    for path in sources:
        name = "mathverify-suite" if path == MV_SUITE else dataset_name(path)
        for i, obj in enumerate(read_jsonl(path)):
            row = _normalize(obj, name, i, by)
            if path == MV_SUITE and by is None:
                row["_group"] = row["id"].split("::")[1].split("[")[0]
            rows.append(row)
    if generated:
        from rlverify.analysis import metamorphic as mm

        rows += [_normalize(r, "metamorphic", i, by) for i, r in enumerate(mm.generate(generated, seed=seed))]
    if variants and paths:
        rows += [_normalize(r, "variants", i, by) for i, r in enumerate(_variants_of(paths, variants, seed))]
    return rows


def _variants_of(paths: list[str], n: int, seed: int) -> list[dict]:
    """Metamorphic pairs built from the references (question, gold) of the given files."""
    from rlverify.analysis import metamorphic as mm

    refs, seen = [], set()
    for ref in mm.load_references(paths):
        if (ref.question, ref.gold) not in seen:
            seen.add((ref.question, ref.gold))
            refs.append(ref)
    return mm.generate(n, seed=seed, refs=refs) if refs else []


def run(rows: list[dict], verifiers: list[str], workers: int | None = None) -> dict[str, list]:
    """Verdicts of each verifier on every row, in order."""
    import rlverify

    items = [{"response": r["response"], "gold": r["gold"], "question": r.get("question")} for r in rows]
    if "rule" in verifiers:   # a cold first call may time out while the bounded helpers start
        from rlverify.rule import warm_up

        warm_up()
    out: dict[str, list] = {}
    for name in verifiers:
        v = rlverify.get_verifier(name)
        use_workers = workers if name != "math-verify" else None   # Math-Verify's timeouts need the main thread
        out[name] = v.verify_batch(items, workers=use_workers) if use_workers else v.verify_batch(items)
        print(f"{name}: {len(items)} rows", file=sys.stderr)
    return out


def summarize(rows: list[dict], verdicts: dict[str, list]) -> tuple[list[dict], dict[str, dict]]:
    """(disagreement rows, per-group counts)."""
    names = list(verdicts)
    table: dict[str, dict] = defaultdict(lambda: {"rows": 0, "disagree": 0, **{f"{n}_right": 0 for n in names},
                                                  **{f"only_{n}_right": 0 for n in names}, "none_right": 0})
    out = []
    for i, row in enumerate(rows):
        g = table[row["_group"]]
        g["rows"] += 1
        correct = {n: bool(verdicts[n][i].correct) for n in names}
        label = row.get("label")
        right = {n: correct[n] == label for n in names} if isinstance(label, bool) else {}
        for n, ok in right.items():
            g[f"{n}_right"] += ok
        split = len(set(correct.values())) > 1
        wrong_somewhere = right and not all(right.values())
        if split:
            g["disagree"] += 1
            winners = [n for n, ok in right.items() if ok]
            if len(winners) == 1:
                g[f"only_{winners[0]}_right"] += 1
        if right and not any(right.values()):
            g["none_right"] += 1
        if split or wrong_somewhere:
            rec = {k: v for k, v in row.items() if not k.startswith("_")}
            rec["group"] = row["_group"]
            rec["verdicts"] = {n: {"correct": correct[n], "extracted": verdicts[n][i].extracted,
                                   "flags": list(verdicts[n][i].flags)} for n in names}
            rec["verifiers_disagree"] = split
            out.append(rec)
    return out, dict(table)


def _print_table(table: dict[str, dict], names: list[str]) -> None:
    head = f"{'group':32s} {'rows':>6s} " + " ".join(f"{n + ' acc':>14s}" for n in names) + \
           f" {'disagree':>9s} " + " ".join(f"{'only ' + n:>16s}" for n in names) + f" {'none right':>10s}"
    print(head)
    total: dict[str, int] = defaultdict(int)
    for grp in sorted(table):
        g = table[grp]
        for k, v in g.items():
            total[k] += v
        _print_line(grp, g, names)
    _print_line("TOTAL", total, names)


def _print_line(grp: str, g: dict, names: list[str]) -> None:
    acc = " ".join(f"{g[f'{n}_right'] / g['rows']:14.3f}" for n in names)
    only = " ".join(f"{g[f'only_{n}_right']:16d}" for n in names)
    print(f"{grp[:32]:32s} {g['rows']:6d} {acc} {g['disagree']:9d} {only} {g['none_right']:10d}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("data", nargs="*", help="JSONL files (question, gold, response, label)")
    p.add_argument("--verifier", action="append", help="registry name, repeatable (default: rule, math-verify)")
    p.add_argument("--mv-suite", action="store_true", help="add Math-Verify's published test cases")
    p.add_argument("--generated", type=int, default=0, metavar="N",
                   help="add N metamorphic pairs of the project's problem sets")
    p.add_argument("--variants", type=int, default=0, metavar="N",
                   help="add N metamorphic pairs built from the (question, gold) of the given files")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--by", default=None, help="group column (default: family, else dataset, else file)")
    p.add_argument("--workers", type=int, default=None, help="workers for verifiers with a pool (rule)")
    p.add_argument("--out", default=None, help="folder for disagreements.jsonl and summary.json")
    args = p.parse_args(argv)
    rows = load_rows(args.data, args.by, args.mv_suite, args.generated, args.seed, args.variants)
    if not rows:
        p.error("no rows: give JSONL files, --mv-suite or --generated N")
    names = list(dict.fromkeys(args.verifier or ["rule", "math-verify"]))
    verdicts = run(rows, names, args.workers)
    dis, table = summarize(rows, verdicts)
    _print_table(table, names)
    print(f"{sum(d['verifiers_disagree'] for d in dis)} rows where the verifiers disagree; "
          f"{len(dis)} rows listed (disagreeing, or some verifier against the label)")
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        with open(out / "disagreements.jsonl", "w", encoding="utf-8") as f:
            for d in dis:
                f.write(json.dumps(d, ensure_ascii=False) + "\n")
        (out / "summary.json").write_text(json.dumps({"verifiers": names, "groups": table}, indent=1))
        print(f"wrote {out / 'disagreements.jsonl'} and {out / 'summary.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
