"""OpenRLHF's reward protocol, shared by the reward server and a file-loaded reward function.

OpenRLHF scores a rollout by POSTing ``{"query", "prompts", "labels"}`` to
``--remote_rm_url`` (see :mod:`rlverify.integrations.server`), or, when that option names a
``.py`` file, by calling the file's ``reward_func(queries, prompts, labels)`` in a thread.
This module is such a file (it uses absolute imports, as OpenRLHF loads it by path)::

    --remote_rm_url $(python -c "import rlverify.integrations.openrlhf as m; print(m.__file__)")

``RLVERIFY_VERIFIER`` (default ``rule``) and ``RLVERIFY_WORKERS`` pick the verifier and
its pool size for ``reward_func``. A query is prompt + response with special tokens kept:
the response is what follows the prompt, without trailing end-of-turn tokens.
"""

from __future__ import annotations

import os
from typing import Any, Sequence

from rlverify.integrations._common import cached_verifier, verify_items
from rlverify.verdict import Verdict

__all__ = ["reward_func", "reward_payload", "response_from_query", "END_TOKENS"]

END_TOKENS = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "</s>", "<|end|>", "<｜end▁of▁sentence｜>")
_PROMPT_OFFSET = 64  # the prompt may follow a BOS token or a short preamble


def response_from_query(query: str, prompt: str | None) -> str:
    """The response part of an OpenRLHF query (prompt + response, special tokens kept)."""
    text = query
    if prompt:
        i = query.find(prompt)
        if 0 <= i <= _PROMPT_OFFSET:
            text = query[i + len(prompt):]
    stripped = text.rstrip()
    changed = True
    while changed:
        changed = False
        for tok in END_TOKENS:
            if stripped.endswith(tok):
                stripped, changed = stripped[: -len(tok)].rstrip(), True
    return stripped


def reward_payload(verdicts: Sequence[Verdict]) -> dict[str, Any]:
    """OpenRLHF's reply: rewards, scores, and numeric per-sample logs (it makes tensors of them)."""
    scores = [float(v.score) for v in verdicts]
    return {
        "rewards": scores,
        "scores": scores,
        "extra_logs": {
            "acc": [float(v.correct) for v in verdicts],
            "undecided": [float(v.undecided) for v in verdicts],
            "judge": [float(v.source == "judge") for v in verdicts],
            "guard": [float(v.source == "guard") for v in verdicts],
        },
    }


def reward_func(queries: Sequence[str], prompts: Sequence[str | None], labels: Sequence[Any],
                **_: Any) -> dict[str, Any]:
    """OpenRLHF's file-based reward function: verify each query's response against its label."""
    items = [{"response": response_from_query(q, p), "gold": g, "question": p or None}
             for q, p, g in zip(queries, prompts, labels, strict=True)]
    verifier = cached_verifier(os.environ.get("RLVERIFY_VERIFIER", "rule"))
    workers = int(os.environ.get("RLVERIFY_WORKERS", "0")) or None
    return reward_payload(verify_items(verifier, items, workers=workers))
