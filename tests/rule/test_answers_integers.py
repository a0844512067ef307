"""rlverify.rule.answers.integers: one set of integers written as a range, a list with an ellipsis or the list
itself, where the question asks for integers; a set off by one member is not equal."""

from __future__ import annotations

import pytest

import random

from rlverify.rule.answers.integers import read_integers, same_integers
from rlverify.rule.compare import compare

_LE, _GE = ["\\le", "\\leq", "\\leqslant", "≤"], ["\\ge", "\\geq", "\\geqslant", "≥"]


def _finite(rng: random.Random, lo: int, hi: int, v: str) -> list[str]:
    """Ways to write {lo, ..., hi} (hi - lo >= 3)."""
    le = rng.choice(_LE)
    return [f"{lo} {le} {v} {le} {hi}", f"{v} \\in \\{{{lo}, \\ldots, {hi}\\}}", f"{v} = {lo}, {lo + 1}, \\ldots, {hi}",
            f"{lo}, {lo + 1}, \\dots, {hi}", f"{lo - 1} < {v} < {hi + 1}", f"\\text{{all integers }} {lo} {le} {v} {le} {hi}",
            ", ".join(str(k) for k in range(lo, hi + 1)), f"{hi} {rng.choice(_GE)} {v} {rng.choice(_GE)} {lo}"]


def _endless(rng: random.Random, lo: int, v: str) -> list[str]:
    ge = rng.choice(_GE)
    return [f"{v} {ge} {lo}", f"{v} > {lo - 1}", f"\\{{{lo}, {lo + 1}, {lo + 2}, \\ldots\\}}", f"{lo}, {lo + 1}, \\ldots",
            f"\\text{{all }} {v} {ge} {lo}", f"{lo} {rng.choice(_LE)} {v}", f"\\text{{every integer }} {v} {ge} {lo}"]


def test_one_set_in_every_notation():
    rng = random.Random(11)
    for _ in range(150):
        v = rng.choice("nkm")
        question = f"Find all integers ${v}$ such that ${v}^2 - 3{v}$ has the property."
        if rng.random() < 0.5:
            lo = rng.randint(-5, 20)
            hi = lo + rng.randint(3, 12)
            forms, off = _finite(rng, lo, hi, v), _finite(rng, lo, hi + 1, v)
        else:
            lo = rng.randint(-5, 20)
            forms, off = _endless(rng, lo, v), _endless(rng, lo + 1, v)
        a, g = rng.sample(forms, 2)
        if read_integers(a).ranged or read_integers(g).ranged:
            assert compare(a, g, question).equal, (a, g)
        w = rng.choice(off)
        assert not compare(a, w, question).equal, (a, w)


def test_the_question_fixes_the_least_member():
    q = "Find all positive integers $n$ such that $n^2 < 100$."
    assert compare("n < 10", "1, 2, \\ldots, 9", q).equal
    assert compare("n \\le 9", "\\{1, \\ldots, 9\\}", q).equal
    assert not compare("n < 10", "1, 2, \\ldots, 10", q).equal
    assert same_integers("n < 5", "1, 2, 3, 4", "Find all integers $n$ with ...") is None   # no least member


def test_only_where_integers_are_asked_and_a_range_is_written():
    assert same_integers("1 \\le x \\le 3", "1, 2, 3", "Find all real $x$ such that ...") is None
    assert same_integers("1, 2, 3", "3, 2, 1", "Find all integers $n$ such that ...") is None   # two lists: the core's
    assert same_integers("(1, 2)", "1 \\le n \\le 2", "Find all integers $n$ ...") is None


