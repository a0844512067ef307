"""The value a sentence states before a trailing clause (issue 29; the deleted table's ``clause`` stage, which the typed
path missed: ``\\text{The minimum is }13\\text{, attained at }x=12`` and ``13\\text{ when } n=12`` were accepted for 12,
the clause's number). Seeded over the problem sets' integer references: the head decides, the clause's number never
does; a formula before a condition that fixes its variable states no value."""

from __future__ import annotations

import random

import pytest

from rlverify.rule.compare import compare

_HEADS = (r"\text{The minimum is }{v}", r"\text{The maximum value is }{v}", r"{v}", r"\text{Answer: }{v}")
_ATTAINED = (r"\text{, attained at }x={p}", r"\text{ attained when }t={p}", r"\text{, achieved at }n={p}")
_CONDITIONS = (r"\text{ when } n={p}", r"\text{ (when } x={p})", r"\text{ if } k={p}")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_value_before_the_clause_decides(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(12):
        v = rng.randint(2, 500)
        head = rng.choice(_HEADS)
        clause = rng.choice(_ATTAINED + _CONDITIONS)
        other = v + rng.randint(1, 9)
        answer = head.replace("{v}", str(v)) + clause.replace("{p}", str(other))
        assert compare(answer, str(v)).equal, answer
        assert not compare(answer, str(other)).equal, (answer, other)      # the clause's number is no answer
        wrong = head.replace("{v}", str(other)) + clause.replace("{p}", str(v))
        assert not compare(wrong, str(v)).equal, wrong


@pytest.mark.parametrize("seed", [0, 1])
def test_a_formula_fixed_by_its_condition_states_no_value(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        k = rng.randint(2, 9)
        formula = rng.choice((f"\\frac{{1}}{{{k}n}}", f"{k}n + 1", f"n^{{{k}}}"))
        fixed = f"a_n={formula}\\text{{ for }} n={rng.randint(1, 5)}"
        assert not compare(fixed, formula).equal, fixed
