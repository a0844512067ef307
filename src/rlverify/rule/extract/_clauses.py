"""The main clause of an answer sentence: a justification or remark after the stated value is working.

A sentence that states its value and then justifies it names other numbers after the value: "Hence the area
is 12, since the base is 4 and the height is 6", "So the maximum is 10, achieved at x = 4", "Thus $x = 5$
(the root $x=-2$ is extraneous)", and inside a box ``\\text{The total is }45\\text{, since the parts are
}30\\text{ and }15``. The value is the main clause's; a reader that takes the last value of the sentence
reads the working (and accepts the near-miss that states the working value and justifies it with the
reference's). The clause is dropped only when it is plainly a justification:

- it opens with a causal or remark word (``since``, ``because``, ``given that``; after a comma also ``as``,
  ``which we``/``which follows``..., ``where we``, ``achieved``/``attained``/``obtained``; a parenthesis that
  opens with a word);
- a value stands before it, and the part before it opens no subordinate clause of its own ("Since $a=3$,
  as shown, the area is 12" keeps its whole);
- the clause neither hedges nor bounds (``or``, ``maybe``, ``might``, ``at least``, ``unless``, ``i.e.``: a
  restatement or a second candidate stays for the hedge checks), names no direction or domain that is part
  of the value (``from the horizontal``, ``k odd``, ``positive integers``), nor goes on to a conclusion (``so``,
  ``thus``, ``the answer``): the last clause of "the base is 4 since ..., so the area is 12" is the conclusion;
- a computation in the clause ends on the stated value ("12 (because 3 \\cdot 4 = 12)"; "12 (because 3 \\cdot 5 =
  15)" justifies another value and is kept whole).

Everything here is a linear regular expression on a bounded text (``_MAX_CHARS``).
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["main_clause", "remark_boxes", "text_main_clause"]

_MAX_CHARS = 600

# the opener of a justification: causal words with or without a comma, the others after a comma only, or a
# parenthesis opening with a word ('(the root ... is extraneous)', '(from the earlier step, 9)'). Each alternative
# opens with a fixed character or a lookbehind: no scan of a run of blanks (masked math is one) from every place in it
_OPENER_RE = re.compile(
    r"(?<=[ \t,])(?:since|because|given[ \t]+that)\b"
    r"|,[ \t]*(?:as|achieved|attained|obtained|reached|where[ \t]+(?:we|I)"
    r"|which[ \t]+(?:we|I|follows|comes|agrees|matches|checks|occurs|happens|is[ \t]+consistent))\b"
    r"|\((?=[ \t]*(?:the|from|this|since|because|we|as|here|it|obtained|achieved|attained)\b)", re.I)
# the clause hedges, bounds, restates or states a condition: it stays (the hedge and restatement checks read it)
_KEEP_RE = re.compile(
    r"\b(?:or|either|maybe|perhaps|possibly|probably|might|could|may|at[ \t]+(?:least|most)|unless|except|otherwise"
    r"|alternatively|i\.?e|e\.?g|that[ \t]+is|equivalently|exactly|precisely|approx\w*|about|roughly|around"
    r"|only|if|when|whenever|for[ \t]+(?:all|every|each|some|any)|wrong|incorrect|mistake|error|wait|actually"
    r"|instead|rather|but|however"
    # what an angle or a direction is measured from is part of the value ('45\\degree\\ (\\text{from the horizontal})')
    r"|horizontal|vertical|axis|north\w*|south\w*|east\w*|west\w*|normal|(?:anti|counter)?clockwise"
    # ... and so is the domain of a variable the value holds ('x = 2k, as k ranges over the odd integers'), or a unit
    r"|ranges?|runs|var(?:y|ies)|integers?|odd|even|positive|negative|real|natural|primes?|units?|must|should|need)\b|\?",
    re.I)
# where an extremum is attained names its place, not a condition on the value ('10, attained when x = 4')
_LOCATION_RE = re.compile(r"\A(?:achieved|attained|obtained|reached)[ \t]+(?:when|if|at|for)\b", re.I)
# the clause goes on to a conclusion of its own
_CONCLUDES_RE = re.compile(r"\b(?:so|thus|hence|therefore|consequently|answer|final|total|altogether|overall"
                           r"|in[ \t]+all|we[ \t]+get|giving[ \t]+(?:the|a|us))\b|[;:]", re.I)
# the part before the clause opens a subordinate clause itself ('Since $a=3$, as shown, ...')
_SUBORDINATE_RE = re.compile(r"\b(?:since|because|if|when|whenever|given|although|though|while|as|unless|after"
                             r"|before|once|suppose|assume|let)\b", re.I)
_VALUE_RE = re.compile(r"\d|\$[^$]+\$|\\\(|\\\[|\\frac|\\sqrt|\\pi")


def main_clause(sent: str, mask: str | None = None) -> str:
    """``sent`` without a justification clause after its value (see above); ``sent`` itself when there is
    none. ``mask``: ``sent`` with its math blanked (same length), so that an opener inside math is no opener."""
    if len(sent) > _MAX_CHARS:
        return sent
    plain = mask if mask is not None and len(mask) == len(sent) else sent
    low = plain.lower()
    if "since" not in low and "because" not in low and "given" not in low and "," not in low and "(" not in low:
        return sent      # C-speed gate: every opener (and every restatement) holds one of these
    m = _OPENER_RE.search(plain)
    if m is None:
        return _words_restatement(sent, plain)
    # the opener's word or parenthesis (the blanks before it may be masked math: they stay with the head)
    start = m.start() + len(m.group()) - len(m.group().lstrip(" \t,"))
    head, rest = sent[:start], sent[m.end():]
    if not _VALUE_RE.search(head) or _SUBORDINATE_RE.search(plain[:start]):
        return sent
    if _KEEP_RE.search(_LOCATION_RE.sub("", plain[start:], count=1)) or _CONCLUDES_RE.search(plain[m.end():]):
        return sent
    if not rest.strip(" \t.)") or _computes_another(head, rest):
        return sent
    return head.rstrip(" \t,")


# A restatement in words after the value ('10^{-9}\\text{, i.e. about one part in a billion}', 'v = 0, that is, the
# particle is at rest'): it names no other value, so it is no second candidate. One that names a number (in digits, in
# math or in words: 'i.e. 13', 'i.e. a dozen'), bounds or hedges ('i.e. at least ...', 'or') is kept whole: the
# restatement checks compare it with the value.
_RESTATE_RE = re.compile(r",[ \t]*(?:i\.[ \t]?e\.|that[ \t]+is\b|namely\b)", re.I)
_RESTATE_KEEP_RE = re.compile(
    r"\d|\$|\\\(|\\frac|\\sqrt|\\pi|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?"
    r"|twenty|thirty|forty|fifty|hundreds?|thousands?|half|halves|third|quarter|double|twice|triple|or|either|maybe"
    r"|perhaps|possibly|might|could|at[ \t]+(?:least|most)|more|less|fewer|greater|smaller|larger|not|no|unless"
    r"|except|only|if|when|bound\w*|wrong|actually|instead)\b|\?", re.I)


def _words_restatement(sent: str, plain: str) -> str:
    m = _RESTATE_RE.search(plain)
    if m is None:
        return sent
    head, rest = sent[:m.start()], sent[m.end():]
    if not _VALUE_RE.search(head) or _SUBORDINATE_RE.search(plain[:m.start()]) or not rest.strip(" \t.)}"):
        return sent
    if _RESTATE_KEEP_RE.search(rest) or _RESTATE_KEEP_RE.search(plain[m.end():]):
        return sent
    return head.rstrip(" \t,")


# a computation in the clause ('because 3 \\cdot 5 = 15'): it must end on the value stated before it, or the response
# justifies another value than it states (the comparison reads that; an assignment 'x = 4' is a place, no computation)
_COMPUTED_RE = re.compile(r"\d[ \t]*(?:[-+*/\u00d7\u00b7^]|\\cdot|\\times|\\div|[xX](?=[ \t]*[\d(]))[ \t]*[\d(][^=,;]{0,40}?=[ \t]*"
                          r"(\\[dt]?frac\{\d{1,12}\}\{\d{1,12}\}|-?\d{1,12}(?:\.\d{1,12})?(?:[ \t]*/[ \t]*\d{1,12})?)")
# the values a head states: a fraction ('\\frac{2}{9}', '2/9') or a number; the last one is the stated value
_STATED_RE = re.compile(r"\\[dt]?frac\{\d{1,12}\}\{\d{1,12}\}|-?\d{1,12}(?:\.\d{1,12})?(?:[ \t]*/[ \t]*\d{1,12})?")
_FRAC_PARTS_RE = re.compile(r"\d{1,12}(?:\.\d{1,12})?")


def _number(text: str) -> Fraction | None:
    parts = _FRAC_PARTS_RE.findall(text)
    try:
        value = Fraction(parts[0]) / (Fraction(parts[1]) if len(parts) > 1 else 1)
    except (IndexError, ValueError, ZeroDivisionError):
        return None
    return -value if text.lstrip().startswith("-") else value


def _computes_another(head: str, clause: str) -> bool:
    done = [_number(m.group(1)) for m in _COMPUTED_RE.finditer(clause)]
    if not done:
        return False
    stated = _STATED_RE.findall(head)
    value = _number(stated[-1]) if stated else None
    return value is None or any(v != value for v in done)


_END_SPACES = ("\\qquad", "\\quad", "\\,", "\\;", "\\:", "\\!", "\\ ", "~", ",", " ", "\t", "\n", "\\")


def _drop_end_space(t: str) -> str:
    """``t`` without the spacing it ends with ('51\\ ', '12\\quad ,'), one token at a time (linear)."""
    for _ in range(len(t)):
        for tok in _END_SPACES:
            if t.endswith(tok):
                t = t[:-len(tok)]
                break
        else:
            return t
    return t
_TEXT_RE = re.compile(r"\\(?:text|textrm|mathrm|textnormal)\s*\{([^{}]*)\}")


def text_main_clause(span: str) -> str:
    """A LaTeX span (a box's content) whose prose holds a justification after the value
    (``\\text{The total is }45\\text{, since the parts are }30\\text{ and }15``, ``x = 5 \\text{ since } x = -2
    \\text{ is extraneous}``): the span up to the clause. The words are read from the ``\\text{}`` groups, the
    math between them is masked (an opener is only a word of prose)."""
    if len(span) > _MAX_CHARS or "\\text" not in span and "\\mathrm" not in span:
        return span
    # the words of the span at their places, everything outside a text group blanked except its values
    masked = list(" " * len(span))
    groups = list(_TEXT_RE.finditer(span))
    if not groups or len(groups) > 24:
        return span
    for g in groups:
        masked[g.start(1):g.end(1)] = g.group(1)
    for i, ch in enumerate(span):   # the punctuation between the groups sets clauses off too ('51\\ (\\text{because }...')
        if ch in "(),;" and masked[i] == " ":
            masked[i] = ch
    plain = "".join(masked)
    cut = main_clause(span, plain)
    if cut is span or len(cut) >= len(span):
        return span
    at = len(cut)
    # the cut lies inside a text group: close the group there
    for g in groups:
        if g.start(1) <= at < g.end(1):
            words = span[g.start(1):at].rstrip(" \t,")
            head = span[:g.start()].rstrip()
            cut = head + ("\\text{" + words + "}" if words.strip() else "")
            break
    head_plain = plain[:at]
    # a value must stand outside the words before the cut (a digit or math between the groups)
    outside = "".join(ch for ch, p in zip(span[:at], head_plain) if p == " ")
    if not _VALUE_RE.search(outside) and not re.search(r"\d", head_plain):
        return span
    cut = _drop_end_space(cut)
    if not cut or cut.count("{") != cut.count("}") or cut.count("(") != cut.count(")"):
        return span
    return cut


# ------------------------------------------------------------------ a remark after the answer, with its own box

# A response that states its answer and then adds a labelled remark with a box of its own ('**Answer.** $\\boxed{12}$
# ... **Remark.** For $n$ boxes the count is $\\boxed{n+9}$.'): the remark generalizes or compares, the answer is the
# box before it. The label is a paragraph's opening word set off as a label (a full stop, a colon, bold or italics:
# 'Remark.', '**Note:**', '*Generalization (any n).*'), never a sentence that opens with it ('Note that the answer
# is ...'). A remark that corrects, doubts or declares the answer ('Actually, ...', 'the correct answer is')
# keeps its box (the hedge and retraction checks read it).
_REMARK_LABEL_RE = re.compile(
    r"[ \t>#]*(?:\*{1,2}|_{1,2})?[ \t]*(?:remarks?|notes?|aside|side[ \t]+note|comments?|generali[sz]ations?|observations?"
    r"|extensions?|bonus|more[ \t]+generally|in[ \t]+general|for[ \t]+comparison|digression)"
    r"[ \t]*(?:\([^()\n]{0,60}\))?[ \t]*(?:[.:](?:\*{1,2}|_{1,2})?|(?:\*{1,2}|_{1,2})[ \t]*[.:]?)", re.I)
_REMARK_DOUBT_RE = re.compile(
    r"\b(?:actual(?:ly)?|correct(?:ed|ion|ly)?|incorrect|wrong|mistake|error|miscount\w*|miscalculat\w*|wait|oops|instead"
    r"|however|but|rather|redo\w*|re-?check\w*|recomput\w*|final|real|true|should|hedge|either|or|maybe|perhaps"
    r"|possibly|could|might|may|also|alternative\w*|another|other|unless|not)\b|\?", re.I)
_REMARK_WINDOW = 1_500


def remark_boxes(region: str, starts: list[int]) -> int:
    """How many of the last boxes (their ``starts``, in order) sit in a closing remark paragraph that a labelled
    remark opens (above); 0 when none, when no box stands before the remark, or when the remark doubts or declares."""
    if len(starts) < 2:
        return 0
    last = starts[-1]
    par = max(region.rfind("\n\n", 0, last), region.rfind("\n---", 0, last))
    if par < 0 or last - par > _REMARK_WINDOW:
        return 0
    start = par
    while start < last and region[start] in "\n- \t":    # the blank line or the rule above the paragraph
        start += 1
    if _REMARK_LABEL_RE.match(region, start) is None:
        return 0
    dropped = sum(1 for s in starts if s >= start)
    if dropped >= len(starts):
        return 0          # no box before the remark: its box is the answer
    if len(region) - start > _REMARK_WINDOW or _REMARK_DOUBT_RE.search(region, start):
        return 0
    return dropped
