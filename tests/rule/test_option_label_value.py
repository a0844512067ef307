"""An option label and a plain number that name two different options of the question ('(C) 72' where option C is
36) offer two answers: not equal to the letter nor to the value, seeded; a label with its own option's value agrees
with both, and a part label ('(b)' of "find (a) ... and (b) ...") is no option."""

from __future__ import annotations

import random

from rlverify.rule.compare import compare


def _question(values: list[int], rng: random.Random) -> str:
    letters = "ABCDE"
    if rng.random() < 0.5:
        opts = " \\qquad ".join(f"\\textbf{{({c})}}\\ {v}" for c, v in zip(letters, values))
        return f"What is the value? ${opts}$"
    return "Which value is it?\n" + "\n".join(f"({c}) {v}" for c, v in zip(letters, values))


def _labelled(letter: str, value: int, rng: random.Random) -> str:
    return rng.choice([f"\\textbf{{({letter})}}\\ {value}", f"({letter})\\ {value}", f"({letter}) {value}",
                       f"\\text{{({letter}) }}{value}"])


def test_a_label_and_a_value_of_two_options():
    rng = random.Random(22)
    for _ in range(80):
        values = rng.sample(range(2, 200), 5)
        q = _question(values, rng)
        k, j = rng.sample(range(5), 2)
        letter, other = "ABCDE"[k], values[j]
        mixed = _labelled(letter, other, rng)
        for gold in (letter, str(values[k]), "ABCDE"[j], str(other)):
            assert not compare(mixed, gold, q).equal, (mixed, gold, q)
        right = _labelled(letter, values[k], rng)
        assert compare(right, letter, q).equal and compare(right, str(values[k]), q).equal, (right, q)


def test_a_part_label_is_no_option():
    assert compare("(b)\\ 12", "12", "Find (a) the width and (b) the thickness, in cm.").equal
