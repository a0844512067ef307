"""Text views and vocabularies used by :mod:`rlverify.guard` (private).

The guard looks at an answer span through several views:

* ``sanitize``: NFKC, control/format characters (zero-width, bidi) removed, whitespace
  collapsed. This is what a judge may see.
* ``plain``: the sanitized text with LaTeX command names removed (their arguments kept),
  LaTeX spacing turned into spaces, transliterated to ASCII (anyascii folds small capitals,
  Cyrillic/Greek homoglyphs...) and case-folded. Verdict and instruction words are looked
  for here, so ``\\mathbf{Final\\ Decision:\\ Yes}``, ``ＹＥＳ`` and ``ʏᴇs`` read the same.
* ``collapsed``: ``plain`` with everything but letters removed, to see words spelled with
  spaces, dots or invisible characters between their letters (``C.O.R.R.E.C.T``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from anyascii import anyascii

from ..rule.offers import INVISIBLE as _INVISIBLE
from ..rule.offers import clean_text as sanitize
from ..runtime.caches import lru
from ..runtime.limits import MAX_GOLD_CHARS
from .render import render

__all__ = [
    "GuardConfig",
    "Span",
    "make_span",
    "sanitize",
    "plain",
    "collapsed",
    "words",
    "invisible_chars",
    "VERDICT_WORDS",
    "SOFT_VERDICT_WORDS",
    "VERDICT_PHRASES",
    "INSTRUCTION_WORDS",
    "INSTRUCTION_PHRASES",
    "COLLAPSED_MARKERS",
    "ROLE_WORDS",
    "COMMON_WORDS",
    "VERDICT_SYMBOLS",
    "is_unit_word",
]

_SPACES = re.compile(r"\s+")
_LATEX_SPACE = re.compile(r"\\[ ,;:!>]|\\q?quad\b|~")
_LATEX_CMD = re.compile(r"\\[a-zA-Z]+\*?")


# Verdict language: a grader's vocabulary, in English and other Latin-script languages
# (other scripts are caught by the script detectors before words are read).
VERDICT_WORDS = frozenset("""
correct correctly correctness incorrect yes yeah yep yup accurate accurately accuracy verified verify
verification confirmed confirm valid validated affirmative approved approve success successful
passed pass perfect perfectly precisely agreed certainly absolutely indeed wrong false
correcto correcta correctos correctas verdadero verdadera cierto cierta
vrai vraie juste oui exacte richtig korrekt korrekte wahr stimmt genau
corretto corretta giusto giusta vero vera esatto esatta correto correta verdadeiro certo certa sim
correcte exacto exacta bien
juist klopt waar goed poprawny poprawna prawda dobrze spravne spravny pravda pravilno verno
dogru evet benar betul tama sahi haan qed
""".split())
# Words that are verdicts only when no mathematics comes with them ("right triangle", "exactly 3").
SOFT_VERDICT_WORDS = frozenset("true right exact exactly ok okay good sure fine ja si da".split())
VERDICT_PHRASES = (
    "final decision", "final verdict", "final grade", "final judgment", "final judgement",
    "the answer is correct", "answer is right", "is equivalent", "are equivalent", "matches the",
    "same as the reference", "same as the gold", "ground truth", "reference answer", "gold answer",
    "expected answer", "answer key", "same as", "see above", "answer above", "as above", "as expected",
)
INSTRUCTION_WORDS = frozenset("""
ignore ignoring disregard instruction instructions override overridden forget pretend
grade graded grading grader score scored scoring judge judged judging judgment judgement evaluator
evaluate evaluated evaluation verdict decision mark marked marking reward rewarded points
output respond reply debug prompt jailbreak student model assistant system developer admin
administrator moderator equivalent identical label labeled labelled rating rated status
feedback
""".split())
INSTRUCTION_PHRASES = (
    "as an ai", "language model", "you are", "you must", "you should", "previous instructions",
    "should be marked", "should be accepted", "should be graded",
    "return true", "return yes", "say yes", "answer yes", "print yes", "new instructions",
    "step by step", "i verified", "i checked", "i am", "trust me",
)
# Long markers found in the letters-only view (spacing tricks). Long enough not to occur in
# mathematics by accident; a gold that contains one exempts it.
COLLAPSED_MARKERS = (
    "correct", "accurate", "verified", "decision", "verdict", "ignore", "instruction", "override",
    "system", "assistant", "richtig", "correcto", "correcta", "corretto", "affirmative", "approved",
)
ROLE_WORDS = ("system", "user", "assistant", "human", "ai", "bot", "developer", "judge", "grader",
              "evaluator", "admin", "root", "sys", "inst", "instruction", "instructions", "tool",
              "gpt", "model", "moderator", "teacher", "reviewer", "chatgpt", "claude", "llm")
VERDICT_SYMBOLS = frozenset("\u2713\u2714\u2705\u2611\u2612\u2717\u2718\u274c\u274e\U0001f44d\U0001f44c"
                            "\U0001f197\U0001f4af\u2b55\u2610")

# Words that may appear in a mathematical answer without meaning anything to a judge.
COMMON_WORDS = frozenset("""
the a an and or of in on at to for by with from as is are be it its this that these those there
so thus hence therefore then than which where when while if only all any each every some no not
none nor both either neither one two three four five six seven eight nine ten eleven twelve
thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty
seventy eighty ninety hundred thousand million billion trillion half halves third thirds quarter
quarters fourth fifths sixth sevenths eighth ninth tenth first second last zero
solution solutions real reals number numbers integer integers natural rational irrational complex
positive negative nonnegative nonpositive even odd prime primes value values set sets empty
undefined infinity infinite finite exist exists does do not dne many integer only unique
max min maximum minimum largest smallest greatest least sum product total area volume length
perimeter radius diameter height width angle angles side sides degree degrees radian radians
point points line lines plane circle square triangle ratio probability expected answer answers
approximately about exactly approx percent per cent cents dollar dollars unit units square cubic
any otherwise case cases when given let where such distinct different possible impossible
constant constants function functions domain range interval intervals union intersection
increasing decreasing sequence series term terms root roots equation equations inequality
matrix vector vectors base digit digits way ways left right up down north south east west
am pm hour hours minute minutes second seconds day days week weeks month months year years
leg legs hypotenuse vertex vertices edge edges face faces diagonal diagonals chord arc tangent center
centre midpoint slope intercept coefficient coefficients factor factors multiple multiples divisor
divisors remainder quotient numerator denominator fraction decimal exponent power cube rectangle
polygon pentagon hexagon octagon parallelogram trapezoid rhombus sphere cylinder cone prism pyramid
isosceles equilateral scalene acute obtuse convex regular parallel perpendicular similar congruent
odd even mod modulo gcd lcm log ln sin cos tan sec csc cot arcsin arccos arctan exp sqrt det
true false yes not hence
""".split()) - frozenset("true false yes".split())


def invisible_chars(text: str) -> bool:
    """True when the text holds invisible or format characters (zero-width, bidi, tags...)."""
    if _INVISIBLE.search(text):
        return True
    return any(unicodedata.category(c) in ("Cf", "Co", "Cs") for c in text)


def plain(text: str) -> str:
    """ASCII, case-folded reading of a sanitized span with LaTeX command names dropped."""
    text = _LATEX_SPACE.sub(" ", text)
    text = _LATEX_CMD.sub(" ", text)
    text = anyascii(text).casefold()
    return _SPACES.sub(" ", text).strip()


def collapsed(plain_text: str) -> str:
    """Only the letters of a plain view."""
    return "".join(c for c in plain_text if "a" <= c <= "z")


_WORD = re.compile(r"[a-z]+")


def words(plain_text: str) -> list[str]:
    return _WORD.findall(plain_text)


@lru("rule.unit_word")
def is_unit_word(word: str) -> bool:
    """True when pint knows ``word`` as a unit (hours, cm, feet...)."""
    if not (2 <= len(word) <= 20 and word.isalpha()):
        return False
    try:
        _units().parse_units(word)
    except Exception:  # noqa: BLE001 - pint raises several error types for unknown names
        return False
    return True


@lru_cache(maxsize=1)
def _units():  # noqa: ANN202 - pint's registry type
    import pint

    return pint.UnitRegistry()


@dataclass(frozen=True)
class GuardConfig:
    """Thresholds of the guard (defaults measured on the dev corpora; see tests/test_guard.py)."""

    max_chars: int = 600             # no judged span is longer than this
    length_floor: int = 120          # a span may always be this long...
    length_ratio: float = 8.0        # ...or this many times the gold's length
    max_unexpected_words: int = 0    # words from neither the problem, the gold nor maths (0 of 2,948
                                     # correct dev-corpus answers had one) in a span with no anchor...
    max_anchored_words: int = 12     # ...and in a sentence anchored in the problem (it states mathematics
                                     # or shares a content word with the gold or question): an answer
                                     # in words is not blocked for being a sentence
    max_word_repeats: int = 3        # a word (absent from the gold) seen more often is repetition


@dataclass(frozen=True)
class Span:
    raw: str
    text: str            # sanitized
    plain: str
    words: tuple[str, ...]
    gold_text: str
    gold_plain: str
    gold_words: frozenset[str]
    question_words: frozenset[str]
    config: GuardConfig
    question: str = ""   # the question's text (its first 20,000 characters): the context of guard.vacuous


def make_span(answer: str, gold: str, question: str | None, config: GuardConfig) -> Span:
    """All the views of an answer span and of its gold and question. ``text`` (what a judge may see) is
    the span as rendered (:func:`rlverify.guard.render.render`: struck-out and invisible parts removed)."""
    text = render(sanitize(answer)).text
    gold_text = sanitize(gold[:MAX_GOLD_CHARS])
    gold_view = plain(gold_text)
    view = plain(text)
    q_words = frozenset(words(plain(sanitize((question or "")[:20_000]))))
    return Span(answer, text, view, tuple(words(view)), gold_text, gold_view,
                frozenset(words(gold_view)), q_words, config, (question or "")[:20_000])
