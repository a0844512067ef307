"""Unit tests for rlverify.rule.extract._prose: answer markers, weak cues and the fallback."""

from __future__ import annotations

import random

import pytest

import rlverify
from rlverify.rule.extract._prose import _EXPLICIT_MARKERS, _from_markers, _from_prose

RULE = rlverify.get_verifier("rule", timeout=10.0)


def test_last_marker_wins_and_reports_its_position():
    text = "The answer is 4.\n\nWait. The correct answer is 5."
    ex, pos = _from_markers(text)
    assert ex.answer == "5" and text[pos:].startswith("The correct answer is")


def test_marker_question_is_not_an_answer():
    assert _from_markers("What is the final answer?\nLet us see.") is None


def test_explicit_marker_kinds():
    assert {"final_answer", "heading", "answer_line"} == set(_EXPLICIT_MARKERS)
    assert _from_markers("x\n# Answer\n\n5")[0].method == "heading"
    assert _from_markers("x\nA: 26")[0].method == "answer_line"
    assert _from_markers("Points\nA: (0,0)\nB: (1,1)") is None


def test_prose_evidence_order():
    assert _from_prose("The answer is a decimal.\n\nIt repeats.\n\nThe digit is **6**.").method == "bold"
    assert _from_prose("Answer: 12\n\nExplanation:\n\nThus each of 3 holds 4.").answer == "12"
    assert _from_prose("Work.\n\nTherefore, 20 workers are needed in 4 hours.").answer == "20"
    ex = _from_prose("We computed and got 17 in the end")
    assert (ex.answer, ex.method, ex.flags) == ("17", "last_number", ("fallback",))


def test_truncated_responses_state_no_answer():
    ex = _from_prose("Day 14: 32768 feet * 2 =")
    assert ex.answer is None and ex.flags == ("truncated",)


def test_bold_answer_heading_with_a_period():
    ex, _ = _from_markers("We are done.\n\n**Answer.** $1$ and $2$.")
    assert ex.method == "answer_line" and ex.answer.replace(" ", "") in ("1and2", "1,2")
    ex, _ = _from_markers("**Final Answer.** $x = 7$")
    assert "7" in ex.answer


@pytest.mark.parametrize("text", [
    "Some work.\nThe final answer is 12.", "最终答案是 5", "答案：7", "THE FINAL ANSWER IS 3", "x\n#### 12",
    "**Answer:** 4", "A: 5", "the correct option is (B)", "Ans: 4", "The answers are 1, 2",
    "İ" * 500 + " so the answer is 9.", "the" + " " * 150 + "answer is 4", "no marker at all 5",
    "A: 5\n\n  \n", "x\nA: 5\ny", "A: 1\nA: 2", "A: 1\n\nA: 2 \t\n", "  A : 3", "A: 4\r\n", "A: 4\u2003\n\u2003",
])
def test_marker_prefilter_finds_what_every_marker_regex_finds(text: str) -> None:
    from rlverify.rule.extract import _prose

    every = [(method, m.span()) for method, rx in _prose._MARKERS for m in rx.finditer(text)]
    filtered = [(method, m.span()) for method, m in _prose._marker_matches(text)]
    assert sorted(filtered) == sorted(every)


@pytest.mark.parametrize("seed", range(3))
def test_one_counting_the_subject_of_a_counting_verb(seed: int) -> None:
    """'Thus one arrangement remains.', 'Finally, one numbers remain after all the cases.' (the metamorphic number_words
    family writes the plural): "one" counts the subject of remain / satisfy / exist / work; 'at least one ... remains'
    and 'one of ...' state no count."""
    rng = random.Random(seed)
    nouns = ("arrangement", "arrangements", "points", "integer", "integers", "way", "ways", "solution", "pair")  # ('one point
    verbs = ("remains", "remain", "satisfies the condition", "exists", "works")                           # five' is 1.5)
    leads = ("Thus", "So", "Therefore,", "Finally,", "This means")
    for _ in range(8):
        text = f"We check every case.\n\n{rng.choice(leads)} one {rng.choice(nouns)} {rng.choice(verbs)}."
        assert RULE.verify(text, "1").correct, text
        assert not RULE.verify(text, "2").correct, text
        hedged = text.replace(" one ", " at least one ")
        assert not RULE.verify(hedged, "1").correct, hedged


@pytest.mark.parametrize("seed", range(3))
def test_answer_line_in_python_spelling(seed: int) -> None:
    """'Final answer: np.arccos(7/16)' and a code fence holding 'np.arcsin(10/13)' are read whole (the module name
    is no prose word): the argument alone ('7/16') was the extraction. Another argument stays wrong."""
    rng = random.Random(seed)
    for _ in range(5):
        p, q = rng.randint(1, 9), rng.randint(10, 19)
        fn, mod = rng.choice(("sin", "cos", "tan")), rng.choice(("np", "numpy", "math"))
        py, tex = f"{mod}.arc{fn}({p}/{q})", f"\\arc{fn}\\left(\\frac{{{p}}}{{{q}}}\\right)"
        for text in (f"We solve for the angle.\n\nFinal answer: {py}", f"We solve for the angle.\n\nFinal answer:\n```\n{py}\n```"):
            assert RULE.verify(text, tex).correct, text
            assert not RULE.verify(text, tex.replace(f"{{{q}}}", f"{{{q + 1}}}")).correct, text
            assert not RULE.verify(text, f"\\frac{{{p}}}{{{q}}}").correct, text


@pytest.mark.parametrize("seed", range(3))
def test_last_line_math_then_unit_after_a_lead_in(seed: int) -> None:
    """'Putting it together, we conclude\\n$1000$ rad/s': the last line, one math segment and its unit in words, is the
    answer with its unit (an earlier sentence listing the given values was read instead). A changed value or a unit of
    another dimension stays wrong."""
    rng = random.Random(seed)
    units = (("rad/s", "s"), ("kJ", "kg"), ("m/s", "kg"), ("cm", "s"), ("kg", "m"))
    for _ in range(6):
        v = rng.randint(2, 9999)
        unit, other = rng.choice(units)
        delim = rng.choice((("$", "$"), ("\\(", "\\)")))
        text = (f"The quantities involved are ${rng.randint(1, 9)}$, ${rng.randint(1, 9)}$. Now we put the pieces together."
                f"\n\nPutting it together, we conclude\n{delim[0]}{v}{delim[1]} {unit}")
        assert RULE.verify(text, f"{v}\\ \\mathrm{{{unit}}}").correct, text
        assert not RULE.verify(text, f"{v + 1}\\ \\mathrm{{{unit}}}").correct, text
        assert not RULE.verify(text, f"{v}\\ \\mathrm{{{other}}}").correct, text
