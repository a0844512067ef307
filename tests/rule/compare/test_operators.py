"""Terms the expression reader used to leave whole (issue 29): an unevaluated sum or product with its limits, and
terms whose only symbols are Greek letters (``\\gamma + \\gamma``). Read as terms, the expression entry compares them
on both paths, the stage table never consulted: a reference may be written unevaluated (its value meets it), an answer
that restates an operator is no value, and a Greek letter is a variable on both sides.

Seeded: the limits, powers, letters and coefficients are drawn; each equal form is accepted and each near miss (another
value, another letter, an operator left unevaluated against a value) rejected, on both paths."""

from __future__ import annotations

import random
from math import factorial

import pytest

from both_paths import both

_GREEK = ("\\alpha", "\\beta", "\\gamma", "\\theta", "\\lambda", "\\omega", "\\phi")


def _sums(seed: int):
    rng = random.Random(seed)
    for _ in range(6):
        a, b, p = rng.randint(0, 3), rng.randint(4, 9), rng.randint(1, 3)
        n, k = rng.sample("nkijm", 2)
        value = sum(i ** p for i in range(a, b + 1))
        power = "" if p == 1 else f"^{{{p}}}"
        gold = f"\\sum_{{{n}={a}}}^{{{b}}} {n}{power}"
        yield gold, [str(value), f"\\sum_{{{k}={a}}}^{{{b}}} {k}{power}"], [str(value + 1), f"\\sum_{{{k}={a}}}^{{{b + 1}}} {k}{power}"]
        m = rng.randint(3, 7)
        gold = f"\\prod_{{{k}=1}}^{{{m}}} {k}"
        yield gold, [str(factorial(m))], [str(factorial(m) + m)]


def _greek(seed: int):
    rng = random.Random(seed)
    for _ in range(8):
        g, h = rng.sample(_GREEK, 2)
        c = rng.randint(2, 4)
        gold = f"{c}{g}"
        same = [" + ".join([g] * c), f"{c - 1}{g} + {g}"]
        near = [f"{c}{h}", " + ".join([g] * (c + 1)), f"{g} + {h}"]
        yield gold, same, near


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_reference_written_unevaluated(monkeypatch, seed: int) -> None:
    for gold, same, near in _sums(seed):
        for answer in same:
            for d in both(monkeypatch, answer, gold):
                assert d.match.equal, (answer, gold, d)
        for answer in near:
            for d in both(monkeypatch, answer, gold):
                assert not d.match.equal, (answer, gold, d)
        for d in both(monkeypatch, gold, same[0]):     # the operator restated is no value
            assert not d.match.equal, (gold, same[0], d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_greek_letters_are_variables(monkeypatch, seed: int) -> None:
    for gold, same, near in _greek(seed):
        for answer in same:
            for d in both(monkeypatch, answer, gold):
                assert d.match.equal, (answer, gold, d)
        for answer in near:
            for d in both(monkeypatch, answer, gold):
                assert not d.match.equal, (answer, gold, d)


@pytest.mark.parametrize("seed", [0, 1])
def test_an_equation_for_a_function_of_a_greek_letter(monkeypatch, seed: int) -> None:
    """``\\sin \\theta = \\frac{-1 + \\sqrt{5}}{2}``: the value the equation states for its left side."""
    rng = random.Random(seed)
    for _ in range(6):
        fn, g = rng.choice(("\\sin", "\\cos", "\\tan")), rng.choice(_GREEK)
        p, r = rng.randint(1, 5), rng.choice((2, 3, 5, 7))
        value = f"\\frac{{-{p} + \\sqrt{{{r}}}}}{{{p + 2}}}"
        for d in both(monkeypatch, f"{fn} {g} = {value}", value):
            assert d.match.equal, (fn, g, value, d)
        for d in both(monkeypatch, f"{fn} {g} = \\frac{{{p} + \\sqrt{{{r}}}}}{{{p + 2}}}", value):
            assert not d.match.equal, (fn, g, value, d)
