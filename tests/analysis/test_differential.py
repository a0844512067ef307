"""benchmarks/differential.py: disagreements between verifiers (and against the label), with each
verifier's extraction, and the per-group count table."""
from __future__ import annotations

import json

import pytest
from conftest import load_benchmark

import rlverify
from rlverify.verdict import BaseVerifier, Verdict


class _Says(BaseVerifier):
    """Accepts when the response contains its word; extracts the last token."""

    def __init__(self, word: str) -> None:
        self.word = word
        self.name = f"diff-stub-{word}"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        return Verdict(correct=self.word in response, score=0.0, extracted=response.split()[-1],
                       flags=("stub",))


rlverify.register("diff-stub-yes")(lambda **kw: _Says("yes"))
rlverify.register("diff-stub-ok")(lambda **kw: _Says("ok"))


@pytest.fixture(scope="module")
def diff():
    return load_benchmark("differential")


def _rows(tmp_path):
    rows = [
        {"id": "a", "question": "q", "gold": "1", "response": "yes ok", "label": True, "family": "f1"},
        {"id": "b", "question": "q", "gold": "1", "response": "yes", "label": True, "family": "f1"},
        {"id": "c", "question": "q", "gold": "1", "response": "ok", "label": False, "family": "f2"},
        {"id": "d", "question": "q", "gold": "1", "response": "none", "label": False, "family": "f2"},
    ]
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_lists_every_disagreement_with_both_extractions(diff, tmp_path, capsys) -> None:
    path = _rows(tmp_path)
    out = tmp_path / "out"
    assert diff.main([str(path), "--verifier", "diff-stub-yes", "--verifier", "diff-stub-ok", "--out", str(out)]) == 0
    listed = [json.loads(line) for line in (out / "disagreements.jsonl").read_text().splitlines()]
    assert [d["id"] for d in listed] == ["b", "c"]          # a: both right; d: both right
    b = listed[0]
    assert b["verdicts"]["diff-stub-yes"] == {"correct": True, "extracted": "yes", "flags": ["stub"]}
    assert b["verdicts"]["diff-stub-ok"]["correct"] is False and b["verifiers_disagree"]
    groups = json.loads((out / "summary.json").read_text())["groups"]
    assert groups["f1"]["disagree"] == 1 and groups["f1"]["only_diff-stub-yes_right"] == 1
    assert groups["f2"]["only_diff-stub-yes_right"] == 1 and groups["f2"]["none_right"] == 0
    table = capsys.readouterr().out
    assert "TOTAL" in table and "2 rows where the verifiers disagree" in table


def test_reads_the_mathverify_suite_format(diff) -> None:
    rows = diff.load_rows([], mv_suite=True)
    assert len(rows) == 276
    assert all(isinstance(r["label"], bool) and "response" in r for r in rows)
    assert rows[0]["_group"].startswith("test_")


def test_variants_of_the_given_rows(diff, tmp_path) -> None:
    rows = [{"id": str(i), "question": f"Compute the sum number {i}.", "gold": str(1000 + 7 * i),
             "response": "x", "label": False} for i in range(30)]
    path = tmp_path / "golds.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    loaded = diff.load_rows([str(path)], variants=60, seed=2)
    generated = [r for r in loaded if "family" in r]
    assert len(loaded) == 90 and len(generated) == 60
    # families that rewrite the reference by design (the reference as a dataset, a scraped page, or an
    # implicit equation writes it)
    gold_side = {"gold_side", "gold_solution", "unit_gold", "unit_response", "unit_convert", "near_unit_scale",
                 "web_scraped", "implicit_equation", "near_implicit_equation", "ref_truncated", "near_ref_truncated",
                 "repeated_pair", "near_repeated_pair"}
    assert all(r["gold"] in {x["gold"] for x in rows} for r in generated if r["family"] not in gold_side)
    assert all(r["source"].startswith("golds:") for r in generated)
