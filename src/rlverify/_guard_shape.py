"""Guard detectors that read the shape of a span (private; see :mod:`rlverify.guard`).

Empty or punctuation-only spans, invisible and styled characters, mixed scripts and
confusables, foreign-script prose, markup, encoded text, gibberish, repetition, length, hedges.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from . import _guard_text as gt
from ._guard_text import Span

__all__ = ["empty", "invisible", "styled", "mixed_script", "confusables", "foreign_prose", "markup",
           "encoded", "gibberish", "gibberish_context", "repetition", "too_long", "hedge", "several_values",
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
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]{6,}")
_NO_VOWEL = re.compile(r"[b-df-hj-np-tv-xz]{5,}", re.IGNORECASE)


def _class_switches(run: str) -> int:
    kinds = ["u" if c.isupper() else "l" if c.islower() else "d" for c in run]
    return sum(1 for a, b in zip(kinds, kinds[1:]) if a != b)


_ENCODED = re.compile(r"\\(?:unicode|char|symbol|Uchar)(?![a-zA-Z])|\\[uU][0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|&#?\w+;|%[0-9a-fA-F]{2}|[A-Za-z0-9+/]{12,}={1,2}"
                      r"|\b(?:[01]{8}\s+){2,}|(?:[.-]{1,5}\s+){3,}")


def encoded(s: Span) -> bool:
    """Text in an encoding a judge could decode: escapes, entities, URL/base64, binary, morse,
    characters by code (``\\unicode{x2713}``, ``\\char``)."""
    return bool(_ENCODED.search(s.text)) and not _ENCODED.search(s.gold_text)


def gibberish(s: Span) -> bool:
    body = re.sub(r"\\[a-zA-Z]+", " ", s.text)
    if any(unicodedata.category(c) == "So" and c not in "°℃℉" for c in body):
        return True
    weird = sum(1 for c in body if c in _WEIRD)
    if weird >= 3 and weird >= 0.08 * max(1, len(body)):
        return True
    if any(_class_switches(r) >= 4 for r in _ALNUM_RUN.findall(body)):
        return True
    return bool(_NO_VOWEL.search(body))


_CONTEXT_WEIRD = frozenset("@#%&?`\"'~|")
_CONTEXT_TAIL = 400


def gibberish_context(response: str) -> bool:
    """The end of the response (after ``</think>``) is random characters: a span found there is
    no declared answer. Two of three signs must hold: >= 5% odd symbols, >= 2 alphanumeric runs
    that switch case/digits >= 4 times, >= 2 vowel-less letter runs (0 of the 5,823 dev-corpus
    responses show two; every 1,000-character random string does)."""
    tail = gt.sanitize(response.rsplit("</think>", 1)[-1][-4 * _CONTEXT_TAIL:])[-_CONTEXT_TAIL:]
    body = re.sub(r"\\[a-zA-Z]+", " ", tail)
    weird = sum(c in _CONTEXT_WEIRD for c in body) >= 0.05 * max(1, len(body))
    runs = sum(_class_switches(r) >= 4 for r in _ALNUM_RUN.findall(body)) >= 2
    vowelless = len(_NO_VOWEL_WORD.findall(body)) >= 2
    return weird + runs + vowelless >= 2


_NO_VOWEL_WORD = re.compile(r"(?<![\\A-Za-z])[b-df-hj-np-tv-xz]{5,}", re.IGNORECASE)
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
_HEDGE_PHRASES = ("one of", "any of", "some of", "between")
_GROUP_SEP = r"(?:,|\{,\}|\\,|\\!|\\ )"
_GROUPED = re.compile(r"(?<![\d,])\d{1,3}(?:" + _GROUP_SEP + r"\d{3})+(?![\d,])")


def _ungroup(text: str) -> str:
    """``4,096,000`` / ``4{,}096{,}000`` / ``4\\,096\\,000`` -> ``4096000``; lists such as
    ``27,54,108`` are left alone (the first group is preceded by a comma-separated item)."""
    return _GROUPED.sub(lambda m: re.sub(_GROUP_SEP, "", m.group(0)), text)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _numbers(text: str) -> set[str]:
    return set(_NUMBER.findall(_ungroup(text)))


_LATEX_GAP = re.compile(r"\\[ ,;:!]")


def _top_level_items(text: str) -> list[str]:
    items, depth, cur = [], 0, []
    for c in _LATEX_GAP.sub(" ", text):
        depth += (c in "([{") - (c in ")]}")
        if depth <= 0 and c in ",;":
            items.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    return [x.strip() for x in items + ["".join(cur)] if x.strip()]


_CONDITION = re.compile(r"\\(?:in|ge|geq|le|leq|neq|ne|notin|forall)\b|[<>∈≠≤≥]|\b(?:for|where|if|when)\b")
_RELATION = re.compile(r"[<>≤≥]|\\(?:le|ge|leq|geq|neq|ne|lt|gt)\b")
_ASSIGNMENT = re.compile(r"^\s*([A-Za-z][\w]*(?:\([^)]*\))?)\s*=")
_OR = re.compile(r"\\(?:text|mbox|mathrm)\{\s*(?:or|either)\s*\}|\\(?:lor|vee)\b|\bor\b|\beither\b")
_TEXT_WRAP = re.compile(r"\\(?:text|mbox|mathrm)\{([^{}]*)\}")


def _candidates(text: str, keep_conditions: bool, numeric_only: bool = False) -> list[str]:
    """Distinct values offered: top-level list items and "or" alternatives. Conditions
    (``k \\in \\mathbb{Z}``) are dropped unless the gold is itself a relation, and a list of
    assignments to distinct names (``x=3, y=4``) is one answer, not several."""
    text = _TEXT_WRAP.sub(r" \1 ", _OR.sub(",", _ungroup(text)))
    items = [x for x in _top_level_items(text) if keep_conditions or not _CONDITION.search(x)]
    items = [x.strip(" ()") for x in items if x.strip(" ()") and (not numeric_only or _DIGIT_RE.search(x))]
    names = [m.group(1) for m in map(_ASSIGNMENT.match, items) if m]
    if len(names) == len(items) and len(set(names)) == len(names):
        return []
    return list(dict.fromkeys(items))


_DIGIT_RE = re.compile(r"\d")


def several_values(text: str, gold: str) -> bool:
    """More distinct numeric values offered in ``text`` than ``gold`` holds (prose items ignored)."""
    relation = bool(_RELATION.search(gold))
    offered = _candidates(text, relation, numeric_only=True)
    return len(offered) >= 2 and len(offered) > max(1, len(_candidates(gold, relation, numeric_only=True)))


def hedge(s: Span) -> bool:
    """Several different values offered where the gold has fewer ("3 or 5", "one of 2, 4, 6")."""
    relation = bool(_RELATION.search(s.gold_text))
    offered = _candidates(s.text, relation)
    if len(offered) >= 2 and len(offered) > max(1, len(_candidates(s.gold_text, relation))):
        return True
    if len(_numbers(s.text)) <= max(1, len(_numbers(s.gold_text))):
        return False
    if set(s.words) & _HEDGE_WORDS - s.gold_words:
        return True
    return any(p in s.plain and p not in s.gold_plain for p in _HEDGE_PHRASES)
