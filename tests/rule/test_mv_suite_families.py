"""Families behind Math-Verify's published suite (tests/cases/mathverify_suite.jsonl), generated with a seed:
each family is checked on many renderings, with near-misses that must stay rejected.

* decimal commas where no thousands grouping is possible (``2,74``, ``1000,99``, ``0,111``);
* equation chains read at the value they end on (``x = 5+5+1 = 7 = 11``), references written as chains;
  a reference ``7 = 11a+c`` is a relation, not the expression ``11a+c``;
* sums and products of numeric matrices left unevaluated;
* absolute-value inequalities against intervals and unions (``1 \\le |z| \\le 3/2``);
* a set of tuples that lists one tuple twice;
* prose: a modal inside a relative clause of the subject is no hedge, "increases by 100%" declares 100%,
  a ``$$`` display ends a sentence.
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

import rlverify

SEED = 20261201


@pytest.fixture(scope="module")
def rule():
    rlverify.warm_up()
    return rlverify.get_verifier("rule", timeout=10.0)


def _frac(v: Fraction) -> str:
    if v.denominator == 1:
        return str(v.numerator)
    sign = "-" if v < 0 else ""
    return f"{sign}\\frac{{{abs(v.numerator)}}}{{{v.denominator}}}"


# ------------------------------------------------------------------ decimal commas

def _comma_number(rng: random.Random) -> tuple[str, str]:
    """A decimal written with a comma no grouping can explain, and the same value with a point."""
    kind = rng.choice(("short", "long", "zero", "wide"))
    if kind == "short":          # 1-2 digits after the comma
        whole, frac = str(rng.randint(1, 999)), str(rng.randint(1, 99)).zfill(rng.choice((1, 2)))[-2:]
    elif kind == "long":         # 4-5 digits after the comma
        whole, frac = str(rng.randint(1, 999)), str(rng.randint(1, 99999)).zfill(rng.choice((4, 5)))
    elif kind == "zero":         # a whole part 0 is never a group
        whole, frac = "0", str(rng.randint(1, 999)).zfill(rng.choice((2, 3, 4)))
    else:                        # four or more digits before the comma
        whole, frac = str(rng.randint(1000, 99999)), str(rng.randint(1, 999)).zfill(3)
    return f"{whole},{frac}", f"{whole}.{frac}"


def test_decimal_comma_family(rule) -> None:
    rng = random.Random(SEED)
    for _ in range(60):
        comma, point = _comma_number(rng)
        sign = rng.choice(("", "-"))
        response = rng.choice(("{}", "$\\boxed{{{}}}$", "The answer is {}.", "So we get $x = {}$."))
        assert rule.verify(response.format(sign + comma), sign + point).correct, (comma, point)
        assert rule.verify(response.format(sign + point), sign + comma).correct, (point, comma)
        # near-misses: another last digit, the other sign, a list written with a space, a set question
        other = point[:-1] + str((int(point[-1]) + rng.randint(1, 9)) % 10)
        assert not rule.verify(response.format(sign + comma), sign + other).correct, (comma, other)
        assert not rule.verify(response.format(comma), "-" + point).correct, (comma, point)
        whole, frac = comma.split(",")
        assert not rule.verify(f"$\\boxed{{{whole}, {frac}}}$", point).correct, (whole, frac)
        assert not rule.verify(f"$\\boxed{{{comma}}}$", point, "Find all solutions of the equation.").correct
    for grouped in ("1,234", "12,500", "999,001"):   # a possible thousands separator is never a decimal comma
        assert not rule.verify(f"$\\boxed{{{grouped}}}$", grouped.replace(",", ".")).correct, grouped
        assert rule.verify(f"$\\boxed{{{grouped}}}$", grouped.replace(",", "")).correct, grouped
    assert not rule.verify("$\\boxed{0,111}$", "111").correct   # 0,111 is not one hundred eleven


def test_a_reference_comma_is_a_list_unless_the_question_writes_decimal_commas(rule) -> None:
    """Datasets write lists without spaces ('5,1' for "the minimum and maximum values"): with a question, a
    reference's comma is a decimal comma only when the question itself writes them."""
    rng = random.Random(SEED + 9)
    for _ in range(30):
        a, b = rng.randint(1, 40), rng.randint(1, 99)
        listed = rng.choice(("What are the minimum and maximum values of $f(x)$?", "How many of each did she buy?",
                             "What are the values of $p$ and $q$?", "Determine $m$ and $n$."))
        assert not rule.verify(f"$\\boxed{{{a}.{b}}}$", f"{a},{b}", listed).correct, (a, b, listed)
        assert rule.verify(f"$\\boxed{{{a}, {b}}}$", f"{a},{b}", listed).correct, (a, b, listed)
        price = f"{rng.randint(1, 9)},{rng.randint(10, 99)}"
        local = rng.choice((f"Un article coûte {price} €. Combien coûtent {a} articles ?",
                            f"Ein Stift kostet {price} Euro. Wie viel kosten {a} Stifte?"))
        assert rule.verify(f"$\\boxed{{{a}.{b}}}$", f"{a},{b}", local).correct, (a, b, local)
        assert not rule.verify(f"$\\boxed{{{a}.{b + 1}}}$", f"{a},{b}", local).correct, (a, b, local)


