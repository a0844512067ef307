"""A closing sentence that names several values as all working (issue 14, round 5): "Both $1$ and $-3$ work.",
"Either $x = 2$ or $x = 5$ works; both are solutions.", "The values $5$ and $15$ both check out, so these are the
solutions.", "All three $0$, $-2$, and $2$ satisfy the equation." It states the list of values (a last-number guess
read one of them: a false accept against a reference naming one value, a miss against the list).

Interface::

    values_all_working(sentence) -> str | None     the values joined with ", " ("x = 2" -> "2" when every value
                                                   names one unknown), None when the sentence is not such a closing
    values_none_working(sentence) -> bool          the sentence names several values as all failing ("Neither $1$
                                                   nor $-3$ works.", "Both ... are extraneous."): no answer among them

Only a collective affirmation counts ("both", "all", "each" with a verb of working, satisfying or being a solution);
a negation, an exception or a condition anywhere ("only $1$ works", "but $-3$ fails", "neither ... nor", "if") leaves
the sentence to the other readers; a modal ("might", "could") makes it an offer (the caller's hedge). "Either 1 or
-3" without "both" is a hedge, as before.
"""

from __future__ import annotations

import re

from ._spans import _math_pieces

__all__ = ["values_all_working", "values_none_working", "MODAL_RE"]

_GATE_QUANTIFIERS = ("both", "all", "each")
_GATE_VERBS = ("work", "satisf", "solution", "valid", "check", "root", "correct", "hold")
_PLAIN_NUMBER_RE = re.compile(r"(?<![\w.$\\])[-\u2212]?\d+(?:\.\d+)?(?:/\d+)?(?![\w.]*\d)(?!\w)")
_SLOT = "\x00"
_LIST = rf"{_SLOT}(?:[ \t]*,[ \t]*{_SLOT}){{0,6}}[ \t]*,?[ \t]*(?:and|or)[ \t]+{_SLOT}"
_VERB = (r"(?:works?|satisf(?:y|ies)|checks?[ \t]+out|are[ \t]+(?:both[ \t]+|all[ \t]+)?(?:valid|correct|admissible"
         r"|(?:valid[ \t]+)?(?:solutions|roots))|holds?)")
_SHAPE_RE = re.compile(
    r"^[ \t*_]*(?:(?!(?:both|all|each|the)\b)(?:[A-Za-z]+[ \t]+){0,5}[A-Za-z]+[ \t]*[,:][ \t*_]*|(?:so|hence|thus|therefore"
    r"|indeed|then|finally|clearly|and|now)\b[ \t,:]*)?"
    r"(?P<lead>(?:both|all(?:[ \t]+(?:two|three|four|five|six|\d))?|each[ \t]+of|the|either)"
    r"(?:[ \t]+(?:values|solutions|roots|numbers|candidates))?"
    rf"(?P<affirm>[ \t]+(?:(?:both|all)[ \t]+)?{_VERB}[ \t]*[:\u2014\u2013-])?)?[ \t,:]*"
    rf"(?P<list>{_LIST})(?P<rest>[^.!?]{{0,120}})[.!]?[ \t*_]*$", re.I)
_MODAL_VERB = r"(?:(?:might|could|may|should|would|will|do|does)[ \t]+(?:also[ \t]+|both[ \t]+|all[ \t]+)?(?:be[ \t]+)?)?"
_VERB_FIRST_RE = re.compile(rf"^[ \t,]*{_MODAL_VERB}{_VERB}\b", re.I)
_AFFIRM_RE = re.compile(r"\b(?:both|all(?:[ \t]+of[ \t]+them)?|each)\b(?:[ \t]+(?:values?|solutions?|roots?|numbers?))?"
                        rf"[ \t]+{_MODAL_VERB}(?:(?:are|is)[ \t]+)?(?:(?:valid|correct)[ \t]+)?(?:{_VERB}|solutions|roots|valid|correct)\b",
                        re.I)
_BLOCK_RE = re.compile(r"\b(?:not|no|neither|nor|none|but|except|fails?|if|unless|however|although|extraneous|reject\w*"
                       r"|discard\w*|exclude\w*|invalid|approximately|about)\b|n't\b|"
                       r"\bonly[ \t]+(?!solutions|roots|values)", re.I)
# a modal that offers the values instead of affirming them ('Both $1$ and $2$ might work.'): the list, as a hedge
MODAL_RE = re.compile(r"\b(?:maybe|perhaps|possibly|probably|might|could|may)\b", re.I)
_NAMED_RE = re.compile(r"^([A-Za-z](?:_\{?[A-Za-z0-9]{1,3}\}?)?)[ \t]*=[ \t]*([^=<>]+)$")


_RX_VALUES_ALL_WORKING_1 = re.compile(r"\bboth\b|\ball\b", re.I)


