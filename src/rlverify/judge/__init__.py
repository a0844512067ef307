"""LLM judges behind one interface.

    Judge / JudgeItem / JudgeResult   the protocol (rlverify.judge.base)
    make_judge(spec, **options)       a judge object, "openai", "transformers", "gullible", "recording"
    OpenAIJudge                       any OpenAI-compatible chat server (vLLM, SGLang, llama.cpp)
    TransformersJudge                 a local model (extra rlverify[local]); imported lazily
    JudgeVerifier                     registry name "judge": extract the answer, then judge it
    Template, load_template           prompt templates (TEMPLATE_NAMES); parse_decision: strict parsing
    JudgeCache                        bounded LRU of decisions with hit/miss counters
"""

from __future__ import annotations

from typing import Any

from .base import Judge, JudgeItem, JudgeResult
from .cache import JudgeCache
from .factory import JUDGE_BACKENDS, make_judge
from .openai_judge import OpenAIJudge
from .parsing import Decision, parse_decision
from .prompts import TEMPLATE_NAMES, Template, load_template

__all__ = [
    "Judge", "JudgeItem", "JudgeResult", "JudgeCache", "make_judge", "JUDGE_BACKENDS",
    "OpenAIJudge", "TransformersJudge", "JudgeVerifier", "Decision", "parse_decision",
    "Template", "TEMPLATE_NAMES", "load_template",
]


def __getattr__(name: str) -> Any:
    """Lazy exports: TransformersJudge (torch) and JudgeVerifier (pulls in extraction)."""
    if name == "TransformersJudge":
        from .transformers_judge import TransformersJudge

        return TransformersJudge
    if name == "JudgeVerifier":
        from .verifier import JudgeVerifier

        return JudgeVerifier
    raise AttributeError(f"module 'rlverify.judge' has no attribute {name!r}")