def test_decimal_comma_in_a_last_number_guess(rule) -> None:
    rng = random.Random(SEED + 1)
    for _ in range(20):
        comma, point = _comma_number(rng)
        text = rng.choice(("Soucis : {} $ a..", "Le total est de {} euros", "Ergebnis: {}"))
        v = rule.verify(text.format(comma), point)
        assert v.correct, (text, comma, v)
        assert not rule.verify(text.format(comma), comma.split(",")[1].lstrip("0") or "0").correct


# ------------------------------------------------------------------ equation chains

def test_chain_is_read_at_its_end(rule) -> None:
    rng = random.Random(SEED + 2)
    for _ in range(60):
        v = rng.randint(2, 300)
        a = rng.randint(1, v - 1)
        wrong = v + rng.choice((-3, -2, -1, 1, 2, 3))
        name = rng.choice(("x", "n", "S", "a_1", "N"))
        steps = f"{a}+{v - a}"
        ok = rng.choice((f"${name} = {steps} = {wrong} = {v}$", f"$\\boxed{{{name} = {steps} = {wrong} = {v}}}$",
                         f"$${name} = {steps} = {v}$$"))
        assert rule.verify(ok, f"${name} = {v}$").correct, ok
        assert rule.verify(ok, str(v)).correct, ok
        # near-misses: the chain ends elsewhere (the value appears only inside it), another name
        bad = f"${name} = {steps} = {v} = {wrong}$"
        assert not rule.verify(bad, f"${name} = {v}$").correct, bad
        assert not rule.verify(bad, str(v)).correct, bad
        assert not rule.verify(f"Our answer is {a} + {v - a} = {wrong}", str(v)).correct
        assert not rule.verify(f"$\\boxed{{{wrong} = {v}}}$", str(v)).correct   # a contradiction states no value


def test_reference_chains_and_relations(rule) -> None:
    rng = random.Random(SEED + 3)
    for _ in range(40):
        v = rng.randint(-50, 50)
        c = rng.randint(1, 9)
        gold = rng.choice((f"${c} = y = x = {v}$", f"${c} = \\zzz = x = {v}$", f"$x = {c}+{v - c} = {v}$"))
        assert rule.verify(f"${v}$", gold).correct, gold
        assert not rule.verify(f"${v + 1}$", gold).correct, gold
        k, m = rng.randint(2, 9), rng.randint(2, 9)
        rel = f"${c} = {k}a+{m}b$"
        assert not rule.verify(f"${k}a+{m}b$", rel).correct, rel       # a side of a relation is not its answer
        assert rule.verify(f"${k}a+{m}b = {c}$", rel).correct, rel
        assert not rule.verify(f"$\\boxed{{{c}}}$", rel).correct, rel


# ------------------------------------------------------------------ matrix arithmetic

def _mat(rows: list[list[int]], env: str = "pmatrix") -> str:
    return f"\\begin{{{env}}}" + " \\\\ ".join(" & ".join(str(x) for x in r) for r in rows) + f"\\end{{{env}}}"


