"""A reference written as an equation linear in the variable the answer gives (``y + 1 = -(2x-1)^2`` for
``-4x^2+4x-2``), and a multiple of a variable (``2y = ...``, ``-y = ...``) that is never a value of it.
Seeded polynomials in x; near-misses add a constant or scale the answer."""

from __future__ import annotations

import random

from rlverify.rule.compare import compare

_SEED = 1201


def _polys(n: int) -> list[str]:
    rng = random.Random(_SEED)
    out = []
    for _ in range(n):
        terms = []
        for p in range(rng.randint(1, 3), -1, -1):
            c = rng.randint(-9, 9)
            if c:
                terms.append(f"{c:+d}" + ("" if p == 0 else "x" if p == 1 else f"x^{{{p}}}"))
        if any("x" in t for t in terms):
            out.append("".join(terms).lstrip("+"))
    return out


def _implicit(e: str, rng: random.Random) -> str:
    k, c = rng.randint(2, 9), rng.randint(1, 9)
    return rng.choice((f"y + {c} = {e} + {c}", f"{k}y = {k}\\left({e}\\right)", f"y - \\left({e}\\right) = 0",
                       f"{c} - y = {c} - \\left({e}\\right)"))


def test_expression_solves_the_reference_equation(inline):
    rng = random.Random(_SEED + 1)
    polys = _polys(40)
    assert len(polys) > 30
    for e in polys:
        eq = _implicit(e, rng)
        assert compare(e, eq).equal, (e, eq)
        assert compare(eq, e).equal, (eq, e)
        assert not compare(f"{e}+1", eq).equal, (e, eq)
        assert not compare(f"2\\left({e}\\right)", eq).equal, (e, eq)


def test_not_linear_or_no_variable_is_no_solution(inline):
    assert not compare(r"\sqrt{1-x^2}", "x^2+y^2=1").equal      # two branches: no one solution
    assert not compare("2", "2a+3=7").equal                       # a number answers no curve


def test_a_multiple_of_a_variable_is_not_its_value(inline):
    rng = random.Random(_SEED + 2)
    for e in _polys(20):
        k = rng.randint(2, 9)
        assert not compare(f"{k}\\left({e}\\right)", f"{k}y = {k}\\left({e}\\right)").equal, e
        assert compare(e, f"{k}y = {k}\\left({e}\\right)").equal, e
    assert not compare("3", "-y = 3").equal
    assert compare("6", r"2 \cdot 3 = 6").equal                 # a calculation still ends on its value
