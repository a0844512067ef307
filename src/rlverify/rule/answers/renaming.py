"""A free parameter renamed: ``(t, 2t, 3t)`` against ``(k, 2k, 3k)``, ``(n, n+1)`` against ``(m, m+1)``,
``2t+1`` against ``2k+1`` where the question names neither letter.

Interface::

    same_up_to_renaming(answer, gold, question) -> bool | None

The symbols that appear only in the answer are renamed, all at once and one-to-one, to those that appear
only in the reference (every such bijection is tried, at most 3 symbols); after the renaming each item
of a tuple must hold the same symbols as the reference's item and the pair must be equal in the core.
Then:

* no symbol involved is named by the question (its math, or a lone letter in its prose): equal
  (without a question: None, nothing says the letters are free);
* a renamed symbol is named by the question (``in terms of $n$``, ``Let $k$ be ...``): the answer is
  not in the question's variables, so it is not equal (``(m-2)2^m+1`` for ``(n-2)2^n+1``); except a tuple
  parametrised by its own coordinate (``(x, x+1)`` for the pairs ``$(x, y)$`` the question asks);
* no consistent renaming exists for two tuples (``(t, 2s, 3t)`` or ``(k, 2t)`` against ``(k, 2k, 3k)``):
  not equal (a renaming item by item is no renaming); for single expressions the core decides.

Not read (None): a renamed letter that is a name rather than a parameter (a capital, ``B`` against ``C``;
a letter never combined with a number, ``a+b`` against ``c+d``), every renamed letter where a unit sits
(``5 m`` against ``5 s``), no symbol differs, a side is a list, a relation, a function definition (``f(t) = 2t``:
its argument is bound, the core renames it), text or units (``\\text``, ``\\mathrm``), words, or an
integer qualifier (``n \\in \\mathbb{Z}``: a general solution, :func:`.forms.same_solution_family`).
``e``, ``i`` and ``\\pi`` are constants, never renamed.
"""

from __future__ import annotations

import itertools
import re

from .core import compare_core
from .latex import balanced
from .surface import split_top, unwrap
from .views import strip_qualifier
from ...runtime.caches import memo_text

__all__ = ["same_up_to_renaming", "same_function_up_to_constants", "symbols", "question_symbols", "rename"]

_MAX_CHARS = 300
_GREEK = frozenset("alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi "
                   "rho sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Sigma Phi Psi Omega"
                   .split())
_CONSTANTS = frozenset("ei")
_UNIT_LETTERS = frozenset("msghdl")
_TOKEN = re.compile(r"\\[A-Za-z]+|[A-Za-z]")
_BAIL = re.compile(r"\\(?:text\w*|math(?:rm|bb|bf|it|cal|sf|frak)|mbox|operatorname|rm|bf|unit|SI|si|qty|"
                   r"begin|end|label|tag)(?![A-Za-z])|[<>≤≥≠∈]|\\(?:le|leq|ge|geq|ne|neq|in|lt|gt|pm|mp|to|mid)"
                   r"(?![A-Za-z])|\\(?:sum|prod|int|lim)(?![A-Za-z])", re.S)
_WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{3,}")
_NAME = r"(?:[A-Za-z]|\\(?:" + "|".join(sorted(_GREEK)) + r"|ell)(?![A-Za-z]))"
_LHS = re.compile(rf"^\s*(?:{_NAME}|\(\s*{_NAME}(?:\s*,\s*{_NAME})+\s*\))\s*$")
_SPACING = re.compile(r"\\[,;:! ]|\\q?quad(?![A-Za-z])")
_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
_WRAPPED = re.compile(r"\\(?:text\w*|math(?:rm|bf|it|sf)|mbox|operatorname|[hv]space|begin|end|label|color)\s*\{[^{}]*\}")
# a trailing integer qualifier of a general solution: ", k \in \mathbb{Z}", "\quad (n \in \mathbb{Z})"
_QUALIFIER = re.compile(r"[,;]?\s*(?:\\quad|\\qquad|\\[,;: ]|~|\s)*\(?\s*([A-Za-z]|\\[A-Za-z]+)\s*\\in\s*\\mathbb\s*\{?\s*Z\s*\}?"
                        r"\s*\)?\s*\.?\s*$")
