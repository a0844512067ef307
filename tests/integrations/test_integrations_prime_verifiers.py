"""PrimeIntellect verifiers v1 rewards: ``(task, trace, runtime) -> float`` by import path.

With the real ``verifiers`` package installed (it needs openai<3, so it lives in its own
environment, not the project venv), the reward is plugged by import path into a real v1 ``Task``
and scored by ``Task.score`` on a real ``Trace``. Without it, the same functions run on stand-ins
with the attributes the v1 types have (``task.answer``/``prompt_text``, ``trace.last_reply``/``info``).
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from rlverify.errors import BadInputError
from rlverify.hybrid import HybridVerifier
from rlverify.integrations import prime_verifiers
from rlverify.integrations.prime_verifiers import UndecidedRewardError, make_reward, reward
from rlverify.judge.simulated import RecordingJudge
from rlverify.verdict import Verdict

PATH = "rlverify.integrations.prime_verifiers:reward"


class UnsureRules:
    """Rules unsure of every answer (the judge is asked without the CAS, whose timeouts on a
    loaded machine would keep items from the judge)."""

    name = "rule"

    def verify_batch(self, items, workers=None):
        return [Verdict(False, 0.0, "rule", "9", (), outcome="unsure") for _ in items]


def _hybrid(judge) -> HybridVerifier:
    hybrid = HybridVerifier(judge=judge)
    hybrid.rule = UnsureRules()
    return hybrid


def _standin(reply: str, answer, question: str | None = None):
    task = SimpleNamespace(answer=answer, prompt_text="Solve: what is 3 + 5?")
    if question is not None:
        task.question = question
    return task, SimpleNamespace(last_reply=reply, info={})


def test_rule_reward_on_standins():
    task, trace = _standin("So \\boxed{8}.", "8")
    assert asyncio.run(reward(task=task, trace=trace)) == 1.0
    assert trace.info["rlverify"] == {"source": "rule", "flags": [], "extracted": "8", "undecided": False}
    task, trace = _standin("So \\boxed{9}.", ["7", "8"])
    assert asyncio.run(reward(task, trace, None)) == 0.0
    assert asyncio.run(reward(*_standin("So \\boxed{7}.", ["7", "8"]))) == 1.0


def test_item_reads_answer_question_and_reply():
    task, trace = _standin("So \\boxed{8}.", "8", question="3 + 5?")
    assert prime_verifiers.item_of(task, trace) == {"response": "So \\boxed{8}.", "gold": "8", "question": "3 + 5?"}
    task, trace = _standin("x", "8")
    assert prime_verifiers.item_of(task, trace)["question"] == "Solve: what is 3 + 5?"
    with pytest.raises(BadInputError, match="answer_field"):
        prime_verifiers.item_of(SimpleNamespace(prompt_text="q"), trace)
    other = SimpleNamespace(solution="8", prompt_text="q")
    assert prime_verifiers.item_of(other, trace, answer_field="solution")["gold"] == "8"


def test_undecided_raises_or_scores_zero():
    judge = RecordingJudge(verdict=None)
    strict = make_reward(_hybrid(judge))
    task, trace = _standin("So \\boxed{9}.", "8")
    with pytest.raises(UndecidedRewardError, match="judge_undecided"):
        asyncio.run(strict(task, trace))
    assert trace.info["rlverify"]["undecided"] is True
    lenient = make_reward(_hybrid(judge), on_undecided="zero")
    assert asyncio.run(lenient(*_standin("So \\boxed{9}.", "8"))) == 0.0
    assert judge.calls == 2
    with pytest.raises(BadInputError):
        make_reward(on_undecided="skip")
    with pytest.raises(BadInputError):
        make_reward(HybridVerifier(judge=judge), judge="gullible")


def test_named_verifier_with_options(monkeypatch):
    from rlverify.integrations import _common

    monkeypatch.setattr(_common, "_VERIFIERS", {})  # a fresh cache: the hybrid below gets the stub rules
    monkeypatch.setattr("rlverify.hybrid.get_verifier", lambda name, **options: UnsureRules())
    hybrid = make_reward("hybrid", judge="gullible")
    assert asyncio.run(hybrid(*_standin("So \\boxed{9}.", "8"))) == 1.0  # the gullible judge accepts


# --- the real package -------------------------------------------------------------------------
