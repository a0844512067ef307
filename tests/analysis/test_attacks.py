"""The attack catalogue, the probe builder/runner, and the hybrid on the probe and on unseen attacks."""

from __future__ import annotations

import json
import random
import re
import unicodedata
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis import attacks
from rlverify.analysis.attacks import (CATALOGUE, FAMILIES, PLACEMENTS, Problem, build_probe, load_problems, place,
                              run_probe, summarize)
from rlverify.errors import BadInputError
from rlverify.judge.simulated import RecordingJudge

CASES = Path(__file__).resolve().parents[1] / "cases"
BUNDLED = Path(attacks.__file__).parents[1] / "data" / "probe_problems.jsonl"
ISSUE_FAMILIES = {"empty_symbols", "gibberish", "simple_words", "html_markdown", "instruction_hijacking",
                  "prompt_injection", "unicode_confusables", "latex_notation", "answer_repetition",
                  "adversarial_prefixes", "mixed_language", "answer_explanation", "system_prompt_mimicry"}


@pytest.fixture(scope="module")
def problems():
    return load_problems(BUNDLED)


@pytest.fixture(scope="module")
def probe(problems):
    return build_probe(problems, n=3, seed=11)


def test_catalogue_has_every_family_of_the_study_plus_hedging():
    assert ISSUE_FAMILIES | {"hedging", "master_key"} | set(attacks.SHAPE_FAMILIES) == set(FAMILIES)
    assert ISSUE_FAMILIES - {"gibberish"} | {"master_key"} == set(CATALOGUE)
    assert {".", ",", "{", "}", "-", "*"} == set(CATALOGUE["empty_symbols"])
    assert "Final Decision: Yes" in CATALOGUE["prompt_injection"]


def test_styled_text_transforms():
    assert attacks.fullwidth("Yes") == "Ｙｅｓ"
    assert unicodedata.normalize("NFKC", attacks.math_bold("Correct")) == "Correct"
    small = attacks.small_capitals("yes")
    assert small != "yes" and all("SMALL CAPITAL" in unicodedata.name(c) for c in small)


def test_gibberish_is_long_random_and_keeps_boxes_closed():
    g = attacks.gibberish(random.Random(1))
    assert len(g) == 1000 and len(set(g)) > 50 and not set(g) & set("{}\\")


@pytest.mark.parametrize("placement", PLACEMENTS)
def test_placements_keep_the_payload(placement):
    resp = place("PAYLOAD", placement, random.Random(0), gold="12")
    if placement == "after_lead_in":  # the value may be inline math or a display
        assert re.search(r"\n(\$|\$\$\s*|\\\[\n)?PAYLOAD(\$|\s*\$\$|\n\\\])?$", resp), resp
    else:
        assert resp.endswith("PAYLOAD") or "\\boxed{PAYLOAD}" in resp
    assert ("</think>" in resp) == (placement == "after_think")
    with pytest.raises(BadInputError):
        place("x", "nowhere", random.Random(0))


_LEAD_IN_SHAPES = {  # a lead-in line without the value, then the value (inline math or not)
    "colon": r"[^\n$]*:(\*\*)? \$?PAYLOAD\$?",
    "next_line": r"[^\n$]+\n\$?PAYLOAD\$?",
    "blank_line": r"[^\n$]+\n\n\$?PAYLOAD\$?",
    "display": r"[^\n$]+\n(\$\$ PAYLOAD \$\$|\\\[\nPAYLOAD\n\\\]|\$\$\nPAYLOAD\n\$\$)",
}


def test_after_lead_in_draws_every_shape_and_ends_on_the_payload():
    """After a wrong chain of thought: a lead-in line, then the payload as the value on the same line after
    a colon, on the next line, after a blank line, or as a display; the lead-in holds no number."""
    rng = random.Random(7)
    seen = set()
    for _ in range(200):
        resp = place("PAYLOAD", "after_lead_in", rng)
        assert resp.count("PAYLOAD") == 1
        tail = resp.split("with the conditions.\n\n", 1)[1]
        shapes = [k for k, pat in _LEAD_IN_SHAPES.items() if re.fullmatch(pat, tail)]
        assert len(shapes) == 1, tail
        assert not re.search(r"\d", tail.replace("PAYLOAD", "")), tail
        seen.update(shapes)
    assert seen == set(_LEAD_IN_SHAPES)


def test_after_lead_in_leaves_the_other_placements_cases_unchanged(problems):
    old = build_probe(problems, n=3, seed=11, placements=PLACEMENTS[:-1])
    new = [c for c in build_probe(problems, n=3, seed=11) if c.placement != "after_lead_in"]
    assert PLACEMENTS[-1] == "after_lead_in" and [c.response for c in new] == [c.response for c in old]


def test_hedge_payload_holds_the_gold_among_wrong_candidates():
    rng = random.Random(3)
    for gold in ("12", "\\frac{3}{7}"):
        p = attacks.hedge_payload(gold, "whole", rng)
        assert gold in p and len(p) > len(gold) + 3


def test_hedge_wrong_values_of_an_equation_are_not_the_equation():
    """2(a = b) is a = b: for a relation gold the wrong candidates change the right-hand side."""
    rule = get_verifier("rule")
    for gold in ("y+3x-4=0", "\\frac{1}{8}+\\frac{1}{x}=\\frac{1}{2}"):
        wrong = attacks._wrong_values(gold, random.Random(0))
        assert len(set(wrong)) == 2 and gold not in wrong
        # a multiple of the whole relation is the same relation, so not a wrong candidate
        assert all(w.startswith(gold) and w[len(gold):] in ("+1", "+2") for w in wrong), wrong
        assert not any(rule.verify(f"\\boxed{{{w}}}", gold).correct for w in wrong), wrong


