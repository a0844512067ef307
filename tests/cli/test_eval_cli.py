"""`rlverify eval` end to end: in-process with a stub verifier, and as a subprocess with `rule`."""

from __future__ import annotations

import json
from pathlib import Path

import rlverify
from rlverify.cli import main
from rlverify.verdict import BaseVerifier, Verdict

CASES = Path(__file__).resolve().parents[1] / "cases"
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
    from rlverify.analysis.evaluate import sample_path

    data = tmp_path / "part.jsonl"
    data.write_text("".join(sample_path().read_text(encoding="utf-8").splitlines(True)[::15]), encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["eval", str(data), "--verifier", "rule", "--json", str(out), "--report", str(tmp_path / "rep")]) == 0
    results = json.loads(out.read_text())["results"]
    total = results[-1]
    rows = [json.loads(x) for x in data.read_text(encoding="utf-8").splitlines()]
    positives = sum(r["label"] for r in rows)
    assert total["verifier"] == "rule" and total["dataset"] == "all" and total["n"] == len(rows)
    assert total["tp"] + total["fn"] == positives and total["fp"] + total["tn"] == len(rows) - positives
    assert len(results) == len({r["dataset"] for r in rows}) + 1 and "rule" in capsys.readouterr().out
    dis = (tmp_path / "rep" / "disagreements.jsonl").read_text().splitlines()
    assert len(dis) == total["fp"] + total["fn"]


def test_verifier_options():
    from rlverify.cli.eval import parse_options

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


class _Contains(BaseVerifier):
    """Accepts when the gold string occurs in the response: a decision the test can recount alone."""

    name = "eval-cli-contains"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        ok = gold in response
        return Verdict(correct=ok, score=float(ok), extracted=gold if ok else None)


rlverify.register("eval-cli-contains")(lambda **kw: _Contains())


def _recount(data: Path, rep: Path) -> dict[tuple[str, str], tuple[int, int, int, int, int]]:
    """(verifier, dataset) -> (n, tp, fp, fn, tn) from the raw rows and disagreements.jsonl alone."""
    rows = [json.loads(x) for x in data.read_text(encoding="utf-8").splitlines()]
    dis = [json.loads(x) for x in (rep / "disagreements.jsonl").read_text(encoding="utf-8").splitlines()]
    out = {}
    for v in {d["verifier"] for d in dis} | {"eval-cli-contains", "rule"}:
        for ds in sorted({r["dataset"] for r in rows}) + ["all"]:
            mine = [r for r in rows if ds in ("all", r["dataset"])]
            wrong = [d for d in dis if d["verifier"] == v and ds in ("all", d["dataset"])]
            pos = sum(r["label"] for r in mine)
            fn = sum(d["label"] for d in wrong)
            fp = len(wrong) - fn
            out[(v, ds)] = (len(mine), pos - fn, fp, fn, len(mine) - pos - fp)
    return out


def test_numbers_match_an_independent_count(tmp_path, capsys):
    from rlverify.analysis.evaluate import sample_path

    data = tmp_path / "part.jsonl"
    data.write_text("".join(sample_path().read_text(encoding="utf-8").splitlines(True)[3::12]), encoding="utf-8")
    rep, out = tmp_path / "rep", tmp_path / "r.json"
    assert main(["eval", str(data), "--verifier", "rule", "--verifier", "eval-cli-contains", "--no-progress",
                 "--json", str(out), "--report", str(rep)]) == 0
    results = json.loads(out.read_text())["results"]
    got = {(r["verifier"], r["dataset"]): (r["n"], r["tp"], r["fp"], r["fn"], r["tn"]) for r in results}
    datasets = {json.loads(x)["dataset"] for x in data.read_text(encoding="utf-8").splitlines()}
    assert got == _recount(data, rep) and len(got) == 2 * (len(datasets) + 1)
    # the substring verifier, counted straight from the rows without rlverify at all
    rows = [json.loads(x) for x in data.read_text(encoding="utf-8").splitlines()]
    hit = [r["gold"] in r["response"] for r in rows]
    tp = sum(h and r["label"] for h, r in zip(hit, rows))
    fp = sum(h and not r["label"] for h, r in zip(hit, rows))
    pos = sum(r["label"] for r in rows)
    assert got[("eval-cli-contains", "all")] == (len(rows), tp, fp, pos - tp, len(rows) - pos - fp)
    assert 0 < tp < pos and fp > 0  # the count is not trivially all-or-nothing
    assert json.loads((rep / "results.json").read_text())["results"] == results


