"""Every ``RLVERIFY_*`` environment variable rlverify reads, in one list, and process settings.

A variable read anywhere in the package must be listed in :data:`ENVIRONMENT` (a test greps the
source for ``RLVERIFY_`` names and fails on an unlisted one). Readers call :func:`env`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

__all__ = ["Setting", "ENVIRONMENT", "env", "SWITCH_INTERVAL"]

SWITCH_INTERVAL = 0.0005  # seconds; Python's default 0.005 adds up to 5 ms per thread handover (server)


@dataclass(frozen=True)
class Setting:
    name: str
    default: str | None
    doc: str


ENVIRONMENT: tuple[Setting, ...] = (
    Setting("RLVERIFY_SHARED_DATA", None,
            "folder with corpora/ and problems/ (default: the repository's vendored data/)"),
    Setting("RLVERIFY_JUDGE_BASE_URL", None, "OpenAI-compatible judge endpoint for the CLI/server"),
    Setting("RLVERIFY_JUDGE_MODEL", None, "judge model name for the CLI/server"),
    Setting("RLVERIFY_JUDGE_API_KEY", None, "judge API key"),
    Setting("RLVERIFY_JUDGE_TEMPLATE", None, "judge prompt template name"),
    Setting("RLVERIFY_TOKEN", None, "bearer token of `rlverify serve` (same as --token)"),
    Setting("RLVERIFY_VERIFIER", "rule", "verifier of the OpenRLHF file-loaded reward function"),
    Setting("RLVERIFY_WORKERS", None, "worker processes of the OpenRLHF file-loaded reward function"),
    Setting("RLVERIFY_SERVE_APP", None, "internal: app config handed to `rlverify serve --http-workers` children"),
    Setting("RLVERIFY_CONTEXT", "on", "off/0/false/no turns the context rules (units, angles, rounding...) off (ablations)"),
    Setting("RLVERIFY_BOUNDED_INLINE", None, "1: this process's parent already enforces deadlines, run bounded jobs inline"),
    Setting("RLVERIFY_MAX_HELPERS", "4", "most concurrent bounded helper processes per process"),
    Setting("RLVERIFY_RAISE_ON_ERROR", None, "1: RuleVerifier re-raises internal errors (the test suite sets it)"),
    Setting("RLVERIFY_HELPER_PRELOAD", None, "comma-separated modules (module:function) the helper zygote preloads; replaces the default list"),
)


def env(name: str) -> str | None:
    """The value of a listed ``RLVERIFY_*`` variable (its default when unset)."""
    for s in ENVIRONMENT:
        if s.name == name:
            return os.environ.get(name, s.default)
    raise KeyError(f"{name} is not a listed rlverify setting")
