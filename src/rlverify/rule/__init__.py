"""The rule verifier: sanitize -> extract -> normalize -> typed readings -> compare, every step bounded.

``verifier`` holds :class:`RuleVerifier` (registered as ``rule``); ``sanitize`` the input caps;
``extract`` finds the final-answer span in a response; ``offers`` reads what a response offers
(several candidate values, a gibberish tail); ``fastpath`` decides trivial pairs and memoizes the
rest; ``answers`` reads both sides into typed values and compares them by type (numbers, expressions,
relations, intervals/sets, tuples, matrices, quantities with units, choices, text) under the
question's context.

May import: ``rlverify.runtime`` (bounded helpers, limits, caches), ``rlverify.errors``,
``verdict``, ``flags``, ``registry``. Never ``guard``, ``judge``, ``hybrid``, ``analysis``,
``integrations`` or ``cli`` (the layer test in tests/test_layers.py enforces it).
"""

from typing import Any

__all__ = ["RuleVerifier", "warm_up"]


def __getattr__(name: str) -> Any:
    # Lazy, so that light readers (``rule.offers``, ``rule.extract``) import without the CAS stack.
    if name in __all__:
        from . import verifier

        return getattr(verifier, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