_ANY_INTEGER = re.compile(r"integer|\\mathbb\s*\{?\s*Z(?![A-Za-z])", re.I)
_SOME_INTEGERS = re.compile(r"positive|negative|natural|odd|even|prime|nonzero|non-zero|\\mathbb\s*\{?\s*N|[<>]|\\[gl]e|\\neq?"
                            r"|\^\s*\{?\s*[+*]", re.I)
_ASKED_TUPLE = re.compile(r"\(\s*([A-Za-z](?:\s*,\s*[A-Za-z])+)\s*\)")
_PROSE_LETTER = re.compile(r"(?<![A-Za-z'’\\])([B-HJ-Zb-z])(?![A-Za-z'’])")


# compiled once (re's cache lookup per call cost as much as these short searches)
_COMMAND = re.compile(r"\\[A-Za-z]+")
_BLANKS = re.compile(r"\s+")


def _symbol(tok: str) -> str | None:
    if tok.startswith("\\"):
        return tok if tok[1:] in _GREEK else None
    name = re.sub(r"[\s{}]", "", tok) if len(tok) > 1 else tok   # C_{1} is C_1
    return None if name in _CONSTANTS else name


def symbols(tex: str, token: re.Pattern = _TOKEN) -> set[str]:
    """Latin letters (not e, i) and Greek letters of a LaTeX expression (commands are no symbols); ``token``:
    what one symbol is (``_CONST_TOKEN``: a letter with its numeric subscript, for arbitrary constants)."""
    out = set()
    for m in token.finditer(tex):
        s = _symbol(m.group(0))
        if s:
            out.add(s)
    return out


def question_symbols(question: object) -> set[str]:
    """The symbols a question names: those of its math, and lone letters of its prose (not a, A, I)."""
    q = getattr(question, "text", question) if question is not None else None
    if not q:
        return set()
    out: set[str] = set()
    prose = [_MATH.sub(" ", q)]
    for m in _MATH.finditer(q):
        body = _WRAPPED.sub(" ", next(g for g in m.groups() if g is not None))
        if _WORD.search(re.sub(r"\\[A-Za-z]+", " ", body)):
            prose.append(body)                 # words: prose between two dollar amounts, not math
        else:
            out |= symbols(body)
    out |= {m.group(1) for p in prose for m in _PROSE_LETTER.finditer(p) if m.group(1) not in _CONSTANTS}
    return out


def rename(tex: str, phi: dict[str, str], token: re.Pattern = _TOKEN, pad: bool = False) -> str:
    """``tex`` with every symbol token renamed by ``phi`` (simultaneously); ``pad``: set each new name off with
    spaces (a subscripted name, ``C_1``, must not take the letter after it into its subscript)."""
    def sub(m: re.Match) -> str:
        tok = m.group(0)
        new = phi.get(_symbol(tok) or "")
        if new is None:
            return tok
        if pad:
            return " " + new + " "
        nxt = tex[m.end():m.end() + 1]
        return new + " " if new.startswith("\\") and nxt.isalpha() else new
    return token.sub(sub, tex)


@memo_text("rule.renaming_form")   # pure; the answer and the reference are read again in the pipeline's recursive comparisons
def _form(text: str) -> tuple[str, str, tuple[str, ...]] | None:
    """(lhs, body, items): an optional ``x =`` / ``(x, y) =`` prefix, the expression, its tuple items
    (a trailing integer qualifier of the parameter, ``, k \\in \\mathbb{Z}``, is dropped)."""
    original = text
    q = _QUALIFIER.search(text)
    if q and q.start() > 0 and q.group(1) in symbols(text[:q.start()]):
        text = text[:q.start()]
    if "\\text" in text:   # a qualifier in words: '\text{ for some integer } t', '\text{ where } t \in \mathbb{Z}'
        bare = text
        for _ in range(2):   # '\text{ where } t \in \mathbb{Z}': the membership, then the word before it
            bare = strip_qualifier(bare) or bare
        said = original[len(bare):] if original.startswith(bare) else original
        if _ANY_INTEGER.search(said) and not _SOME_INTEGERS.search(said):
            text = bare   # every integer: a positive or natural parameter is another family
    if len(text) > _MAX_CHARS * 2 or _BAIL.search(text):
        return None
    s = _SPACING.sub(" ", unwrap(text))
    if len(s) > _MAX_CHARS or _BAIL.search(s) or _WORD.search(_COMMAND.sub(" ", s)):
        return None
    lhs = ""
    if s.count("=") == 1:
        lhs, s = (x.strip() for x in s.split("="))
        if not _LHS.match(lhs):
            return None
    elif "=" in s:
        return None
    if split_top(s, (",", ";")) != [s.strip()]:
        return None                                    # a list: each item may name its own parameter
    if s.startswith("(") and s.endswith(")") and balanced(s[1:-1]):
        items = split_top(s[1:-1], (",",))
        if len(items) >= 2:
            return _BLANKS.sub("", lhs), s, tuple(items)
    return _BLANKS.sub("", lhs), s, (s,)


