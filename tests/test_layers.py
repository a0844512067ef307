"""The layer check: each package imports only what its docstring allows, and no module-level
import cycle exists. Reads the source with ast (no import is executed)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "rlverify"

# package -> packages it must never import (lazily or not)
FORBIDDEN = {
    "rule": {"guard", "judge", "hybrid", "analysis", "integrations", "cli", "training"},
    "runtime": {"rule", "guard", "judge", "hybrid", "analysis", "integrations", "cli", "training"},
    "guard": {"judge", "hybrid", "analysis", "integrations", "cli", "training"},
    "judge": {"guard", "hybrid", "analysis", "integrations", "cli", "training"},
    "analysis": {"cli"},
    "integrations": {"cli"},
    "training": {"cli", "integrations"},
    "flags": {"*"},
    "errors": {"*"},
    "verdict": {"*"},
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, top_level_only: bool) -> set[str]:
    """Absolute names of the rlverify modules ``path`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    mod = _module_name(path)
    pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    if top_level_only:  # imports under `if TYPE_CHECKING:` / try at module level count too
        nodes = [n for top in tree.body for n in ast.walk(top)
                 if not isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    out: set[str] = set()
    for n in nodes:
        if isinstance(n, ast.Import):
            out |= {a.name for a in n.names if a.name.startswith("rlverify")}
        elif isinstance(n, ast.ImportFrom):
            if n.level:
                base = pkg.split(".")[: len(pkg.split(".")) - (n.level - 1)]
                target = ".".join(base + ([n.module] if n.module else []))
            else:
                target = n.module or ""
            if not target.startswith("rlverify"):
                continue
            subs = []
            for a in n.names:  # `from . import submodule` imports the submodule, not the package body
                sub = SRC.parent / (target + "." + a.name).replace(".", "/")
                if sub.with_suffix(".py").exists() or (sub / "__init__.py").exists():
                    subs.append(target + "." + a.name)
            out |= set(subs) if len(subs) == len(n.names) else {target, *subs}
    return out


MODULES = {(_module_name(p)): p for p in SRC.rglob("*.py")}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_forbidden_import(module: str) -> None:
    forbidden = FORBIDDEN.get(_layer(module), set())
    if not forbidden:
        return
    bad = sorted(t for t in _imports(MODULES[module], top_level_only=False)
                 if _layer(t) != _layer(module) and ("*" in forbidden or _layer(t) in forbidden))
    assert not bad, f"{module} imports {bad}, which its layer ({_layer(module)}) may not"


def test_no_import_cycle() -> None:
    """No cycle, counting lazy (function-level) imports too."""
    graph = {m: {t for t in _imports(p, top_level_only=False) if t in MODULES and t != m}
             for m, p in MODULES.items()}
    # a package's __init__ importing its own submodules is not a cycle through the package
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in graph[m]:
            if state.get(t) == 1:
                cycle = stack[stack.index(t):] + [t]
                cycles.append(cycle)
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert not cycles, f"import cycles: {cycles[:5]}"


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    bad = SRC / "rule" / "_layer_probe_tmp.py"
    bad.write_text("from ..guard import inspect\n", encoding="utf-8")
    try:
        assert "rlverify.guard" in _imports(bad, top_level_only=False)
    finally:
        bad.unlink()
