"""Degrees Celsius in every spelling (``{}^{\\circ}\\mathrm{C}``: the empty group), and inside compound units, where a
degree is a difference (``J/(g\\cdot ^\\circ C)`` is ``J/(g\\cdot K)``; ``4180 J/(kg °C)`` is ``4.18 J/(g K)``); near-misses:
another value, kelvin for a Celsius temperature. Seeded."""

from __future__ import annotations

import random

from rlverify import get_verifier, warm_up

_CELSIUS = (r"^\circ C", r"\,{}^{\circ}\mathrm{C}", r"{}^\circ\text{C}", r"\text{ °C}", r"^{\circ}\mathrm{C}")
_PER_DEGREE = (r"\ \mathrm{J/(g\cdot ^\circ C)}", r"\ \mathrm{J/(g \cdot {}^{\circ}C)}", r"\text{ J/(g°C)}",
               r"\text{ J g}^{-1}\text{K}^{-1}", r"\ \mathrm{J\,g^{-1}\,K^{-1}}")


def test_celsius_spellings_and_degrees_in_compound_units() -> None:
    warm_up()
    rule = get_verifier("rule")
    rng = random.Random(24)
    bad = []
    for _ in range(25):
        t = rng.randint(-40, 150)
        a, b = rng.sample(_CELSIUS, 2)
        box = r"The final answer is $\boxed{%s}$."
        if not rule.verify(box % f"{t}{a}", f"{t}{b}").correct:
            bad.append(("rejected", t, a, b))
        if rule.verify(box % f"{t + 1}{a}", f"{t}{b}").correct or rule.verify(box % f"{t}\\text{{ K}}", f"{t}{b}").correct:
            bad.append(("accepted", t, a, b))
        c = round(rng.uniform(0.1, 5.0), 2)
        u, w = rng.sample(_PER_DEGREE, 2)
        if not rule.verify(box % f"{c}{u}", f"{c}{w}").correct:
            bad.append(("rejected", c, u, w))
        if not rule.verify(box % rf"{round(c * 1000)}\text{{ J/(kg °C)}}", f"{c}{w}").correct:
            bad.append(("rejected kg", c, w))
        if rule.verify(box % f"{round(c + 0.1, 2)}{u}", f"{c}{w}").correct:
            bad.append(("accepted", c, u, w))
    assert not bad, bad[:5]
