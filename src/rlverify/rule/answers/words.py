"""Answers written in words: number words, ordinals, plain text, yes/no.

Interface::

    words_to_number(text) -> Fraction | None     "seventeen", "two hundred and five", "three halves",
                                                 "5^{\\text{th}}", "twenty-first"
    normalize_text(text) -> str                  case, articles, plural, \\text{}, punctuation folded
    same_text(answer, gold) -> bool
    yes_no(answer, gold) -> bool | None          synonyms only when the gold is a yes/no/true/false word
    sentence_yes_no(answer, gold) -> bool | None 'No' for 'No, it is not possible.' (a sentence restating its word)
    leading_word(answer, gold) -> bool | None    "Yes, such a sequence exists." / "Bob has a winning strategy"
    sentence_number(text) -> Fraction | None     "There are twelve ways." (one number word, nothing hedging)
"""

from __future__ import annotations

import re
from fractions import Fraction

from ...runtime.caches import memo_text
from .latex import unescaped
from .surface import unwrap

__all__ = ["says_nothing", "words_to_number", "normalize_text", "same_text", "is_wordy", "yes_no", "strip_trailing_words",
           "leading_word", "sentence_gold", "sentence_number"]

_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if i >= 2}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_ORD = {"first": "one", "second": "two", "third": "three", "fourth": "four", "fifth": "five", "sixth": "six",
        "seventh": "seven", "eighth": "eight", "ninth": "nine", "tenth": "ten", "eleventh": "eleven",
        "twelfth": "twelve", "thirteenth": "thirteen", "fourteenth": "fourteen", "fifteenth": "fifteen",
        "sixteenth": "sixteen", "seventeenth": "seventeen", "eighteenth": "eighteen", "nineteenth": "nineteen",
        "twentieth": "twenty", "thirtieth": "thirty", "fortieth": "forty", "fiftieth": "fifty",
        "sixtieth": "sixty", "seventieth": "seventy", "eightieth": "eighty", "ninetieth": "ninety",
        "hundredth": "hundred", "thousandth": "thousand", "millionth": "million"}
_DENOMS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
           "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7,
           "eighth": 8, "eighths": 8, "ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10}
_ORDINAL_DIGITS = re.compile(r"^(\d+)\s*(?:\^\s*\{?\s*)?(?:st|nd|rd|th)\s*\}?$", re.I)
_MAX_WORDS = 12
_ASCII_LETTER = re.compile(r"[A-Za-z]")


# compiled once (re's cache lookup per call cost as much as these short searches)
_BLANKS = re.compile(r"\s+")
_COMMAND = re.compile(r"\\[A-Za-z]+")
_COMMAND_LOWER = re.compile(r"\\[a-z]+")
_NON_WORD = re.compile(r"[^\w\s]")
_BRACE = re.compile(r"[{}]")
_WORD_SEP = re.compile(r"[\s\-]+")
_DIGIT = re.compile(r"\d")
_TEXT_WRAPPER = re.compile(r"\\(?:text|textbf|mathrm|mbox)\s*\{([^{}]*)\}")
_LOWER_WORDS = re.compile(r"[a-z ]+")


def _cardinal(words: list[str]) -> int | None:
    if not words or words[-1] == "and":
        return None
    total, current, seen = 0, 0, False
    for w in words:
        if w in _UNITS:
            current += _UNITS[w]
        elif w in _TENS:
            current += _TENS[w]
        elif w == "hundred":
            current = max(current, 1) * 100
        elif w in _SCALES:
            total += max(current, 1) * _SCALES[w]
            current = 0
        elif w == "and" and seen:
            continue
        else:
            return None
        seen = True
    return total + current if seen else None


def _tokens(text: str) -> list[str]:
    s = unwrap(text).lower()
    s = _BRACE.sub(" ", s)
    return [w for w in _WORD_SEP.split(s.strip(" .!")) if w]


_SCALED = re.compile(r"^([+-]?\d+(?:\.\d+)?)\s*(thousand|million|billion|trillion|dozen)$", re.I)


