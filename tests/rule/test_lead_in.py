"""A final value introduced by a lead-in (issues 14/15): a line or label in any wording ("Final result:",
"The value we want is", "Answer", "Hence we get" ...) followed by a math span on the same line or the
line(s) below it, in LaTeX, unicode or ASCII math. The lead-ins and values here come from a seeded grammar
whose words differ from the metamorphic generator's, so a phrase list cannot pass; near-misses built the
same way (a score/verdict label, a step number, a qualifier or hedge in the lead, a retraction, a cut-off
calculation, several values, master-key replies) must stay rejected and never reach a judge."""

from __future__ import annotations

import random

import pytest

from rlverify import get_verifier
from rlverify.rule.extract import extract_answer

SEED = 20261201

_OPENERS = ("", "", "Consequently", "Thus", "So", "Accordingly,", "Taken together,", "In summary,", "Overall,",
            "With everything simplified,", "Hence")
_SUBJECTS = ("the sought quantity", "the number asked for", "the quantity in question", "the length we need",
             "the requested value", "our computed total", "the unknown", "the expression", "what remains")
_VERBS = ("equals", "is", "comes to", "works out as", "evaluates to", "is exactly", "ends up being", "is precisely")
_CLAUSES = ("we are left with", "one arrives at", "the calculation gives", "simplifying yields", "it follows that",
            "we deduce", "substitution produces", "we land on")
_LABELS = ("Result", "Outcome", "Value", "Final value", "Computed result", "Answer", "Conclusion", "Total",
           "Final quantity")


def _lead(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.3:
        text = rng.choice(_LABELS) + rng.choice(("", ":", " -", " \u2014"))
        return f"**{text}**" if rng.random() < 0.25 else text
    body = f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)}" if r < 0.65 else rng.choice(_CLAUSES)
    text = f"{rng.choice(_OPENERS)} {body}".strip() + rng.choice(("", ":"))
    return text[0].upper() + text[1:]


def _grouped(k: int, sep: str) -> str:
    s = str(k)
    head = len(s) % 3 or 3
    return sep.join([s[:head]] + [s[i:i + 3] for i in range(head, len(s), 3)])


def _value(rng: random.Random) -> tuple[str, str]:
    """(gold, a rendering of it): LaTeX, unicode, ASCII, grouped digits, an 'x =' prefix."""
    a, b = rng.randint(2, 9), rng.randint(2, 13)
    k = rng.randint(1_001, 999_999)
    forms = [
        (f"\\frac{{-1+\\sqrt{{{a}}}}}{{{b}}}", [f"$\\frac{{-1+\\sqrt{{{a}}}}}{{{b}}}$", f"(\u22121+\u221a{a})/{b}",
                                               f"(-1+sqrt({a}))/{b}", f"$$\\dfrac{{-1+\\sqrt {a}}}{{{b}}}$$"]),
        (str(k), [f"${_grouped(k, sep)}$" for sep in (",\\!", ",\\! ", "{,}", "\\,")] + [str(k), f"\\[{_grouped(k, ',')}\\]"]),
        (f"\\sqrt{{{a}}}", [f"sqrt({a})", f"\u221a{a}", f"$\\sqrt{{{a}}}$"]),
        (f"\\frac{{\\pi}}{{{b}}}", [f"x = pi/{b}", f"\u03c0/{b}", f"$x = \\frac{{\\pi}}{{{b}}}$"]),
        (f"{a}\\sqrt{{{b}}}", [f"{a}\u221a{b}", f"{a}*sqrt({b})", f"${a}\\sqrt{{{b}}}$"]),
        (f"-{k}", [f"\u2212{k}", f"-{k}", f"$-{k}$"]),
        ("\\pi", ["\u03c0", "pi", "$\\pi$"]),
    ]
    gold, renderings = rng.choice(forms)
    return gold, rng.choice(renderings)


def _preamble(rng: random.Random) -> str:
    x, y = rng.randint(2, 60), rng.randint(2, 60)
    return rng.choice((f"We are given ${x}$ and ${y}$. We work through the algebra.",
                       f"Set up the problem with {x} and {y}.\n\n$$ {x} + {y} = {x + y} $$",
                       "Let me reason carefully about each part and check it."))


def _respond(rng: random.Random, lead: str, value: str) -> str:
    sep = rng.choice((" ", "\n", "\n\n"))
    if value.startswith(("$$", "\\[")):
        sep = rng.choice(("\n", "\n\n"))
    return f"{_preamble(rng)}\n\n{lead}{sep}{value}"


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", timeout=10.0)


@pytest.fixture(scope="module")
def hybrid():
    return get_verifier("hybrid", judge="gullible")


