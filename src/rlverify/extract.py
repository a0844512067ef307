"""Find the final-answer span in a model response.

Interface::

    extract_answer(response: str) -> Extraction

NOTE: placeholder (last \\boxed only); the foundation issue replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Extraction", "extract_answer"]


@dataclass(frozen=True)
class Extraction:
    answer: str | None            # the final-answer span, None when nothing was found
    method: str = "none"          # boxed | think | final_answer | answer_is | heading | answer_line | bold | last_number | whole | none
    flags: tuple[str, ...] = ()   # e.g. ("fallback",) for last-number, ("hedge",) for several different answers
    candidates: tuple[str, ...] = ()  # other spans seen (e.g. every box), oldest first

    @property
    def hedge(self) -> bool:
        return "hedge" in self.flags


def _last_boxed(text: str) -> str | None:
    i = text.rfind("\\boxed{")
    if i < 0:
        return None
    j = i + len("\\boxed{")
    depth = 1
    k = j
    while k < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[k], 0)
        k += 1
    return text[j : k - 1] if depth == 0 else None


def extract_answer(response: str) -> Extraction:
    box = _last_boxed(response)
    if box is not None:
        return Extraction(box, "boxed")
    return Extraction(None)
