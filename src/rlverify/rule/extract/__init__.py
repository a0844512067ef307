"""Find the final-answer span in a model response.

Interface::

    extract_answer(response: str) -> Extraction(answer, method, flags, candidates)

Only the span is found here; interpreting it (numbers, sets, prose inside a box...)
is the job of :mod:`rlverify.rule.answers`. Order of evidence, strongest first:

1. The answer region: the text after the LAST ``</think>`` (or
   ``<|end_of_thought|>``). An unclosed ``<think>`` means "no answer yet" unless a
   box follows it (flag ``unfinished_think``).
2. Boxes (``\\boxed{}``, ``\\fbox{}``, ``\\boxed 5``): the last balanced box (a box
   nested in a box counts as the later one). The boxes of the last box's sentence are
   read together: ``=``, "or equivalently", "so", "but" restate or correct (the last
   wins); "or"/"either", or two different boxes side by side on one line, are a
   ``hedge``; boxes joined by "and"/commas/line breaks are a list answer
   (``multi_box``, joined with ", "); a clause without "and" between boxes is a
   derivation step (the last wins). Boxes on consecutive ``(a)``/``(b)`` or
   ``(i)``/``(ii)`` lines answer sub-questions (``multi_part``). Restatements of one
   number ("12" and "12.0") are not hedges. An explicit marker *after* the last box
   ("Final answer: ...", "# Answer", "Answer: ...") overrides step boxes.
   Every box seen (the last ``MAX_CANDIDATES``) goes to ``candidates``, oldest first.
   A last box introduced by a negation ("..., not \\boxed{12}") is a rejected alternative;
   a box nested in a box with more after it reads the container; a later "so the answer
   is N." naming a different plain number than the box is a ``hedge``.
   Any plain-number answer withdrawn by a short closing sentence that names another number
   ("The answer is 5. Actually wait, it's 6.") is a ``hedge`` flagged ``retracted``.
3. Answer markers, the last one wins: "Final Answer:", "The (final|correct) answer /
   option is", ``# Answer`` headings, ``Answer:``/``**Answer:**`` lines, a final
   ``A:`` line, ``####``, "答案是".
4. A value the response ends on, introduced by a lead-in on the same line or the line(s) above
   ("Final result: (-1+sqrt5)/2", "The value we want is\n\nx = pi/4", "Answer\n\n$1,\\!260$", a bullet
   block after "Summary:"): the lead-in is any short prose fragment (no digits, math or sentence end); one
   that grades ("Score:") gives no answer, one that bounds or hedges ("at least", "maybe") is a ``hedge``,
   a restatement or check ("approximately:", "Check:") is no lead-in (method ``lead_in``).
   Then weaker prose cues in the last two paragraphs: a bold value, a concluding sentence
   ("Therefore, the area is 12."), a short whole answer; then a statement with a value
   in the final paragraph ("Elvis is 54 miles east").
5. The last number or formula of the final paragraph, flagged ``fallback``; none when
   the response is cut off mid-formula or loops on digits (flag ``truncated``).

Prose spans are reduced to the value they state ("the probability is \\(1/3\\)." ->
``1/3``; "12 apples" -> ``12``; "x = 5 and y = 3" kept whole); "4 or 5", "either",
"one of", "could be" up to the stated value are hedges, but "x = 1 or x = 4" (a
solution set) is left to the comparison layer, which knows the gold.

Safety: think tags are located in the last 4 x ``MAX_RESPONSE_CHARS`` (C-speed
search); everything else reads only the last ``MAX_RESPONSE_CHARS`` of the answer
region. NUL bytes and lone surrogates are dropped, every
regular expression is linear (no nested quantifiers), math delimiters and braces are
matched in single stack passes, and the prose heuristics only see the final few
thousand characters (1 MB of adversarial text: about 10 ms, budget 50 ms).
"

Layout: ``_types`` (Extraction, caps), ``_spans`` (math segments, values, sentence
reduction, hedges), ``_boxes`` (boxes and their grouping), ``_prose`` (markers, weak
cues, fallback), ``_clauses`` (a justification after the stated value: "the area is 12, since
the base is 4 ..." and its ``\\text{}`` form in a box; the boxes of a labelled closing remark, "**Remark.**
For $n$ rows ... $\\boxed{n+9}$", which are not the answer when a box stands before it), ``_numbered`` (the
parts of a span whose members are numbered, "Sequence 1: ... and Sequence 2: ...", joined by '; '); this module picks
the region and the evidence.
"""
from __future__ import annotations

