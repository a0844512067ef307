"""Wall time of one-shot `rlverify verify` commands, start to exit (issue 28 item 5: <= 1.0 s).

Usage::

    python benchmarks/cli_startup.py [--runs 3] [--limit 1.0] [--rlverify PATH] [--json OUT]

Runs each command ``--runs`` times (alternating, so all meet the same load) and reports the best,
median and worst wall time. Exits 1 when the best time of a command marked ``limited`` is over
``--limit`` seconds: the README's first example, an answer no CAS is needed for. The CAS answer
(the process starts over with the standard zygote: sympy, the parser, one item of each family) and
``--help`` are reported beside it, unlimited. Wall times depend on the machine and its load (a
shared 2-core machine can double them): give them with that caveat.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = (  # (name, arguments, stdin, limited)
    ("verify, no CAS (README example)",
     ["verify", "--gold", "\\frac{1}{2}", "So the probability is \\boxed{0.5}."], None, True),
    ("verify, no CAS, stdin", ["verify", "--gold", "7", "-"], "So the answer is \\boxed{7}.", True),
    ("verify, CAS (starts over)", ["verify", "--gold", "(x+1)^2", "So \\boxed{x^2+2x+1}."], None, False),
    ("--help", ["--help"], None, False),
)


def _rlverify() -> str:
    here = Path(sys.executable).with_name("rlverify")
    return str(here) if here.exists() else (shutil.which("rlverify") or "rlverify")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--runs", type=int, default=3, help="runs of each command")
    ap.add_argument("--limit", type=float, default=1.0, help="seconds the best run of a limited command may take")
    ap.add_argument("--rlverify", default=_rlverify(), help="the rlverify program to time")
    ap.add_argument("--json", default=None, metavar="OUT", help="write the timings as JSON (default: none)")
    args = ap.parse_args()
    walls: dict[str, list[float]] = {name: [] for name, *_ in COMMANDS}
    for _ in range(args.runs):
        for name, argv, stdin, _limited in COMMANDS:
            t0 = time.perf_counter()
            p = subprocess.run([args.rlverify, *argv], input=stdin, capture_output=True, text=True, timeout=300)
            walls[name].append(time.perf_counter() - t0)
            if p.returncode != 0:
                print(f"{name}: exit {p.returncode}\n{p.stderr[-2000:]}", file=sys.stderr)
                return 2
    over = []
    print(f"{'command':36s} {'best':>6s} {'median':>7s} {'worst':>6s}  (s, {args.runs} runs, {args.rlverify})")
    for name, _argv, _stdin, limited in COMMANDS:
        w = walls[name]
        mark = ""
        if limited and min(w) > args.limit:
            over.append(name)
            mark = f"  OVER {args.limit:g} s"
        print(f"{name:36s} {min(w):6.2f} {statistics.median(w):7.2f} {max(w):6.2f}{mark}")
    if args.json:
        Path(args.json).write_text(json.dumps({"limit_s": args.limit, "walls_s": walls}, indent=2))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
