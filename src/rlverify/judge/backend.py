"""The shared half of the built-in judges: prompt, cache, parse. Backends only generate text.

A backend subclasses :class:`TemplatedJudge` and implements ``_complete(prompts)``, returning one
:class:`Completion` per prompt (the reply text, or an error name). ``judge_detailed`` looks each item
up in the cache, sends the misses (identical ones once), parses the replies with the template's
strict rules and stores the decided ones.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Sequence

from .base import JudgeItem, JudgeResult
from .cache import JudgeCache
from .parsing import parse_decision
from .prompts import Template, load_template

__all__ = ["Completion", "TemplatedJudge", "Plan"]


@dataclass(frozen=True)
class Completion:
    text: str | None
    error: str | None = None
    seconds: float = 0.0


@dataclass(frozen=True)
class Plan:
    """Cache lookups done: ``results`` has None holes at the positions listed in ``misses``."""

    results: tuple[JudgeResult | None, ...]
    keys: tuple[tuple, ...]
    misses: tuple[tuple, ...]    # distinct keys to generate, in first-seen order
    prompts: tuple[str, ...]     # one per miss


class TemplatedJudge:
    """Base of the built-in backends. ``cache``: True (own cache), False/None, or a JudgeCache."""

    def __init__(self, model: str, template: str | Template = "study",
                 cache: bool | JudgeCache | None = True) -> None:
        self.model = model
        self.template = load_template(template)
        self.cache = JudgeCache() if cache is True else (cache if isinstance(cache, JudgeCache) else None)

    def prompt(self, item: JudgeItem) -> str:
        return self.template.render(item)

    def judge(self, items: list[JudgeItem]) -> list[bool | None]:
        return [r.decision for r in self.judge_detailed(items)]

    def judge_detailed(self, items: Sequence[JudgeItem]) -> list[JudgeResult]:
        plan = self._plan(items)
        completions = self._complete(list(plan.prompts)) if plan.prompts else []
        return self._finish(plan, completions)

    def _complete(self, prompts: list[str]) -> list[Completion]:
        raise NotImplementedError

    def _key(self, item: JudgeItem) -> tuple:
        return (self.template.fingerprint, self.model, item.question, item.gold, item.answer)

    def _plan(self, items: Sequence[JudgeItem]) -> Plan:
        results: list[JudgeResult | None] = []
        keys, misses, prompts = [], {}, []
        for item in items:
            key = self._key(item)
            keys.append(key)
            hit = self.cache.get(key) if self.cache is not None else None
            results.append(replace(hit, cached=True, seconds=0.0) if isinstance(hit, JudgeResult) else None)
            if hit is None and key not in misses:
                misses[key] = len(prompts)
                prompts.append(self.prompt(item))
        return Plan(tuple(results), tuple(keys), tuple(misses), tuple(prompts))

    def _finish(self, plan: Plan, completions: Sequence[Completion]) -> list[JudgeResult]:
        fresh = {key: self._result(c) for key, c in zip(plan.misses, completions)}
        for key, result in fresh.items():
            if result.decision is not None and self.cache is not None:
                self.cache.put(key, result)
        return [r if r is not None else fresh[k] for r, k in zip(plan.results, plan.keys)]

    def _result(self, completion: Completion) -> JudgeResult:
        if completion.text is None:
            return JudgeResult(None, output=None, error=completion.error or "no_output",
                               seconds=completion.seconds)
        t0 = time.perf_counter()
        d = parse_decision(completion.text, self.template)
        return JudgeResult(d.value, d.label, completion.text, None if d.value is not None else d.reason,
                           completion.seconds + time.perf_counter() - t0)