import functools
import re
from fractions import Fraction

from ...runtime.limits import MAX_RESPONSE_CHARS
from ._checks import confirming_check
from ._clauses import remark_boxes, text_main_clause
from ._numbered import numbered_parts
from ._types import Extraction, MAX_CANDIDATES, _PROSE_WINDOW
from ._boxes import _Box, _clean_box, _find_boxes, _from_boxes
from ._prose import _EXPLICIT_MARKERS, _from_markers, _from_prose, _from_whole
from ._spans import _value_key
from ._together import values_all_working
from ...runtime.caches import lru

__all__ = ["Extraction", "extract_answer", "MAX_CANDIDATES"]


_THINK_CLOSERS = ("</think>", "<|end_of_thought|>")

_THINK_OPENERS = ("<think>", "<|begin_of_thought|>")


def _answer_region(text: str) -> tuple[str, tuple[str, ...], bool]:
    """(region, flags, boxes_only). Tags are located on the whole text (C-speed rfind)."""
    if ">" not in text:      # C-speed: every tag ends with '>'
        return text, (), False
    close, closer = text.rfind("</think>"), "</think>"   # _THINK_CLOSERS, the first one kept on a tie
    other = text.rfind("<|end_of_thought|>")
    if other > close:
        close, closer = other, "<|end_of_thought|>"
    if close >= 0:
        return text[close + len(closer):], (), False
    opened = max(text.rfind("<think>"), text.rfind("<|begin_of_thought|>"))   # _THINK_OPENERS
    if opened >= 0:
        return text[opened:], ("unfinished_think",), True
    return text, (), False


_SURROGATE_RE = re.compile("[\ud800-\udfff]")   # what UTF-8 cannot encode


def _sanitize(response: object) -> str:
    text = response if isinstance(response, str) else str(response)
    if len(text) > 4 * MAX_RESPONSE_CHARS:
        text = text[-4 * MAX_RESPONSE_CHARS:]
    text = text.replace("\x00", "")
    if not text.isascii() and _SURROGATE_RE.search(text):   # lone surrogates dropped (C speed): every span encodes
        text = text.encode("utf-8", "ignore").decode("utf-8")
    return text


def _boxed_or_later_marker(region: str, boxes: list[_Box]) -> Extraction:
    """Boxes decide, unless an explicit answer marker ('Final answer: ...') follows the
    last box: then the boxes were steps and the marker states the answer."""
    boxed = _from_boxes(region, boxes)
    after = region[boxes[-1].end:]
    marked = _from_markers(after[-4 * _PROSE_WINDOW:]) if after.strip() else None
    if marked is None:
        return boxed
    if marked[0].method not in _EXPLICIT_MARKERS:
        return _contradicted(boxed, after[-_PROSE_WINDOW:])
    return Extraction(marked[0].answer, marked[0].method, marked[0].flags, boxed.candidates)


# "so the answer is 3." / "the final answer is $-2$": a whole sentence stating one plain number
_STATED_NUMBER_RE = re.compile(
    r"\b(?:the|my|our)\s+(?:final\s+|correct\s+)?answer\s+(?:is|would\s+be|should\s+be)\s*:?[ \t]*"
    r"(?:\$|\\\()?[ \t]*(-?\d+(?:\.\d+)?(?:/\d+)?)[ \t]*(?:\$|\\\))?[ \t]*(?:[.!]|\n|$)", re.I)


def _contradicted(boxed: Extraction, after: str) -> Extraction:
    """'... \\boxed{5}. So the answer is 3.': a later sentence stating a different plain number
    as the answer offers two answers (a hedge); restatements of one value are not."""
    said = list(_STATED_NUMBER_RE.finditer(after))
    if boxed.answer is None or boxed.hedge or not said:
        return boxed
    kb, ks = _value_key(boxed.answer), _value_key(said[-1].group(1))
    if kb == ks or not (_is_number_key(kb) and _is_number_key(ks)):
        return boxed
    return Extraction(boxed.answer, boxed.method, boxed.flags + ("hedge",), boxed.candidates)


