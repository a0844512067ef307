"""A congruence where the question asks for a remainder, decided by the typed path without the table (issue 29):
``N \\equiv 113 \\pmod{1000}`` for "Find the remainder when $N$ is divided by $1000$" against ``113``, in the
notations of the problem sets (``\\pmod{m}``, ``(\\mathrm{mod}\\ m)``, ``(\\bmod\\; m)``). Near misses: another residue
(``different``), a residue not reduced, a question that asks for no remainder. Seeded; both paths."""

from __future__ import annotations

import random

import pytest

from both_paths import both

_FORMS = ("{x} \\equiv {r} \\pmod{{{m}}}", "{x} \\equiv {r} \\ (\\mathrm{{mod}}\\ {m})", "{x} \\equiv {r} \\; (\\bmod\\; {m})",
          "{x} \\equiv {r} \\pmod {m}")
_QUESTIONS = ("Find the remainder when ${x}$ is divided by ${m}$.", "What is the residue of ${x}$ modulo ${m}$?",
              "Compute ${x} \\bmod {m}$.")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_residue_of_a_congruence_where_a_remainder_is_asked(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        m = rng.choice((7, 9, 11, 100, 1000, 1001))
        r = rng.randrange(1, m)
        x = rng.choice(("N", "S", "a_{2024}", "r"))
        if rng.random() < 0.4:          # a power with a value: its true residue ('2^{100} \equiv 376 (mod 1000)')
            base, k = rng.randint(2, 9), rng.randint(20, 120)
            x, r = f"{base}^{{{k}}}", pow(base, k, m)
            if r == 0:
                continue
        q = rng.choice(_QUESTIONS).format(x=x, m=m)
        form = rng.choice(_FORMS)
        answer = form.format(x=x, r=r, m=m)
        for d in both(monkeypatch, answer, str(r), q):
            assert d.match.equal, (answer, q, d)
        other = (r + rng.randint(1, m - 1)) % m
        for d in both(monkeypatch, form.format(x=x, r=other, m=m), str(r), q):
            assert not d.match.equal, (other, r, d)
        assert both(monkeypatch, form.format(x=x, r=other, m=m), str(r), q)[0].final
        for d in both(monkeypatch, form.format(x=x, r=r + m, m=m), str(r), q):   # not reduced
            assert not d.match.equal, d
        for d in both(monkeypatch, answer, str(r), f"Find ${x}$."):
            assert not d.match.equal, d
