"""answers.words: number words, ordinals, text and yes/no answers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rlverify.rule.answers.words import is_wordy, normalize_text, same_text, strip_trailing_words, words_to_number, yes_no


@pytest.mark.parametrize("text,value", [
    ("seventeen", 17), ("Twenty-one", 21), ("two hundred and five", 205), ("three thousand two hundred", 3200),
    ("one million", 10**6), ("minus four", -4), (r"\text{zero}", 0),
    ("three halves", Fraction(3, 2)), ("two thirds", Fraction(2, 3)), ("a quarter", Fraction(1, 4)),
    (r"5^{\text{th}}", 5), ("5th", 5), ("21st", 21), ("twenty-first", 21), (r"\text{fifth}", 5),
    (r"18\text{ million}", 18 * 10**6), ("2 dozen", 24), (r"\text{the fifth}", 5),
])
def test_words_to_number(text, value):
    assert words_to_number(text) == value


@pytest.mark.parametrize("text", ["and", "the", "yes", "x", "17", "seventeen apples", "one two three four five six "
                                  "seven eight nine ten eleven twelve thirteen", "hundred and", ""])
def test_not_number_words(text):
    assert words_to_number(text) is None


def test_text():
    assert normalize_text(r"\text{The Circles}") == "circle"
    assert same_text(r"\textbf{friday}", r"\text{Friday}")
    assert same_text(r"\text{an ellipse}", "ellipse")
    assert not same_text(r"\text{Thursday}", r"\text{Friday}")
    assert not same_text("2 - 7i", "2 + 7i")            # math is not text
    assert not same_text("a", "A")                     # single letters are variables or choices
    assert is_wordy("Friday") and not is_wordy("x+1") and not is_wordy("no")


@pytest.mark.parametrize("a,g,want", [
    ("Yes", "yes", True), (r"\text{True}", "Yes", True), ("no", "Yes", False), ("false", r"\text{No}", True),
    ("maybe", "Yes", None), ("yes it is", "Yes", None), ("yes", "5", None), ("yes", "Friday", None),
])
def test_yes_no(a, g, want):
    assert yes_no(a, g) is want


@pytest.mark.parametrize("text,want", [
    (r"18\text{ ways}", "18"), ("65 children tickets", "65"), ("5 million", None), ("12 dozen", None),
    (r"\text{at least } 12", None), ("18 or 19", None), ("x + 1", None), ("12", None),
])
def test_strip_trailing_words(text, want):
    assert strip_trailing_words(text) == want


def test_trailing_letters_may_be_variables():
    assert strip_trailing_words("4t") is None and strip_trailing_words("4abc") is None
    assert strip_trailing_words("3 x") is None


def test_leading_word_answers():
    from rlverify.rule.compare import compare
    from rlverify.rule.answers.words import leading_word
    assert leading_word(r"\text{Yes, such a sequence exists.}", r"\text{Yes}") is True
    assert leading_word(r"\text{No, it is not possible.}", r"\text{Yes}") is False
    assert leading_word(r"\text{Bob has a winning strategy}", r"\text{Bob}") is True
    assert leading_word(r"\text{Bob does not have a winning strategy}", r"\text{Bob}") is None
    assert leading_word(r"\text{Bob or Alice}", r"\text{Bob}") is None
    assert leading_word(r"\text{Bobby wins}", r"\text{Bob}") is None
    assert leading_word(r"\text{Yesterday, it rained}", r"\text{Yes}") is None
    assert leading_word(r"\text{x is odd}", "x") is None
    assert compare(r"\text{Yes, such a sequence exists.}", r"\text{Yes}").equal
    assert not compare(r"\text{Alice has a winning strategy}", r"\text{Bob}").equal
    assert not compare(r"\text{No, such a sequence does not exist.}", r"\text{Yes}").equal


def test_sentence_number():
    from rlverify.rule.compare import compare
    from rlverify.rule.answers.words import sentence_number
    assert sentence_number("There are twelve ways.") == 12
    assert sentence_number(r"\text{There are twenty one ways}") == 21
    assert sentence_number("There are at least twelve ways") is None
    assert sentence_number("There are twelve or thirteen ways") is None
    assert sentence_number("There are twelve ways to choose two") is None
    assert sentence_number("There are 12 ways") is None
    assert compare("There are twelve ways.", "12").equal
    assert not compare("There are twelve ways.", "13").equal
