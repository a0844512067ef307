"""The oracle judge (issue 30): a row's gold label, only inside a labelled evaluation."""

import json

import pytest

from rlverify import get_verifier
from rlverify.analysis.evaluate import Row, evaluate
from rlverify.judge import JudgeItem, make_judge
from rlverify.judge.oracle import OracleJudge, OracleUnavailableError, labelled_evaluation

Q_SOLID, G_SOLID, R_SOLID = "What solid?", r"\text{right prism}", r"The answer is \boxed{\text{a right prism with a cyclic base}}"
Q_SHAPE, G_SHAPE, R_SHAPE = "What shape?", r"\text{cyclic}", r"So it is \boxed{\text{cyclic quadrilateral}}"


def _row(i: str, q: str, g: str, r: str, label: bool) -> Row:
    return Row(id=i, question=q, gold=g, response=r, label=label, dataset="toy", generator="toy")


def test_oracle_cannot_be_built_outside_labelled_evaluation():
    with pytest.raises(OracleUnavailableError, match="labelled"):
        make_judge("oracle")
    with pytest.raises(OracleUnavailableError):
        get_verifier("hybrid", judge="oracle")


def test_oracle_refuses_items_without_a_bound_label_or_more_than_one_row():
    with labelled_evaluation():
        oracle = make_judge("oracle")
    assert isinstance(oracle, OracleJudge)
    item = JudgeItem(Q_SOLID, G_SOLID, "x")
    with pytest.raises(OracleUnavailableError, match="no row label"):
        oracle.judge([item])
    with oracle.bound(False):
        assert oracle.judge([item]) == [False]
        with pytest.raises(OracleUnavailableError, match="2 items"):
            oracle.judge([item, item])
    with pytest.raises(OracleUnavailableError):
        oracle.judge([item])
    assert oracle.judge([]) == []


def test_the_hybrid_outside_evaluation_never_reaches_an_oracle():
    """A hybrid given an oracle object (built in a labelled block) but verifying outside evaluate() has
    no label: the judge call fails, so the item keeps its rule verdict flagged judge_unavailable."""
    with labelled_evaluation():
        hybrid = get_verifier("hybrid", judge="oracle")
    v = hybrid.verify(R_SOLID, G_SOLID, Q_SOLID)
    assert not v.correct and "judge_unavailable" in v.flags


def test_evaluate_answers_each_row_with_its_own_label():
    # rows 1 and 2 are the same text with different labels: only a per-row label can answer both
    rows = [_row("1", Q_SOLID, G_SOLID, R_SOLID, True), _row("2", Q_SOLID, G_SOLID, R_SOLID, False),
            _row("3", Q_SHAPE, G_SHAPE, R_SHAPE, False), _row("4", "Find n.", "50", r"\boxed{50}", True),
            _row("5", "Find n.", "50", r"\boxed{51}", False)]
    result = evaluate(rows, ["hybrid"], options={"hybrid": {"judge": "oracle"}})
    got = {s.row.id: (s.verdict.source, s.verdict.correct) for s in result.scored}
    assert got == {"1": ("judge", True), "2": ("judge", False), "3": ("judge", False),
                   "4": ("rule", True), "5": ("rule", False)}
    (stats,) = result.stats
    assert (stats.tp, stats.fp, stats.fn, stats.tn) == (2, 0, 0, 3)
    assert stats.judge_eligibility == 1.0 and stats.judge_items == 3
    assert not result.judge_failures()


def test_oracle_refuses_ray():
    with pytest.raises(OracleUnavailableError, match="ray"):
        evaluate([_row("1", Q_SOLID, G_SOLID, R_SOLID, True)], ["hybrid"], use_ray=True,
                 options={"hybrid": {"judge": "oracle"}})


def test_cli_eval_reports_the_ceiling(tmp_path, capsys):
    from rlverify.cli import main

    path = tmp_path / "toy.jsonl"
    rows = [{"id": "1", "question": Q_SOLID, "gold": G_SOLID, "response": R_SOLID, "label": True},
            {"id": "2", "question": Q_SHAPE, "gold": G_SHAPE, "response": R_SHAPE, "label": False}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out_json = tmp_path / "out.json"
    code = main(["eval", str(path), "--verifier", "hybrid", "--option", "hybrid.judge=oracle", "--no-progress",
                 "--json", str(out_json)])
    assert code in (0, None)
    data = json.loads(out_json.read_text())
    text = json.dumps(data)
    assert '"recall": 1.0' in text and '"precision": 1.0' in text
