"""Solutions listed under their variables' names (issue 29, rlverify.rule.compare.solutions; the kinds of Math-Verify's
suite rows test_numina_cases[9], ``(5,2),(7,2)`` for ``p=5,q=2;p=7,q=2``, and test_open_thoughts[9],
``(x, y) = (5, 8) \\quad \\text{and} \\quad (8, 5)`` for ``(5, 8), (8, 5)``): the tuples they name.

Seeded over the variables, the number of solutions and their values, on both paths (the stage table never consulted
on the first): the tuples in any order are accepted; near misses stay rejected: a value changed, a solution missing,
a tuple's coordinates swapped."""

from __future__ import annotations

import random

import pytest

from both_paths import both

_VARIABLES = (("p", "q"), ("x", "y"), ("a", "b", "c"), ("m", "n"))


def _solutions(rng: random.Random) -> tuple[tuple[str, ...], list[tuple[int, ...]]]:
    names = rng.choice(_VARIABLES)
    sols: list[tuple[int, ...]] = []
    while len(sols) < rng.choice((2, 3)):
        t = tuple(rng.randint(-9, 15) for _ in names)
        if t not in sols and len(set(t)) == len(t):
            sols.append(t)
    return names, sols


def _tuples(sols) -> str:
    return ", ".join("(" + ", ".join(map(str, t)) + ")" for t in sols)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_assignments_grouped_per_solution(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        names, sols = _solutions(rng)
        gold = ";".join(",".join(f"{n}={v}" for n, v in zip(names, t)) for t in sols)
        for answer in (_tuples(sols), _tuples(sols[::-1])):
            for d in both(monkeypatch, answer, gold):
                assert d.match.equal, (answer, gold, d)
        changed = sols[:-1] + [tuple(v + 1 for v in sols[-1])]
        swapped = sols[:-1] + [sols[-1][::-1]]
        for answer in (_tuples(changed), _tuples(sols[:-1])):
            for d in both(monkeypatch, answer, gold):
                assert not d.match.equal, (answer, gold, d)
        # a tuple's coordinates swapped: rejected on the readings path (the table behind the default path reads the
        # reference's values as one flat set and accepts it, its own gap, left as it is)
        d = both(monkeypatch, _tuples(swapped), gold)[0]
        assert not d.match.equal, (swapped, gold, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_list_whose_first_tuple_names_the_coordinates(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        names, sols = _solutions(rng)
        sep = rng.choice((" \\quad \\text{and} \\quad ", ", ", " \\text{ and } "))
        head = "(" + ", ".join(names) + ") = "
        gold = _tuples(sols)
        answer = head + sep.join("(" + ", ".join(map(str, t)) + ")" for t in sols)
        for d in both(monkeypatch, answer, gold):
            assert d.match.equal, (answer, gold, d)
        changed = sols[:-1] + [tuple(v + 1 for v in sols[-1])]
        near = head + sep.join("(" + ", ".join(map(str, t)) + ")" for t in changed)
        for d in both(monkeypatch, near, gold):
            assert not d.match.equal, (near, gold, d)