# "The answer is 5. Actually wait, it's 6." / "Final Answer: 5 ... Wait, I made an error. The correct
# value is 6.": a short closing sentence that withdraws the stated number and names another.
_RETRACTION_RE = re.compile(
    r"\b(?:wait|oops|hold on|correct(?:ion|ing)|i made an? (?:error|mistake|slip)|(?:that|this)(?:'s| is| was) "
    r"(?:wrong|incorrect|not right)|actually,? (?:the|it|that)(?:'s| is| should be)|hmm,? no|no,? that"
    r"|i made an? (?:\w+ )?(?:error|mistake|slip)|(?:sign|arithmetic|counting|computation) error|redo(?:ing)?"
    r"|re-?check(?:ing)?|recomput(?:e|ing)|reconsider(?:ing)?|on second thought|scratch that"
    r"|(?:over|under|mis)count(?:s|ed|ing)?)\b", re.I)
_NAMED_NUMBER_RE = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:/\d+)?(?![\w.]*\d)")
_NAMED_FRACTION_RE = re.compile(r"(-?)\\[dt]?frac\{(\d{1,12})\}\{(\d{1,12})\}")
_MAX_RETRACTION = 200            # a cue this close to the end withdraws a number for any number named after it
_MAX_DECLARED_RETRACTION = 500   # ... this close, for another answer declared after it
# (lower case; every match of _RETRACTION_RE on an ASCII text holds one, at most _CUE_REACH characters after the
# match's start: 'computation error'; 'incorrect' holds 'correct')
_RETRACTION_WORDS = ("wait", "oops", "hold on", "correct", "made a", "wrong", "not right", "actually",
                     "hmm", "no,", "no that", "error", "redo", "check", "recomput", "reconsider", "second thought",
                     "scratch", "count")
_CUE_REACH = 16


def _first_letter_alternation(words: tuple[str, ...]) -> str:
    """A pattern matching any of ``words`` (literally), grouped by first letter (searched faster than the flat
    alternation, as fast as ``in`` for each word; its match starts at the first occurrence of any of them)."""
    groups: dict[str, list[str]] = {}
    for w in words:
        groups.setdefault(w[0], []).append(re.escape(w[1:]))
    return "|".join(re.escape(c) + (rest[0] if len(rest) == 1 else "(?:" + "|".join(rest) + ")")
                    for c, rest in groups.items())


_RETRACTION_WORD_RE = re.compile(_first_letter_alternation(_RETRACTION_WORDS))
# a later answer that counts as declared (not a last-number guess or a statement naming a number)
_DECLARED_METHODS = frozenset({"bold", "conclusion", "lead_in", "whole", "final_answer", "heading", "answer_line",
                               "answer_is", "answer", "ans", "final", "option", "choice"})


