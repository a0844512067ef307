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


def test_converted_values_agree_at_the_coarser_written_precision() -> None:
    """1.5 eV against 2.4x10^-19 J and 298 K against 25 °C agree (the constants of a
    conversion are rounded too); one unit of the coarser last digit off does not; an answer with fewer
    significant digits than the reference (45 mm for 4.49 cm) is held to the reference's precision. Seeded."""
    warm_up()
    rule = get_verifier("rule")
    rng = random.Random(25)
    box = r"The final answer is $\boxed{%s}$."
    bad = []
    for _ in range(25):
        ev = round(rng.uniform(1.1, 9.8), 1)
        joule = ev * 1.602176634e-19
        mant = round(joule / 1e-19, 1)
        gold = rf"{mant}\times10^{{-19}}\ \mathrm{{J}}"
        if not rule.verify(box % rf"{ev}\ \mathrm{{eV}}", gold).correct:
            bad.append(("rejected", ev, gold))
        if rule.verify(box % rf"{round(ev + 0.2, 1)}\ \mathrm{{eV}}", gold).correct:
            bad.append(("accepted", ev + 0.2, gold))
        c = rng.choice((-1, 1)) * rng.randint(10, 90)    # two significant digits (a one-digit reference reads as exact)
        if not rule.verify(box % rf"{round(c + 273.15)}\text{{ K}}", rf"{c}^\circ\text{{C}}").correct:
            bad.append(("rejected", c))
        if rule.verify(box % rf"{round(c + 273.15) + 2}\text{{ K}}", rf"{c}^\circ\text{{C}}").correct:
            bad.append(("accepted", c))
        cm = round(rng.uniform(1.11, 9.89), 2)
        if rule.verify(box % rf"{round(cm * 10)}\text{{ mm}}", rf"{cm}\text{{ cm}}").correct and round(cm * 10) != cm * 10:
            bad.append(("coarser accepted", cm))
    assert not bad, bad[:5]
