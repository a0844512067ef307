"""Remarks frontier models write beside a final value (issue 14, round 5): a box holding the value and a parenthetical
that restates or computes it, an approximation alone where the question asks for a rounding. Seeded over many values;
every accepted form has a twin (a changed value, a remark that bounds, doubts or names another value, a wrong
rounding) that must stay rejected."""
from __future__ import annotations

import random

import pytest

import rlverify
from rlverify.analysis.metamorphic.closing import words

RULE = rlverify.get_verifier("rule", timeout=10.0)


def _boxed(inner: str) -> str:
    return f"We count the cases and simplify.\n\nTherefore the answer is $\\boxed{{{inner}}}$."


_RESTATE = ("{v}\\text{{ (i.e., }} {a} \\times {b})", "{v} \\text{{ (namely }} {a} \\cdot {b})", "{v}\\ (= {a} \\cdot {b})",
            "{v} \\quad (\\text{{that is, }} {a} \\times {b})", "{v}\\ (\\text{{because }} {a} \\cdot {b} = {v})",
            "{v} \\text{{ (as }} {a} \\times {b} = {v}\\text{{)}}", "{v} \\ (\\text{{equivalently }} {a} \\times {b})",
            "{v}\\ (\\text{{{w}}})", "{v} \\text{{ ({w})}}", "{v} \\text{{ (i.e. {w})}}", "{v} \\text{{ (which is }} {a} \\times {b})",
            "{v} \\text{{ (because there are {a} rows of {b})}}")
_HEDGED = ("{v} \\text{{ (because there are at least {a} rows)}}", "{v}\\text{{ (at least)}}", "{v}\\ (\\text{{approximately}})", "{v} \\text{{ (or }} {o})", "{v}\\ (\\text{{or }} {o})",
           "{v}\\text{{ (i.e., }} {a} \\times {c})", "{v}\\ (\\text{{{wo}}})", "{v} \\text{{ (roughly)}}",
           "{v}\\ (\\text{{because }} {a} \\cdot {c} = {o})", "{v} \\text{{ (or more)}}")


@pytest.mark.parametrize("seed", range(4))
def test_box_with_a_restating_remark_is_read(seed: int) -> None:
    rng = random.Random(seed)
    for form in _RESTATE:
        a, b = rng.randint(2, 12), rng.randint(2, 12)
        v = a * b
        got = RULE.verify(_boxed(form.format(v=v, a=a, b=b, w=words(v))), str(v))
        assert got.correct, (form, v, got)
        o = v + rng.choice((-2, -1, 1, 2, 10))     # the same remark around a changed value
        wrong = RULE.verify(_boxed(form.format(v=o, a=a, b=b, w=words(o)).replace(f"= {v}", f"= {o}")), str(v))
        assert not wrong.correct, (form, o, wrong)


@pytest.mark.parametrize("seed", range(4))
def test_box_with_a_hedging_remark_stays_rejected(seed: int) -> None:
    rng = random.Random(seed)
    for form in _HEDGED:
        a, b = rng.randint(2, 12), rng.randint(2, 12)
        v, c = a * b, b + 1
        o = v + rng.choice((-2, -1, 1, 2, 10))
        resp = _boxed(form.format(v=v, a=a, c=c, o=o, wo=words(o)))
        got = RULE.verify(resp, str(v))
        assert not got.correct, (resp, got)


def test_a_rounding_remark_counts_only_where_a_rounding_is_asked() -> None:
    """'3.46 (approx.)' meets the rounding the question asks for; without one, '(approx.)' keeps the value inexact."""
    assert not RULE.verify(_boxed("12 \\text{ (approx.)}"), "12", "How many pairs are there?").correct
    assert not RULE.verify(_boxed("3.46 \\text{ (approx.)}"), "2\\sqrt{3}", "Find the length.").correct


