"""The lock files (issue 28): every venv `make` builds installs exactly its lock in locks/, and the
side venvs see nothing of the project's venv that their lock does not name (an unpinned `kernels`
in .venv broke verl's transformers in the layered side venv on a day nobody changed a line)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[2]
LOCKS = REPO / "locks"
sys.path.insert(0, str(LOCKS))
import venvs  # noqa: E402


def _lock(name: str) -> dict[str, str]:
    return {k: v for k, (_, v) in venvs.read_lock(LOCKS / f"{name}.txt").items()}


def _requirements(extras: list[str]) -> list[Requirement]:
    """The project's requirements with these extras, its own extras expanded."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    optional = project["optional-dependencies"]
    out, todo, seen = [], [""] + extras, set()
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for line in project["dependencies"] if extra == "" else optional[extra]:
            r = Requirement(line)
            if r.marker is not None and not r.marker.evaluate({**default_environment(), "extra": ""}):
                continue
            if canonicalize_name(r.name) == "rlverify":
                todo.extend(r.extras)
            else:
                out.append(r)
    return out


def test_every_lock_line_is_one_exact_version_of_a_distinct_distribution() -> None:
    for path in sorted(LOCKS.glob("*.txt")):
        names = []
        for line in path.read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*==[A-Za-z0-9.+!_-]+", line), (path.name, line)
                names.append(canonicalize_name(line.split("==")[0]))
        assert len(names) == len(set(names)), path.name
        assert {"pip", "setuptools"} <= set(names), f"{path.name}: the install tools are locked too"


def test_the_main_lock_meets_every_requirement_of_pyproject() -> None:
    lock = _lock("main")
    bad = [str(r) for r in _requirements(venvs.MAIN_EXTRAS.split(","))
           if canonicalize_name(r.name) not in lock
           or not r.specifier.contains(lock[canonicalize_name(r.name)], prereleases=True)]
    assert bad == [], f"pyproject.toml changed since `make lock`: {bad}"
    assert lock["torch"].startswith("2.13.0"), "torch stays pinned (an unpinned torch is a CUDA build)"


@pytest.mark.parametrize("name", venvs.SIDE)
def test_a_side_lock_holds_its_pins_and_roots_and_not_the_packages_it_did_not_ask_for(name: str) -> None:
    lock, main = _lock(name), _lock("main")
    for line in (LOCKS / f"{name}.in").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        r = Requirement(line)
        key = canonicalize_name(r.name)
        if key == "rlverify":
            continue
        assert key in lock, (name, line)
        pinned = str(r.specifier).removeprefix("==")
        assert lock[key] == (pinned or main[key]), (name, line, lock[key])
    if name == "frameworks":  # what broke verl's transformers when the side venv saw all of .venv
        assert "kernels" not in lock


@pytest.mark.parametrize("name, folder", [("main", ".venv"), ("frameworks", ".venv-frameworks"),
                                          ("verifiers", ".venv-verifiers")])
def test_each_venv_holds_exactly_its_lock(name: str, folder: str) -> None:
    venv = Path(os.environ.get(f"RLVERIFY_{name.upper()}_VENV", REPO / folder))
    if name == "main":
        venv = Path(sys.prefix)
    if not (venv / "bin" / "python").exists():
        if os.environ.get("CI"):
            pytest.fail(f"{venv} missing in CI: `make test` makes it")
        pytest.skip(f"{venv} missing: make setup")
    p = subprocess.run([sys.executable, str(LOCKS / "venvs.py"), "check", name, str(venv)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-3000:]
