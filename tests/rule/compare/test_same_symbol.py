"""Two quantities written with the same one-letter symbol that may be a variable's name (``B = 2A`` against
``B = 2A``, physics-dev statistics/1-79: ``n = 3, \\, B = 2A``): a unit or a variable, the symbol is the same on both
sides and the magnitudes decide (also where a wide space follows the separator: ``n = 3,\\quad B = 2A``, which the
readers read as a list, not the table's one chain), with the table off (``RLVERIFY_READINGS=readings``) and on the default path.
Twins: another magnitude, another symbol; a letter that is no unit is an expression either way.
"""

from __future__ import annotations

import random

import pytest

from both_paths import both

SYMBOLS = ("A", "W", "V", "N", "T", "J", "m", "s")


def _both(monkeypatch, answer: str, gold: str):
    return both(monkeypatch, answer, gold, None)


@pytest.mark.parametrize("seed", range(3))
def test_labelled_parts_with_the_same_symbol(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        n, k, sym = rng.randint(1, 9), rng.randint(2, 9), rng.choice(SYMBOLS)
        other = rng.choice([s for s in SYMBOLS if s != sym])
        gold = rng.choice((f"n = {n}, \\, B = {k}{sym}", f"n = {n},\\ B = {k}{sym}"))
        for answer in (f"n = {n}, B = {k}{sym}", f"B={k}{sym}, n={n}", f"B = {k} {sym}, n = {n}",
                       f"n = {n},\\quad B = {k}{sym}", f"B = {k}{sym} \\quad \\text{{and}} \\quad n = {n}"):
            for d in _both(monkeypatch, answer, gold):
                assert d.match.equal, (answer, gold, d)
        for bad in (f"n = {n}, B = {k + 1}{sym}", f"B={k}{other}, n={n}", f"n = {n + 1}, B = {k}{sym}",
                    f"n = {n},\\quad B = {k + 1}{sym}"):
            for d in _both(monkeypatch, bad, gold):
                assert not d.match.equal, (bad, gold, d)
        for d in _both(monkeypatch, f"{k}{sym}", f"{k}{sym}"):
            assert d.match.equal
        for d in _both(monkeypatch, f"{k + 1}{sym}", f"{k}{sym}"):
            assert not d.match.equal
