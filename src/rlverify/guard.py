"""Guard: is an extracted answer a plausible answer worth showing to a judge?

Interface::

    inspect(answer: str | None, gold: str, question: str | None = None, *,
            extraction_flags=(), config=GuardConfig()) -> GuardReport
    GuardReport(passed: bool, flags: tuple[str, ...], sanitized: str | None)

The hybrid verifier calls the guard on the span the rules extracted, after the rules said
"incorrect". Every detector has its own flag (see ``FLAGS``); an answer passes only when no
detector fires, and then ``sanitized`` (NFKC, invisible characters removed) is the only text a
judge may see. Detectors read the span through the views of :mod:`rlverify._guard_text`, so
case, styling (fullwidth, math bold, small capitals), LaTeX wrappers and spacing tricks do
not hide a word. Words that the gold itself uses are exempt (a gold ``\\text{Yes}`` may be
answered ``No``).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from . import _guard_text as gt
from .limits import MAX_GOLD_CHARS

__all__ = ["GuardReport", "GuardConfig", "inspect", "FLAGS", "EXTRACTION_BLOCKS"]

FLAGS = (
    "no_answer", "fallback", "hedge", "timeout", "rule_error", "empty", "invisible_chars",
    "styled_letters", "mixed_script", "confusables", "foreign_prose", "markup", "role_mimicry",
    "verdict_language", "instruction_language", "hidden_words", "encoded_text", "gibberish", "repetition",
    "too_long", "unexpected_words",
)
# Flags of the extraction/rules that keep a span from the judge, and the guard flag they become.
EXTRACTION_BLOCKS = {"no_answer": "no_answer", "fallback": "fallback", "hedge": "hedge",
                     "timeout": "timeout", "too_deep": "timeout", "error": "rule_error"}


@dataclass(frozen=True)
class GuardConfig:
    """Thresholds of the guard (defaults measured on the dev corpora; see tests/test_guard.py)."""

    max_chars: int = 600             # no judged span is longer than this
    length_floor: int = 120          # a span may always be this long...
    length_ratio: float = 8.0        # ...or this many times the gold's length
    max_unexpected_words: int = 0    # words from neither the problem, the gold nor maths (0 of 2,948
                                     # correct dev-corpus answers had one)
    max_word_repeats: int = 3        # a word (absent from the gold) seen more often is repetition


@dataclass(frozen=True)
class GuardReport:
    passed: bool
    flags: tuple[str, ...] = ()
    sanitized: str | None = None     # what a judge may see (None when blocked)


@dataclass(frozen=True)
class _Span:
    raw: str
    text: str            # sanitized
    plain: str
    words: tuple[str, ...]
    gold_text: str
    gold_plain: str
    gold_words: frozenset[str]
    question_words: frozenset[str]
    config: GuardConfig


def inspect(answer: str | None, gold: str, question: str | None = None, *,
            extraction_flags: tuple[str, ...] = (), config: GuardConfig | None = None) -> GuardReport:
    """Decide whether ``answer`` may be shown to a judge; see the module docstring."""
    blocked = tuple(dict.fromkeys(EXTRACTION_BLOCKS[f] for f in extraction_flags if f in EXTRACTION_BLOCKS))
    if answer is None:
        return GuardReport(False, tuple(dict.fromkeys(("no_answer",) + blocked)))
    config = config or GuardConfig()
    answer = str(answer)
    if len(answer) > config.max_chars:  # never scan or show a huge span
        return GuardReport(False, tuple(dict.fromkeys(blocked + ("too_long",))))
    span = _span(answer, str(gold), question, config)
    flags = blocked + tuple(name for name, detect in _DETECTORS if detect(span))
    if flags:
        return GuardReport(False, tuple(dict.fromkeys(flags)))
    return GuardReport(True, (), span.text)


def _span(answer: str, gold: str, question: str | None, config: GuardConfig) -> _Span:
    text = gt.sanitize(answer)
    gold_text = gt.sanitize(gold[:MAX_GOLD_CHARS])
    gold_plain = gt.plain(gold_text)
    plain = gt.plain(text)
    q_words = frozenset(gt.words(gt.plain(gt.sanitize((question or "")[:20_000]))))
    return _Span(answer, text, plain, tuple(gt.words(plain)), gold_text, gold_plain,
                 frozenset(gt.words(gold_plain)), q_words, config)


# --- detectors: each takes a _Span and says whether its pattern is present -----------------

# LaTeX commands that only wrap or space their argument: alone, they are not an answer.
_WRAPPERS = re.compile(
    r"\\(?:boxed|fbox|framebox|text|textbf|textit|textrm|textsf|texttt|mathrm|mathbf|mathit|mathsf"
    r"|mathtt|mbox|hbox|emph|underline|left|right|big|Big|bigg|Bigg|displaystyle|textstyle|quad|qquad"
    r"|hspace|vspace|phantom|color|textcolor|begin|end)\b\*?"
)


def _empty(s: _Span) -> bool:
    return not any(_meaningful(c) for c in _WRAPPERS.sub("", s.text))


def _meaningful(c: str) -> bool:
    cat = unicodedata.category(c)
    return cat[0] in "LN" or (cat in ("Sm", "So") and c not in "+-=<>|~^")


def _invisible(s: _Span) -> bool:
    return gt.invisible_chars(s.raw)


_LETTERLIKE_OK = frozenset("ℝℕℤℚℂℙℓℏµ")


def _styled(s: _Span) -> bool:
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
_MATH_GREEK = frozenset("αβγδεϵζηθϑλμξπϖρϱσςτφϕχψωΓΔΘΛΞΠΣΦΨΩ")


def _script(c: str) -> str:
    if c.isascii() or c in _MATH_GREEK:
        return "COMMON"
    return unicodedata.name(c, "UNKNOWN").split(" ")[0]


_LETTER_RUN = re.compile(r"[^\W\d_]+")


def _mixed_script(s: _Span) -> bool:
    for word in _LETTER_RUN.findall(s.text):
        scripts = {_script(c) for c in word}
        if len(scripts) > 1 and "COMMON" in scripts and len(word) >= 2:
            return True
        if len(scripts - {"COMMON"}) > 1:
            return True
    return False


def _confusables(s: _Span) -> bool:
    from confusable_homoglyphs import confusables

    odd = "".join(c for c in s.text if c.isalpha() and not c.isascii() and c not in _MATH_GREEK
                  and c not in s.gold_text)
    return bool(odd) and bool(confusables.is_confusable(odd, preferred_aliases=["latin"]))


def _foreign_prose(s: _Span) -> bool:
    odd = [c for c in s.text if c.isalpha() and not c.isascii() and c not in _MATH_GREEK
           and c not in _LETTERLIKE_OK and c not in s.gold_text]
    greek_words = [w for w in _LETTER_RUN.findall(s.text) if len(w) >= 4 and not w.isascii()]
    return bool(odd) or bool(greek_words)


_MARKUP = re.compile(
    r"<\s*/?\s*[a-zA-Z][\w:-]*(\s[^<>]*)?/?\s*>|<!--|-->|<\||\|>|<<\s*/?\s*sys|\[\s*/?\s*inst\s*\]"
    r"|\*\*[^*]+\*\*|__[^_]+__|(^|\n)\s*#{1,6}\s|```|\[[^\]]*\]\([^)]*\)"
    r"|\\(?:href|url|color|textcolor|colorbox|phantom|hphantom|vphantom|tiny|scriptsize|Huge|huge)\b",
    re.IGNORECASE,
)


def _markup(s: _Span) -> bool:
    return bool(_MARKUP.search(s.raw))


_ROLE = re.compile(r"(?:^|[^a-z])(?:%s)\s*(?::|\]|\||>|\))" % "|".join(gt.ROLE_WORDS))


def _role(s: _Span) -> bool:
    return bool(_ROLE.search(s.plain)) and not _ROLE.search(s.gold_plain)


_DIGIT = re.compile(r"\d")


def _soft_verdict(s: _Span) -> bool:
    """"right", "true", "exactly"... alone, last, or before punctuation (not "right triangle")."""
    soft = (set(s.words) & gt.SOFT_VERDICT_WORDS) - s.gold_words
    if not soft:
        return False
    if not _DIGIT.search(s.text):
        return True
    text = re.sub(r"[{}$]", " ", s.plain)
    return any(re.search(rf"\b{w}\b\s*(?:[^\w\s]|$)", text) for w in soft)


def _verdict(s: _Span) -> bool:
    if (set(s.words) & gt.VERDICT_WORDS) - s.gold_words or _soft_verdict(s):
        return True
    if any(c in gt.VERDICT_SYMBOLS for c in s.raw) or "\\checkmark" in s.raw:
        return True
    return any(p in s.plain and p not in s.gold_plain for p in gt.VERDICT_PHRASES)


# Instruction words that a problem may use innocently ("how many points", "a system of").
_MILD_INSTRUCTION = frozenset("points score scored scoring grade graded student model output system "
                              "mark marked decision equivalent identical evaluate evaluated".split())


def _instruction(s: _Span) -> bool:
    found = (set(s.words) & gt.INSTRUCTION_WORDS) - s.gold_words
    found -= _MILD_INSTRUCTION & s.question_words
    if found:
        return True
    return any(p in s.plain and p not in s.gold_plain for p in gt.INSTRUCTION_PHRASES)


_LEET = str.maketrans("013457@$", "oieastas")
_MIXED_TOKEN = re.compile(r"[a-z0-9@$]*[a-z][a-z0-9@$]*")


def _spaced_words(plain_text: str) -> list[str]:
    """Words spelled one letter at a time: "y e s", "c-o-r-r-e-c-t" -> "yes", "correct"."""
    out, run = [], []
    for tok in re.findall(r"[a-z0-9]+", plain_text) + [""]:
        if len(tok) == 1 and tok.isalpha():
            run.append(tok)
            continue
        if len(run) >= 2:
            out.append("".join(run))
        run = []
    return out


def _hidden_words(s: _Span) -> bool:
    """Verdict words spelled with gaps (``C O R R E C T``) or digits for letters (``C0rr3ct``)."""
    # whole words are judged by the verdict/instruction detectors; here only split or glued ones
    unsplit = " ".join(w for w in s.words if w not in gt.COLLAPSED_MARKERS)
    letters, gold_letters = gt.collapsed(unsplit), gt.collapsed(s.gold_plain)
    if any(m in letters and m not in gold_letters for m in gt.COLLAPSED_MARKERS):
        return True
    vocab = gt.VERDICT_WORDS | gt.SOFT_VERDICT_WORDS | gt.INSTRUCTION_WORDS
    if (set(_spaced_words(s.plain)) & vocab) - s.gold_words:
        return True
    leet = {t.translate(_LEET) for t in _MIXED_TOKEN.findall(s.plain) if any(ch.isdigit() for ch in t)}
    return bool((leet & vocab) - s.gold_words) or any(m in w for w in leet for m in gt.COLLAPSED_MARKERS)


_WEIRD = frozenset("@#%&?`\"';_~")
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]{6,}")
_NO_VOWEL = re.compile(r"[b-df-hj-np-tv-xz]{5,}", re.IGNORECASE)


def _class_switches(run: str) -> int:
    kinds = ["u" if c.isupper() else "l" if c.islower() else "d" for c in run]
    return sum(1 for a, b in zip(kinds, kinds[1:]) if a != b)


_ENCODED = re.compile(r"\\[uU][0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|&#?\w+;|%[0-9a-fA-F]{2}|[A-Za-z0-9+/]{12,}={1,2}"
                      r"|\b(?:[01]{8}\s+){2,}|(?:[.-]{1,5}\s+){3,}")


def _encoded(s: _Span) -> bool:
    """Text in an encoding a judge could decode: escapes, entities, URL/base64, binary, morse."""
    return bool(_ENCODED.search(s.text)) and not _ENCODED.search(s.gold_text)


def _gibberish(s: _Span) -> bool:
    body = re.sub(r"\\[a-zA-Z]+", " ", s.text)
    if any(unicodedata.category(c) == "So" and c not in "°℃℉" for c in body):
        return True
    weird = sum(1 for c in body if c in _WEIRD)
    if weird >= 3 and weird >= 0.08 * max(1, len(body)):
        return True
    if any(_class_switches(r) >= 4 for r in _ALNUM_RUN.findall(body)):
        return True
    return bool(_NO_VOWEL.search(body))


_REPEATED_UNIT = re.compile(r"([^\d\s{}()\\^_.,+\-]{2,}?)(?:\W*\1){3,}", re.IGNORECASE)


def _repetition(s: _Span) -> bool:
    limit = s.config.max_word_repeats
    counts = Counter(w for w in s.words if len(w) >= 2)
    gold_counts = Counter(w for w in gt.words(s.gold_plain) if len(w) >= 2)
    if any(n > limit and n > gold_counts[w] for w, n in counts.items()):
        return True
    m = _REPEATED_UNIT.search(s.plain)
    return m is not None and not _REPEATED_UNIT.search(s.gold_plain)


def _too_long(s: _Span) -> bool:
    c = s.config
    return len(s.text) > min(c.max_chars, max(c.length_floor, c.length_ratio * len(s.gold_text)))


def _unexpected_words(s: _Span) -> bool:
    known = s.gold_words | s.question_words | gt.COMMON_WORDS
    odd = {w for w in s.words if len(w) >= 3 and w not in known and not gt.is_unit_word(w)}
    return len(odd) > s.config.max_unexpected_words


_HEDGE_WORDS = frozenset("or either maybe possibly perhaps probably likely could might guess".split())
_HEDGE_PHRASES = ("one of", "any of", "some of", "between")
_GROUPING = re.compile(r"(?<=\d)(?:,|\{,\}|\\,|\\!|\s)(?=\d{3}\b)")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _numbers(text: str) -> set[str]:
    return set(_NUMBER.findall(_GROUPING.sub("", text)))


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


_CONDITION = re.compile(r"\\(?:in|ge|geq|le|leq|neq|ne|notin|forall|text)\b|[<>∈≠≤≥]|\b(?:for|where|if|when)\b")
_ASSIGNMENT = re.compile(r"^\s*([A-Za-z][\w]*(?:\([^)]*\))?)\s*=")


def _candidates(text: str) -> list[str]:
    """Top-level list items that are values: conditions and assignments to distinct names dropped."""
    items = [x for x in _top_level_items(text) if not _CONDITION.search(x)]
    names = [m.group(1) for m in map(_ASSIGNMENT.match, items) if m]
    if len(names) == len(items) and len(set(names)) == len(names):
        return []
    return list(dict.fromkeys(items))


def _hedge(s: _Span) -> bool:
    """Several different values offered where the gold has one ("3 or 5", "one of 2, 4, 6")."""
    gold_has_list = bool(re.search(r"[,;]", _LATEX_GAP.sub(" ", s.gold_text)))
    if not gold_has_list and (len(_candidates(_GROUPING.sub("", s.text))) >= 2
                              or re.search(r"\\(?:lor|vee)\b", s.text)):
        return True
    if len(_numbers(s.text)) <= max(1, len(_numbers(s.gold_text))):
        return False
    if set(s.words) & _HEDGE_WORDS - s.gold_words:
        return True
    return any(p in s.plain and p not in s.gold_plain for p in _HEDGE_PHRASES)


_DETECTORS: tuple[tuple[str, Callable[[_Span], bool]], ...] = (
    ("empty", _empty),
    ("invisible_chars", _invisible),
    ("styled_letters", _styled),
    ("mixed_script", _mixed_script),
    ("confusables", _confusables),
    ("foreign_prose", _foreign_prose),
    ("markup", _markup),
    ("role_mimicry", _role),
    ("verdict_language", _verdict),
    ("instruction_language", _instruction),
    ("hidden_words", _hidden_words),
    ("encoded_text", _encoded),
    ("gibberish", _gibberish),
    ("repetition", _repetition),
    ("too_long", _too_long),
    ("unexpected_words", _unexpected_words),
    ("hedge", _hedge),
)