def _retracted(ex: Extraction, region: str, dropped: str | None = None) -> Extraction:
    """A plain-number answer withdrawn by a final short sentence naming another number is a
    ``hedge`` (flag ``retracted``): the response ends on a different value than it declared.
    ``dropped``: ``_drop_layout(region)`` when the caller has it already."""
    if ex.answer is None or ex.hedge:
        return ex
    # the layout and confirming checks the response closes with do not count towards the distance
    tail = dropped if dropped is not None and len(region) <= _PROSE_WINDOW else _drop_layout(region[-_PROSE_WINDOW:])
    start = max(0, len(tail) - _MAX_DECLARED_RETRACTION - 40)
    window = tail[start:]
    low = window.lower()
    word = _RETRACTION_WORD_RE.search(low)     # C-speed check before the regex: the first retraction word
    if word is None:
        return ex
    first = word.start()
    ka = _value_key(ex.answer)
    cue = None
    # on an ASCII window (lower case keeps the positions) no match starts before the first word's reach
    scan = start + max(0, first - _CUE_REACH) if window.isascii() else start
    for cue in _RETRACTION_RE.finditer(tail, scan):
        pass
    if cue is None or len(tail) - cue.end() > _MAX_DECLARED_RETRACTION:
        return ex
    # the withdrawn answer is followed by another one declared after the cue (a box then 'Hmm, I made a sign
    # error. Redoing the last step, **7**', any kind of value, a table before it): two answers, the declared one
    # not final. A box after the cue is the answer itself (the boxes decided).
    rest = tail[cue.end():].strip()
    if "\\boxed" not in rest and "\\fbox" not in rest:
        later = _from_prose(rest)
        if (later is None or later.method not in _DECLARED_METHODS) and "\n\n" in rest:
            # the text after the cue ends on a paragraph that is one value alone ('***$x$***', a fenced '50\%')
            later = _from_whole(rest.rsplit("\n\n", 1)[1].strip().strip("*_").strip())
        if later is not None and later.answer and later.method in _DECLARED_METHODS and _value_key(later.answer) != ka:
            return Extraction(ex.answer, ex.method, ex.flags + ("hedge", "retracted"), ex.candidates)
    if not _is_number_key(ka) or len(tail) - cue.end() > _MAX_RETRACTION:
        return ex
    after = tail[cue.end():]
    named = [_value_key(n) for n in _NAMED_NUMBER_RE.findall(after)]
    if not named:
        return ex                          # nothing named after the cue
    # the answer itself restated after the cue, as a number or a fraction ('$\\boxed{\\frac{3}{5}}$' is 3/5, not 3
    # and 5), unless it is named to be denied ('this gives $256$, not $255$')
    restated = [_value_key(m.group()) for m in _NAMED_NUMBER_RE.finditer(after) if not _denied(after, m.start())]
    if "frac" in after:
        restated += [_value_key(f"{m.group(1)}{m.group(2)}/{m.group(3)}") for m in _NAMED_FRACTION_RE.finditer(after)
                     if not _denied(after, m.start())]
    # a check that confirms the answer ('Wait, ... consistent.'), read from its clause ('let me recheck ...': the
    # cue is the verb)
    clause = max(tail.rfind("\n", 0, cue.start()), tail.rfind(". ", 0, cue.start()) + 1, cue.start() - 24)
    if ka in restated or confirming_check(tail[clause:]):
        return ex
    return Extraction(ex.answer, ex.method, ex.flags + ("hedge", "retracted"), ex.candidates)


_DENIED_RE = re.compile(r"(?:\bnot|\binstead\s+of|\brather\s+than|n't)[ \t]*(?:\$|\\\(|\\boxed\{)*[ \t]*\Z", re.I)


def _denied(text: str, at: int) -> bool:
    """The number at ``at`` is named to be denied: 'not $255$', 'instead of 12'."""
    return _DENIED_RE.search(text, max(0, at - 24), at) is not None


def _is_number_key(key: str) -> bool:
    try:
        Fraction(key)
    except (ValueError, ZeroDivisionError):
        return False
    return True


# Layout a response ends with after its answer, not part of it: a horizontal rule, an end-of-proof mark, a
# closing answer tag, a code fence, a short closing remark without any value ('I hope this helps!',
# '*(Checked by substituting back.)*', 'This completes the solution.'). Answer tags and fence lines around
# the answer are dropped too ('<answer>$12$</answer>', '```text\n12\n```').
_RULE_LINE_RE = re.compile(r"(?:-{3,}|\*{3,}|_{3,}|(?:\*[ \t]*){3,})")
_END_MARK_RE = re.compile(r"(?:[ \t]*(?:\u220e|\u25a1|\u25a0|</answer>|\$\\(?:blacksquare|square|qed)\$"
                          r"|\\\(\\(?:blacksquare|square)\\\)|\\(?:blacksquare|qed)\b|q\.e\.d\.?))+[ \t]*\Z", re.I)
_TAG_OR_FENCE_RE = re.compile(r"</?answer>|^[ \t]*```[\w+-]{0,12}[ \t]*$", re.I | re.M)
_CLOSING_REMARK_RE = re.compile(r"\bhope\b|\bhelps?\b|\bcomplete[sd]?\b|\bchecked\b|\bverified\b|\bdone\b"
                                r"|\blet me know\b|\bq\.?e\.?d\b", re.I)
