"""Text-level LaTeX helpers (rlverify.rule.answers.latex)."""

from __future__ import annotations

import pytest

from rlverify.rule.answers.latex import clean, collapse_digit_groups, matching_brace, plain_key, split_top, strip_outer, unwrap_text


@pytest.mark.parametrize(
    "raw,cleaned",
    [
        (r"\left( \frac12, \dfrac{3}{4} \right)", r"( \frac{1}{2}, \frac{3}{4} )"),
        (r"$\sqrt5$", r"\sqrt{5}"),
        (r"4{,}096{,}000", "4096000"),
        (r"4\,096\,000", "4096000"),
        (r"4,\!096", "4096"),
        (r"\displaystyle 12.", "12"),
        (r"{x+1}", "x+1"),
        (r"\text {abc}", r"\text{abc}"),
        ("\u00b11", r"\pm 1"),
        (r") 81", "81"),
        ("2*sqrt(3)", r"2*\sqrt{3}"),
        ("sqrt 2 + pi", r"\sqrt{2} + \pi"),
        ("the pizza", "the pizza"),
        (r"\text{ln}", r"\text{ln}"),
        (r"\begin{pmatrix}1\\2\end{pmatrix}", r"\begin{pmatrix}1\\2\end{pmatrix}"),
    ],
)
def test_clean(raw: str, cleaned: str) -> None:
    assert clean(raw) == cleaned


def test_digit_groups_only_three_digits() -> None:
    assert collapse_digit_groups(r"4\,096\,001") == "4096001"
    assert collapse_digit_groups(r"4\,96") == r"4\,96"
    assert collapse_digit_groups("1,000") == "1,000"  # plain comma: maybe a list


def test_braces_and_splitting() -> None:
    assert matching_brace("{a{b}c}d", 0) == 6
    assert matching_brace("{a", 0) == -1
    assert split_top(r"(1,2), \{3,4\}, \frac{1,2}{3}") == ["(1,2)", r"\{3,4\}", r"\frac{1,2}{3}"]
    assert split_top("a=b=c", ("=",)) == ["a", "b", "c"]
    assert strip_outer("{{x}}") == "x"
    assert strip_outer("{x}+{y}") == "{x}+{y}"


def test_text_unwrapping_and_keys() -> None:
    assert unwrap_text(r"\text{so }\mathrm{x}\textbf{\text{y}}") == "so xy"
    assert plain_key(r"\text{ Evelyn }") == plain_key("Evelyn")
    assert plain_key(r"\text{Monday}") != plain_key(r"\text{Tuesday}")
    assert plain_key(r"\frac{1}{23}") != plain_key(r"\frac{12}{3}")
    assert plain_key("2N") != plain_key("2n")


@pytest.mark.parametrize("raw", ["", " ", ")", "]", ") ", "))", "$", "$$", ".", ";", "\\.", "{}", "\\left)", "\\[\\]"])
def test_clean_on_spans_that_reduce_to_nothing(raw: str) -> None:
    """Regression: stripping a stray leading closer once indexed an empty string."""
    out = clean(raw)
    assert isinstance(out, str)
    assert clean(out) == clean(clean(out))


_FUNCTIONS = ("sin", "cos", "tan", "cot", "sec", "csc", "ln", "log", "exp", "arcsin", "arctan", "sinh")
_WRAPPERS = (r"\text{%s}", r"\mathrm{%s}", r"\operatorname{%s}", r"\text{ %s }", r"\rm{%s}")


def test_function_names_set_upright_by_hand_read_as_the_function() -> None:
    """``\\text{sin}(x)`` is ``\\sin(x)`` for every function, wrapper and argument; a different function
    or argument is not; the bare word stays text."""
    import random

    from rlverify import get_verifier, warm_up

    warm_up()
    rule = get_verifier("rule")
    rng = random.Random(7)
    for _ in range(40):
        fn, other = rng.sample(_FUNCTIONS[:6], 2)   # the trigonometric ones: never equal to each other
        k, m = rng.randint(2, 9), rng.randint(1, 9)
        arg = rng.choice([rf"\left(\frac{{\pi}}{{{k}}}x + {m}\right)", f"({k}x - {m})", rf"\bigg({k}x+\frac{{{m}}}{{{k}}}\bigg)"])
        gold = rng.choice(_WRAPPERS) % fn + arg
        assert clean(gold).startswith("\\" + fn), gold
        answer = rf"The final answer is $\boxed{{\{fn}{arg}}}$."
        assert rule.verify(answer, gold).correct, (answer, gold)
        wrong = rf"The final answer is $\boxed{{\{other}{arg}}}$."
        assert not rule.verify(wrong, gold).correct, (wrong, gold)
    for fn in _FUNCTIONS:
        assert clean(rf"\text{{{fn}}}") == rf"\text{{{fn}}}"
