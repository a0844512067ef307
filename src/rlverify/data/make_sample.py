"""Draw the bundled evaluation sample from the labelled corpora (reproducible).

Usage (from the repository root)::

    python src/rlverify/data/make_sample.py data/corpora/*.jsonl.gz \
        --out src/rlverify/data/sample.jsonl

Stratified by corpus (file) and label: ``--per-stratum`` rows with label true and as many
with label false from each corpus (fewer when a stratum is smaller), drawn with a fixed
seed from rows sorted by id, so the same corpora always give the same sample.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

__all__ = ["draw_sample", "main"]

DEFAULT_SEED = 20240601
DEFAULT_PER_STRATUM = 30


def _read(path: Path) -> list[dict]:
    from rlverify.analysis.datasets import read_jsonl  # plain or gzipped JSONL

    return read_jsonl(path)


def draw_sample(paths: list[Path], per_stratum: int = DEFAULT_PER_STRATUM,
                seed: int = DEFAULT_SEED) -> list[dict]:
    """Rows drawn per (corpus, label) stratum; corpora in name order, rows in id order."""
    from rlverify.analysis.datasets import dataset_name

    rng = random.Random(seed)
    out: list[dict] = []
    for path in sorted(paths, key=lambda p: dataset_name(p)):
        rows = sorted(_read(path), key=lambda r: str(r["id"]))
        for label in (True, False):
            stratum = [r for r in rows if r["label"] is label]
            picked = rng.sample(stratum, min(per_stratum, len(stratum)))
            out.extend(sorted(picked, key=lambda r: str(r["id"])))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpora", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--per-stratum", type=int, default=DEFAULT_PER_STRATUM)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = ap.parse_args(argv)
    rows = draw_sample(args.corpora, args.per_stratum, args.seed)
    with open(args.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
