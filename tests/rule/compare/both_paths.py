"""A pair compared by the rule's comparison (:func:`rlverify.rule.compare.explain`), as a list of its Decisions.

Until issue 29 deleted the stage table there were two paths (the typed readings alone, and with the table behind
them) and ``both`` returned the verdict of each; the tests written then still iterate over the list, which now holds
the one path's Decision.
"""

from __future__ import annotations

from rlverify.rule.compare import Decision, explain


def both(monkeypatch, answer: str, gold: str, question: str | None = None) -> list[Decision]:
    return [explain(answer, gold, question)]
