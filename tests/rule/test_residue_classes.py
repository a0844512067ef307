"""Residue classes in every notation, seeded: n \\equiv r \\pmod m, n = mk + r (and r + mk, mk - (m - r)),
n \\bmod m = r, several classes with commas or "or", the same set on another modulus; fillers ("all",
"for some integer k", "k \\in \\mathbb{Z}"). Near-misses: another residue, another modulus that is not a
divisor-consistent restatement, a further condition (left to the other stages, never read as equal)."""

from __future__ import annotations

import random

from rlverify.rule.answers import compare

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
