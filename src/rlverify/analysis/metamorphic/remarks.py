"""Generator families for the remarks frontier models write beside a final value (issue 14, round 5): the forms
:mod:`.closing` does not write. Each is a seeded grammar over the reference's own value.

``box_remark`` (EQUIVALENT): a box holding the value and a parenthetical that restates or justifies it
(``\\boxed{42\\text{ (i.e., } 6 \\times 7)}``, ``\\boxed{12 \\text{ (since } 3\\cdot 4=12)}``, ``\\boxed{5\\ (\\text{five})}``,
``\\boxed{\\frac12\\ (= 0.5)}``, ``\\boxed{2\\sqrt3\\ (\\approx 3.464)}``). ``near_box_remark`` (NEAR_MISS): the same remark
around a changed value, or the value with a remark that bounds, doubts or offers another value (``(at least)``,
``(or 13)``, ``(approximately)``, ``(i.e., 6 \\times 8)``, an answer line ``Answer: 5 (six)``).

``approx_alone`` (EQUIVALENT): only an approximation of an exact non-integer reference (``\\boxed{\\approx 3.464}`` for
``2\\sqrt{3}``): 6-8 significant digits, or the places a rounding sentence added to the question asks for; bare,
after the variable (``x \\approx 3.464``), in a box or on an answer line, or (a rounding asked) the decimal with a remark
that says so (``3.46 \\text{ (to the nearest hundredth)}``, ``(approx.)``). ``near_approx_alone``: the decimal two units
of its last digit off, or the approximation of a changed exact value.

``all_work`` (EQUIVALENT): a prose closing that names the 2-4 values of a "find all" reference as all working
("Both $1$ and $-3$ work.", "Either $x = 2$ or $x = 5$ works; both are solutions."). ``near_all_work``: one value
changed or dropped, or (a one-value reference) two values offered as both working.

``note_reading`` (EQUIVALENT): a clear final answer, then a note conditioned on another reading of the question
("(Note: if the question meant ordered pairs, the answer would be 14.)"). ``near_note_reading``: the same note after
a changed value, or an unconditioned second answer ("(Note: the answer could also be 14.)"). Registered by
:mod:`.families`.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal
from typing import Any

from . import forms as F
from .closing import words
from .frontier import _changed, _restatement
from .refs import Reference, _decimal, _exact, _same, _scalar, _value, _var
from .table import Families

__all__ = ["register"]

_T = Families()
register = _T.register


def _numeric(n: object) -> bool:
    return n is not None and _scalar(n) and not F.has_symbols(n)


def _integer(n: object) -> int | None:
    ex = _exact(n) if n is not None else None
    if ex is None or ex.denominator != 1 or not -10_000 < ex < 10_000:
        return None
    return int(ex)


# ------------------------------------------------------------------ box_remark

def _product(k: int, rng: random.Random) -> str | None:
    """``k`` as a product or sum of two smaller integers ('6 \\times 7', '3 \\cdot 4', '30 + 12')."""
    a = abs(k)
    divisors = [d for d in range(2, min(a, 200)) if a % d == 0 and d * d <= a]
    sign = "-" if k < 0 else ""
    if divisors and rng.random() < 0.7:
        d = rng.choice(divisors)
        op = rng.choice(("\\times", "\\cdot"))
        return f"{sign}{d} {op} {a // d}"
    if a >= 4:
        b = rng.randint(1, a - 1)
        return f"{sign}({a - b} + {b})" if sign else f"{a - b} + {b}"
    return None


def _restate(node: object, rng: random.Random, st: F.Style) -> tuple[str, str] | None:
    """(kind, text) restating the value: 'words', 'calc' (an expression of it) or 'form' (another exact form)."""
    k = _integer(node)
    if k is not None:
        kinds = ["calc", "calc"] + (["words"] if k != 0 else [])
        kind = rng.choice(kinds)
        if kind == "words":
            return "words", ("negative " if k < 0 else "") + words(abs(k))
        calc = _product(k, rng)
        return ("calc", calc) if calc else None
    again = _restatement(node, rng)
    if again is None or again[1] == F.render(node, st):
        return None
    return ("form", again[1]) if again[0] == "=" else ("approx", again[1])


def _remark(value: str, kind: str, text: str, rng: random.Random) -> str:
    if kind == "approx":         # the exact value and its decimal
        return rng.choice(("{v}\\ (\\approx {t})", "{v} \\text{{ (approximately }} {t})", "{v} \\quad (\\approx {t})",
                           "{v} \\text{{ (about }} {t}\\text{{)}}")).format(v=value, t=text)
    if kind == "words":
        return rng.choice(("{v}\\ (\\text{{{t}}})", "{v} \\text{{ ({t})}}", "{v}\\quad(\\text{{{t}}})",
                           "{v} \\; \\text{{({t})}}")).format(v=value, t=text)
    if kind == "calc" and rng.random() < 0.15:   # a justification in words, naming other numbers
        a, b = rng.randint(2, 9), rng.randint(2, 9)
        return rng.choice(("{v} \\text{{ (because there are {a} rows of {b} in each case)}}",
                           "{v}\\ (\\text{{since each of the {a} pairs is counted once}})",
                           "{v} \\text{{ (because the pattern repeats every {a} steps)}}")).format(v=value, a=a, b=b)
    if kind == "calc" and rng.random() < 0.45:   # a justification that computes the value
        return rng.choice(("{v} \\text{{ (since }} {t} = {v})", "{v}\\ (\\text{{because }} {t} = {v})",
                           "{v} \\text{{ (as }} {t} = {v}\\text{{)}}", "{v}\\quad (\\text{{since }} {t} = {v})")
                          ).format(v=value, t=text)
    return rng.choice(("{v}\\text{{ (i.e., }} {t})", "{v} \\text{{ (i.e. }} {t}\\text{{)}}", "{v}\\ (\\text{{i.e., }} {t})",
                       "{v} \\quad (\\text{{that is, }} {t})", "{v} \\text{{ (namely }} {t})", "{v}\\ (= {t})",
                       "{v} \\ (\\text{{equivalently }} {t})", "{v} \\text{{ (that is }} {t}\\text{{)}}",
                       "{v} \\text{{ (which is }} {t})", "{v}\\ (\\text{{which equals }} {t})")
                      ).format(v=value, t=text)


@_T.equivalent("box_remark")
def _box_remark(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    if not _numeric(ref.node):
        return None
    again = _restate(ref.node, rng, st)
    if again is None:
        return None
    return _T.draft(_remark(F.render(ref.node, st), *again, rng), box_only=True)


_HEDGES = ("\\text{{ (at least)}}", "\\ (\\text{{at most}})", "\\text{{ (approximately)}}", "\\ (\\text{{roughly}})",
           "\\text{{ (or more)}}", "\\ (\\text{{maybe}})", "\\text{{ (possibly)}}", "\\text{{ (or }} {w})",
           "\\ (\\text{{or }} {w})", "\\text{{ (or possibly }} {w})", "\\text{{ (about)}}", "\\ (\\text{{or fewer}})")


@_T.near_miss("near_box_remark")
def _near_box_remark(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    if not _numeric(ref.node):
        return None
    new = _changed(ref, rng)
    if new is None:
        return None
    kind = rng.random()
    if kind < 0.4:                 # the same kind of remark around a changed value
        again = _restate(new, rng, st)
        if again is None:
            return None
        return _T.draft(_remark(F.render(new, st), *again, rng), box_only=True)
    value = F.render(ref.node, st)
    k, o = _integer(ref.node), _integer(new)
    if kind < 0.5 and k is not None and o is not None and o != k and 0 <= o:   # the value, then another in words
        line = rng.choice(("**Answer:** {v} ({w})", "Answer: {v} (or {w})", "The answer is {v} ({w}).", "Final answer: {v}, or {w}"))
        return _T.draft(line.format(v=value if _integer(ref.node) is not None and "\\" not in value else f"${value}$",
                                    w=words(o)), plain=True, sentence=True)
    if kind < 0.8:                 # the value, bounded, doubted or offered with another
        hedges = _HEDGES if not _EXACT_ASKED.search(ref.question) and not isinstance(ref.node, F.Num) else \
            [h for h in _HEDGES if "approx" not in h and "rough" not in h and "about" not in h]   # a rounding asked
        return _T.draft(value + rng.choice(hedges).format(w=F.render(new, st)), box_only=True)
    again = _restate(new, rng, st)   # the value 'i.e.' another value: two values, none of them the answer
    if again is None:
        return None
    if again[0] == "words":
        return _T.draft(f"{value}\\ (\\text{{{again[1]}}})", box_only=True)
    return _T.draft(f"{value}\\text{{ (i.e., }} {again[1]})", box_only=True)


# ------------------------------------------------------------------ approx_alone

_ROUNDING = ("Round your answer to {k} decimal places.", "Give your answer to {k} decimal places.",
             "Express your answer as a decimal rounded to {k} decimal places.", "Round to the nearest {p}.",
             "Give the answer correct to {k} decimal places.", "Express the answer as a decimal to the nearest {p}.")
_PLACE = {1: "tenth", 2: "hundredth", 3: "thousandth", 4: "ten-thousandth"}


def _approx_value(ref: Reference) -> float | None:
    """The reference's value when it is an exact non-integer real with no finite short decimal, else None."""
    n = ref.node
    if not _numeric(n) or isinstance(n, F.Num):
        return None
    v = _value(n)
    if v is None or abs(v.imag) > 1e-12 or float(v.real).is_integer() or not 1e-3 < abs(v.real) < 1e7:
        return None
    ex = _exact(n)
    if ex is not None:
        d = ex.denominator
        for p in (2, 5):
            while d % p == 0:
                d //= p
        if d == 1:
            return None            # a terminating decimal is the exact value itself, no approximation
    return float(v.real)


