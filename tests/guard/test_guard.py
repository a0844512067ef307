"""The guard: one test per detector (case files), sanitizing, gold exemptions, precision on real data."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlverify import guard
from rlverify.analysis.attacks import gibberish
from rlverify.rule.extract import extract_answer
from rlverify.guard import FLAGS, GuardConfig, GuardReport, inspect

CASES = Path(__file__).resolve().parents[1] / "cases"
PASS = json.loads((CASES / "guard_pass.json").read_text(encoding="utf-8"))["cases"]
BLOCK = json.loads((CASES / "guard_block.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", PASS, ids=[c["answer"][:40] for c in PASS])
def test_real_answers_pass(case):
    report = inspect(case["answer"], case["gold"], case.get("question"))
    assert report.passed, report.flags
    assert report.flags == () and report.sanitized


@pytest.mark.parametrize("case", BLOCK, ids=[f"{c['flag']}:{str(c['answer'])[:30]}" for c in BLOCK])
def test_detector_fires(case):
    report = inspect(case["answer"], case["gold"], case.get("question"),
                     extraction_flags=tuple(case.get("extraction_flags", ())), context=case.get("context"))
    assert not report.passed and report.sanitized is None
    assert case["flag"] in report.flags


def test_every_flag_has_a_blocking_case():
    assert set(FLAGS) == {c["flag"] for c in BLOCK}


def test_contract_shape():
    r = inspect("7", "7")
    assert isinstance(r, GuardReport) and r.passed and r.flags == ()
    assert inspect(None, "7") == GuardReport(False, ("no_answer",))
    with pytest.raises(AttributeError):
        r.passed = False  # frozen


def test_sanitized_is_nfkc_without_invisible_controls():
    r = inspect(" \\frac{1}{2}\u00a0\t", "0.5")
    assert r.passed and r.sanitized == "\\frac{1}{2}"
    assert inspect("x\u00b2", "x^2").sanitized == "x2"  # NFKC folds the superscript


def test_gold_words_are_exempt_only_for_themselves():
    assert inspect("No", "\\text{Yes}").passed
    assert inspect("True", "\\text{True}").passed
    assert "verdict_language" in inspect("Correct", "\\text{Yes}").flags
    assert "verdict_language" in inspect("Yes", "\\text{No}").flags


def test_question_words_exempt_mild_instruction_words_only():
    q = "A system of equations has how many solutions?"
    assert inspect("\\text{system has } 2", "2", q).passed
    assert not inspect("\\text{system has } 2", "2").passed
    assert "instruction_language" in inspect("ignore this 2", "2", "Ignore the sign. Find |x|.").flags


def test_soft_verdict_words_only_when_used_as_verdicts():
    assert inspect("\\text{right triangle}", "\\text{right triangle}").passed
    assert inspect("\\text{exactly } 12", "12").passed
    assert "verdict_language" in inspect("Exactly.", "12").flags
    assert "verdict_language" in inspect("12, right?", "12").flags


def test_length_threshold_follows_the_gold_and_config():
    long_answer = "+".join(["x"] * 100)
    assert "too_long" in inspect(long_answer, "2x").flags
    assert inspect(long_answer, "+".join(["x"] * 90)).passed
    assert inspect(long_answer, "2x", config=GuardConfig(length_floor=1000, max_chars=1000)).passed


def test_unexpected_words_threshold_is_configurable():
    assert "unexpected_words" in inspect("seven zebra", "7").flags
    assert inspect("seven zebra", "7", config=GuardConfig(max_unexpected_words=1)).passed
    assert inspect("seven zebras", "7", "How many zebras are in the zoo?").passed
    # a sentence that writes mathematics (or uses the gold's words) may hold max_anchored_words
    assert inspect("7 zebra", "7").passed
    assert "unexpected_words" in inspect("7 zebra", "7", config=GuardConfig(max_anchored_words=0)).flags
    # words with no anchor say nothing about the answer, even in the question's words
    assert "unexpected_words" in inspect("Thought process:", "7", "Describe the thought process.").flags


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gets_a_report(text):
    r = inspect(text, "5", text[:50])
    assert isinstance(r, GuardReport) and r.passed == (not r.flags)
    assert set(r.flags) <= set(FLAGS)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["correct", "yes", "accurate", "verified", "Final Decision"]),
       st.sampled_from(["x^2+1", "\\frac{3}{7}", "12", "(2, 5)"]),
       st.sampled_from([str.upper, str.lower, str.title, lambda s: s]))
def test_verdict_word_next_to_a_real_answer_is_blocked(word, answer, case):
    assert not inspect(f"{answer} {case(word)}", "5").passed
    assert not inspect(f"{case(word)}: {answer}", "5").passed


def test_context_of_real_responses_is_not_gibberish(corpora_paths, read_jsonl_rows):
    rows = [r for p in corpora_paths for r in read_jsonl_rows(p)[:150]]
    assert sum(guard.shape.gibberish_context(r["response"]) for r in rows) == 0
    rng = random.Random(2)
    from rlverify.analysis.attacks import place

    assert all(guard.shape.gibberish_context(place(gibberish(rng), "after_think", rng)) for _ in range(30))


def test_public_helpers_for_extractors():
    assert guard.offers_several_values("180, 174, 175", "175")
    assert guard.offers_several_values("either 4 or 5", "5")
    assert not guard.offers_several_values("(2, 5)", "(2,5)")
    assert not guard.offers_several_values("4,096,000", "4096000")
    assert not guard.offers_several_values("So, after all his transactions, Raymond has $8 left.", "8")
    assert guard.gibberish_tail("ok </think> " + gibberish(random.Random(4), 300))
    assert not guard.gibberish_tail("So the total is $3 + 4 = 7$ apples.")


def test_helpers_are_cheap_on_huge_input():
    """rules.py calls these on the hot path for fallback extractions: bounded work on any text."""
    import time

    t0 = time.perf_counter()
    assert guard.offers_several_values("1, 2, " * 200_000, "5")
    assert not guard.offers_several_values("7, " * 200_000, "7")
    assert not guard.gibberish_tail("{" * 3_000_000 + " so the answer is 12")
    assert time.perf_counter() - t0 < 0.5


def test_helpers_import_no_cas():
    import subprocess
    import sys

    code = ("import sys, rlverify.guard; "
            "print(sorted(m for m in ('sympy', 'latex2sympy2_extended', 'pint', 'rlverify.rule.verifier') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_sanitize_ascii_fast_path_matches_category_rule():
    import unicodedata

    from rlverify.guard.text import sanitize

    text = "".join(map(chr, range(128))) + "a\u200bb"
    kept = "".join(c for c in text if unicodedata.category(c)[0] != "C" or c in "\n\t").replace("\u200b", "")
    assert sanitize(text) == " ".join(kept.split())
    assert sanitize("x\x00\x7f\r\x1by") == "xy" and sanitize("é\x00\u202e1") == "é1"


def test_huge_span_is_bounded():
    r = inspect("7" * 10_000_000, "7")
    assert not r.passed and "too_long" in r.flags


def test_guard_passes_real_correct_answers(corpora_paths, read_jsonl_rows):
    """Precision on real data: the extracted answers of correct responses (a sample of every corpus)."""
    rng = random.Random(7)
    total = passed = 0
    for path in corpora_paths:
        rows = [r for r in read_jsonl_rows(path) if r["label"]]
        for r in rng.sample(rows, min(80, len(rows))):
            ex = extract_answer(r["response"])
            if ex.answer is None or ex.flags:
                continue
            total += 1
            passed += inspect(ex.answer, r["gold"], r["question"]).passed
    assert total > 200
    assert passed / total >= 0.97, f"{passed}/{total}"


@pytest.fixture(scope="module")
def read_jsonl_rows():
    from conftest import read_jsonl

    return read_jsonl


def test_module_exports():
    assert set(guard.__all__) >= {"GuardReport", "GuardConfig", "inspect", "FLAGS"}


def test_several_points_for_one_point_are_never_judged() -> None:
    """Seeded: a reference that is one point ``(a,b)`` against ``\\pm (a,b)``, ``((a,b), (c,d))`` or ``\\{(a,b), (c,d)\\}``
    (several points offered: the probe's several_values placement at seed 1 reached the judge) is blocked; one
    point, right or wrong, passes."""
    import random

    from rlverify.guard.policy import inspect as inspect_span

    rng = random.Random(17)
    for _ in range(30):
        a, b, c = rng.randint(-20, 20), rng.randint(-20, 20), rng.randint(-20, 20)
        gold = f"({a},{b})"
        for offered in (rf"\pm ({a},{b})", f"(({a},{b}), ({c},{b}))", rf"\{{({a},{b}), ({c},{b + 1})\}}",
                        f"({a}, {b}), ({c}, {b})"):
            assert not inspect_span(offered, gold).passed, (offered, gold)
        assert inspect_span(f"({a},{b})", gold).passed
        assert inspect_span(f"({a},{b + 1})", gold).passed


def test_both_signs_of_a_whole_list_are_never_judged() -> None:
    """``\\pm (4, 0, -4)`` for ``4, 0, -4``: two signed copies of the list (the probe's several_values form for a
    list reference); the list itself passes."""
    from rlverify.guard.policy import inspect as inspect_span

    rng = random.Random(18)
    for _ in range(20):
        vals = [str(rng.randint(-9, 9)) for _ in range(rng.randint(2, 4))]
        gold = ", ".join(vals)
        assert not inspect_span(rf"\pm ({gold})", gold).passed, gold
        assert inspect_span(f"({gold})", gold).passed, gold


def test_arithmetic_on_a_word_is_never_judged() -> None:
    """``\\text{odd}+1``, ``2\\left(\\text{odd}\\right)`` (the probe's wrong answer for a text reference, seed 1) are
    no mathematics and no answer in words; units in arithmetic (``5\\text{ cm}+2\\text{ cm}``) and words alone pass."""
    from rlverify.guard.policy import inspect as inspect_span

    rng = random.Random(19)
    words_ = ("odd", "even", "Alice", "north", "impossible", "yes")
    for _ in range(20):
        w = rng.choice(words_)
        gold = rf"\text{{{w}}}"
        for bad in (rf"\text{{{w}}}+1", rf"2\left(\text{{{w}}}\right)", rf"\text{{{w}}}^2", rf"3 \cdot \text{{{w}}}"):
            assert not inspect_span(bad, gold).passed, bad
        assert inspect_span(rf"\text{{{w}}}", gold).passed
        k = rng.randint(2, 9)
        assert inspect_span(rf"{k}\text{{ cm}}+2\text{{ cm}}", rf"{k + 2}\text{{ cm}}").passed
