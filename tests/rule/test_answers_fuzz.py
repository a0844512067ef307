"""Untrusted spans never crash the pure-text layers (hypothesis), and nasty spans get a
verdict from compare_core within the item budget."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlverify.rule.answers.choice import answer_letter
from rlverify.rule.answers.core import compare_core
from rlverify.rule.answers.latex import clean, plain_key
from rlverify.rule.answers.numbers import parse_based, parse_number
from rlverify.rule.answers.shapes import inequality_as_interval, parse_shape
from rlverify.rule.answers.symbolic import too_big
from rlverify.rule.answers.views import candidates
from rlverify.runtime.limits import DEFAULT_ITEM_TIMEOUT, MAX_ANSWER_CHARS

TOKENS = ["\\frac", "{", "}", "(", ")", "[", "]", "\\{", "\\}", ",", "=", "<", "\\le", "\\pm", "\\cup", "\\text{",
          " or ", " is ", "\\approx", "\\begin{pmatrix}", "\\end{pmatrix}", "\\begin{aligned}", "\\end{aligned}",
          "&", "\\\\", "1", "23", "x", "-", "+", "^", "_", "!", "\\%", "\\$", ".", ":", "\\in", "\\mathbb{Z}",
          "for all ", "exactly ", "\\sqrt", "e", "i", "B)", " ", "\\,", "{,}", "\\!"]
spans = st.lists(st.sampled_from(TOKENS), max_size=40).map("".join) | st.text(max_size=60)


@settings(max_examples=300, deadline=None)
@given(spans)
def test_text_layers_total(span: str) -> None:
    c = clean(span)
    plain_key(span)
    parse_number(c)
    parse_based(c)
    shape = parse_shape(c)
    assert shape.kind in {"scalar", "list", "set", "bracket", "union", "matrix"}
    inequality_as_interval(c)
    answer_letter(span)
    too_big(span)
    cands = candidates(span)
    assert cands and cands[0] == c


N = MAX_ANSWER_CHARS - 10
NASTY = {
    "words": "a " * (N // 2),
    "parens": "(" * N,
    "nested_frac": "\\frac{" * 150 + "1" + "}{2}" * 150,
    "chained": "x<" * 900 + "1",
    "braces": "{" * N,
}


@pytest.mark.parametrize("name", sorted(NASTY))
def test_nasty_spans_get_a_verdict_in_time(name: str) -> None:
    from rlverify.runtime.bounded import warm_up

    warm_up(1)
    t0 = time.monotonic()
    m = compare_core(NASTY[name], "1")
    assert not m.equal
    assert time.monotonic() - t0 < DEFAULT_ITEM_TIMEOUT + 3.0