def _mul(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def test_unevaluated_matrix_sums_and_products(rule) -> None:
    rng = random.Random(SEED + 4)
    for _ in range(40):
        n = rng.choice((2, 3))
        a = [[rng.randint(-9, 9) for _ in range(n)] for _ in range(n)]
        b = [[rng.randint(-9, 9) for _ in range(n)] for _ in range(n)]
        env = rng.choice(("pmatrix", "bmatrix"))
        op = rng.choice(("+", "-", "", "\\cdot"))
        if op == "+":
            val = [[x + y for x, y in zip(r, q)] for r, q in zip(a, b)]
        elif op == "-":
            val = [[x - y for x, y in zip(r, q)] for r, q in zip(a, b)]
        else:
            val = _mul(a, b)
        response = f"The result is ${_mat(a, env)} {op} {_mat(b, env)}$"
        assert rule.verify(response, f"${_mat(val)}$").correct, response
        wrong = [r[:] for r in val]
        wrong[rng.randrange(n)][rng.randrange(n)] += rng.choice((-1, 1))
        assert not rule.verify(response, f"${_mat(wrong)}$").correct, response
        if op in ("", "\\cdot") and _mul(b, a) != val:
            assert not rule.verify(response, f"${_mat(_mul(b, a))}$").correct, response   # order matters
    two_by_three = [[1, 2, 3], [4, 5, 6]]
    assert not rule.verify(f"${_mat([[1, 0], [0, 1]])} + {_mat(two_by_three)}$", f"${_mat([[2, 2, 3], [4, 6, 6]])}$").correct


# ------------------------------------------------------------------ |x| inequalities

def test_absolute_value_inequalities(rule) -> None:
    rng = random.Random(SEED + 5)
    for _ in range(40):
        lo = Fraction(rng.randint(1, 9), rng.choice((1, 1, 2, 3)))
        hi = lo + Fraction(rng.randint(1, 9), rng.choice((1, 2)))
        var = rng.choice(("x", "z", "t"))
        ls, hs = rng.choice(("\\leq", "<")), rng.choice(("\\leq", "<"))
        lo_in, hi_in = ls == "\\leq", hs == "\\leq"
        gold = f"${_frac(lo)} {ls} |{var}| {hs} {_frac(hi)}$"
        left = f"{'[' if hi_in else '('}-{_frac(hi)}, -{_frac(lo)}{']' if lo_in else ')'}"
        right = f"{'[' if lo_in else '('}{_frac(lo)}, {_frac(hi)}{']' if hi_in else ')'}"
        union = rng.choice((f"{left} \\cup {right}", f"{var} \\in {left} \\cup {right}"))
        assert rule.verify(f"${union}$", gold).correct, (union, gold)
        # near-misses: one end's bracket flipped, a bound changed, the positive part only
        flipped = right[:-1] + (")" if hi_in else "]")
        assert not rule.verify(f"${left} \\cup {flipped}$", gold).correct, (flipped, gold)
        moved = f"{right[0]}{_frac(lo)}, {_frac(hi + 1)}{right[-1]}"
        assert not rule.verify(f"${left} \\cup {moved}$", gold).correct, (moved, gold)
        assert not rule.verify(f"${right}$", gold).correct, (right, gold)
        b = rng.randint(1, 20)
        assert rule.verify(f"$(-{b}, {b})$", f"$|{var}| < {b}$").correct
        assert rule.verify(f"$-{b} < {var} < {b}$", f"$|{var}| < {b}$").correct
        assert not rule.verify(f"$(-{b}, {b}]$", f"$|{var}| < {b}$").correct
        assert not rule.verify(f"$(0, {b})$", f"$|{var}| < {b}$").correct
        assert rule.verify(f"$(-\\infty, -{b}] \\cup [{b}, \\infty)$", f"$|{var}| \\geq {b}$").correct
        assert not rule.verify(f"$[{b}, \\infty)$", f"$|{var}| \\geq {b}$").correct


# ------------------------------------------------------------------ a tuple listed twice

def test_set_of_tuples_with_a_repeated_tuple(rule) -> None:
    rng = random.Random(SEED + 6)
    for _ in range(40):
        k = rng.randint(2, 5)
        tuples = list({tuple(rng.randint(1, 40) for _ in range(rng.choice((2, 3, 4)))) for _ in range(k)})
        if len(tuples) < 2 or len({len(t) for t in tuples}) != 1:
            continue
        gold = "$" + ",".join("(" + ",".join(map(str, t)) + ")" for t in tuples) + "$"
        listed = tuples[:] + [rng.choice(tuples)]
        rng.shuffle(listed)
        spaced = [("(" + rng.choice((", ", ",")).join(map(str, t)) + ")") for t in listed]
        assert rule.verify("$\\boxed{" + ", ".join(spaced) + "}$", gold).correct, (spaced, gold)
        # near-misses: a tuple dropped (another listed twice instead), a tuple changed
        dropped = tuples[1:] + [tuples[1]]
        text = ", ".join("(" + ", ".join(map(str, t)) + ")" for t in dropped)
        assert not rule.verify("$\\boxed{" + text + "}$", gold).correct, (text, gold)
        changed = [list(t) for t in tuples]
        changed[0][0] += 1
        if tuple(changed[0]) in tuples:
            continue
        text = ", ".join("(" + ", ".join(map(str, t)) + ")" for t in changed + [tuples[-1]])
        assert not rule.verify("$\\boxed{" + text + "}$", gold).correct, (text, gold)


# ------------------------------------------------------------------ prose

def test_prose_statements(rule) -> None:
    rng = random.Random(SEED + 7)
    for _ in range(30):
        v, w = rng.sample(range(2, 500), 2)
        subject = rng.choice(("the maximum number of points that could be in the domain of $f(x)$",
                              "the largest value which might be taken by $n$", "the number of students who could be seated"))
        end = rng.choice(("", " <|im_start|>user", "\n"))
        ok = f"So $1 + {v - 1} = {v}$. Final Answer: {subject[0].upper() + subject[1:]} is {v}.{end}"
        assert rule.verify(ok, str(v)).correct, ok
        assert not rule.verify(ok, str(w)).correct, ok
        hedge = f"Final Answer: The answer could be {v}."
        assert not rule.verify(hedge, str(v)).correct, hedge
        verb = rng.choice(("increases by", "decreases by", "grows by", "drops by", "rises by"))
        pct = f"We have: $$\\frac{{a}}{{b}} \\geq \\frac{{{w}}}{{1}}.$$ Therefore, the error {verb} {v}%."
        assert rule.verify(pct, f"${v}\\%$").correct, pct
        assert not rule.verify(pct, f"${w}\\%$").correct, pct


# ------------------------------------------------------------------ a qualifier after the value

def test_formula_with_a_lower_bound_on_its_variable(rule) -> None:
    """``a_n = 3n \\quad (n \\ge 1)``: where the formula holds, not a different answer; ``(n = 1)`` (one case),
    a bound on the value itself and a different formula stay wrong."""
    rng = random.Random(SEED + 8)
    for _ in range(40):
        k, m = rng.randint(2, 9), rng.randint(1, 9)
        formula = rng.choice((f"{k}n + {m}", f"{k}n^{{2}} - {m}", f"\\frac{{n(n+{m})}}{{{k}}}", f"{k}^{{n}} - {m}"))
        lhs = rng.choice(("a_n", "f(n)", "x_n", "T_n"))
        bound = rng.choice(("\\ge", "\\geq", ">", "\\geqslant"))
        tail = rng.choice((f"\\quad ({rng.choice('n')} {bound} {rng.randint(0, 2)})", f" (n {bound} 1)",
                           f", \\ n {bound} {rng.randint(0, 3)}", f"\\qquad \\left(n {bound} 1\\right)"))
        response = f"The answer is $\\boxed{{{lhs} = {formula}{tail}}}$."
        assert rule.verify(response, f"${formula}$").correct, response
        other = formula.replace(str(k), str(k + 1), 1)
        assert not rule.verify(response, f"${other}$").correct, (response, other)
        one_case = f"The answer is $\\boxed{{{lhs} = {formula} \\quad (n = 1)}}$."
        assert not rule.verify(one_case, f"${formula}$").correct, one_case
        restricted = f"The answer is $\\boxed{{{lhs} = {formula}\\text{{ for }} n = {rng.choice((1, 2))}}}$."
        assert not rule.verify(restricted, f"${formula}$").correct, restricted


# ------------------------------------------------------------------ a unit the bare reference lacks

def test_a_unit_symbol_after_the_value_of_a_bare_reference(rule) -> None:
    """``so it is 1,000.99m²`` against ``1000.99``: the magnitude is the answer (a one-letter symbol may be a
    variable elsewhere, but against a bare number only the unit reading can be equal). Another magnitude, a
    unit of another dimension than the question names, stay wrong."""
    rng = random.Random(SEED + 10)
    for _ in range(30):
        whole = rng.randint(1, 99999)
        unit = rng.choice(("m²", "m", "s", "g", "kg", "cm³", "ft", "km", "min"))   # plain "cm^2": the fallback reads the 2
        measured = len(unit.rstrip("²³")) > 1 or rng.random() < 0.7
        value = f"{whole}.{rng.randint(1, 99):02d}" if measured or rng.random() < 0.5 else str(whole)
        written = f"{whole:,}" + value[len(str(whole)):] if rng.random() < 0.5 else value
        if len(unit.rstrip("²³")) == 1 and "." not in value and "," not in written:
            assert not rule.verify(f"$\\boxed{{{written}{unit}}}$", value).correct   # 4t: 4 times t
            continue
        gap = rng.choice(("", " "))
        lead = rng.choice(("so the number is 10 which is ", "not it's not 10 it's ", "Final answer: "))
        response = f"{lead}{written}{gap}{unit}"
        assert rule.verify(response, value).correct, (response, value)
        other = str(whole + rng.randint(1, 9)) + value[len(str(whole)):]
        assert not rule.verify(response, other).correct, (response, other)
    asks = "How long does the walk take, in minutes?"
    assert not rule.verify("Final answer: 50 W", "50", asks).correct
    assert rule.verify("Final answer: 50 min", "50", asks).correct
    assert not rule.verify("$5x$", "5").correct   # a variable is no unit
    assert not rule.verify("$\\boxed{4t}$", "4").correct
