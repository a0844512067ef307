"""Exceptions raised by rlverify.

Tree::

    RLVerifyError                 root of everything rlverify raises on purpose
    ├── UnknownVerifierError      a registry name that does not exist
    ├── MissingDependencyError    an optional extra is not installed (message says which)
    ├── BadInputError             user-supplied data is malformed (file:line in the message)
    ├── BoundExceeded             a parse/comparison hit its time or size bound
    └── JudgeUnavailableError     a judge backend cannot be reached

Verifiers never let these escape ``verify``: a bound hit becomes a ``timeout`` flag,
anything else an ``error`` flag. They are raised by factories, loaders and the CLI.
"""

from __future__ import annotations

__all__ = [
    "RLVerifyError",
    "UnknownVerifierError",
    "MissingDependencyError",
    "BadInputError",
    "BoundExceeded",
    "JudgeUnavailableError",
]


class RLVerifyError(Exception):
    """Root of the rlverify exception tree."""


class UnknownVerifierError(RLVerifyError, KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; keep it one readable line
        return str(self.args[0]) if self.args else "unknown verifier"


class MissingDependencyError(RLVerifyError, ImportError):
    pass


class BadInputError(RLVerifyError, ValueError):
    pass


class BoundExceeded(RLVerifyError):
    """A parse or comparison exceeded its time or size bound."""


class JudgeUnavailableError(RLVerifyError):
    pass
