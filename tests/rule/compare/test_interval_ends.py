"""Sets of reals the typed path reads without the table (issue 29): a half-open interval with finite ends
(``[\\frac{1}{e^2} - \\frac{1}{6}, \\frac{1}{e} - \\frac{1}{3})``, hardverify-170; ``(-\\frac{1}{2}, \\sqrt{2}]``,
hardverify-176), a pair of values against a range of the question's named quantity (``(20, 30)`` for ``20 < P < 30``,
hardverify-134), bounds on an absolute value (``1 \\le |z| \\le 4``) against the union it is. The references' forms are
drawn from those rows: a form feed where a string escape ate the ``\\f`` of ``\\frac``, a stray period before the
closing bracket. Near misses (another end, another bracket) stay rejected. Seeded; both paths."""

from __future__ import annotations

import random

import pytest

from both_paths import both

# (written by the reference, written by the answer, its value): one value each
_ENDS = (
    ("\\frac{1}{{e}^{2}}- \\frac{1}{6}", "\\dfrac{6 - e^2}{6e^2}", -0.031),
    ("\\frac{1}{e}- \\frac{1}{3}", "\\dfrac{3 - e}{3e}", 0.0345),
    ("- \\frac {1}{2}", "-\\frac{1}{2}", -0.5),
    ("\\sqrt {2}", "\\sqrt{2}", 1.414),
    ("\\frac{3}{4}", "0.75", 0.75),
    ("2\\sqrt{3}", "\\sqrt{12}", 3.464),
    ("\\ln 2", "\\ln 2", 0.693),
    ("\\pi", "\\pi", 3.1416),
)
_OTHER = {"\\frac{1}{{e}^{2}}- \\frac{1}{6}": "\\frac{1}{e^2}", "\\frac{1}{e}- \\frac{1}{3}": "\\frac{1}{e}",
          "- \\frac {1}{2}": "-\\frac{1}{3}", "\\sqrt {2}": "\\sqrt{3}", "\\frac{3}{4}": "0.7", "2\\sqrt{3}": "\\sqrt{11}",
          "\\ln 2": "\\ln 3", "\\pi": "3"}


def _ordered_pair(rng: random.Random) -> tuple[tuple[str, str], tuple[str, str]]:
    x, y = sorted(rng.sample(_ENDS, 2), key=lambda end: end[2])
    return x[:2], y[:2]


def _escaped(gold: str, rng: random.Random) -> str:
    """The reference as a string escape left it: ``\\f`` of ``\\frac`` a form feed, or a stray period at the end."""
    if rng.random() < 0.5:
        gold = gold.replace("\\frac", "\x0crac")
    if rng.random() < 0.5:
        gold = gold[:-1] + "." + gold[-1]
    return gold


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_half_open_interval_with_finite_ends(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        (lo_g, lo_a), (hi_g, hi_a) = _ordered_pair(rng)
        left, right = rng.choice((("[", ")"), ("(", "]")))
        gold = _escaped(f"{left}{lo_g}, {hi_g}{right}", rng)
        answer = f"\\left{left} {lo_a}, {hi_a} \\right{right}"
        for d in both(monkeypatch, answer, gold):
            assert d.match.equal, (answer, gold, d)
        other_left = "(" if left == "[" else "["
        for near in (f"\\left{other_left} {lo_a}, {hi_a} \\right{right}", f"{left}{lo_a}, {_OTHER[hi_g]}{right}"):
            for d in both(monkeypatch, near, gold):
                assert not d.match.equal, (near, gold, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_pair_against_a_range_of_the_named_quantity(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        lo = rng.randint(-30, 30)
        hi = lo + rng.randint(1, 20)
        name = rng.choice(("P", "k", "m", "S"))
        question = rng.choice((f"If $x^2-5x+6<0$ and ${name}=x^2+5x+6$ then",
                               f"Given ${name} = 2t + 1$ where $t$ lies between two values, ${name}$ lies in"))
        gold = f"{lo}<{name}<{hi}"
        for d in both(monkeypatch, f"({lo}, {hi})", gold, question):
            assert d.match.equal, (lo, hi, gold, d)
        for near in (f"[{lo}, {hi}]", f"({lo}, {hi + 1})", f"({lo - 1}, {hi})"):
            for d in both(monkeypatch, near, gold, question):
                assert not d.match.equal, (near, gold, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bounds_on_an_absolute_value(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        lo = rng.randint(1, 6)
        hi = lo + rng.randint(1, 6)
        var = rng.choice("xzt")
        ls, hs = rng.choice(("\\leq", "<")), rng.choice(("\\leq", "<"))
        gold = f"{lo} {ls} |{var}| {hs} {hi}"
        lb, rb = ("[" if hs == "\\leq" else "("), ("]" if ls == "\\leq" else ")")
        lb2, rb2 = ("[" if ls == "\\leq" else "("), ("]" if hs == "\\leq" else ")")
        union = f"{lb}-{hi}, -{lo}{rb} \\cup {lb2}{lo}, {hi}{rb2}"
        for answer in (union, f"{var} \\in {union}"):
            for d in both(monkeypatch, answer, gold):
                assert d.match.equal, (answer, gold, d)
        for near in (f"{lb}-{hi}, -{lo}{rb} \\cup {lb2}{lo}, {hi + 1}{rb2}", f"{lb2}{lo}, {hi}{rb2}",
                     f"{'(' if lb == '[' else '['}-{hi}, -{lo}{rb} \\cup {lb2}{lo}, {hi}{rb2}"):
            for d in both(monkeypatch, near, gold):
                assert not d.match.equal, (near, gold, d)


@pytest.mark.parametrize("seed", [0, 1])
def test_one_bound_on_an_absolute_value(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        b, var = rng.randint(1, 20), rng.choice("xzt")
        for answer, gold in ((f"(-{b}, {b})", f"|{var}| < {b}"), (f"-{b} < {var} < {b}", f"|{var}| < {b}"),
                             (f"(-\\infty, -{b}] \\cup [{b}, \\infty)", f"|{var}| \\geq {b}")):
            for d in both(monkeypatch, answer, gold):
                assert d.match.equal, (answer, gold, d)
        for near, gold in ((f"(-{b}, {b}]", f"|{var}| < {b}"), (f"(0, {b})", f"|{var}| < {b}"),
                           (f"(-\\infty, -{b}) \\cup [{b}, \\infty)", f"|{var}| \\geq {b}")):
            for d in both(monkeypatch, near, gold):
                assert not d.match.equal, (near, gold, d)
