"""`rlverify eval` shows the cost of a hybrid: items sent to the judge (share and per 1,000 items)
and the study's static table (rules alone, judge alone, hybrid)."""

from __future__ import annotations

import pytest

from rlverify.analysis.evaluate import ALL_GROUP, evaluate, load_rows, sample_path
from rlverify.analysis.report import judge_cost_lines, markdown_table, static_markdown, static_table

OPTIONS = {"hybrid": {"judge": "gullible"}, "judge": {"judge": "gullible"}}


@pytest.fixture(scope="module")
def result():
    rows = load_rows([sample_path()]).rows
    return evaluate(rows, ["rule", "hybrid", "judge"], options=OPTIONS)


def _all(result, name):
    return next(s for s in result.stats if s.verifier == name and s.group == ALL_GROUP)


def test_judge_items_are_counted_per_verifier(result):
    rule, hybrid, judge = (_all(result, n) for n in ("rule", "hybrid", "judge"))
    assert rule.judge_items is None and rule.judge_share is None
    sent = [s for s in result.scored if s.verifier == "hybrid" and s.verdict.source == "judge"]
    assert hybrid.judge_items == len(sent) > 0
    assert hybrid.judge_share <= 0.10                        # the budget, on the bundled sample
    assert judge.judge_share >= 0.95                         # a judge alone sees (almost) every item
    assert judge.judge_eligibility is None                   # a judge alone is no hybrid


def test_hybrid_recall_with_a_gullible_judge_is_at_least_the_rules(result):
    assert _all(result, "hybrid").recall >= _all(result, "rule").recall


def test_static_table_rules_alone_judge_alone_hybrid(result):
    rows = static_table(result)
    assert [(r.hybrid, r.setup) for r in rows] == [("hybrid", "rules alone"), ("hybrid", "judge alone (judge)"),
                                                    ("hybrid", "hybrid")]
    rules, judge, hybrid = rows
    assert rules.judge_per_1000 is None and judge.judge_per_1000 >= 950
    assert hybrid.judge_per_1000 == pytest.approx(1000 * _all(result, "hybrid").judge_share)
    assert rules.recall <= hybrid.recall and hybrid.precision >= judge.precision
    assert "| hybrid | hybrid |" in static_markdown(result)


def test_cost_lines_and_table_column(result):
    lines = judge_cost_lines(result.stats)
    assert any(line.startswith("judge calls of hybrid (all):") and "per 1,000 items" in line for line in lines)
    assert "to judge" in markdown_table(result.stats)


def test_eval_cli_prints_cost_and_static_table(capsys):
    from rlverify.cli import main

    code = main(["eval", str(sample_path()), "--verifier", "rule", "--verifier", "hybrid",
                 "--option", "hybrid.judge=gullible", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0 and "judge calls of hybrid" in out and "static evaluation" in out and "rules alone" in out
