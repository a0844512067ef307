"""The metamorphic generator (rlverify.analysis.metamorphic) and the rule verifier measured on it.

20,000 generated pairs go through the rule verifier (two workers): no near-miss may be accepted
beyond the measured count, and recall per family may not fall below the measured floors (issue 14's
target is 0.99 on every family; raise the floors as the rule verifier improves).
"""
from __future__ import annotations

import json
import time
from collections import Counter, defaultdict

import pytest

from rlverify.analysis.metamorphic import forms as F
from rlverify.analysis import metamorphic as mm

N_PAIRS = 20_000
SEED = 0

# Measured with `.venv/bin/python -m pytest -q tests/analysis/test_metamorphic.py -s -k 20k`, seed 0, 20,000
# pairs. Before the issue-14 rule work (rule at d93f2f5): prose_box 0.000, gold_solution 0.031, decimal 0.49,
# grouping 0.86, unicode 0.94, near_drop 4 accepted. At 16:25 UTC (rule at 28bf125 plus the rule fixer's
# working tree): every family >= 0.998 except decimal_rounded 0.500 (4 significant digits of an exact value in
# an applied question: a policy question, left to the lead), 0 near-misses accepted. A family missing here
# has floor 0.99 (issue 14's target). At 3ab38f4 alone (without that working tree) set_reorder was 0.988.
# 16:35 UTC, prose boxes and number words from a small grammar instead of fixed sentences (rule at 042a645 +
# working tree): prose_box 0.512 (it was 1.000 on the first four fixed sentences: the rule had learnt the
# sentences, not the family), number_words 0.384 ('So there are seventeen ways.' read as a fallback number).
# 16:52 UTC, new families reorder_terms (0.995), aligned_box (1.000), qualifier (0.64-0.82 over ~50 pairs:
# 'a_n = 3n\quad (n \ge 1)' is missed, the other qualifier forms pass).
# 16:55 UTC, the words around each position drawn at random: grouping 0.984, ascii 0.970 (a bare last line after
# 'The value we want is' / 'Answer': '$8,\! 600$' read as a hedge, 'x = pi/4' as the fallback 4).
# 18:40 UTC, physics quantity families (analysis/metamorphic/units.py: unit_symbol, unit_word, unit_prefix, temperature_scale,
# sci_forms, option_label_unit, ref_rounded; near_unit_prefix, near_exponent, near_dimension, near_sig_digit,
# near_temperature): 1.000 each and 0 near-misses accepted on 20k pairs of those families (0.53-0.97 and 26
# accepted before the rule fix); decimal_rounded 0.143 -> 1.000 with its policy (four significant digits stand for
# the exact value where the question asks for a measured quantity in a unit): floor 0.99 (the default) for all.
# 19:15 UTC, sets of reals (analysis/metamorphic/sets.py: sets_interval_ineq, sets_builder, sets_difference, sets_script;
# near_sets_end, near_sets_strict, near_sets_point, near_sets_endpoint, near_sets_cap), 20,000 pairs of those families
# (seed 0): 1.000 / 1.000 / 1.000 / 0.991 (plain-text 'Our answer — 1/2 < x < 2/3 or x = 3': a lead-in on the same
# line reads the last number) and 0 of 11,111 near-misses accepted (before the rule fix, 2,000 of them: 0.743 / 0.488
# / 0.062 / 0.488, 2 near-misses accepted). Only 8-9 pairs each in the 20k run below (24 set-valued references):
# one miss is 0.89, so sets_script (plain-text answers, read by the extraction) keeps room.
# 19:35 UTC (lead, after the lead-in reader, the qualifier and unicode fixes): every family >= 0.99 in this run
# (seed 0; lowest mul_style and prose_box 0.998), 0 near-misses accepted: the old lowered floors are gone.
# sig_finer: a bare two-digit reference ('1.6', the unit asked by the question) is read as exact; only a reference
# naming its unit or written as a power of ten is a measured statement a finer answer may round to (0.93 at seed 7)
RECALL_FLOOR = {"sets_script": 0.85, "sig_finer": 0.85}
# Share of a near-miss family's pairs the rule may accept (issue 14's target: 0 everywhere). Measured 0 on every
# family except the three added at 16:58 UTC from the fallback section (~740 pairs each): a declared
# answer withdrawn for another (near_retracted 0.35-0.36), output cut off mid-calculation with the gold as an operand
# (near_truncated 0.29-0.33), only a score/rating/step line holding the gold's number (near_score_line 0.17-0.21).
# Lower these to 0 as the rule is fixed.
# 17:25 UTC: the fallback reads no unfinished calculation, no graded last line, and a retraction is any
# named number after the cue: near_retracted 0/345, near_truncated 0/344, near_score_line 1/211 (seed 3:
# "The quantities involved are $6$." read as a conclusion above a "Step 6 completed." line).
# 19:35 UTC: 0 accepted in every near-miss family (near_score_line fixed in 733a926): no exceptions left.
NEAR_MISS_ACCEPT_RATE_MAX: dict[str, float] = {}


@pytest.fixture(scope="module")
def refs() -> list[mm.Reference]:
    return mm.load_references()


def test_reads_every_problem_set(refs) -> None:
    by_set = Counter(r.dataset for r in refs)
    assert len(refs) > 4000 and len(by_set) == 7
    parsed = sum(r.node is not None for r in refs)
    assert parsed / len(refs) > 0.95
    gsm = next(r for r in refs if r.dataset == "gsm8k")
    assert "####" not in gsm.gold and gsm.solution and "####" in gsm.solution


