"""The vacuous-answer and strike-out detectors of the guard (issue 30), measured with and without them.

    python benchmarks/guard_vacuous.py [--corpora DIR] [-n N] [--seed S] [--families F,G] [--show] [--detectors arith]

Both arms share one set of rule verdicts (computed once, so a rule timeout under load cannot differ
between them); "without" removes the detectors ``vacuous`` and ``struck_out`` from the guard and shows
the judge the unrendered span, as before issue 30. ``--detectors arith`` measures guard.arith's detectors
instead (``dangling``, ``false_relation``, ``fake_box``, ``free_variable``, ``wrong_number``, the
juxtaposed-numbers ``hedge``, and the rules' ``not_simplified`` that the guard blocks; issue 31's hybrid arm),
the span rendered in both arms. Three measurements:

1. Every vendored corpus (``data/corpora/*.jsonl.gz``, physics-dev included), through the hybrid with a
   judge that accepts everything (every item that reaches it counts, as with ``hybrid.judge=oracle``):
   correct answers the detectors block (target 0; ``--show`` lists them), wrong answers they stop (they
   reached the judge without the detectors), eligibility (of the correct answers the rules reject, the
   share shown to the judge) and judge calls, both arms.
2. The guard alone on every extracted span of every labelled row (as if the rules rejected everything):
   correct answers on which ``vacuous`` or ``struck_out`` fires, and those it alone blocks.
3. The hacking probe (``rlverify probe``'s cases: all families x all placements by default, ``-n``
   problems of deepscaler-1209 at ``--seed``): cases that reach a gullible judge, per family, both arms.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from rlverify.analysis.attacks import FAMILIES, build_probe, load_problems
from rlverify.analysis.datasets import corpus_paths, data_root, dataset_name
from rlverify.analysis.evaluate import load_rows
from rlverify.flags import Flag
from rlverify.guard import inspect, policy, text
from rlverify.hybrid import HybridVerifier, judge_eligibility
from rlverify.rule import warm_up
from rlverify.rule.extract import extract_answer
from rlverify.verdict import Verdict

MINE: tuple[Flag, ...] = (Flag.VACUOUS, Flag.STRUCK_OUT)
ARITH: tuple[Flag, ...] = (Flag.DANGLING, Flag.FALSE_RELATION, Flag.FAKE_BOX, Flag.FREE_VARIABLE, Flag.WRONG_NUMBER,
                           Flag.NOT_SIMPLIFIED)
_ARITH_MODULE = "rlverify.guard.arith"


def _arith() -> bool:
    return MINE == ARITH


def _is_mine(detector: tuple) -> bool:
    flag, fn = detector
    return flag in MINE or _arith() and getattr(fn, "__module__", "") == _ARITH_MODULE


@contextlib.contextmanager
def without_detectors() -> Iterator[None]:
    """The guard as before issue 30's detectors: no ``vacuous``/``struck_out``, spans not rendered (with
    ``--detectors arith``: no guard.arith detectors and no ``not_simplified`` block, spans rendered)."""
    detectors, render, blocks = policy._DETECTORS, text.render, dict(policy.EXTRACTION_BLOCKS)
    policy._DETECTORS = tuple(d for d in detectors if not _is_mine(d))
    if _arith():
        for f in MINE:
            policy.EXTRACTION_BLOCKS.pop(f, None)
    else:
        text.render = lambda t: type("R", (), {"text": t})()
    try:
        yield
    finally:
        policy._DETECTORS, text.render = detectors, render
        policy.EXTRACTION_BLOCKS.clear()
        policy.EXTRACTION_BLOCKS.update(blocks)


class _Fixed:
    """A rules stage that returns verdicts computed once (both arms see the same rule outcomes)."""

    name = "rule"

    def __init__(self, verdicts: Sequence[Verdict]) -> None:
        self.verdicts = list(verdicts)

    def verify_batch(self, items: Sequence[Mapping[str, Any]], workers: int | None = None) -> list[Verdict]:
        assert len(items) == len(self.verdicts)
        return list(self.verdicts)


def _arms(items: list[dict]) -> tuple[list[Verdict], list[Verdict]]:
    hybrid = HybridVerifier(judge="gullible")
    fixed = hybrid.rule.verify_batch(items)
    hybrid.rule = _Fixed(fixed)
    with without_detectors():
        before = hybrid.verify_batch(items)
    return before, hybrid.verify_batch(items)


def _mine(v: Verdict) -> set[str]:
    return {str(f) for f in v.flags if f in MINE or _arith() and f == Flag.HEDGE}


def corpora(root: Path, show: bool) -> None:
    print("| corpus | rows | correct blocked by the detectors | wrong answers stopped (reached the judge without them) "
          "| eligibility without -> with | judge calls without -> with | wrong reaching the judge without -> with |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    totals: Counter = Counter()
    for path in corpus_paths(root.parent):
        rows = list(load_rows([path]).rows)
        items = [{"response": r.response, "gold": r.gold, "question": r.question} for r in rows]
        labels = [bool(r.label) for r in rows]
        before, after = _arms(items)
        blocked = [(r, a) for r, b, a, ok in zip(rows, before, after, labels)
                   if ok and b.source == "judge" and a.source != "judge"]
        stopped = sum(1 for b, a, ok in zip(before, after, labels) if not ok and b.source == "judge" and a.source != "judge")
        e0, e1 = judge_eligibility(before, labels), judge_eligibility(after, labels)
        k0, k1 = (sum(v.source == "judge" for v in vs) for vs in (before, after))
        w0, w1 = (sum(v.source == "judge" and not ok for v, ok in zip(vs, labels)) for vs in (before, after))
        print(f"| {dataset_name(path)} | {len(rows):,} | {len(blocked)} | {stopped} | {e0.reached}/{e0.rule_rejected} -> "
              f"{e1.reached}/{e1.rule_rejected} | {k0} -> {k1} | {w0} -> {w1} |")
        totals.update(rows=len(rows), blocked=len(blocked), stopped=stopped, r0=e0.reached, r1=e1.reached,
                      rej=e1.rule_rejected, k0=k0, k1=k1, w0=w0, w1=w1)
        if show:
            for r, a in blocked:
                print(f"  blocked correct: {r.id} flags={','.join(map(str, a.flags))} span={a.extracted!r} gold={r.gold!r}")
    t = totals
    print(f"| all | {t['rows']:,} | {t['blocked']} | {t['stopped']} | {t['r0']}/{t['rej']} -> {t['r1']}/{t['rej']} "
          f"| {t['k0']} -> {t['k1']} | {t['w0']} -> {t['w1']} |")


def guard_alone(root: Path, show: bool) -> None:
    print("\nguard alone on every extracted span (rules rejecting everything):")
    for path in corpus_paths(root.parent):
        fires: Counter = Counter()
        for r in load_rows([path]).rows:
            ex = extract_answer(r.response)
            if ex.answer is None:
                continue
            report = inspect(ex.answer, r.gold, r.question)
            if _arith():
                with without_detectors():
                    plain = set(map(str, inspect(ex.answer, r.gold, r.question).flags))
                mine = set(map(str, report.flags)) - plain
            else:
                mine = {str(f) for f in report.flags if f in MINE}
            if not mine:
                continue
            kind = "correct" if r.label else "wrong"
            fires[kind] += 1
            if set(map(str, report.flags)) <= mine:
                fires[f"{kind}, alone"] += 1
                if show and r.label:
                    print(f"  {dataset_name(path)} {r.id}: {sorted(mine)} span={ex.answer!r} gold={r.gold!r}")
        print(f"  {dataset_name(path)}: fires on {fires['correct']} correct ({fires['correct, alone']} blocked by it alone), "
              f"{fires['wrong']} wrong ({fires['wrong, alone']} alone)")


def probe(n: int, seed: int, families: Sequence[str]) -> None:
    problems = load_problems(data_root() / "problems" / "deepscaler-1209.jsonl.gz")
    cases = build_probe(problems, n=n, seed=seed, families=families)
    items = [{"response": c.response, "gold": c.problem.gold, "question": c.problem.question} for c in cases]
    t0 = time.perf_counter()
    before, after = _arms(items)
    print(f"\nprobe: {len(cases):,} cases ({n} problems, seed {seed}, {len(families)} families x all placements) "
          f"[{time.perf_counter() - t0:.0f} s]")
    names = [str(f) for f in MINE] + (["hedge"] if _arith() else [])
    print("| family | cases | reach a gullible judge without | with | " + " | ".join(f"stopped by {f}" for f in names) + " |")
    print("|---|---:|---:|---:|" + "---:|" * len(names))
    rows: dict[str, Counter] = {}
    for c, b, a in zip(cases, before, after):
        t = rows.setdefault(c.family, Counter())
        t["n"] += 1
        t["before"] += b.source == "judge"
        t["after"] += a.source == "judge"
        for f in _mine(a):
            t[f] += b.source == "judge" and a.source != "judge"
    total: Counter = Counter()
    for family, t in rows.items():
        total.update(t)
        print(f"| {family} | {t['n']:,} | {t['before']} | {t['after']} | " + " | ".join(str(t[f]) for f in names) + " |")
    print(f"| all | {total['n']:,} | {total['before']} | {total['after']} | " + " | ".join(str(total[f]) for f in names) + " |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=data_root() / "corpora")
    ap.add_argument("-n", type=int, default=471, help="probe problems (0: skip the probe)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--families", default=",".join(FAMILIES), help="probe families (default: all)")
    ap.add_argument("--no-corpora", action="store_true", help="only the probe")
    ap.add_argument("--show", action="store_true", help="list every correct answer the detectors block")
    ap.add_argument("--detectors", choices=("vacuous", "arith"), default="vacuous",
                    help="which detectors to measure: vacuous and struck_out (default), or guard.arith's")
    args = ap.parse_args()
    global MINE
    if args.detectors == "arith":
        MINE = ARITH
    warm_up()
    if not args.no_corpora:
        corpora(args.corpora, args.show)
        guard_alone(args.corpora, args.show)
    if args.n:
        probe(args.n, args.seed, [f for f in args.families.split(",") if f])


if __name__ == "__main__":
    main()
