"""README.md: short, and every command in it runs as written (issue 28 item 7).

Every fenced ``bash`` or ``python`` block is either marked ``<!-- tested: FILE -->`` (the
real-framework snippets: tests/integrations/test_integrations_docs.py checks that they are
regions of FILE, which runs them) or is run here, line by line as pasted:

* ``python`` blocks in a fresh interpreter; a ``print(...)  # TEXT`` line must print TEXT;
* ``bash`` lines with bash, in a scratch folder that sees the repository's ``data/`` and a small
  ``rollouts.jsonl`` written from the bundled sample (the monitor's input); a trailing comment
  that starts with a verdict word (``# CORRECT ...``) is the start of what the line prints;
* ``make TARGET`` lines as ``make -n TARGET`` (what they would run; running them is ``make test``
  itself), ``rlverify serve ...`` on a free loopback port instead of the README's: the test
  waits for ``/health``, sends one OpenRLHF request to ``/reward`` and stops the server.

The commands all start at once (:func:`launched`) and each test waits for its own: about half the
wall time of running them one after another.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
MAX_LINES = 150
_FENCE = re.compile(r"^(?:<!-- tested: (?P<file>\S+) -->\n)?```(?P<lang>[a-z]*)\n(?P<body>.*?)^```", re.S | re.M)
_VERDICT_WORDS = ("CORRECT", "INCORRECT", "UNDECIDED")


def _blocks() -> list[tuple[str, str, str | None]]:
    text = README.read_text(encoding="utf-8")
    return [(m["lang"], m["body"], m["file"]) for m in _FENCE.finditer(text)]


def _shell_lines() -> list[str]:
    return [line for lang, body, marked in _blocks() if lang == "bash" and not marked
            for line in body.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def _python_blocks() -> list[str]:
    return [body for lang, body, marked in _blocks() if lang == "python" and not marked]


def _comment(line: str) -> str:
    """The trailing ``# ...`` of a shell line (outside quotes), or ''."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[i + 1:].strip()
    return ""


def test_readme_is_short():
    n = len(README.read_text(encoding="utf-8").splitlines())
    assert n <= MAX_LINES, f"README.md has {n} lines (at most {MAX_LINES})"


def test_every_code_block_is_tested():
    """A bash/python block is marked (a real-framework snippet) or run here; a marked file exists."""
    blocks = _blocks()
    assert any(lang == "bash" for lang, _, m in blocks if not m) and _python_blocks()
    for lang, body, marked in blocks:
        if marked:
            assert (REPO / marked).is_file(), f"<!-- tested: {marked} --> names no file"
        else:
            assert lang in ("bash", "python", "text", ""), f"a ```{lang} block is neither marked nor run:\n{body}"
            assert lang != "text" and lang != "", f"an unmarked ```{lang} block is not run by any test:\n{body}"


def test_the_options_example_is_valid_json():
    serve = [line for line in _shell_lines() if line.startswith("rlverify serve")]
    assert serve, "the README shows no `rlverify serve` line"
    options = re.search(r"--options '([^']*)'", serve[0])
    assert options, serve[0]
    assert isinstance(json.loads(options.group(1)), dict)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """A scratch folder seeing the repository's data/, with the monitor's rollouts.jsonl."""
    d = tmp_path_factory.mktemp("readme")
    (d / "data").symlink_to(REPO / "data")
    rows = [json.loads(line) for line in (REPO / "src/rlverify/data/sample.jsonl").read_text().splitlines()][:24]
    with open(d / "rollouts.jsonl", "w", encoding="utf-8") as f:
        for i, r in enumerate(rows):  # a logged training run: the reward it gave, the step it gave it at
            f.write(json.dumps({"step": i // 8, "question": r["question"], "gold": r["gold"],
                                "response": r["response"], "reward": float(bool(r["label"]))}) + "\n")
    return d


def _serve_line() -> str:
    return next(line for line in _shell_lines() if line.startswith("rlverify serve"))


def _make_target(line: str) -> str | None:
    m = re.fullmatch(r"make (\S+)\s*(#.*)?", line.strip())
    return m.group(1) if m else None


