"""The simplified form a question asks for (rlverify.rule.answers.simplest)."""

from __future__ import annotations

from rlverify.rule.answers.simplest import complexity, form_violation

Q = "Simplify the expression."


def test_complexity_counts_operations() -> None:
    assert complexity(r"\cot x") == 1
    assert complexity(r"\frac{1}{\sin x \cos x} - \tan x") == 5
    assert complexity(r"\left( x \right)") == 0


def test_only_when_asked() -> None:
    assert form_violation(r"\frac{1}{\sin x \cos x} - \tan x", r"\cot x", None) is None
    assert form_violation(r"\frac{1}{\sin x \cos x} - \tan x", r"\cot x", "Compute it.") is None
    assert form_violation(r"\frac{1}{\sin x \cos x} - \tan x", r"\cot x", Q) == "not_simplified"


def test_small_differences_allowed() -> None:
    assert form_violation(r"\frac{\cos x}{\sin x}", r"\cot x", Q) is None
    assert form_violation(r"2\sqrt{2}", r"\sqrt{8}", Q) is None


def test_unreduced_fraction(monkeypatch) -> None:  # noqa: ANN001
    from rlverify.rule.answers import simplest

    q = "Give it in lowest terms."
    assert form_violation("6/8", r"\frac{3}{4}", q) is None  # lenient by default, like the corpora's graders
    monkeypatch.setattr(simplest, "STRICT_FRACTIONS", True)
    assert form_violation("6/8", r"\frac{3}{4}", q) == "not_reduced"
    assert form_violation(r"\frac{3}{4}", r"\frac{3}{4}", q) is None
