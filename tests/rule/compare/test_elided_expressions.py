"""Elided terms read as one term by the typed path (issue 29; hardverify-212): ``1 + 2 + \\ldots + n``,
``\\left(v - a_1\\right) \\left(v - a_2\\right) \\cdots \\left(v - a_n\\right)``, a sum or a product whose middle terms
an ellipsis stands for, against its closed form or the same product written otherwise. The rows of
tests/rule/test_elided_terms.py (seeded templates from real references), on both paths, with their near misses; a
list with an ellipsis (``1, 2, \\ldots, n``) and a decimal said to go on stay what they were."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from both_paths import both
from rlverify.rule.read import read
from rlverify.rule.read.types import Expr

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_elided_terms import _rows  # noqa: E402


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_elided_terms_on_both_paths(monkeypatch, seed: int) -> None:
    for elided, same, near in _rows(seed)[:12]:
        for d in both(monkeypatch, same, elided):
            assert d.match.equal, (same, elided, d)
        for d in both(monkeypatch, near, elided):
            assert not d.match.equal, (near, elided, d)


@pytest.mark.parametrize("text, elided", [
    ("1 + 2 + \\ldots + n", True), ("(1 + a_1)(1 + a_2) \\cdots (1 + a_n)", True), ("x + x^2 + \\cdots + x^n", True),
    ("1, 2, \\ldots, n", False), ("0.333\\ldots", False), ("\\ldots + n", False), ("1 + 2 + \\ldots", False),
])
def test_what_reads_as_an_elided_term(text: str, elided: bool) -> None:
    assert isinstance(read(text), Expr) is elided, read(text)
