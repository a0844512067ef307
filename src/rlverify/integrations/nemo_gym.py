"""NeMo Gym's resources-server ``/verify`` shape, answered by an rlverify verifier.

NeMo Gym (nemo-gym 0.4.0, ``nemo_gym/base_resources_server.py`` and
``resources_servers/math_with_judge/app.py``) posts the finished rollout to a resources server::

    {"responses_create_params": {"input": [{"role": "user", "content": "..."}], ...},
     "response": {"output": [{"type": "reasoning", ...},
                             {"type": "message", "content": [{"type": "output_text", "text": "..."}]}]},
     "question": "...", "expected_answer": "..."}            # the math_with_judge task fields

and reads back the request echoed with its verdict fields added. rlverify answers::

    {...the request..., "reward": 1.0 | 0.0, "extracted_answer": "83/499" | null,
     "mask_sample": false | true,          # true when the verdict is undecided (judge gave no decision)
     "verdict_source": "rule" | "guard" | "judge", "verdict_flags": ["..."]}

The response text is the ``output_text`` of every ``message`` item, joined (reasoning items are
skipped), as math_with_judge does. The question is ``question`` when given, else the last user
message of ``responses_create_params.input``. The gold is ``expected_answer`` (a list of acceptable
answers is allowed), with outer ``\\(...\\)`` or ``$...$`` removed as math_with_judge does.
``mask_sample`` is the field NeMo Gym's agents use to keep a sample out of the GRPO loss.

Library: :func:`verify` (one request dict -> response dict). Server: ``POST /nemo_gym/verify`` on
``rlverify serve`` (same body, same answer). NeMo Gym's agents call ``/verify`` on the resources
server they are configured with; to plug rlverify in, a resources server's ``verify`` can return
``rlverify.integrations.nemo_gym.verify(body.model_dump())`` (or forward the body to
``/nemo_gym/verify``).
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from ..errors import BadInputError
from ..verdict import Verdict
from ._common import cached_verifier, golds_of, message_text, verify_items

__all__ = ["verify", "verify_many", "verify_item", "verify_response", "response_text", "question_text", "parse_body"]


def response_text(response: Any) -> str:
    """The ``output_text`` of every ``message`` output item, joined (NeMo Gym's reading)."""
    if not isinstance(response, Mapping):
        raise BadInputError("'response' must be a Responses API object with an 'output' list")
    output = response.get("output")
    if not isinstance(output, list):
        raise BadInputError("'response.output' must be a list of output items")
    parts = []
    for item in output:
        if not isinstance(item, Mapping) or item.get("type") != "message":
            continue
        content = item.get("content")
        for c in content if isinstance(content, list) else ():
            if isinstance(c, Mapping) and c.get("type") == "output_text" and isinstance(c.get("text"), str):
                parts.append(c["text"])
    return "".join(parts)


def question_text(body: Mapping[str, Any]) -> str | None:
    """``question`` when given, else the last user message of ``responses_create_params.input``."""
    question = body.get("question")
    if isinstance(question, str) and question:
        return question
    params = body.get("responses_create_params")
    messages = params.get("input") if isinstance(params, Mapping) else None
    if isinstance(messages, str):
        return messages or None
    users = [m for m in messages or () if isinstance(m, Mapping) and m.get("role") == "user"]
    if not users:
        return None
    content = users[-1].get("content")
    if isinstance(content, list):  # Responses API content parts: {"type": "input_text", "text": ...}
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping)) or None
    return message_text(users[-1]) or None


def _strip_delimiters(gold: str) -> str:
    """math_with_judge's ``_strip_math_delimiters``: outer ``\\(...\\)`` or ``$...$``."""
    s = gold.strip()
    if s.startswith("\\(") and s.endswith("\\)"):
        s = s[2:-2].strip()
    if len(s) > 1 and s.startswith("$") and s.endswith("$"):
        s = s[1:-1].strip()
    return s


def verify_item(body: Mapping[str, Any]) -> dict[str, Any]:
    """The rlverify item (response, gold, question) of a NeMo Gym verify request."""
    if not isinstance(body, Mapping):
        raise BadInputError("a NeMo Gym verify request must be a JSON object")
    if "expected_answer" not in body or body["expected_answer"] is None:
        raise BadInputError("the verify request has no 'expected_answer' (the reference answer)")
    golds = [_strip_delimiters(g) for g in golds_of(body["expected_answer"])]
    return {"response": response_text(body.get("response")), "gold": golds if len(golds) > 1 else golds[0],
            "question": question_text(body)}


def verify_response(body: Mapping[str, Any], verdict: Verdict) -> dict[str, Any]:
    """The request echoed with the verdict's NeMo Gym fields."""
    return {**body, "reward": float(verdict.score), "extracted_answer": verdict.extracted,
            "mask_sample": bool(verdict.undecided), "verdict_source": verdict.source,
            "verdict_flags": list(verdict.flags)}


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")  # NaN/Infinity could not be echoed back as JSON


def parse_body(raw: bytes | str) -> dict[str, Any]:
    """A request body as a dict; malformed JSON or a non-object is a :class:`BadInputError`."""
    try:
        body = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise BadInputError(f"body is not valid JSON ({type(e).__name__})") from None
    if not isinstance(body, dict):
        raise BadInputError("a NeMo Gym verify request must be a JSON object")
    return body


def verify(body: Mapping[str, Any], verifier: str | Any = "rule",
           options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Answer one NeMo Gym ``/verify`` request with ``verifier`` (a registry name or object)."""
    item = verify_item(body)
    v = cached_verifier(verifier, options) if isinstance(verifier, str) else verifier
    return verify_response(body, verify_items(v, [item])[0])


def verify_many(bodies: Sequence[Mapping[str, Any]], verifier: str | Any = "rule",
                options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """:func:`verify` for several requests in one batch (one judge call for the hybrid)."""
    items = [verify_item(b) for b in bodies]
    v = cached_verifier(verifier, options) if isinstance(verifier, str) else verifier
    return [verify_response(b, d) for b, d in zip(bodies, verify_items(v, items))]
