"""benchmarks/guard_eligibility.py: its counts (why a correct answer did not reach the judge, the
eligibility over answers the rules could not read) and a run on a small corpus."""

from __future__ import annotations

import json
import sys
from collections import Counter

from conftest import load_benchmark

from rlverify.hybrid import Eligibility
from rlverify.verdict import Outcome, Verdict


def test_why_not_and_unreadable_counts():
    bench = load_benchmark("guard_eligibility")
    rows = [{"label": True}, {"label": True}, {"label": True}, {"label": True}, {"label": False}]
    verdicts = [Verdict(True, 1.0, "rule", "4", outcome=Outcome.EQUAL),
                Verdict(False, 0.0, "rule", "6", outcome=Outcome.DIFFERENT),
                Verdict(False, 0.0, "guard", "4 or 5", ("hedge",), outcome=Outcome.UNSURE),
                Verdict(True, 1.0, "judge", "x", outcome=Outcome.UNSURE),
                Verdict(False, 0.0, "rule", "7", outcome=Outcome.DIFFERENT)]
    why = bench._why_not(rows, verdicts)
    assert why == Counter({"different": 1, "hedge": 1})
    u = bench._unreadable(Eligibility(1, 3), why)
    assert (u.reached, u.rule_rejected) == (1, 2)


def test_runs_on_a_small_corpus(tmp_path, monkeypatch, capsys):
    bench = load_benchmark("guard_eligibility")
    corpora = tmp_path / "corpora"
    corpora.mkdir()
    rows = [{"id": "a", "question": "How many?", "gold": "4", "response": "So \\boxed{4}.", "label": True},
            {"id": "b", "question": "How many?", "gold": "4", "response": "So \\boxed{6}.", "label": False},
            {"id": "c", "question": "How can it be cut?", "gold": "along the midline",
             "response": "\\boxed{\\text{Cut it along the midline joining two midpoints}}", "label": True}]
    (corpora / "tiny.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["guard_eligibility.py", "--corpora", str(corpora), "--generated", "0"])
    bench.main()
    out = capsys.readouterr().out
    assert "tiny: eligibility 1/1 = 100.0%" in out and "judge calls 1/3" in out


def test_missed_by_family_and_position():
    bench = load_benchmark("guard_eligibility")
    rows = [{"label": True, "family": "ascii", "position": "last_line"},
            {"label": True, "family": "ascii", "position": "last_line"},
            {"label": True, "family": "grouping", "position": "box_sentence"},
            {"label": False, "family": "near_digit", "position": "last_line"}]
    verdicts = [Verdict(False, 0.0, "guard", "2", ("fallback",), outcome=Outcome.UNSURE),
                Verdict(True, 1.0, "judge", "sqrt(5)", outcome=Outcome.UNSURE),
                Verdict(True, 1.0, "rule", "4096", outcome=Outcome.EQUAL),
                Verdict(False, 0.0, "rule", "7", outcome=Outcome.DIFFERENT)]
    assert bench._missed_by(rows, verdicts) == Counter({"ascii@last_line": 2})
