"""`rlverify monitor ROLLOUTS.jsonl [--oracle NAME] [--report DIR] ...`

Replays a logged training run (rows: step, question, gold, response, reward) through
:class:`rlverify.analysis.monitor.Monitor` and reports training vs oracle reward, guard-flag shares
and the first reward-hacking alert.
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("monitor", help="reward-hacking monitor over logged rollouts",
                       description="Compare logged training rewards with an oracle verifier, step by step, "
                                   "and report reward-hacking alerts.")
    p.add_argument("rollouts", help="JSONL rows: step, question, gold, response, reward")
    p.add_argument("--oracle", default="rule", help="registry name of the oracle verifier (default: rule)")
    p.add_argument("--oracle-option", action="append", default=[], metavar="KEY=VALUE",
                   help="a factory option for the oracle (VALUE parsed as JSON when it parses); repeatable")
    p.add_argument("--report", metavar="DIR", help="write summary.md, rewards.png, flags.png, history.jsonl")
    p.add_argument("--sample-rate", type=float, default=1.0, help="share of rollouts the oracle checks (default 1)")
    p.add_argument("--gap-threshold", type=float, default=0.1, help="alert when reward gap exceeds this")
    p.add_argument("--patience", type=int, default=3, help="consecutive steps before an alert (K)")
    p.add_argument("--flag-jump", type=float, default=0.15, help="alert when a flag share rises this much")
    p.add_argument("--min-sample", type=int, default=8, help="oracle samples per step before it is closed")
    p.add_argument("--skip-bad", action="store_true", help="skip malformed rows (and count them)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import BadInputError
    from ..analysis.monitor import Monitor, load_rollouts
    from ..registry import get_verifier

    rollouts, skipped = load_rollouts(args.rollouts, skip_bad=args.skip_bad)
    if not rollouts:
        raise BadInputError(f"{args.rollouts}: no rollouts")
    from .eval import parse_options

    bad = [o for o in args.oracle_option if "=" not in o or o.startswith("=")]
    if bad:
        raise BadInputError(f"--oracle-option {bad[0]!r}: expected KEY=VALUE, e.g. timeout=2")
    options = parse_options([f"oracle.{o}" for o in args.oracle_option]).get("oracle", {})
    get_verifier(args.oracle, **options)  # fail fast on an unknown oracle or bad options
    monitor = Monitor(args.oracle, oracle_options=options, sample_rate=args.sample_rate, gap_threshold=args.gap_threshold,
                      patience_k=args.patience, flag_jump=args.flag_jump, min_sample=args.min_sample,
                      block=True)
    by_step: dict[int, list] = {}
    for r in rollouts:
        by_step.setdefault(r.step, []).append(r)
    with monitor:
        for step in sorted(by_step):
            rows = by_step[step]
            monitor.observe(step, [r.question for r in rows], [r.gold for r in rows],
                            [r.response for r in rows], [r.reward for r in rows])
    _print_summary(monitor, len(rollouts), skipped)
    if args.report:
        from ..analysis.report import write_monitor_report

        try:
            paths = write_monitor_report(monitor.history(), monitor.alerts(), args.report, args.patience)
        except OSError as e:
            raise BadInputError(f"cannot write report: {e.filename}: {e.strerror}") from None
        print("wrote " + ", ".join(str(p) for p in paths))
    return 0


def _print_summary(monitor, n_rollouts: int, skipped: int) -> None:  # noqa: ANN001
    history, alerts = monitor.history(), monitor.alerts()
    first = alerts[0] if alerts else None
    merged = sum(h.step != h.first_step for h in history)
    print(f"{len(history)} monitor steps ({merged} merging several logged steps to reach --min-sample), "
          f"{n_rollouts} rollouts" + (f", skipped {skipped} bad row(s)" if skipped else ""))
    if history:
        last = history[-1]
        print(f"last step {last.step}: training reward {last.train_reward:.3f} (on the oracle's sample "
              f"{last.train_reward_sampled:.3f}), oracle reward {last.oracle_reward:.3f}, gap {last.gap:.3f}")
    if monitor.metrics().get("monitor/oracle_errors"):
        print(f"oracle errors: {monitor.metrics()['monitor/oracle_errors']:g}", file=sys.stderr)
    print(f"First alert: step {first.step}" if first else "First alert: none")
    for a in alerts:
        print(f"  step {a.step}: {a.kind} ({a.name}): {a.message}")
