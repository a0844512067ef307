"""A missing, empty or blank reference is a data bug: every verifier answers it undecided, flagged
``invalid_gold``, outcome ``unsure`` (never a silent 0, never a crash), in ``verify`` and in
``verify_batch``; a list of references keeps its valid members."""

from __future__ import annotations

import json

import pytest

import rlverify
from rlverify import Flag, Outcome, get_verifier, registry
from rlverify.verdict import BaseVerifier, Verdict, invalid_gold

INVALID = [None, "", "   ", "\n\t ", ["", " "], [], "\u200b", float("nan")]
IDS = ["None", "empty", "spaces", "newline-tab", "list-of-blanks", "empty-list", "zero-width", "nan"]

# Options that build each built-in verifier offline (the judges are the simulated ones).
OPTIONS = {
    "rule": {},
    "hybrid": {"judge": "gullible"},
    "judge": {"judge": "gullible"},
    "math-verify": {},
}


def _builtin_names() -> list[str]:
    registry.available_verifiers()  # loads the built-in modules
    return sorted(n for n, f in registry._FACTORIES.items() if f.__module__.startswith("rlverify."))


def test_every_builtin_verifier_is_covered() -> None:
    """A new built-in verifier must be added to OPTIONS (and so to the tests below)."""
    assert _builtin_names() == sorted(OPTIONS)


def _assert_invalid(v: Verdict) -> None:
    assert Flag.INVALID_GOLD in v.flags and "invalid_gold" in v.flags
    assert v.undecided and not v.correct and v.status == "undecided"
    assert v.outcome is Outcome.UNSURE
    assert v.score == 0.0
    d = v.to_dict()
    assert json.loads(json.dumps(d))["flags"] == ["invalid_gold"] and d["outcome"] == "unsure"


@pytest.mark.parametrize("name", sorted(OPTIONS))
@pytest.mark.parametrize("gold", INVALID, ids=IDS)
def test_verify_flags_invalid_gold(name: str, gold) -> None:  # noqa: ANN001
    v = get_verifier(name, **OPTIONS[name])
    _assert_invalid(v.verify("So the answer is \\boxed{2}.", gold, "What is 1 + 1?"))


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_verify_batch_flags_invalid_gold_in_place(name: str) -> None:
    v = get_verifier(name, **OPTIONS[name])
    items = [{"response": "\\boxed{2}", "gold": "2", "question": None},
             {"response": "\\boxed{2}", "gold": "  ", "question": None},
             {"response": "\\boxed{2}", "question": None},                      # no gold at all
             {"response": "\\boxed{2}", "gold": None, "question": None},
             {"response": "\\boxed{3}", "gold": "2", "question": None}]
    out = v.verify_batch(items)
    assert len(out) == 5
    for i in (1, 2, 3):
        _assert_invalid(out[i])
    for i in (0, 4):
        assert Flag.INVALID_GOLD not in out[i].flags
    assert out[0].correct


@pytest.mark.parametrize("gold", INVALID, ids=IDS)
def test_top_level_verify(gold) -> None:  # noqa: ANN001
    _assert_invalid(rlverify.verify("\\boxed{2}", gold))


def test_hybrid_never_asks_its_judge_about_a_blank_gold() -> None:
    """A gullible judge accepts anything: a blank gold must not reach it."""
    v = get_verifier("hybrid", judge="gullible")
    verdict = v.verify("The answer is blue, like the sky.", "   ", "What colour?")
    _assert_invalid(verdict)
    assert verdict.source == "rule"


def test_list_keeps_its_valid_members() -> None:
    """A blank member of a list of references is no acceptable answer: the valid ones decide."""
    ok = rlverify.verify("\\boxed{2}", ["", " ", "2"])
    assert ok.correct and Flag.INVALID_GOLD not in ok.flags
    wrong = rlverify.verify("\\boxed{3}", ["", "2"])
    assert not wrong.correct and not wrong.undecided and Flag.INVALID_GOLD not in wrong.flags
    assert wrong.outcome is Outcome.DIFFERENT


def test_a_valid_gold_is_left_alone() -> None:
    for gold in ("0", 0, "nan", ["0"], " 2 "):
        assert not invalid_gold(gold)
    assert rlverify.verify("\\boxed{0}", "0").correct
    assert rlverify.verify("\\boxed{2}", " 2 ").correct


class _Counting(BaseVerifier):
    """A user's verifier: its own code must not even run on a blank reference."""

    name = "test-invalid-gold-counting"

    def __init__(self) -> None:
        self.calls = 0

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        self.calls += 1
        return Verdict(True, 1.0)


class _Batching(_Counting):
    def verify_batch(self, items, workers=None):  # noqa: ANN001, ANN201
        self.calls += len(items)
        return [Verdict(True, 1.0) for _ in items]


@pytest.mark.parametrize("cls", [_Counting, _Batching])
def test_user_verifiers_get_the_check_too(cls) -> None:  # noqa: ANN001
    v = cls()
    _assert_invalid(v.verify("x", ""))
    _assert_invalid(v.verify("x", gold=None))
    out = v.verify_batch([{"response": "x", "gold": "1"}, {"response": "x", "gold": " "}])
    assert out[0].correct and Flag.INVALID_GOLD in out[1].flags
    assert v.calls == 1  # only the item with a reference reached the verifier's own code
    items = ({"response": "x", "gold": g} for g in ("1", "2"))  # a generator is read once
    assert [x.correct for x in v.verify_batch(items)] == [True, True]
