"""Unit tests for rlverify.rule.extract._spans: math segments, values, sentence reduction, hedges."""

from __future__ import annotations

from rlverify.rule.extract._spans import (
    _first_sentence,
    _is_formula,
    _math_pieces,
    _prose_hedge,
    _reduce,
    _tail_value,
    _value_key,
    _values,
)


def test_math_pieces_all_delimiters_and_currency():
    text = r"a $x$ and $$y$$ \(z\) \[w\] cost $5 apples and $6"
    assert [p.value for p in _math_pieces(text)] == ["x", "y", "z", "w"]


def test_math_pieces_recover_after_unclosed_opener():
    assert [p.value for p in _math_pieces(r"\( open \[ 5 \]")] == ["5"]
    assert [p.value for p in _math_pieces("cost $5\nnext $x$")] == ["x"]


def test_first_sentence_skips_periods_in_math_and_decimals():
    assert _first_sentence(r"It is \(3.5\) units. Next") == r"It is \(3.5\) units"
    assert _first_sentence("It is 3.5 units. Next") == "It is 3.5 units"
    assert _first_sentence(r"We get \[x = 1.\] This is done.") == r"We get \[x = 1.\]"
    assert _first_sentence(r"write 11,\! 111 now. Then") == r"write 11,\! 111 now"


def test_values_numbers_with_grouping_percent_and_currency():
    vals = [v.value for v in _values(r"paid $1,200 for 25% of 4{,}096 items, i.e. \(x\)")]
    assert vals == ["1,200", "25%", "4{,}096", "x"]


def test_tail_value_joins_lists_and_arithmetic():
    assert _tail_value(r"\(x = 5\) and \(x = -2\) units") == "x = 5, x = -2"
    assert _tail_value("1 - 25/36 of them") == "1 - 25/36"
    assert _tail_value("4 or 5") == r"4 \text{ or } 5"
    assert _tail_value("people who came") is None


def test_value_key_identifies_restatements_of_one_number():
    assert _value_key("12") == _value_key("12.0") == _value_key(r"\$12")
    assert _value_key("1{,}200") == _value_key("1,200") == _value_key("1200")
    assert _value_key("1,2") != _value_key("12")
    assert _value_key(r"\frac12") == _value_key("1/2") == _value_key("0.5") == _value_key(r"\dfrac{1}{2}")
    assert _value_key(r"-\frac{3}{4}") != _value_key(r"\frac{3}{4}")
    assert _value_key("1/0") == "1/0" and _value_key("x+1") == "x+1"


def test_is_formula_rejects_prose():
    assert _is_formula("-12+15i") and _is_formula("7x(x - 1)(x - 2)")
    assert _is_formula(r"\begin{pmatrix} 1 & 0 \\ 0 & 1 \end{pmatrix}")
    assert not _is_formula("6 square units") and not _is_formula("x = 5 and y = 3")


def test_reduce_answer_sentences():
    assert _reduce("that there are **6** such numbers.")[0] == "6"
    assert _reduce("12 and the remainder is 3.")[0] == "12"
    assert _reduce("Verna received $7.00 in change.")[0] == "7.00"
    assert _reduce("five.")[0] == "five"
    assert _reduce("not something we can determine from the data given here")[0] is None


def test_prose_hedge():
    assert _prose_hedge("either 4 or 5", "5") == ("hedge",)
    assert _prose_hedge("4 or 5", r"4 \text{ or } 5") == ("hedge",)
    assert _prose_hedge("$x = 1$ or $x = 4$") == ()
    assert _prose_hedge("12 or 12.0") == ()
    assert _prose_hedge("is 27, counting one of the cases", "27") == ()


def test_restatement_naming_another_number_is_a_hedge():
    from rlverify.rule.extract import extract_answer
    assert extract_answer(r"The answer is $\frac{7}{2}$, that is $3.6$.").hedge
    assert extract_answer("The answer is 12, that is 13.").hedge
    # a rounded restatement and prose after the value agree
    assert not extract_answer(r"The answer is $\frac{2}{3}$, that is $0.7$.").hedge
    assert not extract_answer(r"The answer is $\frac{7}{2}$, that is $3.5$.").hedge
    assert not extract_answer("The answer is 12 apples, which is 3 more than before.").hedge