def values_all_working(sentence: str) -> str | None:
    """See the module docstring."""
    if len(sentence) > 400:
        return None
    low = sentence.lower()
    if not any(q in low for q in _GATE_QUANTIFIERS) or not any(v in low for v in _GATE_VERBS):   # C-speed gate
        return None
    skeleton, values = _skeleton(sentence)
    if skeleton.count(_SLOT) != len(values) or len(values) < 2 or _BLOCK_RE.search(skeleton):
        return None
    m = _SHAPE_RE.match(skeleton)
    if m is None:
        return None
    lead = (m.group("lead") or "").lower()
    rest = m.group("rest")
    if m.group("affirm"):                  # 'Both values check out: $1$ and $-3$.': affirmed before the list
        return _joined(values) if lead.startswith(("both", "all", "each")) and not rest.strip(" \t,;") else None
    if _SLOT in rest or skeleton[:m.start("list")].count(_SLOT):
        return None                        # another value outside the list
    collective = lead.startswith(("both", "all", "each"))
    if not (_AFFIRM_RE.search(rest) or collective and _VERB_FIRST_RE.match(rest)):
        return None
    if lead == "either" and not _RX_VALUES_ALL_WORKING_1.search(rest):
        return None
    return _joined(values)


_NEITHER_RE = re.compile(
    r"^[ \t*_]*(?:(?:[A-Za-z]+[ \t]+){0,3}[A-Za-z]+[ \t]*,[ \t]*|(?:so|hence|thus|therefore|but|and|however)\b[ \t,]*)?"
    rf"(?:neither[ \t]+{_SLOT}(?:[ \t]*,[ \t]*{_SLOT}){{0,6}}[ \t]*,?[ \t]*nor[ \t]+{_SLOT}[ \t]+(?:works?|satisf\w+|is[ \t]+(?:a[ \t]+)?"
    r"(?:valid|solution|root|correct))"
    rf"|(?:(?:both|all(?:[ \t]+(?:three|four|\d))?|the[ \t]+values)[ \t]+)?{_LIST}[ \t]*,?[ \t]*(?:both[ \t]+|all[ \t]+)?(?:fail|do[ \t]+not[ \t]+work|don't[ \t]+work|are[ \t]+(?:both[ \t]+|all[ \t]+)?"
    r"(?:not[ \t]+(?:valid|solutions|roots)|extraneous|invalid)))\b[^.!?\x00]{0,80}[.!]?[ \t*_]*$", re.I)


def values_none_working(sentence: str) -> bool:
    """The sentence names several values as all failing ("Neither $-12$ nor $9$ works.", "Both $1$ and $-3$ are
    extraneous."): it states none of them as the answer (a last-number guess read the last)."""
    if len(sentence) > 400:
        return False
    low = sentence.lower()
    if "neither" not in low and "fail" not in low and "not" not in low and "n't" not in low and "extraneous" not in low \
            and "invalid" not in low:      # C-speed gate
        return False
    skeleton, values = _skeleton(sentence)
    return len(values) >= 2 and skeleton.count(_SLOT) == len(values) and _NEITHER_RE.match(skeleton) is not None


_TEXT_JOIN_RE = re.compile(r"\s*\\text\s*\{\s*(?:or|and)\s*\}\s*")


def _skeleton(sentence: str) -> tuple[str, list[str]]:
    """The sentence with every value (a math segment or a plain number) as a slot, and the values in order."""
    values: list[str] = []
    parts: list[str] = []
    at = 0
    for piece in _math_pieces(sentence):
        parts.append(_plain_slots(sentence[at:piece.start], values))
        joined = _TEXT_JOIN_RE.split(piece.value) if "\\text" in piece.value else [piece.value]
        if len(joined) > 1 and all(j.strip() for j in joined) and "\\text" not in "".join(joined):
            parts.append(" or ".join(_SLOT for _ in joined))   # '$11 \\text{ or } 13$': two values in one segment
            values.extend(j.strip() for j in joined)
        else:
            parts.append(_SLOT)
            values.append(piece.value)
        at = piece.end
    parts.append(_plain_slots(sentence[at:], values))
    return "".join(parts), values


def _plain_slots(text: str, values: list[str]) -> str:
    """``text`` (outside math) with its plain numbers as slots, appended to ``values`` in order."""
    out, at = [], 0
    for m in _PLAIN_NUMBER_RE.finditer(text):
        out.append(text[at:m.start()])
        out.append(_SLOT)
        values.append(m.group().replace("\u2212", "-"))
        at = m.end()
    out.append(text[at:])
    return "".join(out)


def _joined(values: list[str]) -> str:
    named = [_NAMED_RE.match(v.strip()) for v in values]
    if all(named) and len({n.group(1) for n in named if n}) == 1:
        values = [n.group(2).strip() for n in named if n]     # 'x = 2', 'x = 5': the values of one unknown
    return ", ".join(v.strip() for v in values)
