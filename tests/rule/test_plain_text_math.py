"""Plain-text mathematics with Greek letters spelled out ('**Answer:** 2*pi/omega', sympy's own printing) is read
whole after a label, in every label style; a changed coefficient is rejected. Seeded."""

from __future__ import annotations

import random

from rlverify import get_verifier, warm_up

_GREEK = ("alpha", "beta", "gamma", "theta", "lambda", "mu", "omega", "sigma", "tau", "phi", "rho")
_LABELS = ("**Answer:** %s", "Answer: %s", "**Final answer:** %s", "So the answer is %s.", "Final answer: %s")


def test_greek_words_in_plain_text_formulas() -> None:
    warm_up()
    rule = get_verifier("rule")
    rng = random.Random(11)
    bad = []
    for _ in range(40):
        a, b = rng.sample(_GREEK, 2)
        k, m = rng.randint(2, 9), rng.randint(2, 9)
        plain, gold = rng.choice((
            (f"{k}*pi/{a}", rf"\frac{{{k}\pi}}{{\{a}}}"),
            (f"{k}*{a}**2 + {m}", rf"{k}\{a}^{{2}}+{m}"),
            (f"1/({m} - {a}**2)", rf"\frac{{1}}{{{m}-\{a}^2}}"),
            (f"{k}*{a}*{b}", rf"{k}\{a}\{b}"),
        ))
        label = rng.choice(_LABELS)
        if not rule.verify(label % plain, gold).correct:
            bad.append((label % plain, gold))
        wrong = plain.replace(str(k), str(k + 1), 1) if str(k) in plain else plain.replace(str(m), str(m + 1), 1)
        if rule.verify(label % wrong, gold).correct:
            bad.append(("accepted", label % wrong, gold))
    assert not bad, bad[:5]


def test_unicode_vulgar_fractions_in_prose() -> None:
    """'1½ hours', '¾' on the line under a label: the mixed number and the fraction, not the digit before them."""
    warm_up()
    rule = get_verifier("rule")
    rng = random.Random(12)
    fractions = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅛": 0.125}
    for _ in range(20):
        ch, val = rng.choice(sorted(fractions.items()))
        whole = rng.randint(1, 9)
        text = rng.choice(("The answer is {x} hours.", "Final value\n\n{x}", "**Answer:** {x}", "So it takes {x} days."))
        gold = rf"{whole}+\frac{{{round(val * 24)}}}{{24}}"
        assert rule.verify(text.format(x=f"{whole}{ch}"), gold).correct, (text, whole, ch)
        assert not rule.verify(text.format(x=f"{whole}{ch}"), str(whole)).correct, (text, whole, ch)


def test_unit_powers_in_unicode_superscripts() -> None:
    """'3 in⁴', '5 cm⁴', '9.8 m s⁻²': the power is part of the unit; another power is another unit (the value alone
    was read for '3 in⁴' and accepted for 3 in³)."""
    warm_up()
    rule = get_verifier("rule")
    sup = dict(zip("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻"))
    rng = random.Random(13)
    for _ in range(20):
        v, unit, k = rng.randint(2, 99), rng.choice(("cm", "m", "in", "mm", "km")), rng.randint(2, 5)
        gold = rf"{v}\ \mathrm{{{unit}^{{{k}}}}}"
        label = rng.choice(("Answer: {}", "So the result is {}.", "**Final answer:** {}"))
        right = label.format(f"{v} {unit}{sup[str(k)]}")
        wrong = label.format(f"{v} {unit}{sup[str(k + 1)]}")
        assert rule.verify(right, gold).correct, (right, gold)
        assert not rule.verify(wrong, gold).correct, (wrong, gold)


def test_an_exponent_is_no_last_number() -> None:
    """'Area: 63,062.31cm^2': the last-number guess reads the quantity, not the exponent 2 (it was accepted for 2)."""
    warm_up()
    rule = get_verifier("rule")
    rng = random.Random(14)
    for _ in range(20):
        v, k = round(rng.uniform(10, 99999), 2), rng.randint(2, 3)
        text = rng.choice(("Area: {}cm^{}", "Volume: {} m^{}", "Result {} in^{}")).format(f"{v:,}", k)
        assert not rule.verify(text, str(k)).correct, text
        assert rule.verify(text, str(v)).correct, text