def _rounded(v: float, places: int) -> str | None:
    s = f"{v:.{places}f}"
    scaled = abs(v) * 10 ** places
    if abs(scaled - int(scaled) - 0.5) < 1e-4 or Decimal(s) == 0:
        return None                # near a tie, or nothing left
    return s


_ROUNDED_REMARKS = ("{d} \\text{{ (approx.)}}", "{d}\\ (\\text{{rounded}})", "{d} \\text{{ (to the nearest {p})}}",
                    "{d} \\text{{ (rounded to {k} decimal places)}}", "{d}\\ (\\text{{approximately}})")


def _approx_text(ref: Reference, dec: str, rng: random.Random, places: int | None = None) -> tuple[str, bool]:
    """(the answer, whether it is box-only content); ``places``: the rounding the question asks for, which a remark
    may repeat ('3.46 (to the nearest hundredth)')."""
    var = _var(ref)
    kind = rng.choice(("box", "box", "box_var", "line", "display") + (("remark", "remark") if places else ()))
    if kind == "remark":
        return rng.choice(_ROUNDED_REMARKS).format(d=dec, k=places, p=_PLACE[places]), True
    if kind == "box":
        return rng.choice(("\\approx {d}", "\\approx {d}", "\\approx\\ {d}", "\\approx {d} \\ldots")).format(d=dec), True
    if kind == "box_var":
        return f"{var} \\approx {dec}", True
    if kind == "line":
        return rng.choice(("**Answer:** $\\approx {d}$", "Final answer: $\\approx {d}$", "The answer is $\\approx {d}$.",
                           "**Final Answer:** $\\boxed{{\\approx {d}}}$", "Answer: \u2248 {d}")).format(d=dec), False
    return rng.choice(("$$\\boxed{{\\approx {d}}}$$", "\\[\n{v} \\approx {d}\n\\]", "$${v} \\approx {d}$$")
                      ).format(d=dec, v=var), False


