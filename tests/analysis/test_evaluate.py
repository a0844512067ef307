"""rlverify.analysis.evaluate and rlverify.analysis.report on a small hand-computed corpus (tests/cases/eval_small.jsonl).

A stub verifier reads its decision from the response text (ACCEPT / REJECT / UNDECIDED, optional
``via:judge`` / ``via:guard`` source, ``ms=N`` latency), so every number below is computed by hand
from the case file and does not depend on the quality of the rules.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from pathlib import Path

import pytest

import rlverify
from rlverify.errors import BadInputError, MissingDependencyError, UnknownVerifierError
from rlverify.analysis.datasets import dataset_name
from rlverify.analysis.evaluate import ALL_GROUP, evaluate, load_rows, sample_path
from rlverify.analysis.report import judge_eligibility_lines, results_json, write_eval_report
from rlverify.verdict import BaseVerifier, Verdict

CASES = Path(__file__).resolve().parents[1] / "cases"
SMALL = CASES / "eval_small.jsonl"
BAD = CASES / "eval_bad.jsonl"


class StubVerifier(BaseVerifier):
    name = "eval-stub"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        words = dict(w.split("=", 1) for w in response.split() if "=" in w)
        src = next((w[4:] for w in response.split() if w.startswith("via:")), "rule")
        return Verdict(correct="ACCEPT" in response, score=float("ACCEPT" in response), source=src,
                       extracted=gold, flags=("stub",), seconds=float(words.get("ms", 0)) / 1000,
                       undecided="UNDECIDED" in response)


class AcceptAll(BaseVerifier):
    name = "eval-accept-all"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        return Verdict(correct=True, score=1.0)


rlverify.register("eval-stub")(lambda **kw: StubVerifier())
rlverify.register("eval-accept-all")(lambda **kw: AcceptAll())


def _by(result, verifier, group):
    (s,) = [s for s in result.stats if s.verifier == verifier and s.group == group]
    return s


def test_load_small_corpus():
    loaded = load_rows([SMALL])
    assert len(loaded.rows) == 11 and loaded.skipped == 0
    r = loaded.rows[0]
    assert (r.id, r.dataset, r.generator, r.gold, r.label, r.question) == ("a1", "A", "g1", "7", True, "q a1")


def test_counts_and_ratios_by_dataset():
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"])
    a, b, total = _by(res, "eval-stub", "A"), _by(res, "eval-stub", "B"), _by(res, "eval-stub", ALL_GROUP)
    assert (a.n, a.tp, a.fp, a.fn, a.tn) == (5, 2, 1, 1, 1)
    assert a.precision == pytest.approx(2 / 3) and a.recall == pytest.approx(2 / 3)
    assert a.f1 == pytest.approx(2 / 3) and a.accuracy == pytest.approx(3 / 5)
    # B: undecided counts as rejected (b4 -> tn, b6 -> fn)
    assert (b.n, b.tp, b.fp, b.fn, b.tn) == (6, 1, 0, 3, 2)
    assert b.precision == 1.0 and b.recall == 0.25 and b.f1 == pytest.approx(0.4) and b.accuracy == 0.5
    assert (total.n, total.tp, total.fp, total.fn, total.tn) == (11, 3, 1, 4, 3)
    assert total.precision == 0.75 and total.recall == pytest.approx(3 / 7)
    assert total.f1 == pytest.approx(6 / 11) and total.accuracy == pytest.approx(6 / 11)
    assert [s.group for s in res.stats] == ["A", "B", ALL_GROUP]


def test_latency_percentiles_and_throughput():
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"])
    a, b = _by(res, "eval-stub", "A"), _by(res, "eval-stub", "B")
    assert a.p50_ms == pytest.approx(2.0) and a.p99_ms == pytest.approx(2.0)
    # B latencies 1..6 ms, inclusive quantiles: p50 = 3.5, p99 = 5 + 0.95 = 5.95
    assert b.p50_ms == pytest.approx(3.5) and b.p99_ms == pytest.approx(5.95)
    assert b.seconds > 0 and b.items_per_s == pytest.approx(6 / b.seconds)
    assert _by(res, "eval-stub", ALL_GROUP).seconds == pytest.approx(a.seconds + b.seconds)


def test_judge_eligibility_for_hybrid_sources():
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub", "eval-accept-all"])
    # label-true rows the rules did not accept (a rule rejection is final, e.g. 'different'):
    # b1 (judge), b2 (judge), b3 (guard), b6 (rule) -> 2/4; a2 (rule) in A -> 0/1; all -> 2/5
    assert _by(res, "eval-stub", "B").judge_eligibility == pytest.approx(2 / 4)
    assert _by(res, "eval-stub", ALL_GROUP).judge_eligibility == pytest.approx(2 / 5)
    assert _by(res, "eval-stub", ALL_GROUP).rule_rejected_positives == 5
    assert judge_eligibility_lines(res.stats) == [
        "judge eligibility of eval-stub (all): 0.400 of 5 label-true rows the rules rejected went to the judge"]
    assert _by(res, "eval-stub", "A").judge_eligibility == 0.0
    assert _by(res, "eval-accept-all", ALL_GROUP).judge_eligibility is None  # no hybrid
    assert _by(res, "eval-accept-all", "B").judge_eligibility is None  # not a hybrid


def test_by_generator():
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"], by="generator")
    g1, g2 = _by(res, "eval-stub", "g1"), _by(res, "eval-stub", "g2")
    assert (g1.tp, g1.fp, g1.fn, g1.tn) == (2, 1, 2, 0)
    assert (g2.tp, g2.fp, g2.fn, g2.tn) == (1, 0, 2, 3)


def test_only_negatives_of_base():
    res = evaluate(load_rows([SMALL]).rows, ["eval-accept-all"], only_negatives_of="eval-stub")
    # the stub rejects a2, a4, b1, b3, b4, b5, b6; of those a2, b1, b3, b6 are labelled true
    assert res.n_rows == 7 and res.base == "eval-stub" and res.base_rejected == 7
    t = _by(res, "eval-accept-all", ALL_GROUP)
    assert (t.n, t.tp, t.fp, t.fn, t.tn) == (7, 4, 3, 0, 0)
    assert {s.verifier for s in res.stats} == {"eval-accept-all"}


def test_undefined_ratios_are_none_and_null_in_json():
    rows = [r for r in load_rows([SMALL]).rows if not r.label]
    res = evaluate(rows, ["eval-stub"])
    b = _by(res, "eval-stub", "B")
    assert b.tp == b.fp == 0 and b.precision is None and b.recall is None and b.f1 is None
    out = json.loads(json.dumps(results_json(res.stats)))
    assert any(r["precision"] is None for r in out["results"])


def test_results_json_exact_schema():
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"])
    out = results_json(res.stats)
    assert list(out) == ["results"]
    keys = ["verifier", "dataset", "n", "tp", "fp", "fn", "tn", "precision", "recall", "f1", "seconds"]
    assert all(list(r) == keys for r in out["results"])
    assert out["results"][0] | {"seconds": 0} == {"verifier": "eval-stub", "dataset": "A", "n": 5, "tp": 2,
                                                  "fp": 1, "fn": 1, "tn": 1, "precision": 2 / 3,
                                                  "recall": 2 / 3, "f1": pytest.approx(2 / 3), "seconds": 0}


def test_report_files(tmp_path):
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"])
    paths = write_eval_report(res, tmp_path / "rep", skipped=2)
    names = sorted(p.name for p in paths)
    assert names == ["disagreements.jsonl", "precision_recall.png", "results.json", "results.md"]
    assert (tmp_path / "rep" / "precision_recall.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    dis = [json.loads(x) for x in (tmp_path / "rep" / "disagreements.jsonl").read_text().splitlines()]
    # disagreements = fp + fn = 1 + 4
    assert sorted(d["id"] for d in dis) == ["a2", "a3", "b1", "b3", "b6"]
    b6 = next(d for d in dis if d["id"] == "b6")
    assert b6["verdict"] == "undecided" and b6["label"] is True and b6["gold"] == "7" and b6["flags"] == ["stub"]
    data = json.loads((tmp_path / "rep" / "results.json").read_text())
    assert data["results"] == json.loads(json.dumps(results_json(res.stats)))["results"]
    assert data["skipped"] == 2
    md = (tmp_path / "rep" / "results.md").read_text()
    assert "| eval-stub | A | 5 | 0.667 | 0.667 |" in md and "judge elig." in md


def test_bad_input_names_file_and_line(tmp_path):
    with pytest.raises(BadInputError) as e:
        load_rows([BAD])
    assert f"{BAD}:2:" in str(e.value) and "\n" not in str(e.value)
    loaded = load_rows([BAD], skip_bad=True)
    assert [r.id for r in loaded.rows] == ["x1", "x5"] and loaded.skipped == 4
    assert loaded.rows[1].gold == "3" and loaded.rows[1].question is None
    assert [p[len(str(BAD)) + 1:].split(":")[0] for p in loaded.problems] == ["2", "3", "5", "6"]
    assert "invalid JSON" in loaded.problems[0]
    assert "missing field(s): response" in loaded.problems[1]
    with pytest.raises(BadInputError, match="cannot read file"):
        load_rows([tmp_path / "nope.jsonl"])
    with pytest.raises(BadInputError, match="cannot read file"):
        load_rows([tmp_path], skip_bad=True)
    (tmp_path / "latin.jsonl").write_bytes(b'{"id": "\xff"}\n')
    with pytest.raises(BadInputError, match="cannot read file"):
        load_rows([tmp_path / "latin.jsonl"])


def test_unknown_verifier_raises_before_work():
    with pytest.raises(UnknownVerifierError):
        evaluate(load_rows([SMALL]).rows, ["eval-stub", "no-such-verifier"])


def test_ray_path(monkeypatch):
    calls = []

    def verify_dataset(rows, verifier, **options):
        calls.append((len(rows), verifier))
        out = [StubVerifier().verify(r["response"], r["gold"], r["question"]) for r in rows]
        return [v.to_dict() for v in out]  # dict verdicts are accepted too

    fake = types.ModuleType("rlverify.integrations.ray")
    fake.verify_dataset = verify_dataset
    monkeypatch.setitem(sys.modules, "rlverify.integrations.ray", fake)
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"], use_ray=True)
    assert calls == [(5, "eval-stub"), (6, "eval-stub")]
    t = _by(res, "eval-stub", ALL_GROUP)
    assert (t.tp, t.fp, t.fn, t.tn) == (3, 1, 4, 3)
    monkeypatch.setitem(sys.modules, "rlverify.integrations.ray", None)
    with pytest.raises(MissingDependencyError, match="--ray"):
        evaluate(load_rows([SMALL]).rows, ["eval-stub"], use_ray=True)


def test_rule_end_to_end_matches_independent_count():
    rows = load_rows([sample_path()]).rows[::10]  # every 10th row: 3 per corpus and label
    res = evaluate(rows, ["rule"])
    t = _by(res, "rule", ALL_GROUP)
    mine = [s.verdict for s in res.scored]
    assert [s.row.id for s in res.scored] == [r.id for r in rows]  # grouped order == file order here
    assert (t.n, t.tp, t.fp) == (len(rows), sum(v.correct and r.label for v, r in zip(mine, rows)),
                                  sum(v.correct and not r.label for v, r in zip(mine, rows)))
    assert t.tp + t.fn == sum(r.label for r in rows) == len(rows) // 2
    assert len(res.disagreements()) == t.fp + t.fn
    again = [rlverify.verify(r.response, r.gold, r.question) for r in rows]
    stable = [(a, b) for a, b in zip(mine, again) if "timeout" not in a.flags + b.flags]
    assert len(stable) >= len(rows) - 5 and all(a.correct == b.correct for a, b in stable)


def test_bundled_sample_is_reproducible(corpora_paths):
    spec = importlib.util.spec_from_file_location("make_sample", sample_path().parent / "make_sample.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    bundled = [json.loads(x) for x in sample_path().read_text(encoding="utf-8").splitlines()]
    # drawn from the corpora it names (a corpus vendored later, physics-dev, is not in it)
    drawn = mod.draw_sample([p for p in corpora_paths if dataset_name(p) in {r["dataset"] for r in bundled}])
    assert drawn == bundled
    assert sample_path().stat().st_size < 1_000_000
    assert (sample_path().parent / "NOTICE.md").is_file()


class _Short(BaseVerifier):
    name = "eval-short"

    def verify_batch(self, items, workers=None):
        return [Verdict(correct=True, score=1.0)] * (len(items) - 1)


rlverify.register("eval-short")(lambda **kw: _Short())


def test_wrong_verdict_count_is_an_error_and_workers_keep_numbers():
    with pytest.raises(rlverify.RLVerifyError, match="returned 4 verdicts for 5 items"):
        evaluate(load_rows([SMALL]).rows, ["eval-short"])
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"], workers=3)
    t = _by(res, "eval-stub", ALL_GROUP)
    assert (t.tp, t.fp, t.fn, t.tn) == (3, 1, 4, 3)


def test_label_corrections(tmp_path):
    from rlverify.analysis.evaluate import apply_corrections, load_corrections

    corr = load_corrections(CASES / "eval_corrections.json")
    rows, changed = apply_corrections(load_rows([SMALL]).rows, corr)
    assert changed == 2
    t = _by(evaluate(rows, ["eval-stub"]), "eval-stub", ALL_GROUP)
    # before: tp/fp/fn/tn = 3/1/4/3; a3 fp -> tp, b6 fn -> tn
    assert (t.tp, t.fp, t.fn, t.tn) == (4, 0, 3, 4)
    bad = tmp_path / "c.json"
    for text in ("{", '{"corrections": [{"id": "a1"}]}', '{"corrections": [{"id": "a1", "label": "yes"}]}'):
        bad.write_text(text)
        with pytest.raises(BadInputError, match=str(bad)):
            load_corrections(bad)


def test_chart_bar_labels_show_values_and_undefined():
    from rlverify.analysis.report import _bar_text

    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"])
    a = _by(res, "eval-stub", "A")
    assert _bar_text(a, a.precision) == "0.667"
    assert _bar_text(a, None) == "n/a"      # the cell exists but the ratio is undefined
    assert _bar_text(None, None) == ""       # the verifier has no such group


def test_progress_bar_runs_and_keeps_the_numbers(capsys):
    # a base that rejects nothing leaves no rows: an empty table, not an error
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"], only_negatives_of="eval-accept-all", progress=True)
    assert res.base_rejected == 0 and res.n_rows == 0 and res.stats == ()
    res = evaluate(load_rows([SMALL]).rows, ["eval-stub"], progress=True)
    assert [(s.tp, s.fp, s.fn, s.tn) for s in res.stats if s.group == ALL_GROUP] == [(3, 1, 4, 3)]
