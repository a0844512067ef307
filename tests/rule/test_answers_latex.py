"""Text-level LaTeX helpers (rlverify.rule.answers.latex)."""

from __future__ import annotations

import pytest

from rlverify.rule.answers.latex import clean, collapse_digit_groups, matching_brace, plain_key, split_top, strip_outer, unwrap_text


@pytest.mark.parametrize(
    "raw,cleaned",
    [
        (r"\left( \frac12, \dfrac{3}{4} \right)", r"( \frac{1}{2}, \frac{3}{4} )"),
        (r"$\sqrt5$", r"\sqrt{5}"),
        (r"4{,}096{,}000", "4096000"),
        (r"4\,096\,000", "4096000"),
        (r"4,\!096", "4096"),
        (r"\displaystyle 12.", "12"),
        (r"{x+1}", "x+1"),
        (r"\text {abc}", r"\text{abc}"),
        ("\u00b11", r"\pm 1"),
        (r") 81", "81"),
        ("2*sqrt(3)", r"2*\sqrt{3}"),
        ("sqrt 2 + pi", r"\sqrt{2} + \pi"),
        ("the pizza", "the pizza"),
        (r"\text{ln}", r"\text{ln}"),
        (r"\begin{pmatrix}1\\2\end{pmatrix}", r"\begin{pmatrix}1\\2\end{pmatrix}"),
    ],
)
def test_clean(raw: str, cleaned: str) -> None:
    assert clean(raw) == cleaned


def test_digit_groups_only_three_digits() -> None:
    assert collapse_digit_groups(r"4\,096\,001") == "4096001"
    assert collapse_digit_groups(r"4\,96") == r"4\,96"
    assert collapse_digit_groups("1,000") == "1,000"  # plain comma: maybe a list


def test_braces_and_splitting() -> None:
    assert matching_brace("{a{b}c}d", 0) == 6
    assert matching_brace("{a", 0) == -1
    assert split_top(r"(1,2), \{3,4\}, \frac{1,2}{3}") == ["(1,2)", r"\{3,4\}", r"\frac{1,2}{3}"]
    assert split_top("a=b=c", ("=",)) == ["a", "b", "c"]
    assert strip_outer("{{x}}") == "x"
    assert strip_outer("{x}+{y}") == "{x}+{y}"


def test_text_unwrapping_and_keys() -> None:
    assert unwrap_text(r"\text{so }\mathrm{x}\textbf{\text{y}}") == "so xy"
    assert plain_key(r"\text{ Evelyn }") == plain_key("Evelyn")
    assert plain_key(r"\text{Monday}") != plain_key(r"\text{Tuesday}")
    assert plain_key(r"\frac{1}{23}") != plain_key(r"\frac{12}{3}")
    assert plain_key("2N") != plain_key("2n")
    # a one-character script is the same with or without braces; a longer one is not
    assert plain_key(r"3^{x} \geq x^{2}") == plain_key(r"3^x \geq x^2")
    assert plain_key(r"a_{1} + a_{n}") == plain_key("a_1+a_n")
    assert plain_key(r"10^{12}") != plain_key("10^12")


@pytest.mark.parametrize("raw", ["", " ", ")", "]", ") ", "))", "$", "$$", ".", ";", "\\.", "{}", "\\left)", "\\[\\]"])
def test_clean_on_spans_that_reduce_to_nothing(raw: str) -> None:
    """Regression: stripping a stray leading closer once indexed an empty string."""
    out = clean(raw)
    assert isinstance(out, str)
    assert clean(out) == clean(clean(out))


_FUNCTIONS = ("sin", "cos", "tan", "cot", "sec", "csc", "ln", "log", "exp", "arcsin", "arctan", "sinh")
_WRAPPERS = (r"\text{%s}", r"\mathrm{%s}", r"\operatorname{%s}", r"\text{ %s }", r"\rm{%s}")


