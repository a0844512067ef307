"""A light first try for the one-shot `rlverify verify` process (the rule verifier only).

A fresh process's first CAS helper is forked from a zygote that imports sympy, the LaTeX parser
and pint and verifies one item of each answer family (3-5 s, once per process; the library does not
count it against an item's deadline). Most answers need none of it: ``0.5`` against
``\\frac{1}{2}`` is decided by plain Python readers in a millisecond. So the CLI first starts a
*light* zygote that imports only the rule verifier and refuses the heavy imports
(:data:`BLOCKED`), and verifies the item whole in its helper, bounded from here like a
:mod:`rlverify.runtime.pool` worker (this process imports no part of the rule verifier, so the two
imports do not add up). A comparison that reaches for the CAS, the parser or the units raises
:class:`NeedsWarmHelper` there instead of importing them cold inside the item's deadline; the CLI
then starts over (:func:`start_over`): a fresh process of the same command with the standard zygote,
whose verdict it prints.

Every parse still runs in a bounded helper process and the code that decides is the same. A try that
comes back ``timeout`` or with an error, or used more than half the item's deadline (a cold helper
could have hit a sub-deadline silently), starts over too: the verdict printed is the standard one.
"""

from __future__ import annotations

import os
import sys
from typing import Any

__all__ = ["NeedsWarmHelper", "BLOCKED", "LIGHT_PRELOAD", "refuse_heavy_imports", "usable", "light_verdict",
           "start_over"]

# What the standard zygote imports or builds and the light one refuses (top-level module names).
BLOCKED = ("sympy", "mpmath", "latex2sympy2_extended", "antlr4", "pint", "flexcache", "flexparser", "numpy")
LIGHT_PRELOAD = ("rlverify.runtime.bounded", "rlverify.rule.verifier", "rlverify.cli._light:refuse_heavy_imports")


class NeedsWarmHelper(BaseException):
    """Raised in a light helper by an import of a :data:`BLOCKED` module. A BaseException, so that
    no ``except Exception`` on the way (a stage treating a failure as 'does not apply') can turn it
    into a different verdict: it reaches the CLI, which starts over with the standard zygote."""


class _Refuse:
    """A meta path finder that refuses the :data:`BLOCKED` modules."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name.partition(".")[0] in BLOCKED:
            raise NeedsWarmHelper(name)
        return None


def refuse_heavy_imports() -> None:
    """Preload step of the light zygote (inherited by its helpers)."""
    if not any(isinstance(f, _Refuse) for f in sys.meta_path):
        sys.meta_path.insert(0, _Refuse())


def _verify_job(response: str, gold: str, question: str | None) -> Any:
    """Runs in the light helper: the whole rule verification (its bounded steps inline, as in a
    :mod:`rlverify.runtime.pool` worker: the parent's deadline is the bound)."""
    from ..rule.verifier import RuleVerifier

    return RuleVerifier().verify(response, gold, question)


def usable() -> bool:
    """A light try makes sense: no helper in this process yet, not inline, and
    ``$RLVERIFY_HELPER_PRELOAD`` not set by the user."""
    from ..runtime import bounded

    return os.environ.get(bounded.PRELOAD_ENV) is None and not bounded.is_inline() and not bounded.helper_pids()


def light_verdict(response: str, gold: str, question: str | None) -> Any:
    """The rule verdict from a light helper, or None when it cannot be trusted to be the standard
    process's verdict (a heavy import refused, a timeout, an error, or more than half the item's
    deadline used): then :func:`start_over`. This process imports no part of the rule verifier."""
    from ..runtime import bounded
    from ..runtime.limits import DEFAULT_ITEM_TIMEOUT

    os.environ[bounded.PRELOAD_ENV] = ",".join(LIGHT_PRELOAD)  # read when the zygote starts
    try:
        bounded.warm_up(n=1, parser=False)  # the helper's start-up, before the item's clock starts
    except Exception:  # noqa: BLE001 - BoundExceeded, OSError...: the standard process says what went wrong
        return None
    finally:
        os.environ.pop(bounded.PRELOAD_ENV, None)
    try:
        verdict = bounded.run_bounded(_verify_job, response, gold, question, timeout=DEFAULT_ITEM_TIMEOUT + _SLACK)
    except (NeedsWarmHelper, Exception):  # noqa: BLE001 - whatever it was, the standard process says it
        return None
    if "timeout" in verdict.flags or "error" in verdict.flags or verdict.seconds > DEFAULT_ITEM_TIMEOUT / 2:
        return None
    return verdict


_SLACK = 0.05  # seconds of round trip on top of the item's deadline (as rlverify.runtime.pool)


def start_over(argv: list[str], response: str, from_stdin: bool) -> None:
    """Replace this process with a standard ``rlverify`` run of the same arguments (``main(argv)``
    called with a list does not try the light zygote again). A response read from stdin is handed
    over in a temporary file on stdin."""
    import tempfile

    from ..runtime import bounded

    bounded.shutdown()
    if from_stdin:
        f = tempfile.TemporaryFile()
        f.write(response.encode("utf-8", "surrogateescape"))
        f.seek(0)
        os.dup2(f.fileno(), 0)
    sys.stdout.flush()
    sys.stderr.flush()
    xopts = [f"-X{k}" if v is True else f"-X{k}={v}" for k, v in sys._xoptions.items()]
    code = "import sys; from rlverify.cli import main; sys.exit(main(sys.argv[1:]))"
    os.execv(sys.executable, [sys.executable, *xopts, "-c", code, *argv])
