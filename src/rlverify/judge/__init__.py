"""LLM judges behind one interface.

    Judge / JudgeItem / JudgeResult   the protocol (rlverify.judge.base)
    make_judge(spec, **options)       a judge object, "openai", "transformers", "gullible", "recording"
    OpenAIJudge                       any OpenAI-compatible chat server (vLLM, SGLang, llama.cpp)
    TransformersJudge                 a local model (extra rlverify[local]); imported lazily
    JudgeVerifier                     registry name "judge": extract the answer, then judge it
    Template, load_template           prompt templates (TEMPLATE_NAMES); parse_decision: strict parsing
    JudgeCache                        bounded LRU of decisions with hit/miss counters

Real use with a served judge (any OpenAI-compatible server: vLLM, SGLang, llama.cpp)::

    vllm serve TIGER-Lab/general-verifier --port 8000
    rlverify judge-check --base-url http://localhost:8000/v1 --model TIGER-Lab/general-verifier \
        --template general-verifier-style                     # agreement, latency, parse failures
    rlverify eval --verifier judge --option judge.judge=openai \
        --option judge.base_url=http://localhost:8000/v1 --option judge.model=TIGER-Lab/general-verifier \
        --option judge.template=general-verifier-style
    # or, for the CLI and the reward server: RLVERIFY_JUDGE_BASE_URL / RLVERIFY_JUDGE_MODEL
    #   (optional RLVERIFY_JUDGE_API_KEY, RLVERIFY_JUDGE_TEMPLATE) and --verifier judge

The study's judge kinds: small dedicated verifiers (general-verifier, xVerify) with greedy decoding
(the default temperature 0), and long-CoT models (R1-distilled Qwen) with temperature 0.6, top-p 0.95
and a large ``max_tokens``; their ``<think>...</think>`` is skipped by the parser. Pick the template
matching the judge's training format (``xverify-style`` for xVerify; ``study``/``study-question``
for general instruction models).
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
