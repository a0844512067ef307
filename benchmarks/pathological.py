"""Write the generated pathological corpus as JSONL (for `rlverify eval`, other verifiers, or inspection).

Usage::

    python benchmarks/pathological.py [--out pathological.jsonl] [--copies 4] [--seed 0]

Rows: id, kind, response, gold, question, label (see :mod:`rlverify.analysis.pathological`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rlverify.analysis.pathological import KINDS, pathological_items

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="write the pathological corpus as JSONL")
    p.add_argument("--out", type=Path, default=Path("pathological.jsonl"))
    p.add_argument("--copies", type=int, default=4, help="variants per family")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    rows = pathological_items(seed=args.seed, copies=args.copies)
    with open(args.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=True) + "\n")  # ascii: lone surrogates survive as escapes
    print(f"wrote {len(rows)} rows ({len(KINDS)} families x {args.copies}) to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
