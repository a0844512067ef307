"""One value restated in another form is no hedge; a whole answer set in bold is the answer (AoPS's AIME
boxes ``\\boxed{\\textbf{(113) }}``). Seeded over the problem sets' integer and fraction references."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from rlverify import get_verifier, warm_up
from rlverify.analysis.datasets import problem_file, read_jsonl


@pytest.fixture(scope="module")
def rule():
    warm_up()
    return get_verifier("rule")


def _golds(kind: type) -> list:
    out = []
    for row in read_jsonl(problem_file("math500")):
        ans = str(row["answer"]).strip()
        if not re.fullmatch(r"-?\d+(?:\.\d+)?|-?\\frac\{\d+\}\{\d+\}", ans):
            continue
        try:
            v = Fraction(ans.replace("\\frac{", "").replace("}{", "/").rstrip("}")) if "\\frac{" in ans else Fraction(ans)
        except (ValueError, ZeroDivisionError):
            continue
        if (kind is int) == (v.denominator == 1) and 0 < abs(v) < 10**6:
            out.append((ans, v))
    return out


def _mixed(v: Fraction) -> str:
    whole, rest = divmod(abs(v.numerator), v.denominator)
    sign = "-" if v < 0 else ""
    return f"{sign}{whole}\\frac{{{rest}}}{{{v.denominator}}}" if whole and rest else f"{sign}\\frac{{{abs(v.numerator)}}}{{{v.denominator}}}"


_JOINS = (r"$\boxed{%s}$, or $\boxed{%s}$ inches.", r"so $\boxed{%s}$, i.e. $\boxed{%s}$.",
          r"The answer is $\boxed{%s}$ (equivalently $\boxed{%s}$).", r"$x = \boxed{%s} = \boxed{%s}$")


def test_one_value_in_two_forms_is_accepted_two_values_are_not(rule) -> None:
    rng = random.Random(3)
    golds = _golds(Fraction)
    assert len(golds) >= 20
    for ans, v in rng.sample(golds, 20):
        a, b = _mixed(v), f"{float(v):.10g}" if (v.denominator & (v.denominator - 1)) == 0 else rf"\frac{{{v.numerator}}}{{{v.denominator}}}"
        join = rng.choice(_JOINS)
        assert rule.verify(join % (a, b), ans).correct, (join % (a, b), ans)
        other = v + Fraction(1, v.denominator)
        bad = join % (a, rf"\frac{{{other.numerator}}}{{{other.denominator}}}")
        verdict = rule.verify(bad, ans)
        assert not verdict.correct, (bad, ans)


def test_an_answer_set_in_bold_is_the_answer(rule) -> None:
    rng = random.Random(4)
    for ans, v in rng.sample(_golds(int), 20):
        n = int(v)
        box = rng.choice((r"\textbf{(%d) }", r"\textbf{(%d)}", r"\mathbf{%d}", r"\boldsymbol{%d}"))
        text = rng.choice((r"the answer is $\boxed{%s}$.", r"$a + b = \boxed{%s}$.")) % (box % n)
        assert rule.verify(text, ans).correct, (text, ans)
        wrong = text.replace(f"{n}", f"{n + 1}")
        assert not rule.verify(wrong, ans).correct, (wrong, ans)


def test_several_boxes_ending_on_the_reference_are_a_hedge(rule) -> None:
    """``\\boxed{m \\neq 1+2} \\boxed{m \\neq 1+1} \\boxed{m \\neq 1}`` for ``m \\neq 1`` (the probe's hedging family, seed
    1): the last box equals the reference, the others do not; relation and set references included."""
    rng = random.Random(9)
    bad = []
    for _ in range(30):
        c, var = rng.randint(-9, 9), rng.choice("mxak")
        gold = rng.choice((rf"{var} \neq {c}", rf"{var} > {c}", rf"{var} \le {c}", rf"(-\infty, {c})"))
        offs = rng.sample((1, 2, 3, -1), rng.randint(1, 3))
        boxes = [gold.replace(str(c), f"{c}+{k}" if rng.random() < 0.5 else str(c + k)) for k in offs] + [gold]
        text = "So " + " ".join(rf"$\boxed{{{b}}}$" for b in boxes)
        if rule.verify(text, gold).correct:
            bad.append((text, gold))
        assert rule.verify(rf"So $\boxed{{{gold}}}$", gold).correct, gold
    assert not bad, bad[:4]
