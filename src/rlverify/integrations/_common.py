"""Plumbing shared by the framework integrations (verl, TRL, the reward server, Ray).

* :func:`cached_verifier` builds a verifier once per ``(name, options)`` per process
  (thread-safe), so per-sample reward calls do not rebuild judges or parsers, and warms the
  process up first (:func:`warm_process`): the first items of a fresh training worker (a Ray
  actor, a spawned rollout child) would otherwise overrun the 1 s item deadline while helper
  processes start and parsers build their caches, and correct answers would score 0 (``timeout``).
* :func:`golds_of` turns whatever a framework hands over as the reference (a string, a
  number, a list/array of acceptable answers) into a tuple of strings; blank members of a list
  are dropped, and a missing or blank reference is ``("",)``.
* :func:`verify_items` verifies items whose gold may list several acceptable answers:
  the item is correct when any of them matches. An item whose reference is missing or blank
  gets the verifiers' undecided ``invalid_gold`` verdict (TRL then skips the sample, verl logs
  ``undecided``, OpenRLHF, which cannot skip, gets the score of a rejection and logs
  ``undecided``), and a warning is logged at the 1st, 10th, 100th... such item of the process.
* :func:`message_text` / :func:`last_text` read plain or chat-format (message dict) text.
* :func:`resolve_monitor` / :class:`StepCounter` drive the optional monitor hook.
"""

from __future__ import annotations

import importlib
import itertools
import json
import logging
import os
import threading
from typing import Any, Iterable, Mapping, Sequence

from ..errors import BadInputError
from ..flags import Flag
from ..registry import get_verifier
from ..runtime.caches import LRU
from ..verdict import Verdict, invalid_gold

_log = logging.getLogger(__name__)

__all__ = [
    "cached_verifier",
    "warm_process",
    "golds_of",
    "verify_items",
    "split_golds",
    "join_verdicts",
    "message_text",
    "last_text",
    "question_of",
    "resolve_monitor",
    "StepCounter",
    "flags_text",
    "plain",
]

_LOCK = threading.Lock()
_VERIFIERS = LRU("integrations.verifiers")   # options key -> verifier
_WARM_LOCK = threading.Lock()
_WARM_PID: int | None = None


def warm_process() -> None:
    """Once per process (thread-safe; again in a forked child): start a helper process and
    verify one item of each answer family, as ``rlverify serve`` does before it listens."""
    global _WARM_PID
    if _WARM_PID == os.getpid():
        return
    with _WARM_LOCK:
        if _WARM_PID == os.getpid():
            return
        from ..rule import warm_up
        from ..runtime import bounded

        bounded.warm_up()
        warm_up()
        _WARM_PID = os.getpid()


def _options_key(name: str, options: Mapping[str, Any]) -> str | None:
    try:
        return json.dumps([name, dict(options)], sort_keys=True)
    except (TypeError, ValueError):  # an object option (a judge instance): not cacheable by value
        return None


def cached_verifier(name: str = "rule", options: Mapping[str, Any] | None = None) -> Any:
    """The verifier ``name`` built with ``options``, shared per process and options."""
    options = dict(options or {})
    warm_process()
    key = _options_key(name, options)
    if key is None:
        return get_verifier(name, **options)
    with _LOCK:
        v = _VERIFIERS.get(key)
        if v is None:
            v = _VERIFIERS[key] = get_verifier(name, **options)
    return v


def golds_of(gold: Any) -> tuple[str, ...]:
    """Acceptable reference answers as strings (numpy scalars/arrays and lists accepted).
    Members that are no reference (None, blank, NaN: :func:`~rlverify.verdict.invalid_gold`) are
    dropped; with none left the result is ``("",)``, which every verifier answers undecided."""
    if invalid_gold(gold):
        return ("",)
    if hasattr(gold, "tolist") and not isinstance(gold, str):
        gold = gold.tolist()  # numpy array or scalar
    if isinstance(gold, (list, tuple)):
        out = tuple(str(g) for g in gold if not invalid_gold(g))
        return out or ("",)
    return (str(gold),)


def _fold(verdicts: Sequence[Verdict]) -> Verdict:
    for v in verdicts:
        if v.correct:
            return v
    return verdicts[0]


