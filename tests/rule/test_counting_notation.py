"""Counting notations (binomial coefficients and permutations as textbooks write them) are another reading
of a span; a number before a binomial coefficient multiplies it (the grammar alone read ``2\\binom{10}{3}``
and ``2{5 \\choose 2}`` as mixed numbers: 122 and 12). Seeded over n <= 30."""

from __future__ import annotations

import math
import random

from rlverify.rule.compare import compare

_C = ("C({n},{k})", "C_{{{n}}}^{{{k}}}", "C^{{{k}}}_{{{n}}}", "\\mathrm{{C}}_{{{n}}}^{{{k}}}", "{{{n} \\choose {k}}}",
      "{{}}^{{{n}}}C_{{{k}}}", "{{}}_{{{n}}}C_{{{k}}}", "\\binom{{{n}}}{{{k}}}", "\\dbinom{{{n}}}{{{k}}}")
_P = ("A_{{{n}}}^{{{k}}}", "A^{{{k}}}_{{{n}}}", "P({n},{k})", "{{}}^{{{n}}}P_{{{k}}}")


def _cases(count: int) -> list[tuple[str, int, int]]:
    rng = random.Random(30)
    out = []
    for _ in range(count):
        n = rng.randint(5, 30)
        k = rng.randint(2, n // 2)
        if rng.random() < 0.6:
            other = math.comb(n, k + 1) if math.comb(n, k + 1) != math.comb(n, k) else math.comb(n + 1, k)
            out.append((rng.choice(_C).format(n=n, k=k), math.comb(n, k), other))
        else:
            k = min(k, 4)
            out.append((rng.choice(_P).format(n=n, k=k), math.perm(n, k), math.perm(n, k + 1)))
    return out


def test_counting_notations_read_as_their_value(inline):
    for text, value, other in _cases(120):
        assert compare(text, str(value)).equal, (text, value)
        assert compare(str(value), text).equal, (value, text)     # the reference written so
        assert not compare(text, str(other)).equal, (text, other)
        m = random.Random(value).randint(2, 5)
        assert compare(f"{m}{text}" if text.startswith(("{", "\\")) else f"{m} \\cdot {text}", str(m * value)).equal


def test_a_number_before_a_binomial_multiplies_it(inline):
    assert compare(r"2\binom{10}{3}", "240").equal and not compare(r"2\binom{10}{3}", "122").equal
    assert compare(r"2{5 \choose 2}", "20").equal and not compare(r"2{5 \choose 2}", "12").equal
