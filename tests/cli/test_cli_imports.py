"""`rlverify verify` answers fast because the CLI process imports nothing heavy (issue 28 item 5).

The imports are read with ``python -X importtime``: no timed assertion (benchmarks/cli_startup.py
measures the wall time). An answer that needs no CAS is verified in a helper of the light zygote,
and the CLI process imports no part of the rule verifier; one that needs the CAS starts the
process over with the standard zygote and still gets its verdict.
"""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("sympy", "mpmath", "latex2sympy2_extended", "antlr4", "pint", "numpy", "torch", "transformers", "rich",
         "fastapi", "starlette", "uvicorn", "httpx", "click", "pygments", "matplotlib", "tqdm", "math_verify",
         "openai", "pandas", "ray", "pydantic")
EXAMPLE = ["verify", "--gold", "\\frac{1}{2}", "So the probability is \\boxed{0.5}."]


def _imports(args: list[str], stdin: str | None = None) -> tuple[subprocess.CompletedProcess, list[str]]:
    p = subprocess.run([sys.executable, "-X", "importtime", *args], input=stdin, capture_output=True, text=True,
                       timeout=120)
    names = [line.rsplit("|", 1)[1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")]
    return p, names[1:]  # the first line is the header


def _heavy(names: list[str]) -> list[str]:
    return sorted({n for n in names if n.split(".")[0] in HEAVY})


def test_importing_the_cli_imports_nothing_heavy():
    p, names = _imports(["-c", "import rlverify.cli"])
    assert p.returncode == 0, p.stderr[-2000:]
    assert "rlverify.cli" in names
    assert _heavy(names) == []


def test_help_imports_nothing_heavy():
    p, names = _imports(["-m", "rlverify.cli", "--help"])
    assert p.returncode == 0, p.stderr[-2000:]
    assert _heavy(names) == []


def test_verify_needs_no_heavy_import_and_no_rule_verifier_in_the_cli_process():
    p, names = _imports(["-m", "rlverify.cli", *EXAMPLE])
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.startswith("CORRECT   score=1 source=rule extracted='0.5'"), p.stdout
    assert names.count("rlverify.cli") == 1, "the process started over: the light helper did not decide it"
    assert _heavy(names) == []
    assert not [n for n in names if n.startswith("rlverify.rule.")], "the CLI process imported the rule verifier"


def test_an_answer_that_needs_the_cas_starts_over_and_gets_its_verdict():
    p, names = _imports(["-m", "rlverify.cli", "verify", "--json", "--gold", "(x+1)^2", "-"],
                        stdin="So the answer is \\boxed{x^2+2x+1}.")
    assert p.returncode == 0, p.stderr[-2000:]
    verdict = json.loads(p.stdout)
    assert (verdict["correct"], verdict["extracted"], verdict["flags"]) == (True, "x^2+2x+1", [])
    assert names.count("rlverify.cli") == 2  # -X importtime travels with the start-over
    assert "BrokenPipeError" not in p.stderr and "Traceback" not in p.stderr


def test_main_called_with_a_list_does_not_start_over(capsys):
    """In-process callers (tests, scripts) get the standard path: main(argv) never replaces the process."""
    from rlverify.cli import main

    assert main(["verify", "--gold", "(x+1)^2", "So \\boxed{x^2+2x+1}."]) == 0
    assert capsys.readouterr().out.startswith("CORRECT")
