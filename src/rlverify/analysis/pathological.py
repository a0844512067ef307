"""A generated corpus of hostile responses: what a policy optimized against the verifier finds.

Interface::

    pathological_items(seed=0, copies=4) -> list[dict]    rows: id, kind, response, gold, question, label
    KINDS                                                 the families, by name

Families: power towers, huge factorials and exponents, deep brace / fraction / root /
parenthesis nesting, megabyte responses, NUL bytes, lone surrogates, thousands of boxes,
long digit strings, long sums, ``\\frac`` chains, unclosed boxes, huge matrices, big sums
and integrals for the CAS, repeated answer cues. Every row is labelled incorrect except
the few whose answer really equals the reference (``label`` says which), so a verifier
that accepts garbage shows up too. Deterministic for a given ``seed``.
"""

from __future__ import annotations

import random
from typing import Callable

__all__ = ["pathological_items", "KINDS"]

_MB = 1_000_000


def _box(s: str) -> str:
    return f"Let me think. The final answer is $\\boxed{{{s}}}$."


def _tower(r: random.Random) -> tuple[str, str, bool]:
    base = r.choice(["9", "2", "10", "x", "e"])
    n = r.randint(3, 7)
    return _box(base + "^{" * n + base + "}" * n), "9", False


def _factorial(r: random.Random) -> tuple[str, str, bool]:
    s = r.choice(["1000000!", "(10^{10})!", "100000!!", "\\Gamma(10^{9})", "99999!/99998!", "(10!)!"])
    return _box(s), "99999", False


def _exponent(r: random.Random) -> tuple[str, str, bool]:
    s = r.choice(["10^{100000000}", "2^{2^{64}}", "(x+1)^{99999999}", "e^{e^{e^{100}}}",
                  "1.0000001^{10^{12}}", "(1+\\sqrt{2})^{100000}"])
    return _box(s), "1", False


def _deep_braces(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([1000, 10_000, 50_000])
    return "{" * n + _box("1") + "}" * n, "1", False


def _nested_frac(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([50, 200, 600])
    return _box("\\frac{1}{" * n + "2" + "}" * n), "2", False


def _nested_parens(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([300, 900])
    return _box("(" * n + "1" + ")" * n), "1", True


def _nested_sqrt(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([100, 400])
    return _box("\\sqrt{" * n + "2" + "}" * n), "2", False


def _megabyte(r: random.Random) -> tuple[str, str, bool]:
    filler = "".join(r.choice("abcdefgh ijk+=-0123456789\n") for _ in range(1000))
    return filler * (_MB // 1000) + _box("42"), "42", True


def _nul(r: random.Random) -> tuple[str, str, bool]:
    return _box("4\x002") + "\x00" * r.randint(1, 5000), "42", False


def _surrogate(r: random.Random) -> tuple[str, str, bool]:
    return "\ud800 reasoning \udfff " * r.randint(1, 2000) + _box("7"), "7", True


def _many_boxes(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([1000, 5000, 20_000])
    return " ".join(f"\\boxed{{{i % 7}}}" for i in range(n)), "3", False


def _long_digits(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([5000, 100_000, 500_000])
    return _box("9" * n), r.choice(["9", "9" * 1000]), False


def _long_sum(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([500, 3000])
    return _box("+".join(["1"] * n)), str(n), True


def _frac_chain(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([100, 700])
    return _box("\\cdot".join(f"\\frac{{{i}}}{{{i + 1}}}" for i in range(1, n))), f"\\frac{{1}}{{{n}}}", True


def _unclosed(r: random.Random) -> tuple[str, str, bool]:
    return "\\boxed{" + "x+" * r.choice([10_000, 100_000]), "1", False


def _matrix(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([30, 100])
    rows = " \\\\ ".join(" & ".join(str((i * j) % 10) for j in range(n)) for i in range(n))
    return _box(f"\\begin{{pmatrix}} {rows} \\end{{pmatrix}}"), "0", False


def _cas_heavy(r: random.Random) -> tuple[str, str, bool]:
    s = r.choice(["\\sum_{n=1}^{10^{10}} n^{n}", "\\int_0^1 e^{x^{x^{x}}} dx",
                  "\\prod_{k=1}^{10^{6}} (1+\\frac{1}{k})", "\\lim_{x\\to 0} \\frac{\\sin(x^{99})}{x^{98}}",
                  "\\det(\\begin{pmatrix} x & 1 \\\\ 1 & x \\end{pmatrix})^{5000}"])
    return _box(s), "\\frac{1}{3}", False


def _cue_flood(r: random.Random) -> tuple[str, str, bool]:
    n = r.choice([2000, 20_000])
    return "The answer is 5. Final Answer: 6. " * n + "**7**", "7", False


def _unicode_flood(r: random.Random) -> tuple[str, str, bool]:
    return "a\u0301" * r.choice([10_000, 100_000]) + " ½ ∞ 𝟘 " + _box("½"), "\\frac12", True


KINDS: dict[str, Callable[[random.Random], tuple[str, str, bool]]] = {
    "power_tower": _tower, "factorial": _factorial, "huge_exponent": _exponent,
    "deep_braces": _deep_braces, "nested_frac": _nested_frac, "nested_parens": _nested_parens,
    "nested_sqrt": _nested_sqrt, "megabyte": _megabyte, "nul": _nul, "surrogate": _surrogate,
    "many_boxes": _many_boxes, "long_digits": _long_digits, "long_sum": _long_sum,
    "frac_chain": _frac_chain, "unclosed_box": _unclosed, "matrix": _matrix,
    "cas_heavy": _cas_heavy, "cue_flood": _cue_flood, "unicode_flood": _unicode_flood,
}


def pathological_items(seed: int = 0, copies: int = 4) -> list[dict]:
    """``copies`` random variants of every family, in a fixed shuffled order."""
    r = random.Random(seed)
    rows = []
    for kind, make in KINDS.items():
        for k in range(copies):
            response, gold, label = make(r)
            rows.append({"id": f"{kind}-{k}", "kind": kind, "response": response, "gold": gold,
                         "question": "Compute the value.", "label": label})
    r.shuffle(rows)
    return rows
