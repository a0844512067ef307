"""Generator families for the way current frontier models (o1/o3, Claude, Gemini, DeepSeek-R1, Qwen3) end a
solution: the closing of the response written by a seeded grammar, not taken from a list.

An ending is composed of independent draws:

- the *value*: the reference rendered in the drawn background style, or the dataset's text as written;
- a *body* around it: a label (``n = 12``), a short sentence (``\\text{The minimum is } 12``), a derivation's
  last link (``= 12``), a remark (``12 \\text{ (achieved at } x = 3)``, ``12 \\quad (\\text{...})``), the
  counted noun from the question (``12 \\text{ integers}``), ``\\displaystyle``, thin spaces (``\\,12\\,``),
  a restatement in a second form (``\\frac{1}{2} = 0.5``, ``\\sqrt{2} \\approx 1.4142``);
- a *box* (``\\boxed{}`` with or without inner spacing) or none;
- *math delimiters* (``$``, ``$$`` on its own lines, ``\\[ \\]``, ``\\( \\)``);
- a *frame*: a markdown heading (``### Final Answer``, ``**Final Answer**``, ``---``), a bold label
  (``**Answer:**``), a sentence (``Thus the answer is $12$.``), a bare bold value (``**12**``), ``Answer: 12``,
  a summary table followed by the box, a code fence, ``<answer>...</answer>`` tags, a think block before;
- a *tail*: a restatement outside the box (``(i.e. $0.5$)``), a closing remark, a trailing rule or tag.

``frontier_ending`` (EQUIVALENT) keeps the value. ``near_frontier_ending`` (NEAR_MISS) writes the same kind of
ending around a changed value (a digit changed, the sign flipped), or states the right value in an earlier step
that is then retracted for a wrong one. Registered by :mod:`.families`.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

from . import forms as F
from .refs import UNITS, Reference, _decimal, _exact, _same, _scalar, _value, _var

__all__ = ["register", "ending"]

Draft: Any = None
EQUIVALENT: dict = {}
NEAR_MISS: dict = {}


def register(equivalent: dict, near_miss: dict, draft: type) -> None:
    global Draft
    Draft = draft
    equivalent.update(EQUIVALENT)
    near_miss.update(NEAR_MISS)


def _family(table: dict, name: str) -> Any:
    def deco(fn: Any) -> Any:
        table[name] = fn
        return fn
    return deco


# ------------------------------------------------------------------ the value and its body

def _numeric(n: object) -> bool:
    return n is not None and _scalar(n) and not F.has_symbols(n)


def _restatement(n: object, rng: random.Random) -> tuple[str, str] | None:
    """A second form of a numeric non-integer value: ('=', '0.5') when the decimal is exact, else ('\\approx', ...)."""
    if not _numeric(n):
        return None
    ex = _exact(n)
    if ex is not None and ex.denominator == 1:
        return None
    if ex is not None:
        d = ex.denominator
        while d % 2 == 0:
            d //= 2
        while d % 5 == 0:
            d //= 5
        if d == 1 and len(str(float(ex))) <= 10:
            s = format(Fraction(ex).numerator / Fraction(ex).denominator, ".10g")
            if Fraction(s) == ex:
                return "=", s
    v = _value(n)
    if v is None or abs(v.imag) > 1e-12:
        return None
    s = _decimal(v.real, rng.choice((4, 5, 6)))
    return ("\\approx", s) if s is not None else None


_EXTREMES = (("minimum", re.compile(r"\b(minimum|smallest|least|minimal)\b", re.I)),
             ("maximum", re.compile(r"\b(maximum|largest|greatest|maximal)\b", re.I)))
_HOW_MANY = re.compile(r"\b[Hh]ow many ((?:(?:positive|negative|distinct|ordered|different|real|integer|possible|"
                       r"unordered|non-negative|nonnegative) )?[a-z]{3,})\b")
_NOT_NOUNS = frozenset(("are", "is", "can", "does", "do", "of", "will", "were", "more", "times", "total", "ways,"))


def _noun(ref: Reference) -> str | None:
    m = _HOW_MANY.search(ref.question)
    if not m or m.group(1).split()[-1] in _NOT_NOUNS:
        return None
    return m.group(1)


def _subject(ref: Reference, rng: random.Random) -> str:
    for word, cue in _EXTREMES:
        if cue.search(ref.question):
            return rng.choice((f"The {word} is", f"The {word} value is", f"{word.capitalize()}:"))
    return rng.choice(("The answer is", "Answer:", "The value is", "The result is", "Result:"))


def _body(value: str, ref: Reference, node: object, rng: random.Random, tags: list[str]) -> str:
    """The value with what frontier models put around it inside the box (or the math of the last line)."""
    numeric = _numeric(node)
    kinds = ["plain", "plain", "space", "displaystyle", "sentence"]
    if _plain(value) is not None:
        kinds += ["bold_math"]
    if numeric:
        kinds += ["label", "label", "chain_end", "remark", "quad_remark"]
        if _restatement(node, rng) is not None:
            kinds += ["restate", "restate"]
        ex = _exact(node)
        if ex is not None and ex.denominator == 1 and ex > 0 and _noun(ref):
            kinds += ["noun", "noun"]
        if ref.unit in UNITS and not ref.unit_in_gold:
            kinds += ["unit", "unit"]
        kinds += ["period"]
    kind = rng.choice(kinds)
    tags.append("body:" + kind)
    var = _var(ref)
    if kind == "space":
        return rng.choice(("\\,{v}\\,", "\\; {v} \\;", "\\ {v}\\ ", "~{v}~")).format(v=value)
    if kind == "bold_math":
        return rng.choice(("\\mathbf{{{v}}}", "\\textbf{{{v}}}", "\\bf {v}", "\\mathbf {v}")).format(v=value)
    if kind == "displaystyle":
        return "\\displaystyle " + value
    if kind == "sentence":
        return "\\text{" + _subject(ref, rng) + " } " + value
    if kind == "label":
        lhs = rng.choice((var, var, "N", "S", "n", "k", "\\text{answer}", f"{var}_{{\\min}}"))
        return f"{lhs} = {value}"
    if kind == "chain_end":
        return "= " + value
    if kind == "remark":
        k = rng.randint(2, 9)
        form = rng.choice(("{v} \\text{{ (achieved at }} {x} = {k})", "{v} \\ \\text{{(attained when }} {x} = {k}\\text{{)}}",
                           "{v} \\text{{ (for }} {x} = {k}\\text{{)}}", "{v}\\quad(\\text{{at }} {x}={k})"))
        return form.format(v=value, x=rng.choice(("x", "t", "a")), k=k)
    if kind == "quad_remark":
        return value + rng.choice(("\\quad\\text{(verified)}", "\\qquad \\text{(exact value)}",
                                   "\\quad \\text{(this is the only solution)}", "\\quad\\blacksquare"))
    if kind == "restate":
        op, dec = _restatement(node, rng) or ("=", value)
        return f"{value} {op} {dec}"
    if kind == "unit":
        return value + rng.choice(UNITS[ref.unit][2])
    if kind == "period":
        return value + rng.choice((".", "\\text{.}", "\\,."))
    if kind == "noun":
        return value + "\\text{ " + (_noun(ref) or "") + "}"
    return value


# ------------------------------------------------------------------ box, delimiters, frame

def _box(body: str, rng: random.Random, tags: list[str]) -> str:
    kind = rng.choice(("boxed", "boxed", "boxed", "boxed_space", "none", "fbox"))
    tags.append("box:" + kind)
    if kind == "boxed":
        return "\\boxed{" + body + "}"
    if kind == "fbox":
        return rng.choice(("\\fbox{$" + body + "$}", "\\boxed{\\boxed{" + body + "}}", "\\boxed{{" + body + "}}"))
    if kind == "boxed_space":
        return rng.choice(("\\boxed{ " + body + " }", "\\boxed {" + body + "}", "\\boxed{\\, " + body + " \\,}"))
    return body


def _math(expr: str, rng: random.Random, tags: list[str], display: bool | None = None) -> str:
    kinds = ("$$own", "$$inline", "\\[", "\\[own") if display else ("$", "\\(") if display is False else \
        ("$", "$", "\\(", "$$own", "$$inline", "\\[", "\\[own")
    kind = rng.choice(kinds)
    tags.append("math:" + kind)
    return {"$": f"${expr}$", "\\(": f"\\({expr}\\)", "$$own": f"$$\n{expr}\n$$", "$$inline": f"$${expr}$$",
            "\\[": f"\\[{expr}\\]", "\\[own": f"\\[\n{expr}\n\\]"}[kind]


_HEADINGS = ("### Final Answer", "## Final Answer", "**Final Answer**", "### Answer", "**Final Answer:**",
             "---\n\n### Final Answer", "---\n\n**Final Answer**", "## Answer", "### ✅ Final Answer",
             "**Answer**", "# Final Answer")
_SENTENCES = ("Thus the answer is {m}.", "Therefore, the answer is {m}.", "So the final answer is {m}.",
              "Hence {m}.", "The final answer is {m}.", "Therefore, {m}", "**Final answer:** {m}",
              "Final answer: {m}", "**Answer:** {m}", "Answer: {m}", "So, the answer is {m}",
              "Putting everything together, the answer is {m}.", "Therefore the required value is {m}.")
_CLOSERS = ("", "", "", "\n\nI hope this helps!", "\n\n---", "\n\nThis completes the solution.",
            "\n\n*(Checked by substituting back.)*", " \u220e", "\n\n$\\blacksquare$")


def _plain(value: str) -> str | None:
    """The value as plain text when it needs no LaTeX (integers, decimals, simple signs)."""
    return value if re.fullmatch(r"-?\d+(?:\.\d+)?|-?\d{1,3}(?:,\d{3})+", value) else None


def _frame(value: str, ref: Reference, node: object, rng: random.Random, tags: list[str]) -> str:
    kind = rng.choice(("heading", "heading", "heading", "sentence", "sentence", "sentence", "bold_value", "bold_unit",
                       "answer_line", "table", "code", "answer_tag", "final_paren", "two_forms", "bare_box",
                       "bold_box", "box_then_words", "display_remark", "word_sentence", "italic", "therefore",
                       "check_mark", "bullets", "or_equivalently", "named_sentence", "items", "items"))
    items = _items(node, ref)
    if kind == "items" and items is not None:
        tags.append("items")
        var = _var(ref)
        way = rng.random()
        if way < 0.35:
            joined = rng.choice((", ", " , ", " and ", ",\\ ")).join("\\boxed{" + i + "}" for i in items)
            return rng.choice(("The solutions are ${j}$.", "### Final Answer\n\n${j}$", "Hence ${j}$.")).format(j=joined)
        if way < 0.7:
            joined = " \\text{ or } ".join(f"{var} = {i}" for i in items)
            return rng.choice(("Therefore $\\boxed{{{j}}}$.", "**Answer:** ${j}$", "$$\\boxed{{{j}}}$$")).format(j=joined)
        body = f"{var} \\in \\{{{', '.join(items)}\\}}"
        return rng.choice(("Therefore $\\boxed{{{b}}}$.", "### Final Answer\n\n$$\\boxed{{{b}}}$$", "**Answer:** ${b}$")).format(b=body)
    if kind == "items":
        kind = "heading"
    if kind == "named_sentence":
        var = _var(ref)
        noun = rng.choice(("the smallest such", "the required", "the only possible", "the value of"))
        return rng.choice(("Therefore, {n} ${x}$ is $\\boxed{{{v}}}$.", "**Final Answer:** {n} ${x}$ is ${v}$.",
                           "So {n} ${x}$ equals $\\boxed{{{v}}}$.")).format(n=noun, x=var, v=value)
    if kind == "therefore":
        return rng.choice(("\u2234 ${v}$", "$\\therefore$ ${v}$", "$\\therefore \\boxed{{{v}}}$", "\u2234 $\\boxed{{{v}}}$",
                           "$$\\therefore\\ {v}$$")).format(v=value)
    if kind == "check_mark":
        return rng.choice(("**\u2705 Final Answer:** $\\boxed{{{v}}}$", "Final Answer: $\\boxed{{{v}}}$ \u2705",
                           "\u2705 **Answer: ${v}$**", "### \U0001F3AF Final Answer\n\n$$\\boxed{{{v}}}$$")).format(v=value)
    if kind == "bullets":
        return ("### Summary\n\n- The setup gives the equations above.\n- Solving them: ${v}$.\n\n"
                + rng.choice(("**Answer:** ${v}$", "$$\\boxed{{{v}}}$$", "- **Final answer:** ${v}$"))).format(v=value)
    if kind == "or_equivalently":
        again = _restatement(node, rng)
        if again is not None and again[0] == "=":
            return rng.choice(("$\\boxed{{{b}}}$ (or equivalently ${d}$)", "$\\boxed{{{b}}}$ (or ${d}$)",
                               "The answer is $\\boxed{{{b}}}$, or equivalently ${d}$.")).format(b=value, d=again[1])
        kind = "sentence"
    tags.append("frame:" + kind)
    if kind in ("bold_value", "answer_line", "code"):
        plain = _plain(value)
        shown = plain if plain is not None and rng.random() < 0.6 else f"${value}$"
        if kind == "bold_value":
            return rng.choice(("**{a}**", "The answer is **{a}**.", "**Answer: {a}**", "*Answer:* **{a}**",
                               "***{a}***", "Final answer: **{a}**", "_Answer_: {a}")).format(a=shown)
        if kind == "answer_line":
            return rng.choice(("Answer: {a}", "ANSWER: {a}", "Answer: {a}.", "Final Answer: {a}",
                               "**Answer**\n\n{a}", "The answer is {a}.")).format(a=shown)
        return rng.choice(("```\nAnswer: {a}\n```", "```text\n{a}\n```", "Final answer:\n```\n{a}\n```")).format(
            a=plain if plain is not None else value)
    if kind == "bold_unit":
        plain = _plain(value)
        if plain is not None and ref.unit in UNITS and not ref.unit_in_gold:
            unit = re.sub(r"\\(?:text|mathrm)\{\s*([^{}]*)\}|\\[,\ ]", r" \1", rng.choice(UNITS[ref.unit][2])).strip()
            if re.fullmatch(r"[A-Za-z/ ]+", unit):
                return rng.choice(("The answer is **{a} {u}**.", "**Answer:** {a} {u}", "So it takes **{a} {u}**.")
                                  ).format(a=plain, u=unit)
        kind = "bold_value"
    if kind == "italic":
        plain = _plain(value)
        shown = plain if plain is not None and rng.random() < 0.5 else f"${value}$"
        return rng.choice(("*{a}*", "_{a}_", "The answer is *{a}*.", "*Answer:* {a}")).format(a=shown)
    if kind == "word_sentence":
        noun = _noun(ref)
        plain = _plain(value)
        shown = plain if plain is not None and rng.random() < 0.5 else f"${value}$"
        if noun and plain is not None:
            return rng.choice(("So there are **{a}** {n}.", "Hence there are {a} {n} in total.",
                               "Therefore, exactly **{a}** {n} satisfy the conditions.")).format(a=shown, n=noun)
        return rng.choice(("So the value is **{a}**.", "Therefore the answer is {a}, as claimed.",
                           "Hence the required quantity equals {a}.")).format(a=shown)
    if kind == "bare_box":
        return rng.choice(("**Final Answer**\n\\boxed{{{b}}}", "Final answer:\n\n\\boxed{{{b}}}",
                           "### Final Answer\n\\boxed{{{b}}}", "\\boxed{{{b}}}")).format(b=value)
    if kind == "bold_box":
        return rng.choice(("**Answer: $\\boxed{{{b}}}$**", "**Final answer: $\\boxed{{{b}}}$**",
                           "**The answer is $\\boxed{{{b}}}$.**")).format(b=value)
    if kind == "box_then_words":
        k = rng.randint(2, 9)
        tail = rng.choice((", achieved when $x = {k}$.", " square units.", " is the minimum value.",
                           ", which occurs at $t = {k}$.", " (attained at $a = {k}$).", ", and this is optimal.",
                           " is the final answer.")).format(k=k)
        return rng.choice(("Therefore, $\\boxed{{{b}}}${t}", "The answer is $\\boxed{{{b}}}${t}",
                           "Hence $\\boxed{{{b}}}${t}")).format(b=value, t=tail)
    if kind == "display_remark":
        k = rng.randint(2, 9)
        remark = rng.choice(("\\quad\\text{{(minimum at }} x={k})", "\\qquad (\\text{{for }} n = {k})",
                             "\\quad \\blacksquare", "\\quad\\checkmark")).format(k=k)
        return rng.choice(("\\[\n\\boxed{{{b}}}{r}\n\\]", "$$\\boxed{{{b}}}{r}$$")).format(b=value, r=remark)
    boxed = _box(_body(value, ref, node, rng, tags), rng, tags)
    if kind == "heading":
        head = rng.choice(_HEADINGS)
        if rng.random() < 0.7:
            return f"{head}\n\n{_math(boxed, rng, tags, display=True)}"
        return f"{head}\n{rng.choice(('The answer is ', '', 'Thus, '))}{_math(boxed, rng, tags, display=False)}" \
               + rng.choice((".", ""))
    if kind == "sentence":
        return rng.choice(_SENTENCES).format(m=_math(boxed, rng, tags, display=False))
    if kind == "final_paren":
        return rng.choice(("Final answer: \\(\\boxed{{{b}}}\\)", "**Final answer:** \\(\\boxed{{{b}}}\\)",
                           "Final Answer: $\\boxed{{{b}}}$")).format(b=value)
    if kind == "two_forms":
        again = _restatement(node, rng)
        boxed = "\\boxed{" + value + "}"
        if again is None:
            return f"So the answer is ${boxed}$."
        tags.append("two_forms:" + again[0])
        return rng.choice(("${b}$ (i.e. ${d}$)", "${b}$ \u2014 that is, approximately ${d}$", "${b} {op} {d}$",
                           "The answer is ${b}$, or about ${d}$.")).format(b=boxed, d=again[1], op=again[0])
    if kind == "table":
        rows = "| Step | Result |\n|---|---|\n| Setup | equations written |\n| Solve | $" + value + "$ |"
        return rows + "\n\n" + rng.choice(("**Answer:** ", "Final answer: ", "")) + _math(boxed, rng, tags)
    # answer_tag
    inner = _math(boxed, rng, tags)
    return rng.choice(("<answer>\n{m}\n</answer>", "<answer>{m}</answer>", "{m}\n</answer>",
                       "The answer is {m}.</answer>")).format(m=inner)


def _items(node: object, ref: Reference) -> list[str] | None:
    """The members of a list or set of numbers (the solutions a question asks for), rendered; None otherwise."""
    if not ref.unordered or not isinstance(node, (F.Lst, F.Seq)) or isinstance(node, F.Seq) and node.open != "{":
        return None
    if not 2 <= len(node.items) <= 4 or not all(_numeric(i) for i in node.items):
        return None
    return [F.render(i) for i in node.items]


_THINK_DOUBTS = ("Wait, let me double-check that step.", "Hmm, is that right? Let me recompute.",
                 "Let me verify with a small case.", "Actually, let me re-derive the last line to be safe.")


def ending(value: str, ref: Reference, node: object, rng: random.Random, tags: list[str] | None = None) -> str:
    """One frontier-style closing of a response holding ``value`` (LaTeX) as the final answer."""
    tags = tags if tags is not None else []
    text = _frame(value, ref, node, rng, tags) + rng.choice(_CLOSERS)
    if rng.random() < 0.15:   # a check after the answer that names other numbers
        a, b = rng.randint(2, 30), rng.randint(2, 30)
        text += rng.choice(("\n\nThis agrees with a quick check for $n = {a}$, which gives ${b}$.",
                            "\n\n**Verification:** substituting back gives ${a} + {b} = {c}$ \u2713.",
                            "\n\n*Sanity check:* the smaller case with {a} items gives {b}, consistent with the pattern.")
                           ).format(a=a, b=b, c=a + b)
    if rng.random() < 0.2:
        tags.append("think")
        text = f"<think>\n{rng.choice(_THINK_DOUBTS)} Yes, it checks out.\n</think>\n\n" + text
    if rng.random() < 0.2:
        tags.append("hrule")
        text = "---\n\n" + text
    return text


def _value_text(ref: Reference, st: F.Style, rng: random.Random | None = None) -> str:
    if ref.node is not None:
        if rng is not None and st.frac == "frac" and rng.random() < 0.2:
            st = replace(st, frac=rng.choice(("tfrac", "dfrac")))
        return F.render(ref.node, st)
    text = ref.gold.strip().strip("$").strip()
    if "$" in text or text.count("{") != text.count("}"):
        return ""   # a reference written as several math segments or cut off: no single value to write
    return text


@_family(EQUIVALENT, "frontier_ending")
def _frontier_ending(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    value = _value_text(ref, st, rng)
    if not value or "\n" in value:
        return None
    return Draft(ending(value, ref, ref.node, rng), plain=True, sentence=True)


# ------------------------------------------------------------------ near-misses

def _leaves(n: object) -> list[F.Num]:
    out, stack = [], [n]
    while stack:
        x = stack.pop()
        if isinstance(x, F.Num) and "e" not in x.text:
            out.append(x)
        stack.extend(F.children(x))
    return out



def _changed(ref: Reference, rng: random.Random) -> object | None:
    """The reference with one digit changed, or its sign flipped (a scalar); None when the value stays."""
    n = ref.node
    if n is None:
        return None
    if _scalar(n) and rng.random() < 0.25:
        new = n.x if isinstance(n, F.Neg) else F.Neg(n)
    else:
        leaves = _leaves(n)
        if not leaves:
            return None
        leaf = rng.choice(leaves)
        new = F.replace_leaf(n, leaf, F.Num(F.changed_digit(leaf.text, rng)))
    return None if _same(n, new) else new


_RETRACTS = ("Wait, that overcounts: one case was counted twice. Correcting it,",
             "Hmm, I made a sign error above. Redoing the last step,",
             "Actually, that is wrong: the boundary case is not allowed. So instead",
             "But wait, let me recheck. The earlier step dropped a term; fixing it,")


@_family(NEAR_MISS, "near_frontier_ending")
def _near_frontier_ending(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    new = _changed(ref, rng)
    if new is None:
        return None
    wrong = F.render(new, st)
    if rng.random() < 0.3:   # the right value stated first, then retracted for the wrong one
        right = F.render(ref.node, st)
        first = rng.choice(("So the answer would be ${r}$.", "This gives $\\boxed{{{r}}}$.", "Tentatively, ${r}$."))
        return Draft(first.format(r=right) + "\n\n" + rng.choice(_RETRACTS) + "\n\n" + ending(wrong, ref, new, rng),
                     plain=True, sentence=True)
    return Draft(ending(wrong, ref, new, rng), plain=True, sentence=True)
