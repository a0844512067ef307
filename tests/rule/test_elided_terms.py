"""Elided terms (rule.answers.symbolic.elided_instances): ``T_1 op T_2 op \\cdots op T_n`` is compared with the other
side written out at n = 3..6 (hardverify-212: ``v(1 - a_1/v)(1 - a_2/v) \\cdots (1 - a_n/v)`` for
``\\frac{(v - a_1)(v - a_2) \\cdots (v - a_n)}{v^{n-1}}``). Seeded over the elided reference of the vendored corpora
(hardverify-212) and the standard elided sums and products (the index letter, the dots, the brackets and a scaling
drawn), each against its closed or factored form, with twins: an off-by-one closed form, another power or sign,
rejected. Forms the reader does not know (two ellipses, a last term ``a_{n-1}``, terms that are not T(1), T(2) of
the last one) stay unread."""

from __future__ import annotations

import random

import pytest

from rlverify.rule.answers.symbolic import elided_instances

# (elided form, an equal form, a near-miss): '{n}' the index letter, '{d}' the dots, '{L}'/'{R}' brackets
TEMPLATES = (
    ("1 + 2 + {d} + {n}", "\\frac{{{n}({n}+1)}}{{2}}", "\\frac{{{n}({n}-1)}}{{2}}"),
    ("1^2 + 2^2 + {d} + {n}^2", "\\frac{{{n}({n}+1)(2{n}+1)}}{{6}}", "\\frac{{{n}({n}+1)(2{n}-1)}}{{6}}"),
    ("1^3 + 2^3 + {d} + {n}^3", "\\left(\\frac{{{n}({n}+1)}}{{2}}\\right)^2", "\\frac{{{n}^2({n}-1)^2}}{{4}}"),
    ("1 + x + x^2 + {d} + x^{{{n}}}", "\\frac{{x^{{{n}+1}} - 1}}{{x - 1}}", "\\frac{{x^{{{n}}} - 1}}{{x - 1}}"),
    ("{L}1 + a_1{R}{L}1 + a_2{R} {d} {L}1 + a_{n_}{R}", "{L}a_1 + 1{R}{L}a_2 + 1{R} {d} {L}a_{n_} + 1{R}",
     "{L}1 - a_1{R}{L}1 - a_2{R} {d} {L}1 - a_{n_}{R}"),
    # hardverify-212's reference and the answer the corpus labels correct
    ("\\frac{{{L} v - a_1 {R} {L} v - a_2 {R} {d} {L} v - a_{n_} {R}}}{{v^{{{n}-1}}}}",
     "v {L}1 - \\frac{{a_1}}{{v}}{R}{L}1 - \\frac{{a_2}}{{v}}{R} {d} {L}1 - \\frac{{a_{n_}}}{{v}}{R}",
     "\\frac{{{L} v - a_1 {R} {L} v - a_2 {R} {d} {L} v - a_{n_} {R}}}{{v^{{{n}-2}}}}"),
)


def _fill(t: str, n: str, d: str, paren: bool, sub_braced: bool) -> str:
    return t.format(n=n, d=d, L="\\left(" if paren else "(", R="\\right)" if paren else ")",
                    n_="{" + n + "}" if sub_braced else n)


def _rows(seed: int) -> list[tuple[str, str, str]]:
    rng = random.Random(seed)
    rows = []
    for _ in range(6):
        for elided, same, near in TEMPLATES:
            n, d = rng.choice("nmk"), rng.choice(("\\cdots", "\\ldots", "\\dots"))
            paren, braced = rng.random() < 0.5, rng.random() < 0.5
            c = rng.choice(("", "", "2", "3"))
            scale = (lambda s: f"{c}\\left({s}\\right)") if c else (lambda s: s)
            rows.append(tuple(scale(_fill(t, n, d, paren, braced)) for t in (elided, same, near)))
    return rows


@pytest.fixture(scope="module")
def verifier():
    import rlverify

    return rlverify.get_verifier("rule")


def _ok(verifier, answer: str, gold: str) -> bool:
    return bool(verifier.verify(f"Therefore the answer is $\\boxed{{{answer}}}$.", gold).correct)


@pytest.mark.parametrize("seed", [0, 1])
def test_elided_against_written_out(verifier, seed: int) -> None:
    for elided, same, near in _rows(seed):
        assert _ok(verifier, same, elided), (same, elided)        # the closed form for the elided reference
        assert _ok(verifier, elided, same), (elided, same)        # and the reverse
        assert not _ok(verifier, near, elided), (near, elided)    # a near-miss stays wrong
        assert not _ok(verifier, elided, near), (elided, near)


@pytest.mark.parametrize("text", [
    "a_1 + a_2 + \\cdots + a_{n-1}",             # the last term is no T(n)
    "1 + 2 + \\cdots + n + \\cdots + 2n",         # two ellipses
    "0 + 2 + \\cdots + n",                       # the first terms are not T(1), T(2)
    "1 + 2 + \\cdots + 100",                     # no index letter
])
def test_other_elisions_unread(text: str) -> None:
    assert elided_instances(text) is None


def test_written_out() -> None:
    assert elided_instances("1 + 2 + \\cdots + n", (3, 4)) == ["1 + 2 + (3)", "1 + 2 + (3) + (4)"]
    assert elided_instances("x_1 x_2 \\cdots x_n", (3,)) == ["x_1 x_2 x_{3}"]
