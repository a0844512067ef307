"""Tuples named by representatives "and their permutations" decided by the typed path without the table (issue 29;
the metamorphic family ``permutation_clause``): the generator of tests/rule/test_permutation_clause.py, on both paths.
Near misses (an element changed, an orbit left out, rotations only where every ordering is listed) stay rejected."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from both_paths import both

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_permutation_clause import _listed, _named, _orbits  # noqa: E402


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_representatives_on_both_paths(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(12):
        bases = _orbits(rng)
        if all(len(set(b)) == 1 for b in bases):
            continue
        listed = _listed(bases, rng)
        for answer, gold in ((_named(bases, rng), listed), (listed, _named(bases, rng))):
            for d in both(monkeypatch, answer, gold, "Find all tuples."):
                assert d.match.equal, (answer, gold, d)
        if len(bases) > 1:
            for d in both(monkeypatch, _named(bases[1:], rng), listed):
                assert not d.match.equal
        if any(len(set(b)) >= 3 for b in bases):
            for d in both(monkeypatch, _named(bases, rng, "\\text{ and cyclic permutations}"), listed):
                assert not d.match.equal
