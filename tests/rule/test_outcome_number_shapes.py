"""rule.outcome / rule.unwrapped (issue 30, the probe's wrong_constant leaks): a number against a reference that no
number states is a typed ``different``, so a wrong constant never reaches the judge. Seeded families over real
references (data/problems and the corpora's golds), each with a twin that must not be ``different``:

* an equation between two expressions in two or more free names, neither side a lone name (``y+3x-4=0``, a curve);
  twin: the value of a side written as a constant (``0``), and the same pair where the question fixes the names;
* one inequality or ``\\neq`` of a name (``m \\neq 1``, ``m \\leq \\sqrt{12/(n(n-1)(n+1))}``); twin: the constant side;
* a matrix of several entries; twin: the matrix itself;
* a constant the number reader refuses (``1 / 2004!``), read by the CAS; twin: a decimal that rounds to it;
* a list named as a whole (``n = 2, 5, 13``) or joined by a word (``-12 \\text{ or } -30``); twins: one of its items,
  and a plain list of two integers (``221, 8``: maybe a garbled 221/8) against a number outside it (a longer plain
  list, or one of other constants, is a list: :mod:`tests.rule.test_lists_of_constants`);
* a name the question only sets in an example ("For example, when $n=5$, ...") is free; twin: "Let $n=5$."
"""

from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.verdict import Outcome

SEEDS = range(10)
_ROOT = Path(__file__).resolve().parents[2]
_CONSTANTS = ("\\frac{250}{101}", "\\sqrt{2}+1", "-\\frac{97}{109}", "3\\sqrt{5}", "\\frac{419}{107}", "\\frac{311}{103}",
              "7\\pi", "\\sqrt{3}-5")
_RELATION = re.compile(r"\\(?:leq?|geq?|neq?|lt|gt)(?![a-zA-Z])|<|>|=")
_NAMES = re.compile(r"(?<![\\a-zA-Z])[a-zA-Z](?![a-zA-Z])")


