"""A term against a reference identity whose left side it writes (issue 29, rlverify.rule.compare.identities; the kind
of hardverify-146: "insert operation signs and parentheses ... so that the equation holds", the reference written with
``:`` for division, the answer with ``\\div``).

Seeded: a random arrangement of operations and brackets over copies of ``\\frac{1}{v}`` (and small integers), the
reference ``L = R`` with ``R`` its factored value (sympy, on generated text only), on both paths (the stage table never
consulted on the first): the same arrangement written with ``\\div`` and its sums and products commuted is accepted;
near misses stay rejected: one operation changed (another value). The right side alone, with other operands, is no
arrangement of the left side's operands (rejected on the readings path)."""

from __future__ import annotations

import random

import pytest
import sympy

from both_paths import both

_OPS = ("+", "-", "*", "/")


def _tree(rng: random.Random, leaves: list):
    if len(leaves) == 1:
        return leaves[0]
    k = rng.randint(1, len(leaves) - 1)
    return (rng.choice(_OPS), _tree(rng, leaves[:k]), _tree(rng, leaves[k:]))


def _latex(t, division: str, commute: bool = False) -> str:
    if isinstance(t, str):
        return t
    op, left, right = t
    if commute and op in "+*":
        left, right = right, left
    sign = {"+": "+", "-": "-", "*": "\\cdot", "/": division}[op]
    return f"\\left( {_latex(left, division, commute)} {sign} {_latex(right, division, commute)} \\right)"


def _value(t, symbols: dict):
    if isinstance(t, str):
        return sympy.Integer(int(t)) if t.isdigit() else 1 / symbols["v"]
    op, left, right = t
    x, y = _value(left, symbols), _value(right, symbols)
    if sympy.simplify(x) == 0 or sympy.simplify(y) == 0:
        raise ZeroDivisionError      # a zero operand: a degenerate arrangement, skipped
    return {"+": x + y, "-": x - y, "*": x * y, "/": x / y}[op]


def _changed(t, rng: random.Random):
    """The tree with the operation at its root changed."""
    op, left, right = t
    return (rng.choice([o for o in _OPS if o != op]), left, right)


def _rows(seed: int):
    rng = random.Random(seed)
    v = sympy.Symbol("v")
    made = 0
    while made < 5:
        letter = rng.choice("axt")
        frac = f"\\frac{{1}}{{{letter}}}"
        leaves = [frac] * rng.randint(3, 5) + [str(rng.randint(2, 3))] * rng.randint(0, 1)
        rng.shuffle(leaves)
        t = _tree(rng, leaves)
        if isinstance(t, str):
            continue
        near = _changed(t, rng)
        try:
            value = sympy.factor(sympy.simplify(_value(t, {"v": v})))
            near_value = sympy.simplify(_value(near, {"v": v}))
        except ZeroDivisionError:
            continue
        if not value.free_symbols or sympy.simplify(value - near_value) == 0:
            continue
        right = sympy.latex(value).replace("v", letter)
        gold = f"{_latex(t, ':')} = {right}"
        yield gold, _latex(t, "\\div", commute=True), _latex(near, "\\div"), right
        made += 1


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_the_left_side_of_an_identity(monkeypatch, seed: int) -> None:
    for gold, same, near, right in _rows(seed):
        for d in both(monkeypatch, same, gold):
            assert d.match.equal, (same, gold, d)
        for d in both(monkeypatch, near, gold):
            assert not d.match.equal, (near, gold, d)
        d = both(monkeypatch, right, gold)[0]
        assert not d.match.equal, (right, gold, d)
