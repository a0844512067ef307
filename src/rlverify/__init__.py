"""rlverify: decide whether a model's answer matches a reference answer.

Public API::

    verify(response, gold, question=None, verifier="rule", **options) -> Verdict
    get_verifier(name, **options) -> Verifier
    Verdict, Verifier, available_verifiers, errors (RLVerifyError tree)
"""

from __future__ import annotations

from typing import Any

from .errors import (
    BadInputError,
    BoundExceeded,
    JudgeUnavailableError,
    MissingDependencyError,
    RLVerifyError,
    UnknownVerifierError,
)
from .registry import available_verifiers, get_verifier, register
from .verdict import BaseVerifier, Verdict, Verifier

__version__ = "0.1.0"

__all__ = [
    "verify",
    "get_verifier",
    "available_verifiers",
    "register",
    "Verdict",
    "Verifier",
    "BaseVerifier",
    "RLVerifyError",
    "UnknownVerifierError",
    "MissingDependencyError",
    "BadInputError",
    "BoundExceeded",
    "JudgeUnavailableError",
    "__version__",
]

_CACHE: dict[tuple, Any] = {}


def verify(response: str, gold: str, question: str | None = None, verifier: str = "rule",
           **options: Any) -> Verdict:
    """Verify one response against a reference answer with the verifier named ``verifier``."""
    try:
        key = (verifier, tuple(sorted(options.items())))
        hash(key)
    except TypeError:  # unhashable option (e.g. a judge object): build a fresh verifier
        return get_verifier(verifier, **options).verify(response, gold, question)
    v = _CACHE.get(key)
    if v is None:
        v = _CACHE[key] = get_verifier(verifier, **options)
    return v.verify(response, gold, question)
