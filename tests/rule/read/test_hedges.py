"""rule.read.hedges (issue 30): cases are a hedge whatever wrapper they sit in, an answer in parts is no hedge unless a
part is one. Seeded families, each with a twin that goes the other way, through the guard's hedge detector (the only
place the judge's eligibility is decided)."""

from __future__ import annotations

import random

import pytest

from rlverify.guard import inspect
from rlverify.rule.read.hedges import Cases, Parts, read_several

SEEDS = range(12)


def _hedged(answer: str, gold: str, question: str | None = None) -> bool:
    return "hedge" in map(str, inspect(answer, gold, question).flags)


_LABEL_STYLES = ("({})", "\\text{{({})}}", "\\textbf{{({})}}")


def _question(rng: random.Random, labels: str) -> str:
    asks = ["How far will it move?", "Is it possible? Explain.", "What is the speed?", "Find the period."]
    return "A mass on a spring.\n\n" + "\n\n".join(f"({x}) {rng.choice(asks)}" for x in labels)


@pytest.mark.parametrize("seed", SEEDS)
def test_parts_named_by_the_question_are_no_hedge(seed):
    rng = random.Random(seed)
    labels = "ab" if rng.random() < 0.5 else "abc"
    question = _question(rng, labels)
    style = rng.choice(_LABEL_STYLES)
    value = rng.randint(2, 90)
    answers = [f"\\Delta x = {value}\\,\\text{{m}}", f"T = {value + 3}\\,\\text{{s}}", f"v = {value + 7}\\,\\text{{m/s}}"]
    span = ", ".join(f"{style.format(x)}\\ {answers[k]}" for k, x in enumerate(labels))
    gold = f"{value}\\,\\text{{m}}"
    assert isinstance(read_several(span, question), Parts)
    assert not _hedged(span, gold, question), span
    layout = "\\begin{aligned} " + " \\\\ ".join(f"{style.format(x)}\\quad &{answers[k]}" for k, x in enumerate(labels)) \
        + " \\end{aligned}"
    assert not _hedged(layout, gold, question), layout
    # twins: the same span for a question that names no parts, and a part that offers two values, are hedges
    assert _hedged(span, gold, "A mass on a spring. How far will it move?"), span
    hedging = span.replace(f"{value}\\,\\text{{m}}", f"{value} \\text{{ or }} {value + 1}\\,\\text{{m}}", 1)
    assert _hedged(hedging, gold, question), hedging


@pytest.mark.parametrize("seed", SEEDS)
def test_parts_out_of_the_questions_order_are_not_its_parts(seed):
    rng = random.Random(seed)
    question = _question(rng, "ab")
    a, b = rng.randint(2, 40), rng.randint(41, 90)
    assert read_several(f"(b)\\ {a} \\quad (a)\\ {b}", question) is None
    assert read_several("\\text{(a), (b)}", question) is None      # labels with nothing under them
    assert isinstance(read_several(f"(a)\\ {a} \\quad (b)\\ {b}", question), Parts)


_PLACES = (("above the principal axis", "to the left of the lens"), ("north of the station", "east of the tower"),
           ("below the surface level", "behind the front mirror"))


@pytest.mark.parametrize("seed", SEEDS)
def test_values_each_described_by_their_own_words_are_parts(seed):
    rng = random.Random(seed)
    first, second = rng.choice(_PLACES)
    unit = rng.choice(["cm", "m", "km"])
    x, y = rng.randint(1, 99) / 4, rng.randint(1, 60)
    span = f"{x} \\text{{ {unit} {first}, }} {y} \\text{{ {unit} {second}}}"
    gold = f"{x} \\, \\text{{{unit} off the optical axis}}"
    assert isinstance(read_several(span), Parts)
    assert not _hedged(span, gold), span
    # twins: the same description twice, or values with no description, offer several values for one
    assert _hedged(f"{x} \\text{{ {unit} {first}, }} {y} \\text{{ {unit} {first}}}", gold)
    assert _hedged(f"{x} \\text{{ {unit}}}, {y} \\text{{ {unit}}}", gold)
    assert _hedged(f"{x} \\text{{ {unit} {first}, or }} {y} \\text{{ {unit} {second}}}", gold)


_CONDITIONS = (("if } n \\text{ is even", "otherwise"), ("when } x > 0", "when } x \\le 0"),
               ("if the gas is ideal", "else"))


@pytest.mark.parametrize("seed", SEEDS)
def test_values_under_conditions_are_a_hedge_in_any_wrapper(seed):
    rng = random.Random(seed)
    a, b = rng.randint(1, 40), rng.randint(41, 90)
    c1, c2 = rng.choice(_CONDITIONS)
    core = f"{a} \\text{{ {c1}}}, {b} \\text{{ {c2}}}"
    span = rng.choice([core, f"x = {core}", f"\\approx {core}", f"\\begin{{cases}} {a} & n \\text{{ even}} \\\\ {b} & "
                                                                f"n \\text{{ odd}} \\end{{cases}}"])
    assert isinstance(read_several(span), Cases)
    assert _hedged(span, str(a)), span
    # twin: against a reference in cases itself, the answer's cases are its form, not a hedge
    gold = f"\\begin{{cases}} {a} & n \\text{{ even}} \\\\ {b} & n \\text{{ odd}} \\end{{cases}}"
    assert not _hedged(span, gold), span
    # and one value under a condition offers no choice; rows that only describe their values are a list in cases
    assert read_several(f"W = {a}\\,Q \\text{{ when the process is reversible}}") is None
    assert read_several(f"E = \\begin{{cases}} {a}A & \\text{{(7-fold degenerate)}} \\\\ {b}A & \\text{{(5-fold degenerate)}}"
                        f" \\end{{cases}}") is None