def test_unreachable_judge_is_one_line(tmp_path, capsys):
    from rlverify.judge.testing import dead_base_url

    argv = ["eval", str(SMALL), "--verifier", "judge", "--no-progress", "--option", "judge.judge=openai",
            "--option", f"judge.base_url={dead_base_url()}", "--option", "judge.model=m"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("rlverify: error:") and err.count("\n") == 1 and "unreachable" in err


class _AcceptAll(BaseVerifier):
    name = "eval-cli-accept-all"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        return Verdict(correct=True, score=1.0)


rlverify.register("eval-cli-accept-all")(lambda **kw: _AcceptAll())


def test_base_that_rejects_nothing_gives_an_empty_report(tmp_path, capsys):
    rep, out = tmp_path / "rep", tmp_path / "r.json"
    assert main(["eval", str(SMALL), "--verifier", "eval-cli-stub", "--only-rule-negatives", "eval-cli-accept-all",
                 "--json", str(out), "--report", str(rep), "--no-progress"]) == 0
    assert "0 rows that eval-cli-accept-all rejected" in capsys.readouterr().out
    assert json.loads(out.read_text()) == {"results": []}
    assert (rep / "precision_recall.png").read_bytes()[:4] == b"\x89PNG"
    assert (rep / "disagreements.jsonl").read_text() == ""


def test_a_served_judge_evaluated_alone(tmp_path, capsys):
    from rlverify.judge.testing import Reply, Script, create_app, serve

    rows = [("r1", "alpha", True), ("r2", "omega", False), ("r3", "alpha", False), ("r4", "omega", True)]
    data = tmp_path / "j.jsonl"
    data.write_text("".join(json.dumps({"id": i, "question": "Name it.", "gold": "alpha", "label": lab,
                                        "response": f"So the answer is \\boxed{{{a}}}."}) + "\n"
                            for i, a, lab in rows), encoding="utf-8")
    script = Script(rules=[("omega", [Reply("Final Decision: No")])], default=[Reply("Final Decision: Yes")])
    out = tmp_path / "r.json"
    with serve(create_app(script=script, model_name="m")) as url:
        assert main(["eval", str(data), "--verifier", "judge", "--no-progress", "--json", str(out),
                     "--option", "judge.judge=openai", "--option", f"judge.base_url={url}",
                     "--option", "judge.model=m", "--option", "judge.temperature=0.6"]) == 0
    (r,) = json.loads(out.read_text())["results"]
    assert (r["verifier"], r["n"], r["tp"], r["fp"], r["fn"], r["tn"]) == ("judge", 4, 1, 1, 1, 1)
    assert len(script.requests) == 2 and all(b["temperature"] == 0.6 for b in script.bodies)


class _JudgeDown(BaseVerifier):
    """Like a hybrid whose judge raised: rule-rejected items carry the judge_unavailable flag."""

    name = "eval-cli-judge-down"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        ok = "ACCEPT" in response
        return Verdict(correct=ok, score=float(ok), flags=() if ok else ("judge_unavailable",))


rlverify.register("eval-cli-judge-down")(lambda **kw: _JudgeDown())


def test_a_failed_judge_is_reported_not_hidden(tmp_path, capsys):
    rep = tmp_path / "rep"
    assert main(["eval", str(SMALL), "--verifier", "eval-cli-judge-down", "--verifier", "eval-cli-stub",
                 "--no-progress", "--report", str(rep)]) == 0
    err = capsys.readouterr().err
    assert err.count("judge_unavailable") == 1 and "eval-cli-judge-down: the judge failed on 7 item(s)" in err
    assert "the judge failed on 7 item(s)" in (rep / "results.md").read_text()
