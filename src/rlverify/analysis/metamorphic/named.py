"""Metamorphic families for answers that name their items: labelled values against a bare list, order chains
against a list, and a free parameter renamed (issue 14's families, not examples).

* ``labelled_values``: the reference's list (a real list or tuple reference of 2-5 values) written with a
  label per value, the labels in another order than the question's, in every labelling style (``Paolo: 18``,
  ``Paolo = 18``, ``\\text{Paolo } 18``, ``18\\ (\\text{Paolo})``, ``\\text{Paolo is } 18``, one per line).
  The labels come from the question when its request enumerates symbols (``Determine $a$ and $b$``, the
  ordered pair ``$(p,q,r)$``); else the question is a small grammar over names and nouns (``Find the ages
  of Paolo, Maria and Luca.``) with the reference's values in its order; for a question that asks for all
  values (a set) the labels are indices (``x_1 = -2, x_2 = 1``) in any order.
  Near-misses: two labels' values swapped (``near_labelled_swap``), one value changed
  (``near_labelled_value``), one label missing (``near_labelled_missing``).
* ``order_chain``: the distinct real values of a real list reference, to be ordered by a question from a
  small grammar (``Arrange ... from least to greatest``, ``Order $a$, $b$, $c$ from greatest to least``
  with the values given to letters); the reference is the ordered list (or a chain, as datasets write
  it), the answer a strict chain in either direction (``<``, ``\\lt``, ``>``, ``\\gt``) or, against a chain,
  the list. Near-misses: two adjacent items swapped (``near_order_swap``), an item missing
  (``near_order_missing``), an item repeated in another's place (``near_order_repeat``), the right items
  chained in the wrong direction (``near_order_reversed``).
* ``rename_param``: a parametric reference built from a real integer list or tuple reference (each entry
  ``c`` as ``ck`` or ``k + c``; a scalar ``ck + d``; ``x = \\theta + 2\\pi k`` from a real reference holding
  pi) against the same with the parameter renamed, the question of the reference naming neither letter.
  Near-misses: a real reference's symbol that its question names (``n`` in ``(n-2)2^n+1``) renamed
  (``near_rename_named``); the parameter renamed in some places only (``near_rename_inconsistent``); renamed
  with one coefficient changed (``near_rename_value``).

:func:`register` adds the families to the generator's tables (called by :mod:`.families`).
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction
from typing import Callable

from . import forms as F
from .refs import Reference, _exact, _is_interval, _same, _scalar, _value

__all__ = ["register"]

_NAMES = ("Paolo", "Maria", "Luca", "Anna", "Omar", "Priya", "Kenji", "Sofia", "Tomas", "Lena", "Diego", "Amara",
          "Felix", "Ines", "Yusuf", "Clara")
_NOUNS = ("ages", "scores", "heights in centimeters", "numbers of marbles", "savings in dollars", "weights",
          "final positions", "values")
_ASKS = ("Find the {noun} of {names}.", "Determine the {noun} of {names}.", "What are the {noun} of {names}?",
         "Compute the {noun} of {names}.", "Give the {noun} of {names}.")
_LETTERS = "abcdfghkmnpqrstuvwyz"


# ------------------------------------------------------------------ helpers

def _items(ref: Reference, lo: int = 2, hi: int = 5) -> tuple | None:
    """The items of a list / ordered tuple reference of constant scalars, not a digit-grouped number."""
    n = ref.node
    if isinstance(n, F.Seq) and (n.open != "(" or _is_interval(n, ref)):
        return None
    if not isinstance(n, (F.Lst, F.Seq)) or not lo <= len(n.items) <= hi:
        return None
    if not all(_scalar(i) and not F.has_symbols(i) and _value(i) is not None for i in n.items):
        return None
    texts = [F.render(i) for i in n.items]
    if len(texts[0]) <= 3 and all(re.fullmatch(r"\d{3}", t) for t in texts[1:]):
        return None                                  # 154,320,000: one number with digit groups
    return n.items


def _join(parts: list[str], rng: random.Random) -> tuple[str, bool]:
    """The parts joined as model output lists them; True when the result must sit in a box (line breaks)."""
    kind = rng.random()
    if kind < 0.15:
        return " \\\\ ".join(parts), True
    if kind < 0.25:
        return "\\begin{aligned}" + " \\\\ ".join(p.replace(" = ", " &= ", 1) for p in parts) + "\\end{aligned}", True
    if kind < 0.4 and len(parts) >= 2:
        return ", ".join(parts[:-1]) + rng.choice((", \\text{ and } ", " \\text{ and } ")) + parts[-1], False
    return rng.choice((", ", "; ", ",\\ ", ",\\quad ")).join(parts), False


def _free_letters(question: str, k: int, rng: random.Random, avoid: set[str] = frozenset()) -> list[str] | None:
    """Letters the question never uses: not in any of its math, not as a lone letter in its prose."""
    math = " ".join(re.findall(r"\$[^$]*\$|\\\(.*?\\\)|\\\[.*?\\\]", question, re.S))
    free = [c for c in _LETTERS if c not in avoid and c not in math
            and not re.search(rf"(?<![A-Za-z\\]){c}(?![A-Za-z])", question)]
    return rng.sample(free, k) if len(free) >= k else None


# ------------------------------------------------------------------ labelled values

_ASK_SENTENCE = re.compile(r"[^.?!]*\b(?:find|determine|compute|what|enter|give|calculate)\b[^.?!]*[.?!]?\s*$", re.I)


def _question_labels(ref: Reference, n: int) -> list[str] | None:
    """Symbols the question's request names in order (``$a$ and $b$``, ``$(p,q,r)$``), when there are ``n``."""
    ask = _ASK_SENTENCE.search(ref.question.strip())
    if not ask:
        return None
    sent = ask.group(0)
    m = re.search(r"\$\s*\(\s*([a-zA-Z](?:\s*,\s*[a-zA-Z])+)\s*\)\s*\$", sent)   # the ordered pair $(a, b)$ asked for
    if m:
        names = [x.strip() for x in m.group(1).split(",")]
        return names if len(names) == n and len(set(names)) == n else None
    found = re.findall(r"\$\s*([a-zA-Z](?:\s*,\s*[a-zA-Z])*)\s*\$", sent)
    names = [x.strip() for f in found for x in f.split(",")]
    between = re.sub(r"\$[^$]*\$", "@", sent)
    if len(names) != n or len(set(names)) != n or not re.search(r"@(?:\s*,\s*@)*\s*,?\s*and\s+@", between):
        return None
    return names


