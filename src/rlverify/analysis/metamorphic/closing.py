"""Generator families for what frontier models write AFTER or AROUND the final value (issue 14, round 4): the
closings :mod:`.frontier` does not write. Each is a seeded grammar over the reference's own value.

``closing_comment`` (EQUIVALENT): the value followed by commentary in parentheses or after a dash, in a bold
value, a box, an answer line or inside the box's ``\\text{}`` (``**3.5** (i.e. $\\frac{7}{2}$)``,
``$\\boxed{12}$ (the $3 \\cdot 4$ grid points)``, ``\\boxed{12\\text{ (from } 3 \\times 4)}``, ``Answer: **12** --
counted over $2$ cases``). A restatement is always of the same value.

``closing_check`` (EQUIVALENT): the stated answer, then a paragraph of doubt that checks it and confirms it while
naming other numbers ("Wait, I should double-check the case $n = 3$. It gives $2$ solutions, consistent.").

``aligned_parts`` (EQUIVALENT): a tuple or list of 2-4 numbers written as named parts in an ``aligned``,
``array`` or ``cases`` block, boxed or not, or as bullet lines each with its own box (``- $a = \\boxed{2}$``).

``boxed_lines`` (EQUIVALENT): a list or tuple of 2-4 numbers answered one box per line or paragraph, each line
labelled by a word, a number or a letter (``- Minimum: $\\boxed{2}$``, ``**(1)** $\\boxed{2}$``, ``The first value is
$\\boxed{2}$.``), in the reference's order.

``or_restated`` (EQUIVALENT): a non-integer number with its restatement in another form after an "or" inside the
box or answer line (``\\boxed{\\frac{1}{2} \\text{ (or } 0.5)}``, ``\\boxed{0.5 \\ (\\text{or } \\tfrac12)}``, ``**Answer:**
$\\frac12$ (or equivalently $0.5$)``). ``near_or_restated``: the "or" names another value (a hedge).

``table_answer`` (EQUIVALENT): a closing markdown table whose last row is the answer (``| **Answer** | **42** |``)
after rows naming other numbers. ``near_table_answer``: the same table around a changed value.

``near_approx_mismatch`` (NEAR_MISS): an exact value that is not the reference's, followed by the reference's
own decimal (``\\frac{\\sqrt{3}}{3} \\approx 0.86603`` for ``\\frac{\\sqrt{3}}{2}``): the decimal is no answer of its own.

``words_restated`` (EQUIVALENT): an integer answer repeated in words after the numeral (``$\\boxed{12}$ --
twelve ways in total.``, ``The answer is **12** (twelve).``).

Near-miss twins (NEAR_MISS) write the same closing around a changed value: ``near_closing_comment``,
``near_closing_check`` (the check ends on a corrected wrong value), ``near_boxed_lines`` (one box changed, or
one line missing), ``near_aligned_parts`` (one part changed or two
swapped in an ordered tuple), ``near_words_restated`` (numeral and words both of the changed value).
Registered by :mod:`.families`.
"""

from __future__ import annotations

import random
import re
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from . import forms as F
from .frontier import _changed, _restatement
from .refs import Reference, _exact, _is_interval, _is_tuple, _same, _scalar, _value, _var
from .table import Families

__all__ = ["register"]

_T = Families()
register = _T.register


def _numeric(n: object) -> bool:
    return n is not None and _scalar(n) and not F.has_symbols(n)


def _value_text(ref: Reference, node: object, st: F.Style) -> str | None:
    if node is None or not _scalar(node):
        return None
    return F.render(node, st)


def _plain(value: str) -> str | None:
    return value if re.fullmatch(r"-?\d+(?:\.\d+)?", value) else None


def _shown(value: str, rng: random.Random) -> str:
    plain = _plain(value)
    return plain if plain is not None and rng.random() < 0.5 else f"${value}$"


# ------------------------------------------------------------------ closing_comment

_WORD_COMMENTS = ("the minimal number of moves", "this is the only possibility", "attained by the construction above",
                  "as required", "the largest possible value", "verified by substitution", "exact value",
                  "counting each case once", "independent of the choice made")


