"""Multiple-choice letters (rlverify.rule.answers.choice)."""

from __future__ import annotations

from rlverify.rule.answers.choice import answer_letter, gold_letter, option_text


def test_gold_letter() -> None:
    assert gold_letter("B") == "B"
    assert gold_letter("(c)") == "C"
    assert gold_letter(r"\text{(D)}") == "D"
    assert gold_letter("12") is None
    assert gold_letter("F") is None
    assert gold_letter("e") is None  # Euler's number, not option E


def test_answer_letter() -> None:
    for span in ["B", "(B)", r"\text{(B)}", "B) 12", r"\textbf{(B) } 12", "B. twelve"]:
        assert answer_letter(span) == "B", span
    assert answer_letter("x") is None
    assert answer_letter("12") is None
    assert answer_letter("Bob") is None


def test_option_text() -> None:
    q = "Which is largest? (A) 10 (B) $12$ (C) 14"
    assert option_text(q, "B") == "12"
    assert option_text(q, "E") is None
    assert option_text(None, "A") is None


def test_an_option_named_by_a_word(inline):
    """'Option B', 'Choice (C)', 'answer: d', 'The option is E': the letter after a naming word, in any case,
    against a letter reference or the option's value; another letter never."""
    import random

    from rlverify.rule.compare import compare

    q = "Which one? (A) 10 (B) 11 (C) 12 (D) 13 (E) 14"
    rng = random.Random(4)
    for _ in range(60):
        k = rng.randrange(5)
        letter = "ABCDE"[k]
        word = rng.choice(("Option", "option", "Choice", "choice", "Answer", "The option is", "Alternative"))
        shown = rng.choice((letter, letter.lower(), f"({letter})", f"{letter})"))
        text = rng.choice((f"{word} {shown}", f"{word}: {shown}", f"\\text{{{word} {shown}}}"))
        assert compare(text, letter, q).equal, text
        assert compare(text, str(10 + k), q).equal, text
        assert not compare(text, "ABCDE"[(k + 1) % 5], q).equal, text
