"""Strict parsing of a judge's reply into a decision.

Rules (every template)::

    reasoning   with "</think>", only the text after the last "</think>" counts;
                "<think>" without its end (truncated reasoning) -> undecided
    quoted      fenced code blocks, blockquote lines and "double-quoted" spans are removed first,
                so a decision the judge quotes (often echoed from the answer) never counts
    decision    a line holding only "<decision-key>: <label>" (markdown emphasis, "$", a final
                "." or "!" and a \\boxed{<label>} allowed; with an empty key, the label alone);
                with ``decision-at: line-end`` any text may precede it on its line ("My final
                verdict is different [[A!=B]]"), and every label mentioned anywhere must agree
    outcome     no decision line -> undecided ("missing"); decision lines that disagree ->
                undecided ("contradictory"); otherwise the label's outcome (invalid counts as
                incorrect, with label "invalid"; an "undecided" label - CompassVerifier's C -
                leaves the item undecided with label "undecided" and reason "invalid_answer")
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from ..runtime.caches import lru

from .prompts import Template

__all__ = ["Decision", "parse_decision", "MAX_OUTPUT_CHARS"]

MAX_OUTPUT_CHARS = 200_000  # a longer reply is cut to its last part (the decision is at the end)
_FENCED = re.compile(r"^[ \t]*(`{3,}|~{3,})[^\n]*\n.*?(?:^[ \t]*\1[`~]*[ \t]*$|\Z)", re.MULTILINE | re.DOTALL)
_BLOCKQUOTE = re.compile(r"^[ \t]*>.*$", re.MULTILINE)
_QUOTED = re.compile(r"\"[^\"]*\"|\u201c[^\u201c\u201d]*\u201d|\u00ab[^\u00ab\u00bb]*\u00bb")
_DECORATION = r"[ \t*_$]*"


@dataclass(frozen=True)
class Decision:
    """``value``: True/False, or None when undecided; ``reason`` says why (``ok`` when decided)."""

    value: bool | None
    label: str | None = None
    reason: str = "ok"


def parse_decision(output: str | None, template: Template) -> Decision:
    """Parse a judge's ``output`` with the decision rules of ``template``."""
    if not output or not output.strip():
        return Decision(None, reason="empty")
    text = output[-MAX_OUTPUT_CHARS:]
    if "</think>" in text:
        text = text.rsplit("</think>", 1)[1]
    elif "<think>" in text:
        return Decision(None, reason="unterminated_think")
    text = _strip_quoted(text)
    outcome_of = dict(template.labels)
    if template.decision_at == "line-end":
        mentioned = {m.group(0).lower() for m in _mention_pattern(outcome_of).finditer(text)}
        if len({outcome_of[label] for label in mentioned}) > 1:
            return Decision(None, reason="contradictory")
    matches = _decision_pattern(template).finditer(text)
    found = {(m.group("boxed") or m.group("plain")).lower() for m in matches}
    if not found:
        return Decision(None, reason="missing")
    outcomes = {outcome_of[label] for label in found}
    if len(outcomes) > 1:
        return Decision(None, reason="contradictory")
    outcome = outcomes.pop()
    if outcome == "undecided":  # the judge declines to grade (e.g. a cut-off answer): skip, not punish
        return Decision(None, outcome, reason="invalid_answer")
    return Decision(outcome == "correct", outcome)


def _strip_quoted(text: str) -> str:
    text = _FENCED.sub("", text)
    text = _BLOCKQUOTE.sub("", text)
    return _QUOTED.sub("", text)


def _alternatives(labels: tuple[str, ...]) -> str:
    return "|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True))


@lru("judge.patterns")
def _pattern_for(key: str, labels: tuple[str, ...], decision_at: str = "line") -> re.Pattern[str]:
    alternatives = _alternatives(labels)
    prefix = rf"{re.escape(key)}{_DECORATION}[:\uff1a]{_DECORATION}" if key else ""
    label = rf"(?:\\boxed\{{[ \t]*(?P<boxed>{alternatives})[ \t]*\}}|(?P<plain>{alternatives}))"
    start = r"^[^\n]*?" if decision_at == "line-end" else r"^[ \t*_#$]*"
    line = rf"{start}{prefix}{label}[ \t*_.!$]*$"
    return re.compile(line, re.IGNORECASE | re.MULTILINE)


@lru("judge.mention_patterns")
def _mention_regex(labels: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(_alternatives(labels), re.IGNORECASE)


def _mention_pattern(outcome_of: dict[str, str]) -> re.Pattern[str]:
    return _mention_regex(tuple(outcome_of))


def _decision_pattern(template: Template) -> re.Pattern[str]:
    return _pattern_for(template.decision_key, tuple(label for label, _ in template.labels), template.decision_at)
