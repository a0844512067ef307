"""Multiple-choice letters: ``(B)``, ``B``, ``\\text{(B)}``, ``\\textbf{(B) } 12``, ``B) 12``.

Interface::

    gold_letter(gold) -> str | None        the letter when the reference is a bare choice
    answer_letter(span) -> str | None      the letter an answer span leads with
    option_text(question, letter) -> str | None   the option's text in the question
    labelled_value(span) -> (letter, value) | None   ``(b)\\ 10^{-13}\\,\\text{cm}`` -> ("B", the value)
"""

from __future__ import annotations

import re

from .latex import clean, unwrap_text

__all__ = ["gold_letter", "answer_letter", "option_text", "labelled_value"]

_BARE = re.compile(r"^\(?\s*([A-Ea-e])\s*\)?$")
_ANSWER_LEAD = re.compile(r"^(?:\\?\(|\[)?\s*([A-E])\s*(?:\)|\]|\.|:)(?:\s|$)|^\(?([A-E])\)?$")
_OPTION = r"\(\s*{L}\s*\)|(?<![A-Za-z]){L}\s*[).:]"
_NAMED_OPTION = re.compile(r"^(?:the\s+)?(?:option|choice|answer|alternative)\s*(?:is\s*)?[:\s]\s*", re.I)  # 'Option B', 'Choice (C)'


# compiled once (re's cache lookup per call cost as much as these short searches)
_FONT_LEAD = re.compile(r"^\\(?:mathrm|mathbf|textbf)\s*")


def _plain(text: str) -> str:
    s = unwrap_text(clean(text)).strip()
    s = _FONT_LEAD.sub("", s)
    return s.strip().strip("$").strip()


def gold_letter(gold: str) -> str | None:
    """``B`` / ``(B)`` / ``(b)``; a bare lowercase letter (``e``) is a value, not a choice."""
    s = _plain(gold)
    m = _BARE.match(s)
    return m.group(1).upper() if m and (s.isupper() or s.startswith("(")) else None


def answer_letter(span: str) -> str | None:
    """The option letter a span names: the whole span, or a leading ``(B)``/``B)`` label, after a naming word
    (``Option B``, ``Choice (C)``)."""
    s = _plain(span)
    named = _NAMED_OPTION.match(s) if s[:1] in "OoCcAaTt" else None
    if named:
        s = s[named.end():]
        s = s.upper() if _BARE.match(s) else s        # 'option b' names option B
    m = _BARE.match(s)
    if m and (s.isupper() or s.startswith("(")):
        return m.group(1).upper()
    m = _ANSWER_LEAD.match(s)
    if m:
        return (m.group(1) or m.group(2)).upper()
    return None


def option_text(question: str | None, letter: str) -> str | None:
    """The text of option ``letter`` in ``question`` (up to the next option or line end)."""
    if not question:
        return None
    q = unwrap_text(question)
    m = re.search(_OPTION.replace("{L}", re.escape(letter)), q)
    if not m:
        return None
    rest = q[m.end():]
    nxt = re.search(r"\(\s*[A-E]\s*\)|\n|(?<![A-Za-z])[A-E]\s*[).:]\s", rest)
    text = rest[: nxt.start()] if nxt else rest[:200]
    text = text.strip().strip("$").strip().rstrip(",;")
    return text or None


# An option label, a blank, then a value that starts like a number: ``(b)\\ 0.44\\,\\text{mm}``, ``B) 12``.
_LABEL_VALUE = re.compile(r"^(?:\(\s*([A-Ea-e])\s*\)|([A-Ea-e])\))\s+([-+]?(?:\d|\.\d|\\frac|\\sqrt|\\pi).*)$", re.S)


_WRAPPED_LABEL = re.compile(r"^\\(?:textbf|text|mathbf|mathrm|textit)\s*\{\s*(\(\s*[A-Ea-e]\s*\))\s*\}\s*")  # \textbf{(a)}
# the label's own wrapping: a font group holding the label and maybe the value (``\text{b) 1 MeV}``, ``\text{b) } 10``,
# ``\textbf{b)}``), braces (``{(b)}``), a full stop or colon after it (``b).``, ``(b):``); and the value's inline math
# delimiters (``b). \(10^{-13}\)``)
_FONT_LABEL = re.compile(r"^\\(?:textbf|text|mathbf|mathrm|textit)\s*\{\s*((?:\(\s*[A-Ea-e]\s*\)|[A-Ea-e]\))[^{}]*)\}")
_BRACED_LABEL = re.compile(r"^\{\s*(\(\s*[A-Ea-e]\s*\)|[A-Ea-e]\))\s*\}")
_LABEL_STOP = re.compile(r"^(\(\s*[A-Ea-e]\s*\)|[A-Ea-e]\))\s*[.:](?=\s)")
_INLINE_MATH = re.compile(r"^(\(\s*[A-Ea-e]\s*\)|[A-Ea-e]\))(\s+)\\\((.*)\\\)\s*$", re.S)


def _label_first(s: str) -> str:
    """The span with its leading option label unwrapped to ``(b) value`` / ``b) value`` (see the patterns above)."""
    s = _WRAPPED_LABEL.sub(r"\1 ", s)
    s = _FONT_LABEL.sub(lambda m: m.group(1).strip() + " ", s, count=1)
    s = _BRACED_LABEL.sub(r"\1 ", s, count=1)
    s = _LABEL_STOP.sub(r"\1", s, count=1).strip()
    return _INLINE_MATH.sub(r"\1\2\3", s, count=1)


_OTHER_LABEL = re.compile(r"\(\s*[A-Ea-e]\s*\)|(?<![A-Za-z\\])[A-Ea-e]\)")


def labelled_value(span: str) -> tuple[str, str] | None:
    """The option letter and the value written after it, when a span is ``label blank value``."""
    m = _LABEL_VALUE.match(_label_first(clean(span)))
    if m is None or _OTHER_LABEL.search(m.group(3)):
        return None    # "(b) 5, (a) 10": labelled parts, not one labelled value
    return (m.group(1) or m.group(2)).upper(), m.group(3).strip()
