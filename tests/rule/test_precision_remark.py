"""A value introduced by a lead-in and followed by a remark on its rounding is the answer (issue 29, differential
testing against Math-Verify on long physics answers): "Final result: $1.23\\,\\text{V}$ (to two significant
figures)." was read as an earlier sentence of the working (for 50 of 50 physics-dev references; Math-Verify reads
the value): the lead-in path needs the response to end on the value, and the remark stood after it. A closing
parenthetical that only says how the value is rounded ('(to 3 s.f.)', '(rounded to the nearest tenth)', '(2 d.p.)',
'(rounded)') is dropped before the lead-in is read; a remark that names another value ('(or 1.3)') is not.

Seeded over real references (physics-dev golds with units, MATH-500 numbers) x 4 lead-ins x 6 remarks; twins: a
wrong value (a digit changed) in the same shape rejected, and a remark offering another value never accepted.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis.attacks import load_problems

ROOT = Path(__file__).resolve().parents[2]
_WORKING = ("First, we compute the relevant quantities. The mass is $m = 2\\ \\text{kg}$ and the speed is "
            "$v = 3\\ \\text{m/s}$, so $p = 6\\ \\text{kg m/s}$.\n\n")
_LEADS = ("Final result:", "Result:", "The final value:", "**Final result:**")
_REMARKS = ("(to two significant figures)", "(rounded to three significant figures)", "(to 3 s.f.)",
            "(rounded to the nearest hundredth)", "(2 d.p.)", "(rounded)")
_NUMBER_RE = re.compile(r"\d+\.\d+|\d{2,}")


def _references(n: int, seed: int) -> list[tuple[str | None, str]]:
    refs = set()
    with gzip.open(ROOT / "data" / "corpora" / "physics-dev.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            g = r["gold"]
            if len(g) < 40 and "\\\\" not in g and "&" not in g and _NUMBER_RE.search(g) and "=" not in g:
                refs.add((r["question"], g))
    for p in load_problems(ROOT / "data" / "problems" / "math500.jsonl.gz"):
        if re.fullmatch(r"\d+\.\d+|\d{2,}", p.gold.strip()):
            refs.add((None, p.gold.strip()))
    return random.Random(seed).sample(sorted(refs, key=lambda r: (r[1], r[0] or "")), n)


def _changed(g: str, rng: random.Random) -> str:
    m = list(_NUMBER_RE.finditer(g))[0]
    digits = [i for i in range(m.start(), m.end()) if g[i].isdigit() and g[i] != "0"]
    i = rng.choice(digits)
    return g[:i] + str((int(g[i]) + rng.choice((1, 2, 3))) % 10 or 1) + g[i + 1:]


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_rounding_remark_after_a_lead_in_value(rule, seed):
    rng = random.Random(seed)
    missed, accepted = [], []
    for question, g in _references(25, seed):
        lead, remark = rng.choice(_LEADS), rng.choice(_REMARKS)
        end = rng.choice((".", "", "\n"))
        response = f"{_WORKING}{lead} ${g}$ {remark}{end}"
        if not rule.verify(response, g, question=question).correct:
            missed.append((g, response[-90:]))
        wrong = _changed(g, rng)
        for twin in (f"{_WORKING}{lead} ${wrong}$ {remark}{end}", f"{_WORKING}{lead} ${g}$ (or ${wrong}$){end}"):
            if rule.verify(twin, g, question=question).correct:
                accepted.append((g, twin[-90:]))
    assert not missed, missed
    assert not accepted, accepted
