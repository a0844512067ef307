"""Span reductions (rlverify.rule.answers.views): each family and its near-miss."""

from __future__ import annotations

import random

import pytest

import rlverify
from rlverify.rule.answers.views import candidates, rhs_of_assignment

RULE = rlverify.get_verifier("rule", timeout=10.0)


@pytest.mark.parametrize(
    "span,value",
    [
        (r"\text{so the largest possible product is }12", "12"),
        (r"\text{total}=30+15=45", "45"),
        (r"a_n=\frac{1}{3n}\ \text{for all } n\ge 1", r"\frac{1}{3n}"),
        (r"\max_{x} f(x)=\sqrt5", r"\sqrt{5}"),
        (r"\begin{aligned}&x_n=2^n-3\\&x_{10}=2^{10}-3\end{aligned}", "2^{10}-3"),
        (r"N\approx 9.88\times10^{7}\ (\text{exactly } 98{,}765{,}432)", "98765432"),
        (r"\frac{\pi}{6}+n\pi,\ n\in\mathbb Z", r"\frac{\pi}{6}+n\pi"),
        (r"t\in(0,\tfrac13)", r"(0,\frac{1}{3})"),
        ("the number of minutes being 3", "3"),
        (r"n = 2^k \text{ for some } k \ge 0", "2^k"),
        (r"2^k, k \in \mathbb{Z}^{+}", "2^k"),
        (r"T = a + b, T = 5 + 4 = 9", "9"),
        (r"\frac{\sqrt{2}}{2} \approx 0.707", "0.707"),  # exact compare keeps it off an exact reference
    ],
)
def test_reduction_found(span: str, value: str) -> None:
    assert value in candidates(span)


@pytest.mark.parametrize(
    "span,forbidden",
    [
        (r"\text{at least }12", "12"),
        (r"a_n=\frac{1}{3n}\text{ for } n=1", r"\frac{1}{3n}"),
        (r"f(1)=\sqrt5,\ \max f=3", "3"),
        ("45=46", "46"),
        ("x is at least 4", "4"),
        (r"n = 2^k \text{ for some } k = 3", "2^k"),
    ],
)
def test_near_miss_not_reduced(span: str, forbidden: str) -> None:
    assert forbidden not in candidates(span)[1:]


def test_whole_span_first() -> None:
    assert candidates(r" x = 3. ")[0] == "x = 3"


def test_rhs_of_assignment() -> None:
    assert rhs_of_assignment("x = 3") == "3"
    assert rhs_of_assignment("f(2)=5") == "5"
    assert rhs_of_assignment("3 = 3") is None
    assert rhs_of_assignment("x \\le 3") is None
    assert rhs_of_assignment("a=b=c") is None


def test_bound_side() -> None:
    from rlverify.rule.answers.views import bound_side

    assert bound_side(r"\sum \frac{a}{b+c}\ge \frac34") == r"\frac{3}{4}"
    assert bound_side(r"\frac{\sqrt{2}}{2} < f(x)") == r"\frac{\sqrt{2}}{2}"
    assert bound_side("x < y") is None
    assert bound_side("1 < x < 2") is None
    assert bound_side("3") is None


@pytest.mark.parametrize("span", ["\\text{", "\\text{is }", "\\text{is}}", "\\text{a}\\text{", "\\text{the answer is",
                                  "\\text{is }\\text{", "\\text{}", "so the answer is", "\\text{is } ", "\\text{ is }\\text{}"])
def test_prose_with_unbalanced_or_empty_text(span: str) -> None:
    """Regression: a lead-in \\text{ with no closing brace or no value once raised IndexError."""
    cands = candidates(span)
    assert cands and all(isinstance(c, str) for c in cands)


def test_assignment_chain_across_or_is_not_reduced():
    from rlverify.rule.answers.views import candidates
    assert "1" not in candidates("either x+1=3 or x=1")
    assert "4" not in candidates("x = 1 or x = 4")
    assert "45" in candidates("total = 30+15 = 45")


@pytest.mark.parametrize("seed", range(3))
def test_text_wrapped_value_after_a_name(seed: int) -> None:
    """``x = \\text{2,220}``: the wrapper around a reduced span is typography, as around a whole answer; a changed
    value or an 'or' inside stays wrong (seeded grouped integers)."""
    rng = random.Random(seed)
    for _ in range(6):
        v = rng.randint(1000, 999_999)
        name = rng.choice("xnNkm")
        grouped = f"{v:,}"
        resp = f"Collecting the cases, we find\n\n$$\\boxed{{{name} = \\text{{{grouped}}}}}$$"
        assert RULE.verify(resp, str(v)).correct, resp
        assert not RULE.verify(resp.replace(grouped, f"{v + 1:,}"), str(v)).correct, resp
        assert not RULE.verify(resp.replace(grouped, f"{grouped} or {v + 7:,}"), str(v)).correct, resp


@pytest.mark.parametrize("seed", range(3))
def test_prose_box_ending_on_a_grouped_number_and_a_full_stop(seed: int) -> None:
    """``\\text{For }n = 19\\text{ (not }2\\text{), the required total equals }1,600\\text{.}``: the grouped number the
    sentence declares is one value (the full stop after it is no list); a changed value stays wrong."""
    rng = random.Random(seed)
    for _ in range(6):
        v, n, m = rng.randint(1000, 99_999), rng.randint(3, 40), rng.randint(1, 9)
        box = (f"\\text{{For }}n= {n} \\text{{ (not }} {m} \\text{{), the required total equals }} {v:,} \\text{{.}}")
        resp = f"Putting the cases together:\n\n$$\\boxed{{{box}}}$$"
        assert RULE.verify(resp, str(v)).correct, resp
        assert not RULE.verify(resp.replace(f"{v:,}", f"{v + 1:,}"), str(v)).correct, resp
