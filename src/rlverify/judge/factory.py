"""Build a judge from a spec: a judge object, or a backend name with its options.

    make_judge(obj)                                    -> obj (anything with .judge(items))
    make_judge("openai", base_url=..., model=...)      -> OpenAIJudge
    make_judge("transformers", model_name_or_path=...) -> TransformersJudge
    make_judge("verl-genrm", router_address="host:port", model=...) -> VerlGenRMJudge (verl's GenRM route)
    make_judge("gullible") / make_judge("recording")   -> simulated judges (rlverify.judge.simulated)
    make_judge("oracle")                               -> OracleJudge: a row's gold label, labelled evaluation only
"""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import BadInputError, RLVerifyError
from .base import Judge

__all__ = ["make_judge", "JUDGE_BACKENDS"]

JUDGE_BACKENDS = ("openai", "transformers", "verl-genrm", "gullible", "recording", "swayed", "oracle")
_REQUIRED = {"openai": ("base_url", "model"), "transformers": ("model_name_or_path",),
             "verl-genrm": ("router_address", "model")}
_SIMULATED = {"gullible": "GullibleJudge", "recording": "RecordingJudge"}


def make_judge(spec: Any, **options: Any) -> Judge:
    """A judge for ``spec`` (see the module docstring)."""
    if isinstance(spec, Judge):
        if options:
            raise BadInputError(f"options {sorted(options)} given with a ready judge object {spec!r}")
        return spec
    if not isinstance(spec, str) or spec not in JUDGE_BACKENDS:
        raise BadInputError(f"unknown judge {spec!r}; use one of {', '.join(JUDGE_BACKENDS)} "
                            "or an object with .judge(items)")
    missing = [k for k in _REQUIRED.get(spec, ()) if not options.get(k)]
    if missing:
        raise BadInputError(f"the {spec} judge needs {' and '.join(missing)}")
    cls = _backend_class(spec)
    try:
        return cls(**options)
    except TypeError as e:  # an unknown or misspelt option
        raise BadInputError(f"bad options for the {spec} judge: {e}") from None


def _backend_class(spec: str) -> Any:
    if spec == "openai":
        from .openai_judge import OpenAIJudge

        return OpenAIJudge
    if spec == "transformers":
        from .transformers_judge import TransformersJudge

        return TransformersJudge
    if spec == "verl-genrm":
        from .verl_genrm import VerlGenRMJudge

        return VerlGenRMJudge
    if spec == "oracle":  # the gold label of the row under labelled evaluation (judge.oracle; issue 30)
        from .oracle import OracleJudge

        return OracleJudge
    if spec == "swayed":  # honest where the rules can read the answer, "correct" where not (judge.swayed)
        from .swayed import SwayedJudge

        return SwayedJudge
    return _simulated(spec)


def _simulated(spec: str) -> Any:
    try:
        module = importlib.import_module("rlverify.judge.simulated")
    except ModuleNotFoundError as e:
        if e.name != "rlverify.judge.simulated":
            raise
        raise RLVerifyError(f"the {spec!r} judge is not available (rlverify.judge.simulated is missing)") from None
    cls = getattr(module, _SIMULATED[spec], None)
    if cls is None:
        raise RLVerifyError(f"rlverify.judge.simulated has no {_SIMULATED[spec]} for the {spec!r} judge")
    return cls
