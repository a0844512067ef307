"""`rlverify eval --corrections`: how many rows the corrections change, the figures with the corrected
labels first and the raw labels' precision and recall beside them (stdout, --json, the report), and
the repository's own corrections fixing the bundled sample's false accepts (issue 28, item 8)."""

from __future__ import annotations

import json
import re

from rlverify.analysis.evaluate import sample_path
from rlverify.cli import main
from test_eval_cli import CASES, SMALL  # registers its stub verifier "eval-cli-stub" (ACCEPT / UNDECIDED in the text)

LABEL_CORRECTIONS = CASES / "label_corrections.json"
STUB = "eval-cli-stub"


def _row(stdout: str, verifier: str, group: str) -> list[str]:
    line = next(x for x in stdout.splitlines() if re.match(rf"\s*{re.escape(verifier)}\s+{group}\s", x))
    return line.split()


def test_raw_and_corrected_figures_side_by_side(tmp_path, capsys):
    """eval_small with the stub: raw labels tp 3 fp 1 fn 4 (precision .750, recall .429); the two
    corrections that change a label make it tp 4 fp 0 fn 3 (precision 1.000, recall .571)."""
    out, rep = tmp_path / "r.json", tmp_path / "rep"
    assert main(["eval", str(SMALL), "--verifier", STUB, "--no-progress", "--json", str(out),
                 "--corrections", str(CASES / "eval_corrections.json"), "--report", str(rep)]) == 0
    stdout = capsys.readouterr().out
    assert "Applied 2 label correction(s)" in stdout and "2 of 11 rows change label (the file lists 4)" in stdout
    head = next(x for x in stdout.splitlines() if "precision" in x).split()
    assert head[:7] == ["verifier", "group", "n", "precision", "recall", "F1", "accuracy"]
    assert head[7:11] == ["raw", "prec.", "raw", "recall"]
    cells = _row(stdout, STUB, "all")
    assert cells[3:5] == ["1.000", "0.571"]   # corrected precision, recall
    assert cells[7:9] == ["0.750", "0.429"]   # raw precision, recall
    assert "labels corrected (2 rows)" in stdout
    data = json.loads(out.read_text())
    total, raw_total = data["results"][-1], data["raw_labels"]["results"][-1]
    assert (total["tp"], total["fp"], total["fn"], total["tn"]) == (4, 0, 3, 4)
    assert (raw_total["tp"], raw_total["fp"], raw_total["fn"], raw_total["tn"]) == (3, 1, 4, 3)
    assert data["raw_labels"]["corrected_rows"] == 2 and sorted(data["raw_labels"]["corrected_ids"]) == ["a3", "b6"]
    assert json.loads((rep / "results.json").read_text())["raw_labels"] == data["raw_labels"]
    md = (rep / "results.md").read_text()
    assert "The figures use the corrected labels" in md and "| raw prec. | raw recall |" in md
    assert "| 1.000 | 0.571 |" in md and "| 0.750 | 0.429 |" in md
    dis = {d["id"]: d for d in map(json.loads, (rep / "disagreements.jsonl").read_text().splitlines())}
    assert "a3" not in dis and "b6" not in dis  # they agree with their corrected labels
    assert (rep / "precision_recall.png").stat().st_size > 0


def test_a_corrected_disagreement_keeps_its_raw_label(tmp_path, capsys):
    corrections = tmp_path / "flip.json"
    corrections.write_text(json.dumps({"corrections": [{"id": "a1", "label": False}]}))  # accepted, was true
    rep = tmp_path / "rep"
    assert main(["eval", str(SMALL), "--verifier", STUB, "--no-progress", "--report", str(rep),
                 "--corrections", str(corrections)]) == 0
    dis = {d["id"]: d for d in map(json.loads, (rep / "disagreements.jsonl").read_text().splitlines())}
    assert dis["a1"]["label"] is False and dis["a1"]["raw_label"] is True
    assert all("raw_label" not in d for i, d in dis.items() if i != "a1")


def test_no_raw_columns_without_a_change(tmp_path, capsys):
    corrections = tmp_path / "none.json"
    corrections.write_text(json.dumps({"corrections": [{"id": "a1", "label": True}]}))  # a1 is already true
    out = tmp_path / "r.json"
    assert main(["eval", str(SMALL), "--verifier", STUB, "--no-progress", "--json", str(out),
                 "--corrections", str(corrections)]) == 0
    stdout = capsys.readouterr().out
    assert "0 of 11 rows change label" in stdout and "raw prec." not in stdout
    assert "raw_labels" not in json.loads(out.read_text())


def test_the_repository_corrections_fix_the_sample_false_accepts(tmp_path, capsys):
    """The bundled sample's 'false accepts' of the rule verifier (gold '4:30p..', answer 4:30 p.m.,
    labelled incorrect) are rows that tests/cases/label_corrections.json corrects, matched by id:
    with the corrections the rule verifier has no false accept left on them."""
    rows = [json.loads(x) for x in sample_path().read_text(encoding="utf-8").splitlines() if x.strip()]
    corrections = {c["id"]: c["label"] for c in json.loads(LABEL_CORRECTIONS.read_text())["corrections"]}
    matched = [r for r in rows if r["id"] in corrections and corrections[r["id"]] != r["label"]]
    assert len(matched) >= 4 and len({r["id"] for r in rows}) == len(rows)  # ids are unique in the sample
    part = matched + rows[::40]
    data = tmp_path / "part.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in part), encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["eval", str(data), "--verifier", "rule", "--no-progress", "--json", str(out), "--by", "label_source",
                 "--corrections", str(LABEL_CORRECTIONS)]) == 0
    stdout = capsys.readouterr().out
    changed = len({r["id"] for r in part if r["id"] in corrections and corrections[r["id"]] != r["label"]})
    assert f"Applied {changed} label correction(s)" in stdout
    result = json.loads(out.read_text())
    raw = result["raw_labels"]["results"][-1]
    fixed = result["results"][-1]
    assert raw["fp"] >= len(matched) and fixed["fp"] == raw["fp"] - len(matched)  # the false accepts were the labels
    assert fixed["tp"] == raw["tp"] + len(matched)
    assert set(result["raw_labels"]["corrected_ids"]) == {r["id"] for r in matched}
