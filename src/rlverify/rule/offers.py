"""What a response offers as its answer, read without judging it: several candidate values (a
hedge), or a tail of random characters (no declared answer).

Used by the rule verifier (a last-number fallback is refused when the response ends in gibberish or
its last line lists several values) and by the guard's detectors, which import from here: this
module imports nothing from rlverify but the runtime limits. ``clean_text`` is the sanitized view
(NFKC, invisible and control characters removed, whitespace collapsed) shared with the guard.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["clean_text", "INVISIBLE", "gibberish_tail", "gibberish_context", "offers_several_values",
           "several_values", "candidates", "numbers", "ungroup", "class_switches", "ALNUM_RUN",
           "HEDGE_TEXT_CHARS", "RELATION", "SIGN_CHOICE", "offers_sign_choice", "top_level_items"]

HEDGE_TEXT_CHARS = 4000  # offers_several_values reads at most this many trailing characters
SIGN_CHOICE = re.compile(r"\\(?:pm|mp)(?![a-zA-Z])|[\u00b1\u2213]")  # \pm \mp ± ∓: one value per sign


def offers_sign_choice(text: str) -> bool:
    """``\\pm`` / ``\\mp`` / ``±`` / ``∓``: the text names two values (one per sign)."""
    return bool(SIGN_CHOICE.search(text))

# Characters that render as nothing or reorder text: zero-width, bidi controls, BOM, tags...
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e0fff]"
)
_SPACES = re.compile(r"\s+")
_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # ASCII category C but tab, newline


def clean_text(text: str) -> str:
    """NFKC, invisible and control characters removed, whitespace collapsed."""
    text = INVISIBLE.sub("", text)
    text = unicodedata.normalize("NFKC", text)
    if text.isascii():  # the common case, ~20x cheaper than a per-character category lookup
        text = _ASCII_CONTROL.sub("", text)
    else:
        text = "".join(c for c in text if unicodedata.category(c)[0] != "C" or c in "\n\t")
    return _SPACES.sub(" ", text).strip()



ALNUM_RUN = re.compile(r"[A-Za-z0-9]{6,}")


def class_switches(run: str) -> int:
    kinds = ["u" if c.isupper() else "l" if c.islower() else "d" for c in run]
    return sum(1 for a, b in zip(kinds, kinds[1:]) if a != b)


_CONTEXT_WEIRD = frozenset("@#%&?`\"'~|")
_CONTEXT_TAIL = 400


_RX_GIBBERISH_CONTEXT_1 = re.compile(r"\\[a-zA-Z]+")


def gibberish_context(response: str) -> bool:
    """The end of the response (after ``</think>``) is random characters: a span found there is
    no declared answer. Two of three signs must hold: >= 5% odd symbols, >= 2 alphanumeric runs
    that switch case/digits >= 4 times, >= 2 vowel-less letter runs (0 of the 5,823 dev-corpus
    responses show two; every 1,000-character random string does)."""
    tail = clean_text(response.rsplit("</think>", 1)[-1][-4 * _CONTEXT_TAIL:])[-_CONTEXT_TAIL:]
    body = _RX_GIBBERISH_CONTEXT_1.sub(" ", tail)
    weird = sum(c in _CONTEXT_WEIRD for c in body) >= 0.05 * max(1, len(body))
    runs = sum(class_switches(r) >= 4 for r in ALNUM_RUN.findall(body)) >= 2
    vowelless = len(_NO_VOWEL_WORD.findall(body)) >= 2
    return weird + runs + vowelless >= 2


_NO_VOWEL_WORD = re.compile(r"(?<![\\A-Za-z])[b-df-hj-np-tv-xz]{5,}", re.IGNORECASE)


_GROUP_SEP = r"(?:,|\{,\}|,?\\[!,;: ] ?)"  # 4,096 4{,}096 4\,096 4,\!096 4,\! 096 4\;096
_GROUPED = re.compile(r"(?<![\d,])\d{1,3}(?:" + _GROUP_SEP + r"\d{3})+(?![\d,])")


def ungroup(text: str) -> str:
    """``4,096,000`` / ``4{,}096{,}000`` / ``4\\,096\\,000`` -> ``4096000``; lists such as
    ``27,54,108`` are left alone (the first group is preceded by a comma-separated item)."""
    return _GROUPED.sub(lambda m: re.sub(_GROUP_SEP, "", m.group(0)), text)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def numbers(text: str) -> set[str]:
    return set(_NUMBER.findall(ungroup(text)))


_LATEX_GAP = re.compile(r"\\[ ,;:!]")


def top_level_items(text: str, separators: str = ",;") -> list[str]:
    """The items of ``text`` at bracket depth 0, split at ``separators`` (LaTeX spacing read as a blank)."""
    items, depth, cur = [], 0, []
    for c in _LATEX_GAP.sub(" ", text):
        depth += (c in "([{") - (c in ")]}")
        if depth <= 0 and c in separators:
            items.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    return [x.strip() for x in items + ["".join(cur)] if x.strip()]


_CONDITION = re.compile(r"\\(?:in|ge|geq|le|leq|neq|ne|notin|forall)\b|[<>∈≠≤≥]|\b(?:for|where|if|when)\b")
RELATION = re.compile(r"[<>≤≥]|\\(?:le|ge|leq|geq|neq|ne|lt|gt)\b")
_ASSIGNMENT = re.compile(r"^\s*([A-Za-z][\w]*(?:\([^)]*\))?)\s*=")
_OR = re.compile(r"\\(?:text|mbox|mathrm)\{\s*(?:or|either)\s*\}|\\(?:lor|vee)\b|\bor\b|\beither\b")
_TEXT_WRAP = re.compile(r"\\(?:text|mbox|mathrm)\{([^{}]*)\}")


def candidates(text: str, keep_conditions: bool, numeric_only: bool = False) -> list[str]:
    """Distinct values offered: top-level list items and "or" alternatives. Conditions
    (``k \\in \\mathbb{Z}``) are dropped unless the gold is itself a relation, and a list of
    assignments to distinct names (``x=3, y=4``) is one answer, not several."""
    text = _TEXT_WRAP.sub(r" \1 ", _OR.sub(",", ungroup(text)))
    items = [x for x in top_level_items(text) if keep_conditions or not _CONDITION.search(x)]
    items = [x.strip(" ()") for x in items if x.strip(" ()") and (not numeric_only or _DIGIT_RE.search(x))]
    names = [m.group(1) for m in map(_ASSIGNMENT.match, items) if m]
    if len(names) == len(items) and len(set(names)) == len(names):
        return []
    return list(dict.fromkeys(items))


_DIGIT_RE = re.compile(r"\d")


# a decimal comma no thousands grouping explains ("2,74 $", "0,111") is one value, as the extractor reads it
_DECIMAL_COMMA = re.compile(r"(?<![\w.,(\[{])(?:0,\d+|[1-9]\d{3,},\d+|[1-9]\d{0,2},(?!\d{3}(?!\d))\d+)(?![\d,)\]}]|\.\d)")


def several_values(text: str, gold: str) -> bool:
    """More distinct numeric values offered in ``text`` than ``gold`` holds (prose items ignored)."""
    relation = bool(RELATION.search(gold))
    offered = candidates(_DECIMAL_COMMA.sub(lambda m: m.group().replace(",", "."), text), relation, numeric_only=True)
    return len(offered) >= 2 and len(offered) > max(1, len(candidates(gold, relation, numeric_only=True)))


def gibberish_tail(response: str) -> bool:
    """True when the end of ``response`` (after ``</think>``) is random characters, so a number
    found there is no answer (for extractors deciding whether a last-number fallback is safe)."""
    return gibberish_context(response)


def offers_several_values(text: str, gold: str) -> bool:
    """True when ``text`` (e.g. the last line of a response) offers more distinct numeric values
    than ``gold`` holds ("180, 174, 175" or "either 4 or 5" for a single-valued gold): a hedge.
    Items without a digit (prose such as "So, Raymond has $8 left") are not counted. Only the
    last ``HEDGE_TEXT_CHARS`` characters are read, so the cost is bounded on any input."""
    return several_values(clean_text(text[-HEDGE_TEXT_CHARS:]), clean_text(gold[-HEDGE_TEXT_CHARS:]))
