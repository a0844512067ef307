"""A seeded generator of unboxed-prose and frontier-length answers (issue 29, families 5 and 6).

Real references (GSM8K and MATH500 golds, ``data/problems``) are placed into prose templates in several
phrasings: a final clause after working that names intermediate values, "the answer is X" followed by a
remark, a justification clause after the stated value ("..., since the base is 4"), a box that holds a
sentence or a case analysis whose last clause states the value, nested boxes, a boxed answer followed by
a remark (with a box of its own). Every correct row has a near-miss twin that must be rejected: the intermediate value stated
instead of the final one, or a hedge of two values. Rows are ``(family, response, gold, label)``.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache

from rlverify.analysis.datasets import problem_file, read_jsonl


@lru_cache(maxsize=None)
def _golds() -> tuple[tuple[str, bool], ...]:
    """(gold, plain): GSM8K integers (plain text) and short MATH500 answers (LaTeX)."""
    out: list[tuple[str, bool]] = []
    for row in read_jsonl(problem_file("gsm8k")):
        g = row["answer"].rsplit("####", 1)[-1].strip().replace(",", "")
        if re.fullmatch(r"-?\d+", g):
            out.append((g, True))
    for row in read_jsonl(problem_file("math500")):
        a = str(row["answer"]).strip()
        # one value: a number, a fraction, a root, pi; no lists, intervals, words or relations
        if 0 < len(a) <= 30 and not re.search(r"[,=<>]|\\text|\\in|\\le|\\ge|\\infty|[a-zA-Z]{2,}(?<!frac)(?<!sqrt)(?<!pi)", a) \
                and re.search(r"\d", a):
            out.append((a, False))
    return tuple(out)


def _other(rng: random.Random, gold: str) -> str:
    """An intermediate value that differs from ``gold`` (a plain integer)."""
    while True:
        v = str(rng.randint(2, 999))
        if v != gold.strip("$ "):
            return v


_NOUNS = ("area", "total", "number of ways", "value", "final speed", "sum", "result", "count", "minimum value",
          "length")
_CONNECTIVES = ("Therefore,", "Thus", "So", "Hence,", "Consequently,", "In conclusion,")
_BECAUSE = ("since the other part is {i}", "because the base is {i}", "given that the first term is {i}",
            "as the remaining factor is {i}", "where we used that the height is {i}",
            "which follows from the step giving {i}", "achieved at $x = {i}$", "attained when the side is {i}",
            "(the other root, {i}, is rejected)", "(from the earlier step, {i})")
_REMARKS = ("Note that the intermediate value {i} appeared in step 2.", "Remark: one could also start from {i}.",
            "(We used the bound {i} above.)", "This matches the check with {i} items.",
            "Here the earlier value {i} was only an intermediate result.")


def _m(value: str, plain: bool) -> str:
    return value if plain else f"${value}$"


def _working(rng: random.Random, i: str) -> str:
    a = rng.randint(2, 30)
    return rng.choice((
        f"First we find that the first part is {i}. Then we combine it with {a} more.",
        f"We compute $2 \\cdot {a} = {2 * a}$ and then the partial result {i}.",
        f"Step 1 gives {i}. Step 2 multiplies by {a}.",
    ))


def _family_clause(rng, gold, plain, i):
    noun, conn, why = rng.choice(_NOUNS), rng.choice(_CONNECTIVES), rng.choice(_BECAUSE)
    work = _working(rng, i)
    good = f"{work}\n\n{conn} the {noun} is {_m(gold, plain)}, {why.format(i=i)}."
    if rng.random() < 0.5:     # the working value stated, the reference's value in the justification
        bad = f"{work}\n\n{conn} the {noun} is {i}, {why.format(i=gold if '$' in why else _m(gold, plain))}."
    else:                      # a hedge of two values, justified
        bad = f"{work}\n\n{conn} the {noun} is {_m(gold, plain)} or {i}, {why.format(i=i)}."
    return good, bad


def _family_answer_remark(rng, gold, plain, i):
    work, remark = _working(rng, i), rng.choice(_REMARKS)
    lead = rng.choice(("So the answer is", "The final answer is", "Therefore the answer is", "Thus, the answer is"))
    good = f"{work}\n\n{lead} {_m(gold, plain)}. {remark.format(i=i)}"
    bad = f"{work}\n\n{lead} {_m(gold, plain)} or {i}. {remark.format(i=i)}"    # a hedge of two values
    return good, bad


def _family_box_sentence(rng, gold, plain, i):
    lead = rng.choice(("after simplifying the partial result ", "combining the two cases, the first gives ",
                       "from step 2 we had "))
    tail = rng.choice(("\\text{, so the answer is } ", "\\text{, hence the total is } ", "\\text{; therefore } N = "))
    good = f"Work.\n\n$\\boxed{{\\text{{{lead}}} {i} {tail}{gold}}}$"
    bad = f"Work.\n\n$\\boxed{{\\text{{{lead}}} {gold} {tail}{i}}}$"
    return good, bad


def _family_cases_box(rng, gold, plain, i):
    good = (f"$\\boxed{{\\text{{Case 1: }} n \\text{{ even gives }} {i}\\text{{, impossible. Case 2: }} n \\text{{ odd}}."
            f"\\text{{ Hence the answer is }} {gold}}}$")
    bad = (f"$\\boxed{{\\text{{Case 1: }} n \\text{{ even gives }} {gold}\\text{{, impossible. Case 2: }} n \\text{{ odd}}."
           f"\\text{{ Hence the answer is }} {i}}}$")
    return good, bad


def _family_nested(rng, gold, plain, i):
    shape = rng.choice(("\\boxed{{\\boxed{{{v}}}}}", "\\boxed{{N = \\boxed{{{v}}}}}", "\\boxed{{\\text{{answer: }} \\boxed{{{v}}}}}"))
    good = f"We get {i} first.\n\nFinal: ${shape.format(v=gold)}$"
    bad = f"We get {gold} first.\n\nFinal: ${shape.format(v=i)}$"
    return good, bad


def _family_box_remark(rng, gold, plain, i):
    remark = rng.choice(_REMARKS).format(i=i)
    good = f"{_working(rng, i)}\n\nThe answer is $\\boxed{{{gold}}}$.\n\n{remark}"
    bad = f"{_working(rng, i)}\n\nThe answer is $\\boxed{{{gold}}}$ or $\\boxed{{{i}}}$.\n\n{remark}"
    return good, bad


def _family_box_justified(rng, gold, plain, i):
    j = _other(rng, gold)
    lead = rng.choice(("\\text{The total is }", "\\text{There are }", "\\text{So } N = ", "x = "))
    why = rng.choice(("\\text{, since the parts are }@A\\text{ and }@B", "\\text{ because }@A+@B\\text{ was found first}",
                      "\\text{ (from the earlier step, }@A\\text{)}", "\\text{, which we checked with }@A\\text{ cases}"))
    good = f"Work.\n\n$\\boxed{{{lead}{gold}{why.replace('@A', i).replace('@B', j)}}}$"
    bad = f"Work.\n\n$\\boxed{{{lead}{i}{why.replace('@A', gold).replace('@B', j)}}}$"
    return good, bad


_LABELS = ("**Remark.**", "*Remark.*", "**Note:**", "Remark:", "**Generalization.**", "**Remark (general $n$).**")


def _family_boxed_remark(rng, gold, plain, i):
    label = rng.choice(_LABELS)
    remark = rng.choice(("For $n$ rows the same argument gives $\\boxed{@I}$.", "In the general case one gets $\\boxed{@I}$.",
                         "A variant of the problem has the answer $\\boxed{@I}$."))
    lead = rng.choice(("**Answer.** $\\boxed{@G}$", "Therefore the answer is $\\boxed{@G}$.", "$$\\boxed{@G}$$"))
    good = f"{_working(rng, i)}\n\n{lead.replace('@G', gold)}\n\n{label} {remark.replace('@I', i)}"
    if rng.random() < 0.5:     # the working value boxed, the reference's in the remark
        bad = f"{_working(rng, i)}\n\n{lead.replace('@G', i)}\n\n{label} {remark.replace('@I', gold)}"
    else:                      # a remark that offers another answer
        bad = f"{_working(rng, i)}\n\n{lead.replace('@G', gold)}\n\n{label} It could also be $\\boxed{{{i}}}$."
    return good, bad


FAMILIES = {
    "final_clause_then_justification": _family_clause,
    "answer_is_then_remark": _family_answer_remark,
    "box_holds_sentence": _family_box_sentence,
    "box_holds_case_analysis": _family_cases_box,
    "box_sentence_then_justification": _family_box_justified,
    "nested_boxes": _family_nested,
    "box_then_remark": _family_box_remark,
    "box_then_boxed_remark": _family_boxed_remark,
}


def rows(n: int, seed: int = 29) -> list[tuple[str, str, str, bool]]:
    """``n`` golds, each placed by every family: a correct row and its near-miss twin."""
    rng = random.Random(seed)
    golds = _golds()
    out = []
    for gold, plain in rng.sample(golds, min(n, len(golds))):
        for name, make in FAMILIES.items():
            i = _other(rng, gold)
            good, bad = make(rng, gold, plain, i)
            out.append((name, good, gold, True))
            out.append((name, bad, gold, False))
    return out
