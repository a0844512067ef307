"""Sets of reals written in plain text or unicode, read by the typed path without the table (issue 29): ``(-inf,-9) U
(-9,-5)``, ``(-∞,√2) ∪ {3}`` (a finite set whose braces lost their backslash), ``x = -1 or 3 < x <= 4`` (a point and an
interval in one variable: a set, not a label on a list), against the LaTeX references of the problem sets
(``\\left(-\\infty, -9\\right) \\cup\\left(-9, -5\\right)``, ``c < \\sqrt{2} \\quad\\text{or}\\quad c = 3``,
``\\left\\{x \\in \\mathbb{R}\\mid x = -1 \\text{or} 3 < x \\leq 4\\right\\}``). Near misses (another end, a point left
out, an end closed) stay rejected. Seeded; both paths."""

from __future__ import annotations

import random

import pytest

from both_paths import both


def _forms(rng: random.Random) -> list[tuple[str, str, str]]:
    """(answer, reference, near miss): one set each, drawn from the shapes of the problem sets' references."""
    a = rng.randint(-20, 0)
    b = a + rng.randint(1, 9)
    c = b + rng.randint(1, 9)
    p = a - rng.randint(1, 5)
    inf = rng.choice(("inf", "∞", "oo"))
    cup = rng.choice((" U ", " ∪ "))
    var = rng.choice("xkc")
    return [
        (f"(-{inf},{a}){cup}({a},{b})", f"\\left(-\\infty, {a}\\right) \\cup\\left({a}, {b}\\right)",
         f"(-{inf},{a}){cup}({a},{c})"),
        (f"({a},{b}){cup}({b},{c})", f"({a},{b}) \\cup ({b},{c})", f"({a},{b}]{cup}({b},{c})"),
        (f"(-{inf},{b}){cup}{{{c}}}", f"{var} < {b} \\quad\\text{{or}}\\quad {var} = {c}", f"(-{inf},{b}){cup}{{{c + 1}}}"),
        (f"{{{p}}}{cup}({a}, {b}){cup}({b}, {c})", f"{var} \\in \\{{{p}\\}} \\cup({a}, {b}) \\cup({b}, {c})",
         f"({a}, {b}){cup}({b}, {c})"),
        (f"{var} = {p} or {a} < {var} <= {b}",
         f"\\left\\{{{var} \\in \\mathbb{{R}}\\mid {var} = {p} \\text{{or}} {a} < {var} \\leq {b}\\right\\}}",
         f"{var} = {p - 1} or {a} < {var} <= {b}"),
    ]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_plain_text_sets_of_reals(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(4):
        for answer, gold, near in _forms(rng):
            for d in both(monkeypatch, answer, gold, "Find all real values."):
                assert d.match.equal, (answer, gold, d)
            for d in both(monkeypatch, near, gold, "Find all real values."):
                assert not d.match.equal, (near, gold, d)


_EVERY = (r"\text{all real numbers}", r"\text{every real number}", r"\text{all real } x", r"\text{any real } x",
          r"\text{all real values of } x", r"x \in \mathbb{R}", r"\mathbb{R}", r"(-\infty, \infty)", "all real numbers")
_ALMOST = (r"\text{all positive real numbers}", r"\text{all real numbers except } 0", r"\mathbb{R} \setminus \{0\}",
           r"\text{no real } x", r"x > 0", r"(-\infty, 0) \cup (0, \infty)")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_real_number_in_words(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    q = rng.choice(("Find all real $x$ such that the inequality holds.", "For which $x$ is $f$ defined?"))
    for _ in range(10):
        a, g = rng.sample(_EVERY, 2)
        for d in both(monkeypatch, a, g, q):
            assert d.match.equal, (a, g, d)
        near = rng.choice(_ALMOST)
        for d in both(monkeypatch, near, g, q):
            assert not d.match.equal, (near, g, d)
