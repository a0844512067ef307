"""The registration a generator family module shares: its families by kind, filled by decorators and handed
to the generator's tables with its Draft class by ``register`` (so no family module imports
:mod:`.families`, which imports them: no cycle).

    T = Families()
    @T.equivalent("name")  /  @T.near_miss("near_name")   def fam(ref, rng, st) -> Draft | None
    T.draft(answer, gold=..., ...)                           the generator's Draft
    register = T.register                                    called by .families
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["Families"]

Family = Callable[..., Any]


class Families:
    def __init__(self) -> None:
        self.equivalents: dict[str, Family] = {}
        self.near_misses: dict[str, Family] = {}
        self._draft: Any = None

    def equivalent(self, name: str) -> Callable[[Family], Family]:
        return self._add(self.equivalents, name)

    def near_miss(self, name: str) -> Callable[[Family], Family]:
        return self._add(self.near_misses, name)

    @staticmethod
    def _add(table: dict[str, Family], name: str) -> Callable[[Family], Family]:
        def deco(fn: Family) -> Family:
            table[name] = fn
            return fn
        return deco

    def register(self, equivalent: dict, near_miss: dict, draft: type) -> None:
        """Add this module's families to the generator's tables; ``draft`` is its Draft class."""
        self._draft = draft
        equivalent.update(self.equivalents)
        near_miss.update(self.near_misses)

    def draft(self, *args: Any, **kwargs: Any) -> Any:
        return self._draft(*args, **kwargs)
