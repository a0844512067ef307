"""Judge prompt templates: loading, neutralising untrusted text, one-pass filling.

A template is a ``.txt`` file in ``rlverify/judge/templates/`` (or any path). Its header, up to the
first ``---`` line, holds ``key: value`` lines (``#`` starts a comment)::

    decision-key: Final Decision          # the decision line is "Final Decision: <label>"
    labels: yes=correct, no=incorrect     # label -> outcome (correct | incorrect | invalid | undecided)
    decision-at: line                     # optional; "line-end": text may precede the label on its line

An empty ``decision-key`` means the label stands alone on its line (``Correct``). A label is split
from its outcome at the last ``=`` (``[[a=b]]=correct``). ``invalid`` is a decided "incorrect" with its
own label; ``undecided`` (CompassVerifier's C = INVALID) is a decision the judge declines to make, so
the item stays undecided (a framework can mask it). The templates of the public verifiers (``xverify``,
``compassverifier``, ``tinyv``, ``nemo-gym``) keep their published prompts. The body may use
``{question}``, ``{gold}`` and ``{answer}``; :meth:`Template.render` fills them in ONE pass, so text
inside a value (an answer containing ``{gold}``) is never expanded. Every value is neutralised first:
chat-template tokens and invisible control characters removed, length capped, then fenced.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..errors import BadInputError
from ..runtime.limits import MAX_ANSWER_CHARS
from .base import JudgeItem

__all__ = [
    "Template",
    "TEMPLATE_NAMES",
    "OUTCOMES",
    "DECISION_AT",
    "MAX_FIELD_CHARS",
    "MAX_QUESTION_CHARS",
    "load_template",
    "parse_template",
    "neutralise",
    "fence",
]

TEMPLATE_NAMES = ("study", "study-question", "xverify-style", "general-verifier-style", "three-way",
                  "xverify", "compassverifier", "tinyv", "nemo-gym")
OUTCOMES = ("correct", "incorrect", "invalid", "undecided")
DECISION_AT = ("line", "line-end")  # the label alone on its line (after the key), or ending its line
MAX_FIELD_CHARS = MAX_ANSWER_CHARS     # answer and gold are cut to this many characters
MAX_QUESTION_CHARS = 8_000             # questions are longer than answers; still bounded
_NO_QUESTION = "(no problem statement given)"
_PLACEHOLDER = re.compile(r"\{(question|gold|answer)\}")
_CHAT_TOKENS = re.compile(
    r"<\|[^|<>\n]{0,64}\|>"              # ChatML / Llama-3 / GPT: <|im_start|>, <|eot_id|>
    r"|<\uff5c[^\uff5c<>\n]{0,64}\uff5c>"  # DeepSeek full-width bars: <｜Assistant｜>
    r"|\[/?INST\]|<</?SYS>>|</?s>|<(?:start|end)_of_turn>|</?think>|<(?:bos|eos|pad|unk)>",
    re.IGNORECASE,
)

_MAX_PASSES = 4  # token-removal passes; each pass costs O(len), so nesting cannot make it quadratic
_BRACKETS = str.maketrans({"<": "\u2039", ">": "\u203a", "[": "\u2045", "]": "\u2046"})


@dataclass(frozen=True)
class Template:
    """A parsed judge template; ``labels`` maps a lower-cased label to an outcome."""

    name: str
    body: str
    decision_key: str
    labels: tuple[tuple[str, str], ...]
    decision_at: str = "line"

    @property
    def fingerprint(self) -> str:
        """Stable id of the template's content (used in cache keys)."""
        content = (self.body, self.decision_key, self.labels) + (() if self.decision_at == "line" else (self.decision_at,))
        h = hashlib.sha256(repr(content).encode()).hexdigest()
        return f"{self.name}:{h[:16]}"

    def render(self, item: JudgeItem) -> str:
        """The prompt for ``item``: neutralised, fenced values substituted in one pass."""
        question = item.question if item.question else _NO_QUESTION
        values = {
            "question": fence(neutralise(question, MAX_QUESTION_CHARS)),
            "gold": fence(neutralise(item.gold)),
            "answer": fence(neutralise(item.answer)),
        }
        return _PLACEHOLDER.sub(lambda m: values[m.group(1)], self.body)


def neutralise(text: str, limit: int = MAX_FIELD_CHARS) -> str:
    """Remove chat-template tokens, control/format characters and lone surrogates; cap the length."""
    text = str(text)[: 4 * limit]  # bound the work below on hostile input; cut again at the end
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = "".join(c for c in text if c in "\n\t" or unicodedata.category(c) not in ("Cc", "Cf", "Cs"))
    previous = None
    for _ in range(_MAX_PASSES):  # removing one token can join the pieces of another
        if previous == text:
            break
        previous, text = text, _CHAT_TOKENS.sub("", text)
    if _CHAT_TOKENS.search(text):  # tokens nested deeper than _MAX_PASSES: a deliberate attack;
        text = text.translate(_BRACKETS)  # no token can be spelt without ASCII < or [
    if len(text) > limit:
        text = text[:limit] + " [...truncated]"
    return text


def fence(text: str) -> str:
    """Wrap ``text`` in a backtick fence longer than any backtick run inside it."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    bar = "`" * max(3, longest + 1)
    return f"{bar}\n{text}\n{bar}"


def parse_template(text: str, name: str) -> Template:
    """Parse template ``text`` (header, ``---``, body)."""
    head, sep, body = text.partition("\n---\n")
    if not sep:
        raise BadInputError(f"judge template {name!r} has no '---' line between header and prompt")
    fields: dict[str, str] = {}
    for line in head.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            key, _, value = line.partition(":")
            fields[key.strip().lower()] = value.strip()
    labels = tuple(_parse_labels(fields.get("labels", ""), name))
    if "{answer}" not in body:
        raise BadInputError(f"judge template {name!r} never shows the {{answer}}")
    decision_at = fields.get("decision-at", "line").lower() or "line"
    if decision_at not in DECISION_AT:
        raise BadInputError(f"judge template {name!r}: decision-at must be one of {', '.join(DECISION_AT)}")
    return Template(name, body.strip() + "\n", fields.get("decision-key", ""), labels, decision_at)


def _parse_labels(spec: str, name: str) -> list[tuple[str, str]]:
    pairs = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        label, _, outcome = part.rpartition("=")  # the label itself may hold "=" ([[A=B]])
        label, outcome = label.strip().lower(), outcome.strip().lower()
        if not label or outcome not in OUTCOMES:
            raise BadInputError(f"judge template {name!r}: bad label {part!r} (use label={'|'.join(OUTCOMES)})")
        pairs.append((label, outcome))
    if not {"correct", "incorrect"} <= {o for _, o in pairs}:
        raise BadInputError(f"judge template {name!r} needs labels for both correct and incorrect")
    return pairs


def load_template(spec: str | Template) -> Template:
    """A built-in template by name (see :data:`TEMPLATE_NAMES`), a ``.txt`` path, or a Template."""
    if isinstance(spec, Template):
        return spec
    if spec in TEMPLATE_NAMES:
        text = resources.files("rlverify.judge").joinpath("templates", f"{spec}.txt").read_text("utf-8")
        return parse_template(text, spec)
    path = Path(spec)
    if path.suffix == ".txt" and path.is_file():
        return parse_template(path.read_text("utf-8"), path.stem)
    raise BadInputError(f"unknown judge template {spec!r}; use one of {', '.join(TEMPLATE_NAMES)} or a .txt path")
