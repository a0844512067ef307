"""`rlverify verify --gold G [--question Q] [--json] [RESPONSE | -]`"""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="verify one response against a reference answer")
    p.add_argument("response", nargs="?", default="-", help="the response text, or - to read stdin (default)")
    p.add_argument("--gold", required=True, help="reference answer")
    p.add_argument("--question", default=None, help="the problem text (gives context: units, angles, rounding)")
    p.add_argument("--verifier", default="rule", help="registry name (default: rule)")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .. import get_verifier

    response = sys.stdin.read() if args.response == "-" else args.response
    verdict = get_verifier(args.verifier).verify(response, args.gold, args.question)
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False))
    else:
        flags = f"  flags={','.join(verdict.flags)}" if verdict.flags else ""
        print(f"{verdict.status.upper():9s} score={verdict.score:g} source={verdict.source} "
              f"extracted={verdict.extracted!r}{flags} ({verdict.seconds * 1000:.1f} ms)")
    if "invalid_gold" in verdict.flags:  # Flag.INVALID_GOLD, named by value: no import before it is needed
        print(f"rlverify: warning: the reference answer --gold {args.gold!r} is empty or blank: nothing to "
              "compare with, so the verdict is undecided (flag invalid_gold)", file=sys.stderr)
    return 0
