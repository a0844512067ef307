"""Labelled parts are labelled whatever the bracket spelling: ``f\\left(n\\right) = n, g\\left(n\\right) = 1`` is the
pair ``f(n)=n, g(n)=1`` (a question naming both functions); swapped or changed parts are not. Seeded."""

from __future__ import annotations

import random

from rlverify import get_verifier, warm_up

_Q = "Determine all pairs $(f, g)$ of functions from the positive integers to themselves that satisfy the equation."


def test_left_right_brackets_in_part_labels() -> None:
    warm_up()
    rule = get_verifier("rule")
    rng = random.Random(6)
    bad = []
    for _ in range(20):
        a, b, c = rng.randint(2, 9), rng.randint(1, 9), rng.randint(1, 9)
        var = rng.choice("nxk")
        gold = f"$f({var})={a}{var}+{b}$, $g({var})={c}$"
        lr = lambda name: rf"{name}\left({var}\right)"  # noqa: E731
        ok = rf"$\boxed{{{lr('f')} = {a}{var} + {b}, {lr('g')} = {c}}}$"
        if not rule.verify(ok, gold, _Q).correct:
            bad.append(("rejected", ok, gold))
        for wrong in (rf"$\boxed{{{lr('f')} = {a}{var} + {b + 1}, {lr('g')} = {c}}}$",
                      rf"$\boxed{{{lr('f')} = {c}, {lr('g')} = {a}{var} + {b}}}$"):
            if rule.verify(wrong, gold, _Q).correct:
                bad.append(("accepted", wrong, gold))
    assert not bad, bad[:4]
