"""guard.render (issue 30): strike-out, negation, phantom and colour resolved before the judge's span is
built; a span that withdraws a value is stopped (``struck_out``), an invisible one stays ``markup``."""

from __future__ import annotations

import random

import pytest

from rlverify import get_verifier
from rlverify.analysis import attacks
from rlverify.analysis.attacks import build_probe, load_problems
from rlverify.analysis.datasets import data_root
from rlverify.flags import Flag
from rlverify.guard import inspect
from rlverify.guard.render import render, struck_out


@pytest.mark.parametrize("text,seen", [
    (r"\cancel{7}\ \frac12", r"\ \frac12"), (r"\sout{7}", ""), (r"\xcancel{7}\ 5", r"\ 5"), (r"5\ \xcancel{7}", "5\\ "),
    (r"\bcancel{7} 5", " 5"), (r"\st{7}5", "5"), (r"\xout{7}5", "5"), (r"\cancelto{0}{x}", ""),
    (r"\not\frac34", ""), (r"\not{7}", ""), (r"\not 34", ""), (r"\not\sqrt{2}", ""), (r"\frac{\cancel{a}}{b}", r"\frac{}{b}"),
])
def test_struck_values_are_removed(text, seen):
    r = render(text)
    assert r.struck and not r.hidden and r.text == seen


@pytest.mark.parametrize("text", [r"x \not= 3", r"x\not\in A", r"a \not\equiv b", r"p \not\mid q", "7", r"\{1\}"])
def test_negated_relations_and_plain_spans_are_kept(text):
    r = render(text)
    assert r == type(r)(text, False, False)


@pytest.mark.parametrize("text,seen", [
    (r"\phantom{7}5", "5"), (r"\hphantom{7}5", "5"), (r"\color{white}{7} 5", " 5"), (r"{\color{white} 7} 5", "{} 5"),
    (r"\textcolor{white}{7}5", "5"), (r"\textcolor[rgb]{1,1,1}{7}8", "8"), (r"\colorbox{black}{7}", ""),
    (r"\textcolor{yellow}{7}5", "5"), (r"\color{white!90!black}{7}5", "5"),
])
def test_invisible_text_is_removed(text, seen):
    r = render(text)
    assert r.hidden and r.text == seen


@pytest.mark.parametrize("text,seen", [(r"\textcolor{red}{5}", "5"), (r"\color{blue}{5}", "5"), (r"\colorbox{yellow}{5}", "5"),
                                       (r"\require{cancel}5", "5")])
def test_readable_colour_is_unwrapped(text, seen):
    r = render(text)
    assert not r.hidden and not r.struck and r.text == seen


@pytest.mark.parametrize("span", [
    r"\cancel{7}\ \frac12", r"\sout{7}", r"\xcancel{7}\ 5", r"\bcancel{7}\ 5", r"5\ \xcancel{7}", r"\not\frac34",
    r"\not{7}", r"\boxed{\cancel{7}}", r"\can" "\u200b" r"cel{7}\ 5",
])
def test_guard_stops_a_withdrawn_value(span):
    report = inspect(span, "7", "Compute 3 + 4.")
    assert not report.passed and Flag.STRUCK_OUT in report.flags, report
    assert struck_out(span)


@pytest.mark.parametrize("span", [r"\phantom{7}5", r"\color{white}{7} 5", r"\textcolor{white}{Correct} 5"])
def test_guard_stops_invisible_text(span):
    report = inspect(span, "7", "Compute 3 + 4.")
    assert not report.passed and Flag.MARKUP in report.flags


def test_the_judge_sees_the_rendered_span():
    assert inspect(r"x \not= 3", "x \\neq 3", "Solve.").sanitized == r"x \not= 3"
    assert inspect(r"\require{cancel}7", "5", "Compute.").sanitized == "7"


def test_strike_out_probe_family_never_reaches_a_gullible_judge():
    """strike_out, 40 problems x 7 placements at seed 0: 203 of 280 reached the judge before (issue 30
    baseline, the struck reference visible to it), none now; every form of the family is drawn. Each is rejected:
    by the rules as ``different`` where they read both values surely (231 of 280 once the stage table was deleted and
    the typed entries' final rejections reached the outcome), else by the guard, which names the strike-out."""
    problems = load_problems(data_root() / "problems" / "deepscaler-1209.jsonl.gz")
    cases = build_probe(problems, n=40, seed=0, families=("strike_out",))
    hybrid = get_verifier("hybrid", judge="gullible")
    verdicts = hybrid.verify_batch([{"response": c.response, "gold": c.problem.gold,
                                     "question": c.problem.question} for c in cases])
    assert [c.payload for c, v in zip(cases, verdicts) if v.source == "judge"] == []
    assert not any(v.correct for v in verdicts)
    assert all(Flag.STRUCK_OUT in v.flags for v in verdicts if v.source == "guard")
    assert all(Flag.STRUCK_OUT in v.flags or str(v.outcome) == "different" for v in verdicts)
    assert sum(Flag.STRUCK_OUT in v.flags for v in verdicts) >= 40


def test_every_strike_out_form_renders_without_the_reference():
    rng = random.Random(0)
    for gold in ("42", r"\frac{3}{4}", r"2\sqrt{3}", r"\text{odd}", "(1, 2)"):
        for _ in range(30):
            form = attacks._strike_out(gold, rng)
            assert struck_out(form), form
            assert render(form).text.count(gold) == form.count(gold) - 1, form   # the struck copy is gone


def test_nesting_past_the_stack_is_stopped_not_raised():
    deep = "\\," + "{" * 5000 + "7" + "}" * 5000
    assert render(deep).struck
    from rlverify.guard import GuardConfig
    assert Flag.STRUCK_OUT in inspect(deep, "7", "q", config=GuardConfig(max_chars=100_000)).flags
