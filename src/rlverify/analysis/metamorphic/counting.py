"""Generator families for counting notations: an integer reference that is a binomial coefficient or a
number of permutations, answered in the notation a textbook writes (``C(10,3)``, ``C_{10}^{3}``,
``{10 \\choose 3}``, ``{}^{10}C_{3}``, ``2\\binom{10}{3}`` for 240, ``A_{5}^{2}``, ``P(5,2)``, ``{}^{5}P_{2}``).

``counting_notation`` (EQUIVALENT) and ``near_counting_notation`` (NEAR_MISS: a neighbouring coefficient,
``C(10,4)`` for 120). Registered by :mod:`.families`.
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any

from . import forms as F
from .table import Families
from .refs import Reference, _exact

__all__ = ["register"]

_T = Families()
register = _T.register

_MAX_N = 40


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[dict[int, list[tuple[int, int]]], dict[int, list[tuple[int, int]]]]:
    comb: dict[int, list[tuple[int, int]]] = {}
    perm: dict[int, list[tuple[int, int]]] = {}
    for n in range(4, _MAX_N + 1):
        for k in range(2, n // 2 + 1):
            comb.setdefault(math.comb(n, k), []).append((n, k))
        for k in range(2, min(n, 5)):
            perm.setdefault(math.perm(n, k), []).append((n, k))
    return comb, perm


_C_FORMS = ("C({n},{k})", "C({n}, {k})", "C_{{{n}}}^{{{k}}}", "C^{{{k}}}_{{{n}}}", "\\mathrm{{C}}_{{{n}}}^{{{k}}}",
            "{{{n} \\choose {k}}}", "{{}}^{{{n}}}C_{{{k}}}", "{{}}_{{{n}}}C_{{{k}}}", "\\dbinom{{{n}}}{{{k}}}")
_P_FORMS = ("A_{{{n}}}^{{{k}}}", "A^{{{k}}}_{{{n}}}", "P({n},{k})", "{{}}^{{{n}}}P_{{{k}}}", "\\mathrm{{A}}_{{{n}}}^{{{k}}}")


def _value(ref: Reference) -> int | None:
    ex = _exact(ref.node) if ref.node is not None and isinstance(ref.node, F.Num) else None
    return int(ex) if ex is not None and ex.denominator == 1 and ex >= 6 else None


def _draw(v: int, rng: random.Random) -> tuple[str, int, int, int] | None:
    """(kind, n, k, multiplier): v = multiplier * C(n,k) or multiplier * P(n,k)."""
    comb, perm = _tables()
    options = [("C", n, k, 1) for n, k in comb.get(v, [])] + [("P", n, k, 1) for n, k in perm.get(v, [])]
    for m in (2, 3, 4):
        if v % m == 0:
            options += [("C", n, k, m) for n, k in comb.get(v // m, [])]
    return rng.choice(options) if options else None


def _write(kind: str, n: int, k: int, m: int, rng: random.Random) -> str:
    body = rng.choice(_C_FORMS if kind == "C" else _P_FORMS).format(n=n, k=k)
    return body if m == 1 else f"{m}{body}" if body.startswith(("{", "\\")) else f"{m} \\cdot {body}"


@_T.equivalent("counting_notation")
def _counting_notation(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    v = _value(ref)
    got = _draw(v, rng) if v is not None else None
    if got is None:
        return None
    return _T.draft(_write(*got, rng))


@_T.near_miss("near_counting_notation")
def _near_counting_notation(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    v = _value(ref)
    got = _draw(v, rng) if v is not None else None
    if got is None:
        return None
    kind, n, k, m = got
    n2, k2 = rng.choice(((n + 1, k), (n - 1, k), (n, k + 1), (n, k - 1)))
    if not 2 <= k2 <= n2:
        return None
    value = m * (math.comb(n2, k2) if kind == "C" else math.perm(n2, k2))
    return _T.draft(_write(kind, n2, k2, m, rng)) if value != v else None
