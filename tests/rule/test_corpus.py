"""Corpus regression: on every labelled corpus the rule verifier keeps precision >= 0.995
and recall >= Math-Verify's recall, both measured here on the same rows.

Labels listed in tests/cases/label_corrections.json (certain errors, each with the
computation) are corrected for both verifiers alike. Math-Verify runs in a process pool
(its SIGALRM timeouts need each worker's main thread) once per session; the rule verifier
runs through its own parallel batch path with a generous per-item deadline, because this
test measures accuracy, not speed under a busy machine.
"""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from conftest import CORPORA, read_jsonl

MIN_PRECISION = 0.995
WORKERS = 2
CHUNK = 100
CORRECTIONS = Path(__file__).resolve().parents[1] / "cases" / "label_corrections.json"


def _math_verify_chunk(rows: list[tuple[str, str, str | None]]) -> list[bool]:
    import rlverify

    v = rlverify.get_verifier("math-verify")
    return [v.verify(r, g, q).correct for r, g, q in rows]


def _labels(rows: list[dict]) -> list[bool]:
    fixes = {c["id"]: bool(c["label"]) for c in json.loads(CORRECTIONS.read_text())["corrections"]}
    return [fixes.get(r["id"], bool(r["label"])) for r in rows]


@pytest.fixture(scope="session")
def corpus_results() -> dict[str, dict[str, list[bool]]]:
    import rlverify

    rows_by_file = {p.name: read_jsonl(p) for p in CORPORA}
    flat = [(name, r) for name, rows in rows_by_file.items() for r in rows]
    triples = [(r["response"], r["gold"], r.get("question")) for _, r in flat]
    chunks = [triples[i : i + CHUNK] for i in range(0, len(triples), CHUNK)]
    with ProcessPoolExecutor(WORKERS) as ex:
        mv = [ok for part in ex.map(_math_verify_chunk, chunks) for ok in part]
    items = [{"response": r, "gold": g, "question": q} for r, g, q in triples]
    rule = [v.correct for v in rlverify.get_verifier("rule", timeout=5.0).verify_batch(items, workers=WORKERS)]
    out: dict[str, dict[str, list[bool]]] = {}
    k = 0
    for name, rows in rows_by_file.items():
        n = len(rows)
        out[name] = {"label": _labels(rows), "rule": rule[k : k + n], "mv": mv[k : k + n]}
        k += n
    return out


def _precision_recall(pred: list[bool], label: list[bool]) -> tuple[float, float]:
    tp = sum(p and y for p, y in zip(pred, label))
    fp = sum(p and not y for p, y in zip(pred, label))
    fn = sum(y and not p for p, y in zip(pred, label))
    return tp / max(1, tp + fp), tp / max(1, tp + fn)


def test_corrections_refer_to_real_rows() -> None:
    ids = {r["id"] for p in CORPORA for r in read_jsonl(p)}
    for c in json.loads(CORRECTIONS.read_text())["corrections"]:
        assert c["id"] in ids and c["reason"] and c["computation"]


@pytest.mark.parametrize("name", [p.name for p in CORPORA])
def test_rule_beats_math_verify(name: str, corpus_results: dict) -> None:
    res = corpus_results[name]
    p_rule, r_rule = _precision_recall(res["rule"], res["label"])
    p_mv, r_mv = _precision_recall(res["mv"], res["label"])
    summary = f"{name}: rule P={p_rule:.4f} R={r_rule:.4f}; math-verify P={p_mv:.4f} R={r_mv:.4f}"
    print(summary)
    assert p_rule >= MIN_PRECISION, summary
    assert r_rule >= r_mv, summary