def split_golds(items: Sequence[Mapping[str, Any]]) -> tuple[list[dict[str, Any]], list[int]]:
    """One flat item per acceptable gold, and how many flat items each input item became."""
    flat: list[dict[str, Any]] = []
    spans: list[int] = []
    for it in items:
        golds = golds_of(it.get("gold"))
        spans.append(len(golds))
        question = it.get("question")
        for g in golds:
            flat.append({"response": _text(it.get("response")), "gold": g,
                         "question": question if isinstance(question, str) else None})
    return flat, spans


def join_verdicts(verdicts: Sequence[Verdict], spans: Sequence[int]) -> list[Verdict]:
    """Fold the flat verdicts of :func:`split_golds` back: correct if any gold matched."""
    if len(verdicts) != sum(spans):
        raise RuntimeError(f"verifier returned {len(verdicts)} verdicts for {sum(spans)} items")
    it_v = iter(verdicts)
    return [_fold(list(itertools.islice(it_v, n))) for n in spans]


def verify_items(verifier: Any, items: Sequence[Mapping[str, Any]],
                 workers: int | None = None) -> list[Verdict]:
    """Verify ``items`` (response, gold, question) in order; a gold may be a list of answers."""
    flat, spans = split_golds(items)
    verdicts = verifier.verify_batch(flat, workers=workers) if flat else []
    out = join_verdicts(verdicts, spans)
    _warn_invalid_golds(out)
    return out


_INVALID_LOCK = threading.Lock()
_INVALID_SEEN = 0


def _warn_invalid_golds(verdicts: Sequence[Verdict]) -> None:
    """Log a warning at the 1st, 10th, 100th... item of this process whose reference was missing
    or blank: a reward function cannot fail a training step, but a data bug must not go unseen."""
    global _INVALID_SEEN
    n = sum(Flag.INVALID_GOLD in v.flags for v in verdicts)
    if not n:
        return
    with _INVALID_LOCK:
        before, _INVALID_SEEN = _INVALID_SEEN, _INVALID_SEEN + n
        after = _INVALID_SEEN
    if len(str(after)) > len(str(before)) or before == 0:
        _log.warning("rlverify: %d item(s) so far had a missing or blank reference answer (flag invalid_gold): "
                     "their verdicts are undecided, not rewards; check the dataset's answer column", after)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ("" if value is None else str(value))


def message_text(message: Any) -> str:
    """Text of a chat message: plain string, ``{"content": str}`` or content parts."""
    if isinstance(message, Mapping):
        content = message.get("content")
        if isinstance(content, list):  # [{"type": "text", "text": ...}, ...]
            return "".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping))
        return _text(content)
    return _text(message)


def last_text(value: Any, role: str | None = None) -> str:
    """A plain string as is; for a message list, the last message (with ``role``, if given)."""
    if isinstance(value, str) or value is None:
        return _text(value)
    if isinstance(value, Mapping):
        return message_text(value)
    msgs = list(value)
    if role is not None:
        msgs = [m for m in msgs if isinstance(m, Mapping) and m.get("role") == role] or msgs
    return message_text(msgs[-1]) if msgs else ""


def question_of(prompt: Any) -> str | None:
    """The problem text from a prompt: a plain string, or the last user message of a chat."""
    if prompt is None:
        return None
    text = last_text(prompt, role=None if isinstance(prompt, str) else "user")
    return text or None


def plain(value: Any) -> Any:
    """Config containers (e.g. omegaconf DictConfig/ListConfig) as plain dicts and lists."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return [plain(v) for v in value]
    return value


def flags_text(flags: Iterable[str]) -> str:
    return ",".join(flags)


def resolve_monitor(monitor: Any) -> Any:
    """A monitor object, or one named ``"package.module:attribute"`` (from a config file)."""
    if monitor is None or hasattr(monitor, "observe"):
        return monitor
    if isinstance(monitor, str) and ":" in monitor:
        mod, _, attr = monitor.partition(":")
        obj = getattr(importlib.import_module(mod), attr)
        if hasattr(obj, "observe"):
            return obj
    raise BadInputError(f"monitor must have .observe(...) or be 'module:attribute', got {monitor!r}")


class StepCounter:
    """A thread-safe step counter per monitor, for frameworks that do not pass a step."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._steps: dict[int, int] = {}

    def next(self, monitor: Any) -> int:
        with self._lock:
            step = self._steps.get(id(monitor), 0)
            self._steps[id(monitor)] = step + 1
            return step
