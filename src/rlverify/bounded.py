"""Run a function with a hard deadline that works from any thread (no SIGALRM).

Interface used by the rest of the package::

    run_bounded(fn, *args, timeout=DEFAULT_CAS_TIMEOUT) -> fn(*args)
        raises BoundExceeded when the deadline passes.

``fn`` must be a picklable module-level function and its arguments and result
picklable, because the real implementation runs it in a killable helper process.

NOTE: placeholder implementation (inline call, no hard bound). Replaced by the
process-backed implementation of the speed issue.
"""

from __future__ import annotations

from typing import Any, Callable

from .errors import BoundExceeded
from .limits import DEFAULT_CAS_TIMEOUT

__all__ = ["run_bounded", "BoundExceeded"]


def run_bounded(fn: Callable[..., Any], *args: Any, timeout: float = DEFAULT_CAS_TIMEOUT) -> Any:
    return fn(*args)
