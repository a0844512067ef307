"""A sign choice read as its two values (rlverify.rule.read.sequences, issue 29), with the table off and on the
default path.

From hardverify-98 (``3 + 2\\sqrt{2},\\ 3 - 2\\sqrt{2}`` for ``3 \\pm 2 \\sqrt{2}``) and olympiadbench-689 (``±1, ±7``
for ``1,-1,7,-7``): a reference or an answer written with ``\\pm``/``\\mp``/``±`` against the values listed, in any
order. Twins: one value off, one sign's value alone where both are the answer (a part), the other sign only.
"""

from __future__ import annotations

import random

import pytest

from both_paths import both

ALL = "Find all solutions. Enter all the solutions, separated by commas."
SIGNS = ("\\pm ", "±")


def _both(monkeypatch, answer: str, gold: str, question: str | None = ALL):
    return both(monkeypatch, answer, gold, question)


@pytest.mark.parametrize("seed", range(4))
def test_sign_choice_against_its_values(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        a, b, r = rng.randint(1, 9), rng.randint(1, 9), rng.choice((2, 3, 5, 7))
        pm = f"{a} {rng.choice(SIGNS)}{b}\\sqrt{{{r}}}"
        plus, minus = f"{a} + {b}\\sqrt{{{r}}}", f"{a} - {b}\\sqrt{{{r}}}"
        listed = rng.choice((f"{plus}, {minus}", f"{minus},\\ {plus}", f"{plus} \\text{{ and }} {minus}"))
        for answer, gold in ((listed, pm), (pm, listed)):
            for d in _both(monkeypatch, answer, gold):
                assert d.match.equal, (answer, gold, d)
        off = f"{plus}, {a} - {b + 1}\\sqrt{{{r}}}"
        for answer in (off, plus):
            for d in _both(monkeypatch, answer, pm):
                assert not d.match.equal, (answer, pm, d)
        m, n = rng.sample(range(1, 12), 2)
        sign = rng.choice(SIGNS)
        values = [m, -m, n, -n]
        rng.shuffle(values)
        for d in _both(monkeypatch, f"{sign}{m}, {sign}{n}", ",".join(map(str, values)), "Determine all possible values of $m$."):
            assert d.match.equal, (m, n, values, d)
        for d in _both(monkeypatch, f"{sign}{m}, {n}", ",".join(map(str, values)), "Determine all possible values of $m$."):
            assert not d.match.equal and d.final, (m, n, values, d)


@pytest.mark.parametrize("seed", range(3))
def test_a_sign_before_the_name_is_the_value_s(seed: int, monkeypatch) -> None:
    """``\\pm n = 2`` is ``n = \\pm 2`` (tests/rule/test_sign_choice.py). Twins: the reference without the sign choice
    (two values for one: never equal), another value."""
    rng = random.Random(seed)
    for _ in range(8):
        name = rng.choice(("n", "x", "k", "\\lambda", "t"))
        v = rng.choice(("2", "\\frac{3}{4}", "\\sqrt{2}", "0.5", str(rng.randint(3, 99))))
        sign = rng.choice(("\\pm", "\\mp"))
        answer = rng.choice((f"{sign} {name} = {v}", f"{sign} {name}={v}"))
        for d in _both(monkeypatch, answer, f"{name}=\\pm {v}", None):
            assert d.match.equal, (answer, v, d)
        for gold in (f"{name} = {v}", f"{name}=\\pm 7"):
            for d in _both(monkeypatch, answer, gold, None):
                assert not d.match.equal, (answer, gold, d)


@pytest.mark.parametrize("seed", range(3))
def test_a_sign_choice_the_reference_lacks_is_a_hedge_even_of_zero(seed: int, monkeypatch) -> None:
    """``\\pm 0`` for ``0`` (the probe's ``several_values`` placement writes the sign before the reference, and both of
    its values are 0): a sign choice the reference lacks is a hedge, final, whatever its values; the same zero said
    twice with "or" is one value. Twins: a nonzero value with the sign choice, the value alone."""
    rng = random.Random(seed)
    for _ in range(6):
        zero = rng.choice(("0", "0.0", "\\frac{0}{5}", "0.00"))
        sign = rng.choice(SIGNS)
        for d in _both(monkeypatch, f"{sign}{zero}", zero, rng.choice((None, "Compute the value."))):
            assert not d.match.equal and "hedge" in d.match.flags and d.final, (zero, d)
        v = str(rng.randint(1, 99))
        for d in _both(monkeypatch, f"{sign}{v}", v, None):
            assert not d.match.equal and d.final, (v, d)
        for d in _both(monkeypatch, zero, zero, None):
            assert d.match.equal, (zero, d)
