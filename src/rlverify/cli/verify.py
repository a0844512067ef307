"""`rlverify verify --gold G [--question Q] [--verifier NAME] [--json] [RESPONSE | -]`

For the rule verifier the process's first helper comes from a light zygote (:mod:`._light`): an
answer that needs no CAS is decided in well under a second; one that does starts over in a
standard process (a few seconds: the zygote imports sympy and the parser first).
"""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="verify one response against a reference answer",
                       description="Verify one response against a reference answer and print the verdict "
                                   "(status, score, source, the extracted answer span, flags).")
    p.add_argument("response", nargs="?", default="-", help="the response text, or - to read it from stdin")
    p.add_argument("--gold", required=True, help="the reference answer")
    p.add_argument("--question", default=None, help="the problem text (gives context: units, angles, rounding)")
    p.add_argument("--verifier", default="rule", help="registry name of the verifier")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from_stdin = args.response == "-"
    response = sys.stdin.read() if from_stdin else args.response
    if args.verifier == "rule":
        verdict = _rule_verdict(response, args, from_stdin)
    else:
        from .. import get_verifier

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


def _rule_verdict(response: str, args: argparse.Namespace, from_stdin: bool):  # noqa: ANN202 - a Verdict
    """The rule verifier, built directly: the registry would import every built-in verifier (the
    judges import httpx, which imports rich and click). ``args.light_first`` (set by ``main()`` when
    this process is the program): try a light helper first (:mod:`._light`), else start over."""
    from . import _light

    if getattr(args, "light_first", False) and _light.usable():
        verdict = _light.light_verdict(response, args.gold, args.question)
        if verdict is None:
            _light.start_over(args.argv, response, from_stdin)
        return verdict
    from ..rule.verifier import RuleVerifier

    return RuleVerifier().verify(response, args.gold, args.question)