@pytest.mark.parametrize("seed", range(3))
def test_a_number_in_words_after_the_answer(seed: int) -> None:
    """'Answer: 5 (five)' is one value; 'Answer: 5 (six)', '5 (or six)', '5, or six' offer two (a hedge)."""
    rng = random.Random(seed)
    for line in ("Answer: {v} ({w})", "**Answer:** {v} ({w})", "The answer is {v} ({w}).", "Answer: {v} (or {w})",
                 "Final answer: {v}, or {w}", "Final answer: ${v}$, or {w}", "**Answer:** ${v}$ ({w})"):
        v = rng.randint(2, 99)
        o = v + rng.choice((-1, 1, 10))
        same = RULE.verify("We count.\n\n" + line.format(v=v, w=words(v)), str(v))
        assert same.correct or "or" in line, (line, v, same)
        assert not RULE.verify("We count.\n\n" + line.format(v=v, w=words(o)), str(v)).correct, (line, v, o)


def test_an_exact_value_with_its_decimal_in_parentheses() -> None:
    for inner, ok in (("2\\sqrt{3}\\ (\\approx 3.464)", True), ("2\\sqrt{3} \\text{ (approximately } 3.46)", True),
                      ("\\frac{3\\pi}{4}\\ (\\approx 2.35619)", False), ("2\\sqrt{3}\\ (\\approx 3.47)", False),
                      ("2\\sqrt{3}\\ (\\approx 4.1)", False)):
        assert RULE.verify(_boxed(inner), "2\\sqrt{3}").correct is ok, inner
    assert RULE.verify(_boxed("(3\\pi)/4\\ (\\approx 2.35619)"), "\\frac{3\\pi}{4}").correct


def test_fraction_restated_as_its_decimal() -> None:
    assert RULE.verify(_boxed("\\frac{9}{256}\\ (= 0.03515625)"), "\\frac{9}{256}").correct
    assert RULE.verify(_boxed("\\frac{1}{2} \\text{ (i.e. } 0.5\\text{)}"), "\\frac12").correct
    assert not RULE.verify(_boxed("\\frac{1}{2} \\text{ (i.e. } 0.25\\text{)}"), "\\frac12").correct
    assert RULE.verify(_boxed("-5\\ (\\text{because } -(3 + 2) = -5)"), "-5").correct
    assert RULE.verify(_boxed("1,\\! 800\\quad(\\text{one thousand eight hundred})"), "1800").correct
    assert not RULE.verify(_boxed("1,\\! 800\\quad(\\text{one thousand eight hundred one})"), "1800").correct


_ROUNDING = ("Round your answer to {k} decimal places.", "Give your answer to the nearest {p}.")
_APPROX = ("\\boxed{{\\approx {d}}}", "\\boxed{{x \\approx {d}}}", "\\boxed{{x = {d}}}", "\\boxed{{L \\approx {d}}}",
           "\\boxed{{{d} \\text{{ (approx.)}}}}", "\\boxed{{{d}\\ (\\text{{rounded}})}}",
           "\\boxed{{{d} \\text{{ (to the nearest hundredth)}}}}")


@pytest.mark.parametrize("gold,value", [("2\\sqrt{3}", 12 ** 0.5), ("\\frac{\\pi}{4}", 0.7853981633974483),
                                        ("\\frac{6}{11}", 6 / 11), ("\\sqrt{29}", 29 ** 0.5)])
def test_an_approximation_alone_is_read_as_its_decimal(gold: str, value: float) -> None:
    """'x \\approx 3.464' meets the rounding the question asks for exactly as '\\approx 3.464' and '3.464' do; a decimal
    off in its last place stays wrong, and without a rounding asked a four-digit decimal stays no answer."""
    for k, p in ((2, "hundredth"), (3, "thousandth")):
        for instruction in _ROUNDING:
            q = "Find the value of $x$. " + instruction.format(k=k, p=p)
            d = f"{value:.{k}f}"
            off = f"{value + 2 * 10 ** -k:.{k}f}"
            for form in _APPROX:
                assert RULE.verify("So $" + form.format(d=d) + "$.", gold, q).correct, (form, d, q)
                assert not RULE.verify("So $" + form.format(d=off) + "$.", gold, q).correct, (form, off, q)
    q = "Find the value of $x$."
    for form in _APPROX[:4]:
        plain = RULE.verify("So $" + form.format(d=f"{value:.3f}") + "$.", gold, q).correct
        assert plain == RULE.verify(f"So $\\boxed{{{value:.3f}}}$.", gold, q).correct


_STATED = ("The answer is $\\boxed{{{v}}}$.", "$$\\boxed{{{v}}}$$", "**Answer:** ${v}$", "**Final Answer:** ${v}$",
           "Therefore, the answer is ${v}$.")
