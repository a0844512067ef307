"""First use in a fresh interpreter, without ``rlverify.warm_up()`` (issue 28): the README's first
example came back ``correct=False, flags=('timeout',)`` in 5 of 5 fresh interpreters (the start-up
of the CAS helpers was counted against the item's one-second deadline), and interpreters that
exited while helpers were starting or busy printed a ``BrokenPipeError`` traceback from the zygote."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

_README_FIRST = r"""
import json, rlverify
v = rlverify.verify("So the probability is \\boxed{0.5}.", gold="\\frac{1}{2}")
w = rlverify.verify("\\boxed{x^2+2x+1}", gold="(x+1)^2")
print(json.dumps([v.correct, v.source, str(v.outcome), list(v.flags), w.correct, list(w.flags)]))
"""


def _fresh(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("attempt", range(3))
def test_first_verify_of_a_fresh_interpreter_is_the_warm_verdict(attempt: int) -> None:
    p = _fresh(_README_FIRST)
    assert p.returncode == 0, p.stderr[-2000:]
    correct, source, outcome, flags, correct2, flags2 = json.loads(p.stdout.strip().splitlines()[-1])
    assert (correct, source, flags) == (True, "rule", []), (correct, source, outcome, flags)
    assert outcome.lower().endswith("equal")
    assert (correct2, flags2) == (True, []), flags2  # a second CAS item right after: warm
    assert "Traceback" not in p.stderr, p.stderr[-2000:]


# Interpreters that exit at every stage of the helpers' life: before the zygote answered, while a
# helper is being forked, while it serves a call in a daemon thread, and right after a verdict.
_EXITS = {
    "right_after_a_verdict": 'import rlverify; rlverify.verify("\\\\boxed{2}", gold="2")',
    "while_a_cas_call_runs": (
        "import threading, time, rlverify\n"
        "threading.Thread(target=rlverify.verify, args=('\\\\boxed{x^2+2x+1}', '(x+1)^2'), daemon=True).start()\n"
        "time.sleep({delay})\n"),
    "while_helpers_start": (
        "from rlverify.runtime import bounded\n"
        "import threading, time\n"
        "threading.Thread(target=bounded.warm_up, args=(2,), daemon=True).start()\n"
        "time.sleep({delay})\n"),
}


@pytest.mark.parametrize("case", sorted(_EXITS))
def test_no_traceback_when_an_interpreter_exits_at_any_stage_of_the_helpers(case: str) -> None:
    for delay in (0.0, 0.3, 1.0, 2.5):
        p = _fresh(_EXITS[case].replace("{delay}", str(delay)), timeout=60)
        assert p.returncode == 0, (delay, p.stderr[-2000:])
        assert p.stderr.strip() == "", (case, delay, p.stderr[-2000:])