def _golds() -> list[str]:
    out: list[str] = []
    for path in sorted((_ROOT / "data" / "problems").glob("*.jsonl.gz")) + \
            sorted((_ROOT / "data" / "corpora").glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                gold = row.get("gold", row.get("answer"))
                if isinstance(gold, str):
                    out.append(gold.strip().strip("$").strip())
    return sorted(set(out))


_GOLDS = _golds()
_INTEGERS = sorted({g for g in _GOLDS if re.fullmatch(r"-?\d{1,4}", g)})
# equations in two or more names, one '=', no side a lone name, no words
_CURVES = [g for g in _GOLDS if len(_RELATION.findall(g)) == 1 and "=" in g and len(g) < 60 and "\\text" not in g
           and "," not in g and len(set(_NAMES.findall(g)) - {"e", "i"}) >= 2
           and not any(re.fullmatch(r"\s*[a-zA-Z]\s*", side) for side in g.split("="))
           and not re.match(r"\s*[a-zA-Z]\s*\(", g) and "\\mathbf" not in g and "\\vec" not in g]
# (a function's value 'f(x) = 1' is a labelled value; a vector equation is no curve the CAS reads)
_MATRICES = [g for g in _GOLDS if "\\begin{pmatrix}" in g and "&" in g or g.count("\\\\") >= 1 and "pmatrix" in g]


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _outcome(rule, answer: str, gold: str, question: str | None = None) -> Outcome:
    v = rule.verify(f"So the answer is $\\boxed{{{answer}}}$.", gold, question)
    assert not v.correct or v.outcome is Outcome.EQUAL
    return v.outcome


def test_the_references_exist():
    assert len(_CURVES) >= 3 and len(_MATRICES) >= 5 and len(_INTEGERS) >= 50


@pytest.mark.parametrize("seed", SEEDS)
def test_a_number_against_a_curve_is_different(rule, seed):
    rng = random.Random(seed)
    gold = rng.choice(_CURVES)
    c = rng.choice(_CONSTANTS)
    assert _outcome(rule, c, gold) is Outcome.DIFFERENT, (c, gold)
    left, right = (x.strip() for x in gold.split("="))
    for side in (left, right):
        if re.fullmatch(r"-?\d+", side):                      # twin: the constant side's value
            assert _outcome(rule, side, gold) is not Outcome.DIFFERENT, (side, gold)
    names = sorted(set(_NAMES.findall(gold)) - {"e", "i"})
    fixed = "Let " + " and ".join(f"${n} = {rng.randint(2, 9)}$" for n in names) + ". Evaluate."
    assert _outcome(rule, c, gold, fixed) is not Outcome.DIFFERENT, (c, gold, fixed)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_number_against_an_inequality_or_neq_is_different(rule, seed):
    rng = random.Random(seed)
    name = rng.choice("mkpct")
    bound = rng.choice(_INTEGERS)
    gold = rng.choice([f"{name} \\neq {bound}", f"{name} \\ne {bound}",
                       f"{{{name} \\leq \\sqrt{{\\frac{{12}}{{n(n-1)(n+1)}}}}}}"])
    c = rng.choice(_CONSTANTS)
    assert _outcome(rule, c, gold) is Outcome.DIFFERENT, (c, gold)
    if "neq" in gold or "ne " in gold:
        assert _outcome(rule, bound, gold) is not Outcome.DIFFERENT, (bound, gold)   # twin: the excluded value


@pytest.mark.parametrize("seed", SEEDS)
def test_a_number_against_a_matrix_is_different(rule, seed):
    rng = random.Random(seed)
    gold = rng.choice(_MATRICES)
    c = rng.choice(_CONSTANTS + tuple(_INTEGERS[:20]))
    assert _outcome(rule, c, gold) is Outcome.DIFFERENT, (c, gold)
    assert _outcome(rule, gold, gold) is Outcome.EQUAL                                  # twin: the matrix itself


@pytest.mark.parametrize("gold, wrong, near", [("1 / 2004!", "\\frac{250}{101}", "0.000"), ("1 + 2004!", "17", None)])
def test_a_constant_the_number_reader_refuses(rule, gold, wrong, near):
    assert _outcome(rule, wrong, gold) is Outcome.DIFFERENT
    if near is not None:
        assert _outcome(rule, near, gold) is not Outcome.DIFFERENT


@pytest.mark.parametrize("seed", SEEDS)
def test_a_number_outside_a_named_or_worded_list_is_different(rule, seed):
    rng = random.Random(seed)
    items = rng.sample([i for i in _INTEGERS if len(i.lstrip("-")) != 3], rng.randint(2, 4))   # '406, 255': digit groups?
    form = rng.choice(["named", "or", "and"])
    if form == "named":
        gold = f"{rng.choice('nxk')} = " + ", ".join(items)
    else:
        gold = f" \\text{{ {form} }} ".join(items)
    c = rng.choice(_CONSTANTS)
    assert _outcome(rule, c, gold) is Outcome.DIFFERENT, (c, gold)
    member = rng.choice(items)
    assert _outcome(rule, member, gold) is not Outcome.DIFFERENT, (member, gold)      # twin: a part of the list
    plain = ", ".join(items[:2])                             # twin: two plain integers (a fraction's lost bar?)
    assert _outcome(rule, c, plain) is not Outcome.DIFFERENT, (c, plain)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_name_set_in_an_example_is_free(rule, seed):
    rng = random.Random(seed)
    n = rng.randint(3, 9)
    gold = rng.choice(["n^2 + 1", "2n - 1", "\\frac{n(n+1)}{2}", "(-1)^{n} 2n"])
    c = rng.choice(_CONSTANTS)
    example = (f"Let $n$ be a positive integer and $S_n$ the sum. For example, when $n={n}$, we have $S = {n * 2}$. "
               "Compute $S_n$.")
    assert _outcome(rule, c, gold, example) is Outcome.DIFFERENT, (c, gold)
    fixed = f"Let $n={n}$ and $S_n$ the sum. Compute $S_n$."
    assert _outcome(rule, c, gold, fixed) is not Outcome.DIFFERENT, (c, gold)
