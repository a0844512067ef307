"""rlverify.rule.sanitize: untrusted input brought into bounds before any parsing."""

from __future__ import annotations

from fractions import Fraction

from rlverify.runtime.limits import MAX_ANSWER_CHARS, MAX_ANSWER_DEPTH, MAX_BOXES, MAX_BRACE_DEPTH, MAX_RESPONSE_CHARS
from rlverify.rule.sanitize import answer_refusal, brace_depth, clean_text, sanitize


def test_non_str_inputs_become_text() -> None:
    assert clean_text(None, 10) == ("", ())
    assert clean_text(42, 10) == ("42", ())
    assert clean_text(Fraction(1, 2), 10) == ("1/2", ())
    assert clean_text(b"\\boxed{3}", 20) == ("\\boxed{3}", ("non_str_input",))
    assert clean_text(["a"], 20) == ("['a']", ("non_str_input",))


class _Hostile:
    def __str__(self) -> str:
        raise RuntimeError("no")


def test_unprintable_object_does_not_raise() -> None:
    text, flags = clean_text(_Hostile(), 10)
    assert text == "" and "unprintable_input" in flags


def test_nul_and_surrogates_cannot_vanish_from_an_answer() -> None:
    text, flags = clean_text("4\x002", 10)
    assert text != "42" and "\x00" not in text and flags == ("nul",)
    text, flags = clean_text("4\ud8002", 10)
    assert text != "42" and flags == ("surrogates",)
    text.encode("utf-8")  # valid now


def test_long_response_keeps_its_tail() -> None:
    s = sanitize("x" * (MAX_RESPONSE_CHARS + 10) + "\\boxed{7}", "7")
    assert len(s.response) == MAX_RESPONSE_CHARS and s.response.endswith("\\boxed{7}")
    assert "truncated" in s.flags and not s.reject


def test_refusals() -> None:
    assert sanitize("\\boxed{1} " * (MAX_BOXES + 1), "1").reject == ("too_many_boxes",)
    assert not sanitize("\\boxed{1} " * MAX_BOXES, "1").reject
    deep = "{" * (MAX_BRACE_DEPTH + 1) + "\\boxed{1}" + "}" * (MAX_BRACE_DEPTH + 1)
    assert sanitize(deep, "1").reject == ("too_deep",)
    assert sanitize("\\boxed{1}", "x" * 5000).reject == ("gold_too_long",)


def test_brace_depth_ignores_stray_closers_and_stops_early() -> None:
    assert brace_depth("}}{a{b}c}") == 2
    assert brace_depth("{" * 1000, stop_at=10) == 11


def test_answer_refusal_shapes() -> None:
    assert answer_refusal("\\frac{\\sqrt{2}}{2}") == ()
    assert answer_refusal("(" * (MAX_ANSWER_DEPTH + 1) + "1" + ")" * (MAX_ANSWER_DEPTH + 1)) == ("too_deep",)
    assert answer_refusal("+".join(["1"] * 500)) == ("too_complex",)
    assert answer_refusal("\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}") == ()
    assert answer_refusal("9" * (MAX_ANSWER_CHARS + 1)) == ("too_long",)


def test_deeper_than_agrees_with_the_stack_pass() -> None:
    import random

    from rlverify.rule.sanitize import _deeper_than, brace_depth

    rng = random.Random(7)
    for _ in range(3000):
        n = rng.randrange(0, 160)
        text = "".join(rng.choice("{{{}}}x") for _ in range(n))
        for limit in (0, 1, 2, 5, 20, 64):
            assert _deeper_than(text, limit) == (brace_depth(text, limit) > limit), (text, limit)
    for text in ("{" * 65 + "}" * 65, "{" * 64 + "}" * 64, "{" * 40 + "x{" * 25, "}" * 70 + "{" * 30 + "}" * 30,
                 "{" * 30 + "{}" * 50 + "{" * 35 + "}" * 35):
        assert _deeper_than(text, 64) == (brace_depth(text, 64) > 64), text
