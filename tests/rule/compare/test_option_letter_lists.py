"""Option letters chosen in a list (rlverify.rule.compare.sequences, issue 29), with the table off and on the default
path: processbench-math-515 ``A,D`` for ``\\text{A,D}`` ("Which of the following diagrams represent graphs of
functions?"). The same letters in any order and notation are equal; another letter, one missing or one more is a
typed ``different``.
"""

from __future__ import annotations

import random

import pytest

from both_paths import both

QUESTION = "Which of the following diagrams represent graphs of functions? Enter the letters, separated by commas."


def _both(monkeypatch, answer: str, gold: str):
    return both(monkeypatch, answer, gold, QUESTION)


def _write(letters: list[str], rng: random.Random) -> str:
    body = rng.choice((",", ", ", ", \\ ")).join(letters)
    return rng.choice((body, f"\\text{{{body}}}", f"\\mathrm{{{body}}}"))


@pytest.mark.parametrize("seed", range(4))
def test_letters_chosen(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        chosen = sorted(rng.sample("ABCDE", rng.choice((2, 3))))
        gold = _write(chosen, rng)
        shuffled = chosen[:]
        rng.shuffle(shuffled)
        for d in _both(monkeypatch, _write(shuffled, rng), gold):
            assert d.match.equal, (shuffled, gold, d)
        other = sorted(set("ABCDE") - set(chosen))
        for bad in (chosen[:-1] + [other[0]], chosen + [other[0]], [other[0], other[-1]]):
            if len(bad) < 2:
                continue
            for d in _both(monkeypatch, _write(bad, rng), gold):
                assert not d.match.equal and d.final, (bad, gold, d)
