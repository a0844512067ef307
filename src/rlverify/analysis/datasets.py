"""Where the labelled corpora and problem sets are, and how to read them (plain or gzipped JSONL).

``data_root()`` is ``$RLVERIFY_SHARED_DATA`` when set, else the repository's vendored ``data/``
folder (gzipped copies with their licences, see data/README.md), else a ``shared/data`` folder
beside the repository. Each holds ``corpora/`` (question, gold, response, label) and ``problems/``
(reference answers).
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path
from typing import IO

__all__ = ["data_root", "corpus_paths", "problem_paths", "problem_file", "open_text", "read_jsonl", "dataset_name",
           "JSONL_GLOBS"]

JSONL_GLOBS = ("*.jsonl", "*.jsonl.gz")
_REPO = Path(__file__).resolve().parents[3]


def data_root() -> Path:
    """The folder holding ``corpora/`` and ``problems/`` (see the module docstring)."""
    env = os.environ.get("RLVERIFY_SHARED_DATA")
    if env:
        return Path(env)
    for root in (_REPO / "data", _REPO.parent / "shared" / "data"):
        if (root / "corpora").is_dir():
            return root
    return _REPO / "data"


def _jsonl_files(folder: Path) -> list[Path]:
    files: dict[str, Path] = {}
    for pattern in JSONL_GLOBS:
        for p in sorted(folder.glob(pattern)):
            files.setdefault(dataset_name(p), p)  # plain .jsonl wins over a .gz of the same name
    return [files[k] for k in sorted(files)]


def corpus_paths(root: Path | None = None) -> list[Path]:
    """The labelled corpora, one file per dataset, sorted by name."""
    return _jsonl_files((root or data_root()) / "corpora")


def problem_paths(root: Path | None = None) -> list[Path]:
    """The problem sets with reference answers, one file per set, sorted by name."""
    return _jsonl_files((root or data_root()) / "problems")


def dataset_name(path: str | Path) -> str:
    """``corpora/math-cot-100.jsonl.gz`` -> ``math-cot-100``."""
    name = Path(path).name
    for suffix in (".gz", ".jsonl", ".json"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return name


def open_text(path: str | Path) -> IO[str]:
    """Open a text file for reading, transparently decompressing ``.gz``."""
    p = Path(path)
    if p.suffix == ".gz":
        return gzip.open(p, "rt", encoding="utf-8")
    return open(p, encoding="utf-8")


def read_jsonl(path: str | Path) -> list[dict]:
    """Every JSON object of a JSONL file (plain or gzipped), blank lines skipped."""
    import json

    with open_text(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def problem_file(name: str, root: Path | None = None) -> Path:
    """The problem set ``name`` (``math500``, ``deepscaler-1209``...), plain or gzipped."""
    for p in problem_paths(root):
        if dataset_name(p) == dataset_name(name):
            return p
    raise FileNotFoundError(f"no problem set {name!r} under {(root or data_root()) / 'problems'}")