_CONDITIONED = ("(Note: if the question meant ordered pairs, the answer would be ${w}$.)",
                "**Note:** If the problem intended distinct values only, the answer would be ${w}$.",
                "*Note:* If one reads the question as asking for the perimeter, the answer would instead be ${w}$.",
                "(If instead the problem asks for the sum, the answer would be ${w}$.)",
                "Remark: under the other reading (repetition allowed), the answer would be ${w}$.",
                "Note that were the question to ask for the smallest such value, the answer would be ${w}$.",
                "(If order matters, the answer would be ${w}$.)", "*Note:* If $0$ is excluded, the answer would be ${w}$.",
                "Note: counting the endpoints instead, the answer would be ${w}$.")
_SECOND = ("(Or possibly ${w}$.)", "Or maybe {w}.", "Note: the answer might be ${w}$ instead.",
           "**Note:** ${w}$ is also a valid answer.", "*Note:* it may also be ${w}$.",
           "(Note: the answer could also be ${w}$.)", "Alternatively, the answer is ${w}$.")


@pytest.mark.parametrize("seed", range(3))
def test_a_note_on_another_reading_keeps_the_stated_answer(seed: int) -> None:
    """A note conditioned on another reading of the question neither replaces nor doubts the answer stated for this
    one; the same note after a wrong answer stays wrong, and an unconditioned second answer is a hedge."""
    rng = random.Random(seed)
    for stated in _STATED:
        for note in _CONDITIONED + _SECOND:
            v = rng.randint(2, 999)
            w = v + rng.choice((-3, -1, 1, 2, 7))
            sep = rng.choice(("\n\n", " ", "\n"))
            resp = "We count the cases.\n\n" + stated.format(v=v) + sep + note.format(w=w)
            got = RULE.verify(resp, str(v), "How many pairs are there?")
            assert got.correct == (note in _CONDITIONED), (resp, got)
            swapped = "We count the cases.\n\n" + stated.format(v=w) + sep + note.format(w=v)
            assert not RULE.verify(swapped, str(v), "How many pairs are there?").correct, swapped


def test_notes_readers() -> None:
    from rlverify.rule.extract._notes import offered_alternative, other_reading

    assert other_reading("The answer is 12.\n\n(Note: if the question meant ordered pairs, ")
    assert other_reading("**Note:** Under another interpretation, ")
    assert not other_reading("If we add the two cases, ")          # a condition of the working, not of the question
    assert not other_reading("So ")
    assert other_reading("**Answer:** 12\n\nIf order matters, ", "the answer would be")      # a hypothetical: any condition
    assert not other_reading("The answer is 12. If I made an error, ", "the answer would be")  # ... but a doubt
    assert not other_reading("If order matters, ", "the answer is")
    assert offered_alternative("$. (Or possibly $14$.)", "12")
    assert offered_alternative(" **Note:** $14$ is also a valid answer.", "12")
    assert not offered_alternative("$. (Or possibly $12.0$.)", "12")    # the same value again
    assert not offered_alternative(". If order matters, it could also be $14$.", "12")
    assert not offered_alternative(". This checks out.", "12")


_TOGETHER = ("Both {a} and {b} work.", "Either {a} or {b} works; both are solutions.", "So {a} and {b} both satisfy the equation.",
             "The values {a} and {b} both check out, so these are the solutions.", "After checking, {a} and {b} are both valid "
             "solutions.", "Hence {a} or {b}; both values satisfy the original equation.",
             "Both values check out: {a} and {b}.", "Both roots, {a} and {b}, satisfy the equation.")
_NOT_TOGETHER = ("Both {a} and {b} work, but only {a} is positive.", "Either {a} or {b} works.", "It is either {a} or {b}.",
                 "Neither {a} nor {b} works.", "Both {a} and {b} might work.")


