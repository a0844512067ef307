"""Rows with an empty, blank or null gold in `rlverify eval`: counted and listed (the first 10 on
stdout, all in --json and the report), undecided for every verifier; `--strict` makes them an error
(exit 1, one line) before any verification. `rlverify verify` says so for a blank --gold."""

from __future__ import annotations

import json
from pathlib import Path

from rlverify.cli import main

BLANKS = ["", " ", "   ", "\t\n", None, "\u200b"]


def _data(tmp_path: Path, n_invalid: int) -> tuple[Path, list[str]]:
    rows = [{"id": "ok-1", "question": "What is 1 + 1?", "gold": "2", "response": "So \\boxed{2}.", "label": True},
            {"id": "ok-2", "question": "What is 1 + 2?", "gold": "3", "response": "So \\boxed{4}.", "label": False}]
    ids = []
    for i in range(n_invalid):
        ids.append(f"blank-{i:02d}")
        rows.append({"id": ids[-1], "question": "What is 2 + 2?", "gold": BLANKS[i % len(BLANKS)],
                     "response": "So \\boxed{4}.", "label": i % 2 == 0})
    path = tmp_path / "data.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path, ids


def test_counts_and_lists_the_rows(tmp_path, capsys):
    data, ids = _data(tmp_path, 12)
    out, rep = tmp_path / "r.json", tmp_path / "rep"
    assert main(["eval", str(data), "--verifier", "rule", "--no-progress", "--json", str(out),
                 "--report", str(rep)]) == 0
    stdout = capsys.readouterr().out
    line = next(x for x in stdout.splitlines() if "empty or missing gold" in x)
    assert "rows with an empty or missing gold: 12" in line and "invalid_gold" in line and "--strict" in line
    assert all(i in line for i in ids[:10]) and ids[10] not in line and "(2 more" in line
    for written in (json.loads(out.read_text()), json.loads((rep / "results.json").read_text())):
        assert written["invalid_gold"] == {"count": 12, "ids": ids}
    md = (rep / "results.md").read_text()
    assert "Rows with an empty or missing gold: 12" in md and all(i in md for i in ids)
    dis = [json.loads(x) for x in (rep / "disagreements.jsonl").read_text().splitlines()]
    flagged = {d["id"] for d in dis if "invalid_gold" in d["flags"]}
    assert flagged == set(ids[::2])  # the label-true ones: an undecided verdict counts as rejected
    assert all(d["verdict"] == "undecided" for d in dis if d["id"] in flagged)
    total = json.loads(out.read_text())["results"][-1]
    assert (total["n"], total["tp"], total["fp"], total["fn"], total["tn"]) == (14, 1, 0, 6, 7)


def test_no_line_without_invalid_rows(tmp_path, capsys):
    data, _ = _data(tmp_path, 0)
    out, rep = tmp_path / "r.json", tmp_path / "rep"
    assert main(["eval", str(data), "--verifier", "rule", "--no-progress", "--json", str(out),
                 "--report", str(rep)]) == 0
    assert "empty or missing gold" not in capsys.readouterr().out
    assert "invalid_gold" not in json.loads(out.read_text())   # --json: only when there is one
    assert json.loads((rep / "results.json").read_text())["invalid_gold"] == {"count": 0, "ids": []}


def test_strict_exits_1_with_one_line_before_verifying(tmp_path, capsys):
    data, ids = _data(tmp_path, 3)
    rep = tmp_path / "rep"
    assert main(["eval", str(data), "--verifier", "rule", "--no-progress", "--strict", "--report", str(rep)]) == 1
    cap = capsys.readouterr()
    assert cap.err.startswith("rlverify: error: 3 row(s) have an empty or missing gold") and cap.err.count("\n") == 1
    assert all(i in cap.err for i in ids)
    assert "precision" not in cap.out and not rep.exists()  # nothing was verified or written


def test_strict_passes_clean_data(tmp_path, capsys):
    data, _ = _data(tmp_path, 0)
    assert main(["eval", str(data), "--verifier", "rule", "--no-progress", "--strict"]) == 0
    assert "precision" in capsys.readouterr().out


def test_strict_in_a_subprocess(tmp_path):
    """The exit status a shell or CI sees."""
    import subprocess
    import sys

    data, _ = _data(tmp_path, 1)
    proc = subprocess.run([sys.executable, "-m", "rlverify.cli", "eval", str(data), "--strict", "--no-progress"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.strip().splitlines() == [proc.stderr.strip()]
    assert proc.stderr.startswith("rlverify: error: 1 row(s) have an empty or missing gold (ids: blank-00)")


def test_verify_cli_says_the_gold_is_blank(capsys):
    assert main(["verify", "--gold", "   ", "So \\boxed{2}."]) == 0
    cap = capsys.readouterr()
    assert cap.out.startswith("UNDECIDED") and "flags=invalid_gold" in cap.out
    assert "rlverify: warning: the reference answer --gold '   ' is empty or blank" in cap.err
    assert main(["verify", "--json", "--gold", "", "So \\boxed{2}."]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["flags"] == ["invalid_gold"] and verdict["status"] == "undecided" and verdict["outcome"] == "unsure"
