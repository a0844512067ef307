"""A function's value named by its application (``f(3) = 12``, ``I(6,3) = 0``, ``P(A) = 0.3``) is a label, read by
rlverify.rule.read and compared by its value (issue 29): the number after ``=`` is the answer, never the argument.

References are gsm8k integer answers and MATH-500 plain numbers. Each is answered as a function's value at some
arguments (accepted), with twins: another value (rejected), and the reference written as the argument while the value
differs (rejected: the argument is no answer). An equation whose left side is a product with an operator
(``x(x+1) = 6``) is no label."""

from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path

import pytest

from rlverify.analysis.datasets import read_jsonl
from rlverify.rule.compare import explain
from rlverify.rule.read import read
from rlverify.rule.read.types import Labelled

DATA = Path(__file__).resolve().parents[3] / "data"
_PLAIN = re.compile(r"^-?\d+(?:\.\d+)?$|^\\frac\{\d+\}\{\d+\}$")
NAMES = ["f({a})", "g({a}, {b})", "I({a},{b})", "P(A)", "S_{{{a}}}", "a_{{{a}}}", "F({a})", "h(\\tfrac{{1}}{{2}})"]


@lru_cache(maxsize=1)
def _references() -> list[str]:
    golds = {r["gold"].strip() for r in read_jsonl(DATA / "corpora" / "gsm8k-gpt3.jsonl.gz")}
    golds |= {r["answer"].strip() for r in read_jsonl(DATA / "problems" / "math500.jsonl.gz")}
    return sorted(g for g in golds if _PLAIN.match(g) and len(g) <= 12)


@pytest.mark.parametrize("seed", range(3))
def test_function_value_is_the_answer(seed: int) -> None:
    rng = random.Random(seed)
    for gold in rng.sample(_references(), 40):
        name = rng.choice(NAMES).format(a=rng.randint(1, 9), b=rng.randint(1, 9))
        ans = f"{name} = {gold}"
        assert isinstance(read(ans), Labelled), ans
        d = explain(ans, gold)
        assert d.match.equal and d.stage.startswith("typed:"), (ans, gold, d)
        other = f"{name} = {gold} + 1" if rng.random() < 0.5 else f"{name} = {rng.randint(1000, 9999)}7"
        assert not explain(other, gold).match.equal, (other, gold)
        argument = f"f({gold}) = {rng.randint(1000, 9999)}3"
        assert not explain(argument, gold).match.equal, (argument, gold)


def test_an_equation_is_no_label() -> None:
    for text in ["x(x+1) = 6", "f(x+1) = 2", "y(2-y) = 1"]:
        assert not isinstance(read(text), Labelled), text
