"""Find the final-answer span in a model response.

Interface::

    extract_answer(response: str) -> Extraction(answer, method, flags, candidates)

Only the span is found here; interpreting it (numbers, sets, prose inside a box...)
is the job of :mod:`rlverify.answers`. Order of evidence, strongest first:

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
3. Answer markers, the last one wins: "Final Answer:", "The (final|correct) answer /
   option is", ``# Answer`` headings, ``Answer:``/``**Answer:**`` lines, a final
   ``A:`` line, ``####``, "答案是".
4. Weaker prose cues in the last two paragraphs: a bold value, a concluding sentence
   ("Therefore, the area is 12."), a short whole answer; then a statement with a value
   in the final paragraph ("Elvis is 54 miles east").
5. The last number or formula of the final paragraph, flagged ``fallback``; none when
   the response is cut off mid-formula or loops on digits (flag ``truncated``).

Prose spans are reduced to the value they state ("the probability is \\(1/3\\)." ->
``1/3``; "12 apples" -> ``12``; "x = 5 and y = 3" kept whole); "4 or 5", "either",
"one of", "could be" up to the stated value are hedges, but "x = 1 or x = 4" (a
solution set) is left to the comparison layer, which knows the gold.

Safety: only the last ``MAX_RESPONSE_CHARS`` are read, NUL bytes are dropped, every
regular expression is linear (no nested quantifiers), math delimiters and braces are
matched in single stack passes, and the prose heuristics only see the final few
thousand characters (1 MB of adversarial text: < 10 ms CPU).
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from .limits import MAX_ANSWER_CHARS, MAX_RESPONSE_CHARS

__all__ = ["Extraction", "extract_answer", "MAX_CANDIDATES"]

MAX_CANDIDATES = 64          # boxes kept in ``candidates`` (the last ones)
_MAX_BOX_SCAN = 400          # boxes whose braces are matched (the last ones)
_PROSE_WINDOW = 6_000        # prose cues only look at the end of the answer region
_SPAN_WINDOW = 1_500         # an answer sentence is cut to this many characters


@dataclass(frozen=True)
class Extraction:
    answer: str | None            # the final-answer span, None when nothing was found
    method: str = "none"          # boxed | think | final_answer | answer_is | heading | answer_line | bold | conclusion | last_number | whole | none
    # flags: fallback, hedge, multi_box, multi_part, unfinished_think, truncated
    flags: tuple[str, ...] = ()   # e.g. ("fallback",) for last-number, ("hedge",) for several different answers
    candidates: tuple[str, ...] = ()  # other spans seen (e.g. every box), oldest first

    @property
    def hedge(self) -> bool:
        return "hedge" in self.flags


# --------------------------------------------------------------------------- region

_THINK_CLOSERS = ("</think>", "<|end_of_thought|>")
_THINK_OPENERS = ("<think>", "<|begin_of_thought|>")


def _answer_region(text: str) -> tuple[str, tuple[str, ...], bool]:
    """(region, flags, boxes_only). Tags are located on the whole text (C-speed rfind)."""
    close = max(((text.rfind(t), t) for t in _THINK_CLOSERS), key=lambda p: p[0])
    if close[0] >= 0:
        return text[close[0] + len(close[1]):], (), False
    opened = max(text.rfind(t) for t in _THINK_OPENERS)
    if opened >= 0:
        return text[opened:], ("unfinished_think",), True
    return text, (), False


def _sanitize(response: object) -> str:
    text = response if isinstance(response, str) else str(response)
    if len(text) > 4 * MAX_RESPONSE_CHARS:
        text = text[-4 * MAX_RESPONSE_CHARS:]
    text = text.replace("\x00", "")
    if not text.isascii():   # lone surrogates dropped (C speed), so every span encodes as UTF-8
        text = text.encode("utf-8", "ignore").decode("utf-8")
    return text


# --------------------------------------------------------------------------- boxes

_BOX_RE = re.compile(r"\\(?:boxed|fbox|framebox)(?![A-Za-z])")
_BRACE_TOKEN_RE = re.compile(r"\\\\|\\[{}]|[{}]")
_BARE_ARG_RE = re.compile(r"[ \t]*([^\s${}]+)")


@dataclass(frozen=True)
class _Box:
    start: int       # index of the backslash
    end: int         # index after the closing brace / bare token
    content: str


def _match_braces(text: str, start: int, last_open: int) -> dict[int, int]:
    """Map each '{' at or after ``start`` to its matching '}' (one stack pass that stops
    once every brace opened up to ``last_open`` is closed)."""
    stack: list[int] = []
    pairs: dict[int, int] = {}
    for m in _BRACE_TOKEN_RE.finditer(text, start):
        tok = m.group()
        if tok == "{":
            stack.append(m.start())
        elif tok == "}" and stack:
            pairs[stack.pop()] = m.start()
            if not stack and m.start() > last_open:
                break
    return pairs


def _last_box_tokens(text: str) -> list[tuple[int, int]]:
    """(start, end) of the last ``_MAX_BOX_SCAN`` box commands, searching a growing tail window."""
    window = 32_768
    while True:
        base = max(0, len(text) - window)
        found = [(m.start(), m.end()) for m in _BOX_RE.finditer(text, base)]
        if len(found) >= _MAX_BOX_SCAN or base == 0:
            return found[-_MAX_BOX_SCAN:]
        window *= 4


def _find_boxes(text: str) -> list[_Box]:
    found = _last_box_tokens(text)
    if not found:
        return []
    pairs = _match_braces(text, found[0][1], found[-1][1])
    boxes = []
    for begin, pos in found:
        j = pos
        while j < len(text) and text[j] in " \t":
            j += 1
        if j < len(text) and text[j] == "{":
            close = pairs.get(j)
            if close is not None:
                boxes.append(_Box(begin, close + 1, text[j + 1:close]))
            continue
        bare = _BARE_ARG_RE.match(text, pos)
        if bare and pos < len(text) and text[pos] in " \t":
            boxes.append(_Box(begin, bare.end(), bare.group(1)))
    return boxes


def _clean_box(content: str) -> str:
    s = content.strip()
    for _ in range(3 if len(s) <= MAX_ANSWER_CHARS else 0):          # {{5}} -> 5; a few layers only, each check is linear
        if len(s) < 2 or s[0] != "{" or s[-1] != "}" or not _balanced_inside(s[1:-1]):
            break
        s = s[1:-1].strip()
    if len(s) >= 2 and s[0] == "$" and s[-1] == "$":
        s = s.strip("$").strip()
    return s.rstrip(" .,;").rstrip() if not s.endswith("\\.") else s


def _balanced_inside(s: str) -> bool:
    depth = 0
    for m in _BRACE_TOKEN_RE.finditer(s):
        depth += {"{": 1, "}": -1}.get(m.group(), 0)
        if depth < 0:
            return False
    return depth == 0


# Separators between two boxes of one sentence.
_SENTENCE_END_RE = re.compile(r"。|(?<!\\)[.!?](?:\*\*|\$|\\\)|\\\])?(?:\s|$)|\n[ \t]*\n")
_CHAIN_SEP_RE = re.compile(
    r"^[\s$.,]*(?:\\\)|\\\])?[\s$]*(?:=|\\Rightarrow|\\implies|\\to|\\rightarrow|\\longrightarrow|"
    r"\\approx|\\equiv|\\iff|\\Longrightarrow)[\s$]*(?:\\\(|\\\[)?[\s$]*$")
_RESTATE_RE = re.compile(
    r"equivalent|simplif|i\.e\.|\bthat is\b|\bwhich is\b|in other words|\bwritten as\b|\bor just\b|"
    r"\bsimply\b|rationali[sz]|\bexact|\bapprox|\\approx|\bnamely\b|\bthus\b|\bso\b|\bhence\b|"
    r"\btherefore\b|\bactually\b|\bcorrect\w*|\bwait\b|\brather\b|\bfinal\b|\bbut\b|\binstead\b|"
    r"\bmistake|\berror\b|\bwrong\b|\brecheck|\bhowever\b", re.I)
_OR_RE = re.compile(r"\bor\b|\beither\b|\\text\{\s*or\s*\}|\\lor\b|\\vee\b|\bmaybe\b|\bperhaps\b", re.I)
_LIST_RE = re.compile(r"\band\b|\\text\{\s*and\s*\}|,|;|\n|\\\\|\bthen\b|\brespectively\b", re.I)
_GROUP_GAP = 160
_STEP_LINE_RE = re.compile(r"[ \t]*(?:[-*>][ \t]*)?(?:\*\*)?(?:step[ \t]*)?\(?\d+[.):]", re.I)


_PLAIN_NUMBER_RE = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)")


def _value_key(s: str) -> str:
    """A key under which restatements of one value coincide ('12', '12.0', '\\$12', '1{,}200')."""
    compact = "".join(s.split())
    bare = re.sub(r"\\\$|\$|\\!|\\,|\{,\}|(?<=\d),(?=\d{3}(?!\d))", "", compact).replace("\u2212", "-")
    if _PLAIN_NUMBER_RE.fullmatch(bare) and len(bare) <= 30:
        return repr(float(bare))
    return compact


_AND_RE = re.compile(r"\band\b|\brespectively\b|\bboth\b", re.I)
_SEP_WORD_RE = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")
_SEP_FILLER = frozenset({"and", "or", "respectively", "both", "text", "quad", "qquad"})


def _wordy(sep: str) -> bool:
    """The text between two boxes says something (a derivation step), not just 'and' / ','."""
    return any(w.lower() not in _SEP_FILLER for w in _SEP_WORD_RE.findall(sep))


def _same_sentence(sep: str) -> bool:
    return len(sep) <= _GROUP_GAP and not _SENTENCE_END_RE.search(sep)


def _final_group(text: str, boxes: list[_Box]) -> tuple[list[_Box], list[str]]:
    """The last box and the boxes of its sentence that it does not supersede."""
    group = [boxes[-1]]
    seps: list[str] = []
    for prev in reversed(boxes[:-1]):
        if prev.end > group[0].start:          # nested in / overlapping the next box
            break
        sep = text[prev.end:group[0].start]
        if not _same_sentence(sep) or _CHAIN_SEP_RE.match(sep) or _RESTATE_RE.search(sep):
            break
        if "\n" in sep and _STEP_LINE_RE.match(text, text.rfind("\n", 0, group[0].start) + 1):
            break
        if _wordy(sep) and not _AND_RE.search(sep) and not _OR_RE.search(sep):
            break
        group.insert(0, prev)
        seps.insert(0, sep)
    return group, seps


_PART_LABEL_RE = re.compile(
    r"[ \t]*(?:[-*>][ \t]*)?(?:\*\*)?(?:part[ \t]*)?\(?(?P<label>[a-h]|i{1,3}|iv|vi{0,3})\)(?:\*\*)?[ \t:.]",
    re.I)
_FIRST_LABELS = frozenset({"a", "i"})


def _labelled_parts(text: str, boxes: list[_Box]) -> list[str] | None:
    """Answers to sub-questions: the last box of each consecutive '(a) ... (b) ...' line."""
    parts: dict[str, str] = {}
    line_end = len(text)
    for box in reversed(boxes):
        if box.end > line_end:
            continue
        start = text.rfind("\n", 0, box.start) + 1
        m = _PART_LABEL_RE.match(text, start)
        if m is None or text[box.end:line_end].count("\n") > 2 + 2 * bool(parts):
            break
        parts.setdefault(m.group("label").lower(), _clean_box(box.content))
        line_end = start
    labels = list(parts)[::-1]
    if len(labels) < 2 or labels[0] not in _FIRST_LABELS:
        return None
    return [parts[k] for k in labels]


def _from_boxes(text: str, boxes: list[_Box]) -> Extraction:
    cands = tuple(c for c in (_clean_box(b.content) for b in boxes[-MAX_CANDIDATES:]
                              if len(b.content) <= MAX_ANSWER_CHARS) if c)
    parts = _labelled_parts(text, boxes[-MAX_CANDIDATES:])
    if parts:
        return Extraction(", ".join(parts), "boxed", ("multi_part",), cands)
    group, seps = _final_group(text, boxes)
    contents = [_clean_box(b.content) for b in group]
    unique = list({_value_key(c): c for c in contents if c}.values())
    if len(unique) <= 1:
        answer = unique[0] if unique else contents[-1]
        return Extraction(answer, "boxed", (), cands)
    if any(_OR_RE.search(s) for s in seps) and all(_RELATION_RE.search(c) for c in unique):
        return Extraction(" \\text{ or } ".join(unique), "boxed", ("multi_box",), cands)   # x = 1 or x = 4
    if any(_OR_RE.search(s) for s in seps) or not any(_LIST_RE.search(s) for s in seps):
        return Extraction(unique[-1], "boxed", ("hedge",), cands)
    return Extraction(", ".join(unique), "boxed", ("multi_box",), cands)


# --------------------------------------------------------------------------- prose spans

_CURRENCY_RE = re.compile(r"^\s*\d[\d,.]*\s+[A-Za-z]{2,}")
_NUMBER_RE = re.compile(
    r"(?<![\w.])[-\u2212]?(?:\\\$|\$)?\d{1,3}(?:(?:,|\{,\}|\\,|,\\!)\d{3})+(?:\.\d+)?"
    r"|(?<![\w.])[-\u2212]?(?:\\\$|\$)?\d+(?:\.\d+)?(?:\s*/\s*\d+(?:\.\d+)?)?"
    r"|(?<![\w.])[-\u2212]?\.\d+")
_MULTIPLIER_RE = re.compile(r"\s*(%|\\%|°|\^\\circ|\^\{\\circ\}|percent\b|hundred\b|thousand\b|million\b|billion\b|trillion\b|dozen\b)", re.I)
_HOPE_RE = re.compile(r"\s*I hope (?:it|this) is correct\.?\s*$", re.I)
_COPULA_RE = re.compile(
    r"(?:\b(?:is|are|was|were|be|equals|equal to|gives|yields|becomes|of)\b|=|:)"
    r"(?:\s+(?:approximately|about|exactly|roughly|around|equal to|given by|just|simply|then|therefore|thus|now|still))*\s*",
    re.I)
_HEDGE_PROSE_RE = re.compile(r"\beither\b|\bone of\b|\bcould be\b|\bmight be\b|\bpossibly\b|\bperhaps\b|\bmaybe\b", re.I)
_BOLD_RE = re.compile(r"\*\*([^*\n]{1,300}?)\*\*")


@dataclass(frozen=True)
class _Piece:
    start: int
    end: int
    value: str
    math: bool


_DELIM_RE = re.compile(r"\\\\|\\\$|\$\$|\$|\\\(|\\\)|\\\[|\\\]|\n")
_CLOSER = {"$$": "$$", "$": "$", "\\(": "\\)", "\\[": "\\]"}


@functools.lru_cache(maxsize=512)
def _math_pieces(s: str) -> tuple[_Piece, ...]:
    """Math segments ($..$, $$..$$, \\(..\\), \\[..\\]) in one linear pass over delimiters."""
    out: list[_Piece] = []
    opener, at = "", 0
    for m in _DELIM_RE.finditer(s):
        tok = m.group()
        if tok in ("\\\\", "\\$") or (tok == "\n" and opener != "$"):
            continue
        if opener and tok == _CLOSER[opener]:
            body = s[at:m.start()]
            if body.strip() and not (opener == "$" and _CURRENCY_RE.match(body)):
                out.append(_Piece(at - len(opener), m.end(), body.strip(), True))
            opener = ""
        elif tok in _CLOSER and (not opener or tok != "$"):
            opener, at = tok, m.end()
        elif tok == "\n":
            opener = ""
    return tuple(out)


def _first_sentence(s: str) -> str:
    """Cut ``s`` at the first sentence end that lies outside math (a display
    formula followed by a capitalised word also ends a sentence)."""
    s = s[:_SPAN_WINDOW]
    pieces = _math_pieces(s)
    ends = [p.end for p in pieces if _DISPLAY_THEN_CAPITAL_RE.match(s, p.end) and s[p.start] != "$"]
    for m in _SENTENCE_END_RE.finditer(s):
        if not _inside(pieces, m.start()) and not _decimal_point(s, m.start()):
            ends.append(m.start())
            break
    return s[:min(ends)] if ends else s


def _inside(pieces: tuple[_Piece, ...], i: int) -> bool:
    k = bisect.bisect_right([p.start for p in pieces], i) - 1
    return k >= 0 and pieces[k].start <= i < pieces[k].end


_DISPLAY_THEN_CAPITAL_RE = re.compile(r"\s*[.,]?\s+[A-Z][a-z]")


def _decimal_point(s: str, i: int) -> bool:
    return s[i] == "." and i > 0 and s[i - 1].isdigit() and i + 1 < len(s) and s[i + 1].isdigit()


def _mask_math(s: str, mark: str = "") -> str:
    """``s`` with math segments blanked (same length) or replaced by ``mark``."""
    out, last = [], 0
    for p in _math_pieces(s):
        out += [s[last:p.start], mark or " " * (p.end - p.start)]
        last = p.end
    return "".join(out) + s[last:]


def _values(s: str) -> list[_Piece]:
    """Math segments and bare numbers (outside math), in order."""
    pieces = list(_math_pieces(s))
    plain = _mask_math(s)
    for m in _NUMBER_RE.finditer(plain):
        mult = _MULTIPLIER_RE.match(plain, m.end())
        end = mult.end() if mult else m.end()
        number = re.sub(r"^([-\u2212]?)\\?\$", r"\1", s[m.start():end].strip())
        pieces.append(_Piece(m.start(), end, number, False))
    return sorted(pieces, key=lambda p: p.start)


def _tail_value(tail: str) -> str | None:
    """The value a phrase starts with: 'x = 5 and x = -2 units' -> 'x = 5, x = -2'."""
    stripped = tail.lstrip(" *")
    offset = len(tail) - len(stripped)
    if not _VALUE_START_RE.match(stripped):
        return None
    vals = _values(tail)
    if not vals or vals[0].start - offset > 0:
        return None
    picked = [vals[0]]
    for nxt in vals[1:]:
        gap = tail[picked[-1].end:nxt.start]
        if not (picked[-1].math or nxt.math) and _OPERATOR_GAP_RE.fullmatch(gap):
            prev = picked[-1]
            picked[-1] = _Piece(prev.start, nxt.end, f"{prev.value}{gap}{nxt.value}", False)
            continue
        if not _VALUE_JOINER_RE.fullmatch(gap):
            break
        picked.append(nxt)
    joiners = [tail[a.end:b.start] for a, b in zip(picked, picked[1:])]
    values = [p.value.rstrip(" ,;.") if not p.value.endswith("\\.") else p.value for p in picked]
    if not all(values):
        return None
    if len({_value_key(v) for v in values}) == 1:
        return values[-1]
    return _join_values(values, joiners)


_OPERATOR_GAP_RE = re.compile(r"[ \t]*[-+*/×÷^\u2212][ \t]*")
_VALUE_START_RE = re.compile(r"[-\u2212]?(?:\d|\.\d|\$|\\\$|\\\(|\\\[)")
_VALUE_JOINER_RE = re.compile(r"[\s*]*(?:,|and|or|,\s*and|,\s*or|\\text\{\s*(?:and|or)\s*\})[\s*]*", re.I)


def _join_values(values: list[str], joiners: list[str]) -> str:
    if not joiners:
        return values[0]
    out = values[0]
    for v, j in zip(values[1:], joiners):
        out += (" \\text{ or } " if re.search(r"\bor\b", j, re.I) else ", ") + v
    return out


def _strip_span(s: str) -> str:
    s = _HOPE_RE.sub("", s.strip())
    s = s.strip().strip("*").strip()
    while s[-1:] in {".", ",", ";", ":", "!", "。", "，"}:
        s = s[:-1].rstrip()
    return s.strip("*").strip()


def _reduce(span: str) -> tuple[str | None, tuple[str, ...]]:
    """Reduce an answer sentence to the value it states (None when it states none)."""
    listed = _bullet_values(span)
    if listed is not None:
        return listed, ()
    sent = _strip_span(_first_sentence(span.lstrip(" \t:*\n")))
    if not sent:
        return None, ()
    value = (_whole_value(sent) or _formula_list(sent) or _tail_value(sent) or _bold_value(sent)
             or _copula_value(sent))
    if value is None:
        value = _single_value(sent)
    if value is None and 0 < len(sent.split()) <= 4:
        value = sent
    return (value, _prose_hedge(sent, value)) if value else (None, ())


_BULLET_RE = re.compile(r"^[ \t]*(?:[-*\u2022]|\(?[a-h1-9]\)|[1-9]\.)[ \t]+(.+)$", re.M)


def _bullet_values(span: str) -> str | None:
    """A block of two or more bullet lines, each stating one value -> 'v1, v2, ...'."""
    lines = [ln for ln in span.strip().splitlines() if ln.strip()]
    items = [_BULLET_RE.match(ln) for ln in lines[:20]]
    if len(lines) < 2 or len(lines) > 20 or not all(items):
        return None
    values = [_reduce(m.group(1))[0] for m in items if m]
    return ", ".join(v for v in values if v) if all(values) else None


def _single_value(sent: str) -> str | None:
    vals = _values(sent)
    return vals[0].value if len(vals) == 1 else None


def _bold_value(sent: str) -> str | None:
    for m in reversed(list(_BOLD_RE.finditer(sent))):
        b = m.group(1)
        v = _whole_value(_strip_span(b)) or _tail_value(b)
        if v:
            return v
    return None


def _copula_value(sent: str, allow_text: bool = False) -> str | None:
    """The value after the last copula ('is', 'are', '=', ...) that is followed by one."""
    cops = [m for m in _COPULA_RE.finditer(sent) if not _inside_math(sent, m.start())]
    for m in reversed(cops[-24:]):
        v = _tail_value(sent[m.end():])
        if v:
            return v
    if allow_text and cops and _TEXT_COPULA_RE.fullmatch(cops[-1].group().split()[0]):
        tail = _strip_span(sent[cops[-1].end():])
        if 0 < len(tail.split()) <= 3 and not _values(tail):
            return tail
    return None


_TEXT_COPULA_RE = re.compile(r"is|are|was|were|be", re.I)


def _inside_math(s: str, i: int) -> bool:
    return _inside(_math_pieces(s), i)


def _whole_value(sent: str) -> str | None:
    """The sentence is one value (a formula, a number, 'x = 5')."""
    pieces = _math_pieces(sent)
    if len(pieces) == 1 and pieces[0].start == 0 and pieces[0].end == len(sent):
        return pieces[0].value
    if re.fullmatch(r"[-\u2212]?\$?\\?\$?\d[\d,.\s/]*%?", sent):
        return sent
    return sent if _is_formula(sent) else None


_FORMULA_CHARS_RE = re.compile(r"[\w\\{}()\[\]^_+\-*/=<>.,|!' \u2212°%&:;]{1,300}")
_WORD_RE = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")
_FUNCTION_WORDS = frozenset({"sin", "cos", "tan", "cot", "sec", "csc", "log", "ln", "exp", "sqrt", "pi",
                             "max", "min", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "gcd",
                             "lcm", "mod", "det", "lim", "inf", "sup"})


def _formula_list(s: str) -> str | None:
    """'x = 5 and y = 3' -> 'x = 5, y = 3' (every part a plain-text formula)."""
    parts = [p for p in _LIST_SPLIT_RE.split(s.strip()) if p]
    if len(parts) < 2 or not all(_is_formula(p) for p in parts):
        return None
    return ", ".join(parts)


_LIST_SPLIT_RE = re.compile(r"\s*(?:,\s*and\b|,|;|\band\b)\s*")


def _is_formula(s: str) -> bool:
    """Plain-text mathematics without prose words: '-12+15i', '7x(x-1)', 'f(x) = 2x+3'."""
    if not _FORMULA_CHARS_RE.fullmatch(s) or not re.search(r"\d|\\|[=^_+]", s):
        return False
    bare = _ENVIRONMENT_RE.sub(" ", s)
    return all(w.lower() in _FUNCTION_WORDS for w in _WORD_RE.findall(bare))


_ENVIRONMENT_RE = re.compile(r"\\(?:begin|end)\{[A-Za-z]+\*?\}")


def _prose_hedge(sent: str, value: str | None = None) -> tuple[str, ...]:
    """Several values offered as the answer ('4 or 5', 'either', 'one of'), judged on the
    sentence up to the end of the stated value."""
    last = value.split(", ")[-1].split(" \\text{ or } ")[-1] if value else ""
    cut = sent.rfind(last) if last else -1
    sent = sent[:cut + len(last) + 12] if cut >= 0 else sent
    if _HEDGE_PROSE_RE.search(sent):
        return ("hedge",)
    vals = _values(sent)
    for a, b in zip(vals, vals[1:]):
        if not _OR_GAP_RE.fullmatch(sent[a.end:b.start]) or _RELATION_RE.search(a.value + b.value):
            continue
        if _value_key(a.value) != _value_key(b.value):
            return ("hedge",)
    return ()


_RELATION_RE = re.compile(r"[=<>≤≥≠]|\\(?:le|ge|leq|geq|neq|ne|in|lt|gt)(?![A-Za-z])")
_OR_GAP_RE = re.compile(r"[\s*,]*(?:or|\\text\{\s*or\s*\})[\s*]*", re.I)


# --------------------------------------------------------------------------- markers

_MARKERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("final_answer", re.compile(
        r"\bfinal\s+answers?(?:\s*\*\*)?[ \t]*(?:(?:is|are|would\s+be|will\s+be)\b[ \t]*:?|[:=]|(?=\n)|\Z)(?:[ \t]*\*\*)?",
        re.I)),
    ("answer_is", re.compile(
        r"\b(?:the|my|our|so the|thus the)\s+(?:final\s+|correct\s+|required\s+|desired\s+|best\s+|right\s+)?"
        r"(?:answer|option|choice|answer\s+choice)\s+(?:is|would\s+be|will\s+be|should\s+be)\b(?:\s*:)?"
        r"|\b(?:the|our)\s+(?:final\s+)?answers\s+are\b(?:\s*:)?", re.I)),
    ("answer_is", re.compile(r"(?:最终)?答案\s*(?:是|为|應為|应为|[:：])")),
    ("heading", re.compile(r"^[ \t]*#{1,6}[ \t]*(?:final[ \t]+)?answers?[ \t]*:?[ \t]*$", re.I | re.M)),
    ("answer_line", re.compile(
        r"^[ \t>*-]*(?:\*\*)?(?:final[ \t]+)?(?:answers?|ans)(?:\*\*)?[ \t]*[:：](?:\*\*)?", re.I | re.M)),
    ("answer_line", re.compile(r"^[ \t]*A[ \t]*:(?=[^\n]*\s*\Z)", re.M)),
    ("answer_line", re.compile(r"^[ \t]*####[ \t]*(?=\S)", re.M)),
    ("answer_line", re.compile(
        r"\*\*(?:final[ \t]+)?answer[ \t]*(?:[:：][ \t]*(?:\*\*)?|\*\*[ \t]*[:：]?)", re.I)),
)


def _span_after(region: str, pos: int) -> str:
    """The answer text after a marker: the rest of the line, or the next block."""
    rest = region[pos:pos + _SPAN_WINDOW]
    line, _, after = rest.partition("\n")
    if line.strip(" \t*:$") and not re.fullmatch(r"\s*(?:\\\[|\$\$)\s*", line):
        if re.fullmatch(r"\s*(?:\\\[|\$\$).*", line) and not re.search(r"\\\]|\$\$.*\$\$", line):
            return rest
        return line
    block = rest.lstrip()
    end = re.search(r"\n[ \t]*\n", block)
    return block[:end.start()] if end else block


def _from_markers(region: str) -> tuple[Extraction, int] | None:
    """The span after the last answer marker, and where that marker starts."""
    best: tuple[int, str, int] | None = None
    for method, rx in _MARKERS:
        for m in rx.finditer(region):
            if best is None or m.end() > best[0] or (m.end() == best[0] and m.start() < best[2]):
                best = (m.end(), method, m.start())
    if best is None:
        return None
    span = _span_after(region, best[0])
    if span.rstrip().endswith("?"):
        return None
    value, flags = _reduce(span)
    return (Extraction(value, best[1], flags), best[2]) if value else None


# --------------------------------------------------------------------------- weak cues

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


def _closing_word(par: str, m: re.Match[str]) -> bool:
    """A short bold phrase that ends a sentence of running text ('... is facing **west**.')."""
    line_start = par.rfind("\n", 0, m.start()) + 1
    return (len(m.group(1).split()) <= 3 and bool(par[line_start:m.start()].strip())
            and bool(re.match(r"[ \t]*[.!]?[ \t]*(?:\n|$)", par[m.end():])))


def _from_bold(par: str) -> Extraction | None:
    for m in reversed(list(_BOLD_RE.finditer(par))):
        inner = _strip_span(m.group(1))
        if m.group(1).rstrip().endswith(":"):
            continue
        if not re.search(r"\d|\\|\$", inner):
            if _closing_word(par, m):
                return Extraction(inner, "bold")
            continue
        value, flags = _reduce(inner)
        if value:
            return Extraction(value, "bold", flags)
    return None


def _conclusion_value(body: str) -> str | None:
    m = _CONCLUSION_RE.match(body)
    if m is None:
        return None
    if m.group(1).lower() == "the":
        return _statement_value(body)
    rest = _strip_span(body[m.end():])
    value = _formula_list(rest) or _copula_value(body, allow_text=True) or _tail_value(rest)
    if value is None:
        pieces = _math_pieces(body)
        value = pieces[-1].value if pieces and "=" in pieces[-1].value else None
    return value


_WORD_COPULA_RE = re.compile(
    r"\b(?:is|are|was|were|equals)\b(?:\s+(?:approximately|about|exactly|roughly|around|just|simply|still|"
    r"therefore|thus|then|given by))*\s*:?\s*",
    re.I)


def _statement_value(sent: str) -> str | None:
    """'The area of the circle is \\(16\\pi\\) square units' -> '16\\pi' (word copulas only)."""
    for m in reversed(list(_WORD_COPULA_RE.finditer(sent))[-24:]):
        if not _inside_math(sent, m.start()):
            v = _tail_value(sent[m.end():])
            if v:
                return v
    return None


def _from_statement(par: str) -> Extraction | None:
    for sent in reversed(_sentences(par)):
        value = _statement_value(sent)
        if value:
            return Extraction(value, "conclusion", _prose_hedge(sent, value))
    return None


def _from_conclusion(par: str) -> Extraction | None:
    for sent in reversed(_sentences(par)):
        body = _strip_span(re.sub(r"^[^\w\\$]+", "", sent))
        value = _conclusion_value(body)
        if value:
            return Extraction(value, "conclusion", _prose_hedge(body, value))
    return None


def _from_whole(region: str) -> Extraction | None:
    s = region.strip()
    if not s or len(s) > 80 or "\n" in s or _BOX_RE.search(s) or re.match(r"#|A\s*:|answer", s, re.I):
        return None
    value = _whole_value(_strip_span(s))
    if value is None and len(s.split()) <= 3 and not s.endswith("?") and not re.search(r"\d", s):
        value = _strip_span(s)
    return Extraction(value, "whole") if value else None


def _from_last_number(par: str) -> Extraction | None:
    for text in (par[-_SPAN_WINDOW:], par):
        vals = [v for v in _values(text) if v.value]
        if vals:
            break
    else:
        return None
    last = vals[-1]
    before = text[max(0, last.start - 200):last.start]
    ends = list(_SENTENCE_END_RE.finditer(before))
    sentence = before[ends[-1].end():] if ends else before
    sentence += _first_sentence(text[last.start:last.start + 200])
    return Extraction(last.value, "last_number", ("fallback",) + _prose_hedge(sentence))


def _from_prose(region: str) -> Extraction | None:
    window = max(0, len(region) - 4 * _PROSE_WINDOW)
    marked = _from_markers(region[window:])
    paras, recent = _final_paragraphs(region)
    if marked is not None and (window + marked[1] >= recent or marked[0].method in _EXPLICIT_MARKERS):
        return marked[0]
    whole = _from_whole(region)
    if whole is not None:
        return whole
    if _TRUNCATED_RE.search(region[-200:]):
        return Extraction(None, "none", ("truncated",))
    for par in paras:
        for finder in (_from_bold, _from_conclusion):
            found = finder(par)
            if found is not None:
                return found
    if marked is not None:
        return marked[0]
    found = _from_statement(paras[0]) if paras else None
    if found is not None:
        return found
    for par in paras:
        found = _from_last_number(par)
        if found is not None:
            return found
    return None


# A response cut off mid-formula or degenerating into a digit loop states no answer.
_TRUNCATED_RE = re.compile(r"(?:[=+\-/(,\\^_{]|(?<!\*)\*|<<[^>\n]{0,40}|\d{40,})\s*\Z")


# --------------------------------------------------------------------------- entry point

def _boxed_or_later_marker(region: str, boxes: list[_Box]) -> Extraction:
    """Boxes decide, unless an explicit answer marker ('Final answer: ...') follows the
    last box: then the boxes were steps and the marker states the answer."""
    boxed = _from_boxes(region, boxes)
    after = region[boxes[-1].end:]
    marked = _from_markers(after[-4 * _PROSE_WINDOW:]) if after.strip() else None
    if marked is None or marked[0].method not in _EXPLICIT_MARKERS:
        return boxed
    return Extraction(marked[0].answer, marked[0].method, marked[0].flags, boxed.candidates)


_EXPLICIT_MARKERS = frozenset({"final_answer", "heading", "answer_line"})


def _with_flags(ex: Extraction, flags: tuple[str, ...]) -> Extraction:
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
    if boxes:
        return _with_flags(_boxed_or_later_marker(region, boxes), flags)
    if boxes_only:
        return Extraction(None, "none", flags)
    found = _from_prose(region)
    if found is None:
        return Extraction(None, "none", flags)
    if found.method == "whole" and after_think:
        found = Extraction(found.answer, "think", found.flags, found.candidates)
    return _with_flags(found, flags)