_EXACT_ASKED = re.compile(r"exact|simplest|radical|fraction|in terms of|round|decimal|nearest", re.I)


def _approx_draft(ref: Reference, rng: random.Random, v: float, wrong_ulps: int = 0) -> Any:
    if _EXACT_ASKED.search(ref.question):
        return None                # a question that asks for an exact form, or a rounding of its own
    k = None
    if rng.random() < 0.5:
        k = rng.randint(2, 4)
        dec = _rounded(v, k)
        if dec is None or len(dec.lstrip("-").replace(".", "").lstrip("0")) < 3:
            return None            # fewer than three significant digits left: no approximation worth stating
        question = ref.question.rstrip() + " " + rng.choice(_ROUNDING).format(k=k, p=_PLACE[k])
    else:
        dec = _decimal(v, rng.choice((6, 7, 8)))
        question = None
    if dec is None:
        return None
    if wrong_ulps:
        ulp = Decimal(1).scaleb(Decimal(dec).as_tuple().exponent)
        dec = str(Decimal(dec) + ulp * wrong_ulps)
        if "E" in dec or Decimal(dec) == 0:
            return None
    text, box_only = _approx_text(ref, dec, rng, k)
    if box_only:
        return _T.draft(text, box_only=True, question=question)
    return _T.draft(text, plain=True, sentence=True, question=question)