def test_function_names_set_upright_by_hand_read_as_the_function() -> None:
    """``\\text{sin}(x)`` is ``\\sin(x)`` for every function, wrapper and argument; a different function
    or argument is not; the bare word stays text."""
    import random

    from rlverify import get_verifier, warm_up

    warm_up()
    rule = get_verifier("rule")
    rng = random.Random(7)
    for _ in range(40):
        fn, other = rng.sample(_FUNCTIONS[:6], 2)   # the trigonometric ones: never equal to each other
        k, m = rng.randint(2, 9), rng.randint(1, 9)
        arg = rng.choice([rf"\left(\frac{{\pi}}{{{k}}}x + {m}\right)", f"({k}x - {m})", rf"\bigg({k}x+\frac{{{m}}}{{{k}}}\bigg)"])
        gold = rng.choice(_WRAPPERS) % fn + arg
        assert clean(gold).startswith("\\" + fn), gold
        answer = rf"The final answer is $\boxed{{\{fn}{arg}}}$."
        assert rule.verify(answer, gold).correct, (answer, gold)
        wrong = rf"The final answer is $\boxed{{\{other}{arg}}}$."
        assert not rule.verify(wrong, gold).correct, (wrong, gold)
    for fn in _FUNCTIONS:
        assert clean(rf"\text{{{fn}}}") == rf"\text{{{fn}}}"


_SUP = dict(zip("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻"))


@pytest.mark.parametrize(
    "raw,cleaned",
    [("x²+1", "x^{2}+1"), ("10⁻⁵", "10^{-5}"), ("x¹²", "x^{12}"), ("2ⁿ", "2^{n}"), ("a₁₀ = 3", "a_{10} = 3"),
     ("½", r"\frac{1}{2}"), ("1½", r"1\frac{1}{2}"), ("∛2", r"\sqrt[3]{2}"), ("∜(x+1)", r"\sqrt[4]{x+1}"),
     ("√(12/(n(n−1)(n+1)))", r"\sqrt{12/(n(n-1)(n+1))}"), ("6⋅√2", r"6 \cdot \sqrt{2}"), ("(5,oo)", r"(5,\infty)"),
     ("(-oo, 0]", r"(-\infty, 0]"), ("foo", "foo"), ("2.2 * tau", r"2.2 * \tau"), ("√(", "√(")],
)
def test_clean_unicode_and_plain_text_math(raw: str, cleaned: str) -> None:
    assert clean(raw) == cleaned


def test_unicode_scripts_fractions_and_radicals_read_as_values() -> None:
    """Seeded: ``a × 10⁻ᵏ``, ``xⁿ`` runs, vulgar fractions and ``∛`` in a box or after a label equal the LaTeX
    gold; one exponent or digit off is rejected."""
    import random

    from rlverify import get_verifier, warm_up

    warm_up()
    rule = get_verifier("rule")
    rng = random.Random(5)
    places = (r"The answer is $\boxed{%s}$.", "Answer: %s", "**Final answer:** %s", "So the answer is %s.")
    for _ in range(30):
        m, k, p = rng.randint(11, 99), rng.randint(2, 19), rng.choice(places)
        sup = "".join(_SUP[c] for c in str(-k))
        gold = rf"{m / 10}\times 10^{{{-k}}}"
        assert rule.verify(p % f"{m / 10} × 10{sup}", gold).correct, (p, m, k)
        off = "".join(_SUP[c] for c in str(-k - 1))
        assert not rule.verify(p % f"{m / 10} × 10{off}", gold).correct, (p, m, k)
        e = rng.randint(2, 30)
        sup_e = "".join(_SUP[c] for c in str(e))
        assert rule.verify(p % f"x{sup_e} + {m}", rf"x^{{{e}}}+{m}").correct, (p, e)
        assert not rule.verify(p % f"x{sup_e} + {m}", rf"x^{{{e + 1}}}+{m}").correct, (p, e)
    for ch, (a, b) in {"½": (1, 2), "⅓": (1, 3), "¾": (3, 4), "⅝": (5, 8)}.items():
        assert rule.verify(rf"The answer is $\boxed{{{ch}}}$.", rf"\frac{{{a}}}{{{b}}}").correct
        assert not rule.verify(rf"The answer is $\boxed{{{ch}}}$.", rf"\frac{{{a}}}{{{b + 1}}}").correct
    assert rule.verify("Answer: ∛(x+1)", r"\sqrt[3]{x+1}").correct
    assert not rule.verify("Answer: ∛(x+1)", r"\sqrt{x+1}").correct


