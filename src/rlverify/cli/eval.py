"""`rlverify eval [DATA.jsonl ...] [--verifier NAME ...] [--by COLUMN] [--workers N]
[--json OUT] [--report DIR] [--only-rule-negatives BASE] [--skip-bad] [--corrections FILE]
[--strict] [--ray]`

Precision/recall/F1 of verifiers against labelled responses, side by side. Without DATA,
evaluates the bundled sample (see data/NOTICE.md). Rows whose gold is empty, blank or null are
counted and listed (every verifier answers them undecided, flag ``invalid_gold``); ``--strict``
makes them an error (exit 1) before any verification. With ``--corrections`` the figures use the
corrected labels, and the raw labels' precision and recall stand beside them.
"""

from __future__ import annotations

import argparse
import json
import sys

__all__ = ["add_parser", "run", "parse_options"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("eval", help="precision/recall of verifiers on labelled responses",
                       description="Precision, recall and F1 of verifiers on labelled JSONL rows "
                                   "(id, question, gold, response, label[, dataset, generator]).")
    p.add_argument("data", nargs="*", help="labelled JSONL files (default: the bundled sample)")
    p.add_argument("--verifier", action="append", metavar="NAME",
                   help="registry name, repeatable (default: rule and math-verify)")
    p.add_argument("--by", default="dataset", metavar="COLUMN",
                   help="group rows by this column: dataset (default), generator, or any other, e.g. family")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes for verify_batch (default: none, items verified in this process)")
    p.add_argument("--json", metavar="OUT", help="write the results as JSON to OUT")
    p.add_argument("--report", metavar="DIR", help="write results.json/.md, a PNG chart and disagreements.jsonl")
    p.add_argument("--only-rule-negatives", metavar="BASE", default=None,
                   help="evaluate only the rows that verifier BASE rejected")
    p.add_argument("--skip-bad", action="store_true", help="skip malformed rows (and count them)")
    p.add_argument("--corrections", metavar="FILE",
                   help='label corrections JSON {"corrections": [{"id", "label", "reason"}, ...]} to apply, '
                        "matched by row id; the table then shows the raw labels' precision and recall "
                        "beside the corrected ones (default: none)")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 before verifying when any row's gold is empty, blank or null (default: count "
                        "and list such rows, whose verdicts are undecided)")
    p.add_argument("--ray", action="store_true", help="verify through rlverify.integrations.ray")
    p.add_argument("--option", action="append", default=[], metavar="NAME.KEY=VALUE",
                   help="a factory option for verifier NAME (VALUE parsed as JSON when it parses), "
                        "e.g. hybrid.judge=gullible; repeatable")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import BadInputError
    from ..analysis.evaluate import (DEFAULT_VERIFIERS, apply_corrections, evaluate, load_corrections, load_rows,
                            sample_path)
    from ..analysis.report import (eval_json, ids_text, invalid_gold_lines, judge_cost_lines,
                                   judge_eligibility_lines, judge_failure_lines, render_static_table,
                                   render_table, write_eval_report)
    from ..verdict import invalid_gold

    if args.workers is not None and args.workers < 1:
        raise BadInputError("--workers must be at least 1")
    loaded = load_rows(args.data or [sample_path()], skip_bad=args.skip_bad)
    for msg in loaded.problems:
        print(f"rlverify: skipped {msg}", file=sys.stderr)
    if not loaded.rows:
        raise BadInputError("no rows to evaluate")
    rows, notes = list(loaded.rows), []
    invalid = [r.id for r in rows if invalid_gold(r.gold)]
    if invalid and args.strict:
        print(f"rlverify: error: {len(invalid)} row(s) have an empty or missing gold (ids: {ids_text(invalid)}); "
              "fix the data, or run without --strict to count them as undecided", file=sys.stderr)
        return 1
    if args.corrections:
        corrections = load_corrections(args.corrections)
        rows, changed = apply_corrections(rows, corrections)
        notes.append(f"Applied {changed} label correction(s) from {args.corrections}: {changed} of {len(rows)} "
                     f"rows change label (the file lists {len(corrections)}).")
        print(notes[-1] + (" The figures use the corrected labels; 'raw prec.' and 'raw recall' are the same "
                           "verdicts scored with the labels of the data." if changed else ""))
    result = evaluate(rows, args.verifier or DEFAULT_VERIFIERS, by=args.by, workers=args.workers,
                      only_negatives_of=args.only_rule_negatives, use_ray=args.ray,
                      options=parse_options(args.option),
                      progress=not args.no_progress and sys.stderr.isatty())
    title = f"{result.n_rows} rows" + (f" that {result.base} rejected" if result.base else "")
    if result.raw_stats:
        title += f", labels corrected ({len(result.corrected_ids)} rows)"
    render_table(result.stats, title=title, raw=result.raw_stats)
    where = "; all in --json / --report" if len(result.invalid_gold_ids) > 10 else ""
    for line in (invalid_gold_lines(result, 10, where)
                 + judge_eligibility_lines(result.stats) + judge_cost_lines(result.stats)):
        print(line)
    render_static_table(result)
    for line in judge_failure_lines(result):
        print(f"rlverify: {line}", file=sys.stderr)
    if loaded.skipped:
        print(f"skipped {loaded.skipped} bad row(s)")
    try:
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(eval_json(result), f, indent=2)
        if args.report:
            paths = write_eval_report(result, args.report, skipped=loaded.skipped, notes=notes)
            print("wrote " + ", ".join(str(p) for p in paths))
    except OSError as e:
        raise BadInputError(f"cannot write output: {e.filename}: {e.strerror}") from None
    return 0


def parse_options(specs: list[str]) -> dict[str, dict[str, object]]:
    """["hybrid.judge=gullible", "rule.timeout=2"] -> {"hybrid": {"judge": "gullible"}, "rule": {"timeout": 2}}."""
    from ..errors import BadInputError

    out: dict[str, dict[str, object]] = {}
    for spec in specs:
        target, eq, value = spec.partition("=")
        name, dot, key = target.rpartition(".")
        if not (eq and dot and name and key):
            raise BadInputError(f"--option {spec!r}: expected NAME.KEY=VALUE, e.g. hybrid.judge=gullible")
        try:
            parsed: object = json.loads(value)
        except ValueError:
            parsed = value
        out.setdefault(name, {})[key] = parsed
    return out