def _labelled_setup(ref: Reference, rng: random.Random) -> tuple[list[str], tuple, str | None, str] | None:
    """(labels in the question's order, values, question or None to keep the reference's, kind)."""
    items = _items(ref)
    if items is None:
        return None
    if ref.unordered:
        var = "x" if not re.search(r"(?<![A-Za-z\\])x(?![A-Za-z])", ref.question) else rng.choice("nkm")
        return [f"{var}_{{{i + 1}}}" if rng.random() < 0.3 else f"{var}_{i + 1}" for i in range(len(items))], \
            items, None, "set"
    named = _question_labels(ref, len(items))
    if named is not None and rng.random() < 0.6:
        return named, items, None, "symbols"
    names = rng.sample(_NAMES, len(items))
    listed = ", ".join(names[:-1]) + rng.choice((" and ", ", and ")) + names[-1]
    question = rng.choice(_ASKS).format(noun=rng.choice(_NOUNS), names=listed)
    return names, items, question, "names"


def _label_item(label: str, value: str, kind: str, rng: random.Random) -> str:
    if kind != "names":
        return rng.choice((f"{label} = {value}", f"{label}: {value}", f"{label} \\colon {value}"))
    return rng.choice((f"{label} = {value}", f"\\text{{{label}: }} {value}", f"\\text{{{label} }} {value}",
                       f"{value}\\ (\\text{{{label}}})", f"{value} \\text{{ ({label})}}",
                       f"\\text{{{label} is }} {value}", f"\\text{{{label}}}: {value}"))


