"""Judge eligibility of the hybrid on the dev corpora (issue 7): does the guard starve the judge?

    python benchmarks/guard_eligibility.py [--rows N] [--corpora DIR]

For every corpus: (1) eligibility as the issue defines it: of the correct responses the rules
reject, the share that reaches a gullible judge (rule timeouts, hedges, fallbacks and missing
answers never do); (2) the guard alone: of all correct responses with a declared answer
(extracted without a fallback/hedge flag), the share whose span the guard passes -- this does
not depend on how many the rules happen to reject.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from pathlib import Path

from rlverify import get_verifier
from rlverify.extract import extract_answer
from rlverify.guard import FLAGS, inspect
from rlverify.hybrid import judge_eligibility

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "corpora"


def _rows(path: Path, limit: int | None) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return random.Random(0).sample(rows, limit) if limit and limit < len(rows) else rows


def _guard_pass(rows: list[dict]) -> tuple[int, int, Counter]:
    passed = total = 0
    why: Counter = Counter()
    for r in rows:
        if not r["label"]:
            continue
        ex = extract_answer(r["response"])
        if ex.answer is None or {"fallback", "hedge"} & set(ex.flags):
            continue
        rep = inspect(ex.answer, r["gold"], r["question"], context=r["response"])
        total += 1
        passed += rep.passed
        why.update(rep.flags)
    return passed, total, why


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=None, help="a seeded sample of N rows of each corpus (default: all)")
    ap.add_argument("--corpora", type=Path, default=DEFAULT)
    args = ap.parse_args()
    hybrid = get_verifier("hybrid", judge="gullible")
    for path in sorted(args.corpora.glob("*.jsonl")):
        rows = _rows(path, args.rows)
        t0 = time.perf_counter()
        verdicts = hybrid.verify_batch([{"response": r["response"], "gold": r["gold"], "question": r["question"]}
                                        for r in rows])
        e = judge_eligibility(verdicts, [r["label"] for r in rows])
        blocked = Counter(f for v, r in zip(verdicts, rows) if r["label"] and v.source == "guard"
                          for f in v.flags if f in FLAGS)
        p, t, why = _guard_pass(rows)
        print(f"{path.stem}: eligibility {e.reached}/{e.rule_rejected} = {e.rate:.1%} "
              f"(blocked: {dict(blocked)}); guard passes {p}/{t} = {p / max(1, t):.2%} of declared correct "
              f"answers (flags: {dict(why)}) [{time.perf_counter() - t0:.0f} s]")


if __name__ == "__main__":
    main()