def _comment(node: object, rng: random.Random) -> str:
    """A parenthetical remark: words, words with other numbers, or the same value restated."""
    a, b = rng.randint(2, 12), rng.randint(2, 12)
    kinds = ["words", "numbers", "numbers"]
    again = _restatement(node, rng)
    if again is not None and again[0] == "=":
        kinds.append("restate")
    kind = rng.choice(kinds)
    if kind == "restate":
        return rng.choice(("i.e. ${d}$", "that is, ${d}$", "equivalently ${d}$", "= ${d}$")).format(d=again[1])
    if kind == "words":
        return rng.choice(_WORD_COMMENTS)
    return rng.choice(("from ${a} \\cdot {b}$ cases", "achieved at $x = {a}$", "since each of the ${a}$ pairs works",
                       "with $n = {a}$ and $m = {b}$", "obtained for $k = {a}$", "after removing the ${a}$ duplicates"
                       )).format(a=a, b=b)


def _text_comment(node: object, rng: random.Random) -> str:
    """A remark inside a box's math: words in \\text{}, numbers in math."""
    a, b = rng.randint(2, 12), rng.randint(2, 12)
    form = rng.choice(("\\text{{ (from }}{a} \\times {b}\\text{{ cases)}}", "\\text{{ (attained at }} x = {a})",
                       "\\ (\\text{{minimal}})", "\\quad (\\text{{from }} {a} + {b} \\text{{ cases}})",
                       "\\text{{ (the only solution)}}", "\\ \\ (\\text{{with }} n={a})"))
    return form.format(a=a, b=b)


def _comment_closing(value: str, node: object, rng: random.Random) -> str:
    kind = rng.choice(("bold", "bold", "box", "box", "line", "inbox", "dash", "heading"))
    if kind == "inbox":
        return rng.choice(("Therefore $\\boxed{{{v}{c}}}$.", "$$\\boxed{{{v}{c}}}$$", "**Answer:** $\\boxed{{{v}{c}}}$")
                          ).format(v=value, c=_text_comment(node, rng))
    c = _comment(node, rng)
    if kind == "bold":
        return rng.choice(("So the answer is **{a}** ({c}).", "**Answer:** **{a}** ({c})", "**{a}** ({c})",
                           "**Final answer: {a}** ({c})", "The answer is **{a}** ({c}).")).format(a=_shown(value, rng), c=c)
    if kind == "box":
        return rng.choice(("The answer is $\\boxed{{{v}}}$ ({c}).", "$$\\boxed{{{v}}}$$\n({c})",
                           "**Final Answer:** $\\boxed{{{v}}}$ ({c})", "Thus $\\boxed{{{v}}}$ \u2014 {c}.")
                          ).format(v=value, c=c)
    if kind == "line":
        return rng.choice(("Answer: {a} ({c})", "Final answer: {a} ({c}).", "Answer: **{a}** ({c})")
                          ).format(a=_shown(value, rng), c=c)
    if kind == "dash":
        return rng.choice(("**Answer:** {a} \u2014 {c}.", "Answer: {a} -- {c}.", "The answer is {a} \u2013 {c}.")
                          ).format(a=_shown(value, rng), c=c)
    return rng.choice(("## Final Answer: {a} ({c})", "### Answer: {a} ({c})", "### Final answer\n\n{a} ({c})")
                      ).format(a=_shown(value, rng), c=c)