@pytest.fixture(scope="module")
def launched(workdir: Path):
    """Every README command, started at once: {line or python block: Popen}, and the server's port."""
    port = _free_port()
    procs: dict[str, subprocess.Popen] = {}
    for line in _shell_lines():
        if _make_target(line):
            continue
        if line.startswith("rlverify serve"):
            line, cmd = _serve_line(), re.sub(r"--port \d+", f"--port {port}", line)
        else:
            cmd = line
        procs[line] = subprocess.Popen(["bash", "-c", "exec " + cmd], cwd=workdir, env=_env(),
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for body in _python_blocks():
        procs[body] = subprocess.Popen([sys.executable, "-c", body], cwd=workdir, env=_env(), stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
    yield procs, port
    for p in procs.values():
        if p.poll() is None:
            p.kill()
            p.communicate()


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _finished(proc: subprocess.Popen) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    return proc.returncode, out, err


_MAKE = [line for line in _shell_lines() if _make_target(line)]
_LINES = [line for line in _shell_lines() if not line.startswith("rlverify serve") and not _make_target(line)]


@pytest.mark.parametrize("line", _MAKE)
def test_make_line_names_a_target(line: str):
    assert shutil.which("make"), "make is not installed"
    p = subprocess.run(["make", "-n", _make_target(line)], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr


@pytest.mark.parametrize("line", _LINES, ids=[" ".join(line.split()[:3]) for line in _LINES])
def test_shell_line_runs_as_pasted(line: str, launched):
    rc, out, err = _finished(launched[0][line])
    assert rc == 0, f"{line}\nexit {rc}\n{err[-3000:]}"
    assert "Traceback" not in err, err[-3000:]
    said = _comment(line)
    if said.split(" ", 1)[0] in _VERDICT_WORDS:
        shown, printed = " ".join(said.removesuffix("...").split()), " ".join(out.split())
        assert printed.startswith(shown), f"{line}\nprinted {out!r}"


def test_serve_line_answers_reward_requests(launched):
    assert "--host" not in _serve_line()  # the README's example listens on loopback only (the default)
    proc, port = launched[0][_serve_line()], launched[1]
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, proc.communicate()[1][-3000:]
            try:
                with urllib.request.urlopen(base + "/health", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the server did not answer /health within 120 s"
            time.sleep(0.25)
        prompt = "What is 1/2 as a decimal?"
        body = json.dumps({"query": [prompt + " So the answer is \\boxed{0.5}."], "prompts": [prompt],
                           "labels": ["\\frac{1}{2}"]}).encode()
        req = urllib.request.Request(base + "/reward", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            out = json.loads(r.read())
        assert out["rewards"] == [1.0], out
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
    assert "Traceback" not in err, err[-3000:]


@pytest.mark.parametrize("body", _python_blocks())
def test_python_block_runs_and_prints_what_it_says(body: str, launched):
    rc, out, err = _finished(launched[0][body])
    assert rc == 0, err[-3000:]
    expected = [line.split("#", 1)[1].strip() for line in body.splitlines()
                if line.startswith("print(") and "  # " in line]
    assert out.splitlines() == expected
    assert "Traceback" not in err, err[-3000:]


def _inline_commands() -> list[str]:
    """Commands quoted in the prose (`rlverify ...`, `python benchmarks/...`): the measurements' provenance."""
    text = README.read_text(encoding="utf-8")
    spans = re.findall(r"`((?:rlverify [^`\s]+|(?:python )?benchmarks/[^`\s]+\.py) [^`\n]*)`", text)
    return [s for s in spans if not re.search(r"[{]|\b[A-Z]{4,}\b|\.\.\.", s)]  # no placeholders


@pytest.mark.parametrize("command", _inline_commands())
def test_inline_command_names_real_options(command: str):
    """Too long to run here (minutes to hours), but its program and every option it names exist."""
    import shlex

    from rlverify.cli import build_parser

    args = shlex.split(re.sub(r"\[([^\]]*)\]", r"\1", command))  # an optional [--flag X] is shown as given
    if args[0] == "rlverify":
        try:
            build_parser().parse_args(args[1:])
        except SystemExit as e:
            pytest.fail(f"`{command}` does not parse (exit {e.code})")
        return
    script = REPO / (args[1] if args[0] == "python" else args[0])
    assert script.is_file(), f"`{command}`: no {script}"
    source = script.read_text(encoding="utf-8")
    for opt in (a for a in args if a.startswith("--")):
        assert f'"{opt}"' in source, f"`{command}`: {script.name} has no option {opt}"
