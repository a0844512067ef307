"""Judge eligibility and judge cost of the hybrid (issues 7 and 15): does the guard starve the
judge, and how much of the data does the judge see?

    python benchmarks/guard_eligibility.py [--rows N] [--corpora DIR] [--generated N] [--seed S] [--show]

Three measurements, each with a gullible judge (the upper bound of a hybrid's recall):

1. Every dev corpus: eligibility (of the correct responses the rules do not accept -- a final
   'different' included -- the share that reaches the judge; rule timeouts, hedges, several values
   offered for one, fallbacks and missing answers never do), why the others did not, and the share
   of all items sent to the judge.
2. Generated correct answers the rules miss: the seeded metamorphic generator
   (:mod:`rlverify.analysis.metamorphic`: prose boxes, unusual notation, text answers...),
   label-true rows only; the same eligibility. Skipped when the generator is not installed.
3. The worst case of (1): rules that reject every answer (the real extraction kept), so every
   correct response takes the guard path -- independent of how few the rules happen to reject.

The issue's bar: >= 95% of the correct answers the rules cannot read reach the judge, on (1) and
(2) together; judge calls <= 10% of the items of (1). Eligibility is printed twice: over every
correct answer the rules rejected, and over those they could not read (a final 'different' is a
readable value that differs from the reference: the rules' decision, not the guard's).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from pathlib import Path
from typing import Sequence

from rlverify import get_verifier
from rlverify.analysis.datasets import corpus_paths, data_root, read_jsonl
from rlverify.analysis.evaluate import judge_items
from rlverify.guard import FLAGS
from rlverify.hybrid import Eligibility, HybridVerifier, RejectAllRules, judge_eligibility
from rlverify.rule import warm_up
from rlverify.verdict import Outcome, Verdict

DEFAULT = data_root() / "corpora"
TARGET = 0.95          # eligibility the issue asks for
BUDGET = 0.10          # share of items a hybrid may send to its judge


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


def _why_not(rows: Sequence[dict], verdicts: Sequence[Verdict]) -> Counter:
    """For correct rows the rules rejected that did not reach the judge: 'different' or the guard's flags."""
    why: Counter = Counter()
    for r, v in zip(rows, verdicts):
        if not r["label"] or v.correct and v.source == "rule" or v.source == "judge":
            continue
        if v.outcome is Outcome.DIFFERENT:
            why["different"] += 1
        else:
            why.update(str(f) for f in v.flags if f in FLAGS)
    return why


def _show(rows: Sequence[dict], verdicts: Sequence[Verdict]) -> None:
    for r, v in zip(rows, verdicts):
        if r["label"] and v.source in ("guard", "rule") and not v.correct:
            tail = " ".join(r["response"][-160:].split())
            print(f"  {r.get('id', r.get('family'))}: {v.source} outcome={v.outcome} flags={','.join(map(str, v.flags))} "
                  f"span={v.extracted!r} gold={r['gold']!r}\n    ...{tail}")


def _missed_by(rows: Sequence[dict], verdicts: Sequence[Verdict]) -> Counter:
    """Correct generated rows the rules rejected, by generator family and answer position (where to look next)."""
    return Counter(f"{r.get('family')}@{r.get('position')}" for r, v in zip(rows, verdicts)
                   if r["label"] and not (v.correct and v.source == "rule"))


def _generated(n: int, seed: int) -> list[dict] | None:
    try:
        from rlverify.analysis.metamorphic import generate
    except ImportError:
        return None
    return [r for r in generate(n, seed=seed) if r["label"]]


def _unreadable(e: Eligibility, why: Counter) -> Eligibility:
    """Eligibility over the correct answers the rules could not read (their rejection was 'unsure')."""
    return Eligibility(e.reached, e.rule_rejected - why.get("different", 0))


def _line(name: str, e: Eligibility, why: Counter, sent: int, n: int, seconds: float) -> str:
    u = _unreadable(e, why)
    return (f"{name}: eligibility {e.reached}/{e.rule_rejected} = {e.rate:.1%}, of the answers the rules could not "
            f"read {u.reached}/{u.rule_rejected} = {u.rate:.1%} (not judged: {dict(why)}); "
            f"judge calls {sent}/{n} = {sent / max(1, n):.1%} [{seconds:.0f} s]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=None, help="a seeded sample of N rows of each corpus (default: all)")
    ap.add_argument("--corpora", type=Path, default=DEFAULT)
    ap.add_argument("--generated", type=int, default=3000, help="metamorphic rows to generate (0: skip)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the generator")
    ap.add_argument("--no-worst-case", action="store_true", help="skip measurement 3")
    ap.add_argument("--show", action="store_true",
                    help="print every correct response the rules rejected that did not reach the judge")
    args = ap.parse_args()
    warm_up()  # parsers, unit registry and helper processes built before the first item is timed
    hybrid = get_verifier("hybrid", judge="gullible")
    reached = rejected = sent = total = different = 0
    for path in corpus_paths(args.corpora.parent):
        rows = _rows(path, args.rows)
        t0 = time.perf_counter()
        verdicts = hybrid.verify_batch([_item(r) for r in rows])
        e = judge_eligibility(verdicts, [r["label"] for r in rows])
        k = judge_items(verdicts)
        reached, rejected, sent, total = reached + e.reached, rejected + e.rule_rejected, sent + k, total + len(rows)
        if args.show:
            _show(rows, verdicts)
        why = _why_not(rows, verdicts)
        different += why.get("different", 0)
        print(_line(path.stem, e, why, k, len(rows), time.perf_counter() - t0))
        if not args.no_worst_case:
            w = _worst_case(rows)
            print(f"  rules rejecting everything: {w.reached}/{w.rule_rejected} = {w.rate:.2%}")
    print(f"dev corpora: eligibility {reached}/{rejected} = {reached / max(1, rejected):.1%}, of the answers the "
          f"rules could not read {reached}/{rejected - different} = {reached / max(1, rejected - different):.1%}; "
          f"judge calls {sent}/{total} = {sent / max(1, total):.1%} (budget {BUDGET:.0%})")
    gen = _generated(args.generated, args.seed) if args.generated else None
    if gen is None:
        print("generated: skipped (rlverify.analysis.metamorphic not available or --generated 0)")
        return
    t0 = time.perf_counter()
    verdicts = hybrid.verify_batch([_item(r) for r in gen])
    e = judge_eligibility(verdicts, [True] * len(gen))
    if args.show:
        _show(gen, verdicts)
    why = _why_not(gen, verdicts)
    print(_line(f"generated (metamorphic, seed {args.seed}, {len(gen)} correct rows)", e, why,
                judge_items(verdicts), len(gen), time.perf_counter() - t0))
    missed = _missed_by(gen, verdicts)
    if missed:
        print(f"  rules rejected, by family@position: {dict(missed.most_common(12))}")
    both = (reached + e.reached) / max(1, rejected + e.rule_rejected)
    unread = rejected - different + e.rule_rejected - why.get("different", 0)
    print(f"together: eligibility {reached + e.reached}/{rejected + e.rule_rejected} = {both:.1%}; of the answers the "
          f"rules could not read {reached + e.reached}/{unread} = {(reached + e.reached) / max(1, unread):.1%} "
          f"(the bar: {TARGET:.0%})")


if __name__ == "__main__":
    main()