_SELF_GRADE_RE = re.compile(r"\b(?:correct|right|confirm(?:ed|s)?|true|valid|expert|guarantee[ds]?)\b", re.I)
_LAST_FENCE_RE = re.compile(r"(\n|\A)[ \t]*```[\w+-]{0,12}[ \t]*\n((?:final[ \t]+)?answer[ \t]*:[ \t]*)?([^$:`\n]{1,200})\n[ \t]*```[ \t]*\Z",
                            re.I)
# a line opened by the therefore sign ('∴ $4$', '$\\therefore$ $58$') concludes
_THEREFORE_RE = re.compile(r"^([ \t]*)(?:\u2234|\$\\therefore\$|\\\(\\therefore\\\))[ \t]*", re.M)
_PROSE_WORD_RE = re.compile(r"(?<![\\{a-zA-Z])[a-zA-Z]{3,}")
_TEXT_AND_RE = re.compile(r"\\text\{[ \t]*and[ \t]*\}")   # a list's joiner in math is no prose
_ITALIC_PAR_RE = re.compile(r"\*(?!\*)([^*\n]{1,300}?)(?<!\*)\*|_(?!_)(\$[^$\n]{1,300}\$|[^_\n]{1,300}?)(?<!_)_")
_CHECK_PAR_RE = re.compile(r"[*_ \t(]*(?:verification|verifying|check(?:ing)?|sanity check|double[- ]check|as a check|a quick check"
                           r"|this (?:agrees|matches|is consistent|checks out)|consistent with|indeed"
                           r"|for (?:instance|example)|as an (?:example|illustration)|e\.g)\b", re.I)   # (an example is a check)
_CHECK_DOUBT_RE = re.compile(r"\b(?:answer|wrong|incorrect|mistake|error|actually|wait|instead|however|but|not|no|fails?"
                             r"|doesn't|does not|inconsistent|correct(?:ed|ion|ing)?|should|recomput\w*|redo\w*|oops|hmm)\b|[?\u2717\u2718]", re.I)
_ITALIC_LABEL_RE = re.compile(r"^([ \t]*)(?:_{1,2}|\*(?!\*))((?:final[ \t]+)?answer)[ \t]*:?[ \t]*(?:_{1,2}|(?<!\*)\*(?!\*))[ \t]*:?",
                             re.I | re.M)
_BOLD_ITALIC_RE = re.compile(r"\*\*\*(?=\S)|(?<=\S)\*\*\*")
_LAYOUT_WINDOW = 600
# the marks _END_MARK_RE closes a line with (lower case): a line that ends (before blanks) with none of them has no match
_END_MARKS = ("\u220e", "\u25a1", "\u25a0", "</answer>", "$\\blacksquare$", "$\\square$", "$\\qed$",
              "\\(\\blacksquare\\)", "\\(\\square\\)", "\\blacksquare", "\\qed", "q.e.d", "q.e.d.")


def _may_end_marked(line: str) -> bool:
    """C-speed gate for ``_END_MARK_RE.search(line)`` (tried at every position): the line must end with a mark.
    Lower case as re.I reads it: the long s folds to 's' there (and the Kelvin sign lower-cases to 'k' in both)."""
    return line.rstrip(" \t")[-20:].lower().replace("\u017f", "s").endswith(_END_MARKS)


_LAYOUT_CHAR_RE = re.compile("[-*_\u220e\u25a1\u25a0\u2234<`\\\\!]")   # a character some layout above holds


def _drop_layout(region: str) -> str:
    """``region`` without the layout it closes with (above): only its last ``_LAYOUT_WINDOW`` characters
    are rewritten."""
    head, tail = region[:-_LAYOUT_WINDOW], region[-_LAYOUT_WINDOW:]
    if _LAYOUT_CHAR_RE.search(tail) is None and "complete" not in tail and "heck" not in tail \
            and "consistent" not in tail and "agrees" not in tail and "matches" not in tail and "ndeed" not in tail \
            and "nstance" not in tail and "xample" not in tail and "e.g" not in tail and "llustration" not in tail:
        return region   # C-speed check: nothing to drop
    return head + _layout_tail(tail)


_RX_LAYOUT_TAIL_1 = re.compile(r"[\d$]")
_RX_LAYOUT_TAIL_2 = re.compile(r"[\d$=\\]")


