"""Tuples named by representatives "and their permutations" (or "up to permutation", "all permutations of",
"cyclic permutations") against every ordering listed. Seeded tuples; near-misses change an element, leave an
orbit out, or claim only the rotations where every ordering is meant."""

from __future__ import annotations

import itertools
import random

from rlverify.rule.compare import compare

_CLAUSES = ("\\text{ and its permutations}", "\\text{ up to permutation}", "\\text{ (in any order)}",
            ", \\text{and all permutations}")


def _orbits(rng: random.Random) -> list[tuple[int, ...]]:
    size = rng.randint(2, 4)
    bases = {tuple(sorted(rng.randint(-5, 12) for _ in range(size))) for _ in range(rng.randint(1, 3))}
    return sorted(bases)


def _listed(bases: list[tuple[int, ...]], rng: random.Random) -> str:
    tuples = sorted({p for b in bases for p in itertools.permutations(b)})
    rng.shuffle(tuples)
    return ", ".join("(" + ", ".join(map(str, t)) + ")" for t in tuples)


def _named(bases: list[tuple[int, ...]], rng: random.Random, clause: str | None = None) -> str:
    reps = [tuple(rng.sample(b, len(b))) for b in bases]
    body = ", ".join("(" + ", ".join(map(str, t)) + ")" for t in reps)
    return body + (clause if clause is not None else rng.choice(_CLAUSES))


def test_representatives_and_permutations(inline):
    rng = random.Random(77)
    checked = 0
    for _ in range(80):
        bases = _orbits(rng)
        if all(len(set(b)) == 1 for b in bases):
            continue
        listed = _listed(bases, rng)
        assert compare(_named(bases, rng), listed, "Find all tuples.").equal, (bases, listed)
        assert compare(listed, _named(bases, rng), "Find all tuples.").equal, (bases, listed)
        assert compare("\\text{all permutations of } " + _named(bases, rng, ""), listed).equal
        wrong = [list(b) for b in bases]
        wrong[0][0] += 1
        if tuple(sorted(wrong[0])) not in bases:
            assert not compare(_named([tuple(w) for w in wrong], rng), listed).equal
        if len(bases) > 1:
            assert not compare(_named(bases[1:], rng), listed).equal
        if any(len(set(b)) >= 3 for b in bases):
            assert not compare(_named(bases, rng, "\\text{ and cyclic permutations}"), listed).equal
        checked += 1
    assert checked > 60


def test_cyclic_permutations_are_rotations(inline):
    assert compare("(1,2,3) \\text{ and cyclic permutations}", "(1,2,3),(2,3,1),(3,1,2)").equal
