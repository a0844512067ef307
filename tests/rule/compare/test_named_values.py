"""The named-values entry of the typed comparison (rlverify.rule.compare.named, issue 29), with the table off and on
the default path.

Forms drawn from the corpora (hardverify-58 ``Maximum = 2, Minimum = 1`` for ``1,2``, hardverify-82
``Paolo: 18, Qing: 14, Rayna: 7`` for ``7,14,18``, olympiadbench-686 ``(x, y) = (1000, 10)`` for ``10^{3},10``,
olympiadbench-503 ``(f(n), g(n)) = (n, 1)`` for ``f(n)=n, g(n)=1``): each value written under its name in one of
several notations, in any order where the question's request enumerates the names, against a bare list or a tuple.
Twins: two values swapped between names, one value off, a value missing. The precision hole this closes: named values
the question does not enumerate were compared as a multiset (``Paolo = 7, Qing = 18, Rayna = 14`` accepted for
``7, 14, 18``); distinct names make the order count, names of one letter numbered by subscripts stay a set.
"""

from __future__ import annotations

import random

import pytest

from both_paths import both

NAMES = ("Paolo", "Maria", "Luca", "Qing", "Rayna", "Tomas", "Ann")
FORMS = ("{n}: {v}", "{n} = {v}", "\\text{{{n}: }} {v}", "\\text{{{n} }} {v}", "{v}\\ (\\text{{{n}}})", "\\text{{{n} is }} {v}")


def _both(monkeypatch, answer: str, gold: str, question: str | None):
    return both(monkeypatch, answer, gold, question)


def _answer(pairs, rng: random.Random) -> str:
    form = rng.choice(FORMS)
    return rng.choice((", ", "; ", ",\\ ")).join(form.format(n=n, v=v) for n, v in pairs)


