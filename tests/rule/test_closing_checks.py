"""What frontier models write after or around the final value (issue 14, round 4): a closing check that doubts and
then confirms the answer, a bold or boxed value with commentary in parentheses, a heading 'Answer:' line with a
remark, bullet lines that label their values. Seeded: each case is built over many values, and every accepted
form has a twin with a changed value or a correction that must stay rejected."""
from __future__ import annotations

import random

import pytest

import rlverify
from rlverify.rule.extract import extract_answer
from rlverify.rule.extract._checks import confirming_check
from rlverify.rule.extract._spans import bullet_item

RULE = rlverify.get_verifier("rule", timeout=10.0)

_CHECKS = ("Wait, I should double-check the case $n = {a}$. It gives ${b}$ solutions, consistent with the formula.",
           "Hold on, is the case $m = {a}$ counted correctly? That case contributes ${b}$, as counted above. Good.",
           "Actually, wait. Let me sanity-check with ${a}$ and ${b}$. Both give ${c}$ as expected.",
           "Wait, let me verify with $k = {a}$: plugging in gives ${a} + {b} = {c}$, which matches.")
_CORRECTIONS = ("Wait, I should double-check the case $n = {a}$. It was counted twice, so it is ${w}$ instead.",
                "Hold on, is the case $m = {a}$ counted correctly? No: it contributes ${b}$, so the total is ${w}$.",
                "Wait, let me verify with $k = {a}$. That fails, so I made an error; the count is ${w}$.",
                "Actually, wait. Let me re-check with ${a}$: it gives ${b}$, which does not match; the answer is ${w}$.")


def _numbers(rng: random.Random) -> dict:
    a, b = rng.randint(2, 9), rng.randint(2, 9)
    return {"a": a, "b": b, "c": a + b}


@pytest.mark.parametrize("seed", range(6))
def test_confirming_check_keeps_the_answer(seed: int) -> None:
    rng = random.Random(seed)
    for form in _CHECKS:
        v = rng.randint(20, 999)
        resp = f"We count the cases.\n\nSo the answer is $\\boxed{{{v}}}$.\n\n" + form.format(**_numbers(rng))
        got = RULE.verify(resp, str(v))
        assert got.correct, (resp, got)
        assert not RULE.verify(resp, str(v + 1)).correct


@pytest.mark.parametrize("seed", range(6))
def test_correcting_check_stays_a_retraction(seed: int) -> None:
    rng = random.Random(seed)
    for form in _CORRECTIONS:
        v = rng.randint(20, 999)
        w = v + rng.choice((-3, -1, 1, 2, 7))
        resp = f"We count the cases.\n\nTherefore, the answer is ${v}$.\n\n" + form.format(w=w, **_numbers(rng))
        assert not RULE.verify(resp, str(v)).correct, resp


def test_confirming_check_reader() -> None:
    assert confirming_check("Wait, I should double-check the case $n = 3$. It gives $2$ solutions, consistent.")
    assert confirming_check("Hold on, is the case $m = 2$ counted correctly? This checks out.")
    # no check set out, a correction, a question left open, no confirmation
    assert not confirming_check("Wait, the sum is $12$, consistent with the table.")
    assert not confirming_check("Wait, let me check: $3 + 4 = 8$. That is wrong, consistent with nothing.")
    assert not confirming_check("Wait, let me check $n = 3$. It matches. But is $n = 4$ allowed?")
    assert not confirming_check("Wait, let me check $n = 3$. It gives $8$.")
    assert not confirming_check("Wait, let me check. " + "It matches. " * 60)     # too long to be one check


