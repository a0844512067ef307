"""A short text answer against a reference written as one sentence (issue 14, round 4: 'text answers vs sentence
references'): the answer is the sentence's subject ('Petya' for 'Petya will receive the last token.') or its
closing predicate ('odd' for 'The function $f(x+1)-1$ is odd.'). Seeded over names, verbs and predicates; every
accepted pair has rejected twins (another name or predicate, a negated sentence, a sentence of two clauses)."""
from __future__ import annotations

import random

import pytest

import rlverify

RULE = rlverify.get_verifier("rule", timeout=10.0)

_NAMES = ("Petya", "Vasya", "Alice", "Bob", "Maria", "Kolya", "Anna", "the first player", "the second player")
_TAILS = ("will receive the last token", "has a winning strategy", "wins the game", "can always win",
          "must make the final move", "will take the last coin")
_SUBJECTS = ("The function $f(x+1)-1$", "The sequence $a_n$", "The transformed function", "The number $N$",
             "The triangle $ABC$")
_PREDICATES = (("odd", "even"), ("bounded", "unbounded"), ("isosceles", "equilateral"), ("periodic", "constant"))


def _ask(resp: str) -> str:
    return f"We play the game through.\n\n**Answer:** $\\boxed{{\\text{{{resp}}}}}$"


@pytest.mark.parametrize("seed", range(5))
def test_subject_of_a_sentence_reference(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        name, other = rng.sample(_NAMES, 2)
        tail = rng.choice(_TAILS)
        gold = f"{name[0].upper() + name[1:]} {tail}."
        assert RULE.verify(_ask(name), gold).correct, (name, gold)
        assert not RULE.verify(_ask(other), gold).correct, (other, gold)
        assert not RULE.verify(_ask(name), gold.replace(" will ", " will not ").replace(" has ", " has no ")
                               .replace(" wins", " never wins").replace(" can ", " cannot ")
                               .replace(" must ", " must not ")).correct, (name, "negated")
        assert not RULE.verify(_ask(name), f"{gold[:-1]} if $n$ is even, and {other} otherwise.").correct


@pytest.mark.parametrize("seed", range(5))
def test_predicate_of_a_sentence_reference(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        subject = rng.choice(_SUBJECTS)
        right, wrong = rng.choice(_PREDICATES)
        if rng.random() < 0.5:
            right, wrong = wrong, right
        gold = f"{subject} is {right}."
        assert RULE.verify(_ask(right), gold).correct, (right, gold)
        assert not RULE.verify(_ask(wrong), gold).correct, (wrong, gold)
        assert not RULE.verify(_ask(right), f"{subject} is not {right}.").correct


def test_size_switch_is_presentation() -> None:
    for size in ("\\large", "\\Large", "\\huge", "\\small"):
        assert RULE.verify(f"The answer is $\\boxed{{{size} 42}}$.", "42").correct
        assert not RULE.verify(f"The answer is $\\boxed{{{size} 43}}$.", "42").correct
