import dataclasses

import pytest

import rlverify
from rlverify import Verdict, get_verifier, verify


def test_exports_exist():
    for name in rlverify.__all__:
        assert hasattr(rlverify, name), name


def test_verdict_is_frozen_and_has_fields():
    v = Verdict(correct=True, score=1.0, source="rule", extracted="5", flags=("x",), seconds=0.1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.correct = False  # type: ignore[misc]
    assert v.status == "correct"
    assert Verdict(correct=False, score=0.0, undecided=True).status == "undecided"
    assert v.to_dict()["flags"] == ["x"]


def test_registry_has_rule_and_baseline():
    names = rlverify.available_verifiers()
    assert "rule" in names and "math-verify" in names


def test_unknown_verifier_is_one_line_error():
    with pytest.raises(rlverify.UnknownVerifierError) as e:
        get_verifier("no-such-verifier")
    assert "no-such-verifier" in str(e.value) and "\n" not in str(e.value)


def test_verify_and_batch():
    v = verify("The answer is \\boxed{\\frac{1}{2}}", "\\frac{1}{2}")
    assert v.correct and v.score == 1.0 and v.source == "rule" and v.extracted == "\\frac{1}{2}"
    w = verify("\\boxed{3}", "\\frac{1}{2}")
    assert not w.correct and w.score == 0.0
    batch = get_verifier("rule").verify_batch(
        [{"response": "\\boxed{1}", "gold": "1"}, {"response": "\\boxed{2}", "gold": "1", "question": None}]
    )
    assert [b.correct for b in batch] == [True, False]


def test_math_verify_baseline():
    assert verify("\\boxed{\\frac{1}{2}}", "0.5", verifier="math-verify").correct
    assert not verify("\\boxed{3}", "0.5", verifier="math-verify").correct
