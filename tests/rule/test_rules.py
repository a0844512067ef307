"""RuleVerifier plumbing: input guards, fast path, hard per-item deadline, batch path."""

from __future__ import annotations

import threading
import time

import pytest

from rlverify import Verdict, bounded, get_verifier, verify
from rlverify.rule.verifier import RuleVerifier, warm_up

SLACK = 1.0


@pytest.fixture(scope="module", autouse=True)
def _warm_helpers() -> None:
    bounded.warm_up(2)  # the helpers' start-up is not part of any item's bound


@pytest.fixture(scope="module")
def rule() -> RuleVerifier:
    return get_verifier("rule")


def test_plain_verdicts(rule: RuleVerifier) -> None:
    assert rule.verify("so \\boxed{12}", "12").correct
    v = rule.verify("so \\boxed{13}", "12")
    assert not v.correct and v.extracted == "13" and v.source == "rule"
    assert rule.verify("no answer at all", "12").flags[-1] == "no_answer"


@pytest.mark.parametrize("response,gold,flag", [
    ("\\boxed{4\x002}", "42", "nul"),
    ("\\boxed{4\ud8002}", "42", "surrogates"),
    ("{" * 10_000 + "\\boxed{1}", "1", "too_deep"),
    ("\\boxed{1} " * 5000, "1", "too_many_boxes"),
    ("\\boxed{" + "(" * 300 + "1" + ")" * 300 + "}", "1", "too_deep"),
    ("\\boxed{" + "+".join(["1"] * 400) + "}", "400", "too_complex"),
])
def test_hostile_inputs_get_an_incorrect_verdict_with_a_flag(rule: RuleVerifier, response: str,
                                                             gold: str, flag: str) -> None:
    t0 = time.monotonic()
    v = rule.verify(response, gold)
    assert isinstance(v, Verdict) and not v.correct and flag in v.flags
    assert time.monotonic() - t0 < rule.timeout + SLACK


def test_non_str_inputs(rule: RuleVerifier) -> None:
    assert rule.verify(None, "1").flags[-1] == "no_answer"  # type: ignore[arg-type]
    assert rule.verify(b"\\boxed{7}", 7).correct  # type: ignore[arg-type]
    assert rule.verify("\\boxed{7}", 7).correct  # type: ignore[arg-type]


def test_overlong_gold_is_undecided(rule: RuleVerifier) -> None:
    v = rule.verify("\\boxed{1}", "1" * 5000)
    assert v.undecided and v.status == "undecided" and "gold_too_long" in v.flags


def test_response_of_one_megabyte_is_answered_fast(rule: RuleVerifier) -> None:
    t0 = time.monotonic()
    v = rule.verify("blah " * 200_000 + "\\boxed{42}", "42")
    assert v.correct and "truncated" in v.flags
    assert time.monotonic() - t0 < 1.0


def test_item_deadline_is_a_hard_bound_on_the_comparison() -> None:
    tight = RuleVerifier(timeout=1e-4)  # no typed comparison fits in 0.1 ms (a process round trip)
    v = tight.verify("\\boxed{x^2 + 2x + 1}", "(x+1)^2")
    assert v.flags == ("timeout",) and not v.correct and v.seconds < 1.0
    assert RuleVerifier(timeout=10).verify("\\boxed{13}", "13").correct  # fast path: no CAS needed


def test_bounded_from_several_threads_at_once() -> None:
    v = RuleVerifier(timeout=0.5)
    items = [("\\boxed{\\int_0^1 e^{x^{x^{x}}} dx}", "\\frac13"), ("\\boxed{x^2+2x+1}", "(x+1)^2"),
             ("\\boxed{\\sum_{n=1}^{10^{10}} n^{n}}", "1"), ("\\boxed{12}", "12")]
    out: dict[int, tuple[Verdict, float]] = {}

    def run(i: int) -> None:
        t0 = time.monotonic()
        out[i] = (v.verify(*items[i]), time.monotonic() - t0)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(items))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert sorted(out) == [0, 1, 2, 3]
    assert all(isinstance(x, Verdict) and dt < 0.5 + 2 * SLACK for x, dt in out.values())
    assert out[3][0].correct


def test_verify_batch_sequential_and_parallel_agree(rule: RuleVerifier) -> None:
    items = [{"response": f"\\boxed{{{i % 5}}}", "gold": str(i % 3), "question": None} for i in range(20)]
    seq = rule.verify_batch(items)
    par = rule.verify_batch(items, workers=2)
    assert [x.correct for x in seq] == [x.correct for x in par] == [i % 5 == i % 3 for i in range(20)]


def test_top_level_verify_and_warm_up() -> None:
    warm_up()
    assert verify("The answer is $\\boxed{\\frac{1}{2}}$", "\\frac12").correct


def test_fallback_number_inside_gibberish_is_no_answer():
    import random

    from rlverify.analysis.attacks import gibberish

    v = RuleVerifier()
    for seed in range(5):
        response = gibberish(random.Random(seed)) + " 42"
        verdict = v.verify(response, "42")
        assert not verdict.correct and "fallback" in verdict.flags, verdict


def test_fallback_from_a_bare_list_of_candidates_is_a_hedge():
    v = RuleVerifier()
    verdict = v.verify("Let me compute: 3*60=180, minus 6 gives 174.\n\n180, 174, 175", "175")
    assert not verdict.correct and "hedge" in verdict.flags
    # a plain fallback that states one value is still accepted
    assert v.verify("First 3+4=7. So we get 7 apples in total.", "7").correct
