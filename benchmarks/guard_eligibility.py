"""Judge eligibility of the hybrid on the dev corpora (issue 7): does the guard starve the judge?

    python benchmarks/guard_eligibility.py [--rows N] [--corpora DIR]

For every corpus: (1) eligibility as the issue defines it: of the correct responses the rules
reject, the share that reaches a gullible judge (rule timeouts, hedges, fallbacks and missing
answers never do); (2) the worst case: the same with rules that reject every answer (the real
extraction kept), so every correct response takes the guard path -- this does not depend on
how few the rules happen to reject.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from pathlib import Path

from rlverify import get_verifier
from rlverify.analysis.datasets import corpus_paths, data_root, read_jsonl
from rlverify.guard import FLAGS
from rlverify.hybrid import Eligibility, HybridVerifier, RejectAllRules, judge_eligibility
from rlverify.verdict import Verdict

DEFAULT = data_root() / "corpora"


def _rows(path: Path, limit: int | None) -> list[dict]:
    rows = read_jsonl(path)
    return random.Random(0).sample(rows, limit) if limit and limit < len(rows) else rows


def _worst_case(rows: list[dict]) -> Eligibility:
    hybrid = HybridVerifier(judge="gullible")
    hybrid.rule = RejectAllRules()
    correct = [r for r in rows if r["label"]]
    verdicts = hybrid.verify_batch([_item(r) for r in correct])
    return judge_eligibility(verdicts, [True] * len(correct))


def _item(r: dict) -> dict:
    return {"response": r["response"], "gold": r["gold"], "question": r["question"]}


def _show(rows: list[dict], verdicts: list[Verdict]) -> None:
    for r, v in zip(rows, verdicts):
        if r["label"] and v.source == "guard":
            tail = " ".join(r["response"][-160:].split())
            print(f"  {r['id']}: flags={','.join(v.flags)} span={v.extracted!r} gold={r['gold']!r}\n    ...{tail}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=None, help="a seeded sample of N rows of each corpus (default: all)")
    ap.add_argument("--corpora", type=Path, default=DEFAULT)
    ap.add_argument("--show", action="store_true",
                    help="print every correct response the guard kept from the judge (id, flags, span, gold, tail)")
    args = ap.parse_args()
    hybrid = get_verifier("hybrid", judge="gullible")
    for path in corpus_paths(args.corpora.parent):
        rows = _rows(path, args.rows)
        t0 = time.perf_counter()
        verdicts = hybrid.verify_batch([_item(r) for r in rows])
        e = judge_eligibility(verdicts, [r["label"] for r in rows])
        blocked = Counter(f for v, r in zip(verdicts, rows) if r["label"] and v.source == "guard"
                          for f in v.flags if f in FLAGS)
        if args.show:
            _show(rows, verdicts)
        w = _worst_case(rows)
        print(f"{path.stem}: eligibility {e.reached}/{e.rule_rejected} = {e.rate:.1%} (blocked: {dict(blocked)}); "
              f"rules rejecting everything: {w.reached}/{w.rule_rejected} = {w.rate:.2%} "
              f"[{time.perf_counter() - t0:.0f} s]")


if __name__ == "__main__":
    main()