def _coordinates(q: str | None, items: list[str]) -> set[str]:
    """Letters that parametrise a tuple by its own coordinate: the question asks for pairs ``$(x, y)$`` and the
    tuple's first item is ``x`` itself (``(x, x+1)`` names the pairs by their first coordinate, as ``(k, k+1)``)."""
    if not q or len(items) < 2:
        return set()
    out = set()
    for m in _ASKED_TUPLE.finditer(q.replace("$", "")):
        names = [x.strip() for x in m.group(1).split(",")]
        if len(names) == len(items):
            out |= {n for n, it in zip(names, items) if it.strip() == n}
    return out


def _parameter(items: list[str], sym: str) -> bool:
    """``sym`` is written like a parameter: a lowercase letter (Latin or Greek; a capital is a point, an option
    or a constant), combined with a number somewhere (``2t``, ``n+1``, ``t^2``, ``2\\pi k``), not a bare name."""
    if sym[-1].isupper():
        return False
    return any(sym in symbols(item) and re.search(r"\d|\\pi(?![A-Za-z])", item) for item in items)


def _unit_like(items: list[str], sym: str) -> bool:
    """Every occurrence of ``sym`` is an item of its own right after a number (``5 m``, ``3g``, ``2\\,\\mathrm s^2``): the
    place of a unit, where a renamed letter is a changed unit, not a renamed parameter. Only the lowercase letters
    that are units by themselves (m, s, g, h, d, l; capitals are never renamed)."""
    if sym not in _UNIT_LETTERS:
        return False
    pat = re.compile(rf"(?<![A-Za-z\\]){re.escape(sym)}(?![A-Za-z])" if not sym.startswith("\\") else re.escape(sym))
    # the whole item is a number and the letter ('5 m', '-3.2s^2'); '-58 + 3s' is a family in s, not a quantity
    unit = re.compile(rf"^[-+]?\s*\d+(?:\.\d+)?\s*(?:\\[,;! ]\s*)?{pat.pattern}\s*(?:\^\s*\{{?-?\d\}}?)?\s*$")
    hits = 0
    for item in items:
        found = len(pat.findall(item))
        if found and not (found == 1 and unit.search(item.strip())):
            return False
        hits += found
    return hits > 0



def _labels_items(form: tuple[str, str, tuple[str, ...]]) -> bool:
    """The side names the tuple it states with one name per item (``(k, \\ell) = (3t, 2t)``): a label, which
    the comparison of the values ignores when the other side states the bare tuple."""
    lhs, _, items = form
    if not lhs:
        return False
    names = lhs[1:-1].split(",") if lhs.startswith("(") else [lhs]
    return len(names) == len(items)


