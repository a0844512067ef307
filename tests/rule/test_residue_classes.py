"""Residue classes in every notation, seeded: n \\equiv r \\pmod m, n = mk + r (and r + mk, mk - (m - r)),
n \\bmod m = r, several classes with commas or "or", the same set on another modulus; fillers ("all",
"for some integer k", "k \\in \\mathbb{Z}"). Near-misses: another residue, another modulus that is not a
divisor-consistent restatement, a further condition (left to the other stages, never read as equal)."""

from __future__ import annotations

import pytest

import random

from rlverify.rule.compare import compare

_Q = "Find all integers $n$ with this property."


def _write(m: int, rs: list[int], rng: random.Random) -> str:
    form = rng.randrange(5)
    if form == 0 or len(rs) > 1 and form > 2:
        body = ", ".join(map(str, rs))
        return rng.choice((f"n \\equiv {body} \\pmod{{{m}}}", f"n \\equiv {body} \\pmod {m}",
                           f"\\text{{all }} n \\equiv {body} \\ (\\text{{mod }} {m})", f"n \\equiv {body} \\mod {m}"))
    parts = []
    for r in rs:
        k = rng.choice("kmt")     # m and t are units too: bare (no 'n =') only with k
        parts.append(rng.choice((f"n = {m}{k} + {r}" if r else f"n = {m}{k}", f"{r} + {m}k" if r else f"{m}k",
                                 f"n = {m}{k} - {m - r}" if r else f"n = {m}{k}", f"n \\bmod {m} = {r}")))
    tail = rng.choice(("", ", k \\in \\mathbb{Z}", "\\text{ for some integer } k", ""))
    return " \\text{ or } ".join(parts) + (tail if all(("k" in p) for p in parts) else "")


def test_residue_classes_every_notation(inline):
    rng = random.Random(3)
    for _ in range(150):
        m = rng.randint(2, 12)
        rs = sorted(rng.sample(range(m), rng.randint(1, min(2, m - 1))))
        a, g = _write(m, rs, rng), _write(m, rs, rng)
        assert compare(a, g, _Q).equal, (a, g)
        lifted = sorted({r + j * m for r in rs for j in range(2)})            # the same set modulo 2m
        assert compare(a, f"n \\equiv {', '.join(map(str, lifted))} \\pmod{{{2 * m}}}", _Q).equal, a
        other = sorted({(r + 1) % m for r in rs})
        if other != rs:
            assert not compare(a, _write(m, other, rng), _Q).equal, (a, other)


def test_a_formula_in_a_named_letter_is_no_class(inline):
    assert not compare("3k+1", "3n+1", "How many regions do $n$ lines make?").equal
    assert not compare("3x+2", "3y+2").equal
    assert not compare("5m", "5s", "How far does it go?").equal          # metres and seconds, not classes


def _left_out(m: int, r: int, rng: random.Random) -> str:
    """The integers not congruent to r modulo m, written by the class left out."""
    if r == 0 and rng.random() < 0.5:
        return rng.choice((f"{m} \\nmid n", f"{m} \\not\\mid n", f"\\text{{all }} n \\text{{ not divisible by }} {m}",
                           f"n \\text{{ not a multiple of }} {m}"))
    return rng.choice((f"n \\not\\equiv {r} \\pmod{{{m}}}", f"n \\not \\equiv {r} \\pmod {m}", f"n \\nequiv {r} \\pmod{{{m}}}",
                       f"n \u2262 {r} \\ (\\text{{mod }} {m})"))


def test_a_class_left_out_is_the_other_classes(inline):
    rng = random.Random(4)
    for _ in range(120):
        m = rng.randint(2, 9)
        r = rng.randrange(m)
        rest = [x for x in range(m) if x != r]
        a = _left_out(m, r, rng)
        assert compare(a, _write(m, rest, rng) if len(rest) <= 2 else f"n \\equiv {', '.join(map(str, rest))} \\pmod{{{m}}}",
                       _Q).equal, a
        assert compare(a, _left_out(m, r, rng), _Q).equal, a
        assert not compare(a, _left_out(m, (r + 1) % m, rng), _Q).equal, a        # another class left out
        assert not compare(a, f"n \\equiv {r} \\pmod{{{m}}}", _Q).equal, a       # the class itself
        if m > 2:
            assert not compare(a, f"n \\equiv {rest[0]} \\pmod{{{m}}}", _Q).equal, a   # one of the others only


def test_two_classes_left_out_are_not_read_as_a_union(inline):
    # 'and' between two left-out classes intersects (coprime to 6 is 1, 5 mod 6): not read, never the union
    assert not compare("2 \\nmid n \\text{ and } 3 \\nmid n", "n \\equiv 1, 2, 3, 4, 5 \\pmod 6", _Q).equal
    assert not compare("n \\not\\equiv 0 \\pmod 2, \\ n \\not\\equiv 0 \\pmod 3", "n \\equiv 1, 2, 3, 4, 5 \\pmod 6", _Q).equal


def test_the_noun_the_question_asks_for_and_of_the_form(inline):
    q = "Find all primes $p$ such that $p^2 + 1$ is divisible by 5."
    rng = random.Random(12)
    for _ in range(40):
        m = rng.randint(3, 12)
        r = rng.randrange(1, m)
        gold = f"p \\equiv {r} \\pmod{{{m}}}"
        said = rng.choice((f"\\text{{all primes }} p \\equiv {r} \\pmod{{{m}}}", f"\\text{{primes of the form }} {m}k+{r}",
                           f"\\text{{all prime numbers of the form }} {m}k + {r}", f"\\text{{the primes }} p \\equiv {r} \\pmod {m}"))
        assert compare(said, gold, q).equal, (said, gold)
        assert compare(gold, said, q).equal, (gold, said)
        other = (r + 1) % m
        assert not compare(said.replace(f"{r}", f"{other}") if f"{other}" not in said else f"p \\equiv {other} \\pmod{{{m}}}", gold, q).equal
    # the noun is a filler only where the question asks for primes
    assert not compare("\\text{all primes } p \\equiv 1 \\pmod 4", "n \\equiv 1 \\pmod 4", "Find all integers $n$.").equal
    assert compare("\\text{all integers of the form } 3k+1", "n \\equiv 1 \\pmod 3", "Find all integers $n$.").equal
