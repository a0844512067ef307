"""One registry of verifiers by name.

Factories register with :func:`register`; :func:`get_verifier` builds one by name.
Built-in verifiers are registered lazily on first lookup so that optional extras
(Math-Verify, judges) are imported only when asked for.

Every verifier that subclasses :class:`~rlverify.verdict.BaseVerifier` (all the built-in ones)
answers a missing, empty or blank reference with an undecided verdict flagged ``invalid_gold``
before its own code runs (:func:`rlverify.verdict.invalid_gold`); a registered verifier that only
follows the :class:`~rlverify.verdict.Verifier` protocol must make that check itself.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any, Callable

from .errors import UnknownVerifierError
from .verdict import Verifier

__all__ = ["register", "get_verifier", "available_verifiers"]

_FACTORIES: dict[str, Callable[..., Any]] = {}

# Modules that register built-in verifiers when imported. A module that is not
# present yet (feature not built) is skipped; any other import error propagates.
_BUILTIN_MODULES = (
    "rlverify.rule.verifier",
    "rlverify.baselines",
    "rlverify.judge.verifier",
    "rlverify.hybrid",
)
# The built-in module that registers each built-in name: get_verifier("rule") imports the rule
# verifier only (not the judges' httpx, rich...). Every module is imported before a name that is
# not here is looked up, and by available_verifiers().
_BUILTIN_NAMES = {
    "rule": "rlverify.rule.verifier",
    "math-verify": "rlverify.baselines",
    "judge": "rlverify.judge.verifier",
    "hybrid": "rlverify.hybrid",
}
_loaded = False
# Held while the built-in modules import: a second thread asking for a verifier waits for
# them instead of seeing a half-filled registry. Re-entrant: a module being imported may
# itself look a verifier up (hybrid builds its rule stage).
_LOAD_LOCK = threading.RLock()


def register(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def deco(factory: Callable[..., Any]) -> Callable[..., Any]:
        _FACTORIES[name] = factory
        return factory

    return deco


def _load_builtins() -> None:
    """Import the built-in modules once; ``_loaded`` turns True only after all of them did."""
    global _loaded
    if _loaded:
        return
    with _LOAD_LOCK:
        if _loaded:
            return
        for mod in _BUILTIN_MODULES:
            try:
                importlib.import_module(mod)
            except ModuleNotFoundError as e:
                if e.name != mod:
                    raise
        _loaded = True


def _load_one(name: str) -> None:
    """Import the built-in module that registers ``name`` (all of them for another name)."""
    mod = _BUILTIN_NAMES.get(name)
    if mod is None or _loaded:
        _load_builtins()
        return
    with _LOAD_LOCK:
        importlib.import_module(mod)


def available_verifiers() -> list[str]:
    _load_builtins()
    return sorted(_FACTORIES)


def get_verifier(name: str, **options: Any) -> Verifier:
    """Build the verifier registered as ``name`` with ``options``."""
    _load_one(name)
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise UnknownVerifierError(
            f"unknown verifier {name!r}; available: {', '.join(sorted(_FACTORIES))}"
        ) from None
    return factory(**options)