@pytest.mark.parametrize("seed", range(3))
def test_a_closing_that_names_several_values_as_all_working(seed: int) -> None:
    """'Both $1$ and $-3$ work.' states the list of values: it meets the list reference (in any order) and never a
    reference naming one of them (a last-number guess read the last value); one value changed stays wrong."""
    rng = random.Random(seed)
    q = "Find all real numbers $x$ that satisfy the equation."
    for form in _TOGETHER:
        a, b = rng.sample(range(-30, 40), 2)
        for shown in (lambda v: f"${v}$", lambda v: f"$x = {v}$", str):
            resp = "We solve the equation and check each root.\n\n" + form.format(a=shown(a), b=shown(b))
            assert RULE.verify(resp, f"{a}, {b}", q).correct, resp
            assert RULE.verify(resp, f"{b}, {a}", q).correct, resp
            assert not RULE.verify(resp, str(b), q).correct, resp
            assert not RULE.verify(resp, f"{a}, {b + 1}", q).correct, resp
    for form in _NOT_TOGETHER:
        a, b = rng.sample(range(-30, 40), 2)
        resp = "We solve the equation and check each root.\n\n" + form.format(a=f"${a}$", b=f"${b}$")
        assert not RULE.verify(resp, str(a), "Find $x$.").correct, resp
        assert not RULE.verify(resp, str(b), "Find $x$.").correct, resp


def test_together_reader() -> None:
    from rlverify.rule.extract._together import values_all_working as read

    assert read("Each of $k = 1$, $k = 3$, and $k = 9$ works, so all of them are solutions.") == "1, 3, 9"
    assert read("All three $0$, $-2$, and $2$ satisfy the equation.") == "0, -2, 2"
    assert read("Both $a = 1$ and $b = 2$ work.") == "a = 1, b = 2"       # two unknowns: kept named
    assert read("$11 \\text{ or } 13$ (both work).") == "11, 13"             # two values in one math segment
    assert read("$x = 2 \\text{ or } x = 5$.") is None
    assert read("Both $1$ and $-3$ fail.") is None
    assert read("Only $1$ and $2$ work.") is None
    assert read("Both $1$ and $-3$ work for $n = 4$.") is None               # another value outside the list


def test_a_percent_restates_its_proportion():
    import random

    from rlverify.rule.compare import compare

    rng = random.Random(20)
    q = "What is the probability that both are red?"
    for _ in range(40):
        num, den = rng.choice([(1, 2), (1, 4), (3, 4), (1, 5), (2, 5), (1, 8), (3, 8), (1, 10)])
        pct = f"{100 * num / den:g}"
        frac = f"\\dfrac{{{num}}}{{{den}}}"
        said = rng.choice([f"{frac}\\text{{ (i.e., }}{pct}\\%\\text{{)}}", f"{frac} \\ (\\text{{that is, }} {pct}\\%)",
                           f"{pct}\\% \\text{{ (i.e., }} {frac}\\text{{)}}"])
        assert compare(said, f"\\frac{{{num}}}{{{den}}}", q).equal, said
        other = f"{frac}\\text{{ (i.e., }}{float(pct) + 10:g}\\%\\text{{)}}"
        assert not compare(other, f"\\frac{{{num}}}{{{den}}}", q).equal, other


@pytest.mark.parametrize("seed", range(4))
def test_remark_after_the_stated_value_naming_another_number(seed: int) -> None:
    """'**Answer:** $5\\;762$ (five thousand seven hundred sixty-six)', '$\\boxed{5762}$ (i.e. 5766)', 'The answer is
    $5762$ (i.e. 5766).': a remark after a box or an answer line that names another number offers two answers (a
    hedge); the same number again (in words, or restated) is no second answer. Seeded values, TeX digit groupings."""
    rng = random.Random(seed)
    for _ in range(6):
        v = rng.randint(1001, 99_999)
        o = v + rng.choice((-10, -4, 4, 10))
        grouped = rng.choice((f"{v // 1000}\\;{v % 1000:03d}", f"{v // 1000}\\,{v % 1000:03d}", f"{v // 1000}{{,}}{v % 1000:03d}", str(v)))
        for shown in (f"**Answer:** ${grouped}$", f"So the answer is $\\boxed{{{grouped}}}$", f"The answer is ${grouped}$"):
            for remark_same, remark_other in ((f"({words(v)})", f"({words(o)})"), (f"(i.e. {v})", f"(i.e. {o})")):
                same = f"We count the cases.\n\n{shown} {remark_same}."
                other = f"We count the cases.\n\n{shown} {remark_other}."
                assert RULE.verify(same, str(v)).correct, same
                assert not RULE.verify(other, str(v)).correct, other
                assert not RULE.verify(other, str(o)).correct, other