@pytest.mark.parametrize("seed", range(4))
def test_names_the_request_enumerates(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        names = rng.sample(NAMES, rng.choice((2, 3)))
        values = rng.sample(range(2, 60), len(names))
        question = f"Find the ages of {', '.join(names[:-1])} and {names[-1]}."
        gold = rng.choice((", ".join(map(str, values)), "(" + ", ".join(map(str, values)) + ")"))
        pairs = list(zip(names, values))
        rng.shuffle(pairs)
        for d in _both(monkeypatch, _answer(pairs, rng), gold, question):
            assert d.match.equal and d.stage == "typed:named_values", (pairs, gold, d)
        swapped = [(pairs[1][0], pairs[0][1]), (pairs[0][0], pairs[1][1])] + pairs[2:]
        off = [(pairs[0][0], pairs[0][1] + 1)] + pairs[1:]
        for bad in (swapped, off) + ((pairs[:-1],) if len(pairs) > 2 else ()):
            for d in _both(monkeypatch, _answer(bad, rng), gold, question):
                assert not d.match.equal and d.final, (bad, gold, d)


@pytest.mark.parametrize("seed", range(3))
def test_names_no_request_enumerates_keep_their_order(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    question = "The average age of the three is 13. Determine their ages."
    for _ in range(8):
        names = rng.sample(NAMES, 3)
        values = rng.sample(range(2, 60), 3)
        gold = ",".join(map(str, values))
        for d in _both(monkeypatch, _answer(list(zip(names, values)), rng), gold, question):
            assert d.match.equal, (names, values, d)
        moved = values[1:] + values[:1]      # the same multiset under other names: another assignment
        for d in _both(monkeypatch, _answer(list(zip(names, moved)), rng), gold, question):
            assert not d.match.equal, (names, moved, gold, d)
        roots = [f"x_{k + 1}" for k in range(3)]   # numbered names of one letter: a set
        shuffled = list(zip(roots, values))
        rng.shuffle(shuffled)
        text = ", ".join(f"{n} = {v}" for n, v in shuffled)
        for d in _both(monkeypatch, text, gold, "Find all the integer roots."):
            assert d.match.equal, (text, gold, d)
        for d in _both(monkeypatch, text.replace(f"= {values[0]}", f"= {values[0] + 1}"), gold, "Find all the integer roots."):
            assert not d.match.equal


@pytest.mark.parametrize("seed", range(3))
def test_described_names_and_named_tuples(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        lo, hi = sorted(rng.sample(range(0, 40), 2))
        question = "Find the maximum and minimum possible number of elements."
        for answer in (f"Maximum = {hi}, Minimum = {lo}", f"\\text{{Minimum: }} {lo}, \\text{{Maximum: }} {hi}"):
            for d in _both(monkeypatch, answer, f"{lo},{hi}", question):
                assert d.match.equal, (answer, d)
        for d in _both(monkeypatch, f"Maximum = {hi}, Minimum = {lo + 41}", f"{lo},{hi}", question):
            assert not d.match.equal
        x, y = rng.randint(2, 9), rng.randint(2, 9)
        gold = f"10^{{{x}}},{10 ** y}"
        for d in _both(monkeypatch, f"(x, y) = ({10 ** x}, {10 ** y})", gold, "Solve the system of equations."):
            assert d.match.equal, (gold, d)
        if x != y:
            for d in _both(monkeypatch, f"(x, y) = ({10 ** y}, {10 ** x})", gold, "Solve the system of equations."):
                assert not d.match.equal, (gold, d)
        k = rng.randint(1, 9)
        gold = f"$f(n)=n$, $g(n)={k}$"
        for d in _both(monkeypatch, f"(f(n), g(n)) = (n, {k})", gold, None):
            assert d.match.equal, (gold, d)
        for d in _both(monkeypatch, f"(f(n), g(n)) = (n, {k + 1})", gold, None):
            assert not d.match.equal, (gold, d)


@pytest.mark.parametrize("seed", range(3))
def test_one_per_line_and_names_set_equal(seed: int, monkeypatch) -> None:
    """Values named one per line (the cleaned text loses the lines), and ``x = y = z = 1`` for the tuple the question
    names (tests/rule/test_answers_parametric_tuples.py). Twins: a value off, one name's value other."""
    rng = random.Random(seed)
    for _ in range(6):
        names = rng.sample(NAMES, 3)
        values = rng.sample(range(2, 60), 3)
        question = f"Qing is older than Luca. Find the ages of {names[0]}, {names[1]} and {names[2]}."
        lines = "\n".join(f"{n}: {v}" for n, v in zip(names, values))
        for d in _both(monkeypatch, lines, ", ".join(map(str, values)), question):
            assert d.match.equal, (lines, d)
        for d in _both(monkeypatch, lines.replace(f": {values[1]}", f": {values[1] + 1}"), ", ".join(map(str, values)), question):
            assert not d.match.equal, (lines, d)
        letters = rng.choice((("x", "y", "z"), ("a", "b"), ("p", "q", "r", "s")))
        v = rng.choice(("1", "-2", "\\frac{1}{3}", "\\sqrt{2}"))
        asked = f"Find all real $({', '.join(letters)})$ such that the system holds."
        chain = " = ".join(letters) + f" = {v}"
        for d in _both(monkeypatch, chain, "(" + ", ".join([v] * len(letters)) + ")", asked):
            assert d.match.equal, (chain, d)
        for d in _both(monkeypatch, chain, "(" + ", ".join([v] * (len(letters) - 1) + ["7"]) + ")", asked):
            assert not d.match.equal, (chain, d)


@pytest.mark.parametrize("seed", range(3))
def test_one_of_two_unknowns_against_a_repeated_value(seed: int, monkeypatch) -> None:
    """``a = 5`` for ``5, 5`` where the question asks for $a$ and $b$ is one of the values asked (a typed
    ``different``); ``a = b = 5`` names both; ``x = -2`` for ``-2, -2`` where the roots of one unknown are asked is the
    double root (tests/rule/test_reference_cut_and_pairs.py)."""
    rng = random.Random(seed)
    for _ in range(6):
        a, b = rng.choice((("a", "b"), ("x", "y"), ("m", "n")))
        v = rng.choice((str(rng.randint(-20, 99)), f"\\frac{{{rng.randint(1, 9)}}}{{{rng.randint(11, 19)}}}"))
        question = f"Suppose that ${a}(t+{b}(t+3))=2(t+6)$ for all values of $t$. Determine ${a}$ and ${b}$."
        gold = f"{v}, {v}"
        for one in (a, b):
            for d in _both(monkeypatch, f"{one} = {v}", gold, question):
                assert not d.match.equal and d.final, (one, gold, d)
        for both in (f"{a} = {b} = {v}", f"{a} = {v},\\ {b} = {v}"):
            for d in _both(monkeypatch, both, gold, question):
                assert d.match.equal, (both, gold, d)
        r = rng.randint(1, 9)
        for d in _both(monkeypatch, f"x = -{r}", f"-{r},-{r}", f"Find all roots of $x^2+{2 * r}x+{r * r}=0$."):
            assert d.match.equal, (r, d)
