"""First use from many threads at once, in fresh interpreters: every lazy initialisation
(the registry's built-ins, verifier caches, parsers, the helper zygote and its helpers) must
be safe when 8 threads reach it together. Issue 18: 3 of 4 threads raised
UnknownVerifierError when the registry marked its built-ins loaded before importing them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

# Runs in each fresh interpreter: 8 threads released together, each calling verify,
# get_verifier and verify_batch on answers decided in-process and by the CAS helpers.
_SCRIPT = r"""
import json, threading, traceback
import rlverify

barrier = threading.Barrier(8)
errors, verdicts = [], []

def work(k):
    try:
        barrier.wait()
        verdicts.append(rlverify.verify("so \\boxed{%d}" % k, str(k)).correct)
        v = rlverify.get_verifier("rule", timeout=0.5)
        out = v.verify_batch([{"response": "\\boxed{\\frac{1}{2}}", "gold": "0.5"},
                              {"response": "\\boxed{x^2+2x+1}", "gold": "(x+1)^2"}])
        verdicts.extend(o.correct or "timeout" in o.flags for o in out)
        rlverify.available_verifiers()
    except BaseException as e:
        errors.append("".join(traceback.format_exception_only(type(e), e)).strip())

threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps({"errors": errors, "verdicts": verdicts}))
"""

N_PROCESSES = 20
AT_ONCE = 4


def _start() -> subprocess.Popen:
    # The zygote preloads nothing here (it would import sympy in each of the 20 interpreters):
    # its start, and the helpers' lazy imports, still race with the 8 threads.
    env = {**os.environ, "RLVERIFY_HELPER_PRELOAD": ""}
    return subprocess.Popen([sys.executable, "-c", _SCRIPT], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_concurrent_first_use_in_fresh_interpreters_raises_nothing() -> None:
    deadline = time.monotonic() + 240
    results, running, started = [], [], 0
    while started < N_PROCESSES or running:
        while started < N_PROCESSES and len(running) < AT_ONCE:
            running.append(_start())
            started += 1
        p = running.pop(0)
        out, err = p.communicate(timeout=max(1.0, deadline - time.monotonic()))
        assert p.returncode == 0, err[-2000:]
        results.append(json.loads(out.strip().splitlines()[-1]))
    errors = [e for r in results for e in r["errors"]]
    assert errors == [], errors[:3]
    assert len(results) == N_PROCESSES
    assert all(len(r["verdicts"]) == 8 * 3 and all(r["verdicts"]) for r in results)
