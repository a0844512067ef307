"""The verifiers v1 reward plugged into the real ``verifiers`` package (a real ``Task`` scores a real
``Trace``). verifiers 0.4.0 needs openai<3, so these cases run only in ``.venv-verifiers`` (made by
``locks/venvs.py install verifiers``, which `make test` runs), driven by
``test_real_verifiers.py``; this file's name keeps the project venv's pytest from collecting it.
"""

from __future__ import annotations

import asyncio

import pytest

PATH = "rlverify.integrations.prime_verifiers:reward"


def _real_task(answer: str, reply: str, fn: str = PATH):
    import verifiers.v1 as vf
    from verifiers.v1.configs.task import RewardFunctionConfig, TaskConfig
    from verifiers.v1.task import Task, WireTaskData
    from verifiers.v1.trace import Trace, TraceTask

    data = WireTaskData(prompt="Solve: what is 3 + 5?", answer=answer)
    task = Task(data, TaskConfig(rewards={"correct": RewardFunctionConfig(fn=fn, weight=2.0)}))
    trace = Trace(task=TraceTask(type="Task", data=data, key=task.key, hash=task.hash),
                  agent=vf.AgentInfo(config=vf.AgentConfig(), name="solver", trainable=False))
    trace.nodes.append(vf.MessageNode(message=vf.UserMessage(content="Solve: what is 3 + 5?")))
    trace.nodes.append(vf.MessageNode(parent=0, sampled=True, message=vf.AssistantMessage(content=reply)))
    return task, trace


@pytest.mark.parametrize("reply, score", [("So the answer is \\boxed{8}.", 1.0), ("It is \\boxed{9}.", 0.0)])
def test_real_task_scores_the_plugged_reward(reply, score):
    task, trace = _real_task("8", reply)
    assert trace.last_reply == reply
    asyncio.run(task.score(trace))  # no runtime: offline scoring, our runtime parameter is defaulted
    assert trace.rewards["correct"].score == score and trace.rewards["correct"].weight == 2.0
    assert trace.reward == 2.0 * score
    assert trace.info["rlverify"]["source"] == "rule"


def test_real_task_loads_a_reward_from_a_file(tmp_path):
    module = tmp_path / "my_rewards.py"
    module.write_text("from rlverify.integrations.prime_verifiers import make_reward\n"
                      "correct = make_reward('rule')\n")
    task, trace = _real_task("1/2", "\\boxed{0.5}", fn=f"{module}:correct")
    asyncio.run(task.score(trace))
    assert trace.rewards["correct"].score == 1.0
