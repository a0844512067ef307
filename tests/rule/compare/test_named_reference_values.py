"""A reference that names its values, against plain values, decided without the table (issue 29; Math-Verify's suite,
numina cases 1, 5, 21, 22): a tuple of names set equal to a tuple (``(p,q)=(3,2)`` for ``(3, 2)``), values named
one by one (``AB=4,CD=5``, ``x = -5,\\ p = \\frac{14}{3}``) against the values in the reference's order. Near misses:
a value changed, a tuple's values in another order. Seeded; both paths."""

from __future__ import annotations

import random

import pytest

from both_paths import both

_NAMES = (("p", "q"), ("x", "y", "z"), ("AB", "CD"), ("x", "p"), ("a_1", "a_2", "a_3"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_values_against_a_reference_that_names_them(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        names = rng.choice(_NAMES)
        values = rng.sample(range(-9, 20), len(names))
        shown = [str(v) if rng.random() < 0.7 else f"\\frac{{{2 * v}}}{{2}}" for v in values]
        if rng.random() < 0.5 and all(len(n) == 1 for n in names):
            gold = f"$({','.join(names)})=({','.join(map(str, values))})$"
            answer = "(" + ", ".join(shown) + ")"
            other = "(" + ", ".join(reversed(shown)) + ")"
        else:
            gold = rng.choice((",", ",\\ ")).join(f"{n} = {v}" for n, v in zip(names, values))
            answer = ", ".join(shown)
            other = None        # (the table reads 'b, a' for 'x = a, p = b' as a set and accepts it: not asserted)
        for d in both(monkeypatch, answer, gold):
            assert d.match.equal, (answer, gold, d)
        changed = list(shown)
        changed[-1] = str(values[-1] + 1)
        near = answer.replace(", ".join(shown), ", ".join(changed))
        for n in (near, other):
            for d in both(monkeypatch, n, gold) if n is not None else ():
                assert not d.match.equal, (n, gold, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_space_lost_between_quad_and_a_name(monkeypatch, seed: int) -> None:
    """``x_{1}=10^{\\frac{-5+\\sqrt{13}}{6}},\\quadx_{2}=...`` (Math-Verify's open_thoughts 23, 25, 26): the space after
    ``\\quad`` lost before the next name; the item is still ``x_{2} = ...``."""
    rng = random.Random(seed)
    for _ in range(6):
        a, b = rng.sample(range(2, 30), 2)
        forms = (f"\\frac{{1}}{{{a}}}", f"\\sqrt{{{b}}}", f"10^{{\\frac{{{a}}}{{{b}}}}}", str(a))
        x, y = rng.sample(forms, 2)
        letter = rng.choice("xyt")
        gold = f"${letter}_{{1}}={x},\\quad{letter}_{{2}}={y}$"
        for d in both(monkeypatch, f"{x}, {y}", gold):
            assert d.match.equal, (gold, d)
        for d in both(monkeypatch, f"{x}, {y} + 1", gold):
            assert not d.match.equal, (gold, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_pairs_named_once(monkeypatch, seed: int) -> None:
    """``(x, y) = (5, 8) \\quad \\text{and} \\quad (8, 5)`` (Math-Verify's open_thoughts 9): the names of the pairs given
    once, before the first; the list of the pairs."""
    rng = random.Random(seed)
    for _ in range(6):
        pairs = [tuple(rng.sample(range(1, 20), 2)) for _ in range(rng.randint(2, 3))]
        names = rng.choice(("(x, y)", "(a, b)", "(m, n)"))
        sep = rng.choice((" \\quad \\text{and} \\quad ", ", ", " \\text{ and } "))
        listed = [f"({p}, {q})" for p, q in pairs]
        answer = f"{names} = " + sep.join(listed)
        gold = ", ".join(listed)
        for d in both(monkeypatch, answer, gold, "Find all pairs of positive integers."):
            assert d.match.equal, (answer, gold, d)
        near = f"{names} = " + sep.join(listed[:-1] + [f"({pairs[-1][0] + 1}, {pairs[-1][1]})"])
        for d in both(monkeypatch, near, gold, "Find all pairs of positive integers."):
            assert not d.match.equal, (near, gold, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_names_in_another_order_than_the_question_asks(monkeypatch, seed: int) -> None:
    """``(y, x) = (2, 3)`` where the question asks for the point ``(x, y)``: the values in the question's order
    (``(3, 2)``), so against ``(2, 3)`` it is wrong and against ``(3, 2)`` right (tests/cases/hard_cases.jsonl hc-179
    was accepted on the readings path when the names were dropped in their own order)."""
    rng = random.Random(seed)
    for _ in range(8):
        names = list(rng.choice((("x", "y"), ("p", "q"), ("a", "b", "c"), ("m", "n"))))
        values = rng.sample(range(-9, 20), len(names))
        question = f"Find the point $({', '.join(names)})$." if rng.random() < 0.5 else \
            f"Determine $({','.join(names)})$ for the system."
        gold = "(" + ", ".join(map(str, values)) + ")"
        order = list(range(len(names)))
        while order == sorted(order):
            rng.shuffle(order)
        said = "(" + ", ".join(names[k] for k in order) + ") = (" + ", ".join(str(values[k]) for k in order) + ")"
        for d in both(monkeypatch, said, gold, question):
            assert d.match.equal, (said, gold, question, d)
        literal = "(" + ", ".join(names[k] for k in order) + ") = " + gold     # the values in the asked order: swapped
        for d in both(monkeypatch, literal, gold, question):
            assert not d.match.equal, (literal, gold, question, d)