def _labelled_draft(draft: type, labels: list[str], values: list[str], kind: str, question: str | None,
                    rng: random.Random) -> object:
    order = list(range(len(labels)))
    rng.shuffle(order)
    parts = [_label_item(labels[i], values[i], kind, rng) for i in order]
    text, boxed = _join(parts, rng)
    return draft(text, box_only=boxed, question=question)


def _labelled_values(draft: type) -> Callable:
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> object:
        got = _labelled_setup(ref, rng)
        if got is None:
            return None
        labels, items, question, kind = got
        return _labelled_draft(draft, labels, [F.render(i, st) for i in items], kind, question, rng)
    return fam


def _near_labelled(draft: type, how: str) -> Callable:
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> object:
        got = _labelled_setup(ref, rng)
        if got is None:
            return None
        labels, items, question, kind = got
        items = list(items)
        if how == "swap":
            if kind == "set":
                return None
            pairs = [(i, j) for i in range(len(items)) for j in range(i + 1, len(items)) if not _same(items[i], items[j])]
            if not pairs:
                return None
            i, j = rng.choice(pairs)
            items[i], items[j] = items[j], items[i]
        elif how == "value":
            i = rng.randrange(len(items))
            ex = _exact(items[i])
            if ex is None:
                return None
            new = ex + rng.choice((-2, -1, 1, 3))
            items[i] = F.parse(str(new.numerator) if new.denominator == 1 else f"\\frac{{{new.numerator}}}{{{new.denominator}}}")
        else:                                     # still a labelled list: one of three or more left out
            if len(items) < 3:
                return None
            i = rng.randrange(len(items))
            del items[i]
            labels = labels[:i] + labels[i + 1:]
        return _labelled_draft(draft, labels, [F.render(x, st) for x in items], kind, question, rng)
    return fam


# ------------------------------------------------------------------ order chains

_UP_ASKS = ("Arrange the numbers {xs} from least to greatest.", "Order {xs} from smallest to largest.",
            "Write {xs} in increasing order.", "List the numbers {xs} in ascending order.",
            "Rank {xs} from least to greatest.", "Put {xs} in order from least to greatest.")
_DOWN_ASKS = ("Arrange the numbers {xs} from greatest to least.", "Order {xs} from largest to smallest.",
              "Write {xs} in decreasing order.", "List the numbers {xs} in descending order.",
              "Rank {xs} from greatest to least.")
_LT, _GT = ("<", "<", "\\lt", " < "), (">", ">", "\\gt", " > ")


def _order_setup(ref: Reference, rng: random.Random, st: F.Style) -> tuple[list[str], str, str, str] | None:
    """(items in the asked order, direction, question, gold) for the distinct real values of a list reference."""
    items = _items(ref, 3, 5)
    if items is None:
        return None
    vals = [_value(i) for i in items]
    if any(abs(v.imag) > 1e-12 for v in vals):
        return None
    reals = [v.real for v in vals]
    if len({round(x, 9) for x in reals}) != len(reals):
        return None
    up = rng.random() < 0.6
    ranked = sorted(range(len(items)), key=lambda i: reals[i], reverse=not up)
    asks = _UP_ASKS if up else _DOWN_ASKS
    if rng.random() < 0.5:                     # letters a, b, c given the values
        letters = rng.sample("abcdpqr", len(items))
        defs = ", ".join(f"${letters[i]} = {F.render(items[i], st)}$" for i in range(len(items)))
        xs = ", ".join(f"${c}$" for c in letters)
        question = f"Let {defs}. " + rng.choice(asks).format(xs=xs).replace("the numbers ", "")
        ordered = [letters[i] for i in ranked]
    else:
        shown = list(range(len(items)))
        rng.shuffle(shown)
        xs = ", ".join(f"${F.render(items[i], st)}$" for i in shown)
        question = rng.choice(asks).format(xs=xs)
        ordered = [F.render(items[i], st) for i in ranked]
    direction = "<" if up else ">"
    chain_gold = rng.random() < 0.3
    sep = f" {direction} " if chain_gold else ", "
    return ordered, direction, question, sep.join(ordered)


def _chain(items: list[str], op: str, rng: random.Random) -> str:
    token = rng.choice(_LT if op == "<" else _GT)
    return (f" {token} " if not token.startswith(" ") else token).join(items).replace("  ", " ")