@memo_text("rule.words_to_number")   # pure; the stages and the views read the same spans again
def words_to_number(text: str) -> Fraction | None:
    """The value of a number written in English words, as an ordinal, or as "18 million"; None otherwise."""
    if text.isascii() and _ASCII_LETTER.search(text) is None:
        return None     # every reading needs a word or a suffix (st, nd, th, million...): letters (unwrap adds none)
    s = unwrap(text)
    m = _ORDINAL_DIGITS.match(s.replace(" ", ""))
    if m:
        return Fraction(int(m.group(1)))
    m = _SCALED.match(s)
    if m:
        scale = 12 if m.group(2).lower() == "dozen" else _SCALES[m.group(2).lower()]
        return Fraction(m.group(1)) * scale
    words = _tokens(s)
    if not words or len(words) > _MAX_WORDS:
        return None
    if words[0] == "the" and len(words) > 1 and words[-1] in _ORD:
        words = words[1:]
    sign = -1 if words[0] in ("minus", "negative") else 1
    words = words[1:] if sign < 0 else words
    if not words:
        return None      # 'negative' alone is a word, no number
    if len(words) >= 2 and words[-1] in _DENOMS:
        num = 1 if words[:-1] in (["a"], ["an"]) else _cardinal(words[:-1])
        if num is not None and (num < 20 or words[-1].endswith("s")):
            return sign * Fraction(num, _DENOMS[words[-1]])
    if words[-1] in _ORD:
        words = words[:-1] + [_ORD[words[-1]]]
    n = _cardinal(words)
    return None if n is None else Fraction(sign * n)


_ARTICLES = re.compile(r"\b(?:a|an|the)\b")


def _singular(w: str) -> str:
    if len(w) > 3 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


@memo_text("rule.normalize_text")   # pure; yes/no, the text stage and the sentence readers fold the same spans
def normalize_text(text: str) -> str:
    s = unwrap(text).lower()
    s = _COMMAND_LOWER.sub(" ", s)
    s = _NON_WORD.sub(" ", s)
    s = _ARTICLES.sub(" ", s)
    return " ".join(_singular(w) for w in s.split())


_WORDY = re.compile(r"[A-Za-z]+(?:[\s'\-][A-Za-z]+)*[.!]?")


def is_wordy(text: str) -> bool:
    """Only words (letters, spaces, hyphens, apostrophes) and at least one word of 3+ letters."""
    s = unwrap(text)
    return bool(_WORDY.fullmatch(s)) and bool(re.search(r"[A-Za-z]{3}", s))


_EMPTY_SET = re.compile(r"^\s*(?:\\emptyset|\\varnothing|\u2205|\\\{\s*\\\}|\{\s*\})\s*$")
_NOTHING = re.compile(
    r"^(?:there (?:is|are|exist) )?(?:no(?: such)?(?: (?:real|integer|positive|natural|possible|valid|integral))*"
    r" (?:solution|value|[a-z]|integer|number|function|pair|triple|polynomial|real|x|n)(?: exist| exists)?"
    r"|no such [a-z]+(?: exist)?|none(?: exist)?|empty set|does? not exist|doesn t exist|dne|not exist)$")   # 'doe': does, singularized


def says_nothing(text: str) -> bool:
    """``\\emptyset``, 'none', 'no solution', 'No such $n$ exists', 'There are no such integers', 'does not
    exist', 'DNE': the answer that nothing is asked for (a bare 'no' is a yes/no answer, not this)."""
    if _EMPTY_SET.match(text):
        return True
    if len(text) > 120:
        return False
    t = unwrap(text).replace("$", " ")
    if _DIGIT.search(t):
        return False
    return bool(_NOTHING.match(normalize_text(t)))


_INFINITE_SYMBOL = re.compile(r"^\s*\+?\s*(?:\\infty|\u221e|\\text\s*\{\s*infinity\s*\})\s*$")
_INFINITE = re.compile(r"^(?:there (?:is|are) )?(?:infinitely many|an infinite number of|infinite|infinitely|infinity)"
                       r"(?: [a-z]+){0,2}$")


def says_infinite(text: str) -> bool:
    """``\\infty``, 'infinitely many', 'There are infinitely many solutions', 'infinite': a count without end (never
    ``-\\infty``, never a sentence that says more)."""
    if _INFINITE_SYMBOL.match(text):
        return True
    if len(text) > 80 or "infinit" not in text.lower():
        return False
    t = unwrap(text).replace("$", " ")
    return not re.search(r"\d|-|\b(?:not|no|finite|finitely|but|or|except)\b", t, re.I) and bool(_INFINITE.match(normalize_text(t)))


