"""rlverify.rule.answers.integer_points: closed forms in an integer variable that differ as functions of a real
variable and agree on the integers the question declares (``(-1)^n`` and ``\\cos(n\\pi)``); a twin off at one
residue is not equal, and nothing is claimed where the question declares no integer."""

from __future__ import annotations

import random

from rlverify.rule.answers.integer_points import EVERY_INTEGER, integer_range, same_on_integers
from rlverify.rule.compare import compare

# questions declaring the variable an integer, with the least value each allows
_DECLARED = [
    ("For each positive integer ${v}$, find the number of such sets.", 1),
    ("Let ${v}$ be a positive integer. Find the value of the sum in closed form.", 1),
    ("Let ${v} \\ge 2$ be an integer. Determine the maximum.", 2),
    ("For every integer ${v} \\geq 3$, compute the number of regions.", 3),
    ("Let ${v}$ be a nonnegative integer. Find the coefficient.", 0),
    ("Find a closed form for $a_{v}$, where ${v} \\in \\mathbb{{Z}}^+$.", 1),
    ("For all natural numbers ${v}$, evaluate the expression.", 0),
    ("Let ${v}$ be an integer. Simplify the expression.", "every"),   # EVERY_INTEGER
]
_UNDECLARED = [
    "Simplify the expression in terms of ${v}$.",
    "Let ${v}$ be a real number. Find the value.",
    "Let ${v}$ be a negative integer. Find the value.",
]


def _family(rng: random.Random, v: str) -> tuple[str, list[str], list[str]]:
    """(reference, equal forms, near-misses off at some integers) of one seeded identity."""
    kind = rng.randrange(6)
    if kind == 0:
        c = rng.randint(0, 3)
        s = f"{v}+{c}" if c else v
        return f"(-1)^{{{s}}}", [f"\\cos(({s})\\pi)", f"\\cos\\left(\\pi ({s})\\right)"], [f"\\cos(({s}+1)\\pi)", f"(-1)^{{{s}+1}}"]
    if kind == 1:
        return (f"\\frac{{1-(-1)^{{{v}}}}}{{2}}", [f"{v} - 2\\left\\lfloor \\frac{{{v}}}{{2}} \\right\\rfloor", f"{v} \\mod 2",
                f"\\sin^2\\left(\\frac{{{v}\\pi}}{{2}}\\right)"], [f"\\frac{{1+(-1)^{{{v}}}}}{{2}}", f"{v} - 2\\lfloor \\frac{{{v}-1}}{{2}} \\rfloor"])
    if kind == 2:
        m = rng.randint(2, 6)
        return (f"\\left\\lceil \\frac{{{v}}}{{{m}}} \\right\\rceil", [f"\\left\\lfloor \\frac{{{v}+{m - 1}}}{{{m}}} \\right\\rfloor"],
                [f"\\left\\lfloor \\frac{{{v}+{m - 2}}}{{{m}}} \\right\\rfloor" if m > 2 else f"\\lfloor \\frac{{{v}}}{{2}} \\rfloor",
                 f"\\left\\lfloor \\frac{{{v}}}{{{m}}} \\right\\rfloor + 1"])
    if kind == 3:
        return (f"\\left\\lfloor \\frac{{{v}^2}}{{4}} \\right\\rfloor", [f"\\frac{{2{v}^2-1+(-1)^{{{v}}}}}{{8}}"],
                [f"\\frac{{2{v}^2+1-(-1)^{{{v}}}}}{{8}}", f"\\left\\lceil \\frac{{{v}^2}}{{4}} \\right\\rceil"])
    if kind == 4:
        a, b = rng.randint(2, 9), rng.randint(1, 9)
        return (f"{a}\\left\\lfloor \\frac{{{v}}}{{2}} \\right\\rfloor + {b}", [f"{a}\\cdot\\frac{{2{v}-1+(-1)^{{{v}}}}}{{4}} + {b}"],
                [f"{a}\\cdot\\frac{{2{v}+1-(-1)^{{{v}}}}}{{4}} + {b}", f"{a}\\left\\lfloor \\frac{{{v}}}{{2}} \\right\\rfloor + {b + 1}"])
    m = rng.randint(3, 7)
    return (f"{v} \\mod {m}", [f"{v} - {m}\\left\\lfloor \\frac{{{v}}}{{{m}}} \\right\\rfloor"],
            [f"{v} - {m}\\left\\lfloor \\frac{{{v}-1}}{{{m}}} \\right\\rfloor", f"{v} + 1 - {m}\\left\\lfloor \\frac{{{v}+1}}{{{m}}} \\right\\rfloor"])


def test_the_declared_range():
    assert EVERY_INTEGER == "every"
    for template, least in _DECLARED:
        assert integer_range(template.format(v="n"), "n") == least, template
        assert integer_range(template.format(v="n"), "k") is None
    for template in _UNDECLARED:
        assert integer_range(template.format(v="n"), "n") is None, template


def test_equal_on_the_integers_and_twins_off_at_one_residue():
    rng = random.Random(5)
    for _ in range(60):
        v = rng.choice("nkm")
        template, _least = rng.choice(_DECLARED)
        question = template.format(v=v)
        gold, forms, near = _family(rng, v)
        answer = rng.choice(forms)
        assert compare(answer, gold, question).equal, (answer, gold, question)
        for w in near:
            assert not compare(w, gold, question).equal, (w, gold, question)


def test_no_claim_where_no_integer_is_declared():
    rng = random.Random(6)
    for _ in range(20):
        v = rng.choice("nk")
        gold, forms, _near = _family(rng, v)
        question = rng.choice(_UNDECLARED).format(v=v)
        for form in forms:
            assert same_on_integers(form, gold, question) is None


def test_another_variable_or_two_are_no_claim():
    q = "For each positive integer $n$, find the value."
    assert same_on_integers("(-1)^k", "\\cos(n\\pi)", q) is None
    assert same_on_integers("(-1)^n x", "\\cos(n\\pi) x", q) is None
    assert same_on_integers("(-1)^n", "\\cos(n\\pi)", "For each positive integer $k$, find the value.") is None


def test_a_stated_lower_bound_moves_the_range():
    # floor(n^2 / (n + 1)) is n - 1 for n >= 1 only (0 at n = 0)
    assert same_on_integers("\\left\\lfloor \\frac{n^2}{n+1} \\right\\rfloor", "n-1", "For every integer $n \\ge 1$, find the value.")
    assert same_on_integers("\\left\\lfloor \\frac{n^2}{n+1} \\right\\rfloor", "n-1", "Let $n$ be an integer. Find it.") is None
    assert same_on_integers("|n-1|", "n-1", "For every integer $n \\ge 2$, find the value.") is None   # nothing integral
