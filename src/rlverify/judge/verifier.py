"""``JudgeVerifier`` (registry name ``judge``): extract the final answer, then ask a judge.

    get_verifier("judge", judge="openai", base_url="http://localhost:8000/v1",
                 model="TIGER-Lab/general-verifier", template="general-verifier-style")
    get_verifier("judge", judge=my_judge_object)

With no ``judge`` option, ``RLVERIFY_JUDGE_BASE_URL`` and ``RLVERIFY_JUDGE_MODEL`` (and optionally
``RLVERIFY_JUDGE_API_KEY``, ``RLVERIFY_JUDGE_TEMPLATE``) select an OpenAI-compatible server, so the
CLI and the reward server can use the judge without code. A response with no extractable answer is
incorrect (flag ``no_answer``) without a judge call; a judge that gives no decision yields an
undecided verdict (flag ``judge_undecided``, plus ``judge_<reason>`` when the backend says why).
An unreachable server raises :class:`~rlverify.errors.JudgeUnavailableError`: a dead judge is a
setup error, not a reward of zero.
"""

from __future__ import annotations

import os
import time
from typing import Any, Mapping, Sequence

from ..errors import BadInputError, RLVerifyError
from ..rule.extract import extract_answer
from ..registry import register
from ..verdict import BaseVerifier, Verdict
from .base import Judge, JudgeItem, JudgeResult
from .factory import make_judge

__all__ = ["JudgeVerifier", "judge_from_env"]


class JudgeVerifier(BaseVerifier):
    name = "judge"

    def __init__(self, judge: Judge) -> None:
        self.judge = judge

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        return self.verify_batch([{"response": response, "gold": gold, "question": question}])[0]

    def verify_batch(self, items: Sequence[Mapping[str, Any]], workers: int | None = None) -> list[Verdict]:
        t0 = time.perf_counter()
        extractions = [extract_answer(str(it.get("response", ""))) for it in items]
        todo = [i for i, ex in enumerate(extractions) if ex.answer is not None]
        asked = [JudgeItem(_opt_str(items[i].get("question")), str(items[i].get("gold", "")),
                           str(extractions[i].answer)) for i in todo]
        results = dict(zip(todo, self._ask(asked))) if asked else {}
        each = (time.perf_counter() - t0) / max(1, len(items))
        verdicts = []
        for i, ex in enumerate(extractions):
            if i not in results:
                verdicts.append(Verdict(False, 0.0, "judge", None, ex.flags + ("no_answer",), each))
            else:
                verdicts.append(_verdict(results[i], ex.answer, each))
        return verdicts

    def _ask(self, items: list[JudgeItem]) -> list[JudgeResult]:
        """One result per item; a decision that is not True/False/None is undecided (``judge_not_bool``),
        so a third-party judge answering "no" is never read as a truthy acceptance."""
        detailed = getattr(self.judge, "judge_detailed", None)
        if callable(detailed):
            out = list(detailed(items))
        else:
            out = [JudgeResult(d) if d is None or isinstance(d, bool) else JudgeResult(None, error="not_bool")
                   for d in self.judge.judge(items)]
        if len(out) != len(items):
            raise RLVerifyError(f"judge {type(self.judge).__name__} returned {len(out)} decisions for "
                                f"{len(items)} items")
        return out


def _verdict(result: JudgeResult, answer: str | None, seconds: float) -> Verdict:
    if result.decision is None:
        flags = ("judge_undecided",) + ((f"judge_{result.error}",) if result.error else ())
        return Verdict(False, 0.0, "judge", answer, flags, seconds, undecided=True)
    flags = ("judge_invalid",) if result.label == "invalid" else ()
    return Verdict(bool(result.decision), 1.0 if result.decision else 0.0, "judge", answer, flags, seconds)


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def judge_from_env() -> Judge:
    """An OpenAI-compatible judge configured by ``RLVERIFY_JUDGE_*`` environment variables."""
    base_url, model = os.environ.get("RLVERIFY_JUDGE_BASE_URL"), os.environ.get("RLVERIFY_JUDGE_MODEL")
    if not base_url or not model:
        raise BadInputError("the judge verifier needs judge=... (an object, 'openai' with base_url and model, "
                            "'transformers' with model_name_or_path) or RLVERIFY_JUDGE_BASE_URL and RLVERIFY_JUDGE_MODEL")
    return make_judge("openai", base_url=base_url, model=model,
                      api_key=os.environ.get("RLVERIFY_JUDGE_API_KEY") or None,
                      template=os.environ.get("RLVERIFY_JUDGE_TEMPLATE") or "study")


@register("judge")
def _judge_verifier(judge: Any = None, **options: Any) -> JudgeVerifier:
    """Registry factory: ``judge`` is a judge object or a backend name (see :func:`make_judge`)."""
    if judge is None:
        if options:
            raise BadInputError(f"options {sorted(options)} need judge='openai' or 'transformers'")
        return JudgeVerifier(judge_from_env())
    return JudgeVerifier(make_judge(judge, **options))
