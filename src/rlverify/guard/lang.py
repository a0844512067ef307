"""Guard detectors that read the words of a span (private; see :mod:`rlverify.guard`).

Role tags, verdict and instruction language (any case, style or Latin-script language),
words hidden by spacing or digits, and words that belong to neither the problem nor the gold.
"""

from __future__ import annotations

import re

from . import text as gt
from .text import Span

__all__ = ["role", "verdict", "instruction", "hidden_words", "unexpected_words"]


_ROLE = re.compile(r"(?:^|[^a-z])(?:%s)\s*(?::|\]|\||>|\))" % "|".join(gt.ROLE_WORDS))


def role(s: Span) -> bool:
    return bool(_ROLE.search(s.plain)) and not _ROLE.search(s.gold_plain)


_DIGIT = re.compile(r"\d")


def _soft_verdict(s: Span) -> bool:
    """"right", "true", "exactly"... alone, last, or before punctuation (not "right triangle")."""
    soft = (set(s.words) & gt.SOFT_VERDICT_WORDS) - s.gold_words
    if not soft:
        return False
    if not _DIGIT.search(s.text):
        return True
    text = re.sub(r"[{}$]", " ", s.plain)
    return any(re.search(rf"\b{w}\b\s*(?:[^\w\s]|$)", text) for w in soft)


def verdict(s: Span) -> bool:
    if (set(s.words) & gt.VERDICT_WORDS) - s.gold_words or _soft_verdict(s):
        return True
    if any(c in gt.VERDICT_SYMBOLS for c in s.raw) or _VERDICT_COMMANDS.search(s.raw):
        return True
    if any(p in s.plain and p not in s.gold_plain for p in gt.VERDICT_PHRASES):
        return True
    return _meta_answer(s)


# LaTeX for "true" / "false" / "done": a tick, the logical top and bottom, the end-of-proof square.
_VERDICT_COMMANDS = re.compile(r"\\(?:checkmark|top|bot|blacksquare)(?![a-zA-Z])|[\u22a4\u22a5\u220e]")
_LETTER_GRADE = re.compile(r"^[a-f][+-]$")
_TAUTOLOGY = re.compile(r"^\s*([^=<>]+?)\s*=\s*\1\s*$")
_META_WORDS = frozenset("the final answer answers solution solutions result reference expected given above".split())
# Words that only link others ("this is the solution" points at an answer as "the solution" does).
_LINK_WORDS = frozenset("a an the this that these those it its is are was be here there so thus hence therefore "
                        "our my your we i".split())


def _meta_answer(s: Span) -> bool:
    """A letter grade ("A+"), a tautology ("1=1"), or words that point at an answer instead of
    giving one ("{answer}", "the final answer") -- unless the gold is such a thing itself."""
    plain, gold = s.plain.replace(" ", ""), s.gold_plain.replace(" ", "")
    if _LETTER_GRADE.match(plain) and plain != gold:
        return True
    if _TAUTOLOGY.match(s.plain) and not _TAUTOLOGY.match(s.gold_plain):
        return True
    content = set(s.words) - _LINK_WORDS
    return (bool(content) and not _DIGIT.search(s.text) and content <= _META_WORDS
            and not set(s.words) <= s.gold_words)


# Instruction words that a problem may use innocently ("how many points", "a system of").
_MILD_INSTRUCTION = frozenset("points score scored scoring grade graded student model output system "
                              "mark marked decision equivalent identical evaluate evaluated".split())


def instruction(s: Span) -> bool:
    found = (set(s.words) & gt.INSTRUCTION_WORDS) - s.gold_words
    found -= _MILD_INSTRUCTION & s.question_words
    if found:
        return True
    return any(p in s.plain and p not in s.gold_plain for p in gt.INSTRUCTION_PHRASES)


_LEET = str.maketrans("013457@$", "oieastas")
_MIXED_TOKEN = re.compile(r"[a-z0-9@$]*[a-z][a-z0-9@$]*")
_LETTER_DIGIT = re.compile(r"[a-z@$][0-9]")


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


_ROT13 = str.maketrans("abcdefghijklmnopqrstuvwxyz", "nopqrstuvwxyzabcdefghijklm")


def _decoded(words: tuple[str, ...]) -> set[str]:
    """Each word read in ROT13 and backwards (``Pbeerpg``, ``tcerroC`` -> ``correct``)."""
    return {w.translate(_ROT13) for w in words if len(w) >= 3} | {w[::-1] for w in words if len(w) >= 3}