@lru("rule.extract_layout_tail")
def _layout_tail(tail: str) -> str:
    """The rewrite of :func:`_drop_layout`'s window (memoized: the box and prose paths and the retraction
    check read the same response's window)."""
    lines = tail.rstrip().split("\n")
    for _ in range(12):
        last = lines[-1].strip() if lines else ""
        if len(lines) > 1 and (not last or _RULE_LINE_RE.fullmatch(last)):
            lines.pop()
            continue
        m = _END_MARK_RE.search(lines[-1]) if lines and _may_end_marked(lines[-1]) else None
        if m is not None and (m.start() > 0 or len(lines) > 1):
            lines[-1] = lines[-1][:m.start()]
            continue
        # a short closing paragraph without any value ('I hope this helps!')
        k = len(lines) - 1
        while k > 0 and lines[k - 1].strip():
            k -= 1
        if k == 0:
            break       # the window is one paragraph: neither rule below applies
        par = " ".join(lines[k:]).strip()
        if k > 0 and len(par) <= 80 and not _RX_LAYOUT_TAIL_2.search(par) and _CLOSING_REMARK_RE.search(par) \
                and not _SELF_GRADE_RE.search(par):   # 'I confirm this answer is right' grades: it stays (no guess above)
            del lines[k:]
            continue
        # a closing check that confirms the answer above it ('**Verification:** substituting back gives
        # $3 + 4 = 7$ ✓.', 'This agrees with a quick check for $n = 2$, which gives $5$.'): not a new answer; one
        # that corrects, doubts or names an answer is kept
        if k > 0 and len(par) <= 240 and _CHECK_PAR_RE.match(par) and not _CHECK_DOUBT_RE.search(par) \
                and _RX_LAYOUT_TAIL_1.search(par) and "\n".join(lines[:k]).strip() and values_all_working(par) is None:
            # ('Checking, $-2$ and $1$ are both valid solutions.' states the answer: it stays)
            # only a check that names numbers is dropped (they would be read as the answer); a check in words
            # alone stays the last paragraph, so a derivation above it is not read as a concluded answer
            # (probe, after_cot: '... so their sum is 85. ... leaves about 12.75.\n\nChecking the setup once more,
            # the relation looks consistent ...' was accepted for 85 once the check was dropped)
            del lines[k:]
            continue
        break
    tail = "\n".join(lines)
    fence = _LAST_FENCE_RE.search(tail) if "```" in tail else None
    if fence is not None and not _PROSE_WORD_RE.search(_TEXT_AND_RE.sub(" ", fence.group(3))):   # ('0^\\circ \\text{ and } 360^\\circ')
        # a fenced block closing the response that holds one line of mathematics: that line, as math
        tail = tail[:fence.start()] + fence.group(1) + (fence.group(2) or "") + "$" + fence.group(3).strip() + "$\n"
    # each rewrite below runs only where its pattern can match (C-speed checks: they ran at every position)
    low = tail.lower() if "*" in tail or "_" in tail or ">" in tail else ""
    if ("*" in tail or "_" in tail) and "answer" in low:
        tail = _ITALIC_LABEL_RE.sub(r"\1\2:", tail)   # '_Answer_: $x$', '*Final answer:* $x$' is the label
        low = tail.lower()
    if "```" in tail or "answer>" in low:     # (no '>', no tag)
        tail = _TAG_OR_FENCE_RE.sub("\n", tail)
    if "***" in tail:
        tail = _BOLD_ITALIC_RE.sub("**", tail)
    if "\u2234" in tail or "therefore" in tail:
        tail = _THEREFORE_RE.sub("\\1Therefore, ", tail)
    # a closing paragraph in italics ('*120*', '_$8$_') is its text (it ends on the mark)
    kept = tail.rstrip()
    if kept[-1:] in ("*", "_"):
        cut = kept.rfind("\n")
        last = tail[cut + 1:].strip()
        m = _ITALIC_PAR_RE.fullmatch(last)
        if m is not None:
            tail = tail[:cut + 1] + (m.group(1) or m.group(2))
    return tail




