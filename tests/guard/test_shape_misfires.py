"""Guard detectors that kept correct answers from the judge (issue 30, eligibility): each family seeded, each case
with a twin that the same detector must still block.

* ``text_arithmetic``: a function's name set in ``\\text``/``\\operatorname`` and applied to its argument
  (``1 - \\text{erf}(1)``) is mathematics; a word applied to an argument (``\\text{odd}(3)``), or the function's name
  with no argument (``2 - \\text{erf}``), stays a word in arithmetic.
* ``encoded_text``: ``\\unicode{x212B}`` writes Å; where the reference writes that symbol it is the unit, not a hidden
  message; a character by code the reference does not write stays encoded.
* ``gibberish``: the ``&`` of an alignment environment are column separators; the same characters outside one stay
  weird characters.
* ``hedge``: a comma before a spacing command and a clause (``E = 0,\\quad \\text{so the orbit is parabolic.}``) or
  before "i.e." is punctuation; ``3,\\quad 5`` still offers two values. An enumeration left open (``n = 1, 2, 3,
  \\dots``) against a reference that is one too holds no count; against a closed reference it is a hedge.
"""

from __future__ import annotations

import random

import pytest

from rlverify.guard import inspect

SEEDS = range(12)


def _flags(answer: str, gold: str, question: str | None = None) -> tuple[str, ...]:
    return tuple(map(str, inspect(answer, gold, question).flags))


_FUNCTIONS = ("erf", "erfc", "sinh", "arctan", "sgn", "ln")
_WORDS = ("odd", "apple", "Alice", "total")
_WRAP = ("\\text{%s}", "\\operatorname{%s}", "\\mathrm{%s}")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_function_name_applied_to_its_argument_is_mathematics(seed):
    rng = random.Random(seed)
    fn, word, wrap = rng.choice(_FUNCTIONS), rng.choice(_WORDS), rng.choice(_WRAP)
    arg = rng.choice(["(1)", "(x)", "\\left(\\sqrt{2}\\right)", "(2a)"])
    k = rng.randint(1, 9)
    lead = rng.choice([f"{k} - ", f"{k} + ", f"P = {k} - ", f"\\frac{{1}}{{2}} \\cdot "])
    gold = rng.choice(["P \\simeq 16\\%", "0.157", "\\frac{1}{2}"])
    assert "text_arithmetic" not in _flags(lead + wrap % fn + arg, gold)
    # twins: a word applied to an argument, and the function's name with no argument, are words in arithmetic
    assert "text_arithmetic" in _flags(lead + wrap % word + arg, gold)
    assert "text_arithmetic" in _flags(lead + wrap % fn, gold)


_SYMBOLS = (("212B", "Å"), ("2126", "Ω"), ("00B5", "µ"))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_character_by_code_that_the_reference_writes_is_its_symbol(seed):
    rng = random.Random(seed)
    code, symbol = rng.choice(_SYMBOLS)
    value, other = rng.randint(100, 9999), rng.randint(100, 9999)
    gold = rng.choice([f"\\lambda = {value} \\, \\text{{{symbol}}}", f"{value}\\,{symbol}", f"{value} {symbol}, {other} {symbol}"])
    answer = rng.choice([f"{value}\\ \\unicode{{x{code}}}", f"{value}\\,\\unicode{{x{code}}}\\ \\text{{and}}\\ {other}\\,\\unicode{{x{code}}}"])
    assert "encoded_text" not in _flags(answer, gold)
    # twin: a character the reference does not write (a check mark, a letter) stays a hidden character
    hidden = rng.choice(["2713", "0041", "0063"])
    assert "encoded_text" in _flags(answer.replace(f"x{code}", f"x{hidden}"), gold)


_ENVS = ("aligned", "array}{ll", "align*")


@pytest.mark.parametrize("seed", SEEDS)
def test_alignment_tabs_are_layout(seed):
    rng = random.Random(seed)
    env = rng.choice(_ENVS)
    name = env.split("}")[0]
    rows = [f"& E_{i} = {rng.randint(-5, 5)}A\\hbar^2, && \\quad d_{i} = {rng.randint(1, 9)}" for i in range(1, 4)]
    answer = f"\\begin{{{env}}} " + " \\\\ ".join(rows) + f" \\end{{{name}}}"
    gold = "E = 2A\\hbar^2, \\quad d = 7"
    assert "gibberish" not in _flags(answer, gold)
    # twin: the same characters outside an alignment environment are weird characters
    assert "gibberish" in _flags(" \\\\ ".join(rows), gold)


_CLAUSES = ("so the orbit is parabolic.", "which is the minimum.", "hence the gas cools.")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_comma_before_a_spaced_clause_is_punctuation(seed):
    rng = random.Random(seed)
    value, other = rng.randint(0, 50), rng.randint(51, 99)
    space = rng.choice(["\\quad ", "\\qquad ", "\\, ", "\\; "])
    gold = f"\\epsilon' = {rng.randint(1, 9)}"
    assert "hedge" not in _flags(f"E_{{new}} = {value},{space}\\text{{{rng.choice(_CLAUSES)}}}", gold)
    assert "hedge" not in _flags(f"\\text{{of order }}{value}\\text{{, i.e. about {value} units.}}", gold)
    # twin: a comma and a spacing command before another value lists two values
    assert "hedge" in _flags(f"{value},{space}{other}", gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_an_open_enumeration_against_an_open_reference_holds_no_count(seed):
    rng = random.Random(seed)
    n, m = rng.choice("nmkN"), rng.choice("NMj")
    dots = rng.choice(["\\dots", "\\ldots", "\\cdots"])
    start = rng.randint(1, 3)
    answer = f"z = \\frac{{a^2}}{{2{n}\\lambda}}, \\quad {n} = {start}, {start + 1}, {start + 2}, {dots}"
    gold = f"z = \\frac{{a^2}}{{\\lambda {m}}}, \\, \\text{{for}} \\, {m} = 2, 4, 6, \\ldots"
    assert "hedge" not in _flags(answer, gold)
    # twin: against a reference that is one value, the same enumeration offers several
    assert "hedge" in _flags(answer, f"z = \\frac{{a^2}}{{{start + 1}\\lambda}}")
