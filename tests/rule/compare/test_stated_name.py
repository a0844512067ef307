"""A named value written approximately with words after it (``x \\approx 0.017\\,\\text{m} \\quad (\\text{eastward})``,
the kind of physics-dev mechanics/1_99) against a named reference quantity (issue 29): the words state the value, the
approximation sign loosens it, and the names follow the comparison's rules for a named answer (an approximation under
another name is two spellings of the asked quantity; two assignments to variables of different names are two
unknowns).

References: physics-dev's golds that read as a name and a sure quantity (``R = 0.98 \\, \\text{m}``). Seeded over the
reference, the words and the answer's name, on both paths (the stage table never consulted on the first): the value
under the same name, under another one, or under none is accepted; near misses stay rejected: another magnitude,
another prefix, an assignment (``=``) to another variable."""

from __future__ import annotations

import gzip
import json
import random
from functools import lru_cache
from pathlib import Path

import pytest

from rlverify.rule.read import read
from rlverify.rule.read.types import Labelled, Quantity

from both_paths import both

DATA = Path(__file__).resolve().parents[3] / "data"
_WORDS = ("eastward", "downward", "upward", "northward", "westward")


@lru_cache(maxsize=1)
def _references() -> list[tuple[str, str, str]]:
    out = set()
    with gzip.open(DATA / "corpora" / "physics-dev.jsonl.gz", "rt") as f:
        for line in f:
            g = json.loads(line)["gold"]
            r = read(g)
            if isinstance(r, Labelled) and isinstance(r.inner, Quantity) and r.inner.sure and len(g) < 60 \
                    and "\\times" not in g and r.inner.magnitude.replace(".", "").isdigit():
                name = g.split("=")[0].strip()
                unit = g.split("=", 1)[1].strip()[len(r.inner.magnitude):].replace("\\,", " ").replace("\\ ", " ")
                out.add((name, r.inner.magnitude, unit.strip()))
    return sorted(out)


def _bigger(magnitude: str) -> str:
    digits = magnitude.split(".")[1] if "." in magnitude else ""
    return f"{float(magnitude) * 1.1:.{len(digits)}f}"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_words_after_an_approximate_named_value(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    refs = _references()
    assert len(refs) >= 5
    for name, magnitude, unit in rng.sample(refs, 5):
        gold = f"{name} = {magnitude} \\, {unit}"
        words = f"\\quad (\\text{{{rng.choice(_WORDS)}}})"
        other = rng.choice([c for c in ("x", "y", "d", "s") if c != name])
        for lead in (f"{name} \\approx ", f"{other} \\approx ", "\\approx "):
            answer = f"{lead}{magnitude} \\, {unit} {words}"
            for d in both(monkeypatch, answer, gold):
                assert d.match.equal, (answer, gold, d)
            wrong = f"{lead}{_bigger(magnitude)} \\, {unit} {words}"
            for d in both(monkeypatch, wrong, gold):
                assert not d.match.equal, (wrong, gold, d)
        if unit in ("\\text{m}", "\\text{J}", "\\text{K}", "\\text{H}", "\\text{F}", "\\text{cm}"):
            prefixed = f"{name} \\approx {magnitude} \\, \\text{{k{unit[6:-1]}}} {words}"
            for d in both(monkeypatch, prefixed, gold):
                assert not d.match.equal, (prefixed, gold, d)
        if len(name) == 1:     # an assignment to another variable: two unknowns
            assigned = f"{other} = {magnitude} \\, {unit} {words}"
            for d in both(monkeypatch, assigned, gold):
                assert not d.match.equal, (assigned, gold, d)
