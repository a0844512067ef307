"""compare_core on hostile spans (hypothesis over LaTeX-like tokens, and hand-written
shapes): every call returns a Match within the item budget, no exception escapes."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rlverify.rule.answers import Match
from rlverify.rule.answers.core import compare_core
from rlverify.runtime.bounded import item_deadline

TOKENS = ["\\frac", "{", "}", "(", ")", "[", "]", "\\{", "\\}", ",", "=", "<", "\\le", "\\pm", "\\cup", "\\text{",
          " or ", " is ", "\\approx", "\\begin{pmatrix}", "\\end{pmatrix}", "&", "\\\\", "1", "23", "x", "-", "+",
          "^", "_", "!", "\\%", "\\$", ".", ":", "\\in", "\\mathbb{Z}", "for all ", "\\sqrt", "e", "i", "B)", " ",
          "{,}", "$", "\\left(", "\\right)", "\\infty", "\\circ", "\\ln", "|", "\\lfloor", "\\rfloor", "\\overline{",
          "10^", "\\times", "\\cdot", "x=", "\\text{ is }", ")", "]", "\\,"]
GOLDS = ["1", "x=2", "(1,2)", "[0,1)", "\\frac{1}{2}", "B", "2,3", "\\{1,2\\}", "x<3", "\\sqrt{2}", "yes", ")", " "]
spans = st.lists(st.sampled_from(TOKENS), max_size=25).map("".join)
questions = st.sampled_from([None, "Find all x.", "What is B? (A) 1 (B) 2", "Determine a and b."])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spans, st.one_of(st.sampled_from(GOLDS), spans), questions)
def test_compare_core_total(answer: str, gold: str, question: str | None) -> None:
    with item_deadline(2.0):
        m = compare_core(answer, gold, question)
    assert isinstance(m, Match)


HOSTILE = [
    ("\\{" * 200 + "1" + "\\}" * 200, "1"),
    ("\\{1\\}, " * 300 + "\\{2\\}", "1,2"),
    ("(1,2), " * 60, "1,2,1,2"),
    ("|" * 500, "1"),
    ("\\lfloor" * 100 + "x" + "\\rfloor" * 100, "x"),
    ("\\ln(" * 60 + "2" + ")" * 60, "2"),
    ("x_{" * 50 + "1" + "}" * 50, "x"),
    ("2^{" * 30 + "2" + "}" * 30, "4"),
    ("9^{9^{9^{9}}}", "1"),
    ("(" * 45 + "1" + ")" * 45, "1"),
    ("1" + "+1" * 299, "300"),
    ("\\sqrt{" + "9" * 250 + "}", "3"),
    ("x=" * 200 + "1", "1"),
    ("\\text{is }" * 100 + "3", "3"),
    ("", "1"),
    (")", ")"),
]


@pytest.mark.parametrize("answer,gold", HOSTILE, ids=[f"h{k}" for k in range(len(HOSTILE))])
def test_hostile_shapes_get_a_verdict(answer: str, gold: str) -> None:
    t0 = time.monotonic()
    with item_deadline(1.0):
        m = compare_core(answer, gold, "Find all x.")
    assert isinstance(m, Match)
    assert time.monotonic() - t0 < 4.0
