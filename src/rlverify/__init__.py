"""rlverify: decide whether a model's answer matches a reference answer.

Public API::

    verify(response, gold, question=None, verifier="rule", **options) -> Verdict
    get_verifier(name, **options) -> Verifier
    Verdict, Verifier, Flag, available_verifiers, errors (RLVerifyError tree)

The package is laid out by responsibility (each package's docstring says what it may import):
``rule`` (the rule verifier), ``guard``, ``judge``, ``hybrid``, ``runtime`` (bounded helpers, pool,
caches, settings), ``analysis`` (evaluate, report, probe, monitor), ``integrations``, ``cli``.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from typing import Any

from .errors import (
    BadInputError,
    BoundExceeded,
    JudgeUnavailableError,
    MissingDependencyError,
    RLVerifyError,
    UnknownVerifierError,
)
from .flags import Flag
from .registry import available_verifiers, get_verifier, register
from .verdict import BaseVerifier, Outcome, Verdict, Verifier

__version__ = "0.1.0"

__all__ = [
    "verify",
    "get_verifier",
    "available_verifiers",
    "register",
    "Verdict",
    "Outcome",
    "Verifier",
    "BaseVerifier",
    "RLVerifyError",
    "UnknownVerifierError",
    "MissingDependencyError",
    "BadInputError",
    "BoundExceeded",
    "JudgeUnavailableError",
    "Flag",
    "warm_up",
    "__version__",
]

from .runtime.caches import LRU as _LRU  # noqa: E402

_CACHE = _LRU("api.verifiers")   # (verifier, options) -> verifier


def warm_up() -> None:
    """Start a CAS helper process and verify one item of each answer family now (a few seconds,
    once per process). Optional: the start-up of a process's first helper is not counted against an
    item's deadline, so the first verdicts are right without it; it only moves that wait (and the
    parsers' warm-up) before the first item, e.g. out of the first training step. The integrations,
    the server and ``rlverify eval``/``probe``/``monitor`` call it."""
    from .integrations._common import warm_process

    warm_process()


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


# Old import paths (before the layout by responsibility) keep working: ``rlverify.rules``,
# ``rlverify.monitor``, ``rlverify.evaluate``... are the modules at their new places.
_MOVED = {
    "rlverify.rules": "rlverify.rule.verifier",
    "rlverify.fastpath": "rlverify.rule.fastpath",
    "rlverify.sanitize": "rlverify.rule.sanitize",
    "rlverify.extract": "rlverify.rule.extract",
    "rlverify.answers": "rlverify.rule.answers",
    "rlverify.bounded": "rlverify.runtime.bounded",
    "rlverify.pool": "rlverify.runtime.pool",
    "rlverify.limits": "rlverify.runtime.limits",
    "rlverify.evaluate": "rlverify.analysis.evaluate",
    "rlverify.report": "rlverify.analysis.report",
    "rlverify.attacks": "rlverify.analysis.attacks",
    "rlverify.pathological": "rlverify.analysis.pathological",
    "rlverify.monitor": "rlverify.analysis.monitor",
    "rlverify.commands": "rlverify.cli",
}


class _MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Resolves an old module path (and its submodules) to the module at its new place."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        for old, new in _MOVED.items():
            if fullname == old or fullname.startswith(old + "."):
                return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec: Any) -> Any:
        for old, new in _MOVED.items():
            if spec.name == old or spec.name.startswith(old + "."):
                module = importlib.import_module(new + spec.name[len(old):])
                self._specs[id(module)] = module.__spec__  # the import system overwrites it
                return module
        raise ImportError(spec.name)  # pragma: no cover - find_spec matched it

    def exec_module(self, module: Any) -> None:
        module.__spec__ = self._specs.pop(id(module), module.__spec__)

    _specs: dict[int, Any] = {}


if not any(isinstance(f, _MovedModules) for f in sys.meta_path):
    sys.meta_path.append(_MovedModules())