@_T.equivalent("approx_alone")
def _approx_alone(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    v = _approx_value(ref)
    return None if v is None else _approx_draft(ref, rng, v)


@_T.near_miss("near_approx_alone")
def _near_approx_alone(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    v = _approx_value(ref)
    if v is None:
        return None
    if rng.random() < 0.5:
        return _approx_draft(ref, rng, v, wrong_ulps=rng.choice((-3, -2, 2, 3)))
    new = _changed(ref, rng)
    w = _value(new) if new is not None else None
    if w is None or abs(w.imag) > 1e-12 or abs(w.real - v) < 0.01 * max(1.0, abs(v)):
        return None                # the changed value must not round to the same decimal
    return _approx_draft(ref, rng, float(w.real))


# ------------------------------------------------------------------ all_work

def _members(ref: Reference) -> list[object] | None:
    n = ref.node
    if not ref.unordered or not isinstance(n, (F.Lst, F.Seq)) or isinstance(n, F.Seq) and n.open != "{":
        return None
    items = list(n.items)
    if not 2 <= len(items) <= 4 or not all(_numeric(i) for i in items):
        return None
    if len({F.render(i) for i in items}) != len(items):
        return None
    return items


def _joined(parts: list[str], word: str) -> str:
    if len(parts) == 2:
        return f"{parts[0]} {word} {parts[1]}"
    return ", ".join(parts[:-1]) + f", {word} {parts[-1]}"


def _all_work_text(ref: Reference, values: list[str], rng: random.Random) -> str:
    var = _var(ref)
    named = rng.random() < 0.5
    shown = [f"${var} = {v}$" if named else f"${v}$" for v in values]
    k = len(values)
    both = "Both" if k == 2 else "All " + ("three" if k == 3 else "four")
    noun = rng.choice(("values", "solutions", "roots", "candidates"))
    forms = [f"{both} {_joined(shown, 'and')} work.",
             f"{both} {noun} check out: {_joined(shown, 'and')}.",
             f"{both} {noun}, {_joined(shown, 'and')}, satisfy the equation.",
             f"{both} {_joined(shown, 'and')} satisfy the equation.",
             f"So {_joined(shown, 'and')} {'both' if k == 2 else 'all'} work.",
             f"The values {_joined(shown, 'and')} {'both' if k == 2 else 'all'} check out, so these are the solutions.",
             f"After checking, {_joined(shown, 'and')} are {'both' if k == 2 else 'all'} valid solutions."]
    if k == 2:
        forms += [f"Either {shown[0]} or {shown[1]} works; both are solutions.",
                  f"Either {shown[0]} or {shown[1]} works, and both are valid.",
                  f"{shown[0][:-1]} \\text{{ or }} {shown[1][1:]} (both work).",
                  f"Hence {shown[0]} or {shown[1]}; both values satisfy the original equation."]
    else:
        forms += [f"Each of {_joined(shown, 'and')} works, so all of them are solutions."]
    return rng.choice(forms)


@_T.equivalent("all_work")
def _all_work(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    items = _members(ref)
    if items is None:
        return None
    items = rng.sample(items, len(items))
    return _T.draft(_all_work_text(ref, [F.render(i, st) for i in items], rng), plain=True, sentence=True)


@_T.near_miss("near_all_work")
def _near_all_work(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    items = _members(ref)
    if items is None:
        if not _numeric(ref.node) or rng.random() < 0.5:
            return None
        new = _changed(ref, rng)          # one value asked for, two offered as both working
        if new is None:
            return None
        pair = [F.render(ref.node, st), F.render(new, st)]
        return _T.draft(_all_work_text(ref, rng.sample(pair, 2), rng), plain=True, sentence=True)
    wrong = list(items)
    if len(items) >= 3 and rng.random() < 0.3:
        del wrong[rng.randrange(len(wrong))]
    else:
        k = rng.randrange(len(items))
        new = _changed(Reference(**{**ref.__dict__, "node": items[k]}), rng)
        if new is None or any(_same(new, i) for i in items):
            return None
        wrong[k] = new
    return _T.draft(_all_work_text(ref, [F.render(i, st) for i in rng.sample(wrong, len(wrong))], rng),
                    plain=True, sentence=True)


# ------------------------------------------------------------------ note_reading

_READINGS = ("ordered pairs", "unordered pairs", "the perimeter rather than the area", "strict inequalities",
             "the endpoints included", "distinct values only", "$n \\ge 0$ instead of $n \\ge 1$", "the sum instead",
             "arrangements up to rotation", "repetition allowed", "the number of distinct solutions",
             "the smallest such value")
_CONDITIONS = ("if the question meant {r}", "if the problem intended {r}", "if the problem instead asks for {r}",
               "if one reads the question as asking for {r}", "if the question is interpreted as {r}",
               "under the other reading ({r})", "if the problem wanted {r}", "if we were to count {r} instead",
               "were the question to ask for {r}", "if order matters", "if ordered pairs are counted",
               "if repetition is allowed", "if the endpoints are included", "if only distinct values are counted",
               "if rotations are considered different", "if $0$ is excluded", "counting {r} instead")
_CONSEQUENCES = ("the answer would be {w}", "the answer would instead be {w}", "one would get {w}",
                 "the count would be {w}", "the result would change to {w}", "it would be {w}")
_NOTES = ("(Note: {c}, {q}.)", "*Note:* {C}, {q}.", "**Note:** {C}, {q}.", "Remark: {c}, {q}.",
          "(If instead {c2}, {q}.)", "Note that {c}, {q}; as stated, though, the value above stands.")
_STATEMENTS = ("The answer is $\\boxed{{{v}}}$.", "$$\\boxed{{{v}}}$$", "**Answer:** $\\boxed{{{v}}}$",
               "**Final Answer:** ${v}$", "Therefore, the answer is $\\boxed{{{v}}}$.", "**Answer:** ${v}$")


def _note(w: str, rng: random.Random) -> str:
    r = rng.choice(_READINGS)
    c = rng.choice(_CONDITIONS).format(r=r)
    q = rng.choice(_CONSEQUENCES).format(w=f"${w}$")
    notes = _NOTES if c.startswith("if ") else [n for n in _NOTES if "{c2}" not in n]
    return rng.choice(notes).format(c=c, C=c[0].upper() + c[1:], q=q, c2=c[3:])


def _other(ref: Reference, rng: random.Random, st: F.Style) -> str | None:
    """Another value of a numeric reference, rendered (None for a reference that is no number, or none drawn)."""
    new = _changed(ref, rng) if _numeric(ref.node) else None
    return None if new is None else F.render(new, st)


def _note_closing(value: str, other: str, rng: random.Random) -> str:
    return rng.choice(_STATEMENTS).format(v=value) + rng.choice(("\n\n", " ", "\n")) + _note(other, rng)


@_T.equivalent("note_reading")
def _note_reading(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    other = _other(ref, rng, st)
    if other is None:
        return None
    return _T.draft(_note_closing(F.render(ref.node, st), other, rng), plain=True, sentence=True)


_SECOND = ("(Note: the answer could also be ${w}$.)", "*Note:* it may also be ${w}$.", "Alternatively, the answer is ${w}$.",
           "(Or possibly ${w}$.)", "**Note:** ${w}$ is also a valid answer.", "Note: the answer might be ${w}$ instead.")


@_T.near_miss("near_note_reading")
def _near_note_reading(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    other = _other(ref, rng, st)
    if other is None:
        return None
    if rng.random() < 0.5:          # the same conditioned note after a changed value
        return _T.draft(_note_closing(other, F.render(ref.node, st), rng), plain=True, sentence=True)
    value = F.render(ref.node, st)  # an unconditioned second answer: a hedge
    return _T.draft(rng.choice(_STATEMENTS).format(v=value) + rng.choice(("\n\n", " ")) + rng.choice(_SECOND).format(w=other),
                    plain=True, sentence=True)

