"""The typed comparison (rlverify.rule.compare): wrappers unwrap on both sides and compose with every value.

Pairs are generated from parts (values with units and their conversions, option lists, antiderivatives of seeded
polynomials and functions), each correct pair with a near-miss twin: a wrong prefix, another option, an
antiderivative whose derivative differs. A rule that handles one wrapper only when nothing else is around it fails."""

from __future__ import annotations

import random

import pytest

from rlverify.rule.compare import explain

# (reference value, same value in another unit, a wrong SI prefix of it, another value of the same unit)
QUANTITIES = [
    (r"73.4\times10^{3}\,\text{J}", r"73.4\,\text{kJ}", r"73.4\,\text{MJ}", r"74.3\times10^{3}\,\text{J}"),
    (r"3.2\ \mathrm{m/s}", r"3200\ \mathrm{mm/s}", r"3.2\ \mathrm{km/s}", r"2.3\ \mathrm{m/s}"),
    (r"5\,\mathrm{eV}", r"5000\,\mathrm{meV}", r"5\,\mathrm{keV}", r"50\,\mathrm{eV}"),
    (r"0.25\,\text{m}", r"25\,\text{cm}", r"0.25\,\text{mm}", r"0.52\,\text{m}"),
    (r"1.5\,\text{kg}", r"1500\,\text{g}", r"1.5\,\text{g}", r"15\,\text{kg}"),
]
NAMES = ["W", "v", "E_k", "L", r"\Delta x", "m"]


def _labelled(rng: random.Random, value: str) -> str:
    op = rng.choice(["=", r"\approx"])
    return f"{rng.choice(NAMES)} {op} {value}" if rng.random() < 0.7 else value


@pytest.mark.parametrize("seed", range(4))
def test_labelled_reference_keeps_its_unit(seed: int) -> None:
    rng = random.Random(seed)
    for gold, same, wrong, _ in QUANTITIES:
        g = _labelled(rng, gold)
        assert explain(same, g).match.equal, (same, g)
        assert not explain(wrong, g).match.equal, (wrong, g)


# ways a question lists its options: one per line, on one line with \quad, bold labels, dashes, 'A)' labels
LAYOUTS = [
    lambda ls, vs: "\n".join(f"({l}) ${v}$" for l, v in zip(ls, vs)),
    lambda ls, vs: "\\quad ".join(f"({l}) ${v}$" for l, v in zip(ls, vs)),
    lambda ls, vs: "$" + " \\qquad ".join(f"\\textbf{{({l.upper()})}}\\ {v}" for l, v in zip(ls, vs)) + "$",
    lambda ls, vs: " - ".join(f"({l}) {v}" for l, v in zip(ls, vs)),
    lambda ls, vs: "  ".join(f"{l.upper()}) ${v}$" for l, v in zip(ls, vs)),
]


def _options(rng: random.Random, right: str, others: list[str]) -> tuple[str, str]:
    values = [right] + others
    rng.shuffle(values)
    letters = "abcd"[:len(values)]
    listed = rng.choice(LAYOUTS)(letters, values)
    return f"Find the value.\n\n{listed}", letters[values.index(right)]


@pytest.mark.parametrize("seed", range(4))
def test_option_letter_resolves_through_the_question(seed: int) -> None:
    rng = random.Random(seed)
    for gold, same, wrong, other in QUANTITIES:
        q, right = _options(rng, gold, [wrong, other])
        wrong_letter = next(c for c in "abcd" if c != right)
        for form in ["(L)", "(L) " + gold, "option (L)", "U"]:
            ans = form.replace("(L)", f"({right})").replace("U", right.upper()) if form != "U" else right.upper()
            assert explain(ans, gold, q).match.equal, (ans, gold, q)
            bad = form.replace("(L)", f"({wrong_letter})") if form != "U" else wrong_letter.upper()
            assert not explain(bad, gold, q).match.equal, (bad, gold, q)
        # a letter and a value that name two options is two answers
        m = explain(f"({wrong_letter}) {gold}", gold, q).match
        assert not m.equal, q


def test_reference_letter_met_by_letter_or_listed_value() -> None:
    q = "Which is the speed? (A) 1 m/s (B) 2 m/s (C) 3 m/s"
    assert explain("B", "B", q).match.equal
    assert explain("(B) 2 m/s", "B", q).match.equal
    assert explain("2 m/s", "B", q).match.equal
    assert explain("200 cm/s", "B", q).match.equal
    assert not explain("(C) 3 m/s", "B", q).match.equal
    assert not explain("(B) 3 m/s", "B", q).match.equal
    assert not explain("3 m/s", "B", q).match.equal


