"""Lists of counted items decided without the table (issue 29; hardverify-206: ``40 \\text{ chocolate candies},\\ 60
\\text{ hard candies},\\ 10 \\text{ jelly candies}`` for a reference that names the kinds otherwise, ``lollipop
candies``, ``marmalade candies``, where the question asks how many of each): the counts compare, paired by the nouns
where both sides name the same ones, else in order. Near misses: a count changed, the counts of two named kinds
swapped. Seeded; both paths."""

from __future__ import annotations

import random

import pytest

from both_paths import both

_KINDS = (("chocolate", "hard", "jelly"), ("red", "blue", "green"), ("apple", "pear", "plum"))
_OTHER = {"hard": "lollipop", "jelly": "marmalade", "blue": "navy", "green": "olive", "pear": "quince", "plum": "fig"}
_NOUNS = ("candies", "balls", "trees")


def _items(counts: list[int], kinds: tuple[str, ...], noun: str, spaced: bool) -> str:
    sep = ",\\ " if spaced else ", "
    return sep.join(f"{c} \\text{{ {k} {noun}}}" if spaced else f"{c} \\ \\text{{{k} {noun}}}"
                    for c, k in zip(counts, kinds))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_counted_items_compare_by_their_counts(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        kinds, noun = rng.choice(_KINDS), rng.choice(_NOUNS)
        counts = rng.sample(range(1, 120), 3)
        q = f"How many {noun} of each type are in the box?"
        answer = _items(counts, kinds, noun, True)
        renamed = (kinds[0],) + tuple(_OTHER[k] for k in kinds[1:])
        for gold in (_items(counts, renamed, noun, False), _items(counts, kinds, noun, False)):
            for d in both(monkeypatch, answer, gold, q):
                assert d.match.equal, (answer, gold, d)
        order = [2, 0, 1]
        shuffled = _items([counts[k] for k in order], tuple(kinds[k] for k in order), noun, True)
        for d in both(monkeypatch, shuffled, _items(counts, kinds, noun, False), q):
            assert d.match.equal, (shuffled, d)          # the same kinds named: in any order
        changed = list(counts)
        changed[rng.randrange(3)] += 1
        swapped = _items([counts[1], counts[0], counts[2]], kinds, noun, True)
        for near in (_items(changed, kinds, noun, True), swapped):
            for gold in (_items(counts, renamed, noun, False), _items(counts, kinds, noun, False)):
                for d in both(monkeypatch, near, gold, q):
                    assert not d.match.equal, (near, gold, d)
