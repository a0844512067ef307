"""Property-based fuzzing: no exception escapes ``verify``; every call returns a Verdict in bound."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rlverify import Flag, Verdict
from rlverify.runtime import bounded
from rlverify.rule.extract import extract_answer
from rlverify.rule.fastpath import fast_compare
from rlverify.rule.verifier import RuleVerifier
from rlverify.rule.sanitize import answer_refusal, sanitize

_TOKENS = [
    "\\boxed{", "\\fbox{", "{", "}", "\\frac{", "\\dfrac", "\\sqrt{", "^", "_", "!", "(", ")", "[", "]",
    "\\left(", "\\right)", "\\pi", "\\infty", "\\cdot", "\\times", "+", "-", "/", "=", ",", ".", "%",
    "\\%", "$", "x", "y", "n", "e", "i", "0", "1", "2", "9", "10", "99", "\\text{", "cm", " ", "\n",
    "\\\\", "&", "\\begin{pmatrix}", "\\end{pmatrix}", "\\le", "\\pm", "\\in", "\\cup", "\\emptyset",
    "Final Answer:", "The answer is", "**", "</think>", "# Answer", "½", "π", "√", "∞", "é", "\u0301",
    "\x00", "\ud800", "😀", "\\int", "\\sum_{n=1}^{", "\\lim", "9^{9^{9}}", "1000!", "\\log",
]

latex_like = st.lists(st.one_of(st.sampled_from(_TOKENS), st.text(max_size=3)), max_size=40).map("".join)
golds = st.one_of(st.sampled_from(["1", "\\frac12", "x^2+1", "[0,1)", "(1,2)", "A", "5 cm", "\\pi"]),
                  latex_like)

_VERIFIER = RuleVerifier(timeout=0.3)
_SLACK = 1.0


def setup_module() -> None:
    bounded.warm_up(1)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(response=latex_like, gold=golds)
def test_verify_always_returns_a_verdict_within_bound(response: str, gold: str) -> None:
    t0 = time.monotonic()
    v = _VERIFIER.verify(response, gold)
    assert isinstance(v, Verdict)
    assert v.correct in (True, False) and v.score in (0.0, 1.0)
    assert Flag.ERROR not in v.flags and not any(f.startswith("error:") for f in v.flags), v.flags
    assert time.monotonic() - t0 < _VERIFIER.timeout + _SLACK


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(response=latex_like, gold=golds, question=st.one_of(st.none(), latex_like))
def test_cheap_layers_never_raise(response: str, gold: str, question: str | None) -> None:
    s = sanitize(response, gold, question)
    s.response.encode("utf-8")
    ex = extract_answer(s.response)
    if ex.answer is not None:
        answer_refusal(ex.answer)
        fast_compare(ex.answer, s.gold, s.question)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=st.one_of(st.none(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=30),
                       st.lists(st.integers(), max_size=3)))
def test_non_string_inputs_never_raise(value: object) -> None:
    v = _VERIFIER.verify(value, value)  # type: ignore[arg-type]
    assert isinstance(v, Verdict) and not any(f.startswith("error") for f in v.flags), v.flags
