"""The extraction result and the size constants shared by the extraction modules."""

from __future__ import annotations

from dataclasses import dataclass
from ...flags import Flag

_HEDGE = Flag.HEDGE   # (an enum member's class attribute lookup costs more than the test)


__all__ = ["Extraction", "MAX_CANDIDATES", "_MAX_BOX_SCAN", "_PROSE_WINDOW", "_SPAN_WINDOW"]


MAX_CANDIDATES = 64          # boxes kept in ``candidates`` (the last ones)

_MAX_BOX_SCAN = 400          # boxes whose braces are matched (the last ones)

_PROSE_WINDOW = 6_000        # prose cues only look at the end of the answer region

_SPAN_WINDOW = 1_500         # an answer sentence is cut to this many characters


@dataclass(frozen=True, init=False)
class Extraction:
    answer: str | None            # the final-answer span, None when nothing was found
    # method: boxed | think | final_answer | answer_is | heading | answer_line | bold |
    #         conclusion | lead_in | last_number | whole | none
    method: str = "none"
    # flags: fallback, hedge, multi_box, multi_part, unfinished_think, truncated
    flags: tuple[str, ...] = ()   # e.g. ("fallback",) for last-number, ("hedge",) for several different answers
    candidates: tuple[str, ...] = ()  # other spans seen (e.g. every box), oldest first

    def __init__(self, answer: str | None, method: str = "none", flags: tuple[str, ...] = (),
                 candidates: tuple[str, ...] = ()) -> None:
        # the dataclass's own __init__, without its object.__setattr__ per field (frozen: the instance
        # __dict__ is written directly; several extractions are built per response)
        d = self.__dict__
        d["answer"], d["method"], d["flags"], d["candidates"] = answer, method, flags, candidates

    @property
    def hedge(self) -> bool:
        return _HEDGE in self.flags