def _order_answer(ordered: list[str], direction: str, gold: str, rng: random.Random) -> str:
    if "<" in gold or ">" in gold:
        if rng.random() < 0.5:
            return ", ".join(ordered)           # the list against the chain reference
    if rng.random() < 0.5:
        return _chain(ordered, direction, rng)
    return _chain(ordered[::-1], "<" if direction == ">" else ">", rng)


def _order_chain(draft: type) -> Callable:
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> object:
        got = _order_setup(ref, rng, st)
        if got is None:
            return None
        ordered, direction, question, gold = got
        return draft(_order_answer(ordered, direction, gold, rng), gold=gold, question=question)
    return fam


def _near_order(draft: type, how: str) -> Callable:
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> object:
        got = _order_setup(ref, rng, st)
        if got is None:
            return None
        ordered, direction, question, gold = got
        wrong = list(ordered)
        if how == "swap":
            i = rng.randrange(len(wrong) - 1)
            wrong[i], wrong[i + 1] = wrong[i + 1], wrong[i]
        elif how == "missing":
            del wrong[rng.randrange(len(wrong))]
        elif how == "repeat":
            i, j = rng.sample(range(len(wrong)), 2)
            wrong[i] = wrong[j]
        else:                                    # the right order, chained the wrong way round
            return draft(_chain(ordered, ">" if direction == "<" else "<", rng), gold=gold, question=question)
        if rng.random() < 0.5:
            return draft(_chain(wrong, direction, rng), gold=gold, question=question)
        return draft(_chain(wrong[::-1], "<" if direction == ">" else ">", rng), gold=gold, question=question)
    return fam


# ------------------------------------------------------------------ renamed parameters

def _term(c: Fraction, p: str, form: int) -> str:
    """One parametric entry from an integer ``c``: ``ck`` or ``k + c`` (never a bare constant)."""
    c = int(c)
    if form == 0 and c != 0:
        return p if c == 1 else f"-{p}" if c == -1 else f"{c}{p}"
    return p if c == 0 else f"{p} + {c}" if c > 0 else f"{p} - {-c}"


def _param_template(ref: Reference, rng: random.Random) -> str | None:
    """A parametric reference with ``{P}`` for the parameter, from a real integer list/tuple/scalar or a pi value."""
    n = ref.node
    if n is None:
        return None
    if isinstance(n, (F.Lst, F.Seq)) and not _is_interval(n, ref) and 2 <= len(n.items) <= 4:
        ex = [_exact(i) for i in n.items]
        if any(e is None or e.denominator != 1 or abs(e) > 999 for e in ex):
            return None
        return "(" + ", ".join(_term(e, "{P}", rng.randrange(2)) for e in ex) + ")"
    ex = _exact(n) if _scalar(n) else None
    if ex is not None and ex.denominator == 1 and 1 < abs(ex) < 1000:
        d = rng.randint(1, 9)
        return f"{int(ex)}{{P}} + {d}" if rng.random() < 0.5 else f"{{P}}^2 + {int(ex)}"
    if _scalar(n) and F.Sym("pi") in set(_walk(n)) and not _others(n):
        return "x = " + F.render(n) + " + 2\\pi {P}"
    return None


def _others(n: object) -> bool:
    return any(isinstance(x, F.Sym) and x.name not in ("pi",) for x in _walk(n))


def _walk(n: object):
    yield n
    for c in F.children(n):
        yield from _walk(c)


def _fill(template: str, p: str) -> str:
    return template.replace("{P}", p)


def _rename_param(draft: type) -> Callable:
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> object:
        t = _param_template(ref, rng)
        letters = _free_letters(ref.question, 2, rng, avoid={"x"}) if t else None
        if not letters:
            return None
        p, q = letters
        gold, answer = _fill(t, p), _fill(t, q)
        if t.startswith("x = ") and rng.random() < 0.5:
            answer += rng.choice((f", \\ {q} \\in \\mathbb{{Z}}", f" \\quad ({q} \\in \\mathbb{{Z}})"))
        return draft(answer, gold=gold)
    return fam