@pytest.mark.parametrize("seed", range(4))
def test_value_with_commentary(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        v, k = rng.randint(10, 999), rng.randint(2, 9)
        half = f"{v}.5"
        cases = [
            (f"So the answer is **{half}** (i.e. $\\frac{{{2 * v + 1}}}{{2}}$).", f"\\frac{{{2 * v + 1}}}{{2}}"),
            (f"### Answer: {v} (since each of the ${k}$ pairs works)", str(v)),
            (f"## Final Answer: {v} (after removing the ${k}$ duplicates)", str(v)),
            (f"Therefore $\\boxed{{{v}\\ (\\text{{minimal}})}}$.", str(v)),
            (f"$$\\boxed{{{v}\\quad(\\text{{the largest possible value}})}}$$", str(v)),
        ]
        for resp, gold in cases:
            text = f"We use ${k}$ and ${k + 1}$.\n\n{resp}"
            assert RULE.verify(text, gold).correct, text
            assert not RULE.verify(text, str(v + 2)).correct, text


def test_remark_that_qualifies_stays() -> None:
    for remark in ("negative", "if order matters", "or more", "in thousands", "twice"):
        assert not RULE.verify(f"$\\boxed{{12\\ (\\text{{{remark}}})}}$", "12").correct, remark


def test_bullet_labels() -> None:
    assert bullet_item("**$a$**: $-2$") == "a = -2"
    assert bullet_item("$x_1$: $3$") == "x_1 = 3"
    assert bullet_item("**Minimum:** $2$") == "2"
    assert bullet_item("$x = 3$") == "x = 3"
    resp = "Solving the system.\n\n**Answer:**\n\n- **$a$**: $-2$\n- **$b$**: $1$"
    q = "Find the ordered pair $(a, b)$."
    assert RULE.verify(resp, "(-2, 1)", q).correct
    assert not RULE.verify(resp, "(1, -2)", q).correct
    assert not RULE.verify(resp.replace("$1$", "$3$"), "(-2, 1)", q).correct


def test_abbreviation_is_no_sentence_end() -> None:
    assert extract_answer("So the answer is **3.5** (i.e. $\\frac{7}{2}$).").answer == "3.5"
    assert extract_answer("The answer is **12** (e.g. for $n = 4$).").answer == "12"


_LINE_FORMS = ("- {w}: $\\boxed{{{v}}}$", "**{w}:** $\\boxed{{{v}}}$", "({k}) $\\boxed{{{v}}}$", "**Part {k}:** $\\boxed{{{v}}}$",
               "The {w} is $\\boxed{{{v}}}$.")


@pytest.mark.parametrize("seed", range(4))
def test_one_box_per_labelled_line(seed: int) -> None:
    """Several asked values, one box per labelled line closing the response: all of them, in order."""
    rng = random.Random(seed)
    for form in _LINE_FORMS:
        a, b = rng.sample(range(-50, 200), 2)
        sep = rng.choice(("\n", "\n\n"))
        lines = sep.join(form.format(w=w, k=k, v=v) for w, k, v in (("minimum", 1, a), ("maximum", 2, b)))
        resp = f"We find both values.\n\n### Final Answer\n\n{lines}"
        assert RULE.verify(resp, f"{a}, {b}").correct, resp
        assert not RULE.verify(resp, f"{a}, {b + 1}").correct, resp
        assert not RULE.verify(resp, str(b)).correct, resp


def test_derivation_lines_are_no_parts() -> None:
    """Steps, cases and a total that box intermediate values end on the answer, not a list of them."""
    for labels in (("Step 1", "Step 2", "Total"), ("Case 1", "Case 2", "Answer"), ("First", "Check", "Final answer")):
        resp = "Counting.\n\n" + "\n".join(f"**{lab}:** $\\boxed{{{v}}}$" for lab, v in zip(labels, (3, 4, 7)))
        assert RULE.verify(resp, "7").correct, resp
        assert not RULE.verify(resp, "3, 4, 7").correct, resp
    # numbered lines must count from 1
    assert not RULE.verify("(2) $\\boxed{3}$\n(3) $\\boxed{4}$", "3, 4").correct


@pytest.mark.parametrize("seed", range(4))
def test_value_or_its_restatement(seed: int) -> None:
    """'a (or b)' of one exact value is that value; of two values it offers two (also after the box)."""
    rng = random.Random(seed)
    for _ in range(6):
        den = rng.choice((2, 4, 5, 8, 20))
        num = rng.choice([k for k in range(1, 4 * den) if k % den])
        dec = format(num / den, ".10g")
        frac = f"\\frac{{{num}}}{{{den}}}"
        other = format(num / den + rng.choice((0.1, -0.1, 1)), ".10g")
        for form in ("$\\boxed{{{a} \\text{{ (or }} {b})}}$", "$\\boxed{{{a}\\ (\\text{{or }} {b})}}$",
                     "$\\boxed{{{a}}}$ (or ${b}$)", "$\\boxed{{{a}}}$, or equivalently ${b}$."):
            assert RULE.verify("So\n\n" + form.format(a=frac, b=dec), frac).correct, (form, frac, dec)
            assert RULE.verify("So\n\n" + form.format(a=dec, b=frac), frac).correct, (form, dec, frac)
            assert not RULE.verify("So\n\n" + form.format(a=frac, b=other), frac).correct, (form, frac, other)
    # an alternative under a condition leaves the box the answer
    assert RULE.verify("The answer is $\\boxed{7}$ (or $14$ if order matters).", "7").correct


def test_answer_row_of_a_table() -> None:
    table = "| Quantity | Value |\n|---|---|\n| pairs | 6 |\n| **Answer** | **{v}** |"
    assert RULE.verify("Summary.\n\n" + table.format(v=42), "42").correct
    assert not RULE.verify("Summary.\n\n" + table.format(v=43), "42").correct


@pytest.mark.parametrize("seed", range(4))
def test_exact_value_and_its_approximation(seed: int) -> None:
    """'a \\approx d' is one answer when d is a rounded or cut: then either member meets the reference; when d is
    another value the exact member alone is the answer (a slip in the gloss), and the decimal meets nothing."""
    rng = random.Random(seed)
    for _ in range(6):
        num, den = rng.randint(1, 60), rng.choice((3, 7, 9, 11, 13))
        if num % den == 0:
            continue
        v = num / den
        frac = f"\\frac{{{num}}}{{{den}}}"
        good = format(round(v, 3), ".3f")
        bad = format(round(v, 3) + rng.choice((0.01, -0.02, 0.1)), ".3f")
        assert RULE.verify(f"$\\boxed{{{frac} \\approx {good}}}$", frac).correct
        assert RULE.verify(f"$\\boxed{{{frac} \\approx {good}}}$", good).correct
        assert RULE.verify(f"$\\boxed{{{frac} \\approx {bad}}}$", frac).correct, (frac, bad)
        assert not RULE.verify(f"$\\boxed{{{frac} \\approx {bad}}}$", bad).correct, (frac, bad)
        other = f"\\frac{{{num + 1}}}{{{den}}}"        # a wrong exact value beside the reference's decimal
        assert not RULE.verify(f"$\\boxed{{{other} \\approx {good}}}$", good).correct, (other, good)
    assert RULE.verify("$\\boxed{\\frac{\\sqrt{3}}{2} \\approx 0.866}$", "0.866").correct
    assert not RULE.verify("$\\boxed{\\frac{\\sqrt{3}}{3} \\approx 0.866}$", "0.866").correct


def test_a_bounded_value_in_the_box_is_no_single_value():
    """'\\boxed{12\\ (\\text{at least})}', '12 or more', '(maybe)': a hedge, never equal and never judged."""
    import rlverify

    v = rlverify.get_verifier("rule")
    for box in ["12\\ (\\text{at least})", "12\\ (\\text{at most})", "12 \\text{ or more}", "12\\ (\\text{maybe})",
                "12 \\text{ (or less)}"]:
        got = v.verify(f"So the answer is $\\boxed{{{box}}}$.", "12", "Find the least value.")
        assert not got.correct and "hedge" in got.flags, (box, got)
    assert v.verify("So the answer is $\\boxed{12 \\text{ (at } x = 3)}$.", "12", "Find the least value.").correct


def test_therefore_sign_opening_the_displayed_answer():
    import rlverify

    v = rlverify.get_verifier("rule")
    got = v.verify("Combining.\n\n$$ 1 + 2 = 3 $$\n\n$$\\therefore\\ \\frac{2015 \\cdot 2013}{4}$$\n\n$\\blacksquare$",
                   "\\frac{4056195}{4}")
    assert got.correct and got.extracted == "\\frac{2015 \\cdot 2013}{4}", got
    assert not v.verify("So $$\\therefore\\ 13$$", "12").correct


def test_a_restatement_with_digit_groups_inside_a_fraction():
    import rlverify

    v = rlverify.get_verifier("rule")
    assert v.verify("Answer: $998.5$, or equivalently $\\frac{1,\\!997}{2}$.", "\\frac{1997}{2}").correct
    assert "hedge" in v.verify("Answer: $998.5$, or equivalently $\\frac{1,\\!995}{2}$.", "\\frac{1997}{2}").flags