def _cases(n: int, seed: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        gold, value = _value(rng)
        out.append((_respond(rng, _lead(rng), value), gold))
    return out


def test_lead_in_values_are_read_and_accepted(rule) -> None:
    cases = _cases(240, SEED)
    missed = [(r[-90:], g, v.extracted, v.flags) for r, g in cases if not (v := rule.verify(r, g)).correct]
    assert len(missed) <= 2, f"{len(missed)}/{len(cases)} missed, e.g. {missed[:5]}"


def test_lead_in_is_a_declared_answer_not_a_guess() -> None:
    rng = random.Random(SEED + 1)
    for _ in range(80):
        gold, value = _value(rng)
        ex = extract_answer(_respond(rng, _lead(rng), value))
        assert ex.answer is not None and "fallback" not in ex.flags and not ex.hedge, (value, ex)


def test_a_wrong_lead_in_value_is_judged_or_different(hybrid) -> None:
    """The hybrid sees a read value: a wrong one is 'different' (final) or goes to the judge, never blocked as a guess."""
    rng = random.Random(SEED + 2)
    for _ in range(30):
        k = rng.randint(1_001, 99_999)
        grouped = _grouped(k, ",\\!")
        v = hybrid.verify(_respond(rng, _lead(rng), f"${grouped}$"), str(k + 1))
        assert "fallback" not in v.flags and "hedge" not in v.flags, v


# ---------------------------------------------------------------- near-misses built with the same grammar

def _near(rng: random.Random) -> tuple[str, str]:
    n = rng.randint(1, 10)
    kind = rng.randrange(8)
    pre = _preamble(rng)
    sep = rng.choice((" ", "\n", "\n\n"))
    if kind == 0:    # a grade, score or verdict label over the number
        label = rng.choice(("Score", "Rating", "Verdict", "Judgement", "Confidence", "Grade", "Final score"))
        return f"{pre}\n\n{label}:{sep}${n}$" if rng.random() < 0.5 else f"{pre}\n\n{label}:{sep}{n}/10", str(n)
    if kind == 1:    # a step number
        return f"{pre}\n\nStep {n}", str(n)
    if kind == 2:    # a qualifier in the lead bounds the value
        q = rng.choice(("The total is at least", "It is not", "The count is more than", "Our value is at most"))
        return f"{pre}\n\n{q}{sep}${n}$", str(n)
    if kind == 3:    # a hedge in the lead
        q = rng.choice(("Maybe the answer is", "It could be", "Perhaps we get", "Possibly the total is"))
        return f"{pre}\n\n{q}{sep}${n}$", str(n)
    if kind == 4:    # the stated value withdrawn for another
        return (f"{pre}\n\nThe answer is ${n}$. Wait, that is wrong; correcting the last step,\n\n{_lead(rng)}"
                f"{sep}${n + 3}$"), str(n)
    if kind == 5:    # cut off mid-calculation, the gold only an operand
        return f"{pre}\n\n{_lead(rng)}{sep}${n + 7} + {n}", str(n)
    if kind == 6:    # several values for one
        return f"{pre}\n\n{_lead(rng)}{sep}${n}$ or ${n + 1}$", str(n)
    return rng.choice((":", "Thought process:", "Let's solve this step by step.", "Solution", "Answer:")), "1"


def test_near_misses_stay_rejected_and_unjudged(rule, hybrid) -> None:
    rng = random.Random(SEED + 3)
    cases = [_near(rng) for _ in range(160)]
    accepted = [(r[-80:], g) for r, g in cases if rule.verify(r, g).correct]
    assert accepted == []
    judged = [(r[-80:], g, v.flags) for r, g in cases if (v := hybrid.verify(r, g)).correct]
    assert judged == []


@pytest.mark.parametrize("text", [
    "Score:\n\n10/10", "Judgement: Correct\nScore: 1/10", "Verdict:\n$1$", "Step 7", "**Step 3**", "Case 2",
])
def test_grade_and_label_lines_are_no_answer(text: str) -> None:
    ex = extract_answer("I checked every step.\n\n" + text)
    assert ex.answer is None or "fallback" in ex.flags, ex


def test_a_response_ending_on_a_grade_reads_no_stated_number_above_it(rule) -> None:
    """'The quantities involved are $6$ ... Step 6 completed.': the response grades itself; a plain statement
    above that line is no declared answer (a concluding 'Thus x = 12.' still is)."""
    rng = random.Random(SEED + 4)
    for _ in range(40):
        n = rng.randint(1, 10)
        label = rng.choice((f"Step {n} completed.", f"Score: {n}/10", f"Rating:\n\n{n}", f"Verdict:\n${n}$",
                            f"Confidence: {n}"))
        stated = rng.choice((f"The quantities involved are ${n}$.", f"The given count is {n}.",
                             f"The data are {n} and {n + 20}."))
        assert not rule.verify(f"{stated} We combine them as described.\n\n{label}", str(n)).correct
    assert rule.verify("We simplify both sides.\n\nThus x = 12.\n\nConfidence: 9/10", "12").correct
