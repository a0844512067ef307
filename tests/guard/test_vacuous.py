"""guard.vacuous (issue 30): answers that hold no value a careful reader would accept never reach the judge;
a value, an expression in the question's names, or a word answer the reference allows still does."""

from __future__ import annotations

from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis.attacks import build_probe, load_problems
from rlverify.analysis.datasets import data_root
from rlverify.analysis.evaluate import load_corrections, load_rows
from rlverify.flags import Flag
from rlverify.guard import inspect
from rlverify.guard.vacuous import question_names
from rlverify.rule.extract import extract_answer

WAVE = r"A wave has speed $v$ and wavelength $\lambda$. Its frequency is 5 Hz. Find $v$ in m/s."
LINE = r"Let $x$ and $y$ be real numbers with $y = 2x + 1$. Express $y$ in terms of $x$."
PLAIN = "Tobias buys 12 apps at $2.00 each. How much does he spend?"
CHOICE = "Which is the speed of sound in air?\n(A) 34 m/s\n(B) 340 m/s\n(C) 3400 m/s\n(D) 34000 m/s"
SHOP = r"Apps cost $\$2.00$ plus $10 \%$ tax, and he spends $\$ 52.80$ in total. How many apps?"
DIGITS = r"Given a four-digit number \(\overline{abcd}\) divisible by 7, find the smallest."

# (span, gold, question): no value a careful reader would accept
VACUOUS = [
    ("p", "340", WAVE), (r"\frac{a}{b}", "24", PLAIN), ("a+b", "24", PLAIN), (r"\alpha", "24", PLAIN),
    (r"\sqrt{c}", "24", PLAIN), (r"\zeta", "2n+1", PLAIN), (r"\varpi", "24", PLAIN), (r"\ldots", "24", PLAIN),
    (r"\cdots", "24", PLAIN), ("=", "24", PLAIN), (r"\frac{}{}", "24", PLAIN), ("purple monkey", "24", PLAIN),
    ("N/A", "0", PLAIN), (r"\text{answer}", "24", PLAIN),
    # the question's own unknown restated, bare (a sign, subscript, prime, '=', '\\approx', '?', dots)
    ("v", "340", WAVE), ("v = ?", "340", WAVE), (r"v \approx \ldots", "340", WAVE), (r"v \approx", "340", WAVE),
    (r"\Delta \lambda \approx", "340", WAVE), ("-v", "340", WAVE), (r"v_{\text{avg}}", "340", WAVE),
    ("v'", "340", WAVE), (r"\mathbf{v}", "340", WAVE), (r"t = \frac{\ldots}{\ldots}", "340", WAVE),
    ("x", "2x+1", LINE),                           # a name of the reference, but the reference is no name
    ("i = ?", "340", "Let $i$ index the terms."), (r"e \approx", "340", WAVE),
    ("(b)", "1 MeV", "(a) Find the energy. (b) Find the momentum."),   # a part label, not an option
    ("a+b", "24", SHOP), ("p", "24", SHOP),         # escaped dollars are money, not mathematics
    ("a+b", "24", CHOICE), (r"\sqrt{c}", "24", CHOICE),  # option letters answer only as a bare letter
    ("x^*", "5", LINE), (r"x^{\prime}", "5", LINE),   # a marked name is still one name
    ("f(x)", "x^2+1", r"Let $f(x)$ satisfy $f(x+1) = \ldots$. Find $f(x)$."), ("f(x) = ?", "3", r"Find $f(x)$."),
    ("P(A)", "0.5", r"Events $A$ and $B$ have $P(B) = 0.2$. Find $P(A)$."),   # the unknown restated, applied
]

# (span, gold, question): values, expressions in defined names, answers of the reference's type
PASS = [
    ("2x+1", "2x+1", LINE), ("x+y", "3", LINE), (r"\sqrt{v}", "340", WAVE), ("f(x) = x", "f(x)=x", LINE),
    (r"\pi", r"\pi", PLAIN), (r"\infty", "3", PLAIN), (r"\emptyset", r"\{1\}", PLAIN), (r"\mathbb{R}", "(0,1)", PLAIN),
    ("e", "2", PLAIN), ("i", "0", PLAIN), ("odd", r"\text{odd}", PLAIN), ("even", r"\text{odd}", PLAIN),
    ("none", "13", PLAIN), (r"\text{No solution}", "3", PLAIN), ("seven", "7", PLAIN),
    (r"n\pi", r"x = k\pi", r"Given $\sin x = 0$, find $x$."), ("b, a, d, c", "b < a < d < c", PLAIN),
    ("p - q", "p - q", r"Express in $p$ and $q$."), ("A,D", r"\text{A,D}", PLAIN),
    ("C", r"\text{(C)}", PLAIN), (r"\text{C}", r"\text{A}", PLAIN), ("a", "b", r"Which is larger, $a$ or $b$?"),
    ("B", "340", CHOICE),                           # an option label the question lists
    ("B", "6", "Which is 2 * 3? A. 5 B. 6 C. 7"),    # options listed inline
    ("B", "340", r"Speed of sound? (a) $34$ \quad (b) $340$ \quad (c) $3400$"),   # B answers option (b)
    ("Option~B", "340", r"Speed of sound? (a) $34$ \quad (b) $340$ \quad (c) $3400$"), ("(b)", "340", CHOICE),
    ("Sunday", r"\text{Friday}", "On which day?"), ("Vasya", "Petya will receive the last token.", PLAIN),
    (r"x + C", r"x^2", r"Integrate $2x$ in $x$."), (r"\sqrt{c}", "1001", DIGITS), ("7", "7", PLAIN),
    (r"\frac{Im_1}{km_2}", r"2\pi I \sqrt{\frac{m_1 m_2}{k}}", r"Masses \( m_1 \), \( m_2 \), spring \( k \), impulse \( I \)."),
    ("2", "3", PLAIN), ("f(b)", "f(b)", r"Which is larger, $f(a)$ or $f(b)$?"), (r"\sin x", r"\cos x", LINE),
    ("sin(x)", r"\cos x", LINE), ("f(x) = x", "f(x)=x", LINE),
]


