"""A reference that names every value it gives against an answer list that names none (issue 29; the kind of
Math-Verify's suite rows test_numina_cases[5, 22] and test_open_thoughts[23-26]: ``4, 5`` for ``AB=4,CD=5``,
``x_{1}=..., \\quad x_{2}=...`` answered by the two values). The named-values entry decides it with the roles swapped:
names numbered by a subscript number a set (any order), the question's request orders named values, other names keep
the reference's order. (The real references of this shape, hardverify-dev's ``f(n)=n``, ``g(n)=1``, are one family
among them.)

Seeded over names, values and the question, on both paths (the stage table never consulted on the first): the values
in the order the names ask are accepted; near misses stay rejected: a value changed, one value missing, distinct names'
values swapped where nothing orders them otherwise."""

from __future__ import annotations

import random

import pytest

from both_paths import both


def _values(rng: random.Random, n: int) -> list[str]:
    out: list[str] = []
    while len(out) < n:
        kind = rng.randrange(3)
        v = (str(rng.randint(-20, 40)) if kind == 0 else f"\\frac{{{rng.randint(1, 9)}}}{{{rng.choice((2, 3, 7))}}}"
             if kind == 1 else f"{rng.randint(1, 5)} + \\sqrt{{{rng.choice((2, 3, 5))}}}")
        if v not in out:
            out.append(v)
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_numbered_names_are_a_set(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        base = rng.choice(("x", "y", "t"))
        values = _values(rng, rng.choice((2, 3)))
        sep = rng.choice((", ", ",\\quad ", "; "))
        gold = sep.join(f"{base}_{{{i + 1}}}={v}" for i, v in enumerate(values))
        for answer in (", ".join(values), ", ".join(reversed(values))):
            for d in both(monkeypatch, answer, gold):
                assert d.match.equal, (answer, gold, d)
        changed = values[:-1] + [values[-1] + " + 1"]
        for answer in (", ".join(changed), ", ".join(values[:-1]) if len(values) > 2 else values[0]):
            for d in both(monkeypatch, answer, gold):
                assert not d.match.equal, (answer, gold, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_distinct_names_keep_their_order(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        names = rng.sample(("AB", "CD", "a", "b", "p", "q", "m"), 2)
        values = _values(rng, 2)
        gold = ",".join(f"{n}={v}" for n, v in zip(names, values))
        for d in both(monkeypatch, ", ".join(values), gold):
            assert d.match.equal, (values, gold, d)
        # swapped: each name's value is another (the readings path; the table behind the default path reads two bare
        # values against two named ones as a set, its own rule, left as it is)
        d = both(monkeypatch, ", ".join(reversed(values)), gold)[0]
        assert not d.match.equal, (values, gold, d)
        question = f"Find ${names[1]}$ and ${names[0]}$."      # the request orders them the other way round
        for d in both(monkeypatch, ", ".join(reversed(values)), gold, question):
            assert d.match.equal, (values, gold, question, d)
        for d in both(monkeypatch, f"{values[0]}, {values[1]} + 1", gold):
            assert not d.match.equal, (values, gold, d)
