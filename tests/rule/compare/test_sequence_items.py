"""Sequences the typed path decides without the table (issue 29), drawn at random: a tuple in a free parameter
renamed consistently (``(t, 2t + 1)`` for ``(k, 2k + 1)``), an approximation sign before a list (each item
approximated), items each in one pair of parentheses (``\\left(0^\\circ\\right), \\left(360^\\circ\\right)``). Near
misses: a coefficient changed, the question naming the reference's letter, an item
changed. Seeded; both paths."""

from __future__ import annotations

import random

import pytest

from both_paths import both

_LETTERS = "knjt"    # the letters a parameter is written with (m and s may be units: metres, seconds)


def _tuple(letter: str, coefs: list[tuple[int, int]]) -> str:
    return "(" + ", ".join(f"{a}{letter} + {b}" if b else f"{a}{letter}" for a, b in coefs) + ")"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_parameter_renamed_across_a_tuple(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        x, y = rng.sample(_LETTERS, 2)
        coefs = [(rng.randint(2, 9), rng.choice((0, rng.randint(1, 9)))) for _ in range(rng.randint(2, 3))]
        gold = _tuple(x, coefs)
        for d in both(monkeypatch, _tuple(y, coefs), gold):
            assert d.match.equal, (gold, d)
        other = list(coefs)
        other[-1] = (other[-1][0] + 1, other[-1][1])
        for near, q in ((_tuple(y, other), None), (_tuple(y, coefs), f"Find all triples in terms of ${x}$.")):
            for d in both(monkeypatch, near, gold, q):
                assert not d.match.equal, (near, gold, q, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_approximation_sign_before_a_list(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        values = [f"{rng.randint(0, 99)}.{rng.randint(10, 99)}" for _ in range(rng.randint(2, 4))]
        gold = ", ".join(values)
        sign = rng.choice(("\\approx ", "\\approx\\ ", "≈ "))
        for d in both(monkeypatch, sign + gold, gold):
            assert d.match.equal, (sign + gold, gold, d)
        k = rng.randrange(len(values))
        near = list(values)
        near[k] = near[k][:-1] + str((int(near[k][-1]) + 3) % 10)
        for d in both(monkeypatch, sign + ", ".join(near), gold):
            assert not d.match.equal, (near, gold, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_items_each_in_parentheses(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        values = sorted(rng.sample(range(0, 361, 15), rng.randint(2, 3)))
        unit = rng.choice(("^\\circ", "", "\\text{ cm}"))
        gold = rng.choice((", ", " \\text{ and } ")).join(f"{v}{unit}" for v in values)
        answer = ", ".join(f"\\left({v}{unit}\\right)" for v in values)
        for d in both(monkeypatch, answer, gold):
            assert d.match.equal, (answer, gold, d)
        near = ", ".join(f"\\left({v + (15 if k == 0 else 0)}{unit}\\right)" for k, v in enumerate(values))
        for d in both(monkeypatch, near, gold):
            assert not d.match.equal, (near, gold, d)
