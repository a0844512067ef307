"""Reward-hacking monitor. NOTE: placeholder interface; the monitor issue implements it.

Interface used by the verl/TRL hooks::

    Monitor(...).observe(step: int, questions: list[str | None], golds: list[str],
                         responses: list[str], rewards: list[float]) -> None
"""

from __future__ import annotations

__all__ = ["Monitor"]


class Monitor:
    def observe(self, step, questions, golds, responses, rewards) -> None:  # noqa: ANN001
        return None

    def metrics(self) -> dict[str, float]:
        return {}
