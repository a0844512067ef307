"""`rlverify eval` end to end: in-process with a stub verifier, and as a subprocess with `rule`."""

from __future__ import annotations

import json
from pathlib import Path

import rlverify
from rlverify.cli import main
from rlverify.verdict import BaseVerifier, Verdict

CASES = Path(__file__).parent / "cases"
SMALL = CASES / "eval_small.jsonl"
BAD = CASES / "eval_bad.jsonl"


class _Stub(BaseVerifier):
    name = "eval-cli-stub"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        return Verdict(correct="ACCEPT" in response, score=0.0, undecided="UNDECIDED" in response)


rlverify.register("eval-cli-stub")(lambda **kw: _Stub())


def test_json_and_table(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["eval", str(SMALL), "--verifier", "eval-cli-stub", "--json", str(out), "--no-progress"]) == 0
    table = capsys.readouterr().out
    assert "eval-cli-stub" in table and "precision" in table and "11 rows" in table
    results = json.loads(out.read_text())["results"]
    assert [(r["dataset"], r["tp"], r["fp"], r["fn"], r["tn"]) for r in results] == [
        ("A", 2, 1, 1, 1), ("B", 1, 0, 3, 2), ("all", 3, 1, 4, 3)]


def test_report_and_by_generator(tmp_path, capsys):
    rep = tmp_path / "rep"
    assert main(["eval", str(SMALL), "--verifier", "eval-cli-stub", "--by", "generator",
                 "--report", str(rep), "--no-progress"]) == 0
    assert sorted(p.name for p in rep.iterdir()) == [
        "disagreements.jsonl", "precision_recall.png", "results.json", "results.md"]
    data = json.loads((rep / "results.json").read_text())
    assert [r["dataset"] for r in data["results"]] == ["g1", "g2", "all"]
    assert len((rep / "disagreements.jsonl").read_text().splitlines()) == 5


def test_only_rule_negatives_flag(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["eval", str(SMALL), "--verifier", "eval-cli-stub", "--only-rule-negatives", "eval-cli-stub",
                 "--json", str(out), "--no-progress"]) == 0
    assert "7 rows that eval-cli-stub rejected" in capsys.readouterr().out
    total = json.loads(out.read_text())["results"][-1]
    assert (total["n"], total["tp"], total["fp"], total["fn"], total["tn"]) == (7, 0, 0, 4, 3)


def test_bad_input_one_line_and_skip_bad(tmp_path, capsys):
    assert main(["eval", str(BAD), "--verifier", "eval-cli-stub", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rlverify: error:") and err.count("\n") == 1 and f"{BAD}:2:" in err
    out = tmp_path / "r.json"
    assert main(["eval", str(BAD), "--verifier", "eval-cli-stub", "--skip-bad", "--json", str(out),
                 "--no-progress"]) == 0
    cap = capsys.readouterr()
    assert "skipped 4 bad row(s)" in cap.out and cap.err.count("rlverify: skipped") == 4
    assert json.loads(out.read_text())["results"][0]["n"] == 2


def test_user_errors_are_one_line(tmp_path, capsys):
    for argv in (["eval", str(SMALL), "--verifier", "no-such-verifier"],
                 ["eval", str(tmp_path / "missing.jsonl")],
                 ["eval", str(SMALL), "--verifier", "eval-cli-stub", "--workers", "0"],
                 ["eval", str(SMALL), "--verifier", "eval-cli-stub", "--no-progress",
                  "--json", str(tmp_path / "no" / "dir" / "r.json")]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("rlverify: error:") and err.count("\n") == 1, (argv, err)


def test_rule_end_to_end(tmp_path, capsys):
    from rlverify.evaluate import sample_path

    data = tmp_path / "part.jsonl"
    data.write_text("".join(sample_path().read_text(encoding="utf-8").splitlines(True)[::15]), encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["eval", str(data), "--verifier", "rule", "--json", str(out), "--report", str(tmp_path / "rep")]) == 0
    results = json.loads(out.read_text())["results"]
    total = results[-1]
    assert total["verifier"] == "rule" and total["dataset"] == "all" and total["n"] == 20
    assert total["tp"] + total["fn"] == 10 and total["fp"] + total["tn"] == 10
    assert len(results) == 6 and "rule" in capsys.readouterr().out
    dis = (tmp_path / "rep" / "disagreements.jsonl").read_text().splitlines()
    assert len(dis) == total["fp"] + total["fn"]


def test_verifier_options():
    from rlverify.commands.eval import parse_options

    assert parse_options(["hybrid.judge=gullible", "rule.timeout=2", "x.y={\"a\": [1]}"]) == {
        "hybrid": {"judge": "gullible"}, "rule": {"timeout": 2}, "x": {"y": {"a": [1]}}}


def test_bad_option_is_one_line(capsys):
    assert main(["eval", str(SMALL), "--verifier", "eval-cli-stub", "--option", "nodot=1"]) == 2
    err = capsys.readouterr().err
    assert "NAME.KEY=VALUE" in err and err.count("\n") == 1


def test_corrections_flag(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["eval", str(SMALL), "--verifier", "eval-cli-stub", "--corrections", str(CASES / "eval_corrections.json"),
                 "--json", str(out), "--no-progress", "--report", str(tmp_path / "rep")]) == 0
    assert "Applied 2 label correction(s)" in (tmp_path / "rep" / "results.md").read_text()
    assert "Applied 2 label correction(s)" in capsys.readouterr().out
    total = json.loads(out.read_text())["results"][-1]
    assert (total["tp"], total["fp"], total["fn"], total["tn"]) == (4, 0, 3, 4)