def same_text(answer: str, gold: str) -> bool:
    """Equal as words: case, articles, plural, \\text{} ignored; both sides must be plain words. A qualifier is its
    generic noun phrase ('odd' for 'Any odd number of participants', :func:`_qualifier`). Two ways of
    saying that nothing is asked for (:func:`says_nothing`) are the same text, and so are two of saying that there
    are infinitely many (:func:`says_infinite`)."""
    gold = unescaped(gold)    # a reference that went through a string escape: a tab for the \\t of \\text
    if says_nothing(answer) and says_nothing(gold):
        return True
    if says_infinite(answer) and says_infinite(gold):
        return True
    if not (is_wordy(answer) and is_wordy(gold)):
        return False
    g = normalize_text(gold)
    if not g:
        return False
    a = normalize_text(answer)
    return a == g or _qualifier(a) == _qualifier(g) != ""


# a generic head qualified by one or two words: '(any) odd number (of participants)', 'an even integer', 'all
# positive values'; the head and what follows name the kind, the qualifier is the answer (normalize_text's words:
# articles dropped, singular)
_QUALIFIED_HEAD = re.compile(r"^(?:(?:any|all|every|each|some) )?(?P<q>[a-z]{3,}(?: [a-z]{3,})?) (?:number|integer|value)"
                             r"(?: of [a-z]+(?: [a-z]+)?)?$")
_NOT_QUALIFIERS = frozenset({"any", "all", "every", "each", "some", "the", "no", "not", "none", "number", "integer",
                             "value", "other", "same", "such", "certain", "many", "few", "more", "less", "which", "what"})


def _qualifier(text: str) -> str:
    """The qualifier of a normalized 'any odd number of participants' ('odd'), the text itself when it is one or two
    qualifying words ('odd', 'odd number' is its own phrase); '' when neither (a negation, a number word, other
    words)."""
    m = _QUALIFIED_HEAD.match(text)
    q = m.group("q") if m else text
    words = q.split()
    if not 1 <= len(words) <= 2 or any(w in _NOT_QUALIFIERS or words_to_number(w) is not None for w in words):
        return ""
    return q


_YES = {"yes", "true", "y", "correct", "affirmative"}
_NO = {"no", "false", "n", "incorrect", "negative"}


def yes_no(answer: str, gold: str) -> bool | None:
    """Whether a bare yes/no/true/false answer says what a yes/no/true/false gold says; else None."""
    g = normalize_text(gold)
    if g not in ("yes", "no", "true", "false"):
        return None
    a = normalize_text(answer)
    if a in _YES | _NO:
        return (a in _YES) == (g in ("yes", "true"))
    return None                      # "Yes it is", "maybe": not a bare yes/no; the core decides


# a yes/no sentence: the word, punctuation, then a clause in words that only restates it ('No, it is not possible.',
# 'Yes, such a sequence exists.'): no value, no contrast or condition, not the other word
_POLAR_SENTENCE = re.compile(r"^\s*(yes|no|true|false)\s*(?:[,;:.!]|—|--)\s*([A-Za-z' \-,]{0,120}?)\s*[.!]?\s*$", re.I)
_POLAR_BLOCK = re.compile(r"\b(?:but|however|except|unless|only|if|when|whenever|although|though|otherwise|or|either"
                          r"|depends|sometimes|maybe|perhaps|possibly|probably)\b", re.I)
# the other answer word in the clause ('No, yes for n even', 'Yes. No.'): two answers
_OTHER_WORD = {True: re.compile(r"^\s*(?:no|false)\b", re.I), False: re.compile(r"\b(?:yes|affirmative)\b", re.I)}


def _polarity(text: str) -> tuple[bool, bool] | None:
    """(says yes, is a sentence) for a bare yes/no/true/false word or a yes/no sentence (above); else None."""
    s = unwrap(text).replace("$", " ")
    if "\\" in s:
        s = _TEXT_WRAPPER.sub(r"\1", s)
        if "\\" in s:
            return None
    word = normalize_text(s)
    if word in ("yes", "no", "true", "false"):
        return word in ("yes", "true"), False
    m = _POLAR_SENTENCE.match(s)
    if m is None or not m.group(2).strip() or _POLAR_BLOCK.search(m.group(2)):
        return None
    yes = m.group(1).lower() in ("yes", "true")
    return None if _OTHER_WORD[yes].search(m.group(2)) else (yes, True)


def sentence_yes_no(answer: str, gold: str) -> bool | None:
    """A yes/no answer against a yes/no reference where either is a sentence that restates its word ('No' for 'No,
    it is not possible.'): whether they say the same; None when either is not such a reading."""
    if len(answer) > 200 or len(gold) > 200:
        return None
    pa, pg = _polarity(answer), _polarity(gold)
    if pa is None or pg is None or not (pa[1] or pg[1]):
        return None
    return pa[0] == pg[0]


