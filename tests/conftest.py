"""Shared test fixtures. The labelled corpora live in ../shared/data beside the repository
(override with RLVERIFY_SHARED_DATA)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("RLVERIFY_SHARED_DATA", REPO.parent / "shared" / "data"))
CORPORA = sorted((SHARED_DATA / "corpora").glob("*.jsonl"))


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="session")
def shared_data() -> Path:
    assert SHARED_DATA.is_dir(), f"shared data not found at {SHARED_DATA}"
    return SHARED_DATA


@pytest.fixture(scope="session")
def corpora_paths() -> list[Path]:
    assert CORPORA, f"no corpora under {SHARED_DATA / 'corpora'}"
    return CORPORA
