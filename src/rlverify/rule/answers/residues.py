"""Residue classes in every notation: ``n \\equiv 1 \\pmod 3``, ``n = 3k + 1``, ``3k+1 \\ (k \\in \\mathbb{Z})``,
``n \\bmod 3 = 1``, ``n \\equiv 1, 4 \\pmod 6``, several classes joined by "or" or commas, the classes left when
one is left out (``n \\not\\equiv 2 \\pmod 3``, ``3 \\nmid n``, ``n not divisible by 3``).

Interface::

    residue_classes(text) -> Classes | None     the classes a span states, or None when it is not (only) that
    same_classes(answer, gold) -> bool | None   both spans read: the same set of integers; else None

Two readings compare on the lcm of their moduli (``n \\equiv 1 \\pmod 3`` is ``n \\equiv 1, 4 \\pmod 6``). A span
is read only when nothing but the classes and known fillers is left ("all", "integers", "for some integer
k", "k \\in \\mathbb{Z}", "k \\ge 0"): a further condition (``n \\equiv 1 \\pmod 3, n > 5``) leaves it unread.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from .latex import clean, split_top

__all__ = ["Classes", "residue_classes", "same_classes"]

_MAX_MODULUS = 10_000
_TEXT = re.compile(r"\\(?:text|textrm|mathrm|mbox|textnormal|operatorname)\s*\{([^{}]*)\}")
_FILLER = re.compile(
    r"\b(?:of|in)\s+the\s+form\b|\b(?:all|every|any|the)\b|\b(?:positive|nonnegative|non-negative|natural)?\s*(?:integers?|numbers?)\b"
    r"|\b(?:where|for|with)\s+(?:some|any|all|every|an?)?\s*(?:integers?|natural numbers?)?\s*[a-z]\s*"
    r"(?:\\in\s*\\mathbb\s*\{?[ZN]\}?(?:\^\s*\{?\+\}?|_\s*\{?(?:\\geq?|>)?\s*0\}?)?|\\geq?\s*0|\\geq?\s*1|>\s*0"
    r"|\s+(?:is\s+)?(?:an?\s+)?(?:integer|natural number|nonnegative integer))?"
    r"|[a-z]\s*\\in\s*\\mathbb\s*\{?[ZN]\}?(?:\^\s*\{?\+\}?)?|\b[a-z]\s+(?:is\s+)?(?:an?\s+)?integer\b"
    r"|\b(?:such that|satisfying|with|where)\b|[a-z]\s*\\geq?\s*[01]\b|[a-z]\s*>\s*0\b", re.I)
# the modulus of a congruence: '\\pmod{3}', '(\\bmod 3)', '\\mod 3', '(mod 3)', 'mod 3' (its five groups: one matches)
_MODULUS = (r"(?:\\pmod\s*\{?\s*(\d+)\s*\}?|\(\s*\\?(?:mod|bmod)\s*\{?\s*(\d+)\s*\}?\s*\)|\\(?:b?mod)\s*\{?\s*(\d+)\s*\}?"
            r"|\(\s*mod\s*(\d+)\s*\)|\bmod\s*(\d+))")
_CONGRUENCE = re.compile(
    r"(?:([a-zA-Z])\s*)?\\equiv\s*((?:-?\d+\s*(?:,|\\text\{\s*or\s*\}|\bor\b)\s*)*-?\d+)\s*" + _MODULUS)
_MOD_EQ = re.compile(r"([a-zA-Z])\s*(?:\\bmod|\\mod|\bmod)\s*\{?\s*(\d+)\s*\}?\s*=\s*(-?\d+)")
_LINEAR = re.compile(r"(?:([a-zA-Z])\s*=\s*)?(?:(\d+)\s*(?:\\cdot\s*)?([a-z])\s*([+-])\s*(\d+)|(\d+)\s*([+-])\s*(\d+)\s*(?:\\cdot\s*)?([a-z]))"
                     r"(?![\w^{(])")
_PURE_MULTIPLE = re.compile(r"(?:([a-zA-Z])\s*=\s*)?(\d+)\s*(?:\\cdot\s*)?([a-z])(?![\w^{(])")


@dataclass(frozen=True)
class Classes:
    modulus: int
    residues: frozenset[int]

    def on(self, modulus: int) -> frozenset[int]:
        """The same set of integers as residues modulo a multiple of this modulus."""
        k = modulus // self.modulus
        return frozenset((r + j * self.modulus) % modulus for r in self.residues for j in range(k))


def _plain(text: str) -> str:
    s = _TEXT.sub(lambda m: " " + m.group(1) + " ", clean(text))
    s = re.sub(r"\\[,;:! ]|\\q?quad(?![a-zA-Z])|~|\\left|\\right", " ", s)
    return re.sub(r"\s+", " ", s).strip()


def _classes(pieces: list[tuple[int, list[int]]]) -> Classes | None:
    if not pieces:
        return None
    lcm = 1
    for m, _ in pieces:
        if m <= 0 or m > _MAX_MODULUS:
            return None
        lcm = lcm * m // math.gcd(lcm, m)
        if lcm > _MAX_MODULUS:
            return None
    out: set[int] = set()
    for m, rs in pieces:
        out |= Classes(m, frozenset(r % m for r in rs)).on(lcm)
    return Classes(lcm, frozenset(out))


def residue_classes(text: str, named: frozenset[str] = frozenset()) -> Classes | None:
    """``named``: letters the question names (never a free parameter: ``3n+1`` is a formula in a named n)."""
    if len(text) > 300:
        return None
    s = _plain(text)
    worded = _worded(s)
    if worded is not None:
        return worded
    if "not" in s or "nmid" in s or "\u2262" in s or "nequiv" in s or "ndivisible" in s:
        return _complement(s)
    params = (_PARAMS | (_UNIT_LIKE if "=" in s or _INTEGER_WORDS.search(s) else frozenset())) - named
    pieces: list[tuple[int, list[int]]] = []
    names: set[str] = set()
    rest = s
    for rx, read in ((_CONGRUENCE, _read_congruence), (_MOD_EQ, _read_mod_eq), (_LINEAR, _read_linear)):
        for m in list(rx.finditer(rest)):
            if rx is _LINEAR and (m.group(3) or m.group(9)) not in params:
                return None
            got = read(m)
            if got is None:
                return None
            (mod, rs), name = got
            pieces.append((mod, rs))
            if name:
                names.add(name)
        rest = rx.sub(" ", rest)
    for m in _PURE_MULTIPLE.finditer(rest):
        if m.group(3) not in params or int(m.group(2)) < 2:
            return None
        pieces.append((int(m.group(2)), [0]))
        if m.group(1):
            names.add(m.group(1))
    rest = _PURE_MULTIPLE.sub(" ", rest)
    if len(names) > 1:
        return None
    rest = _FILLER.sub(" ", rest)
    rest = re.sub(r"\b(?:or|and)\b|[,;.:(){}\\]|\bn\b", " ", rest)
    if rest.strip():
        return None          # something else is said: a condition, a word, a second variable
    return _classes(pieces)


# one class said in words: 'n odd', 'all even n', 'n is odd', 'the odd integers', '3 \\mid n', 'multiples of 4'
_PARITY = re.compile(r"\b(odd|even)\b", re.I)
_DIVIDES = re.compile(r"\b(\d+)\s*(?:\\mid|\|)\s*([a-zA-Z])\b")
_MULTIPLES = re.compile(r"\b(?:(?:positive|nonnegative|non-negative)\s+)?multiples?\s+of\s+(\d+)\b", re.I)
_WORD_FILLER = re.compile(r"\b(?:is|are|must|be|number|numbers|values?|of|all|every|any|the|integers?|natural|positive"
                          r"|nonnegative|non-negative|such|that)\b|\b[a-zA-Z]\b|[,;.:()]", re.I)


def _worded(s: str) -> Classes | None:
    """The one class a span states in words (None when it says anything else, or more than one thing)."""
    if re.search(r"\b(?:and|or|not|but|except|divisible|prime|square|greater|less|than|at)\b|\d\s*[a-z]|[<>=]|\\(?!mid\b)",
                 s, re.I):
        return None
    found = [(2, [1 if m.group(1).lower() == "odd" else 0]) for m in _PARITY.finditer(s)]
    found += [(int(m.group(1)), [0]) for m in _DIVIDES.finditer(s)]
    found += [(int(m.group(1)), [0]) for m in _MULTIPLES.finditer(s)]
    if len(found) != 1 or found[0][0] < 2:
        return None
    rest = _MULTIPLES.sub(" ", _DIVIDES.sub(" ", _PARITY.sub(" ", s)))
    if _WORD_FILLER.sub(" ", rest).strip():
        return None
    return _classes(found)


# one class left out: 'n \\not\\equiv 2 \\pmod 3', '3 \\nmid n', 'n not divisible by 3', 'not a multiple of 3'
_NOT_CONGRUENCE = re.compile(r"(?:([a-zA-Z])\s*)?(?:\\not\s*\\equiv|\\nequiv|\u2262)\s*((?:-?\d+\s*,\s*)*-?\d+)\s*" + _MODULUS)
_NOT_DIVIDES = re.compile(r"\b(\d+)\s*(?:\\nmid|\\not\s*\\mid|\\not\s*\|)\s*([a-zA-Z])\b")
_NOT_MULTIPLE = re.compile(r"\b(?:not\s+(?:divisible\s+by|a\s+multiple\s+of)|indivisible\s+by)\s+(\d+)\b", re.I)


def _complement(s: str) -> Classes | None:
    """The classes a span states by leaving out residues (one such statement and fillers only: 'and' between two
    of them would intersect, which a union of classes cannot say)."""
    found: list[tuple[int, list[int]]] = []
    rest = s
    for m in _NOT_CONGRUENCE.finditer(s):
        found.append((next(int(g) for g in m.groups()[2:] if g), [int(x) for x in re.findall(r"-?\d+", m.group(2))]))
    rest = _NOT_CONGRUENCE.sub(" ", rest)
    for rx in (_NOT_DIVIDES, _NOT_MULTIPLE):
        found += [(int(m.group(1)), [0]) for m in rx.finditer(rest)]
        rest = rx.sub(" ", rest)
    if len(found) != 1:
        return None
    modulus, left_out = found[0]
    if not 2 <= modulus <= _MAX_MODULUS:
        return None
    rest = _WORD_FILLER.sub(" ", _FILLER.sub(" ", rest))
    if rest.replace("$", " ").strip():
        return None          # something else is said: a condition, a word, a second variable
    kept = frozenset(range(modulus)) - {r % modulus for r in left_out}
    return Classes(modulus, kept) if kept else None


def _read_congruence(m: re.Match) -> tuple[tuple[int, list[int]], str | None] | None:
    mod = next(int(g) for g in m.groups()[2:] if g)
    rs = [int(x) for x in re.findall(r"-?\d+", m.group(2))]
    return ((mod, rs), m.group(1)) if mod > 0 else None


def _read_mod_eq(m: re.Match) -> tuple[tuple[int, list[int]], str | None] | None:
    return (int(m.group(2)), [int(m.group(3))]), m.group(1)


def _read_linear(m: re.Match) -> tuple[tuple[int, list[int]], str | None] | None:
    if m.group(2):                       # m k +/- r
        mod, r = int(m.group(2)), int(m.group(5)) * (1 if m.group(4) == "+" else -1)
    else:                                # r +/- m k: the residue is r either way (k runs over the integers)
        mod, r = int(m.group(8)), int(m.group(6))
    return ((mod, [r]), m.group(1)) if mod > 1 else None


def same_classes(answer: str, gold: str, question: str | None = None) -> bool | None:
    """True when both spans state residue classes and they are the same set of integers, False when both
    state classes and differ, None when either is not (only) residue classes."""
    if not (_HINT.search(answer) and _HINT.search(gold)):
        return None
    named = frozenset(_NAMED.findall(question or ""))
    if question and "prime" in question.lower():   # 'all primes p \equiv 1 \pmod 4' where primes are asked for
        answer, gold = _PRIMES.sub(" ", answer), _PRIMES.sub(" ", gold)
    a, g = residue_classes(answer, named), residue_classes(gold, named)
    if a is None or g is None:
        return None
    lcm = a.modulus * g.modulus // math.gcd(a.modulus, g.modulus)
    if lcm > _MAX_MODULUS:
        return None
    return a.on(lcm) == g.on(lcm)


_PRIMES = re.compile(r"\bprime(?:\s+numbers?|s)?\b", re.I)
_PARAMS = frozenset("kjl")       # letters that name a free integer parameter (n is the problem's own, usually)
_UNIT_LIKE = frozenset("mts")    # also parameters, but metres, tonnes, seconds too: read only in an assignment (n = 2m)
_INTEGER_WORDS = re.compile(r"\\in\s*\\mathbb|\binteger", re.I)
_NAMED = re.compile(r"(?<![A-Za-z\\])([a-z])(?![A-Za-z])")
_HINT = re.compile(r"\\equiv|\u2262|nmid|divisible|mod|\d\s*(?:\\cdot\s*)?[a-z]\b|[+-]\s*\d+\s*(?:\\cdot\s*)?[a-z]\b|\bodd\b|\beven\b|\\mid|multiple",
                   re.I)
