"""A pair compared on both paths of the rule's comparison: the typed readings alone (``RLVERIFY_READINGS=readings``,
the stage table never consulted) and the default (the table behind them), in that order."""

from __future__ import annotations

from rlverify.rule.compare import Decision, explain


def both(monkeypatch, answer: str, gold: str, question: str | None = None) -> list[Decision]:
    out = []
    for path in ("readings", "typed"):
        monkeypatch.setenv("RLVERIFY_READINGS", path)
        out.append(explain(answer, gold, question))
    return out
