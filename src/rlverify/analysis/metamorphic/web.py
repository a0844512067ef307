"""Generator families for references and answers as scraped web pages and CJK typesetting write them.

``web_scraped`` (EQUIVALENT): the dataset's own gold text rewritten the way scraped or CJK-typeset
sources carry it: fullwidth ASCII (（1，2） ＞ －３ １／２), the enumeration comma (1、2、3), HTML scripts
(``x<sup>2</sup>``, ``a<sub>n</sub>``) and entities or Unicode for relations and symbols (``&le;``, ``&#8805;``,
``≤``, ``π``, ``&infin;``); on the reference side or the answer side. ``near_web_scraped`` (NEAR_MISS):
the same rewriting with one digit changed. Registered by :mod:`.families`.
"""

from __future__ import annotations

import random
import re
from typing import Any

from . import forms as F
from .table import Families
from .refs import Reference

__all__ = ["register", "scrape"]

_T = Families()
register = _T.register


_SYMBOLS = {
    "\\leq": ("&le;", "≤", "&#8804;", "≦"), "\\le": ("&le;", "≤"), "\\geq": ("&ge;", "≥", "&#8805;", "≧"),
    "\\ge": ("&ge;", "≥"), "\\neq": ("&ne;", "≠"), "\\pi": ("π", "&pi;"), "\\infty": ("∞", "&infin;"),
    "\\cdot": ("&middot;", "·", "⋅"), "\\times": ("&times;", "×"), "\\pm": ("±", "&plusmn;"),
    "\\cup": ("∪",), "\\cap": ("∩",), "\\in": ("∈",), "\\forall": ("∀",), "\\sqrt": ("√",),
}
_COMMAND = re.compile(r"\\(leq|le|geq|ge|neq|pi|infty|cdot|times|pm|cup|cap|in|forall)(?![a-zA-Z])")
_SCRIPT = re.compile(r"([\^_])(?:\{([^{}\\]{1,12})\}|([0-9A-Za-z]))")
_LT_GT = re.compile(r"(?<![\\<>])([<>])(?![=])")
_FULLWIDTH_OK = "()[],=+-/:;<>!|0123456789"


def scrape(text: str, rng: random.Random) -> str | None:
    """``text`` as a scraped page or CJK typesetting writes it (None when nothing in it changes)."""
    out = _LT_GT.sub(lambda m: rng.choice(({"<": "&lt;", ">": "&gt;"}[m.group(1)], m.group(1))), text)
    out = _SCRIPT.sub(lambda m: ("<sup>" if m.group(1) == "^" else "<sub>") + (m.group(2) or m.group(3))
                      + ("</sup>" if m.group(1) == "^" else "</sub>") if rng.random() < 0.8 else m.group(), out)
    out = _COMMAND.sub(lambda m: rng.choice(_SYMBOLS["\\" + m.group(1)]) + ("" if m.group(1) in ("pi", "infty") else " ")
                       if rng.random() < 0.8 else m.group(), out)
    if rng.random() < 0.7:
        share = rng.choice((0.3, 0.6, 1.0))
        chars = []
        for i, c in enumerate(out):
            # not inside an HTML tag or entity, not a LaTeX command's argument brace
            if c in _FULLWIDTH_OK and rng.random() < share and not _in_markup(out, i):
                chars.append(chr(ord(c) + 0xFEE0))
            else:
                chars.append(c)
        out = "".join(chars)
    if rng.random() < 0.3 and re.fullmatch(r"\s*-?\d+(?:\s*,\s*-?\d+)+\s*", text):
        out = "、".join(p.strip() for p in text.split(","))
    return out if out != text else None


def _in_markup(s: str, i: int) -> bool:
    lt, gt = s.rfind("<", 0, i + 1), s.rfind(">", 0, i)
    amp, semi = s.rfind("&", 0, i + 1), s.rfind(";", 0, i)
    return (lt > gt and re.match(r"</?su[pb]>", s[lt:lt + 6]) is not None) or (amp > semi and re.match(
        r"&#?\w+;", s[amp:amp + 10]) is not None) or s[i] == ">" and s.rfind("<", 0, i) > s.rfind(">", 0, i)


def _usable(ref: Reference) -> bool:
    return ref.node is not None and len(ref.gold) <= 120 and "\\text" not in ref.gold and "\\begin" not in ref.gold


@_T.equivalent("web_scraped")
def _web_scraped(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    if not _usable(ref):
        return None
    gold = ref.gold.strip().strip("$")
    out = scrape(gold, rng)
    if out is None:
        return None
    if rng.random() < 0.5:
        return _T.draft(gold, gold=out)              # the reference scraped, the answer in LaTeX
    return _T.draft(out, box_only=True, plain=True)  # the answer scraped


_DIGIT = re.compile(r"[0-9\uff10-\uff19]")


@_T.near_miss("near_web_scraped")
def _near_web_scraped(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    if not _usable(ref) or isinstance(ref.node, F.Sym):
        return None
    gold = ref.gold.strip().strip("$")
    out = scrape(gold, rng)
    if out is None:
        return None
    spots = [m for m in _DIGIT.finditer(out) if not _in_markup(out, m.start())]
    if not spots:
        return None
    m = rng.choice(spots)
    full = m.group() >= "\uff10"
    d = int(chr(ord(m.group()) - 0xFEE0) if full else m.group())
    new = str(rng.choice([k for k in range(10) if k != d and not (k == 0 and m.start() == 0)]))
    wrong = out[:m.start()] + (chr(ord(new) + 0xFEE0) if full else new) + out[m.end():]
    return _T.draft(wrong, box_only=True, plain=True)
