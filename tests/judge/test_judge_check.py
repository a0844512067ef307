import json

from rlverify.cli import main
from rlverify.judge.check import KNOWN_PAIRS, run_check
from rlverify.judge.testing import Reply, Script, Status, create_app, dead_base_url, serve


class Oracle:
    """Answers every known pair as expected."""

    def judge(self, items):
        expected = {(p.gold, p.answer): p.expected for p in KNOWN_PAIRS}
        return [expected[(i.gold, i.answer)] for i in items]


def test_known_pairs_cover_every_kind():
    kinds = {p.kind for p in KNOWN_PAIRS}
    assert kinds == {"equivalent", "different", "hacking"}
    assert all(not p.expected for p in KNOWN_PAIRS if p.kind == "hacking")


def test_run_check_scores_a_plain_judge():
    report = run_check(Oracle())
    assert report.agreement == 1.0 and report.parse_failures == 0


def test_cli_table_against_a_yes_server(capsys):
    with serve(create_app(script=Script(), model_name="m")) as url:
        rc = main(["judge-check", "--base-url", url, "--model", "m"])
    out = capsys.readouterr().out
    n_true = sum(p.expected for p in KNOWN_PAIRS)
    assert rc == 0 and "agreement" in out and f"{n_true / len(KNOWN_PAIRS):.0%}" in out


def test_cli_json_counts_parse_failures_and_gates_agreement(capsys):
    script = Script(rules=[("{", [Reply("no decision here")]), ("cube", [Status(500)])],
                    default=[Reply("Final Decision: No")])
    with serve(create_app(script=script, model_name="m")) as url:
        rc = main(["judge-check", "--base-url", url, "--model", "m", "--json", "--min-agreement", "0.9"])
    data = json.loads(capsys.readouterr().out)
    assert rc == 1 and data["pairs"] == len(KNOWN_PAIRS)
    assert data["parse_failures"] >= 1
    errors = {r["error"] for r in data["rows"]}
    assert "missing" in errors or "http_500" in errors
    assert set(data["latency_s"]) == {"mean", "median", "max"}


def test_cli_completions_endpoint(capsys):
    script = Script()
    with serve(create_app(script=script, model_name="m")) as url:
        rc = main(["judge-check", "--base-url", url, "--model", "m", "--endpoint", "completions", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert rc == 0 and data["parse_failures"] == 0 and all("prompt" in b for b in script.bodies)


def test_cli_unreachable_is_one_line(capsys):
    rc = main(["judge-check", "--base-url", dead_base_url(), "--model", "m", "--timeout", "2", "--retries", "0"])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith("rlverify: error:") and err.count("\n") == 1 and "unreachable" in err