# Layout around the value of an answer span: spacing commands at either end ('\\ 12\\ ', '\\, 12\\,'), an
# end-of-proof mark ('12\\quad\\blacksquare'), a trailing remark in parentheses that opens with a word of
# circumstance ('12 \\text{ (achieved at } x = 3)', '89\\quad(\\text{at } t=7)') or a remark set off by a
# \\quad ('1938\\quad \\text{(this is the only solution)}'). A remark that hedges ('(or 13)') or restates the value
# ('(exactly 98{,}765{,}432)', '(i.e. 0.5)', '(approximately ...)') is no such word.
_LEAD_SPACE_RE = re.compile(r"\A(?:\\[,;:! ]|\\q?quad(?![a-zA-Z])|~|\s)+")
# an unbraced font switch opening the span ('\\bf 6', '\\mathbf 75'): typography, the value follows
# '\\therefore\\ 12' in display math: the sign concludes, the value follows
_THEREFORE_LEAD_RE = re.compile(r"\A\s*\\therefore(?![a-zA-Z])")
_FONT_SWITCH_RE = re.compile(r"\A\\(?:bf|mathbf|textbf|boldsymbol|bm|it|rm|mathrm|displaystyle|textstyle)(?=[\s\d-])\s*")
_END_SPACE_RE = re.compile(r"(?:\\[,;:!]|\\q?quad|~|\s|\\\Z)+\Z")
_END_PROOF_RE = re.compile(r"(?:\\q?quad|\\[,;: ]|~|\s)*\\(?:blacksquare|square|Box|checkmark|qed)\s*\Z")
_REMARK_WORDS = (r"(?:for|when|where|at(?!\s+(?:least|most)\b)|achieved|attained|obtained|reached|since|with|by|using|taking"
                 r"|this|the|verified|checked|unique|only|from|given|note|valid|minimum|maximum|min|max)\b")
_REMARK_RE = re.compile(r"(?:\\q?quad|\\[,;: ]|~|\s)*(?:\\text\{\s*\(\s*|\(\s*\\text\{\s*|\\text\{\s*\(?\s*(?=[a-z]))"
                        + _REMARK_WORDS + r"(?!\s+the\s+(?:horizontal|vertical|normal|[+-]?[xyz][- ]?axis))", re.I)   # not an
# angle's reference: '37^\circ\ (\text{from the vertical})' keeps it (physics helper, issue 14)
_QUAD_RE = re.compile(r"\\q?quad|\\[;:]")
# a remark of words only in parentheses that says the value is checked or final ('\\qquad \\text{(exact value)}',
# '(verified)'), unless it bounds or hedges ('\\text{ (or more)}'); not a clause that qualifies the value
# ('(and permutations thereof)', '(cm)')
_WORDS_REMARK_RE = re.compile(r"(?:\\q?quad|\\[,;: ]|~|\s)*\\text\{\s*(\(?)\s*(?:exact|verified|checked|final|answer|unique"
                              r"|simplified|this|the|only|valid|correct|solution|confirmed)\b[A-Za-z ,.'-]{0,60}(\)?)\s*\}\s*\Z", re.I)
_BOUND_WORD_RE = re.compile(r"\b(?:or|more|less|least|most|not|no|about|approx\w*|roughly|maybe|possibly|perhaps|unless"
                            r"|except|than|nearly|almost|over|under|up|per|each|mod|modulo)\b", re.I)


