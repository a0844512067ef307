"""Answers without a box: answer markers, bold values, concluding sentences, the flagged last-number fallback."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ._types import Extraction, _PROSE_WINDOW, _SPAN_WINDOW
from ._spans import (
    bullet_item,
    _BOLD_RE,
    _BULLET_RE,
    _SENTENCE_END_RE,
    _copula_value,
    _first_sentence,
    _formula_list,
    _inside_math,
    _is_formula,
    _mask_math,
    _math_pieces,
    _prose_hedge,
    _reduce,
    _set_of_reals,
    _strip_span,
    _tail_value,
    _angle_reference_after,
    _bullet_values,
    _unit_after,
    _values,
    _whole_value,
)
from ._boxes import _BOX_RE
from ._clauses import main_clause
from ._notes import offered_alternative, other_reading
from ._together import MODAL_RE, values_all_working, values_none_working
from ._spans import _value_key
from ..offers import gibberish_context
from ...runtime.caches import memo_text

__all__ = ["_EXPLICIT_MARKERS", "_from_markers", "_from_prose"]


_MARKERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("final_answer", re.compile(
        r"\bfinal\s+answers?(?:\s*\*\*)?[ \t]*"
        r"(?:(?:is|are|would\s+be|will\s+be)\b[ \t]*:?|[:=]|(?=\n)|\Z)(?:[ \t]*\*\*)?",
        re.I)),
    ("answer_is", re.compile(
        r"\b(?:the|my|our|so the|thus the)\s+(?:final\s+|correct\s+|required\s+|desired\s+|best\s+|right\s+)?"
        r"(?:answer|option|choice|answer\s+choice)\s+(?:is|would\s+be|will\s+be|should\s+be)\b(?:\s*:)?"
        r"|\b(?:the|our)\s+(?:final\s+)?answers\s+are\b(?:\s*:)?", re.I)),
    ("answer_is", re.compile(r"(?:最终)?答案\s*(?:是|为|應為|应为|[:：])")),
    ("heading", re.compile(r"^[ \t]*#{1,6}[ \t]*(?:final[ \t]+)?answers?[ \t]*:?[ \t]*$", re.I | re.M)),
    ("answer_line", re.compile(
        r"^[ \t>*-]*(?:#{1,6}[ \t]+)?(?:\*\*)?(?:final[ \t]+)?(?:answers?|ans)(?:\*\*)?[ \t]*[:：](?:\*\*)?", re.I | re.M)),
    ("answer_line", re.compile(r"^[ \t]*A[ \t]*:(?=[^\n]*\s*\Z)", re.M)),
    ("answer_line", re.compile(r"^[ \t]*####[ \t]*(?=\S)", re.M)),
    ("answer_line", re.compile(
        r"\*\*(?:final[ \t]+)?answer[ \t]*(?:[:：][ \t]*(?:\*\*)?|\.?\*\*[ \t]*[:：]?)", re.I)),
)


# Words each marker needs (lower case, any one): a marker whose words are absent is not
# searched (C-speed ``in`` instead of a regex attempt at every position). None: the final 'A:' line, whose
# lookahead (only whitespace after its line) holds only on the line of the region's last non-space character,
# so that line alone is searched.
_MARKER_WORDS: tuple[tuple[str, ...] | None, ...] = (
    ("final",), ("answer", "option", "choice"), ("答案",), ("answer",), ("ans",), None, ("####",), ("answer",))
_MARKER_REACH = 200  # a marker match starts at most this far before its word (answer_is)


def _marker_matches(region: str) -> list[tuple[str, re.Match[str]]]:
    low = region.lower()
    aligned = len(low) == len(region)  # some characters lower-case to two: then scan from 0
    first_at: dict[str, int] = {}      # each word's first occurrence, found once for all markers
    out: list[tuple[str, re.Match[str]]] = []
    for (method, rx), words in zip(_MARKERS, _MARKER_WORDS):
        if words is None:
            start = region.rstrip().rfind("\n") + 1
        else:
            first = -1
            for w in words:
                i = first_at.get(w)
                if i is None:
                    i = first_at[w] = low.find(w)
                if i >= 0 and (first < 0 or i < first):
                    first = i
            if first < 0:
                continue
            if rx is _FINAL_ANSWER_RE and region.isascii():
                out.extend((method, m) for m in _matches_at_word(rx, region, low, "final", first))
                continue
            start = max(0, first - _MARKER_REACH) if aligned else 0
        for m in rx.finditer(region, start):
            out.append((method, m))
    return out


_FINAL_ANSWER_RE = _MARKERS[0][1]   # opens with its word: on an ASCII text its matches start where 'final' does


def _matches_at_word(rx: re.Pattern[str], region: str, low: str, word: str, at: int) -> list[re.Match[str]]:
    """``list(rx.finditer(region, at))`` for a pattern whose matches start with ``word`` (case-insensitive, on an
    ASCII ``region``; ``low`` its lower case, ``at`` the word's first place): the pattern is tried only there."""
    out: list[re.Match[str]] = []
    while at >= 0:
        m = rx.match(region, at)
        if m is not None:
            out.append(m)
            at = low.find(word, m.end())
        else:
            at = low.find(word, at + 1)
    return out


# the rest of a marker's line that only leads on to the value below it ("given by", "simply:", "as follows")
_LINK_ONLY = re.compile(r"[ \t*]*(?:(?:simply|just|then|now|thus|therefore|hence|given|by|as|follows|below|here|the|"
                        r"following|this|that|equal|to|written|expressed|computed|obtained|found|shown|stated|"
                        r"clearly|indeed|precisely|exactly)[ \t]*)+[:.,]?[ \t*]*", re.I)


_RX_SPAN_AFTER_1 = re.compile(r"\n[ \t]*\n")
_RX_SPAN_AFTER_2 = re.compile(r"\\\)|\\\]|\$")
_RX_SPAN_AFTER_3 = re.compile(r"\s*(?:\\\[|\$\$)\s*")
_RX_SPAN_AFTER_4 = re.compile(r"\s*(?:\\\[|\$\$).*")
_RX_SPAN_AFTER_5 = re.compile(r"\\\]|\$\$.*\$\$")


def _span_after(region: str, pos: int) -> str:
    """The answer text after a marker: the rest of the line, or the next block."""
    rest = region[pos:pos + _SPAN_WINDOW]
    if rest.lstrip(" \t").startswith("}") and region.rfind("\\text{", max(0, pos - 60), pos) >= 0:
        # the marker sat in a \\text{} inside math ('\\(\\text{The answer is } 375\\)'): the value follows its
        # brace, up to the math's closing delimiter
        rest = rest.lstrip(" \t")[1:]
        close = _RX_SPAN_AFTER_2.search(rest)
        if close is not None:
            rest = rest[:close.start()]
    line, _, after = rest.partition("\n")
    if line.strip() and _LINK_ONLY.fullmatch(line):    # "the answer is given by\n\n<value>": the value is below
        line, rest = "", after
    if line.strip(" \t*:$") and not _RX_SPAN_AFTER_3.fullmatch(line):
        if _RX_SPAN_AFTER_4.fullmatch(line) and not _RX_SPAN_AFTER_5.search(line):
            return rest
        return line
    block = rest.lstrip()
    end = _RX_SPAN_AFTER_1.search(block)
    return block[:end.start()] if end else block


_TABLE_CELL_RE = re.compile(r"[ \t]*\|[ \t]*([^|\n]*?[^|\s][^|\n]*?)[ \t]*\|[ \t]*(?:\n|$)")


_RX_FROM_MARKERS_6 = re.compile(r"[\d$\\]")


@memo_text("rule.extract_markers")
def _from_markers(region: str) -> tuple[Extraction, int] | None:
    """The span after the last answer marker, and where that marker starts. Memoized (a pure reading; the text
    after a closing box is mostly a short tail many responses share)."""
    best: tuple[int, str, int] | None = None
    for method, m in _marker_matches(region):
        if best is None or m.end() > best[0] or (m.end() == best[0] and m.start() < best[2]):
            if method == "answer_is" and other_reading(region[max(0, m.start() - 240):m.start()], m.group()):
                continue     # '(Note: if the question meant ordered pairs, the answer would be 14.)': another question's
            best = (m.end(), method, m.start())
    if best is None:
        return None
    span = _span_after(region, best[0])
    cell = _TABLE_CELL_RE.match(span)
    if cell is not None:          # a table row '| **Answer** | **42** |': the cell after the label's
        span = cell.group(1)
    if span.rstrip().endswith("?"):
        return None
    value, flags = _reduce(span)
    if value and not _RX_FROM_MARKERS_6.search(value):
        value = _words_value(value) or value
    return (Extraction(value, best[1], flags), best[2]) if value else None


_CONCLUSION_RE = re.compile(
    r"^(?:(?:in\s+)?(?:conclusion|summary)\s*[:,]\s*)?"
    r"(therefore|thus|so|hence|in conclusion|consequently|finally|in summary|overall|as a result|"
    r"this means|this gives|we get|we find|we have|the answer|the)\b[\s,]*", re.I)

_PARAGRAPH_RE = re.compile(r"\n[ \t]*\n")


def _final_paragraphs(region: str) -> tuple[list[str], int]:
    """The last two non-empty paragraphs (last first) and where the older one starts."""
    base = max(0, len(region) - _PROSE_WINDOW)
    tail = region[base:]
    cuts = [0] + [m.end() for m in _PARAGRAPH_RE.finditer(tail)]
    paras = [(base + c, tail[c:d]) for c, d in zip(cuts, cuts[1:] + [len(tail)]) if tail[c:d].strip()]
    last = paras[-2:][::-1]
    return [t for _, t in last], (last[-1][0] if last else len(region))


def _sentences(par: str) -> list[str]:
    out, rest = [], par
    while rest.strip() and len(out) < 200:
        s = _first_sentence(rest)
        out.append(s)
        rest = rest[len(s) + 1:]
    return [s.strip() for s in out if s.strip()]


def _asked(par: str) -> frozenset[str]:
    """The sentences of ``par`` (as :func:`_sentences` gives them) that end with a question mark: a question states
    no conclusion ('Wait, is $a_3$ really $11$?')."""
    if "?" not in par:
        return frozenset()
    out, rest = [], par
    while rest.strip() and len(out) < 200:
        s = _first_sentence(rest)
        if rest[len(s):len(s) + 1] == "?":
            out.append(s.strip())
        rest = rest[len(s) + 1:]
    return frozenset(out)


_RX_CLOSING_WORD_7 = re.compile(r"[ \t]*[.!]?[ \t]*(?:\n|$)")


def _closing_word(par: str, m: re.Match[str]) -> bool:
    """A short bold phrase that ends a sentence of running text ('... is facing **west**.')."""
    line_start = par.rfind("\n", 0, m.start()) + 1
    return (len(m.group(1).split()) <= 3 and bool(par[line_start:m.start()].strip())
            and bool(_RX_CLOSING_WORD_7.match(par[m.end():])))


_RX_FROM_BOLD_8 = re.compile(r"\d|\\|\$")


def _from_bold(par: str) -> Extraction | None:
    for m in reversed(list(_BOLD_RE.finditer(par))):
        inner = _strip_span(m.group(1))
        if m.group(1).rstrip().endswith(":") or _score_line(inner, len(inner) - 1):
            continue
        if not _RX_FROM_BOLD_8.search(inner):
            if _closing_word(par, m):
                return Extraction(inner, "bold")
            continue
        value, flags = _reduce(inner)
        if value:
            return Extraction(value, "bold", flags)
    return None


# "$x \\geq 5$ is the solution", "$12$ is our answer": the formula the sentence opens with is declared
_ANSWER_PHRASE_RE = re.compile(
    r"[ \t]*(?:is|are|would[ \t]+be|will[ \t]+be)[ \t]+(?:the|our|my)[ \t]+(?:final[ \t]+|correct[ \t]+|only[ \t]+)?"
    r"(?:answer|solution|result)s?\b", re.I)


def _declared_first(text: str) -> str | None:
    """The math segment ``text`` opens with, when the rest of the sentence calls it the answer."""
    pieces = _math_pieces(text)
    if not pieces or pieces[0].start != 0:
        return None
    return pieces[0].value if _ANSWER_PHRASE_RE.match(text, pieces[0].end) else None


_NUMBER_WORD = (r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
                r"|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
                r"|hundred|thousand|million|billion)")
_NUMBER_PHRASE_RE = re.compile(rf"\b{_NUMBER_WORD}(?:(?:[ \t]+(?:and[ \t]+)?|-){_NUMBER_WORD}){{0,5}}\b", re.I)
# "there are ten of them", "That makes six.", "Exactly nine arrangements remain.": one number in words
_AFTER_VERB_RE = re.compile(r"\b(?:is|are|was|were|be|equals|makes|gives|yields|get|find|found|remain|remains|have|has"
                            r"|(?:comes?|amounts?|adds?|sums?|works?[ \t]+out|equal|down)[ \t]+to|(?:left|up)[ \t]+with"
                            r"|exactly|only|just|precisely)"
                            r"[ \t]+(?:exactly[ \t]+|only[ \t]+|just[ \t]+)?$", re.I)
# "one" counting the subject of a counting verb: 'Thus one arrangement remains.', 'one point satisfies the condition'
_ONE_COUNTS_RE = re.compile(r"[ \t]+(?:[A-Za-z-]+[ \t]+){1,2}(?:remains?|satisf(?:y|ies)|works?|exists?|(?:is|are)[ \t]+left"
                            r"|meets?|fits?|survives?)\b", re.I)
_WORDS_QUALIFIER_RE = re.compile(r"\b(?:more|less|fewer|at least|at most|about|around|approximately|nearly|almost|over"
                                 r"|under|up to|either|or|maybe|perhaps|possibly|not|no)\b[ \t]*(?:than[ \t]*)?$", re.I)


# after the number: a fraction word, a decimal point, an operation or a comparison makes it another value
_WORDS_AFTER_RE = re.compile(r"[ \t]*(?:-|percent|%|times|more|less|fewer|point|and[ \t]+a|over|divided|plus|minus"
                             r"|squared|cubed|halve?s?|thirds?|quarters?|(?:four|fif|six|seven|eigh|nin|ten|hundred)ths?)\b"
                             r"|[ \t]*[-%]", re.I)


def _words_value(span: str) -> str | None:
    """A marker's span that opens with a number in words and adds only words ('seventy-four in total',
    'thirteen, as required'): the number phrase (see ``_number_words``)."""
    m = _NUMBER_PHRASE_RE.match(span)
    return _number_words(span, declared=True) if m else None


_RX_NUMBER_WORDS_9 = re.compile(r"[\d$\\]")
_RX_NUMBER_WORDS_10 = re.compile(r"\bor\b", re.I)


def _number_words(text: str, declared: bool = False) -> str | None:
    """The number a sentence states in words, when it holds exactly one (``there are ten of them``,
    ``That makes six``, ``Exactly nine arrangements remain``); none when the sentence also holds
    digits or formulas, a qualifier precedes it (``more than six``), or several are named.
    ``declared``: the text follows an answer marker, so a leading "one" is the number."""
    if _RX_NUMBER_WORDS_9.search(text) or len(text) > 300:
        return None
    found = [m for m in _NUMBER_PHRASE_RE.finditer(text)
             if m.group().lower() != "one" or _AFTER_VERB_RE.search(text[:m.start()]) or declared and m.start() == 0
             or _ANSWER_PHRASE_RE.match(text, m.end()) or _ONE_COUNTS_RE.match(text, m.end())]
    if len(found) != 1 or _RX_NUMBER_WORDS_10.search(text):
        return None
    m = found[0]
    if _WORDS_QUALIFIER_RE.search(text[:m.start()]) or _WORDS_AFTER_RE.match(text, m.end()):
        return None
    return m.group()


def _conclusion_value(body: str) -> str | None:
    main = main_clause(body, _mask_math(body))
    if main is not body:     # 'Hence the area is 12, since the base is 4 ...': the main clause states the value
        value = _conclusion_value_of(main)
        if value:
            return _whole_value(value) or value     # one math segment: its content ('\\( E(7, 3) = 3 \\)')
    return _conclusion_value_of(body)


def _conclusion_value_of(body: str) -> str | None:
    m = _CONCLUSION_RE.match(body)
    if m is None:
        # a clause of method in words, then the value obtained: 'Substituting the numbers, we obtain $4.5$'
        led = _METHOD_CLAUSE_RE.match(body)
        return _value_obtained(body, led.end()) if led is not None else None
    if m.group(1).lower() == "the":
        return _statement_value(body)
    declared = _declared_first(body[m.end():])
    if declared:
        return declared
    rest = _strip_span(body[m.end():])
    value = _formula_list(rest) or _number_words(rest) or _copula_value(body, allow_text=True) or _tail_value(rest)
    if value is None:
        pieces = _math_pieces(body)
        value = pieces[-1].value if pieces and "=" in pieces[-1].value else None
    if value is None:
        # the connective, then a verb of obtaining, then the value: 'So we get $4.5$', 'Thus we obtain $12$ approximately',
        # 'Hence this gives $3\,\text{m/s}$'
        value = _value_obtained(rest)
    return value


def _value_obtained(text: str, at: int = 0) -> str | None:
    """The value after a verb of obtaining at ``at`` ('we get $4.5$'), when one value is said ('So we get $4.5$ for the
    first part and $7$ for the second' names two: no such reading)."""
    got = _OBTAINED_RE.match(text, at)
    said = text[got.end():] if got is not None else ""
    return _tail_value(said) if said and len(_values(said)) == 1 else None


_METHOD_CLAUSE_RE = re.compile(r"(?:substituting|plugging|putting|inserting|using|combining|solving|evaluating|simplifying"
                               r"|applying|with)\b[^$\\\d.;:!?\n]{0,60},\s*", re.I)
_OBTAINED_RE = re.compile(r"(?:we|one|this|that|it)\s+(?:(?:finally|then|now)\s+)?(?:get|gets|obtain|obtains|find|finds"
                          r"|arrive\s+at|gives?|yields?)\b[\s:,]*", re.I)


_WORD_COPULA_RE = re.compile(
    r"\b(?:is|are|was|were|equals)\b(?:\s+(?:approximately|about|exactly|roughly|around|just|simply|still|"
    r"therefore|thus|then|given by))*\s*:?\s*",
    re.I)


def _statement_value(sent: str) -> str | None:
    """'The area of the circle is \\(16\\pi\\) square units' -> '16\\pi' (word copulas only)."""
    main = main_clause(sent, _mask_math(sent))
    if main is not sent:     # 'The area is 12 square units, since the base is 4 ...': the main clause's value
        value = _statement_value(main)
        if value:
            return value
    declared = _declared_first(sent) or _number_words(sent)
    if declared:
        return declared
    for m in reversed(list(_WORD_COPULA_RE.finditer(sent))[-24:]):
        if not _inside_math(sent, m.start()):
            v = _tail_value(sent[m.end():])
            if v:
                return v
    return None


_RX_GRADED_11 = re.compile(r"\d")


def _graded(sentence: str) -> bool:
    """A score/rating/verdict line, or a step label with no other number ("Step 6 completed."):
    it states no answer ("Step 3: the total is 42" does)."""
    s = sentence.strip()
    if _SCORE_LINE_RE.match(s):
        return True
    step = _STEP_LABEL_RE.match(s)
    return step is not None and not _RX_GRADED_11.search(s[step.end():])


def _from_statement(par: str) -> Extraction | None:
    asked = _asked(par)
    for sent in reversed(_sentences(par)):
        if _graded(sent) or sent in asked:
            continue
        value = _statement_value(sent)
        if value:
            return Extraction(value, "conclusion", _prose_hedge(sent, value))
    return None


def _from_words(par: str) -> Extraction | None:
    """The paragraph's last sentence states one number in words ("In all, twenty-nine points work.")."""
    sents = _sentences(par)
    value = _number_words(sents[-1]) if sents else None
    return Extraction(value, "conclusion") if value else None


_RX_FROM_CONCLUSION_12 = re.compile(r"^[^\w\\$]+")


def _from_conclusion(par: str, statements: bool = True) -> Extraction | None:
    """The last concluding sentence's value; ``statements=False``: only sentences opened by a connective
    ("Thus x = 5"), not a plain statement ("The quantities involved are 6")."""
    asked = _asked(par)
    for sent in reversed(_sentences(par)):
        if _graded(sent) or sent in asked:
            continue
        body = _strip_span(_RX_FROM_CONCLUSION_12.sub("", sent))
        opener = _CONCLUSION_RE.match(body)
        if not statements and opener is not None and opener.group(1).lower() == "the":
            continue
        value = _conclusion_value(body)
        if value and not _LINK_ONLY.fullmatch(value):     # 'the answer is the following:' names no value
            return Extraction(value, "conclusion", _prose_hedge(body, value))
    return None


# A line that grades, rates or judges ("Score: 10/10", "Rating: 5", "Judgement: Correct") states no
# answer, and a step label ("Step 3") is a count, not a value: a last-number guess never reads them.
_SCORE_LINE_RE = re.compile(
    r"^[ \t>*#-]*(?:\*\*)?(?:final\s+|overall\s+)?(?:score|rating|grade|grading|judge?ment|verdict|confidence"
    r"|evaluation|assessment|reward|correctness)\b(?:\*\*)?[ \t]*(?:[:=\-]|\*\*|$)", re.I | re.M)
_STEP_LABEL_RE = re.compile(r"^[ \t>*#-]*(?:\*\*)?step[ \t]*\(?\d+\)?", re.I | re.M)


def _score_line(text: str, at: int) -> bool:
    """The value at ``at`` sits on a score/rating/verdict line or is a step label's number."""
    start = text.rfind("\n", 0, at) + 1
    if _SCORE_LINE_RE.match(text, start):
        return True
    step = _STEP_LABEL_RE.match(text, start)
    return step is not None and at < step.end()


_RX_FROM_WHOLE_13 = re.compile(r"#|A\s*:|answer", re.I)
_RX_FROM_WHOLE_14 = re.compile(r"\d")


def _from_whole(region: str) -> Extraction | None:
    s = region.strip()
    if s[:1] in "-*\u2022" and s[1:2] in (" ", "\t") and "\n" not in s:
        s = s[2:].strip()                   # one bullet line alone ('- 24 m²'): its text (a minus sign binds)
    if not s or len(s) > 80 or "\n" in s or _BOX_RE.search(s) or _RX_FROM_WHOLE_13.match(s):
        return None
    if _score_line(s, len(s) - 1):
        return None
    value = _whole_value(_strip_span(s))
    if value is None and len(s.split()) <= 3 and not s.endswith("?") and not _RX_FROM_WHOLE_14.search(s):
        value = _strip_span(s)
    return Extraction(value, "whole") if value else None


_TEXT_GROUP_RE = re.compile(r"\\(?:text|textrm|textbf|textit|mathrm|mathbf|mbox|operatorname)\s*\{")


def _unit_in_group(text: str, start: int, end: int) -> str:
    """The unit after a number inside one text group with it (``\\text{1 keV}``, ``\\mathrm{c) 0.44 cm}``), else ''."""
    close = text.find("}", end)
    opens = list(_TEXT_GROUP_RE.finditer(text, max(0, start - 80), start))
    if close < 0 or "{" in text[end:close] or not opens or "}" in text[opens[-1].end():start]:
        return ""
    return _unit_after(text[end:close])


def _from_last_number(par: str) -> Extraction | None:
    for text in (par[-_SPAN_WINDOW:], par):
        vals = [v for v in _values(text) if v.value]
        if vals:
            break
    else:
        return None
    last = vals[-1]
    if _score_line(text, last.start):
        return None
    # 'Now we find 560 nm^2': the unit goes with it, and one written in the number's own text group too ('\\text{1
    # keV}' was read as 1: the prefix was lost and 1 matched 1 MeV)
    unit = _unit_in_group(text, last.start, last.end) or ("" if last.math else _unit_after(text[last.end:]))
    unit = unit or _angle_reference_after(last.value, text[last.end:])   # '... θ ≈ 30° with the vertical'
    before = text[max(0, last.start - 200):last.start]
    ends = list(_SENTENCE_END_RE.finditer(before))
    sentence = before[ends[-1].end():] if ends else before
    sentence += _first_sentence(text[last.start:last.start + 200])
    return Extraction(last.value + unit, "last_number", ("fallback",) + _prose_hedge(sentence))


# one math segment alone, set off by its delimiters (a displayed list is stated, not a row of candidates)
_DISPLAYED_RE = re.compile(r"\$\$[^$]{1,300}\$\$|\$[^$]{1,300}\$|\\\[(?:(?!\\\]).){1,300}\\\]|\\\((?:(?!\\\)).){1,300}\\\)", re.S)


_COLLECTIVE_RE = re.compile(r"\b(?:[Bb]oth|[Aa]ll|[Ee]ach|[Nn]either|fail|extraneous)\b")


def _all_working(par: str) -> Extraction | None:
    """The paragraph's last sentence names several values as all working (:mod:`._together`)."""
    if not _COLLECTIVE_RE.search(par[-400:]):     # C-speed gate: a collective word near the end
        return None
    sentences = _sentences(par)
    if not sentences:
        return None
    value = values_all_working(sentences[-1])
    if value:
        return Extraction(value, "conclusion", ("hedge",) if MODAL_RE.search(sentences[-1]) else ())
    if values_none_working(sentences[-1]):
        return Extraction(None, "none", ())   # 'Neither $-12$ nor $9$ works.': none of them is stated as the answer
    return None


_ALTERNATIVELY_RE = re.compile(r"\b(?:alternatively|or)\b[ \t,]*(?:\*\*)?[ \t]*\Z", re.I)


def _alternative_to_earlier(region: str, at: int, answer: str) -> bool:
    """The last marker is offered as an alternative ('**Answer:** $12$ ... Alternatively, the answer is $14$.') to an
    earlier marked answer with another value: two answers."""
    before = region[max(0, at - 40):at]
    low = before.lower()   # C-speed gate: every match holds one of these (letters that fold to no other one)
    if "or" not in low and "alternat" not in low or not _ALTERNATIVELY_RE.search(before):
        return False
    earlier = _from_markers(region[:at])
    return earlier is not None and bool(earlier[0].answer) and _value_key(earlier[0].answer) != _value_key(answer)


_RX_FROM_PROSE_15 = re.compile(r"[\d\\$]")


def _from_prose(region: str) -> Extraction | None:
    window = max(0, len(region) - 4 * _PROSE_WINDOW)
    marked = _from_markers(region[window:])
    led = _from_lead_in(region)
    if (marked is not None and led is not None and window + marked[1] >= led.lead_at and led.found.answer is not None
            and (marked[0].answer != led.found.answer or led.found.hedge) and not _set_of_reals(marked[0].answer or "")):
        # the marker is part of the lead-in ("The answer is found to be:\n\n$6$", "Maybe the answer is $5$"):
        # the value it leads to, and the lead's hedge
        marked = (Extraction(led.found.answer, marked[0].method, led.found.flags), marked[1])
    # (the paragraphs are read only when needed: an explicit marker decides without them)
    paras, recent = _final_paragraphs(region) if marked is None or marked[0].method not in _EXPLICIT_MARKERS \
        else ([], 0)
    if marked is not None and (marked[0].method in _EXPLICIT_MARKERS or window + marked[1] >= recent):
        found = marked[0]
        if found.answer and not found.hedge and (offered_alternative(region[window + marked[1]:], found.answer)
                                                 or _alternative_to_earlier(region[window:], marked[1], found.answer)):
            found = Extraction(found.answer, found.method, found.flags + ("hedge",), found.candidates)   # 'might be 14'
        return found
    whole = _from_whole(region)
    if whole is not None:
        return whole
    if _truncated(region[-200:]) and not (led is not None and led.closed):
        return Extraction(None, "none", ("truncated",))
    # a response that ends by grading itself ("Step 6 completed.", "Score: 7/10", "Verdict:\n\n1"): above that
    # line only a declared conclusion counts, not a statement that merely names a number ("The quantities
    # involved are 6."), and no last-number guess
    ends_graded = _graded(region[-_SPAN_WINDOW:].rstrip().rsplit("\n", 1)[-1]) or (led is not None and led.graded)
    if led is not None and not led.graded:   # the response ends on the value a lead-in introduces
        return led.found
    for i, par in enumerate(paras):
        if i == 0 and not ends_graded:
            together = _all_working(par)     # 'Both $1$ and $-3$ work.': the list of values, not the last one
            if together is not None:
                return together
        for finder in (_from_bold, _from_conclusion, _from_words):
            found = _from_conclusion(par, statements=False) if ends_graded and i and finder is _from_conclusion \
                else finder(par)
            if found is not None:
                return found
        # the response ends on a paragraph that is one value alone (a bare list of numbers is left to the fallback,
        # which reads it as candidates)
        alone = par.strip().strip("*_").strip()
        if i == 0 and not ends_graded and _RX_FROM_PROSE_15.search(par) and ("," not in par or _DISPLAYED_RE.fullmatch(alone)):
            listed = _bullet_values(alone) if alone[:1] in "-*\u2022" else None   # '- v = 3 m/s\n- a = 2 m/s²'
            found = Extraction(listed, "whole") if listed else _from_whole(alone.replace("\n", " "))
            if found is not None:
                return found
    if marked is not None:
        return marked[0]
    if ends_graded:
        return None  # a response that ends by grading itself declares no answer: no guess from above it
    found = _from_statement(paras[0]) if paras else None
    if found is not None:
        return found
    for par in paras:
        found = _from_last_number(par)
        if found is not None:
            return found
    return None


# ------------------------------------------------------------------ a lead-in, then the value

# The response ends on a value that a short lead-in introduces, on the same line or the line(s) above:
# "Final result: (-1+sqrt5)/2", "The value we want is\n\nx = pi/4", "Answer\n\n$1,\\!260$", "Hence we get
# $$x = 5$$". The lead-in is structural, not a phrase list: a fragment of prose (words only: no digits, no
# math, no sentence end) of a few words that runs into the value, which is the last thing in the response
# (a math segment, or plain/unicode/ASCII mathematics). A lead-in that grades ("Score:", "Verdict:") means
# no answer; one that qualifies ("at least", "not") or hedges ("either", "maybe") is not a declaration.
_LEAD_MAX_WORDS = 12
_LEAD_MAX_CHARS = 120
_LEAD_WORD_RE = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")
_LEAD_CHARS_RE = re.compile(r"[\d_]|[^\w\s'\u2019,:;*#>()\-\u2013\u2014]")
# a fragment ending on a word that opens a condition or a comparison introduces no answer ("... for all",
# "... where"); a qualifier anywhere bounds the value instead of stating it
_LEAD_OPEN_END_RE = re.compile(r"\b(?:where|whereas|while|for|if|when|whenever|such\s+that|given|since|because"
                               r"|unless|provided|and|or|but|than|of|from|let|say|suppose|assume)\W*$", re.I)
_LEAD_QUALIFIER_RE = re.compile(r"\b(?:at\s+(?:least|most)|(?:more|less|fewer|greater|smaller|larger|bigger|other)\s+than"
                                r"|not|never|no|cannot|\w+n't|except|without|instead|bound(?:ed|s)?|(?:in|within)\s+(?:the\s+|a\s+)?range|range[sd]?\s+(?:from|over)|between|up\s+to"
                                r"|exceeds?|almost|nearly|over|under|below|above)\b(?![ \t]*,)", re.I)   # ('the formula above, we get': the text's)
# not a declaration: a restatement in another form ("approximately:", "in decimal form": the stated answer came
# before it), a verification or a step still to do ("Check:", "Let's compute")
_LEAD_ASIDE_RE = re.compile(r"\b(?:approx(?:imately|\.)?|about|around|numerically|decimal|rounded|estimated?"
                            r"|check(?:ing|s)?|verif(?:y|ying|ies|ication)|confirm(?:ing|s|ation)?|sanity|recall|note"
                            r"|notice|remember|compare|recomput\w*|recalculat\w*|let's|let\s+us|next|first)\b", re.I)
_AFFIRMATION_RE = re.compile(r"(?:yes|yeah|yep|indeed|right|correct|ok(?:ay)?)[ \t,.!:;\u2014-]*", re.I)
_LEAD_HEDGE_RE = re.compile(r"\b(?:either|maybe|perhaps|possibly|probably|likely|might|could|guess|roughly)\b", re.I)
_CONSTANT_RE = re.compile(r"[-+\u2212]?\s*(?:[\u03b1-\u03c9]|pi|\u221e|infinity|\u221a\s*\w+|alpha|beta|gamma|delta"
                          r"|epsilon|theta|lambda|mu|sigma|phi|omega|tau|rho)", re.I)
_NUMBER_WORDS_RE = re.compile(rf"{_NUMBER_WORD}(?:(?:[ \t]+(?:and[ \t]+)?|-){_NUMBER_WORD}){{0,5}}", re.I)
_ENUMERATOR_RE = re.compile(r"(?:step|case|subcase|part|problem|question|exercise|example|item|stage|phase|round|level"
                            r"|chapter|section|page|line|figure|table|lemma|theorem|claim|method|approach|attempt"
                            r"|iteration|trial|day|week)[ \t]*\(?[0-9ivx]+\)?", re.I)
_TRAILING_RE = re.compile(r"[\s.;,。]+\Z")


_QUANTITY_RE = re.compile(r"([-\u2212]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d{1,3}|[ \t]*(?:x|×|\*)[ \t]*10\^\{?[-+]?\d{1,3}\}?)?)"
                          r"[ \t]+(\S.{0,40})")


def _reciprocal_unit(text: str) -> bool:
    from ..answers.units import parse_unit   # noqa: PLC0415 - the whitelisted unit reader (lazy, as in _spans)

    spec = parse_unit(text) if len(text) <= 30 else None
    return spec is not None and spec.kind == "physical" and all(e < 0 for _, e in spec.factors)


def _plain_value(s: str) -> str | None:
    """``s`` is plain/unicode/ASCII mathematics (a formula, a number, a constant, a number in words)."""
    s = s.strip()
    if not s or len(s) > 300 or s[0] in "*_" or s[-1] in "*_":   # bold/italic values: the bold reader's
        return None
    if s.count("{") != s.count("}") or _BOX_RE.search(s):   # cut off inside a group, or a broken box
        return None
    if _is_formula(s) or _CONSTANT_RE.fullmatch(s) or _NUMBER_WORDS_RE.fullmatch(s):
        return s
    q = _QUANTITY_RE.fullmatch(s)      # '98 ft', '1.04 mg', '4.6e-24 m^2': a number and a unit
    if q and _unit_after(" " + q.group(2)).strip() == q.group(2).rstrip(".").strip():
        return s.rstrip(".")
    if q and q.group(2).startswith("1/") and _reciprocal_unit(q.group(2).rstrip(".").strip()):
        return s.rstrip(".")                       # '2.88e16 1/cm^3': a reciprocal unit
    if _set_of_reals(s):            # 'x <= 1/2 or x >= 2/3': a set of reals in plain text
        return s
    return None


_RX_BULLET_BLOCK_16 = re.compile(r"[\d\\]")


def _bullet_block(t: str) -> tuple[str, int] | None:
    """(values joined, where the block starts) when ``t`` ends with two or more bullet lines that each
    state one mathematical value ("- \\( d(6) = \\frac13 \\)")."""
    window = t[-_SPAN_WINDOW:]
    if not _BULLET_RE.match(window, window.rfind("\n") + 1):
        return None     # the last line is no bullet (checked before splitting the window)
    lines = window.split("\n")
    k = len(lines)
    while k > 0 and len(lines) - k < 20 and _BULLET_RE.match(lines[k - 1]):
        k -= 1
    if len(lines) - k < 2 or k == 0:
        return None
    values = [bullet_item(_BULLET_RE.match(ln).group(1)) for ln in lines[k:]]   # type: ignore[union-attr]
    if not all(v and (_RX_BULLET_BLOCK_16.search(v) or _plain_value(v)) for v in values):
        return None
    return ", ".join(v for v in values if v), len(t) - len("\n".join(lines[k:]))


_RX_TRAILING_VALUE_17 = re.compile(r"[\s:]+")


def _trailing_value(t: str) -> tuple[str, int, bool] | None:
    """(value, where it starts, closed math) of the value ``t`` ends with."""
    listed = _bullet_block(t)
    if listed is not None:
        return listed[0], listed[1], False
    # a math segment ends where its closing delimiter does: only a text ending on one is read for them
    pieces = _math_pieces(t) if t.endswith(("$", "\\)", "\\]")) else ()
    if pieces and pieces[-1].end == len(t):
        value = pieces[-1].value
        if value.endswith(".") and not value.endswith("\\."):   # "\\[ x = 5. \\]": the sentence's period
            value = value[:-1].rstrip()
        return value, pieces[-1].start, True
    start = t.rfind("\n") + 1
    line = t[start:]
    if len(line) > 400:
        return None
    if "$" in line or "\\(" in line:
        return _math_then_unit(line, start)
    cuts = [0] + [m.end() for m in _RX_TRAILING_VALUE_17.finditer(line)][:60]
    for cut in cuts:
        if _DASH_SEPARATOR_RE.match(line, cut):   # "Result - 3": a dash and a space separate, a minus sign binds
            continue
        value = _plain_value(line[cut:])
        if value:
            return _chain_end(value), start + cut, False
    return None


def _math_then_unit(line: str, start: int) -> tuple[str, int, bool] | None:
    """A last line that is one math segment and a unit in words after it ('$1000$ rad/s', '\\(4.2\\) kJ'): the value
    with its unit (the unit reader decides what a unit is; anything else after the math reads nothing here)."""
    pieces = _math_pieces(line)
    if len(pieces) != 1 or line[:pieces[0].start].strip():
        return None
    rest = line[pieces[0].end:]
    unit = _unit_after(rest)
    if not unit or rest.strip().rstrip(".").strip() != unit.strip():
        return None
    return pieces[0].value + unit, start + pieces[0].start, True


_DASH_SEPARATOR_RE = re.compile(r"[-\u2013\u2014](?:\s|\*)")
_CHAIN_EQ_RE = re.compile(r"(?<![<>!=])=(?!=)")
_PLAIN_NUMBER_END_RE = re.compile(r"[-\u2212]?\d+(?:\.\d+)?(?:/\d+)?")


_RX_CHAIN_END_18 = re.compile(r"[,;]|\band\b")


def _chain_end(value: str) -> str:
    """A plain chain 'x = 5' / '1 - 25/36 = 11/36' ending on a plain number reads as that number (as a concluding
    sentence reads it); a list ('x = 5, y = 3') or any other chain is kept whole for the comparison."""
    parts = _CHAIN_EQ_RE.split(value)
    if len(parts) < 2 or _RX_CHAIN_END_18.search(value):
        return value
    last = parts[-1].strip()
    return last if _PLAIN_NUMBER_END_RE.fullmatch(last) else value


def _lead_fragment(before: str) -> tuple[str, int] | None:
    """The lead-in and where it starts: the prose fragment right before the value (same line, or the last
    non-empty line above it across blank lines), from its last sentence end; None when the value stands alone."""
    start = before.rfind("\n") + 1
    if not before[start:].strip():
        above = before.rstrip()
        if before[len(above):].count("\n") > 3 or not above:
            return None
        start = above.rfind("\n") + 1
        before = above
    line = before[start:]
    end = _last_sentence_end(_mask_math(line))
    cut = max(end, 0)
    if end >= 0 and end >= len(line.rstrip()):   # the line above ends its own sentence: no lead-in
        return None
    return line[cut:].strip(), start + cut


def _last_sentence_end(line: str) -> int:
    """Where the last ``_SENTENCE_END_RE`` match of ``line`` (one line, no break) ends; -1 for none. Only '.', '!',
    '?' and '。' open a match, and none can lie inside another (the rest of a match is a closing delimiter and a
    blank), so the last match is the one at the rightmost position it matches at (searched from the end)."""
    p = len(line)
    while p > 0:
        p = max(line.rfind(".", 0, p), line.rfind("!", 0, p), line.rfind("?", 0, p), line.rfind("\u3002", 0, p))
        if p < 0:
            break
        m = _SENTENCE_END_RE.match(line, p)
        if m is not None:
            return m.end()
    return -1


def _lead_kind(lead: str) -> str | None:
    """'lead', 'hedge' (a lead-in that hedges or bounds the value: never a declaration of it), 'graded'
    (a score/verdict label) or None (no lead-in)."""
    if _SCORE_LINE_RE.match(lead):
        return "graded"
    bare = lead.strip(" \t*#>_-:")
    if _AFFIRMATION_RE.fullmatch(bare):   # 'Wait, is $a_3$ really $11$? Yes: ...': an answer to a doubt, no lead-in
        return None
    words = _LEAD_WORD_RE.findall(bare)
    if (not words or len(words) > _LEAD_MAX_WORDS or len(bare) > _LEAD_MAX_CHARS or _LEAD_CHARS_RE.search(bare)
            or bare.endswith("?") or _LEAD_ASIDE_RE.search(bare)):
        return None
    if _LEAD_HEDGE_RE.search(bare) or _LEAD_QUALIFIER_RE.search(bare):
        return "hedge"
    return None if _LEAD_OPEN_END_RE.search(bare) else "lead"


@dataclass(frozen=True)
class _Led:
    found: Extraction
    closed: bool     # the value is a closed math segment: a declared product of numbers is no cut-off calculation
    lead_at: int     # where the lead-in starts in the region
    graded: bool = False   # the value sits under a score/verdict label or is a step number: no answer there


def _from_lead_in(region: str) -> _Led | None:
    """The answer of a response that ends on a value introduced by a lead-in (see above)."""
    base = max(0, len(region) - _SPAN_WINDOW)
    t = region[base:]
    t = _strip_trailing(_without_hope_tail(t))
    if t.endswith(")"):     # a closing remark on the value's precision: 'Final result: $1.23$ (to 3 significant figures)'
        t = _strip_trailing(t[:-120] + _PRECISION_REMARK_RE.sub("", t[-120:]))
    found = _trailing_value(t) if t else None
    if found is None:
        return None
    value, start, closed = found
    bullet = _LINE_BULLET_RE.search(t, 0, start) if t[start - 2:start - 1] in ("-", "*", "\u2022") else None
    fragment = _lead_fragment(t[:bullet.start() + 1] if bullet else t[:start])   # 'the volume:\n- 40 in³'

    if fragment is None:
        return None
    lead, lead_at = fragment
    line = t[t.rfind("\n", 0, start) + 1:]
    if _graded(line):                                  # "Step 5", "Score: 7/10"
        return _Led(Extraction(None, "none", ()), True, base + lead_at, graded=True)
    if _ENUMERATOR_RE.fullmatch(line.strip(" \t*#>:.")):    # "Case 2", "Problem 3": a label, not a value
        return None
    kind = _lead_kind(lead) if lead else None
    if kind is None or gibberish_context(region):
        return None
    if kind == "graded":
        return _Led(Extraction(None, "none", ()), True, base + lead_at, graded=True)
    flags = ("hedge",) if kind == "hedge" else _prose_hedge(f"{lead} {value}", value)
    return _Led(Extraction(value, "lead_in", flags), closed, base + lead_at)


# a parenthetical remark that says only how the value before it is rounded ('(to two significant figures)', '(rounded
# to the nearest tenth)', '(3 s.f.)', '(to 2 d.p.)'); no other value, no hedge
_PRECISION_REMARK_RE = re.compile(
    r"[ \t]*\((?:[ \t]*(?:rounded[ \t]+|correct[ \t]+|accurate[ \t]+)?to[ \t]+(?:the[ \t]+nearest[ \t]+[a-z]{3,12}"
    r"|(?:\d{1,2}|one|two|three|four|five|six)[ \t]+(?:significant[ \t]+(?:figures?|digits?)|sig\.?[ \t]*figs?\.?|s\.[ \t]?f\.?"
    r"|decimal[ \t]+places?|d\.[ \t]?p\.?))"
    r"|[ \t]*(?:\d{1,2}|one|two|three|four|five|six)[ \t]+(?:significant[ \t]+(?:figures?|digits?)|sig\.?[ \t]*figs?\.?"
    r"|s\.[ \t]?f\.?|decimal[ \t]+places?|d\.[ \t]?p\.?)"
    r"|[ \t]*rounded)[ \t]*\)\Z", re.I)
_LINE_BULLET_RE = re.compile(r"\n[ \t]*[-*\u2022][ \t]+\Z")
_HOPE_TAIL_RE = re.compile(r"\s*I hope (?:it|this) is correct\.?\s*\Z", re.I)
_TRAILING_CHARS = frozenset(".;,。")


def _without_hope_tail(t: str) -> str:
    """``_HOPE_TAIL_RE.sub("", t)``, run only where 'hope' is (every match holds it, and no other character matches
    h, o, p or e case-insensitively: a lower-case ``in`` is the gate): the tail pattern tried at every position was
    0.09 s per 6k responses, a re.I search for 'hope' 0.03 s."""
    return _HOPE_TAIL_RE.sub("", t) if "hope" in t.lower() else t


def _strip_trailing(t: str) -> str:
    """``_TRAILING_RE.sub("", t)`` without a regex attempt at every position: the trailing run of
    whitespace (``\\s`` is ``str.isspace``) and ``.;,。`` cut off."""
    i = len(t)
    while i and (t[i - 1].isspace() or t[i - 1] in _TRAILING_CHARS):
        i -= 1
    return t[:i]


# A response cut off mid-formula or degenerating into a digit loop states no answer.
# It also ends unfinished on a colon that announces what never came ("Thought process:"), on an
# operation on two plain numbers never carried out ("let's calculate 8*9", "28 - 5", "5 \cdot 9"; a
# fraction "4/3" or a sum with a symbol "x^2 + 1" is an answer), and inside inline math cut after an
# operand ("$21 + 14").
_TRUNCATED_RE = re.compile(r"(?:[=+\-/(,:\\^_{]|(?<!\*)\*|<<[^>\n]{0,40}|\d{40,}"
                           r"|(?<![\w.^])\d+(?:\.\d+)?\s*(?:[-+*×÷]|\\(?:cdot|times|div)(?![a-zA-Z]))\s*\$?\s*\d+(?:\.\d+)?\s*\$?)\s*\Z")
_OPEN_MATH_OPERAND_RE = re.compile(r"[\w)}\]]\s*[-+*/]\s*\d+(?:\.\d+)?\s*\Z")


def _truncated(tail: str) -> bool:
    """The response was cut off: see ``_TRUNCATED_RE``; or its last line opens an inline ``$`` it never
    closes and ends on an operand (a currency ``$5`` names no operation after it)."""
    if _TRUNCATED_RE.search(tail):
        return True
    line = tail.rsplit("\n", 1)[-1].replace("\\$", "")
    if line.count("$") % 2 == 0:
        return False
    return bool(_OPEN_MATH_OPERAND_RE.search(line[line.rfind("$") + 1:]))

_EXPLICIT_MARKERS = frozenset({"final_answer", "heading", "answer_line"})