# a function defined by a formula in one variable ('f(x) = cx + d', 'x(t) = C_1 e^{t} + C_2 e^{-t}')
_FUNC_DEF = re.compile(r"^\s*([A-Za-z])\s*\(\s*([A-Za-z])\s*\)\s*=\s*(.+?)\s*$", re.S)
# several functions of one variable at once: '(P(x), Q(x)) = (2Cx^2 + 1, 2x)'; a bare tuple of formulas
_CALL = r"[A-Za-z]\s*\(\s*[A-Za-z]\s*\)"
_FUNCS_DEF = re.compile(rf"^\s*\(\s*({_CALL}(?:\s*,\s*{_CALL})+)\s*\)\s*=\s*(\(.+\))\s*$", re.S)
_LEFT_RIGHT = re.compile(r"\\(?:left|right|big|Big|bigg|Bigg)(?![A-Za-z])\s*")
# a constant: a letter, with a numeric subscript or not (C_1, c_{2}), or a Greek letter
_CONST_TOKEN = re.compile(r"\\[A-Za-z]+|[A-Za-z](?:\s*_\s*(?:\{\s*\d{1,2}\s*\}|\d))?")
# a remark on the constants after the formula: 'for some constant c', ', c \in \mathbb{R}', '(a, b real)'
_CONST_NAME = r"(?:[A-Za-z](?:_\{?\d+\}?)?|\\[A-Za-z]+)"
_CONST_TAIL = re.compile(rf"(?:\s*(?:,|;|\\quad|\\qquad))*\s*(?:\\text\s*\{{|\\forall|\(\s*{_CONST_NAME}\s*(?:,|\\in))"
                         rf"|,\s*{_CONST_NAME}\s*(?:,\s*{_CONST_NAME}\s*)*\\in"
                         r"|,?\s+(?:for|where|with)\b")   # a remark in words (\text unwrapped)
# what such a remark may say of the constants: any real number; a restriction (positive, integer, c > 0) is
# another answer, left to the other stages
_ANY_REAL = re.compile(r"real|constant|arbitrary|\\mathbb\s*\{?\s*R(?![A-Za-z])", re.I)
_RESTRICTED = re.compile(r"positive|negative|zero|integer|natural|rational|odd|even|prime|complex|\\mathbb\s*\{?\s*[NZQC]"
                         r"(?![A-Za-z])|[<>=]|\\[gl]eq?(?![A-Za-z])|\\neq?(?![A-Za-z])|\\ne(?![A-Za-z])|\^|\\setminus|\\backslash"
                         r"|\\mid|\d", re.I)


_LEAD_WORDS = re.compile(r"^\s*\\text\s*\{([A-Za-z ,:]{0,60})\}\s*(?=[A-Za-z]\s*\()")
_DENIAL = re.compile(r"\b(?:not?|none|except|never|unless|or|besides|other|but)\b", re.I)


def _function_form(text: str) -> tuple[str, str, str] | None:
    """(function letter, variable, formula) of ``f(x) = <formula>``, a remark on its constants dropped when it
    only says they are any real numbers; None for anything else (a list, a restricted constant, words)."""
    lead = _LEAD_WORDS.match(text)
    if lead is not None and not _DENIAL.search(lead.group(1)):
        text = text[lead.end():]   # '\text{all functions of the form } f(x) = cx': the words name what follows
    s = _LEFT_RIGHT.sub("", _SPACING.sub(" ", unwrap(text)))
    if len(s) > _MAX_CHARS:
        return None
    m, several = _FUNC_DEF.match(s), _FUNCS_DEF.match(s)
    if several is not None:
        calls = [re.findall(r"[A-Za-z]", c) for c in split_top(several.group(1), (",",))]
        if len({v for _, v in calls}) != 1 or len(split_top(several.group(2)[1:-1], (",",))) != len(calls):
            return None
        name, var, rhs = ",".join(f for f, _ in calls), calls[0][1], several.group(2)
    elif m is not None:
        name, var, rhs = m.groups()
    elif s.startswith("(") and s.endswith(")") and balanced(s[1:-1]) and len(split_top(s[1:-1], (",",))) >= 2 \
            and "=" not in s:
        name, var, rhs = "", "", s   # a bare tuple: the functions the other side names, in its order
    else:
        return None
    tail = _CONST_TAIL.search(rhs)
    if tail is not None and tail.start() > 0:
        remark = rhs[tail.start():]
        plain = re.sub(r"\\mathbb\s*\{?\s*R(?![A-Za-z])|_\s*\{?\s*\d+\s*\}?", "", remark)   # not R, not a subscript
        if not _ANY_REAL.search(remark) or _RESTRICTED.search(plain):
            return None
        rhs = rhs[:tail.start()]
    if _BAIL.search(rhs) or "=" in rhs or _WORD.search(re.sub(r"\\[A-Za-z]+", " ", rhs)) \
            or split_top(rhs, (",", ";")) != [rhs.strip()]:
        return None
    return name, var, rhs.strip()


