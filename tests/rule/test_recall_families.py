"""Issue 14: recall by family, not by example. Each test draws seeded variants of one family over
real references (problems/*.jsonl) — spacing, wrappers, position, the side the form is on — and
its near-misses, which must stay wrong. A family fails when any variant is rejected or any
near-miss accepted; the first few failures are printed.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest

from rlverify.analysis.datasets import problem_file, read_jsonl
from rlverify.rule import RuleVerifier

SEED = 14
TIMEOUT = 10.0   # a loaded machine must not turn a recall test into a timeout test


@pytest.fixture(scope="module")
def rule() -> RuleVerifier:
    return RuleVerifier(timeout=TIMEOUT)


@lru_cache(maxsize=None)
def _gsm8k() -> tuple[tuple[str, str, str], ...]:
    """(question, gold number, whole solution) of every GSM8K problem."""
    out = []
    for row in read_jsonl(problem_file("gsm8k")):
        gold = row["answer"].rsplit("####", 1)[-1].strip().replace(",", "")
        if re.fullmatch(r"-?\d+", gold):
            out.append((row["question"], gold, row["answer"]))
    return tuple(out)


@lru_cache(maxsize=None)
def _math500() -> tuple[tuple[str, str, str], ...]:
    """(problem, answer, solution) of MATH500."""
    return tuple((r["problem"], r["answer"], r["solution"]) for r in read_jsonl(problem_file("math500")))


def _draw(items, n: int, seed: int = SEED) -> list:
    rng = random.Random(seed)
    return rng.sample(list(items), min(n, len(items)))


_POSITIONS = (
    lambda a: f"So the final answer is $\\boxed{{{a}}}$.",
    lambda a: f"Putting it together.\n\n**Answer:** ${a}$",
    lambda a: f"We simplify.\n\n# Answer\n\n${a}$",
    lambda a: f"Final Answer: The final answer is ${a}$. I hope it is correct.",
    lambda a: f"<think>work</think>\nThus \\[\\boxed{{{a}}}\\]",
)


def _check(rule: RuleVerifier, cases: list[tuple[str, str, bool, str | None]]) -> None:
    bad = []
    for response, gold, want, question in cases:
        v = rule.verify(response, gold, question)
        if v.correct != want:
            bad.append((want, gold, response[-120:], v.extracted, v.flags))
    assert not bad, f"{len(bad)}/{len(cases)} wrong, e.g. {bad[:4]}"


def _digit_changed(s: str, rng: random.Random) -> str:
    idx = [i for i, c in enumerate(s) if c.isdigit()]
    i = rng.choice(idx)
    return s[:i] + str((int(s[i]) + rng.randint(1, 9)) % 10) + s[i + 1:]


# ---------------------------------------------------------------- digit grouping, any spacing

_SEPARATORS = (",\\!", ",\\! ", "\\,", "{,}", "\\ ", "\u2009", "\\thinspace ", ",\\,", "{,}\\,", ", \\!", "\u202f")


def _grouped(n: str, sep: str) -> str:
    sign, digits = ("-", n[1:]) if n.startswith("-") else ("", n)
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)]
    return sign + sep.join(groups)


def test_digit_grouping_any_spacing_either_side(rule) -> None:
    rng = random.Random(SEED)
    golds = [g for _, g, _ in _gsm8k() if len(g.lstrip("-")) >= 4]
    cases = []
    for gold in _draw(golds, 60):
        for _ in range(3):
            sep, pos = rng.choice(_SEPARATORS), rng.choice(_POSITIONS)
            grouped = _grouped(gold, sep)
            cases.append((pos(grouped), gold, True, None))                    # answer grouped
            cases.append((pos(gold), grouped, True, None))                    # reference grouped
            wrong = _digit_changed(gold, rng)
            cases.append((pos(_grouped(wrong, sep)), gold, False, None))     # near-miss, grouped
            cases.append((pos(wrong), grouped, False, None))
    _check(rule, cases)


# ---------------------------------------------------------------- a sentence in a box

_DECLARATIONS = (
    "\\text{So there are }{v}\\text{ {noun} between }{a}\\text{ and }{b}\\text{ inclusive.}",
    "\\text{There are }{v}\\text{ {noun} in all, from the }{a}\\text{ and }{b}\\text{ given}",
    "\\text{Using the }{a}\\text{ and }{b}\\text{ given, the answer is }{v}",
    "\\text{after the }{a}\\text{ steps of size }{b}\\text{ we get }{v}",
    "\\text{The total, counting all }{a}\\text{ rows of }{b}\\text{, is }{v}",
    "\\text{With }{a}\\text{ and }{b}\\text{, we find that the count equals }{v}.",
)
_DECLARATIONS += (
    "\\text{With }{a}\\text{ choices for the first and }{b}\\text{ for the second, the count is }{v}",
    "\\text{From } {a} \\text{ to } {b} \\text{, the count comes to } {v} \\text{.}",
    "{v} \\text{ {noun} satisfy the condition after } {a} \\text{ steps of size } {b} \\text{.}",
    "\\text{From } {a} \\text{ to } {b} \\text{, } {v} \\text{ {noun} satisfy the condition.}",
    "\\text{Hence exactly } {v} \\text{ {noun} work from } {a} \\text{ to } {b}",
    "\\text{Finally, the required sum equals }{v}\\text{ counting all }{a}\\text{ rows of }{b}\\text{.}",
    "\\text{Therefore there are }{v}\\text{ {noun} from }{a}\\text{ to }{b}",
    "\\text{The required number equals } {v} \\text{ between } {a} \\text{ and } {b}",
    "\\text{In total, the answer is } {v} \\text{ out of } {a} \\text{, with } {b} \\text{ excluded.}",
    "{v}\\text{ is the largest value, reached when }n={a}\\text{ (not }{b}\\text{)}",
)
_QUALIFIED = (
    "\\text{So there are at least }{v}\\text{ {noun} between }{a}\\text{ and }{b}",
    "\\text{Using the }{a}\\text{ and }{b}\\text{ given, the answer is at most }{v}",
    "\\text{the answer is }{v}\\text{ or }{b}",
    "\\text{after the }{a}\\text{ steps of size }{b}\\text{ we get more than }{v}",
    "\\text{From } {a} \\text{ to } {b} \\text{, at least } {v} \\text{ {noun} satisfy the condition.}",
)


def _fill(template: str, **kw: str) -> str:
    for k, v in kw.items():
        template = template.replace("{" + k + "}", v)
    return template


def _other_numbers(question: str, gold: str) -> list[str]:
    nums = [n for n in re.findall(r"(?<![\d.])\d{1,4}(?![\d.])", question) if n != gold]
    return nums or ["3", "17"]


def test_prose_box_declares_its_value_among_other_numbers(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for question, gold, _ in _draw(_gsm8k(), 80):
        others = _other_numbers(question, gold)
        a, b = rng.choice(others), rng.choice(others)
        noun = rng.choice(("integers", "apples", "ways", "students"))
        ok = _fill(rng.choice(_DECLARATIONS), v=gold, a=a, b=b, noun=noun)
        cases.append((f"Therefore $\\boxed{{{ok}}}$", gold, True, question))
        wrong = _digit_changed(gold, rng)
        cases.append((f"Therefore $\\boxed{{{_fill(rng.choice(_DECLARATIONS), v=wrong, a=a, b=b, noun=noun)}}}$",
                      gold, False, question))
        if a != gold:
            cases.append((f"Therefore $\\boxed{{{ok}}}$", a, False, question))   # a named number is not the answer
        qualified = _fill(rng.choice(_QUALIFIED), v=gold, a=a, b=b if b != gold else "999", noun=noun)
        cases.append((f"Therefore $\\boxed{{{qualified}}}$", gold, False, question))
    _check(rule, cases)


# ---------------------------------------------------------------- relations in every spelling

_NEQ = ("\\neq", "\\ne", "!=", "≠")
_LEQ = ("\\le", "\\leq", "<=", "≤", "\\leqslant")
_GEQ = ("\\ge", "\\geq", ">=", "≥", "\\geqslant")
_VARS = ("x", "t", "a", "\\lambda", "k", "\\theta")


def test_relations_latex_unicode_ascii(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _ in range(60):
        v, c = rng.choice(_VARS), str(rng.randint(-20, 20))
        for spellings in (_NEQ, _LEQ, _GEQ):
            s1, s2 = rng.sample(spellings, 2)
            pos = rng.choice(_POSITIONS)
            cases.append((pos(f"{v} {s1} {c}"), f"{v}{s2}{c}", True, None))
            cases.append((pos(f"{v} {s1} {int(c) + 1}"), f"{v} {s2} {c}", False, None))
        lo, hi = sorted(rng.sample(range(-9, 10), 2))
        le, lt = rng.choice(_LEQ), rng.choice(("<", "\\lt "))
        cases.append((rng.choice(_POSITIONS)(f"({lo},{hi}]"), f"{lo}{lt}{v}{le} {hi}", True, None))
        cases.append((rng.choice(_POSITIONS)(f"{lo}<{v}{le}{hi}"), f"({lo}, {hi}]", True, None))
        cases.append((rng.choice(_POSITIONS)(f"[{lo},{hi}]"), f"{lo}<{v}{le}{hi}", False, None))
        ge = rng.choice(_GEQ)
        cases.append((rng.choice(_POSITIONS)(f"-{v} {ge} {-hi}"), f"{v} {rng.choice(_LEQ)} {hi}", True, None))
        cases.append((rng.choice(_POSITIONS)(f"-{v} {ge} {-hi}"), f"{v} {rng.choice(_GEQ)} {hi}", False, None))
        cases.append((rng.choice(_POSITIONS)(f"({lo},{hi})"), f"{lo}<f({v})<{hi}" if len(v) == 1 else f"{lo}<{v}<{hi}",
                      True, None))
        lead = rng.choice(("Therefore", "Thus", "So", "Hence"))
        noun = rng.choice(("the solution", "our answer", "the answer", "the final answer"))
        cases.append((f"{lead} ${v} {le} {hi}$ is {noun}.", f"{v} {rng.choice(_LEQ)} {hi}", True, None))
        cases.append((f"{lead} ${v} {le} {hi + 1}$ is {noun}.", f"{v} {rng.choice(_LEQ)} {hi}", False, None))
    _check(rule, cases)


def test_unicode_and_latex_intervals(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _ in range(40):
        a = rng.randint(1, 30)
        uni = rng.choice((f"(-∞, -{a}) ∪ ({a}, +∞)", f"(-∞,-{a})∪({a},∞)", f"(−∞, −{a}) ∪ ({a}, +∞)"))
        tex = rng.choice((f"(-\\infty,-{a})\\cup({a},\\infty)", f"\\left(-\\infty, -{a}\\right) \\cup \\left({a}, +\\infty\\right)"))
        pos = rng.choice(_POSITIONS)
        cases.append((pos(tex), uni, True, None))
        cases.append((pos(uni), tex, True, None))
        cases.append((pos(f"(-\\infty,-{a}]\\cup({a},\\infty)"), uni, False, None))
        cases.append((pos(f"(-\\infty,-{a + 1})\\cup({a},\\infty)"), uni, False, None))
    _check(rule, cases)


# ---------------------------------------------------------------- juxtaposition spacing

_FACTORS = ("(2n)!", "2^{n^2}", "\\sqrt{3}", "(x+1)", "n!", "3^{k}", "\\pi", "(n-1)")
_PRODUCT_SIGNS = ("\\cdot ", "\\,", " ", "\\times ", "\\cdot")


def test_juxtaposition_written_any_way(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _ in range(60):
        f1, f2 = rng.sample(_FACTORS, 2)
        s1, s2 = rng.sample(_PRODUCT_SIGNS, 2)
        pos = rng.choice(_POSITIONS)
        cases.append((pos(f"{f1}{s1}{f2}"), f"{f1}{s2}{f2}", True, None))
        changed = f2.replace("2", "3", 1) if "2" in f2 else f2 + "^{2}"
        cases.append((pos(f"{f1}{s1}{changed}"), f"{f1}{s2}{f2}", False, None))
    _check(rule, cases)


# ---------------------------------------------------------------- a unit on one side

_UNIT_WRAPS = ("\\mathrm{{{u}}}", "\\text{{ {u}}}", "\\,\\text{{{u}}}", "\\ \\mathrm{{{u}}}")
_UNITS = ("MB", "cm", "kg", "dollars", "km", "GB", "mL", "hours")


def test_unit_on_one_side(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for question, gold, _ in _draw(_gsm8k(), 60):
        unit = rng.choice(_UNIT_WRAPS).format(u=rng.choice(_UNITS))
        pos = rng.choice(_POSITIONS)
        cases.append((pos(f"{gold}{unit}"), gold, True, None))
        cases.append((pos(gold), f"{gold}{unit}", True, None))
        cases.append((pos(f"{_digit_changed(gold, rng)}{unit}"), gold, False, None))
    _check(rule, cases)


# ---------------------------------------------------------------- physics-style quantities

def test_physics_quantities(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _ in range(25):
        m = rng.randint(2, 9)
        e = rng.randint(5, 15)
        label = rng.choice(("(b)\\ ", "(c) ", "(a)\\; ", "b) "))
        cases.append((f"$\\boxed{{{label}{m}\\times 10^{{-{e}}}\\,\\text{{cm}}}}$", f"{m}\\times10^{{-{e}}}\\,\\text{{cm}}", True, None))
        cases.append((f"$\\boxed{{{label}{m}\\times 10^{{-{e + 1}}}\\,\\text{{cm}}}}$", f"{m}\\times10^{{-{e}}}\\,\\text{{cm}}", False, None))
        cases.append((f"$\\boxed{{{m}\\times10^{{-{e}}}\\,\\text{{m}}}}$", f"{m}\\times10^{{{6 - e}}}\\,\\mu m", True, None))
        cases.append((f"$\\boxed{{{m}\\times10^{{-{e}}}\\,\\text{{m}}}}$", f"{m}\\times10^{{{6 - e}}}\\,\\text{{mm}}", False, None))
        erg, ergs = rng.choice((("erg/mol", "ergs/mol"), ("ergs/mol", "erg/mol"), ("erg", "ergs")))
        cases.append((f"$\\boxed{{{m}.{e}\\times10^{{4}}\\ \\text{{{erg}}}}}$", f"{m}.{e}\\times10^{{4}}\\ \\text{{{ergs}}}", True, None))
        cases.append((f"$\\boxed{{{m}.{e}\\times10^{{5}}\\ \\text{{{erg}}}}}$", f"{m}.{e}\\times10^{{4}}\\ \\text{{{ergs}}}", False, None))
        num, den = rng.randint(100, 999), rng.choice((7, 11, 13, 17))
        rounded = f"{num / den:.2f}"
        cases.append((f"$\\boxed{{\\frac{{{num}}}{{{den}}}}}$", rounded, True, None))                       # the reference rounds
        cases.append((f"$\\boxed{{\\frac{{{num + 1}}}{{{den}}}}}$", rounded, False, None))
        if not rounded.endswith("0"):
            cases.append((f"$\\boxed{{{float(rounded):.1f}}}$", rounded, False, None))                    # less precise
        cases.append((f"$\\boxed{{{rounded}\\text{{ °C}}}}$", f"{rounded}^\\circ C", True, None))
    cases.append(("$\\boxed{73,384\\,\\text{J}}$", "73.4\\times10^3\\,\\text{J}", True, None))
    cases.append(("$\\boxed{74,384\\,\\text{J}}$", "73.4\\times10^3\\,\\text{J}", False, None))
    cases.append(("$\\boxed{73,000\\,\\text{J}}$", "73.4\\times10^3\\,\\text{J}", False, None))
    cases.append(("$\\boxed{950\\,\\text{J}}$", "1.0\\times10^3\\,\\text{J}", False, None))   # 2 digits: no rounding read
    _check(rule, cases)


def test_long_decimal_of_an_exact_value(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _ in range(40):
        num, den = rng.randint(1, 200), rng.choice((7, 13, 17, 19, 23, 29))
        digits = rng.choice((6, 7, 8))
        dec = f"{num / den:.{digits}g}"
        if len(dec.replace(".", "").lstrip("0")) < 6:
            continue
        cases.append((rng.choice(_POSITIONS)(dec), f"\\frac{{{num}}}{{{den}}}", True, None))
        cases.append((rng.choice(_POSITIONS)(_digit_changed(dec[:-1], rng) + dec[-1]), f"\\frac{{{num}}}{{{den}}}", False, None))
    cases.append(("$\\boxed{1.414213}$", "\\sqrt{2}", True, None))
    cases.append(("$\\boxed{1.414}$", "\\sqrt{2}", False, None))
    _check(rule, cases)


# ---------------------------------------------------------------- references as datasets write them

def test_gold_written_as_a_solution(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for question, answer, solution in _draw([r for r in _math500() if "\\boxed" in r[2]], 60):
        pos = rng.choice(_POSITIONS)
        cases.append((pos(answer), solution, True, question))
        if re.fullmatch(r"-?\d+", answer):
            cases.append((pos(str(int(answer) + 1)), solution, False, question))
    for question, gold, solution in _draw(_gsm8k(), 40):
        cases.append((rng.choice(_POSITIONS)(gold), solution, True, question))
        cases.append((rng.choice(_POSITIONS)(str(int(gold) + 1)), solution, False, question))
    _check(rule, cases)


def test_gold_list_is_any_of(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _, gold, _ in _draw(_gsm8k(), 40):
        other = str(int(gold) + rng.randint(2, 9))
        as_json = f'["{other}", "{gold}"]'
        cases += [(f"$\\boxed{{{gold}}}$", as_json, True, None), (f"$\\boxed{{{other}}}$", as_json, True, None),
                  (f"$\\boxed{{{int(other) + 1}}}$", as_json, False, None)]
    _check(rule, cases)
    v = rule.verify("$\\boxed{12}$", ["13", "12"])          # a list object, not only its JSON text
    assert v.correct and not rule.verify("$\\boxed{14}$", ["13", "12"]).correct


# ---------------------------------------------------------------- the value a step or chain ends on

def test_box_holding_the_last_step(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _ in range(40):
        x, a = rng.randint(1, 9), rng.randint(2, 9)
        s = a + x
        sep = rng.choice(("\\Rightarrow", "\\implies", "\\ \\Rightarrow\\ ", "\\;\\Longrightarrow\\;"))
        so = rng.choice((",\\ \\text{so }", ", \\text{ so }", "\\quad\\text{hence }", ", \\text{thus }"))
        box = f"{a}+{x}={s}{so}{s}={a}+x{sep} x={x}"
        cases.append((f"$\\boxed{{{box}}}$", str(x), True, None))
        cases.append((f"$\\boxed{{{box}}}$", str(s), False, None))                  # an intermediate value
        cases.append((f"$\\boxed{{{box[:-len(str(x))]}{x + 1}}}$", str(x), False, None))
    _check(rule, cases)


def test_prose_chain_ends_on_its_value(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _ in range(40):
        a, b = rng.randint(2, 30), rng.randint(2, 30)
        lead = rng.choice(("Our answer is", "The answer is", "**Answer:**", "So the final answer is"))
        cases.append((f"{lead} {a} + {b} = {a + b}", str(a + b), True, None))
        cases.append((f"{lead} {a} + {b} = {a + b - 10}", str(a + b), False, None))
    cases.append(("So the number of apples is 9 minus 1, it should be 8. But, let's calculate 8*9", "9", False, None))
    for h in range(1, 13):                  # clock times: 1:00 is not 12:00 (a time, and no ratio)
        cases.append((f"$\\boxed{{{h}:00}}$", f"{h % 12 + 1}:00", False, None))
        cases.append((f"$\\boxed{{{h}:00}}$", f"{h}:00", True, None))
    _check(rule, cases)


# ---------------------------------------------------------------- replies that state no answer

def test_fallback_never_reads_scores_or_master_keys(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _ in range(30):
        n = rng.randint(1, 10)
        line = rng.choice((f"Score: {n}/10", f"Rating: {n}", f"**Score:** {n}", f"Grade: {n}", f"Confidence: {n}",
                           f"Step {n}", f"**Step {n}**", f"Final score: {n}"))
        head = rng.choice(("", "Judgement: Correct\n", "Verdict: correct\n", "The reasoning is sound.\n"))
        gold = rng.choice((str(n), f"\\frac{{{n}}}{{10}}"))
        cases.append((head + line, gold, False, None))
    for reply in (":", "Thought process:", "Let's solve this step by step.", "Solution", "Solution:", "Answer:"):
        cases.append((reply, "1", False, None))
    cases.append(("We count them: there are 7 of them.\n\nEvaluation: 3", "3", False, None))
    cases.append(("Step 3: adding up, the total is 12", "12", True, None))   # a step's result is not its number
    _check(rule, cases)


# ---------------------------------------------------------------- references that went through a string escape

def test_escaped_latex_in_references(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for _ in range(30):
        a, b = rng.randint(1, 9), rng.randint(10, 20)
        exact = f"\\frac{{{a}}}{{{b}}}"
        for broken in (exact.replace("\\f", "\x0c"), exact.replace("\\", "\\\\")):
            cases.append((f"$\\boxed{{\\dfrac{{{a}}}{{{b}}}}}$", broken, True, None))
            cases.append((f"$\\boxed{{\\dfrac{{{a + 1}}}{{{b}}}}}$", broken, False, None))
        e = rng.randint(2, 12)
        cases.append((f"$\\boxed{{{a} \\times 10^{{-{e}}}}}$", f"{a} × 10^(-{e})", True, None))
        cases.append((f"$\\boxed{{{a} \\times 10^{{-{e + 1}}}}}$", f"{a} × 10^(-{e})", False, None))
    _check(rule, cases)


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def test_value_in_words_after_a_copula(rule) -> None:
    rng = random.Random(SEED)
    cases = []
    for question, gold, _ in _draw([r for r in _gsm8k() if 1 < int(r[1]) <= 20], 40):   # "one of them" reads as "one of"
        context = f"We use the information given: {', '.join('$' + n + '$' for n in _other_numbers(question, gold)[:3])}."
        form = rng.choice(("So there are {w} of them.", "Therefore there are {w} of them.", "Thus the count is {w}.",
                           "That makes {w}.", "We find {w} cases in total.", "Exactly {w} arrangements remain.",
                           "In all, {w} points work."))
        cases.append((f"{context}\n\n{form.format(w=_WORDS[int(gold)])}", gold, True, question))
        cases.append((f"{context}\n\n{form.format(w=_WORDS[(int(gold) + 1) % 21])}", gold, False, question))
        cases.append((f"{context}\n\nSo there are more than {_WORDS[int(gold)]} of them.", gold, False, question))
        cases.append((f"{context}\n\nEither {_WORDS[int(gold)]} or {_WORDS[int(gold) - 1]} remain.", gold, False, question))
    cases.append(("So there are twenty-one of them.", "21", True, None))
    _check(rule, cases)