@_T.equivalent("closing_comment")
def _closing_comment(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    value = _value_text(ref, ref.node, st)
    if value is None:
        return None
    return _T.draft(_comment_closing(value, ref.node, rng), plain=True, sentence=True)


@_T.near_miss("near_closing_comment")
def _near_closing_comment(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    new = _changed(ref, rng)
    value = _value_text(ref, new, st)
    if value is None:
        return None
    return _T.draft(_comment_closing(value, new, rng), plain=True, sentence=True)


# ------------------------------------------------------------------ closing_check

_DOUBTS = ("Wait, I should double-check the case $n = {a}$.", "Hmm, let me verify this with a small case: $n = {a}$.",
           "Wait, let me re-examine the boundary case $k = {a}$.", "Let me double-check by another method.",
           "Hold on, is the case $m = {a}$ counted correctly?", "Actually, wait. Let me sanity-check with ${a}$ and ${b}$.")
_CONFIRMS = ("It gives ${b}$ solutions, consistent with the formula.", "That case contributes ${b}$, as counted above. Good.",
             "Plugging in gives ${a} + {b} = {c}$, which matches.", "Yes, it is counted once, so the count stands.",
             "Both give ${c}$ as expected, so everything is consistent.", "This checks out.")
_STATES = ("So the answer is $\\boxed{{{v}}}$.", "Therefore, the answer is ${v}$.", "**Answer:** $\\boxed{{{v}}}$",
           "Thus the final answer is $\\boxed{{{v}}}$.", "$$\\boxed{{{v}}}$$")
_CONFIRMED = ("", "", "\n\nSo the answer is indeed ${v}$.", "\n\nThe answer remains $\\boxed{{{v}}}$.",
              "\n\nConfirmed: ${v}$.")


def _check_closing(value: str, rng: random.Random, confirm_value: str | None = None) -> str:
    a, b = rng.randint(2, 9), rng.randint(2, 9)
    state = rng.choice(_STATES).format(v=value)
    doubt = rng.choice(_DOUBTS).format(a=a, b=b)
    confirm = rng.choice(_CONFIRMS).format(a=a, b=b, c=a + b)
    tail = rng.choice(_CONFIRMED).format(v=confirm_value if confirm_value is not None else value)
    return f"{state}\n\n{doubt} {confirm}{tail}"


@_T.equivalent("closing_check")
def _closing_check(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    value = _value_text(ref, ref.node, st)
    if value is None or not _numeric(ref.node):
        return None
    return _T.draft(_check_closing(value, rng), plain=True, sentence=True)


@_T.near_miss("near_closing_check")
def _near_closing_check(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The same check around a wrong value, or the right value stated, then corrected to a wrong one."""
    new = _changed(ref, rng)
    value, wrong = _value_text(ref, ref.node, st), _value_text(ref, new, st)
    if value is None or wrong is None or not _numeric(ref.node):
        return None
    if rng.random() < 0.5:
        return _T.draft(_check_closing(wrong, rng), plain=True, sentence=True)
    a = rng.randint(2, 9)
    fix = rng.choice(("Wait, I should double-check the case $n = {a}$. It was counted twice, so the answer is actually "
                      "$\\boxed{{{w}}}$.", "Hmm, let me verify with $k = {a}$. That fails, so I made an error; correcting "
                      "it gives ${w}$.\n\n**Answer:** ${w}$")).format(a=a, w=wrong)
    return _T.draft(f"{rng.choice(_STATES).format(v=value)}\n\n{fix}", plain=True, sentence=True)


# ------------------------------------------------------------------ aligned_parts

_NAMES = (("a", "b", "c", "d"), ("x", "y", "z", "w"), ("m", "n", "p", "q"))


def _parts(ref: Reference) -> list[object] | None:
    n = ref.node
    if isinstance(n, F.Seq) and _is_tuple(n, ref):
        items = list(n.items)
    elif isinstance(n, F.Lst) and ref.unordered:
        items = list(n.items)
    else:
        return None
    if not 2 <= len(items) <= 4 or not all(_numeric(i) for i in items):
        return None
    return items


_TUPLE_NAMES = re.compile(r"\(\s*([a-zA-Z])\s*,\s*([a-zA-Z])\s*(?:,\s*([a-zA-Z])\s*)?(?:,\s*([a-zA-Z])\s*)?\)")


def _named(ref: Reference, items: list[object], st: F.Style) -> tuple[list[str], list[str]] | None:
    """The parts' names: the question's own tuple of letters ('the ordered pair $(a, b)$') for a tuple, ``x_1, x_2, ...``
    for the solutions of one unknown; None when a tuple's question names no such letters."""
    if isinstance(ref.node, F.Lst):       # solutions of one unknown (order free)
        var = _var(ref)
        names = [f"{var}_{i + 1}" for i in range(len(items))]
    else:
        m = _TUPLE_NAMES.search(ref.question)
        names = [g for g in m.groups() if g] if m else []
        if len(names) != len(items) or len(set(names)) != len(names):
            return None
    return names, [F.render(i, st) for i in items]


def _parts_closing(names: list[str], values: list[str], rng: random.Random) -> str:
    kind = rng.choice(("aligned", "aligned_box", "array", "cases", "bullets", "bullets_box"))
    if kind in ("aligned", "aligned_box"):
        sep = rng.choice((" \\\\ ", " \\\\\n", ",\\\\ "))
        body = "\\begin{aligned}" + sep.join(f"{n} &= {v}" for n, v in zip(names, values)) + "\\end{aligned}"
        if kind == "aligned_box":
            body = "\\boxed{" + body + "}"
        return rng.choice(("Therefore\n$$\n{b}\n$$", "**Final Answer**\n\n\\[\n{b}\n\\]", "So\n\\[{b}\\]")).format(b=body)
    if kind == "array":
        body = "\\begin{array}{l}" + " \\\\ ".join(f"{n} = {v}" for n, v in zip(names, values)) + "\\end{array}"
        return rng.choice(("$$\\boxed{{{b}}}$$", "The answer is\n\\[\n{b}\n\\]")).format(b=body)
    if kind == "cases":
        body = "\\begin{cases}" + " \\\\ ".join(f"{n} = {v}" for n, v in zip(names, values)) + "\\end{cases}"
        return rng.choice(("Hence $$\\boxed{{{b}}}$$", "### Final Answer\n\n$${b}$$")).format(b=body)
    form = "- ${n} = \\boxed{{{v}}}$" if kind == "bullets_box" else rng.choice(("- ${n} = {v}$", "- **${n}$**: ${v}$"))
    lines = [form.format(n=n, v=v) for n, v in zip(names, values)]
    return rng.choice(("### Final Answer\n\n", "**Answer:**\n\n", "Summary of the values:\n\n")) + "\n".join(lines)


@_T.equivalent("aligned_parts")
def _aligned_parts(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    items = _parts(ref)
    if items is None:
        return None
    named = _named(ref, items, st)
    if named is None:
        return None
    return _T.draft(_parts_closing(*named, rng), plain=True, sentence=True)


@_T.near_miss("near_aligned_parts")
def _near_aligned_parts(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    items = _parts(ref)
    if items is None:
        return None
    wrong = list(items)
    if isinstance(ref.node, F.Seq) and rng.random() < 0.3:
        i, j = rng.sample(range(len(items)), 2)
        wrong[i], wrong[j] = wrong[j], wrong[i]
    else:
        k = rng.randrange(len(items))
        sub = Reference(**{**ref.__dict__, "node": items[k]})
        new = _changed(sub, rng)
        if new is None:
            return None
        wrong[k] = new
    if all(_same(a, b) for a, b in zip(items, wrong)):
        return None
    named = _named(ref, wrong, st)
    if named is None:
        return None
    return _T.draft(_parts_closing(*named, rng), plain=True, sentence=True)


# ------------------------------------------------------------------ words_restated

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def words(k: int) -> str:
    """``k`` (0 <= k < 10,000) in English words: 'three hundred twenty-one'."""
    if k < 20:
        return _ONES[k]
    if k < 100:
        return _TENS[k // 10] + ("" if k % 10 == 0 else "-" + _ONES[k % 10])
    if k < 1000:
        rest = k % 100
        return _ONES[k // 100] + " hundred" + ("" if rest == 0 else " " + words(rest))
    rest = k % 1000
    return words(k // 1000) + " thousand" + ("" if rest == 0 else " " + words(rest))


def _words_closing(v: int, value: str, rng: random.Random) -> str:
    w = words(abs(v))
    w = ("negative " + w) if v < 0 else w
    shown = value if _plain(value) is not None else f"${value}$"   # outside math only a plain numeral
    return rng.choice(("$\\boxed{{{n}}}$ \u2014 {w} in total.", "The answer is **{s}** ({w}).",
                       "So there are $\\boxed{{{n}}}$ ({w}) such configurations.", "**Answer:** {s} ({w})",
                       "Therefore the answer is $\\boxed{{{n}}}$, that is, {w}.", "Final answer: {w} ($\\boxed{{{n}}}$).",
                       "The answer is $\\boxed{{{n}}}$, i.e. {w}.")).format(n=value, w=w, s=shown)


def _integer(node: object) -> int | None:
    ex = _exact(node) if node is not None else None
    if ex is None or ex.denominator != 1 or not -10_000 < ex < 10_000 or isinstance(ex, Fraction) and ex == 0:
        return None
    return int(ex)


@_T.equivalent("words_restated")
def _words_restated(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    v = _integer(ref.node)
    if v is None:
        return None
    return _T.draft(_words_closing(v, F.render(ref.node, st), rng), plain=True, sentence=True)


@_T.near_miss("near_words_restated")
def _near_words_restated(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    if _integer(ref.node) is None:
        return None
    new = _changed(ref, rng)
    v = _integer(new)
    if v is None:
        return None
    return _T.draft(_words_closing(v, F.render(new, st), rng), plain=True, sentence=True)


# ------------------------------------------------------------------ boxed_lines

_LINE_LABELS = (("Minimum", "Maximum"), ("Smallest value", "Largest value"), ("First", "Second", "Third", "Fourth"),
                ("Sum", "Product"), ("Length", "Width", "Height"), ("Real part", "Imaginary part"))


_ONE_EXAMPLE = re.compile(r"\b(?:another|an example|one example|one such|one possible|any one|an instance)\b", re.I)


def _line_items(ref: Reference) -> list[object] | None:
    """The 2-4 numbers of a list or tuple reference; None where the question asks for one example of several."""
    n = ref.node
    if _ONE_EXAMPLE.search(ref.question):
        return None
    if not isinstance(n, (F.Seq, F.Lst)) or isinstance(n, F.Seq) and (n.open != "(" or _is_interval(n, ref)):
        return None
    items = list(n.items)
    if not 2 <= len(items) <= 4 or not all(_numeric(i) for i in items):
        return None
    return items


def _lines_closing(values: list[str], rng: random.Random) -> str:
    kind = rng.choice(("word", "number", "letter", "sentence"))
    words = next(w for w in rng.sample(_LINE_LABELS, len(_LINE_LABELS)) if len(w) >= len(values))
    form = rng.choice({"word": ("- {w}: $\\boxed{{{v}}}$", "**{w}:** $\\boxed{{{v}}}$", "{w}: $\\boxed{{{v}}}$"),
                       "number": ("({k}) $\\boxed{{{v}}}$", "**({k})** $\\boxed{{{v}}}$", "{k}. $\\boxed{{{v}}}$",
                                  "**Part {k}:** $\\boxed{{{v}}}$"),
                       "letter": ("({a}) $\\boxed{{{v}}}$", "**({a})** $\\boxed{{{v}}}$"),
                       "sentence": ("The {o} value is $\\boxed{{{v}}}$.", "- The {o} value: $\\boxed{{{v}}}$")}[kind])
    lines = [form.format(w=words[i], k=i + 1, a="abcd"[i], v=v, o=("first", "second", "third", "fourth")[i])
             for i, v in enumerate(values)]
    sep = rng.choice(("\n", "\n\n"))
    return rng.choice(("### Final Answer\n\n", "**Answers:**\n\n", "")) + sep.join(lines)


@_T.equivalent("boxed_lines")
def _boxed_lines(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    items = _line_items(ref)
    if items is None:
        return None
    return _T.draft(_lines_closing([F.render(i, st) for i in items], rng), plain=True, sentence=True)


@_T.near_miss("near_boxed_lines")
def _near_boxed_lines(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    items = _line_items(ref)
    if items is None:
        return None
    wrong = list(items)
    if rng.random() < 0.3 and len({F.render(i) for i in items}) == len(items):
        del wrong[rng.randrange(len(wrong))]           # one line missing (of distinct values)
    else:
        k = rng.randrange(len(items))
        new = _changed(Reference(**{**ref.__dict__, "node": items[k]}), rng)
        if new is None:
            return None
        wrong[k] = new
    if len(wrong) == len(items) and all(_same(a, b) for a, b in zip(items, wrong)):
        return None
    return _T.draft(_lines_closing([F.render(i, st) for i in wrong], rng), plain=True, sentence=True)


# ------------------------------------------------------------------ or_restated, table_answer

def _two_forms(node: object, st: F.Style, rng: random.Random) -> tuple[str, str] | None:
    """(the value as rendered, an exact restatement in another form: a terminating decimal or its fraction)."""
    again = _restatement(node, rng)
    if again is None or again[0] != "=":
        return None
    value = F.render(node, st)
    return (value, again[1]) if rng.random() < 0.6 else (again[1], value)


def _or_closing(a: str, b: str, rng: random.Random) -> str:
    return rng.choice(("Therefore $\\boxed{{{a} \\text{{ (or }} {b})}}$.", "$$\\boxed{{{a}\\ (\\text{{or }} {b})}}$$",
                       "**Answer:** ${a}$ (or equivalently ${b}$)", "The answer is $\\boxed{{{a} \\text{{ or }} {b}}}$.",
                       "**Final Answer:** $\\boxed{{{a}}}$ (or ${b}$)", "Answer: ${a}$, or equivalently ${b}$.")
                      ).format(a=a, b=b)


@_T.equivalent("or_restated")
def _or_restated(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    if not _numeric(ref.node):
        return None
    forms = _two_forms(ref.node, st, rng)
    if forms is None:
        return None
    return _T.draft(_or_closing(*forms, rng), plain=True, sentence=True)


@_T.near_miss("near_or_restated")
def _near_or_restated(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The value 'or' another value: one of them changed (an answer that offers two)."""
    if not _numeric(ref.node):
        return None
    forms = _two_forms(ref.node, st, rng)
    new = _changed(ref, rng)
    if forms is None or new is None:
        return None
    other = _restatement(new, rng)
    if other is None or other[0] != "=":
        return None
    a, b = forms
    return _T.draft(_or_closing(a, other[1], rng) if forms[0] == F.render(ref.node, st) else
                    _or_closing(F.render(new, st), b, rng), plain=True, sentence=True)


def _table_closing(value: str, rng: random.Random) -> str:
    a, b = rng.randint(2, 12), rng.randint(2, 12)
    head = rng.choice(("| Quantity | Value |\n|---|---|\n", "| Step | Result |\n|:--|:--:|\n"))
    rows = f"| pairs counted | {a} |\n| weight of each | ${b}$ |\n"
    last = rng.choice(("| **Answer** | **{v}** |", "| **Final answer** | ${v}$ |", "| Answer | $\\boxed{{{v}}}$ |",
                       "| **Total (answer)** | **{v}** |")).format(v=value if _plain(value) else f"${value}$")
    if "$$" in last:
        last = last.replace("$$", "$")
    return rng.choice(("### Summary\n\n", "**Summary table**\n\n", "")) + head + rows + last


@_T.equivalent("table_answer")
def _table_answer(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    value = _value_text(ref, ref.node, st)
    if value is None or not _numeric(ref.node):
        return None
    return _T.draft(_table_closing(value, rng), plain=True, sentence=True)


@_T.near_miss("near_table_answer")
def _near_table_answer(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    new = _changed(ref, rng)
    value = _value_text(ref, new, st)
    if value is None or not _numeric(ref.node):
        return None
    return _T.draft(_table_closing(value, rng), plain=True, sentence=True)


# ------------------------------------------------------------------ near_approx_mismatch

def _agrees(v: float, dec: str) -> bool:
    """``dec`` (a plain decimal) is ``v`` rounded half up or cut toward zero at its last digit."""
    try:
        d = Decimal(dec)
        x = Decimal(repr(v))
    except InvalidOperation:
        return True
    q = Decimal(1).scaleb(d.as_tuple().exponent)
    return abs(x - d) <= q / 2 or x.quantize(q, rounding=ROUND_DOWN) == d


@_T.near_miss("near_approx_mismatch")
def _near_approx_mismatch(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    n = ref.node
    if not _numeric(n) or _restatement(n, rng) is None:
        return None
    new = _changed(ref, rng)
    if new is None:
        return None
    right, wrong = _restatement(n, rng), _restatement(new, rng)
    if right is None or wrong is None or right[1] == wrong[1]:
        return None
    # a wrong exact value beside the reference's decimal (the reference's exact value beside a wrong decimal is
    # the reference with a slip in its gloss: the exact member is the answer, as Math-Verify's suite reads it)
    exact, dec, v = F.render(new, st), right[1], _value(new)
    if v is None or abs(v.imag) > 1e-12 or _agrees(v.real, dec):
        return None              # the decimal is the exact value rounded or cut after all: no contradiction
    body = f"{exact} \\approx {dec}"
    return _T.draft(rng.choice(("The answer is $\\boxed{{{b}}}$.", "**Answer:** ${b}$", "$$\\boxed{{{b}}}$$")).format(b=body),
                    plain=True, sentence=True)
