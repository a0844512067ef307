"""rule.unwrapped (issue 30, judge calls): a reference that lists several values against an answer that lists values,
named or not, compared item by item (seeded over the corpora's list references, with twins).

* Values named or labelled (``a = 1.78, b = 0.55``, ``Paolo: 18, Qing: 12``) against a list of plain values: one value
  changed is ``different`` (no item of the reference is that value, or the items cannot be paired off). Twin: the
  reference's own values in another order, named, are never ``different``.
* A reference whose items are all named (``n = 3, B = 2A``): an answer giving one of those names another value is
  ``different``, alone or beside other items. Twin: the same name with the reference's value (a part of the answer)
  is never ``different``.
* Measured values (with a unit) one unit apart in the last digit (``4286 Å`` for ``4285 Å``) are not ``different``.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.rule.answers.latex import clean
from rlverify.rule.answers.numbers import parse_number
from rlverify.rule.unwrapped import _items
from rlverify.verdict import Outcome

SEEDS = range(12)
_CORPORA = Path(__file__).resolve().parents[2] / "data" / "corpora"
_NAMES = ("a", "b", "c", "x", "y", "p", "q", "w", "d")
_WORDS = ("Maximum", "Minimum", "First", "Second", "Paolo", "Qing", "Rayna", "Total")


def _references() -> list[list[str]]:
    """The corpora's references that read as a list of 2 to 6 plain numbers (their item texts)."""
    seen: set[str] = set()
    out: list[list[str]] = []
    for path in sorted(_CORPORA.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                gold = json.loads(line)["gold"]
                if gold in seen:
                    continue
                seen.add(gold)
                items = _items(gold)
                if items and all(n is None for n, _ in items) \
                        and all(parse_number(clean(v)) is not None for _, v in items) \
                        and len({float(parse_number(clean(v)).value) for _, v in items}) == len(items):
                    out.append([v for _, v in items])
    return out


_REFS = _references()


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _verdict(rule, answer: str, gold: str):
    return rule.verify(f"The final answer is $\\boxed{{{answer}}}$.", gold, None)


def _named(values: list[str], rng: random.Random) -> str:
    if rng.random() < 0.5:
        names = rng.sample(_NAMES, len(values))
        return ", ".join(f"{n} = {v}" for n, v in zip(names, values))
    words = rng.sample(_WORDS, len(values))
    return ", ".join(f"{w}: {v}" for w, v in zip(words, values))


def test_the_corpora_hold_list_references():
    assert len(_REFS) >= 30


@pytest.mark.parametrize("seed", SEEDS)
def test_a_named_list_with_a_changed_value_is_different(rule, seed):
    rng = random.Random(seed)
    for items in rng.sample(_REFS, 6):
        gold = ", ".join(items)
        values = list(items)
        k = rng.randrange(len(values))
        v = float(parse_number(clean(values[k])).value)
        taken = {float(parse_number(clean(x)).value) for x in values}
        wrong = next(w for w in (v * 2 + 7, v + 13, -v - 11, v + 101) if w not in taken)
        values[k] = f"{wrong:g}"
        rng.shuffle(values)
        answer = _named(values, rng)
        got = _verdict(rule, answer, gold)
        assert not got.correct and got.outcome is Outcome.DIFFERENT, (answer, gold, got.outcome)
        # twin: the reference's own values, in another order, named
        same = list(items)
        rng.shuffle(same)
        twin = _named(same, rng)
        assert _verdict(rule, twin, gold).outcome is not Outcome.DIFFERENT, (twin, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_name_of_a_named_reference_given_another_value_is_different(rule, seed):
    rng = random.Random(seed)
    for items in rng.sample(_REFS, 4):
        names = rng.sample(("n", "B", "W", "x", "T", "k"), len(items))
        gold = ", \\, ".join(f"{n} = {v}" for n, v in zip(names, items))
        k = rng.randrange(len(items))
        v = float(parse_number(clean(items[k])).value)
        wrong = f"{v * 3 + 5:g}"
        alone = f"{names[k]} = {wrong}"
        beside = f"{alone}, {names[k - 1]} = {items[k - 1]}" if len(items) > 1 and k else alone
        for answer in (alone, beside):
            got = _verdict(rule, answer, gold)
            assert not got.correct and got.outcome is Outcome.DIFFERENT, (answer, gold, got.outcome)
        # twin: a part of the reference, the name with its own value
        part = f"{names[k]} = {items[k]}"
        assert _verdict(rule, part, gold).outcome is not Outcome.DIFFERENT, (part, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_measured_values_one_digit_apart_are_not_different(rule, seed):
    rng = random.Random(seed)
    a, b = rng.randint(1200, 9800), rng.randint(1200, 9800)
    while abs(a - b) < 50 or b % 10 == 0:       # '2700' is written to 2 digits: 2671 is within its last one
        b = rng.randint(1200, 9800)
    unit = rng.choice(("\\text{Å}", "\\text{nm}", "\\text{J}", "\\text{m}"))
    gold = f"\\lambda = {a} \\, {unit}, \\, {b} \\, {unit}"
    near = f"{a} \\, {unit}, \\, {b + rng.choice((-1, 1))} \\, {unit}"
    assert _verdict(rule, near, gold).outcome is not Outcome.DIFFERENT, (near, gold)
    far = f"{a} \\, {unit}, \\, {b + rng.choice((-1, 1)) * rng.randint(20, 40)} \\, {unit}"
    assert _verdict(rule, far, gold).outcome is Outcome.DIFFERENT, (far, gold)


@pytest.mark.parametrize("answer, gold", [("a=1.78, b=0.55", "$1.68,0.45$"), ("p=3, q=5", "3,4"),
                                          ("Paolo: 18, Qing: 12, Rayna: 5", "7,14,18"),
                                          ("B = 0, n = 4", "n = 3, \\, B = 2A"),
                                          ("4500 \\, \\text{Å}, \\, 5625 \\, \\text{Å}",
                                           "\\lambda = 6000 \\, \\text{Å}, \\, 4285 \\, \\text{Å}")])
def test_written_examples(rule, answer, gold):
    assert _verdict(rule, answer, gold).outcome is Outcome.DIFFERENT


@pytest.mark.parametrize("answer, gold", [("Paolo: 18, Qing: 14, Rayna: 7", "7,14,18"), ("n = 3", "n = 3, \\, B = 2A"),
                                          ("B = 2A", "n = 3, \\, B = 2A"), ("4, 3", "3,4")])
def test_written_twins(rule, answer, gold):
    assert _verdict(rule, answer, gold).outcome is not Outcome.DIFFERENT


_SURDS = ("\\sqrt{2}", "\\sqrt{3}", "\\sqrt{5}", "\\sqrt{7}")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_list_of_constants_with_one_changed_is_different(rule, seed):
    """Reference items written as constants (``a=2, a=-6-4\\sqrt{2}``): an answer list with one constant changed is
    ``different``; twin: the same constants in another order."""
    rng = random.Random(seed)
    n, k, s = rng.randint(2, 9), rng.randint(2, 7), rng.choice(_SURDS)
    first, second = str(n), f"-{k + 4}-{k}{s}"
    gold = rng.choice([f"$a={first}$, $a={second}$", f"{first}, {second}", f"x = {first}, x = {second}"])
    wrong = f"-{k + 4}-{k + 1}{s}"
    answer = rng.choice([f"{first}, {wrong}", f"{wrong}, {first}", f"a = {first}, a = {wrong}"])
    got = _verdict(rule, answer, gold)
    assert not got.correct and got.outcome is Outcome.DIFFERENT, (answer, gold, got.outcome)
    twin = f"{second}, {first}"
    assert _verdict(rule, twin, gold).outcome is not Outcome.DIFFERENT, (twin, gold)


# (exact constant, its value to 3 significant digits, a constant that is another value)
_EXACTS = (("\\frac{1 + \\sqrt{97}}{8}", "1.36", "\\frac{1 + \\sqrt{97}}{10}"),
           ("\\frac{6^6 - 5^6}{6^5}", "3.99", "\\frac{33412}{7776}"),
           ("\\frac{3 + \\sqrt{5}}{2}", "2.62", "\\frac{3 + \\sqrt{5}}{3}"),
           ("\\frac{7}{3}", "2.33", "\\frac{7}{4}"),
           ("2\\sqrt{3} - 1", "2.46", "2\\sqrt{3} + 1"),
           ("\\frac{\\sqrt{10}}{4}", "0.791", "\\frac{\\sqrt{10}}{5}"))


@pytest.mark.parametrize("seed", SEEDS)
def test_an_exact_constant_with_its_decimal_is_the_constant(rule, seed):
    """A reference ``EXACT \\approx DECIMAL`` is the exact constant (hardverify-144, -216): another constant is
    ``different``; twins: the exact constant itself and its decimal are not."""
    rng = random.Random(seed)
    exact, decimal, other = rng.choice(_EXACTS)
    sign = rng.choice(["\\approx", "\\simeq"])
    gold = f"{exact} {sign} {decimal}"
    got = _verdict(rule, other, gold)
    assert not got.correct and got.outcome is Outcome.DIFFERENT, (other, gold, got.outcome)
    for twin in (exact, decimal):
        assert _verdict(rule, twin, gold).outcome is not Outcome.DIFFERENT, (twin, gold)
