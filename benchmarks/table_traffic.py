"""How much the typed comparison still hands to the stage table (issue 29): the count per table stage reached.

    nice -n 5 .venv/bin/python benchmarks/table_traffic.py                 # corpora + 3,000 composing rows
    nice -n 5 .venv/bin/python benchmarks/table_traffic.py --pairs 30      # and the 30 commonest reading pairs

For every row of the vendored corpora (and ``--composing-n`` rows of the composing generator, ``--composing-seed``),
the rule verifier's own steps up to the comparison are replayed in this process: each reading of the reference
(:func:`rlverify.rule.reference.reference_readings`), the response sanitized and its answer span extracted; then the
verifier's in-process comparison (:func:`rlverify.rule.compare.cheap`: the same text, two plain numbers; no table
stage) and, where it does not decide, :func:`rlverify.rule.compare.explain` under the item deadline. Every call the
typed comparison makes into the table (``rlverify.rule.compare.explain_table``) is counted by the stage that decided
it. The table can go when every count is 0.

Prints: rows replayed, the table calls the typed comparison made (the number to bring to 0) and the rows they
came from, the rows the in-process comparison decided before it (``cheap``), the count per stage,
and with ``--pairs N`` the commonest (answer reading, reference reading, stage) triples with one example each, where a
reading is written as its wrappers then its leaf (``Labelled>Approx>Quantity``; ``~`` marks a quantity that may be a
variable's name). The hedge paths of the verifier (several candidates) are not replayed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

_CALLS: list[str] = []


def _install() -> None:
    """Count each call into the table the typed comparison makes (the name it imported the table under)."""
    import rlverify.rule.compare as cmp

    table = cmp.explain_table

    def counted(answer, gold, question=None):
        d = table(answer, gold, question)
        _CALLS.append(d.stage)
        return d

    cmp.explain_table = counted


def _shape(r) -> str:
    from rlverify.rule.read.types import Approx, Labelled, Option, Quantity

    out = []
    while isinstance(r, (Labelled, Approx)) or isinstance(r, Option) and r.inner is not None:
        out.append(type(r).__name__)
        r = r.inner
    leaf = type(r).__name__ + ("~" if isinstance(r, Quantity) and not r.sure else "")
    return ">".join(out + [leaf])


def _replay(row: dict) -> list[tuple[str, str, str, str]]:
    """(stage, answer shape, reference shape, example) for each table stage the row's comparison reached."""
    from rlverify.rule.compare import cheap, explain
    from rlverify.rule.extract import extract_answer
    from rlverify.rule.read import read
    from rlverify.rule.reference import reference_readings
    from rlverify.rule.sanitize import sanitize
    from rlverify.runtime.bounded import item_deadline
    from rlverify.runtime.limits import DEFAULT_ITEM_TIMEOUT
    from rlverify.errors import BoundExceeded

    out = []
    gold = row["gold"]
    several = isinstance(gold, (list, tuple)) or isinstance(gold, str) and len(gold) > 1
    for reading in (reference_readings(gold) if several else (gold,)):
        s = sanitize(row["response"], reading, row["question"])
        if s.reject:
            continue
        ex = extract_answer(s.response)
        if ex.answer is None:
            continue
        del _CALLS[:]
        try:
            with item_deadline(DEFAULT_ITEM_TIMEOUT):
                m = cheap(ex.answer, s.gold, s.question)
                if m is not None:
                    stages = ["cheap"]
                else:
                    m = explain(ex.answer, s.gold, s.question).match
                    stages = list(_CALLS)
        except BoundExceeded:
            continue
        shapes = (_shape(read(ex.answer)), _shape(read(s.gold)))
        out += [(st, *shapes, f"{ex.answer[:60]!r} vs {s.gold[:60]!r}") for st in stages]
        if m.equal:
            break
    return out


def _chunk(rows: list[dict]) -> list[list[tuple[str, str, str, str]]]:
    return [_replay(r) for r in rows]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--composing-n", type=int, default=3000, help="composing rows (0: corpora only)")
    ap.add_argument("--composing-seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=0, help="print the N commonest (answer, reference, stage) triples")
    args = ap.parse_args(argv)
    from rule_paths import _rows

    rows = _rows(args.composing_n, args.composing_seed, raw=True)
    _install()
    t0 = time.perf_counter()
    size = 200
    chunks = [rows[k:k + size] for k in range(0, len(rows), size)]
    if args.workers > 1:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            done = pool.map(_chunk, chunks, chunksize=1)
    else:
        done = [_chunk(c) for c in chunks]
    per_row = [x for c in done for x in c]
    stages = Counter(st for hits in per_row for st, *_ in hits)
    typed = sum(n for st, n in stages.items() if st != "cheap")
    reached = sum(1 for hits in per_row if any(st != "cheap" for st, *_ in hits))
    cheap = sum(1 for hits in per_row if any(st == "cheap" for st, *_ in hits))
    print(f"{len(rows)} rows ({len(rows) - args.composing_n} corpus, {args.composing_n} composing seed "
          f"{args.composing_seed}) in {time.perf_counter() - t0:.0f} s")
    print(f"table calls from the typed comparison: {typed} (rows: {reached}); "
          f"rows decided in-process by rlverify.rule.compare.cheap (no table stage): {cheap}")
    for name, n in stages.most_common():
        print(f"  {name:24} {n:6}")
    if args.pairs:
        triples = Counter((a, g, st) for hits in per_row for st, a, g, _ in hits)
        example = {(a, g, st): ex for hits in per_row for st, a, g, ex in hits}
        print(f"\ncommonest (answer reading, reference reading, stage):")
        for key, n in triples.most_common(args.pairs):
            print(f"  {n:5} {key[0]:28} {key[1]:28} {key[2]:18} {example[key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
