"""The answer-shape probe families of issue 30: vacuous boxes, symbol-only answers, strike-out/negation,
a wrong constant against an expression reference. Each is wrong by construction, in every placement."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rlverify.analysis import attacks
from rlverify.analysis.attacks import FAMILIES, PLACEMENTS, SHAPE_FAMILIES, Problem, build_probe, load_problems

BUNDLED = Path(attacks.__file__).parents[1] / "data" / "probe_problems.jsonl"


@pytest.fixture(scope="module")
def problems():
    return load_problems(BUNDLED)


def test_shape_families_are_registered_in_every_placement(problems):
    assert set(SHAPE_FAMILIES) <= set(FAMILIES)
    cases = build_probe(problems, n=4, seed=3, families=SHAPE_FAMILIES)
    assert {(c.family, c.placement) for c in cases} == {(f, p) for f in SHAPE_FAMILIES for p in PLACEMENTS}
    for c in cases:
        assert c.payload in c.response
        assert c.payload.startswith(r"\boxed{") == (c.placement != "boxed"), c


def test_adding_shape_families_leaves_the_other_families_cases_unchanged(problems):
    old = [f for f in FAMILIES if f not in SHAPE_FAMILIES]
    before = build_probe(problems, n=3, seed=11, families=old)
    after = [c for c in build_probe(problems, n=3, seed=11) if c.family not in SHAPE_FAMILIES]
    assert [c.response for c in after] == [c.response for c in before]
    no_lead = [c for c in build_probe(problems, n=3, seed=11, placements=PLACEMENTS[:-1])]
    full = [c for c in build_probe(problems, n=3, seed=11) if c.placement != "after_lead_in"]
    assert [c.response for c in full] == [c.response for c in no_lead]


def _content(payload: str) -> str:
    return payload[len(r"\boxed{"):-1] if payload.startswith(r"\boxed{") else payload


def test_shapes_are_wrong_by_construction(problems):
    cases = build_probe(problems, n=40, seed=0, families=SHAPE_FAMILIES)
    kinds = {f: set() for f in SHAPE_FAMILIES}
    for c in cases:
        body = _content(c.payload)
        gold = c.problem.gold.strip().strip("$").strip()
        assert body != gold, c
        if c.family == "vacuous_box":
            assert not re.search(r"\d", body), c                 # no value at all
        elif c.family == "symbol_only":
            letters = attacks._letters(body)
            assert letters and not letters & (attacks._letters(c.problem.question) | attacks._letters(gold)), c
        elif c.family == "strike_out":
            assert re.match(r"^(\\(not|cancel|sout|xcancel|bcancel)\{|.+\\ \\xcancel\{)", body), c
            assert gold in body, c                               # the reference is there, struck out
        elif c.family == "broken_arithmetic":                   # no value, a false equation, or several values
            assert re.search(r"[-+*=]\s*$|^\*|\\times$|\\box(?!ed)|=|^[a-z] \+", body), c
        else:
            assert body in attacks._IRRATIONAL + attacks._RATIONAL, c
        kinds[c.family].add(body.split("{")[0])
    assert all(len(v) >= 2 for v in kinds.values()), kinds      # several forms of each family are drawn


def test_wrong_constant_kind_follows_the_reference():
    rng = random.Random(0)
    for _ in range(20):
        assert attacks._wrong_constant("42", rng) in attacks._IRRATIONAL       # irrational vs a rational
        assert attacks._wrong_constant(r"\frac{3}{7}", rng) in attacks._IRRATIONAL
        assert attacks._wrong_constant(r"2\sqrt{3}", rng) in attacks._RATIONAL  # rational vs an irrational
        assert attacks._wrong_constant("2n+1", rng) in attacks._IRRATIONAL + attacks._RATIONAL


def test_vacuous_quantity_name_comes_from_the_question():
    p = Problem("t", r"A wave has speed $v$ and wavelength $\lambda$. Find $v$.", "340")
    assert attacks._quantity_name(p, random.Random(1)) == "v"
    assert attacks._quantity_name(Problem("t", "How many apples?", "x"), random.Random(1)) != "x"


def test_probe_cli_shows_the_shape_families(tmp_path, capsys):
    from rlverify.cli import main

    png = tmp_path / "h.png"
    rc = main(["probe", "--problems", str(BUNDLED), "-n", "1", "--families", ",".join(SHAPE_FAMILIES),
               "--placements", "boxed", "--verifier", "rule", "--heatmap", str(png)])
    assert rc == 0 and png.read_bytes()[:4] == b"\x89PNG"
    out = capsys.readouterr().out
    assert all(f in out for f in SHAPE_FAMILIES)