def _trim_value(s: str) -> str:
    if len(s) > 400 or "\\" not in s and "~" not in s and not s.startswith("="):
        return s
    t = _FONT_SWITCH_RE.sub("", _LEAD_SPACE_RE.sub("", _THEREFORE_LEAD_RE.sub("", s)))
    if t.startswith("=") and not t.startswith("==") and "=" not in t[1:]:
        t = _LEAD_SPACE_RE.sub("", t[1:])   # the last link of a derivation ('\\boxed{= 12}'): the value it ends on
    t = _drop_end_space(t)
    if t.rstrip().endswith(_END_PROOF_NAMES):     # (every _END_PROOF_RE match ends so, before blanks)
        t = _END_PROOF_RE.sub("", t)
    t = _drop_end_space(t)
    if "\\text{" not in t.lower():    # every _REMARK_RE / _WORDS_REMARK_RE match holds it (re.I; no letter of 'text'
        return t or s                 # folds to another character)
    for m in _REMARK_RE.finditer(t):
        if m.start() == 0:
            continue
        opener = m.group()
        if "(" not in opener and not _QUAD_RE.search(opener):
            continue   # a bare '\\text{ for ...}' clause is not set off as a remark
        head = t[:m.start()]
        if head.count("{") == head.count("}") and head.count("(") == head.count(")") and head.strip():
            t = _drop_end_space(head)
            break
    m = _WORDS_REMARK_RE.search(t)
    if m is not None and m.start() > 0 and m.group(1) and m.group(2) and not _BOUND_WORD_RE.search(m.group()) \
            and (" " in m.group().split("(", 1)[1].strip() or len(m.group().split("(", 1)[1]) > 8):   # not '(cm)'

        head = t[:m.start()]
        if head.count("{") == head.count("}") and head.strip():
            t = _drop_end_space(head)
    # prose that justifies the value after stating it ('\\text{The total is }45\\text{, since the parts are }30...')
    t = text_main_clause(t)
    return t or s


_END_PROOF_NAMES = ("square", "Box", "checkmark", "qed")   # the marks _END_PROOF_RE drops end so ('blacksquare' too)


def _drop_end_space(t: str) -> str:
    """``_END_SPACE_RE.sub("", t)``, tried only when ``t`` ends as a match must (a space, '~', a backslash, or the
    last letter of a spacing command) instead of at every position."""
    end = t[-1:]
    return _END_SPACE_RE.sub("", t) if end and (end.isspace() or end in ",;:!d~\\") else t


# a value whose closing remark bounds or doubts it ('12 (at least)', '\\text{ or more}', '(maybe)'): no single value
_BOUNDED_REMARK = re.compile(r"(?:\\text\s*\{\s*\(?\s*|\(\s*(?:\\text\s*\{\s*)?)(?:at\s+(?:least|most)|or\s+(?:more|less|fewer|greater"
                             r"|higher|lower|above|below)|maybe|possibly|perhaps)\b[^{}()]{0,20}\)?\s*\}?\s*\)?\s*\Z", re.I)


def _with_flags(ex: Extraction, flags: tuple[str, ...]) -> Extraction:
    if ex.answer is not None:
        trimmed = _trim_value(ex.answer)
        trimmed = numbered_parts(trimmed) or trimmed   # 'Sequence 1: ... and Sequence 2: ...': the parts
        if trimmed != ex.answer:
            ex = Extraction(trimmed, ex.method, ex.flags, ex.candidates)
        if not ex.hedge and len(ex.answer) < 400 and ("(" in ex.answer or "\\" in ex.answer) \
                and _BOUNDED_REMARK.search(ex.answer):   # (every match opens with '(' or '\\text')
            ex = Extraction(ex.answer, ex.method, ex.flags + ("hedge",), ex.candidates)
    if not flags:
        return ex
    return Extraction(ex.answer, ex.method, tuple(dict.fromkeys(ex.flags + flags)), ex.candidates)


def extract_answer(response: str) -> Extraction:
    """The final-answer span of ``response`` (see the module docstring for the rules)."""
    text = _sanitize(response)
    region, flags, boxes_only = _answer_region(text)
    after_think = len(region) < len(text) and not boxes_only
    region = region[-MAX_RESPONSE_CHARS:]
    boxes = [b for b in _find_boxes(region) if b.content.strip() and _clean_box(b.content)]
    remark = remark_boxes(region, [b.start for b in boxes[-MAX_CANDIDATES:]]) if len(boxes) > 1 else 0
    if remark:     # '**Answer.** $\\boxed{12}$ ... **Remark.** For $n$ rows ... $\\boxed{n+9}$': the remark's boxes go
        boxes = boxes[:-remark]
    if boxes:
        return _with_flags(_retracted(_boxed_or_later_marker(region, boxes), region), flags)
    if boxes_only:
        return Extraction(None, "none", flags)
    dropped = _drop_layout(region)
    found = _from_prose(dropped)
    if found is None:
        return Extraction(None, "none", flags)
    if found.method == "whole" and after_think:
        found = Extraction(found.answer, "think", found.flags, found.candidates)
    return _with_flags(_retracted(found, region, dropped), flags)
