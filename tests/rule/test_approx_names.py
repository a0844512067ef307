"""A reference that names its quantity before ``\\approx`` (``\\Delta \\lambda \\approx 1.44 \\times 10^{-2}\\ \\text{Å}``,
a physics-dev gold): the name is no exact value. It was read as one whenever it was more than one Latin
letter with a subscript (a Greek letter, two symbols, an accent), so an answer that repeated the name,
alone (``\\boxed{\\Delta \\lambda}``), with an ellipsis or with any other value, was accepted: the physics-dev
false accept ``\\boxed{\\Delta \\lambda \\approx ...}``. Seeded names and values; the right value, stated with
or without the name, stays accepted."""

from __future__ import annotations

import random

import pytest

import rlverify

GREEK = ["alpha", "beta", "gamma", "delta", "epsilon", "theta", "lambda", "mu", "nu", "rho", "sigma", "tau",
         "phi", "omega", "Delta", "Omega", "Phi", "Gamma"]
LATIN = list("vEFTPBVIRLmkq")
SUBSCRIPTS = ["", "_0", "_k", "_{\\max}", "_{net}", "_{1}", "_{\\text{eff}}"]
UNITS = ["\\ \\text{Å}", "\\,\\mathrm{m/s}", "\\ \\text{eV}", "\\,\\text{J}", ""]


def _name(rng: random.Random) -> str:
    symbols = []
    for _ in range(rng.choice([1, 2])):
        base = "\\" + rng.choice(GREEK) if rng.random() < 0.6 else rng.choice(LATIN)
        symbols.append(base + rng.choice(SUBSCRIPTS))
    if rng.random() < 0.3:
        symbols.insert(0, "\\Delta")
    if len(symbols) == 1 and not symbols[0].startswith("\\") and rng.random() < 0.5:
        symbols[0] = f"\\vec{{{symbols[0]}}}"
    return " ".join(symbols)


def _value(rng: random.Random) -> tuple[str, str]:
    """A value and a wrong one (another leading digit)."""
    mantissa, exp = rng.randint(11, 98), rng.randint(-6, 6)
    other = mantissa + rng.choice([-7, 7]) if 18 <= mantissa <= 91 else mantissa + 5
    def tex(m: int) -> str:
        return f"{m // 10}.{m % 10} \\times 10^{{{exp}}}"
    return tex(mantissa), tex(other)


def _cases(seed: int, n: int = 25) -> list[tuple[str, str, str, bool]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        name, (value, wrong), unit = _name(rng), _value(rng), rng.choice(UNITS)
        gold = f"{name} \\approx {value}{unit}"
        out += [(gold, f"\\boxed{{{name}}}", "the name alone", False),
                (gold, f"\\boxed{{{name} \\approx ...}}", "the name and an ellipsis", False),
                (gold, f"\\boxed{{{name} \\approx {wrong}{unit}}}", "the name and another value", False),
                (gold, f"\\boxed{{{name} \\approx {value}{unit}}}", "the reference", True),
                (gold, f"\\boxed{{{value}{unit}}}", "the value", True)]
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_named_reference_is_matched_by_its_value_never_by_its_name(seed: int) -> None:
    wrong = []
    for gold, response, what, correct in _cases(seed):
        v = rlverify.verify(response, gold)
        if v.correct != correct:
            wrong.append((what, response, gold, v.correct, v.flags))
    assert wrong == [], wrong[:5]
