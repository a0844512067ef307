"""Two word forms of answers, seeded: a count without end ('infinitely many', 'There are infinitely many
solutions', '\\infty') and a winner named by a two-word sentence ('Alice' for 'Alice wins'); never '-\\infty', a
count that adds a condition, another name, or a loser."""

from __future__ import annotations

import random

from rlverify.rule.compare import compare
from rlverify.rule.answers.words import says_infinite

_Q_COUNT = "How many pairs $(a, b)$ of positive integers satisfy the equation?"
_Q_GAME = "Who has a winning strategy, the first or the second player?"
_NAMES = ["Alice", "Bob", "Petya", "Vasya", "Anna", "Ben"]


def _infinite(rng: random.Random) -> str:
    noun = rng.choice(["", " pairs", " solutions", " such pairs"])
    return rng.choice([r"\infty", r"+\infty", "\u221e", f"\\text{{infinitely many{noun}}}", f"\\text{{Infinitely many{noun}}}",
                       f"\\text{{There are infinitely many{noun}.}}", r"\text{infinite}", r"\text{infinity}"])


def test_counts_without_end_are_one_answer():
    rng = random.Random(13)
    for _ in range(80):
        a, g = _infinite(rng), _infinite(rng)
        assert compare(a, g, _Q_COUNT).equal, (a, g)
        assert not compare(a, str(rng.randint(0, 99)), _Q_COUNT).equal, a
    for text in (r"-\infty", r"\text{finitely many}", r"\text{not infinitely many}", r"\text{infinitely many, but only 3 odd}",
                 r"\text{infinitely many for } n > 2"):
        assert not says_infinite(text), text


def test_a_winner_named_by_a_two_word_sentence():
    rng = random.Random(14)
    for _ in range(40):
        name, other = rng.sample(_NAMES, 2)
        gold = rng.choice([f"\\text{{{name} wins}}", f"{name} wins.", f"\\text{{{name} wins!}}"])
        assert compare(rng.choice([name, f"\\text{{{name}}}", f"\\textbf{{{name}}}"]), gold, _Q_GAME).equal, (name, gold)
        assert not compare(f"\\text{{{other}}}", gold, _Q_GAME).equal, (other, gold)
        assert not compare(f"\\text{{{name}}}", f"\\text{{{name} loses}}", _Q_GAME).equal