def test_seeded_and_deterministic(refs) -> None:
    a = mm.generate(300, seed=7, refs=refs)
    b = mm.generate(300, seed=7, refs=refs)
    c = mm.generate(300, seed=8, refs=refs)
    assert a == b and a != c
    for row in a:
        assert set(row) >= {"id", "question", "gold", "response", "label", "family", "transforms", "position", "source"}
        assert row["label"] == (row["family"] in mm.EQUIVALENT)


def test_renderings_keep_the_value(refs) -> None:
    """Every LaTeX style the generator composes reads back (with this module's reader) to the same value."""
    styles = [F.Style(frac="dfrac", lr=True, mul="cdot", space=True), F.Style(frac="slash", group="{,}"),
              F.Style(group="\\,", mul="times", rel="long"), F.Style(frac="bare", group=",\\! ")]
    checked = 0
    for ref in refs:
        if ref.node is None or not mm._scalar(ref.node) or mm._value(ref.node) is None:
            continue
        for st in styles:
            back = F.parse(F.render(ref.node, st))
            assert mm._same(ref.node, back), (ref.gold, F.render(ref.node, st))
            checked += 1
    assert checked > 10_000


def test_near_misses_change_the_value(refs) -> None:
    # 5,000 rows: with 74 near-miss families, the rarest (near_temperature: 1 reference) needs more than 4,000
    rows = mm.generate(5000, seed=3, refs=refs, families=tuple(mm.NEAR_MISS))
    assert {r["family"] for r in rows} == set(mm.NEAR_MISS)
    by_source = {r.source: r for r in refs}
    for row in rows:
        assert row["label"] is False
        ref = by_source[row["source"]]
        if row["family"] == "near_hedge":   # the right value is among the candidates by design
            continue
        if row["family"] == "near_ref_truncated":   # the reference is changed (off its cut), the answer exact
            assert row["gold"] != ref.gold
            continue
        assert ref.value_text not in (row["response"].rsplit("\\boxed{", 1)[-1].rstrip("}$.\n "),), row


def test_valid_only_where_applicable(refs) -> None:
    rows = mm.generate(6000, seed=5, refs=refs)
    by_source = {r.source: r for r in refs}
    for row in rows:
        ref = by_source[row["source"]]
        if row["family"] == "set_reorder":
            assert ref.unordered
        if row["family"] == "near_swap" and isinstance(ref.node, F.Seq):
            assert len({F.render(i) for i in ref.node.items}) >= 2
        if row["family"] in ("prose_box", "near_qualifier"):
            assert "\\boxed{" in row["response"]


def test_rule_verifier_on_20k_pairs(refs) -> None:
    import rlverify

    rows = mm.generate(N_PAIRS, seed=SEED, refs=refs)
    v = rlverify.get_verifier("rule")
    t0 = time.perf_counter()
    verdicts = v.verify_batch([{"response": r["response"], "gold": r["gold"], "question": r["question"]}
                               for r in rows], workers=2)
    seconds = time.perf_counter() - t0
    n = defaultdict(int)
    hit = defaultdict(int)
    accepted_near = []
    for row, verdict in zip(rows, verdicts):
        n[row["family"]] += 1
        if row["label"]:
            hit[row["family"]] += bool(verdict.correct)
        elif verdict.correct:
            accepted_near.append((row["family"], row["gold"], verdict.extracted))
    recall = {f: hit[f] / n[f] for f in mm.EQUIVALENT if n[f]}
    print(f"\n{len(rows)} pairs in {seconds:.1f}s (2 workers)")
    print(json.dumps({f: round(r, 3) for f, r in sorted(recall.items())}, indent=0))
    print(f"near-misses accepted: {len(accepted_near)}")
    assert len(rows) == N_PAIRS
    rates = {f: k / n[f] for f, k in Counter(f for f, _, _ in accepted_near).items()}
    print(f"accepted share per near-miss family: { {f: round(r, 3) for f, r in rates.items()} }")
    over = {f: r for f, r in rates.items() if r > NEAR_MISS_ACCEPT_RATE_MAX.get(f, 0.0)}
    assert not over, (over, accepted_near[:20])
    low = {f: r for f, r in recall.items() if r < RECALL_FLOOR.get(f, 0.99)}
    assert not low, f"recall below the floor: {low}"


def test_eval_groups_generated_rows_by_family(refs, tmp_path) -> None:
    from rlverify.analysis.evaluate import parse_row
    from rlverify.cli import main

    rows = mm.generate(40, seed=11, refs=refs)
    assert {parse_row(r, "x").group("family") for r in rows} == {r["family"] for r in rows}
    assert parse_row(rows[0], "x").group("no_such_column") == "unknown"
    data, out = tmp_path / "pairs.jsonl", tmp_path / "out.json"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert main(["eval", str(data), "--verifier", "rule", "--by", "family", "--json", str(out), "--no-progress"]) == 0
    groups = {g["dataset"] for g in json.loads(out.read_text())["results"]}   # the schema names the group "dataset"
    assert groups == {r["family"] for r in rows} | {"all"}


def test_module_cli_writes_jsonl(tmp_path, capsys) -> None:
    out = tmp_path / "pairs.jsonl"
    args = ["--out", str(out), "--n", "50", "--seed", "4", "--family", "grouping", "--family", "near_sign"]
    assert mm.main(args) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 50 and {r["family"] for r in rows} == {"grouping", "near_sign"}
    assert "wrote 50 rows" in capsys.readouterr().err