def test_clean_reads_cjk_fullwidth_and_scraped_html():
    """The whole fullwidth block is ASCII (not only the few signs once listed), HTML scripts are LaTeX scripts,
    entities (named, numeric, or a named one ending the span without its ';') are their characters."""
    import random

    rng = random.Random(5)
    ascii_math = "()[],=+-/:;<>!|0123456789"
    for _ in range(200):
        text = "".join(rng.choice(ascii_math + "xy") for _ in range(rng.randint(3, 12)))
        wide = "".join(chr(ord(c) + 0xFEE0) if c in ascii_math and rng.random() < 0.7 else c for c in text)
        assert clean(wide) == clean(text), (wide, text)
    assert clean("3<sup>x</sup>≥x<sup>2</sup>") == clean("3^{x} \\geq x^{2}")
    assert clean("a<sub>n+1</sub>") == clean("a_{n+1}")
    assert clean("x &le; 3") == clean("x &#8804; 3") == clean("x \\le 3")
    assert clean("4&pi") == clean("4&pi;") == clean("4\\pi")
    assert clean("1、2、3") == clean("1,2,3")
    assert "\\" not in clean("＼frac12")          # a fullwidth backslash starts no command
    assert clean("R&D") == "R&D" and clean("&foo;").startswith("&foo")   # not entities: kept as written


def test_upright_constants_are_the_constants(inline):
    """ISO style writes Euler's number and the imaginary unit upright: \\mathrm{e}^{2} is e^2 (it was read as a
    text 'e' and missed), \\mathrm{e}^{\\mathrm{i}\\pi} is -1; other upright letters stay as written."""
    from rlverify.rule.compare import compare

    for k in range(2, 9):
        assert compare(f"\\mathrm{{e}}^{{{k}}}", f"e^{k}").equal
        assert not compare(f"\\mathrm{{e}}^{{{k}}}", f"e^{k + 1}").equal
        assert compare(f"{k}\\mathrm{{i}}", f"{k}i").equal
    assert compare(r"\mathrm{e}^{\mathrm{i}\pi}", "-1").equal
    assert clean(r"5\mathrm{em}") == r"5\mathrm{em}"


def _split_top_reference(text, seps=(",",)):
    """split_top as a character-by-character loop (the definition the fast version must keep)."""
    parts, depth, start, k = [], 0, 0, 0
    while k < len(text):
        c = text[k]
        if c == "\\" and k + 1 < len(text) and text[k + 1] in "{}":
            depth += 1 if text[k + 1] == "{" else -1
            k += 2
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0:
            hit = next((s for s in seps if text.startswith(s, k)), None)
            if hit is not None:
                parts.append(text[start:k])
                k += len(hit)
                start = k
                continue
        k += 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def test_split_top_matches_the_character_loop_on_random_texts():
    import random

    from rlverify.rule.answers.latex import split_top

    rng = random.Random(23)
    pieces = ["a", "1", " ", ",", ";", "=", "+", "-", "(", ")", "[", "]", "{", "}", "\\{", "\\}", "\\", "\\quad", "\\text{or}",
              " or ", "\x00", "\\approx", "\\frac{1}{2}", "x_{1}", "\\left(", "\\right)"]
    sep_sets = [(",",), (",", ";"), ("=",), ("+", "-"), ("\\approx",), (",", ";", " or ", "\\text{or}"),
                (",", ";", "\x00", "\\quad", "\\qquad"), ("\\", "{"), ("(",)]
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        seps = rng.choice(sep_sets)
        assert split_top(text, seps) == _split_top_reference(text, seps), (text, seps)


def test_unbraced_fraction_arguments_are_single_tokens():
    """``\\frac1x``, ``\\frac ab``, ``\\frac\\pi2``: TeX reads one token per unbraced argument (a digit, a letter, a
    symbol command); the braced fraction is equal, a fraction of other tokens is not."""
    import random

    from rlverify.rule.compare import compare

    rng = random.Random(17)
    tokens = ["1", "2", "3", "7", "x", "a", "b", "n", "\\pi", "\\alpha"]
    for _ in range(120):
        num, den = rng.choice(tokens), rng.choice([t for t in tokens if t != "0"])
        cmd = rng.choice(["\\frac", "\\dfrac", "\\tfrac"])
        first = (" " + num) if num.isalpha() else num          # a letter after \frac needs a space
        second = (" " + den) if (den.isalpha() and num.startswith("\\")) or rng.random() < 0.3 else den
        written = f"{cmd}{first}{second}"
        braced = f"\\frac{{{num}}}{{{den}}}"
        assert compare(written, braced).equal, (written, braced)
        other = rng.choice([t for t in tokens if t not in (num, den)])
        assert not compare(written, f"\\frac{{{num}}}{{{other}}}").equal, (written, other)