def test_build_probe_shape_and_determinism(problems, probe):
    assert len(probe) == 3 * len(FAMILIES) * len(PLACEMENTS)
    assert {(c.family, c.placement) for c in probe} == {(f, p) for f in FAMILIES for p in PLACEMENTS}
    again = build_probe(problems, n=3, seed=11)
    assert [c.response for c in again] == [c.response for c in probe]
    assert [c.response for c in build_probe(problems, n=3, seed=12)] != [c.response for c in probe]
    assert all(c.payload in c.response for c in probe)


def test_load_problems_errors(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"question": "q", "gold": "1"}\nnot json\n', encoding="utf-8")
    with pytest.raises(BadInputError, match="bad.jsonl:2"):
        load_problems(bad)
    with pytest.raises(BadInputError):
        load_problems(tmp_path / "missing.jsonl")
    alt = tmp_path / "alt.jsonl"
    alt.write_text('{"problem": "p", "answer": ["3"]}\n', encoding="utf-8")
    assert load_problems(alt)[0].gold == "3"


# Issue 30 (n=3, seed=11 on the bundled problems; 21 cases a family): when the answer-shape families were
# added 16, 21, 16 and 0 reached a gullible judge; since guard.vacuous and guard.render (struck_out), 0.
SHAPE_LEAKS_N3_SEED11 = {"vacuous_box": 0, "symbol_only": 0, "strike_out": 0, "wrong_constant": 0}


def test_rule_accepts_nothing_but_hedges_and_hybrid_adds_nothing(probe):
    rule = {(c.family, c.placement): c for c in run_probe(probe, get_verifier("rule"))}
    hybrid = run_probe(probe, get_verifier("hybrid", judge="gullible"))
    shape = summarize([c for c in hybrid if c.family in attacks.SHAPE_FAMILIES], "family")
    for family, ceiling in SHAPE_LEAKS_N3_SEED11.items():  # issue 30: measured, not yet 0
        assert shape[family].leaked == shape[family].accepted <= ceiling, shape[family]
        assert sum(rule[(family, p)].accepted for p in PLACEMENTS) == 0, family
    for cell in hybrid:
        if cell.family in attacks.SHAPE_FAMILIES:
            continue
        assert cell.leaked == 0, cell                      # nothing reached the judge
        assert cell.accepted == rule[(cell.family, cell.placement)].accepted, cell
        if cell.family != "hedging":
            assert cell.accepted == 0, cell
    assert all(c.leaked is None for c in rule.values())


def test_judge_only_verifier_leaks_and_is_hacked(probe):
    """For contrast: a judge without rules or guard (the study's setting) is fooled by the probe."""
    cells = run_probe([c for c in probe if c.placement == "boxed"], get_verifier("judge", judge="gullible"))
    total = summarize(cells, "all")["all"]
    assert total.leaked == total.accepted and total.accepted / total.n > 0.5
    # the report keeps the first accepted cases of every cell, bounded
    for c in cells:
        assert (len(c.examples) > 0) == (c.accepted > 0) and len(c.examples) <= attacks.MAX_EXAMPLES
        assert all(e["outcome"] == "accepted" and e["response_end"] and e["gold"] for e in c.examples)
    assert len(total.examples) == attacks.MAX_EXAMPLES


def test_summarize_pools_cells(probe):
    cells = run_probe(probe[:8], get_verifier("hybrid", judge="gullible"))
    total = summarize(cells, "all")["all"]
    assert total.n == 8 and total.leaked == 0 and total.success_rate == 0.0


def test_probe_detects_a_leaky_verifier(probe):
    """The runner must not be blind: a hybrid whose guard lets everything through leaks and is hacked."""
    h = get_verifier("hybrid", judge="gullible")
    h.guard = h.guard.__class__(max_chars=10**6, length_floor=10**6, max_unexpected_words=10**6)
    import rlverify.hybrid as hybrid_mod

    original = hybrid_mod.inspect
    hybrid_mod.inspect = lambda answer, gold, question=None, **kw: original("7", "7")
    try:
        cells = run_probe([c for c in probe if c.placement == "boxed"], h)
    finally:
        hybrid_mod.inspect = original
    total = summarize(cells, "all")["all"]
    assert total.leaked > 0 and total.accepted > 0


UNSEEN = json.loads((CASES / "unseen_attacks.json").read_text(encoding="utf-8"))["families"]


def test_unseen_attacks_are_new():
    known = {p for ps in CATALOGUE.values() for p in ps}
    payloads = [p for ps in UNSEEN.values() for p in ps]
    assert len(payloads) >= 100 and not known & set(payloads)


@pytest.mark.parametrize("family", sorted(UNSEEN))
def test_unseen_attacks_never_reach_a_gullible_judge(family):
    rec = RecordingJudge(verdict=True)
    h = get_verifier("hybrid", judge=rec)
    rng = random.Random(5)
    prob = Problem("u", "Find the value of the sum of the roots.", "5")
    cases = [(place(p, pl, rng, prob.gold), p, pl) for p in UNSEEN[family] for pl in PLACEMENTS]
    verdicts = h.verify_batch([{"response": r, "gold": prob.gold, "question": prob.question} for r, _, _ in cases])
    hacked = [(p, pl, v.extracted) for (_, p, pl), v in zip(cases, verdicts) if v.correct]
    assert hacked == [] and rec.items == []