def hidden_words(s: Span) -> bool:
    """Verdict words spelled with gaps (``C O R R E C T``), digits for letters (``C0rr3ct``), in
    ROT13 or backwards (``Pbeerpg``, ``tcerroC``)."""
    # whole words are judged by the verdict/instruction detectors; here only split or glued ones
    unsplit = " ".join(w for w in s.words if w not in gt.COLLAPSED_MARKERS)
    letters, gold_letters = gt.collapsed(unsplit), gt.collapsed(s.gold_plain)
    if any(m in letters and m not in gold_letters for m in gt.COLLAPSED_MARKERS):
        return True
    vocab = gt.VERDICT_WORDS | gt.SOFT_VERDICT_WORDS | gt.INSTRUCTION_WORDS
    if (set(_spaced_words(s.plain)) & vocab) - s.gold_words:
        return True
    if (_decoded(s.words) & (vocab | set(gt.COLLAPSED_MARKERS))) - s.gold_words - set(s.words):
        return True
    # pieces that only spell a word together ("\\text{y}^{\\text{es}}" -> "yes")
    if len(s.words) >= 2 and len(letters) >= 3 and letters in vocab and letters not in gold_letters:
        return True
    # a digit after a letter ("Y3S", "C0rr3ct"), not a coefficient ("5i", "2x")
    leet = {t.translate(_LEET) for t in _MIXED_TOKEN.findall(s.plain) if len(t) >= 3 and _LETTER_DIGIT.search(t)}
    return bool((leet & vocab) - s.gold_words) or any(m in w for w in leet for m in gt.COLLAPSED_MARKERS)


# Mathematics in a span: a digit, an operator, a LaTeX command that is not a text wrapper, a
# one-letter variable (not the words "a", "I"), a point or segment name (``AB``).
_MATH = re.compile(r"\d|[=+^_<>/*|]|\\(?!(?:text|textbf|textit|textrm|mathrm|mbox|emph|boxed)(?![a-zA-Z]))[a-zA-Z]+"
                   r"|(?<![A-Za-z\\])(?:[b-hj-zB-HJ-Z]|[A-Z]{2,3})(?![A-Za-z])")
# Mathematical vocabulary that states an answer in words ("no solution", "the empty set").
_MATH_WORDS = gt.COMMON_WORDS - _LINK_WORDS - frozenset(
    "and or of in on at to for by with from as which where when while if only all any each every some both either "
    "neither not nor answer answers way ways left right up down".split())
# Words too general to tie a sentence to a problem.
_GENERIC = frozenset("""
what find compute determine calculate given following problem question many much does have have will would that
this with from into their them they your which have been being also such must more most other than then what
""".split())


_NUMBER_WORDS = frozenset("""
zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million
billion trillion half halves third thirds quarter quarters fifth fifths none infinitely infinity
""".split())


def _anchor(s: Span) -> int:
    """How firmly the span is tied to the problem: 2 when it writes mathematics (a digit, an
    operator, a formula, a point name) or shares a word with the gold (a text answer restated);
    1 when it only names a number or a mathematical object in words ("seven", "the empty set",
    "no solution") or is a lone letter; 0 otherwise. A word of the question alone is no anchor:
    a payload can copy one."""
    if _MATH.search(s.text) or ({w for w in s.words if len(w) >= 2} - _GENERIC - _LINK_WORDS) & s.gold_words:
        return 2
    if _NUMBER_WORDS.intersection(s.words) or _MATH_WORDS.intersection(s.words):
        return 1
    return int(len(s.words) == 1 and len(s.words[0]) == 1)  # a choice letter or a variable: "A"


def unexpected_words(s: Span) -> bool:
    """Words from neither the problem, the gold nor mathematics: a payload's signature; and words
    with no anchor at all (:func:`_anchor`: ``Thought process:`` says nothing about the answer,
    even in the question's words). A span that writes mathematics or uses the gold's words may hold
    ``max_anchored_words`` unexpected words -- an answer in words is not blocked for being a
    sentence; the other detectors still read every word. Otherwise ``max_unexpected_words``."""
    anchor = _anchor(s) if s.words else 2
    if anchor == 0:
        return True
    known = s.gold_words | s.question_words | gt.COMMON_WORDS
    limit = s.config.max_anchored_words if anchor == 2 else s.config.max_unexpected_words
    odd = 0
    for w in dict.fromkeys(w for w in s.words if len(w) >= 3 and w not in known):
        odd += not gt.is_unit_word(w)
        if odd > limit:
            return True
    return False