_BLOCK = {"or", "and", "not", "no", "less", "more", "than", "at", "least", "most", "except", "minus", "plus",
          "times", "squared", "cubed", "over", "per", "dozen", "half", "halves", "percent", "approximately",
          "about", "roughly", "nearly", "almost", "only", "under", "above", "below", "up", "to", "between",
          "x", "y", "z", "n", "k"} | set(_SCALES) | set(_UNITS) | set(_TENS)
_TRAILING = re.compile(r"^(.*?\d)\s+((?:[A-Za-z][A-Za-z'\-]{2,}\s*){1,4})$")


# a closing remark of words alone in parentheses ('414\\ (\\text{minimal})', '\\frac12\\quad(\\text{exact value})')
_PAREN_REMARK = re.compile(r"^(.*?[\w})\]])\s*\(\s*((?:[A-Za-z][A-Za-z'\-]{1,}[ \t,]*){1,6})\)\s*\.?$")
# words that would make such a remark qualify, scale or condition the value ('(negative)', '(if ordered)')
_REMARK_BLOCK = frozenset({"negative", "positive", "twice", "thrice", "double", "triple", "mod", "modulo", "if",
                           "when", "unless", "assuming", "otherwise", "else", "degrees", "degree", "radians", "rad",
                           "each", "estimate", "estimated", "rounded", "exclusive", "inclusive", "excluding",
                           "including", "without", "with", "in", "times"})


_GROUPED_SPACE = re.compile(r"(?<=\d),\s+(?=\d{3}(?!\d))")


def strip_trailing_words(text: str) -> str | None:
    """``18 ways`` -> ``18``; ``414 (minimal)`` -> ``414``; None when there are no trailing words or they could
    change the value."""
    s = unwrap(text)
    m = _TRAILING.match(s)
    if not m:
        r = _PAREN_REMARK.match(s)
        if r is None or r.group(1).count("(") != r.group(1).count(")"):
            return None
        said = words_to_number(r.group(2).strip(" ,")) if _NUMBER_WORD.search(r.group(2)) else None
        if said is not None:   # the value again in words ('5 (five)'): only the same value ('16 (sixty-six)' names two)
            from .numbers import parse_number   # noqa: PLC0415 - pure text reader
            text = r.group(1).strip()
            head = parse_number(text) or parse_number(_GROUPED_SPACE.sub("", text))   # '1,\\! 800' unwrapped: '1, 800'
            if head is None or head.percent or head.value != said:
                return None
            return text if parse_number(text) is not None else _GROUPED_SPACE.sub("", text)
        words = [w.lower().strip(",") for w in r.group(2).split()]
        if any(w in _BLOCK or w in _ORD or w in _REMARK_BLOCK or w.rstrip("s") in _BLOCK for w in words):
            return None
        return r.group(1).strip()
    words = [w.lower() for w in m.group(2).split()]
    if any(w in _BLOCK or w in _ORD or w.rstrip("s") in _BLOCK for w in words):
        return None
    return m.group(1).strip()


_LEAD_PUNCT = re.compile(r"\s*(?:[,;:.!]|—|--|\s-\s)")
_LEAD_VERB = re.compile(r"\s+(?:has|have|wins|win|is|are|will|can|must|should|does)\b", re.I)
_NEGATION = re.compile(r"\b(?:not|no|never|cannot|neither|nor|none|nobody|or|fails?|loses?|unless|except|wrong|"
                       r"false|incorrect|impossible)\b|n't\b", re.I)


def _sentence(text: str) -> str:
    s = unwrap(text)
    return _BLANKS.sub(" ", _COMMAND.sub(" ", s)).strip()


def leading_word(answer: str, gold: str) -> bool | None:
    """A one- or two-word text gold stated first in a sentence answer. Yes/no golds: the leading
    yes/no word followed by punctuation decides ("No, such a sequence does not exist."). Other
    golds (names, words): the gold then punctuation or a verb, and no negation or alternative
    anywhere after it ("Bob has a winning strategy"). None when the form does not apply."""
    g = normalize_text(gold) if len(answer) <= 300 and len(gold) <= 100 else ""
    if not g or len(g.split()) > 2 or not _LOWER_WORDS.fullmatch(g):
        return None
    s = _sentence(answer)
    words = s.split()
    if len(words) < 2 or not is_wordy(s.rstrip(".!")) and not re.fullmatch(r"[\w\s,;:.!'\-—()]+", s):
        return None
    if g in ("yes", "no", "true", "false"):
        first = words[0].strip(",;:.!").lower()
        rest = s[len(words[0].rstrip(",;:.!")):]
        if first in _YES | _NO and first not in ("y", "n") and _LEAD_PUNCT.match(rest):
            return (first in _YES) == (g in ("yes", "true"))
        return None
    if len(g) < 3:
        return None                  # "x is odd" does not state the value x
    n = len(g.split())
    lead = " ".join(words[:n]).rstrip(",;:.!")
    rest = s[len(lead):]
    if normalize_text(lead) != g or _NEGATION.search(rest):
        return None
    return True if (_LEAD_PUNCT.match(rest) or _LEAD_VERB.match(rest)) else None


