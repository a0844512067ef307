"""Boxes: every balanced ``\\boxed``/``\\fbox``, and the reading of the last sentence's
boxes (steps, lists, hedges, sub-questions)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...runtime.caches import memo_text
from ...runtime.limits import MAX_ANSWER_CHARS
from ._types import Extraction, MAX_CANDIDATES, _MAX_BOX_SCAN
from ._spans import (_RELATION_RE, _RESTATED_VALUE_RE, _SENTENCE_END_RE, _number_of, _other_restatement, _value_key,
                     _words_alternative)
from ._notes import offered_alternative

__all__ = ["_BOX_RE", "_Box", "_clean_box", "_find_boxes", "_from_boxes"]


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
    if "box" not in text:   # C-speed gate: every box command holds it
        return []
    window = 32_768
    while True:
        base = max(0, len(text) - window)
        found = _box_tokens_from(text, base)
        if len(found) >= _MAX_BOX_SCAN or base == 0:
            return found[-_MAX_BOX_SCAN:]
        window *= 4


def _box_tokens_from(text: str, base: int) -> list[tuple[int, int]]:
    """``[(m.start(), m.end()) for m in _BOX_RE.finditer(text, base)]``, found from the one 'box' each command
    holds (C-speed find; its backslash is 1, 2 or 6 characters before: boxed, fbox, framebox; the command matched
    there must reach past that 'box', else it is an earlier one). Commands cannot overlap: these are the finditer
    matches, in order."""
    out = []
    q = text.find("box", base)
    while q >= 0:
        for p in (q - 1, q - 2, q - 6):
            if p >= base and text[p] == "\\":
                m = _BOX_RE.match(text, p)
                if m is not None and m.end() > q:
                    out.append((p, m.end()))
                    break
        q = text.find("box", q + 3)
    return out


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


@memo_text("rule.extract_clean_box")
def _clean_box(content: str) -> str:
    """The box's value: outer braces, '$' and trailing layout dropped (memoized: each box is cleaned by the box
    filter, the candidates and the final group)."""
    s = content.strip()
    # {{5}} -> 5: a few layers only, each check is linear
    for _ in range(3 if len(s) <= MAX_ANSWER_CHARS else 0):
        if len(s) < 2 or s[0] != "{" or s[-1] != "}" or not _balanced_inside(s[1:-1]):
            break
        s = s[1:-1].strip()
    if len(s) >= 2 and s[0] == "$" and s[-1] == "$":
        s = s.strip("$").strip()
    if s.endswith("\\."):
        return s
    tail = s[-_TRAILING_WINDOW:]   # bounded window: the search below stays linear
    end = tail[-1:]   # C-speed gate: a match ends the window with one of these (or before a final newline, a space)
    trailing = end.isspace() or end in ",;:! ." or end == "d" and "quad" in tail or end == "}" and "\\hspace" in tail
    m = _TRAILING_SPACE_CMD_RE.search(tail) if trailing else None
    if m is not None:
        s = s[:len(s) - len(tail) + m.start()]
    return s.rstrip(" .,;").rstrip()


_TRAILING_WINDOW = 48

# trailing LaTeX spacing ("-2\;", "5\quad", "7\,.") is layout, not part of the value
_TRAILING_SPACE_CMD_RE = re.compile(r"(?:\\[,;:! ]|\\q?quad\b|\\hspace\{[^{}]{0,20}\}|\s|(?<!\\)[.,;])+$")


def _balanced_inside(s: str) -> bool:
    depth = 0
    for m in _BRACE_TOKEN_RE.finditer(s):
        depth += {"{": 1, "}": -1}.get(m.group(), 0)
        if depth < 0:
            return False
    return depth == 0


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

_AND_RE = re.compile(r"\band\b|\brespectively\b|\bboth\b", re.I)

_SEP_WORD_RE = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")

_SEP_FILLER = frozenset({"and", "or", "respectively", "both", "text", "quad", "qquad"})


def _wordy(sep: str) -> bool:
    """The text between two boxes says something (a derivation step), not just 'and' / ','."""
    return any(w.lower() not in _SEP_FILLER for w in _SEP_WORD_RE.findall(sep))


def _same_sentence(sep: str) -> bool:
    return len(sep) <= _GROUP_GAP and not _SENTENCE_END_RE.search(sep)


# between two boxes that each stand alone in consecutive paragraphs: math delimiters, a blank line, a bullet
# ('$$\n\n$$', '\\]\n\n\\[', '$\n\n- $')
_PARAGRAPH_SEP_RE = re.compile(r"[ \t]*(?:\$\$?|\\\]|\\\))?[ \t]*\n(?:[ \t]*(?:\$\$)?[ \t]*\n)?[ \t]*\n"
                               r"[ \t]*(?:[-*][ \t]+)?(?:\$\$?|\\\[|\\\()?[ \t]*(?:\n[ \t]*)?")
# what may stand before a box on its line for it to open its paragraph alone: a bullet, a math delimiter (perhaps
# on the line above)
_ALONE_BEFORE_RE = re.compile(r"(?:\A|\n)[ \t]*(?:[-*][ \t]+)?(?:(?:\$\$?|\\\[|\\\()[ \t]*(?:\n[ \t]*)?)?\Z")


def _paragraph_boxes(text: str, prev: _Box, sep: str) -> bool:
    """``prev`` and the box after it each stand alone in consecutive paragraphs (a list set out one value a
    paragraph, as a single line break between them is): nothing but a blank line and delimiters between them,
    nothing but a bullet or a delimiter before ``prev`` on its line."""
    return "\n" in sep and _PARAGRAPH_SEP_RE.fullmatch(sep) is not None \
        and _ALONE_BEFORE_RE.search(text, max(0, prev.start - 40), prev.start) is not None


def _final_group(text: str, boxes: list[_Box]) -> tuple[list[_Box], list[str]]:
    """The last box and the boxes of its sentence that it does not supersede, or of the paragraphs before it
    when each box stands alone in its paragraph."""
    group = [boxes[-1]]
    seps: list[str] = []
    for prev in reversed(boxes[:-1]):
        if prev.end > group[0].start:          # nested in / overlapping the next box
            break
        sep = text[prev.end:group[0].start]
        if _paragraph_boxes(text, prev, sep):
            group.insert(0, prev)
            seps.insert(0, "\n")
            continue
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


# One box per line, each line labelled (a word label, a number, a sentence naming the value), the lines closing the
# response: answers to several asked values ('- Minimum: $\\boxed{2}$', '**(1)** $\\boxed{2}$', 'The maximum is
# $\\boxed{9}$.'). A line of a derivation (step, case, check, total) or a repeated answer line ends the block.
_LINE_LABEL_RE = re.compile(
    r"[ \t]*(?:[-*\u2022>][ \t]*)?(?:\*\*|__)?[ \t]*(?:"
    r"(?P<num>\(?(?P<n>\d{1,2})[.)]|part[ \t]*(?P<pn>\d{1,2})[ \t]*[:.]?)"
    r"|(?P<words>(?:the[ \t]+)?[A-Za-z][A-Za-z'\-]*(?:[ \t]+[A-Za-z][A-Za-z'\-]*){0,3})[ \t]*"
    r"(?::(?:[ \t]*(?:\*\*|__))?|(?:\*\*|__)[ \t]*:|[ \t]+(?:is|=|equals)\b))"
    r"[ \t]*(?:\*\*|__)?[ \t]*(?:\$\$?|\\\(|\\\[)?[ \t]*\Z", re.I)
_LINE_TAIL_RE = re.compile(r"[ \t]*(?:\$\$?|\\\)|\\\])?[ \t]*[.,;]?[ \t]*(?:\*\*|__)?[ \t]*\Z")
_NOT_PART_WORDS = frozenset({"step", "case", "stage", "phase", "check", "checking", "verification", "verify", "total",
                             "answer", "final", "result", "so", "thus", "hence", "therefore", "then", "next", "finally",
                             "subcase", "sub-case", "attempt", "try", "guess", "note", "wait"})


_RX_LABELLED_LINES_1 = re.compile(r"[a-z'\-]+")


def _labelled_lines(text: str, boxes: list[_Box]) -> list[str] | None:
    """The boxes of the labelled lines that close ``text`` (above), in order; None for fewer than two."""
    found: list[tuple[str, str]] = []
    end = len(text.rstrip())
    for box in reversed(boxes):
        line_start = text.rfind("\n", 0, box.start) + 1
        line_end = text.find("\n", box.end)
        line_end = len(text) if line_end < 0 else line_end
        if line_end < end and text[line_end:end].strip() or text[line_end:end].count("\n") > 2:
            break                          # not the last line, or not next to the line below it
        m = _LINE_LABEL_RE.match(text, line_start, box.start)
        if m is None or not _LINE_TAIL_RE.match(text, box.end, line_end):
            break
        label = (m.group("n") or m.group("pn") or m.group("words") or "").lower()
        if set(_RX_LABELLED_LINES_1.findall(label)) & _NOT_PART_WORDS or label in (k for k, _ in found):
            break
        found.append((label, _clean_box(box.content)))
        end = line_start
    if len(found) < 2:
        return None
    found.reverse()
    numbers = [k for k, _ in found if k.isdigit()]
    if numbers and numbers != [str(i + 1) for i in range(len(found))]:
        return None                        # numbered lines count from 1, every line numbered
    return [v for _, v in found]


# '$\\boxed{4.5}$ (or $4.3$)', '\\boxed{6}, or 7': another number offered after the box, not under a condition
_OR_AFTER_BOX_RE = re.compile(
    r"[ \t]*(?:\$|\\\)|\\\])?[ \t]*[,;]?[ \t]*\(?[ \t]*or[ \t]+(?:equivalently[ \t]+|just[ \t]+|simply[ \t]+|perhaps[ \t]+|"
    r"maybe[ \t]+|possibly[ \t]+)?(?:\$([^$\n]{1,60})\$|\\\((.{1,60}?)\\\)|(-?\d[\d,]*(?:\.\d+)?(?:/\d+)?))"
    r"(?P<rest>[^\n]{0,40})", re.I)
_GROUP_SPACE_RE = re.compile(r"(?<=\d)(?:,?\\[ ,;:!]|\{,\}|~|,(?=\d{3}(?!\d)))(?=\d)")   # '6\\ 480', '6,\\!480': one number
_CONDITION_RE = re.compile(r"^\s*\)?\s*(?:if|when|whenever|depending|in case|assuming|provided|for)\b", re.I)


def _or_after_box(text: str, box: _Box, answer: str) -> tuple[str, ...]:
    """``("hedge",)`` when the box is followed by "or" and another number (``$\\boxed{4.5}$ (or $4.3$)``); a
    restatement of the same value (``(or $0.5$)`` for ``\\frac12``), a value the reader cannot evaluate, or an
    alternative under a condition (``(or $14$ if order matters)``) is not one."""
    m = _OR_AFTER_BOX_RE.match(text, box.end, min(len(text), box.end + 140))
    if m is None or _CONDITION_RE.match(m.group("rest")):
        return ()
    a, b = (_number_of(_GROUP_SPACE_RE.sub("", t)) for t in (answer, m.group(1) or m.group(2) or m.group(3) or ""))
    return ("hedge",) if a is not None and b is not None and a != b else ()


# '$\\boxed{5762}$ (i.e. 5766)', '\\boxed{12}, that is 13': a restatement right after the box
_RESTATE_AFTER_BOX_RE = re.compile(r"[ \t]*(?:\$|\\\)|\\\])?[ \t]*[,;]?[ \t]*\(?[ \t]*(?:i\.[ \t]?e\.|that[ \t]+is|namely|equivalently)"
                                   r"[,:\s]*", re.I)


def _remark_after_box(text: str, box: _Box, answer: str) -> tuple[str, ...]:
    """``("hedge",)`` when a remark right after the box names another number, in words (``$\\boxed{5762}$ (five
    thousand seven hundred sixty-six)``) or restated (``(i.e. 5766)``); the same number again, or its rounding
    (``\\boxed{\\frac23} (i.e. 0.67)``), is no other answer."""
    after = text[box.end:box.end + 120]
    if "(" not in after and "," not in after:
        return ()
    if _words_alternative(after, answer):
        return ("hedge",)
    m = _RESTATE_AFTER_BOX_RE.match(after)
    v = _RESTATED_VALUE_RE.match(after, m.end()) if m is not None else None
    return _other_restatement(answer, v.group(1)) if v is not None else ()


_NEGATED_RE = re.compile(r"(?:\bnot|\brather\s+than|\binstead\s+of|\\neq?)[\s$]*(?:\\\(|\\\[)?[\s$]*$", re.I)


def _negated(text: str, box: _Box) -> bool:
    before = text[max(0, box.start - 40):box.start]
    low = before.lower()   # C-speed gate: every match holds one of these (their letters fold to no other one)
    if "not" not in low and "than" not in low and "of" not in low and "\\ne" not in low:
        return False
    return bool(_NEGATED_RE.search(before))


def _drop_negated(text: str, boxes: list[_Box]) -> list[_Box]:
    """'\\boxed{10} is the answer, not \\boxed{12}': a last box introduced by a negation is a
    rejected alternative when an earlier box of the same sentence states the answer."""
    if len(boxes) < 2 or not _negated(text, boxes[-1]):
        return boxes
    sep = text[boxes[-2].end:boxes[-1].start]
    return boxes[:-1] if boxes[-2].end <= boxes[-1].start and _same_sentence(sep) else boxes


_INNER_BOX_RE = re.compile(r"\\(?:boxed|fbox|framebox)\s*\{")


def _outermost(text: str, boxes: list[_Box]) -> list[_Box]:
    """A last box nested in an earlier one with more after it (``\\boxed{\\boxed{5}, 6}``) is read as
    the outermost box with the inner box commands unwrapped ("5, 6"), not as the inner "5"; a box
    closing its container (``\\boxed{a = \\boxed{5}}``) stays the answer."""
    last, outer = boxes[-1], None
    for b in reversed(boxes[:-1]):
        if b.start < last.start and b.end >= last.end:
            outer = b
    if outer is None or len(outer.content) > MAX_ANSWER_CHARS or not text[last.end:outer.end - 1].strip(" \t.$"):
        return boxes
    inner = [b for b in boxes if outer.start < b.start and b.end <= outer.end]
    content = outer.content
    content = _unwrap_inner(content)
    rest = [b for b in boxes if b is not outer and b not in inner]
    return rest + [_Box(outer.start, outer.end, content)]


def _unwrap_inner(content: str) -> str:
    """Drop the ``\\boxed{`` command and its matching brace of every box inside ``content``."""
    for _ in range(8):
        m = _INNER_BOX_RE.search(content)
        if m is None:
            return content
        depth = 0
        for k in range(m.end() - 1, len(content)):
            depth += {"{": 1, "}": -1}.get(content[k], 0) if content[k - 1:k] != "\\" else 0
            if depth == 0:
                content = content[:m.start()] + content[m.end():k] + content[k + 1:]
                break
        else:
            return content
    return content


def _from_boxes(text: str, boxes: list[_Box]) -> Extraction:
    boxes = _outermost(text, _drop_negated(text, boxes))
    if _negated(text, boxes[-1]):   # "the answer is not \boxed{12}" asserts no answer
        return Extraction(_clean_box(boxes[-1].content), "boxed", ("hedge",), ())
    cands = tuple(c for c in (_clean_box(b.content) for b in boxes[-MAX_CANDIDATES:]
                              if len(b.content) <= MAX_ANSWER_CHARS) if c)
    # (sub-question answers need two boxes at least)
    parts = (_labelled_parts(text, boxes[-MAX_CANDIDATES:]) or _labelled_lines(text, boxes[-MAX_CANDIDATES:])) \
        if len(boxes) > 1 else None
    if parts:
        return Extraction(", ".join(parts), "boxed", ("multi_part",), cands)
    group, seps = _final_group(text, boxes)
    contents = [_clean_box(b.content) for b in group]
    if len(contents) == 1:       # one box: nothing to tell apart
        unique = [contents[0]] if contents[0] else []
    else:
        unique = list({_value_key(c): c for c in contents if c}.values())
    if len(unique) <= 1:
        answer = unique[0] if unique else contents[-1]
        flags = _or_after_box(text, group[-1], answer) or _remark_after_box(text, group[-1], answer) or \
            (("hedge",) if offered_alternative(text[group[-1].end:], answer) else ())   # '(Or possibly $14$.)'
        operated = _operated_on(text, group[-1], answer)
        if operated is not None:
            return Extraction(operated, "boxed", flags, cands)
        return Extraction(answer + _unit_after_box(text, group[-1], answer), "boxed", flags, cands)
    if any(_OR_RE.search(s) for s in seps) and all(_RELATION_RE.search(c) for c in unique):
        return Extraction(" \\text{ or } ".join(unique), "boxed", ("multi_box",), cands)   # x = 1 or x = 4
    if any(_OR_RE.search(s) for s in seps) or not any(_LIST_RE.search(s) for s in seps):
        return Extraction(unique[-1], "boxed", ("hedge",), cands)
    return Extraction(", ".join(unique), "boxed", ("multi_box",), cands)


# ------------------------------------------------------------------ a box that is an operand

# a power written right after the box: '\boxed{11}^2', '\boxed{5}^{3}' (a '!' after a box is an exclamation mark far more
# often than a factorial: 'The answer is \boxed{7}!')
_OPERATED_RE = re.compile(r"[ \t]*\^[ \t]*(?:\{[^{}]{1,40}\}|[0-9A-Za-z])")


def _operated_on(text: str, box: _Box, answer: str) -> str | None:
    """The box with the power written right after it (``\\boxed{11}^2`` reads as ``(11)^2``): rendered,
    the boxed value is raised, so the box alone is not what the response states. None when nothing follows."""
    m = _OPERATED_RE.match(text, box.end)
    if m is None or not answer:
        return None
    return f"({answer}){m.group().strip()}"


# ------------------------------------------------------------------ a unit written after the box

_AFTER_BOX_WINDOW = 160
_LAST_MEMBER_RE = re.compile(r"=|\\approx|\\simeq|≈")
_MATH_CLOSE_RE = re.compile(r"\$|\\\)|\\\]|\n")
_LAYOUT_SPACE_RE = re.compile(r"(?:\\[,;:! ]|\\q?quad(?![A-Za-z])|~|[ \t])+")
_SENTENCE_STOP_RE = re.compile(r"[ \t]*[.,;!]?[ \t]*(?:\n|$)")
_POWER_OF_TEN_RE = re.compile(r"1\s*(?:\\times|\\cdot)\s*10\s*\^\s*\{?\s*[+-]?\d{1,3}\s*\}?")


def _unit_after_box(text: str, box: _Box, answer: str) -> str:
    """The unit of a boxed number written after the box: ``\\boxed{12}\\ \\text{m/s}`` (same math),
    ``$\\boxed{3.2}$ kg`` (after the math closes), ``\\boxed{12} m/s`` (no math at all). It is part of the
    answer: without it ``\\boxed{12}\\,\\mathrm{km/s}`` read as 12 matched 12 m/s. '' when the box holds more
    than a number, or what follows is no physical unit (read by the whitelisted readers, never evaluated)."""
    rest = text[box.end:box.end + _AFTER_BOX_WINDOW]
    if not rest.strip(" \t$.") or len(answer) > 40:
        return ""
    from ..answers.quantity import parse_quantity   # noqa: PLC0415 - lazy, like the unit reader of _spans

    if _TWO_LETTERS_RE.search(rest) is None:
        # no direction can follow: the box's own reading only decides whether the unit read after it counts, so
        # the box is read only when there is one (most boxes are followed by no unit)
        unit = _unit_in_rest(rest)
        if not unit:
            return ""
        own = parse_quantity(_LAST_MEMBER_RE.split(answer)[-1].strip())
        return unit if own is not None and own.unit is None else ""
    own = parse_quantity(_LAST_MEMBER_RE.split(answer)[-1].strip())     # '\\boxed{v_f = 12}$ km/s': its value
    if own is not None and own.unit is not None and own.unit.kind in ("angle", "physical"):
        return _direction_after_box(rest)           # '$\\boxed{30^\\circ}$ below the horizontal', '\\boxed{5 N} to the left'
    if own is None or own.unit is not None:
        return ""                                   # no bare number in the box, or it states its own unit
    return _unit_in_rest(rest)


_TWO_LETTERS_RE = re.compile(r"[a-z]{2}")


def _unit_in_rest(rest: str) -> str:
    """The unit written in ``rest`` (the text after a box holding a bare number), else ''."""
    from ..answers.quantity import parse_quantity   # noqa: PLC0415

    close = _MATH_CLOSE_RE.search(rest)
    seg = rest[:close.start()] if close else rest
    inner = _LAYOUT_SPACE_RE.sub(" ", seg).strip().rstrip(".,;").rstrip()
    if inner:
        q = parse_quantity("1 " + inner)
        if q is not None and q.unit is not None and q.unit.kind in ("physical", "angle_rate") \
                and (q.magnitude == "1" or _POWER_OF_TEN_RE.fullmatch(q.magnitude)) and (q.wrapped or not q.unit.short):
            return " " + inner if q.magnitude == "1" else inner[inner.find("\\"):]
        if close is not None and close.group() != "\n" or "\\" in inner:
            return ""                               # math that goes on with something else
        after = seg
    elif close is not None and close.group() != "\n":
        after = rest[close.end():]                  # prose after the math: '$\\boxed{3.2}$ kg.'
        if after[:1] == "$":
            return ""                               # '$$' closing a display: the next line is no unit
    else:
        return ""
    return _prose_unit(after)


_CLOSE_MATH_RE = re.compile(r"[ \t]*(?:\$\$|\$|\\\)|\\\])?")


def _direction_after_box(rest: str) -> str:
    """The direction a boxed quantity is given with after the box (and its math), else ''."""
    from ._spans import _direction_after   # noqa: PLC0415

    after = rest[_CLOSE_MATH_RE.match(rest).end():]     # type: ignore[union-attr]
    direction = _direction_after(after, 0).strip().lstrip(",(").strip().rstrip(")").strip()
    return " " + direction if direction else ""


_SIGN_UNIT_RE = re.compile(r"[ \t]*((?:1[ \t]*/[ \t]*[A-Za-zµμΩÅ]+|[°º][ \t]?[CF]|℃|℉)(?:\^-?\d|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?)"
                           r"(?=[.,;:!?)]*(?:\s|$))")


_UNIT_FIRST = frozenset("µμΩÅ1°º℃℉")


class _NoUnit:
    kind = ""


_NO_UNIT = _NoUnit()


def _prose_unit(after: str) -> str:
    """A unit in prose right after a boxed number ('m/s.', 'meters per second', 'kg'): the prose reader's, a
    one-letter or ambiguous symbol ('m', 'in') only where it ends the sentence."""
    first = after.lstrip(" \t")[:1]
    if first not in _UNIT_FIRST and not (first.isascii() and first.isalpha()):
        return ""       # C-speed gate: both unit patterns open (after blanks) with a letter, '1/', a degree sign
    from ._spans import _unit_after   # noqa: PLC0415
    from ..answers.units import parse_unit   # noqa: PLC0415

    unit = _unit_after(after)
    if not unit:
        m = _SIGN_UNIT_RE.match(after)         # what the word reader leaves: '1/s', '°C', '℃', '°F'
        unit = " " + m.group(1) if m else ""
        if not unit or (parse_unit(unit.strip()) or _NO_UNIT).kind != "physical":
            return ""
    spec = parse_unit(unit.strip())
    if spec is None or spec.short and not _SENTENCE_STOP_RE.match(after, after.find(unit.strip()) + len(unit.strip())):
        return ""
    return unit