@pytest.mark.parametrize("seed", range(3))
def test_antiderivative_up_to_a_constant(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        a, b, k = rng.randint(2, 9), rng.randint(1, 9), rng.randint(2, 5)
        gold = rf"\frac{{{a} x^{{{k}}}}}{{{k}}} + {b} x"
        q = rng.choice([rf"Find a function $F$ whose derivative is $F'(x) = {a} x^{{{k - 1}}} + {b}$.",
                        rf"Compute $\int ({a} x^{{{k - 1}}} + {b})\, dx$.", None])
        const = rng.choice(["C", "c", r"\text{const}", "C_1"])
        same = rf"\frac{{{a}}}{{{k}}} x^{{{k}}} + {b} x + {const}"
        shifted = rf"\frac{{{a}}}{{{k}}} x^{{{k}}} + {b} x + {rng.randint(1, 9)} + {const}"
        wrong = rf"\frac{{{a}}}{{{k}}} x^{{{k}}} + {b + 1} x + {const}"
        for ans in (same, shifted):
            assert explain(ans, gold, q).match.equal, (ans, gold, q)
            assert explain(ans, f"F(x) = {gold}", q).match.equal, (ans, gold, q)
        assert not explain(wrong, gold, q).match.equal, (wrong, gold, q)


def test_constant_differs_only_where_an_antiderivative_is_asked() -> None:
    q = r"Compute $\int \frac{1}{x}\, dx$."
    assert explain(r"\ln|x| + C", r"\ln(2x)", q).match.equal
    assert explain(r"\ln|x| + C", r"\ln|x|", None).match.equal
    # no constant anywhere and no antiderivative asked: an added number is another value
    assert not explain(r"x^2 + 1", r"x^2", r"Simplify $x \cdot x$.").match.equal
    # the derivative differs: different, a typed fact
    d = explain(r"x^3 + C", r"\frac{x^3}{3}", q)
    assert not d.match.equal and d.stage == "typed:antiderivative"


@pytest.mark.parametrize("seed", range(3))
def test_the_questions_own_expression_is_no_answer(seed: int) -> None:
    """The RL hack of docs/rl-hacking.md: 'The final answer is 3 + 8.' for "What is 3 + 8?" equals 11 in value
    and restates the question; the evaluated value, or the expression where the question does not write it, stays
    equal."""
    rng = random.Random(seed)
    for _ in range(30):
        a, b = rng.randint(2, 99), rng.randint(2, 9)
        op, value = rng.choice([("+", a + b), ("-", a - b), (r"\times", a * b), ("*", a * b), (r"\cdot", a * b)])
        written = rng.choice([f"{a} {op} {b}", f"${a}{op}{b}$", f"${a} {op} {b}$"])
        q = rng.choice([f"What is {written}? Put the final answer in \\boxed{{}}.", f"Compute {written}.",
                        f"Evaluate {written} and simplify."])
        times = rng.choice(["*", r"\times", r"\cdot"])
        restated = f"{a} {times} {b}" if op in ("*", r"\times", r"\cdot") else f"{a} {op} {b}"
        m = explain(restated, str(value), q)
        assert not m.match.equal and "not_simplified" in m.match.flags, (restated, q)
        assert explain(str(value), str(value), q).match.equal
        other = f"What is {a + 100} {op} {b}?"
        assert explain(f"{a} {op} {b}", str(value), other).match.equal, other
    # a question that lists its options: the expression may be one of them
    q = "Which expression equals 11? (A) 3 + 8 (B) 3 + 9"
    assert explain("3 + 8", "3 + 8", q).match.equal


def test_docs_list_every_entry():
    """docs/pipeline.md's table of entries names every dispatch entry of rule/compare (``typed:<entry>``) and no
    other: an entry added without its row, or a row left behind, fails."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    code = "".join(p.read_text(encoding="utf-8") for p in (root / "src/rlverify/rule/compare").glob("*.py"))
    entries = set(re.findall(r'"typed:([a-z_]+)', code))
    doc = (root / "docs" / "pipeline.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z_]+)` \|", doc, re.M)
    assert len(rows) == len(set(rows))
    assert set(rows) == entries