def test_one_class_said_in_words():
    """'n odd', 'all even n', '3 \\mid n', 'multiples of 4': one residue class in words, against the same class in
    any notation; never two things at once ('odd multiples of 3', 'n odd and n > 3')."""
    from rlverify.rule.answers.residues import residue_classes

    rng = random.Random(5)
    q = "Find all integers $n$ such that $n^2 + n$ has the property."
    for _ in range(60):
        v = rng.choice("nm")
        odd = rng.random() < 0.5
        word = "odd" if odd else "even"
        said = rng.choice([f"{v} \\text{{ {word}}}", f"\\text{{all {word} }} {v}", f"{v} \\text{{ is {word}}}",
                           f"\\text{{every {word} integer }} {v}", f"\\text{{the {word} integers}}"])
        same = rng.choice([f"{v} = 2k + {int(odd)}", f"{v} \\equiv {int(odd)} \\pmod 2"] + ([] if odd else ["2 \\mid " + v]))
        other = rng.choice([f"{v} = 2k + {1 - int(odd)}", f"{v} \\equiv {int(odd)} \\pmod 4"])
        assert compare(said, same, q).equal, (said, same)
        assert not compare(said, other, q).equal, (said, other)
    assert compare("\\text{multiples of } 3", "n \\equiv 0 \\pmod 3", q).equal
    for two in ["\\text{odd multiples of } 3", "n \\text{ odd and } n > 3", "\\text{odd primes}", "n \\text{ odd or } n = 2"]:
        assert residue_classes(two) is None, two


def test_all_before_a_condition_on_reals():
    """'all x > 2', 'all real x \\geq 3': the set the condition names."""
    assert compare("\\text{all } x > 2", "(2, \\infty)", "Solve the inequality $x^2 > 4x - 4$ for $x > 0$.").equal
    assert compare("\\text{all real } x \\geq 3", "x \\ge 3", "Find all real $x$ with ...").equal
    assert not compare("\\text{all } x > 2", "(3, \\infty)", "Solve the inequality.").equal


def test_ways_of_saying_nothing_is_asked_for():
    from rlverify.rule.answers.words import says_nothing

    said = ["\\emptyset", "\\varnothing", "\\text{none}", "\\text{None exist.}", "\\text{no solution}", "\\text{No solutions}",
            "\\text{No such } n \\text{ exists}", "\\text{There are no such integers}", "\\text{no real solutions}",
            "\\text{does not exist}", "\\text{DNE}", "\\{\\}", "\u2205"]
    rng = random.Random(9)
    for _ in range(40):
        a, g = rng.sample(said, 2)
        assert compare(a, g, "Find all integers $n$ such that $n^2 + 1$ divides $n + 3$.").equal, (a, g)
    for not_nothing in ["\\text{No}", "0", "\\text{no two}", "\\text{none of the above}", "\\text{No, there is one}", "1, 2"]:
        assert not says_nothing(not_nothing), not_nothing
    assert not compare("\\text{none}", "0", "How many?").equal


def test_all_integers_in_words_and_symbols():
    q, qp = "Find all integers $n$ such that ...", "Find all positive integers $n$ such that ..."
    assert compare("\\mathbb{Z}", "\\text{all integers}", q).equal
    assert compare("\\text{all integers}", "\\text{every integer}", q).equal
    assert compare("\\text{all positive integers}", "n \\geq 1", qp).equal
    assert compare("\\mathbb{N}", "\\text{all positive integers}", qp).equal
    assert compare("n \\in \\mathbb{Z}^+", "n \\ge 1", q).equal
    assert compare("\\text{all nonnegative integers}", "n \\ge 0", q).equal
    assert not compare("\\text{all integers}", "n \\ge 0", q).equal
    assert not compare("\\text{all positive integers}", "n \\geq 2", qp).equal


def test_value_then_where_it_is_attained():
    """'5 at x = 2', '12 (at (1, 2))': the value before a bare 'at' and the point where it is attained."""
    q = "Find the maximum value of $f$ on the interval."
    assert compare("\\max = 5 \\text{ at } x = 2", "5", q).equal
    assert compare("12 \\text{ (at } (1, 2))", "12", q).equal
    assert compare("\\frac{3}{2} \\text{ at } (x, y) = (1, 1)", "\\frac32", q).equal
    assert not compare("6 \\text{ at } x = 5", "5", q).equal       # the value, never the point's coordinate
    assert not compare("5 \\text{ at least}", "5", q).equal        # a bound, not a value
