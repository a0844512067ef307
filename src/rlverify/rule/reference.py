"""References as datasets write them: the readings of a gold answer.

Interface::

    reference_readings(gold) -> tuple[str, ...]     acceptable answers, any of which is correct

* a list of golds (a Python list/tuple, or a string holding a JSON/Python list of quoted strings:
  ``["12", "twelve"]``) means any-of: each element is read in turn;
* a gold written as a whole solution that ends in ``\\boxed{...}`` (or GSM8K's ``#### 42``) is read
  by its boxed answer
  (several boxes that one sentence sets side by side are the parts of one answer: ``1, 2``);
  a long solution without a box but with an explicit answer marker ("Final Answer: ...",
  "The answer is ...") by the marked answer;
* anything else is the gold itself.

Pure text: the list is tokenized by a regular expression (no eval), the solution goes through
the same bounded extraction as a response.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Sequence

from ..runtime.caches import lru
from .extract import extract_answer

__all__ = ["reference_readings", "MAX_READINGS"]

MAX_READINGS = 8
_SOLUTION_CHARS = 120       # a gold longer than this without a box is read by its answer marker
_MARKED = frozenset({"final_answer", "answer_is", "heading", "answer_line"})
_ITEM = r"\s*(?:\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')\s*"
_LIST = re.compile(rf"^\s*\[(?:{_ITEM},)*{_ITEM},?\s*\]\s*$", re.S)
_QUOTED = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'", re.S)
_BOX = re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])")
_GSM8K_ANSWER = re.compile(r"^[ \t]*####[ \t]*\S", re.M)     # a GSM8K solution's last line: "#### 42"


def _listed(gold: str) -> list[str] | None:
    """The quoted strings of a JSON or Python list literal, else None."""
    if not gold.lstrip().startswith("[") or len(gold) > 20_000 or not _LIST.match(gold):
        return None
    out = []
    for m in _QUOTED.finditer(gold):
        if m.group(1) is not None:
            try:
                out.append(json.loads(f'"{m.group(1)}"'))
            except ValueError:
                out.append(m.group(1))
        else:
            out.append(m.group(2).replace("\\'", "'").replace("\\\\", "\\"))
    return out


def _answer_of(gold: str) -> str:
    """The boxed (or marked) answer of a gold written as a solution; the gold itself otherwise."""
    boxed = bool(_BOX.search(gold)) or bool(_GSM8K_ANSWER.search(gold))
    if not boxed and len(gold) <= _SOLUTION_CHARS:
        return gold
    ex = extract_answer(gold)
    if ex.answer is None or (not boxed and ex.method not in _MARKED):
        return gold
    if ex.hedge and boxed and len(ex.candidates) > 1 and "retracted" not in ex.flags:
        return ", ".join(dict.fromkeys(ex.candidates))   # boxes side by side: the parts of one answer
    return ex.answer if not ex.hedge else gold


def reference_readings(gold: str | Sequence[str]) -> tuple[str, ...]:
    """The acceptable answers a gold stands for (the gold itself when it is one plain answer)."""
    if isinstance(gold, (list, tuple)):
        out = [r for g in list(gold)[:MAX_READINGS] for r in _readings(str(g))]
        return tuple(dict.fromkeys(out))[:MAX_READINGS] or ("",)
    return _readings(gold) if len(gold) <= _CACHED_CHARS else _read(gold)


_CACHED_CHARS = 20_000


@lru("rule.gold_readings")   # a function of the gold: shared by its rollouts
def _readings(gold: str) -> tuple[str, ...]:
    return _read(gold)




def _read(gold: str) -> tuple[str, ...]:
    items = _listed(gold) or [gold]
    out = [_answer_of(g) for g in items[:MAX_READINGS] if g.strip()]
    return tuple(dict.fromkeys(out)) or (gold,)
