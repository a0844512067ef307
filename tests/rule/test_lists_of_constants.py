"""One constant against a reference that lists other constants (issue 30, judge calls): ``\\sqrt{2} - 2`` for
``\\sqrt{2}-1, \\frac{3-\\sqrt{2}}{7}`` is none of the listed values, so no part of the list either: a typed
``different``. Before, every one-value answer against a plain list was left ``unsure`` for fear of a fraction whose
bar was lost (``221, 8`` for 221/8); that fear now holds only for a reference of two plain integers.

Seeded over the list references of the problem sets and dev corpora whose items are constants in radicals,
fractions or \\pi, under a question that does not ask for all of them. Twins, never ``different``: one of the listed
values (a part of the answer, the judge's, where the question does not ask for all), and a
fraction against a reference of two plain integers (``\\frac{221}{8}`` for ``221, 8``).
"""

from __future__ import annotations

import glob
import gzip
import json
import random
import re
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.rule.unwrapped import _as_lists
from rlverify.verdict import Outcome

SEEDS = range(8)
_DATA = Path(__file__).resolve().parents[2] / "data"


def _lists() -> list[tuple[str, list[str]]]:
    out = {}
    for path in sorted(glob.glob(str(_DATA / "problems" / "*.jsonl.gz")) + glob.glob(str(_DATA / "corpora" / "*.jsonl.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                g = json.loads(line).get("gold")
                if not isinstance(g, str) or len(g) > 60 or not re.search(r"\\sqrt|\\frac|\\pi", g) \
                        or re.search(r"[()\[\]=<>]|\\[lr](?:eft|ight)|\\text|[a-zA-Z](?<!\\[a-z])", re.sub(r"\\[a-z]+", "", g)):
                    continue
                items = [x.strip() for x in g.replace("$", "").split(",")]
                if 2 <= len(items) <= 5 and all(items):
                    out[g] = items
    return sorted(out.items())


_LISTS = _lists()


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def test_the_data_holds_such_references():
    assert len(_LISTS) >= 8


@pytest.mark.parametrize("seed", SEEDS)
def test_a_value_none_of_the_list_is_different(rule, seed):
    rng = random.Random(seed)
    for gold, items in rng.sample(_LISTS, 4):
        wrong = f"{rng.choice(items)} + {rng.choice((7, 11, 13))}"
        v = rule.verify(f"Therefore $\\boxed{{{wrong}}}$.", gold, "What is the value of $t$?")
        assert not v.correct and v.outcome is Outcome.DIFFERENT, (wrong, gold)
        part = rng.choice(items)
        v = rule.verify(f"Therefore $\\boxed{{{part}}}$.", gold, "What is the value of $t$?")
        assert v.correct or v.outcome is not Outcome.DIFFERENT, (part, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_two_plain_integers_may_be_a_lost_fraction(seed):
    rng = random.Random(seed)
    p, q = rng.randint(20, 400), rng.randint(3, 19)
    assert _as_lists(f"\\dfrac{{{p + 1}}}{{{q}}}", f"${p},${q}$", None, True) is Outcome.UNSURE