_CLAUSE_JOIN = re.compile(r"\b(?:and|or|but|if|when|whenever|unless|otherwise|while|whereas|although|because|since"
                          r"|only|either|both)\b|[,;:]", re.I)
_PREDICATE = re.compile(r"\s(?:is|are|must be|will be|should be)\s+(?:an?\s+|the\s+)?(?P<p>[a-z][a-z \-]{0,30}?)\s*[.!]?$")
_MATH_SPAN = re.compile(r"\$[^$]{1,200}\$|\\\(.{1,200}?\\\)")


_WINS = re.compile(r"[A-Za-z]+\s+wins?\s*[.!]?", re.I)


def sentence_gold(answer: str, gold: str) -> bool | None:
    """A one- or two-word text answer against a reference written as one sentence that states it as its subject
    ('Petya' for 'Petya will receive the last token.') or as its closing predicate ('odd' for 'The transformed
    function $f(x+1)-1$ is odd.'). True when it does; None otherwise (no claim): a sentence of several clauses
    (and, or, if, but, commas), any negation, an answer that is not plain words."""
    if len(answer) > 40 or not 3 <= len(gold) <= 200 or not is_wordy(answer):
        return None
    a = normalize_text(answer)
    if not a or len(a.split()) > 2 or len(a) < 3 or a in ("yes", "no", "true", "false"):
        return None
    g = _sentence(_MATH_SPAN.sub(" M ", gold)).rstrip()
    if len(g.split()) < 3 and not _WINS.fullmatch(g) or len(g.split()) > 25 or _NEGATION.search(g) \
            or _CLAUSE_JOIN.search(g):
        return None                  # two words only as 'Alice wins'
    body = re.sub(r"^(?:the|a|an)\s+", "", g, flags=re.I)
    n = len(a.split())
    lead = " ".join(body.split()[:n])
    if normalize_text(lead) == a and _LEAD_VERB.match(body[len(lead):]):
        return True                  # the subject: 'Petya will receive ...', 'The first player has ...'
    m = _PREDICATE.search(g.lower())
    if m is not None and normalize_text(m.group("p")) == a:
        return True                  # the predicate: '... is odd.'
    return None


_NUMBER_WORD = re.compile(r"\b(?:" + "|".join(sorted(set(_UNITS) | set(_TENS), key=len, reverse=True)) + r")\b", re.I)
_SENTENCE_LEAD = re.compile(r"^(?:there\s+(?:are|is|were|was)|it\s+is|it's|we\s+get|we\s+need|the\s+answer\s+is|"
                            r"she\s+has|he\s+has|they\s+have|exactly)\s+", re.I)
_QUALIFIED = re.compile(r"\b(?:at\s+least|at\s+most|more|less|fewer|about|around|roughly|approximately|nearly|almost|"
                        r"over|under|up\s+to|between|or|not|no|than|per|times|each)\b|\d", re.I)


def sentence_number(text: str) -> Fraction | None:
    """'There are twelve ways.' -> 12: a short sentence opening with a copula lead-in, then ONE number
    in words and at most three plain words; any qualifier, digit or second number -> None."""
    s = _sentence(text).rstrip(".!") if len(text) <= 200 else ""
    lead = _SENTENCE_LEAD.match(s)
    if lead is None or _QUALIFIED.search(s) or not is_wordy(s):
        return None
    rest = s[lead.end():].split()
    if not rest or len(rest) > 4 or len(_NUMBER_WORD.findall(s)) > 2:
        return None
    for k in (2, 1):               # "twenty one ways" / "twelve ways"
        value = words_to_number(" ".join(rest[:k]))
        if value is not None and all(_NUMBER_WORD.fullmatch(w) is None for w in rest[k:]):
            return value
    return None
