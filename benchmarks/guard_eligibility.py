"""Judge eligibility and judge cost of the hybrid (issues 7, 15 and 30): does the guard starve the
judge, what wrong answers does it let through, and how much of the data does the judge see?

    python benchmarks/guard_eligibility.py [--rows N] [--corpora DIR] [--generated N] [--seed S] [--show]
        [--corrections tests/cases/label_corrections.json] [--dump rows.jsonl]

Three measurements:

1. Every vendored corpus (``data/corpora/*.jsonl.gz``, physics-dev and hardverify-dev included),
   through ``rlverify.analysis.evaluate.evaluate`` with ``hybrid.judge=oracle`` (the judge answers
   each row's gold label, :mod:`rlverify.judge.oracle`), i.e. what
   ``rlverify eval CORPUS --verifier hybrid --option hybrid.judge=oracle`` measures:
   eligibility (of the correct responses the rules do not accept -- a final 'different' included --
   the share that reaches the judge; rule timeouts, hedges, several values offered for one,
   fallbacks and missing answers never do), why the others did not, the wrong responses that reach
   the judge (each one a reward a gullible judge would hand out), the share of all items sent to the
   judge, and the hybrid's ceiling recall (its recall with a judge that is never wrong).
2. Generated correct answers the rules miss: the seeded metamorphic generator
   (:mod:`rlverify.analysis.metamorphic`: prose boxes, unusual notation, text answers...),
   label-true rows only; the same eligibility (a gullible judge: every row is correct). Skipped when
   the generator is not installed.
3. The worst case of (1): rules that reject every answer (the real extraction kept), so every
   correct response takes the guard path -- independent of how few the rules happen to reject.

Issue 30's targets: eligibility >= 90% on every corpus, 0 wrong answers reaching the judge, judge
calls <= 10% of the items of every corpus. Eligibility is printed twice: over every correct answer
the rules rejected, and over those they could not read (a final 'different' is a readable value
that differs from the reference: the rules' decision, not the guard's). A markdown table of (1)
ends the output.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from pathlib import Path
from typing import Sequence

from rlverify import get_verifier
from rlverify.analysis.datasets import corpus_paths, data_root, dataset_name
from rlverify.analysis.evaluate import apply_corrections, evaluate, judge_items, load_corrections, load_rows
from rlverify.guard import FLAGS
from rlverify.hybrid import Eligibility, HybridVerifier, RejectAllRules, judge_eligibility
from rlverify.rule import warm_up
from rlverify.verdict import Outcome, Verdict

DEFAULT = data_root() / "corpora"
TARGET = 0.90          # eligibility issue 30 asks for, on every corpus
BUDGET = 0.10          # share of items a hybrid may send to its judge


def _oracle_run(path: Path, limit: int | None, corrections: dict[str, bool] | None = None
                ) -> tuple[list[dict], list[Verdict], float | None]:
    """The corpus (or a seeded sample) through evaluate() with hybrid.judge=oracle: its rows as dicts, the
    verdicts in the same order, the hybrid's recall (its ceiling: the oracle judge is never wrong).
    ``corrections`` (row id -> label) replace the shipped labels first, as ``rlverify eval --corrections``."""
    rows = list(load_rows([path]).rows)
    if corrections:
        rows, _ = apply_corrections(rows, corrections)
    if limit and limit < len(rows):
        rows = random.Random(0).sample(rows, limit)
    result = evaluate(rows, ["hybrid"], options={"hybrid": {"judge": "oracle"}})
    failures = result.judge_failures()
    if failures:
        raise SystemExit(f"{dataset_name(path)}: the oracle judge could not be asked on {failures} items")
    dicts = [{"id": s.row.id, "question": s.row.question, "gold": s.row.gold, "response": s.row.response,
              "label": s.row.label} for s in result.scored]
    recall = next(st.recall for st in result.stats if st.group != "all")
    return dicts, [s.verdict for s in result.scored], recall


def _dump(out, corpus: str, rows: Sequence[dict], verdicts: Sequence[Verdict]) -> None:
    for r, v in zip(rows, verdicts):
        out.write(json.dumps({"corpus": corpus, "id": r["id"], "label": r["label"], "source": v.source,
                              "correct": v.correct, "outcome": str(v.outcome), "flags": list(map(str, v.flags)),
                              "span": v.extracted}) + "\n")
    out.flush()


def _wrong_judged(rows: Sequence[dict], verdicts: Sequence[Verdict]) -> tuple[int, int]:
    """Wrong responses (label false) that reached the judge, and how many wrong responses there were."""
    wrong = [v for r, v in zip(rows, verdicts) if not r["label"]]
    return sum(v.source == "judge" for v in wrong), len(wrong)


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


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def _print_table(table: list, e_all: Eligibility, u_all: Eligibility, wj: int, w: int, sent: int, total: int) -> None:
    """Measurement (1) as a markdown table (docs/hybrid.md)."""
    print(f"\n| corpus | rows | correct the rules rejected | shown to the judge (eligibility, target >= {TARGET:.2f}) "
          "| of those unreadable (`unsure`) | wrong answers reaching the judge (target 0) "
          f"| judge calls (target <= {BUDGET:.0%}) | ceiling recall |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, n, e, u, wj_, w_, k, recall in table:
        print(f"| {name} | {n:,} | {e.rule_rejected} | {e.reached} ({e.rate:.3f}) | {u.reached}/{u.rule_rejected} "
              f"| {wj_} of {w_:,} | {k} ({k / max(1, n):.1%}) | {_fmt(recall)} |")
    print(f"| all | {total:,} | {e_all.rule_rejected} | {e_all.reached} ({e_all.rate:.3f}) "
          f"| {u_all.reached}/{u_all.rule_rejected} | {wj} of {w:,} | {sent} ({sent / max(1, total):.1%}) | |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=None, help="a seeded sample of N rows of each corpus (default: all)")
    ap.add_argument("--corpora", type=Path, default=DEFAULT)
    ap.add_argument("--generated", type=int, default=3000, help="metamorphic rows to generate (0: skip)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the generator")
    ap.add_argument("--no-worst-case", action="store_true", help="skip measurement 3")
    ap.add_argument("--corrections", type=Path, default=None,
                    help="label corrections (tests/cases/label_corrections.json) applied before measuring")
    ap.add_argument("--dump", type=Path, default=None,
                    help="write one JSON line per corpus row (id, label, source, outcome, flags, span) here")
    ap.add_argument("--show", action="store_true",
                    help="print every correct response the rules rejected that did not reach the judge")
    args = ap.parse_args()
    warm_up()  # parsers, unit registry and helper processes built before the first item is timed
    reached = rejected = sent = total = different = wrong_judged = wrong = 0
    table = []
    corrections = load_corrections(args.corrections) if args.corrections else None
    print(f"labels: {'corrected by ' + str(args.corrections) if corrections else 'as shipped (raw)'}")
    dump = args.dump.open("w", encoding="utf-8") if args.dump else None
    for path in corpus_paths(args.corpora.parent):
        t0 = time.perf_counter()
        rows, verdicts, recall = _oracle_run(path, args.rows, corrections)
        if dump:
            _dump(dump, dataset_name(path), rows, verdicts)
        e = judge_eligibility(verdicts, [r["label"] for r in rows])
        k = judge_items(verdicts)
        wj, w = _wrong_judged(rows, verdicts)
        reached, rejected, sent, total = reached + e.reached, rejected + e.rule_rejected, sent + k, total + len(rows)
        wrong_judged, wrong = wrong_judged + wj, wrong + w
        if args.show:
            _show(rows, verdicts)
        why = _why_not(rows, verdicts)
        different += why.get("different", 0)
        print(_line(dataset_name(path), e, why, k, len(rows), time.perf_counter() - t0))
        print(f"  wrong answers that reached the judge: {wj}/{w}; ceiling recall (oracle judge): {_fmt(recall)}")
        u = _unreadable(e, why)
        table.append((dataset_name(path), len(rows), e, u, wj, w, k, recall))
        if not args.no_worst_case:
            w_case = _worst_case(rows)
            print(f"  rules rejecting everything: {w_case.reached}/{w_case.rule_rejected} = {w_case.rate:.2%}")
    print(f"dev corpora: eligibility {reached}/{rejected} = {reached / max(1, rejected):.1%}, of the answers the "
          f"rules could not read {reached}/{rejected - different} = {reached / max(1, rejected - different):.1%}; "
          f"wrong answers that reached the judge {wrong_judged}/{wrong}; "
          f"judge calls {sent}/{total} = {sent / max(1, total):.1%} (budget {BUDGET:.0%})")
    _print_table(table, Eligibility(reached, rejected), Eligibility(reached, rejected - different),
                 wrong_judged, wrong, sent, total)
    hybrid = get_verifier("hybrid", judge="gullible")
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
