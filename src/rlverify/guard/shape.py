"""Guard detectors that read the shape of a span (private; see :mod:`rlverify.guard`).

Empty or punctuation-only spans, invisible and styled characters, mixed scripts and
confusables, foreign-script prose, markup, encoded text, gibberish, repetition, length, hedges.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import replace

from ..rule.offers import (ALNUM_RUN, RELATION, SIGN_CHOICE, candidates, class_switches, numbers, offers_sign_choice,
                           several_values, top_level_items)
from ..rule.offers import gibberish_context  # noqa: F401 - re-exported detector
from ..rule.read.hedges import Cases, Parts, read_several
from . import text as gt
from .text import Span

__all__ = ["empty", "invisible", "styled", "mixed_script", "confusables", "foreign_prose", "markup",
           "encoded", "gibberish", "gibberish_context", "repetition", "too_long", "hedge", "several_values", "several_in_one",
           "text_arithmetic", "unbalanced", "balanced",
           "MATH_GREEK"]


# LaTeX commands that only wrap or space their argument: alone, they are not an answer.
_WRAPPERS = re.compile(
    r"\\(?:boxed|fbox|framebox|text|textbf|textit|textrm|textsf|texttt|mathrm|mathbf|mathit|mathsf"
    r"|mathtt|mbox|hbox|emph|underline|left|right|big|Big|bigg|Bigg|displaystyle|textstyle|quad|qquad"
    r"|hspace|vspace|phantom|color|textcolor|begin|end|stackrel|overset|underset)\b\*?"
)


def empty(s: Span) -> bool:
    return not any(_meaningful(c) for c in _WRAPPERS.sub("", s.text))


def _meaningful(c: str) -> bool:
    cat = unicodedata.category(c)
    return cat[0] in "LN" or (cat in ("Sm", "So") and c not in "+-=<>|~^")


def invisible(s: Span) -> bool:
    return gt.invisible_chars(s.raw)


_LETTERLIKE_OK = frozenset("ℝℕℤℚℂℙℓℏµ")


def styled(s: Span) -> bool:
    styled = 0
    for c in s.raw:
        if c.isascii() or c in _LETTERLIKE_OK:
            continue
        name = unicodedata.name(c, "")
        folded = unicodedata.normalize("NFKC", c)
        if ("SMALL CAPITAL" in name or "MODIFIER LETTER" in name
                or (folded != c and folded.isascii() and any(ch.isalpha() for ch in folded))):
            styled += 1
    return styled >= 2


# Greek letters used as mathematical symbols; the others (omicron, iota, nu...) look Latin.
MATH_GREEK = frozenset("αβγδεϵζηθϑλμξπϖρϱσςτφϕχψωΓΔΘΛΞΠΣΦΨΩ")


def _script(c: str) -> str:
    if c.isascii() or c in MATH_GREEK:
        return "COMMON"
    return unicodedata.name(c, "UNKNOWN").split(" ")[0]


_LETTER_RUN = re.compile(r"[^\W\d_]+")


def mixed_script(s: Span) -> bool:
    for word in _LETTER_RUN.findall(s.text):
        scripts = {_script(c) for c in word}
        if len(scripts) > 1 and "COMMON" in scripts and len(word) >= 2:
            return True
        if len(scripts - {"COMMON"}) > 1:
            return True
    return False


def confusables(s: Span) -> bool:
    from confusable_homoglyphs import confusables

    odd = "".join(c for c in s.text if c.isalpha() and not c.isascii() and c not in MATH_GREEK
                  and c not in s.gold_text)
    return bool(odd) and bool(confusables.is_confusable(odd, preferred_aliases=["latin"]))


def foreign_prose(s: Span) -> bool:
    odd = [c for c in s.text if c.isalpha() and not c.isascii() and c not in MATH_GREEK
           and c not in _LETTERLIKE_OK and c not in s.gold_text]
    greek_words = [w for w in _LETTER_RUN.findall(s.text) if len(w) >= 4 and not w.isascii()]
    return bool(odd) or bool(greek_words)


_MARKUP = re.compile(
    r"<\s*/?\s*[a-zA-Z][\w:-]*(\s[^<>]*)?/?\s*>|<!--|-->|<\||\|>|<<\s*/?\s*sys|\[\s*/?\s*inst\s*\]"
    r"|\*\*[^*]+\*\*|__[^_]+__|(^|\n)\s*#{1,6}\s|```|\[[^\]]*\]\([^)]*\)"
    r"|\\(?:href|url|color|textcolor|colorbox|phantom|hphantom|vphantom|tiny|scriptsize|Huge|huge)\b",
    re.IGNORECASE,
)


def markup(s: Span) -> bool:
    return bool(_MARKUP.search(s.raw))


_WEIRD = frozenset("@#%&?`\"';_~")
_NO_VOWEL = re.compile(r"[b-df-hj-np-tv-xz]{5,}", re.IGNORECASE)


_ENCODED = re.compile(r"\\(?:unicode|char|symbol|Uchar)(?![a-zA-Z])|\\[uU][0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|&#?\w+;|%[0-9a-fA-F]{2}|[A-Za-z0-9+/]{12,}={1,2}"
                      r"|\b(?:[01]{8}\s+){2,}|(?:[.-]{1,5}\s+){3,}")


def encoded(s: Span) -> bool:
    """Text in an encoding a judge could decode: escapes, entities, URL/base64, binary, morse,
    characters by code (``\\unicode{x2713}``, ``\\char``). A ``\\unicode{xNNNN}`` whose character (NFKC) the
    reference itself writes is that symbol, not a hidden message (``4286\\ \\unicode{x212B}`` for a reference in Å)."""
    if _ENCODED.search(s.gold_text):
        return False
    return bool(_ENCODED.search(_UNICODE_OF_GOLD.sub(lambda m: _gold_symbol(m, s.gold_text), s.text)))


_UNICODE_OF_GOLD = re.compile(r"\\unicode\s*\{\s*[xX]?([0-9a-fA-F]{2,6})\s*\}")


def _gold_symbol(m: re.Match, gold: str) -> str:
    """The character a ``\\unicode{xNNNN}`` writes when the reference writes it too (no letter or digit that could
    spell words), else the command unchanged (still encoded)."""
    try:
        c = chr(int(m.group(1), 16))
    except (ValueError, OverflowError):
        return m.group(0)
    norm = unicodedata.normalize("NFKC", c)
    if len(norm) != 1 or norm.isascii() or norm not in unicodedata.normalize("NFKC", gold):
        return m.group(0)
    return " "


# an alignment environment: its '&' are column separators (layout), not characters of the answer
_ALIGNED = re.compile(r"\\begin\s*\{\s*(?:aligned|align\*?|alignat\*?|array|matrix|[pbvBV]matrix|cases|split|eqnarray\*?|tabular)\s*\}")


def gibberish(s: Span) -> bool:
    text = s.text.replace("&", " ") if _ALIGNED.search(s.text) else s.text
    body = re.sub(r"\\[a-zA-Z]+", " ", text)
    if any(unicodedata.category(c) == "So" and c not in "°℃℉" for c in body):
        return True
    weird = sum(1 for c in body if c in _WEIRD)
    if weird >= 3 and weird >= 0.08 * max(1, len(body)):
        return True
    if any(class_switches(r) >= 4 for r in ALNUM_RUN.findall(body)):
        return True
    return bool(_NO_VOWEL.search(body))


_REPEATED_UNIT = re.compile(r"([^\d\s{}()\\^_.,+\-]{2,}?)(?:\W*\1){3,}", re.IGNORECASE)


def repetition(s: Span) -> bool:
    limit = s.config.max_word_repeats
    counts = Counter(w for w in s.words if len(w) >= 2)
    gold_counts = Counter(w for w in gt.words(s.gold_plain) if len(w) >= 2)
    if any(n > limit and n > gold_counts[w] for w, n in counts.items()):
        return True
    m = _REPEATED_UNIT.search(s.plain)
    return m is not None and not _REPEATED_UNIT.search(s.gold_plain)


def too_long(s: Span) -> bool:
    c = s.config
    return len(s.text) > min(c.max_chars, max(c.length_floor, c.length_ratio * len(s.gold_text)))


_HEDGE_WORDS = frozenset("or either maybe possibly perhaps probably likely could might guess".split())
_HEDGE_PHRASES = ("one of", "any of", "some of")
_SET_WRAP = re.compile(r"^(?:\\left\s*)?\\\{(.*?)(?:\\right\s*)?\\\}$", re.S)
_BETWEEN = re.compile(r"\bbetween\b")
_DIGIT = re.compile(r"\d")


def _container(text: str) -> str | None:
    """The inside of a set ``\\{...\\}`` or of a tuple ``(...)`` wrapping the whole span (an
    interval with an infinite end is not a container of values)."""
    t = text.strip().rstrip(".").strip()
    m = _SET_WRAP.match(t)
    if m:
        return m.group(1)
    if t.startswith("(") and t.endswith(")") and "infty" not in t and _closes_at_end(t):
        return t[1:-1]
    return None


def _closes_at_end(t: str) -> bool:
    depth = 0
    for k, c in enumerate(t):
        depth += (c in "([{") - (c in ")]}")
        if depth == 0 and k < len(t) - 1:
            return False
    return depth == 0


def several_in_one(s: Span) -> bool:
    """More values inside one set, tuple or ``\\pm`` than the gold holds
    (``\\{937, -\\sqrt{2}, 632\\}`` or ``\\pm\\sqrt{2}`` for ``-\\sqrt{2}``)."""
    relation = bool(RELATION.search(s.gold_text))
    gold_inner = _container(s.gold_text)
    held = max(1, len(candidates(s.gold_text if gold_inner is None else gold_inner, relation)))
    if offers_sign_choice(s.text) and not offers_sign_choice(s.gold_text):
        # each sign doubles what is offered: ``\pm\sqrt{2}`` for ``-\sqrt{2}``, ``\pm n = 5, 13`` for
        # ``n = 5, 13`` (but ``3 \pm \sqrt{2}`` may name a gold's two roots)
        if 2 * max(1, len(candidates(s.text, relation))) > held:
            return True
        signed = _container(SIGN_CHOICE.sub("", s.text.strip().strip("$").strip(), count=1))
        if signed is not None and len(top_level_items(signed, ",")) >= 2:
            return True     # '\\pm (4, 0, -4)': two signed copies of a list
    inner = _container(s.text)
    if inner is not None and len(candidates(inner, relation)) > held:
        return True
    return _several_points(s.text, s.gold_text)


def _point(t: str) -> int:
    """The arity of a tuple of plain entries (``(16,17)`` -> 2), else 0."""
    t = t.strip().strip("$").strip()
    if not (t.startswith("(") and t.endswith(")") and _closes_at_end(t)) or "infty" in t:
        return 0
    items = top_level_items(t[1:-1], ",")
    return len(items) if len(items) >= 2 and not any(c in x for x in items for c in "([{") else 0


def _several_points(text: str, gold: str) -> bool:
    """A reference that is one point ``(16,17)`` against several points of its arity: ``\\pm (16,17)``,
    ``((16,17), (19,17))``, ``\\{(-4,1), (-8,1)\\}``."""
    arity = _point(gold)
    if not arity:
        return False
    t = text.strip().strip("$").strip()
    if offers_sign_choice(t):
        return any(_point(x) == arity for x in top_level_items(SIGN_CHOICE.sub("", t), ",") or [""])
    inner = _container(t)
    items = top_level_items(inner if inner is not None else t, ",")
    return sum(_point(x) == arity for x in items) >= 2



def _range_hedge(s: Span) -> bool:
    """"between 4 and 6" offers a range; "4 cases between 14 and 42" states 4 (a number first)."""
    m = _BETWEEN.search(s.plain)
    return m is not None and not _BETWEEN.search(s.gold_plain) and not _DIGIT.search(s.plain[:m.start()])


# A comma before a word is a sentence's punctuation, not a list separator ("Using the 40 and 20
# given, the answer is 192"); "4, 5" and "4, or maybe 5" still list values.
_PROSE_COMMA = re.compile(r",(?=\s*(?:\\(?:q?quad|[,;:! ])\s*)*(?:\\text\{\s*)?(?:[A-Za-z]{2,}(?![A-Za-z]*\s*=)|(?:i\.\s*e|e\.\s*g)\.))")


def _chain_terms(gold: str) -> int:
    """Terms of a relation chain (``b < a < d < c`` holds 4); 1 for anything else."""
    parts = RELATION.split(gold)
    return len(parts) if len(parts) >= 3 else 1


# a list left open with an ellipsis: 'N = 2, 4, 6, \\ldots', 'n = 1, 2, 3, \\dots' (a family's parameter, no count)
_OPEN_LIST = re.compile(r"\d\s*,\s*(?:\\[,;: ]\s*)*(?:\\[lc]?dots|\.\.\.|…)")


def _open_list(text: str) -> bool:
    return _OPEN_LIST.search(text) is not None


def hedge(s: Span) -> bool:
    """Several different values offered where the gold has fewer ("3 or 5", "one of 2, 4, 6",
    a set or tuple of candidates, ``\\pm``, "between 4 and 6"). A relation chain holds its terms
    (``b, a, d, c`` orders ``b < a < d < c``). Read first as :mod:`rlverify.rule.read.hedges` reads it: values
    under conditions (cases) are a hedge unless the gold is in cases too; an answer in parts (the question's own
    part labels, or values each with its own description) is a hedge only where a part is one."""
    reading = read_several(s.text, s.question)
    if isinstance(reading, Cases):
        return not isinstance(read_several(s.gold_text), Cases)
    if isinstance(reading, Parts):
        return any(_counted_hedge(_part(s, p)) for p in reading.parts if p.strip())
    return _counted_hedge(s)


def _part(s: Span, text: str) -> Span:
    view = gt.plain(text)
    return replace(s, raw=text, text=text, plain=view, words=tuple(gt.words(view)))


def _counted_hedge(s: Span) -> bool:
    relation = bool(RELATION.search(s.gold_text))
    offered = candidates(_PROSE_COMMA.sub(" ", s.text), relation)
    held = max(1, len(candidates(s.gold_text, relation)), _chain_terms(s.gold_text))
    if _open_list(s.gold_text) and _open_list(s.text):
        held = len(offered)     # two families enumerated 'n = 1, 2, 3, \\dots': neither holds a count of values
    if len(offered) >= 2 and len(offered) > held:
        return True
    if several_in_one(s):
        return True
    if len(numbers(s.text)) <= max(1, len(numbers(s.gold_text))):
        return False
    if set(s.words) & _HEDGE_WORDS - s.gold_words:
        return True
    return _range_hedge(s) or any(p in s.plain and p not in s.gold_plain for p in _HEDGE_PHRASES)


# a word set in \\text/\\mathrm as an operand: '\\text{odd}+1', '2\\left(\\text{odd}\\right)', '\\text{Alice}^2'
_WORD_CMD = r"\\(?:text|mathrm|textbf|mbox|operatorname)\s*\{\s*([A-Za-z][A-Za-z ]{1,40}?)\s*\}"
_WORD_OPERAND = re.compile(rf"{_WORD_CMD}\s*(?:\\right\s*\)|\))?\s*(?:[-+*/^]|\\cdot|\\times)"
                           rf"|(?:[-+*/^]|\\cdot|\\times|\d\s*(?:\\left)?\s*\()\s*(?:\\left\s*\(\s*)?{_WORD_CMD}")


# functions whose name is often set in \\text or \\operatorname: applied to an argument, mathematics, not a word
_FUNCTION_NAMES = frozenset("""
sin cos tan cot sec csc sinh cosh tanh coth sech csch arcsin arccos arctan arccot arcsec arccsc arsinh arcosh artanh
arcsinh arccosh arctanh log ln lg exp erf erfc erfi sgn sign gcd lcm det tr rank diag Re Im Li Si Ci Ei
""".split())
_APPLIED = re.compile(r"\s*\}\s*(?:\\left\s*)?[(\[]")


def text_arithmetic(s: Span) -> bool:
    """A word (not a unit) set as an operand of arithmetic: no mathematics, and no answer in words. A function's
    name applied to its argument (``1 - \\text{erf}(1)``, ``\\operatorname{erfc}(x)``) is mathematics."""
    text = s.text[:2000]
    for m in _WORD_OPERAND.finditer(text):
        k = 1 if m.group(1) else 2
        word = (m.group(k) or "").strip()
        if word in _FUNCTION_NAMES and _APPLIED.match(text, m.end(k)):
            continue
        if word and not all(gt.is_unit_word(w.lower()) for w in word.split()):
            return True
    return False


# ---- unbalanced brackets (issue 31): a box opened with ``[`` and never closed (``\boxed{[56}}`` holds
# ``[56``) is no answer a rule can read, and a judge that is swayed by what it cannot read took it.
# ``(`` and ``[`` open, ``)`` and ``]`` close, in any mix that reads as an interval (a top-level comma or
# semicolon inside: ``[1, 2)``, ``(0, 1]``, ``\left[0, \infty\right)``; ISO ``]0, 1[`` too); a mixed pair
# without one (``[23 + 9)``) does not balance. ``{}`` balance strictly, ``\{ \}`` (set braces) strictly
# among themselves; ``\left.`` / ``\right.`` (and ``|``) stand for any delimiter. ``\( \)`` and ``\[ \]``
# (math-mode delimiters) are not read; ``\begin{env}`` / ``\end{env}`` pair like brackets.
_DELIM = re.compile(r"\\(begin|end)\s*\{\s*([a-zA-Z*]{1,30})\s*\}"          # an environment: a pair too
                    r"|\\(?:left|right|[bB]igg?[lr]?)\s*(\\\{|\\\}|\\[a-zA-Z]+|[()\[\]{}.|/])"
                    r"|\\[()\[\]]|\\\{|\\\}|\\[a-zA-Z]+|\\.|[()\[\]{},;]")
_ISO_INTERVAL = re.compile(r"(?<![\w)}\]])([\[\]])([^\[\](){};]*[,;][^\[\](){};]*)([\[\]])(?![\w({\[])")
_OPEN = {"(": "(", "[": "(", "{": "{", "\\{": "\\{"}
_LABEL = re.compile(r"(?:^|[\s,;{])(?:[a-hA-H]|i{1,3}|iv|vi{0,3})\)$")   # 'b)', 'iv)': a label, not a bracket
_CLOSE = {")": "(", "]": "(", "}": "{", "\\}": "\\{"}


def _iso_intervals(text: str) -> str:
    """``]a, b[``, ``[a, b[``, ``]a, b]`` (ISO 31-11) rewritten as ``(a, b)`` / ``[a, b)`` / ``(a, b]``."""
    def fix(m: re.Match[str]) -> str:
        a, body, b = m.groups()
        if a == "[" and b == "]":
            return m.group(0)
        return ("(" if a == "]" else "[") + body + (")" if b == "[" else "]")
    return _ISO_INTERVAL.sub(fix, text)


def balanced(text: str) -> bool:
    """Every bracket of ``text`` closed, in order (see the comment above: intervals may mix)."""
    stack: list[list] = []                       # [kind, opening delimiter, a top-level , or ; seen]
    text = _iso_intervals(text)
    for m in _DELIM.finditer(text):
        tok, sized = m.group(0), m.group(3)
        if m.group(1) == "begin":
            stack.append(["env:" + m.group(2), "", False])
            continue
        if m.group(1) == "end":
            if not stack or stack.pop()[0] != "env:" + m.group(2):
                return False                      # '\begin{equation*} 67.9': never ended
            continue
        if tok in (",", ";"):
            if stack:
                stack[-1][2] = True
            continue
        if sized is None and tok.startswith("\\") and tok not in ("\\{", "\\}"):
            continue                              # a command, an escaped character, \( \) \[ \]
        opens = sized is not None and re.match(r"\\(?:left|[bB]igg?l)", tok) is not None
        closes = sized is not None and re.match(r"\\(?:right|[bB]igg?r)", tok) is not None
        if sized is not None and not (opens or closes):
            continue                              # \big( : a sized delimiter of either side
        d = sized if sized is not None else tok
        if d.startswith("\\") and d not in ("\\{", "\\}"):
            d = "|"                               # \langle, \vert, \lfloor...: any delimiter
        if opens or (sized is None and d in _OPEN):
            stack.append([_OPEN.get(d, "*"), d, False])
            continue
        if (d == ")" and (not stack or stack[-1][0] not in ("(", "*"))
                and _LABEL.search(text, 0, m.end())):
            continue                              # an option's label, no bracket: 'b) 1 MeV', '\text{b) }'
        if not stack:
            return False
        kind, first, sep = stack.pop()
        want = _CLOSE.get(d, "*")
        if "*" in (kind, want):
            continue
        if kind != want:
            return False
        if kind == "(" and (first == "[") != (d == "]") and not sep:
            return False                          # '[23 + 9)': a mixed pair that is no interval
    return not stack


def unbalanced(s: Span) -> bool:
    """Brackets that do not close (``[56``, ``[23 + 9)``, ``\\frac{1}{2``); a reference that does not
    balance itself exempts its answers."""
    return not balanced(s.text) and balanced(s.gold_text)