def same_function_up_to_constants(answer: str, gold: str, question: object) -> bool | None:
    """``f(x) = cx + d`` against ``f(x) = ax + b``: one function in its variable, whose arbitrary constants are
    named differently (renamed all at once, one-to-one, at most 3; the variable too). True when some renaming
    makes the formulas equal in the core and no renamed letter is one the question names; else None."""
    fa, fg = _function_form(answer), _function_form(gold)
    if fa is None or fg is None or not fa[0] and not fg[0]:
        return None
    if not fa[0] or not fg[0]:   # a bare tuple against '(P(x), Q(x)) = (...)': as many formulas, the same variable
        named, bare = (fa, fg) if fa[0] else (fg, fa)
        if "," not in named[0] or len(split_top(bare[2][1:-1], (",",))) != named[0].count(",") + 1:
            return None
        fa, fg = (fa, (fa[0], fa[1], fg[2])) if fa[0] else ((fg[0], fg[1], fa[2]), fg)
    if fa[0] != fg[0]:
        return None
    (_, va, ra), (_, vg, rg) = fa, fg
    if va != vg:
        if vg in symbols(ra, _CONST_TOKEN):
            return None
        ra = rename(ra, {va: vg}, _CONST_TOKEN, pad=True)
    ca, cg = symbols(ra, _CONST_TOKEN) - {vg}, symbols(rg, _CONST_TOKEN) - {vg}
    only_a, only_g = sorted(ca - cg), sorted(cg - ca)
    if not only_a or len(only_a) != len(only_g) or len(only_a) > 3:
        return None
    named = question_symbols(question)
    if any(re.sub(r"_.*", "", c) in named for c in only_a + only_g):
        return None
    q = getattr(question, "text", question) if question is not None else None
    for target in itertools.permutations(only_g):
        if compare_core(rename(ra, dict(zip(only_a, target)), _CONST_TOKEN, pad=True), rg, q).equal:
            return True
    return None


def same_up_to_renaming(answer: str, gold: str, question: object) -> bool | None:
    if "(" in answer and "(" in gold and ("=" in answer or "=" in gold):
        same = same_function_up_to_constants(answer, gold, question)
        if same is not None:
            return same
    fa, fg = _form(answer), _form(gold)
    if fa is None or fg is None:
        return None
    if fa[0] != fg[0] and not (not fa[0] and _labels_items(fg) or not fg[0] and _labels_items(fa)):
        return None
    (lhs, a, ia), (_, g, ig) = fa, fg
    tuples = len(ia) >= 2 and len(ig) >= 2
    if tuples and len(ia) != len(ig) or len(ia) >= 2 and len(ig) < 2 or len(ig) >= 2 and len(ia) < 2:
        return None
    sa, sg = symbols(a) - symbols(lhs), symbols(g) - symbols(lhs)
    only_a, only_g = sorted(sa - sg), sorted(sg - sa)
    if not only_a and not only_g:
        return None
    q = getattr(question, "text", question) if question is not None else None
    if len(only_a) == len(only_g) <= 3:
        for target in itertools.permutations(only_g):
            phi = dict(zip(only_a, target))
            items = [rename(x, phi) for x in ia]
            if any(symbols(x) != symbols(y) for x, y in zip(items, ig)):
                continue
            if compare_core(rename(a, phi), g, q).equal:
                named = question_symbols(question) - _coordinates(q, ia) - _coordinates(q, ig)
                if (set(only_a) | set(only_g)) & named:
                    return False
                if any(_unit_like(ia, x) for x in only_a) or any(_unit_like(ig, x) for x in only_g):
                    return None                 # '5 m' against '5 s': a unit, not a parameter
                if not all(_parameter(ia, x) for x in only_a) or not all(_parameter(ig, x) for x in only_g):
                    return None                 # 'B' against 'C', 'a+b' against 'c+d': names, not a parameter
                return True if q else None      # without a question nothing says the letters are free
    return False if tuples else None
