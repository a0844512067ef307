"""Shared by the long-answer extraction tests (test_obtained_conclusion, test_precision_remark): real references with
a number (physics-dev golds with units, MATH-500 numbers), a paragraph of working that states other values, and a
near-miss (one digit of the reference changed)."""

from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path

from rlverify.analysis.attacks import load_problems

ROOT = Path(__file__).resolve().parents[2]
WORKING = ("First, we compute the relevant quantities. The mass is $m = 2\\ \\text{kg}$ and the speed is "
           "$v = 3\\ \\text{m/s}$, so $p = 6\\ \\text{kg m/s}$.\n\n")
NUMBER_RE = re.compile(r"\d+\.\d+|\d{2,}")


def references(n: int, seed: int) -> list[tuple[str | None, str]]:
    """``n`` (question, reference) pairs drawn at ``seed``; the question is None for a MATH-500 number."""
    refs = set()
    with gzip.open(ROOT / "data" / "corpora" / "physics-dev.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            g = r["gold"]
            if len(g) < 40 and "\\\\" not in g and "&" not in g and NUMBER_RE.search(g) and "=" not in g:
                refs.add((r["question"], g))
    for p in load_problems(ROOT / "data" / "problems" / "math500.jsonl.gz"):
        if re.fullmatch(r"\d+\.\d+|\d{2,}", p.gold.strip()):
            refs.add((None, p.gold.strip()))
    return random.Random(seed).sample(sorted(refs, key=lambda r: (r[1], r[0] or "")), n)


def changed(g: str, rng: random.Random) -> str:
    """The reference with one nonzero digit of its first number changed."""
    m = list(NUMBER_RE.finditer(g))[0]
    digits = [i for i in range(m.start(), m.end()) if g[i].isdigit() and g[i] != "0"]
    i = rng.choice(digits)
    return g[:i] + str((int(g[i]) + rng.choice((1, 2, 3))) % 10 or 1) + g[i + 1:]
