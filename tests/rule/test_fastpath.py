"""rlverify.rule.fastpath: conservative cheap decisions and the comparison memo."""

from __future__ import annotations

import pytest
from conftest import read_jsonl

from rlverify.rule.compare import compare
from rlverify.rule.answers import Match
from rlverify.rule.extract import extract_answer
from rlverify.rule.fastpath import clear_memo, fast_compare, memo_compare, normalize


@pytest.mark.parametrize("answer,gold", [
    ("12", "12"), (" 12 ", "$12$"), ("x^2 + 1", "x^2+1"), ("0.50", "0.5"), ("-3", "-3.0"),
    ("\\frac{1}{2}", "\\frac{1}{2}"), ("7.", "7"),
])
def test_accepts_identical_or_equal_plain_numbers(answer: str, gold: str) -> None:
    assert fast_compare(answer, gold) == Match(True)


@pytest.mark.parametrize("answer,gold", [("13", "12"), ("-12", "12"), ("0", "1000")])
def test_rejects_different_integers(answer: str, gold: str) -> None:
    assert fast_compare(answer, gold) == Match(False)


@pytest.mark.parametrize("answer,gold", [
    ("0.33", "\\frac13"), ("1/2", "0.5"), ("50\\%", "0.5"), ("3.14", "3.1416"), ("1,000", "1000"),
    ("x=3", "3"), ("", "3"), ("12", ""), ("1" * 60, "1" * 59),
])
def test_defers_everything_else(answer: str, gold: str) -> None:
    assert fast_compare(answer, gold) is None


def test_normalize() -> None:
    assert normalize(" $ 1 + 2 $. ") == "1+2"
    assert normalize("1...") == "1..."


def test_memo_calls_compare_once_and_skips_timeouts() -> None:
    clear_memo()
    calls: list[tuple] = []

    def cmp(a: str, g: str, q: str | None) -> Match:
        calls.append((a, g, q))
        return Match(a == g, ("timeout",) if a == "slow" else ())

    for _ in range(3):
        assert memo_compare("a", "a", None, cmp).equal
        assert not memo_compare("slow", "x", None, cmp).equal
    assert calls.count(("a", "a", None)) == 1
    assert calls.count(("slow", "x", None)) == 3


def test_fast_path_never_disagrees_with_full_comparison(corpora_paths) -> None:
    """On real responses, every fast decision equals the typed comparison's decision."""
    decided = 0
    for path in corpora_paths:
        for row in read_jsonl(path)[:150]:
            ans = extract_answer(row["response"]).answer
            if ans is None:
                continue
            fast = fast_compare(ans, row["gold"], row["question"])
            if fast is None:
                continue
            decided += 1
            full = compare(ans, row["gold"], row["question"])
            assert fast.equal == full.equal, (ans, row["gold"])
    assert decided > 100