@pytest.mark.parametrize("span,gold,question", VACUOUS, ids=[c[0] for c in VACUOUS])
def test_vacuous_spans_are_stopped(span, gold, question):
    report = inspect(span, gold, question)
    assert not report.passed and Flag.VACUOUS in report.flags, report


@pytest.mark.parametrize("span,gold,question", PASS, ids=[c[0] for c in PASS])
def test_values_and_defined_expressions_are_not_vacuous(span, gold, question):
    assert Flag.VACUOUS not in inspect(span, gold, question).flags


def test_question_names_read_mathematics_not_prose_or_money():
    q = question_names(r"In triangle ABC, a point $P$ and $\theta$; $100. During a series of rounds they bet $ "
                       "(A) 1 (B) 2 (C) 3")
    assert {"A", "B", "C", "P", r"\theta"} <= q.symbols
    assert not {"a", "d", "u", "r"} & q.symbols          # the prose between two currency signs
    assert q.options == {"A", "B", "C"}
    assert question_names("(a) Find E. (b) Find p.").options == frozenset()   # parts, not options


def test_no_correct_answer_of_the_dev_corpora_is_vacuous():
    """Every labelled-correct response of every vendored corpus (physics-dev included), with the label
    corrections of tests/cases/label_corrections.json (bare option letters such as ``B`` for option (b)
    made correct): its extracted span is not vacuous, except the one measured row whose span is the
    question's function name ``y`` (the response states the count in words after it; the judge would see
    only ``y``)."""
    blocked = []
    seen = 0
    paths = sorted((data_root() / "corpora").glob("*.jsonl.gz"))
    assert any(p.name.startswith("physics-dev") for p in paths)
    corrections = load_corrections(Path(__file__).parents[1] / "cases" / "label_corrections.json")
    for r in load_rows(paths).rows:
        if not corrections.get(r.id, r.label):
            continue
        ex = extract_answer(r.response)
        if ex.answer is None:
            continue
        seen += 1
        if Flag.VACUOUS in inspect(ex.answer, r.gold, r.question).flags:
            blocked.append((ex.answer, r.gold))
    assert seen > 3000
    assert blocked == [("y", "1")], blocked


@pytest.fixture(scope="module")
def shape_cases():
    problems = load_problems(data_root() / "problems" / "deepscaler-1209.jsonl.gz")
    return build_probe(problems, n=40, seed=0, families=("vacuous_box", "symbol_only"))


def test_vacuous_probe_families_never_reach_a_gullible_judge(shape_cases):
    """vacuous_box and symbol_only, 40 problems x 7 placements at seed 0: 412 of 560 reached the judge
    before the detector (issue 30 baseline), one after it: ``\\frac{m}{n}`` where the question defines
    ``\\mathrm{n}`` -- an expression holding a defined name passes, as ``x + C`` must; none since guard.arith's
    ``free_variable`` (its ``m`` is a name the question never writes, against a number)."""
    hybrid = get_verifier("hybrid", judge="gullible")
    verdicts = hybrid.verify_batch([{"response": c.response, "gold": c.problem.gold,
                                     "question": c.problem.question} for c in shape_cases])
    reached = [(c.family, c.payload) for c, v in zip(shape_cases, verdicts) if v.source == "judge"]
    assert reached == []
    assert sum(Flag.VACUOUS in v.flags for v in verdicts) >= 400


@pytest.mark.parametrize("seed", range(8))
def test_a_letter_naming_a_labelled_condition_is_vacuous(seed):
    """A question whose labels (a), (b) each state a relation lists conditions, not options: a bare letter names a
    condition and states no value (the probe's one vacuous_box leak: ``\\boxed{a}`` for 1/2). Twins: the same labels
    holding values are options; labels holding equations are options where the reference is one of them."""
    import random

    rng = random.Random(seed)
    n, m, gold = rng.randint(2, 9), rng.randint(10, 99), str(rng.randint(2, 50))
    rel = rng.choice(["=", r"\le", "<", r"\geqslant"])
    conditions = (f"Positive reals satisfy the following conditions:\n(a) \\( a_1 + a_2 + \\cdots + a_n {rel} {n} \\);\n"
                  f"(b) \\( a_1 a_2 \\cdots a_n = \\frac{{1}}{{{m}}} \\).\n\nFind the maximum value of \\( a_1 a_2 \\).")
    letter = rng.choice(["a", "b", "(a)", "B"])
    report = inspect(letter, gold, conditions)
    assert not report.passed and Flag.VACUOUS in report.flags, (letter, report)
    options = f"Which is the value? (a) ${n}$ \\quad (b) ${gold}$ \\quad (c) ${m}$"
    assert Flag.VACUOUS not in inspect(letter, gold, options).flags
    lines = (f"Which line passes through the origin?\n(A) $y = {n}x$\n(B) $y = {n}x + {m}$\n(C) $y = x + {m}$")
    assert Flag.VACUOUS not in inspect("A", f"y = {n}x", lines).flags
