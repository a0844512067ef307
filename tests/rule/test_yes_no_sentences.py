"""rlverify.rule.answers.words.sentence_yes_no: a yes/no answer against a yes/no reference written as a sentence that
restates its word ('No' for 'No, it is not possible.'), seeded; the other word is not equal, and a sentence that adds a
value, a condition or a contrast ('No, but yes for even n.', 'Yes, for example n = 3.') is no such reading."""

from __future__ import annotations

import random

from rlverify.rule.compare import compare
from rlverify.rule.answers.words import sentence_yes_no

_QUESTIONS = ["Is it possible to tile the board with such pieces?", "Does there exist such a sequence?",
              "Can the frog reach the point?", "Is the statement true for every graph?"]
# (clause after yes, clause after no): restatements of the word, in words only
_CLAUSES = [("it is possible", "it is not possible"), ("such a sequence exists", "there is no such sequence"),
            ("the frog can reach it", "the frog cannot reach it"), ("it is always true", "it is not always true"),
            ("such a tiling exists", "such a tiling does not exist"), ("this can be done", "this cannot be done")]
_PUNCT = [", ", ". ", "; ", "! ", " - ".replace(" - ", " -- ")]


def _sentence(yes: bool, rng: random.Random) -> str:
    word = rng.choice(["Yes", "yes", "YES"] if yes else ["No", "no", "NO"])
    clause = rng.choice(_CLAUSES)[0 if yes else 1]
    text = word + rng.choice(_PUNCT) + clause + rng.choice([".", "", "!"])
    return rng.choice([text, f"\\text{{{text}}}"])


def _bare(yes: bool, rng: random.Random) -> str:
    word = rng.choice(["Yes", "yes"] if yes else ["No", "no"])
    return rng.choice([word, f"\\text{{{word}}}", f"\\textbf{{{word}}}", f"\\text{{{word}.}}"])


def test_a_word_against_its_sentence_and_the_other_word():
    rng = random.Random(8)
    for _ in range(200):
        yes = rng.random() < 0.5
        q = rng.choice(_QUESTIONS)
        gold = _sentence(yes, rng)
        answer = rng.choice([_bare(yes, rng), _sentence(yes, rng)])
        assert compare(answer, gold, q).equal, (answer, gold)
        assert compare(gold, answer, q).equal, (gold, answer)
        other = rng.choice([_bare(not yes, rng), _sentence(not yes, rng)])
        assert not compare(other, gold, q).equal, (other, gold)


def test_a_sentence_that_adds_something_is_no_reading():
    for gold in ("No, but yes for even n.", "Yes, for example n = 3.", "No, the minimum is 5.", "Yes, if n is odd.",
                 "No, unless the board is square.", "Yes, it is possible, but only for n > 2.", "No, yes.", "Yes. No.",
                 "No, yes for even n"):
        assert sentence_yes_no("Yes", gold) is None, gold
        assert sentence_yes_no("No", gold) is None, gold
    assert sentence_yes_no("No", "No") is None        # two bare words: the bare yes/no rule's
