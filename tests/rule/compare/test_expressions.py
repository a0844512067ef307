"""The expression entry of the typed comparison (rlverify.rule.compare.expressions, issue 29).

References are the expression answers of data/problems and of the corpora's golds that read as one term
(:class:`~rlverify.rule.read.types.Expr`: ``\\frac{2\\sqrt{6} - 3}{3}``, ``x^3 - 3x^2 + 3x - 3``, ``30-8p``). Each is answered
by an equivalent rewriting (accepted) and a near-miss twin (a term added, a factor doubled: rejected), bare or after
a number. The entry replaces the stage table for these pairs, so its verdict must be the table's on every one of them
(a differential: the table is the old path, kept until it is deleted) and the stage must name the entry."""

from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path

import pytest

from rlverify.analysis.datasets import read_jsonl
from table_verdicts import table_equal
from rlverify.rule.compare import explain
from rlverify.rule.read import read
from rlverify.rule.read.expressions import is_expression
from rlverify.rule.read.types import Expr
from rlverify.runtime.bounded import item_deadline

DATA = Path(__file__).resolve().parents[3] / "data"


@lru_cache(maxsize=1)
def _references() -> list[str]:
    golds = set()
    for path in sorted((DATA / "problems").glob("*.jsonl.gz")) + sorted((DATA / "corpora").glob("*.jsonl.gz")):
        for r in read_jsonl(path):
            g = r.get("answer", r.get("gold"))
            if isinstance(g, str) and len(g) <= 80 and isinstance(read(g), Expr) and "!" not in g:
                golds.add(read(g).text)    # as read: math delimiters removed
    return sorted(golds)


def _twins(gold: str, rng: random.Random) -> tuple[list[str], list[str]]:
    same = [f"\\left({gold}\\right)", f"2 \\cdot \\frac{{{gold}}}{{2}}", f"({gold}) + 1 - 1"]
    wrong = [f"({gold}) + 1", f"2 ({gold})", f"({gold}) - \\frac{{1}}{{3}}"]
    return [rng.choice(same)], [rng.choice(wrong)]


def test_references_found() -> None:
    assert len(_references()) >= 100


@pytest.mark.parametrize("seed", range(2))
def test_expression_twins_and_the_table_agree(seed: int) -> None:
    """Each twin's verdict is the one the deleted stage table gave (recorded, :mod:`table_verdicts`)."""
    rng = random.Random(seed)
    for gold in rng.sample(_references(), 30):
        same, wrong = _twins(gold, rng)
        for ans, equal in [(a, True) for a in same] + [(w, False) for w in wrong]:
            assert isinstance(read(ans), Expr), ans
            with item_deadline(10.0):
                d = explain(ans, gold)
            t = table_equal(ans, gold)     # the deleted table's recorded verdict (None: not recorded)
            assert d.stage == "typed:expression", (ans, gold, d)
            assert t in (None, d.match.equal), (ans, gold, d, t)
            if not d.match.undecided and "timeout" not in d.match.flags:
                assert d.match.equal == equal, (ans, gold, d)


@pytest.mark.parametrize("text, expression", [
    (r"3 x^{2} + 5 x", True), (r"\frac{5 e^{3 x}}{3}", True), (r"\left(\frac{n+1}{2}\right)^2 + 1", True),
    (r"k\pi + \frac{\pi}{4}", True), (r"|x - 1|", True),
    ("x = 1", False), ("1, 2", False), (r"\{1, 2\}", False), ("(0, 1]", False), (r"x \pm 1", False),
    (r"x \leq 3", False), (r"5\%", False), (r"90^\circ", False), (r"\mathbb{R}", False), (r"\text{two}", False),
    ("two x", False), (r"\boxed{x}", False), (r"\mathbf{x}", False), (r"x \approx 2", False), (r"1, 2, \dots", False),
    (r"n \equiv 1 \pmod 3", False), (r"\begin{pmatrix} 1 \\ 2 \end{pmatrix}", False), (r"\frac{a}{b", False),
    (r"\infty", False), (r"\int x\,dx", False), (r"\sum n", False), (r"\sum_{n=1}^{3}", False),
    (r"\int_0^1 x\,dx", True), (r"\sum_{n=1}^{3} n", True), (r"\lim_{x \to 0} \frac{\sin x}{x}", True),
    (r"\gamma + \gamma", True),     # an operator with its lower script over a term; Greek letters are symbols
])
def test_what_reads_as_an_expression(text: str, expression: bool) -> None:
    assert is_expression(text) is expression, text


def test_integer_sequence_and_renaming_are_decided_by_the_entry() -> None:
    q = "Let $n$ be a positive integer. Find a closed form for the sequence."
    d = explain(r"(-1)^n", r"\cos(n\pi)", q)
    assert d.match.equal and d.stage == "typed:expression"
    assert not explain(r"(-1)^{n+1}", r"\cos(n\pi)", q).match.equal


@pytest.mark.parametrize("seed", range(2))
def test_a_decimal_rounding_a_constant_expression(seed: int) -> None:
    """A number against an expression is not the expression entry's: the table's rounding (and quantity) stages accept
    a decimal that rounds the expression's value where the question asks for a rounding (``0.268`` for
    ``\\frac{80 - 56\\sqrt{2}}{3}``, "to three decimal places"), not ``0.270``; the metamorphic family decimal_rounded."""
    from decimal import ROUND_HALF_UP, Decimal

    from rlverify.rule.answers.surface import numeric_value

    rng = random.Random(seed)
    constants = [g for g in _references() if not re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", g))]
    questions = ["Round your answer to three decimal places.", "Express your answer as a decimal to the nearest thousandth."]
    checked = 0
    for gold in rng.sample(constants, min(30, len(constants))):
        with item_deadline(10.0):
            value = numeric_value(gold)
        if value is None or not 0.01 < abs(float(value)) < 1000 or float(value) == round(float(value), 3):
            continue
        right = Decimal(repr(float(value))).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
        q = rng.choice(questions)
        for ans, equal in ((right, True), (right + Decimal("0.002"), False)):
            with item_deadline(10.0):
                d = explain(str(ans), gold, q)
            assert d.match.equal is equal, (str(ans), gold, q, d)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("seed", range(3))
def test_capitals_without_a_vowel_are_a_product(seed: int) -> None:
    """``MR = SRMC`` (metamorphic family ``ascii``: ``M*R = S*R*M*C``): a run of capitals without a vowel is a product
    of letters, as ``MR`` is, not a word; a run with a vowel (``NONE``, ``TRUE``) stays a word."""
    from rlverify.rule.read.types import Text

    rng = random.Random(seed)
    consonants = "BCDFGHJKLMNPQRSTVWXZ"
    for _ in range(6):
        left = "".join(rng.sample(consonants, 2))
        right = "".join(rng.sample(consonants, rng.randint(3, 5)))
        gold = f"{left}={right}"
        same = "*".join(left) + " = " + "*".join(right)
        with item_deadline(10.0):
            assert explain(same, gold).match.equal, (same, gold)
            assert not explain(same + " + 1", gold).match.equal, (same, gold)
        assert isinstance(read(right), Expr), right
    for word in ("NONE", "TRUE", "YES", "ABCD"):
        assert isinstance(read(word), Text), word