@pytest.mark.xfail(strict=True, reason="the typed comparison does not yet do what the stage table did for this family (issue 29: the table's tests now run through rlverify.rule.compare)")
def test_identically_equal_functions():
    """``f \\equiv 0``, ``f(x) \\equiv x``, ``f ≡ c``: the function defined by the formula; a congruence (a modulus
    anywhere in the text) is left alone."""
    import random

    from rlverify.rule.answers.latex import clean
    from rlverify.rule.compare import compare

    rng = random.Random(8)
    for _ in range(60):
        f, x = rng.choice("fgh"), rng.choice("xtn")
        rhs = rng.choice(["0", "1", x, f"2{x}", f"{x}^2", "c", f"-{x}"])
        sign = rng.choice(["\\equiv", "\u2261", "\\equiv "])
        lhs = rng.choice([f, f"{f}({x})"])
        written = f"{lhs} {sign} {rhs}"
        assert compare(written, f"{f}({x}) = {rhs}").equal, written
        assert not compare(written, f"{f}({x}) = {rhs} + 1").equal, written
    assert clean("n \\equiv 3 \\pmod{7}") == "n \\equiv 3 \\pmod{7}"
    assert clean("f \\equiv 1 \\pmod 3") == "f \\equiv 1 \\pmod 3"
    assert clean("a \\equiv b") == "a \\equiv b"


def test_maps_to_defines_the_function():
    from rlverify.rule.compare import compare

    for written, gold, equal in [("f:x\\mapsto x", "f(x)=x", True), ("f: x \\longmapsto 2x+1", "f(x)=2x+1", True),
                                 ("f : t \\mapsto t^2", "f(x) = x^2", True), ("f:x\\mapsto x+1", "f(x)=x", False)]:
        assert compare(written, gold).equal is equal, written


def test_upright_numbers_are_numbers():
    from rlverify.rule.answers.latex import clean
    from rlverify.rule.compare import compare

    assert compare("\\mathrm{-448/6561}", "-\\frac{448}{6561}").equal
    assert compare("\\mathrm{1/2}", "\\frac12").equal
    assert not compare("\\mathrm{1/3}", "\\frac12").equal
    assert clean("5\\,\\mathrm{m/s}") == "5 \\mathrm{m/s}"          # a unit keeps its upright type
    assert clean("\\mathrm{H}_{\\mathrm{2}}") == "\\mathrm{H}_{2}"


@pytest.mark.parametrize("seed", range(3))
def test_python_spelling_of_functions_and_constants(seed: int) -> None:
    """``np.arcsin(10/13)``, ``math.sqrt(2)/2``, ``np.pi/4``, ``math.asin(x)`` (a reference or an answer written in
    Python) are the LaTeX functions and constants; another argument stays another value (seeded)."""
    import random

    import rlverify

    rule = rlverify.get_verifier("rule", timeout=10.0)
    rng = random.Random(seed)
    for _ in range(4):
        p, q = rng.randint(1, 9), rng.randint(10, 19)
        mod = rng.choice(("np", "numpy", "math"))
        fn = rng.choice(("sin", "cos", "tan"))
        pairs = ((f"{mod}.arc{fn}({p}/{q})", f"\\arc{fn}\\left(\\frac{{{p}}}{{{q}}}\\right)"),
                 (f"math.a{fn}({p}/{q})", f"\\arc{fn}(\\frac{{{p}}}{{{q}}})"),
                 (f"{mod}.sqrt({p})/{q}", f"\\frac{{\\sqrt{{{p}}}}}{{{q}}}"),
                 (f"{mod}.pi/{q}", f"\\frac{{\\pi}}{{{q}}}"))
        for py, tex in pairs:
            assert rule.verify(f"The answer is ${tex}$.", py).correct, (py, tex)
            assert rule.verify(f"So the answer is $\\boxed{{{py}}}$.", tex).correct, (py, tex)
            other = tex.replace(f"{{{q}}}", f"{{{q + 1}}}")
            assert not rule.verify(f"The answer is ${other}$.", py).correct, (py, other)
