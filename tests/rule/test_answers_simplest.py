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


def test_product_signs_spell_juxtaposition_but_numeric_products_are_undone_work() -> None:
    """Seeded: ``-24-4\\cdot r+6\\cdot r^{2}`` is as simple as ``6r^2-4r-24`` (any sign: \\cdot, \\times, *);
    ``2\\times 3\\times 4\\times 5`` for 120 is not simplified."""
    import random

    rng = random.Random(2)
    q = "Simplify the expression and write it in the form $Ar^2+Br+C$."
    for _ in range(30):
        a, b, c = (rng.randint(2, 30) for _ in range(3))
        sign = rng.choice(("\\cdot ", "\\times ", "*"))
        answer = f"{c}+{b}{sign}r+{a}{sign}r^{{2}}"
        assert form_violation(answer, f"{a}r^2+{b}r+{c}", q) is None, answer
        k = [rng.randint(2, 9) for _ in range(4)]
        product = sign.join(map(str, k))
        assert form_violation(product, str(k[0] * k[1] * k[2] * k[3]), q) == "not_simplified", product