def _near_rename_inconsistent(draft: type) -> Callable:
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> object:
        t = _param_template(ref, rng)
        if t is None or t.count("{P}") < 2:
            return None
        letters = _free_letters(ref.question, 3, rng, avoid={"x"})
        if not letters:
            return None
        p, q, r = letters
        k = t.count("{P}")
        keep = rng.randrange(k)                   # this occurrence is not renamed like the others
        other = rng.choice((p, r))
        pieces = t.split("{P}")
        answer = pieces[0] + "".join((other if i == keep else q) + pieces[i + 1] for i in range(k))
        return draft(answer, gold=_fill(t, p))
    return fam


def _near_rename_value(draft: type) -> Callable:
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> object:
        t = _param_template(ref, rng)
        letters = _free_letters(ref.question, 2, rng, avoid={"x"}) if t else None
        if not letters or t.startswith("x = "):
            return None
        p, q = letters
        nums = list(re.finditer(r"\d+", t))
        if not nums:
            return None
        m = rng.choice(nums)
        wrong = t[:m.start()] + str(int(m.group(0)) + rng.choice((1, 2, 3))) + t[m.end():]
        return draft(_fill(wrong, q), gold=_fill(t, p))
    return fam


def _rename_sym(n: object, old: str, new: str) -> object:
    if isinstance(n, F.Sym):
        return F.Sym(new) if n.name == old else n
    if isinstance(n, F.Num):
        return n
    if isinstance(n, F.Mat):
        return F.Mat(tuple(tuple(_rename_sym(c, old, new) for c in r) for r in n.rows))
    fields = {}
    for k in n.__dataclass_fields__:
        v = getattr(n, k)
        if isinstance(v, tuple):
            fields[k] = tuple(_rename_sym(x, old, new) if not isinstance(x, str) else x for x in v)
        elif v is not None and not isinstance(v, str):
            fields[k] = _rename_sym(v, old, new)
    return replace(n, **fields)


def _near_rename_named(draft: type) -> Callable:
    """A real reference's letter that its question names, renamed everywhere to a letter it does not."""
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> object:
        n = ref.node
        if n is None or not (_scalar(n) or isinstance(n, F.Seq) and n.open == "(" and not _is_interval(n, ref)):
            return None
        if isinstance(n, F.Func) or "=" in ref.value_text or "\\text" in ref.value_text:
            return None
        names = sorted({x.name for x in _walk(n) if isinstance(x, F.Sym) and len(x.name) == 1
                        and x.name not in "eiI" and re.search(rf"\${{1,2}}[^$]*(?<![A-Za-z\\]){x.name}(?![A-Za-z])"
                                                              rf"[^$]*\$", ref.question)})
        if not names:
            return None
        old = rng.choice(names)
        letters = _free_letters(ref.question, 1, rng, avoid={x.name for x in _walk(n) if isinstance(x, F.Sym)})
        if not letters:
            return None
        new = _rename_sym(n, old, letters[0])
        return draft(F.render(new, st))
    return fam


# ------------------------------------------------------------------ registration

def register(equivalent: dict, near_miss: dict, draft: type) -> None:
    """Add the families to the generator's tables; ``draft`` is its Draft class."""
    equivalent["labelled_values"] = _labelled_values(draft)
    equivalent["order_chain"] = _order_chain(draft)
    equivalent["rename_param"] = _rename_param(draft)
    near_miss["near_labelled_swap"] = _near_labelled(draft, "swap")
    near_miss["near_labelled_value"] = _near_labelled(draft, "value")
    near_miss["near_labelled_missing"] = _near_labelled(draft, "missing")
    near_miss["near_order_swap"] = _near_order(draft, "swap")
    near_miss["near_order_missing"] = _near_order(draft, "missing")
    near_miss["near_order_repeat"] = _near_order(draft, "repeat")
    near_miss["near_order_reversed"] = _near_order(draft, "reversed")
    near_miss["near_rename_named"] = _near_rename_named(draft)
    near_miss["near_rename_inconsistent"] = _near_rename_inconsistent(draft)
    near_miss["near_rename_value"] = _near_rename_value(draft)
