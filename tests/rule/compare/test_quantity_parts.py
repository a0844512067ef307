"""Labelled quantities against one reference quantity or as many (rlverify.rule.compare.parts, issue 29), with the
table off and on the default path.

From tests/rule/test_physics_text.py and physics-dev answers: ``v = 3\\,\\mathrm{m/s},\\ a = 2\\,\\mathrm{m/s^2}``
against ``3\\ \\mathrm{m/s}`` ("Find the speed": the part of the reference's dimension), against
``3\\ \\mathrm{m/s}, 2\\ \\mathrm{m/s^2}`` (part by part), written with ``\\quad`` alone between the parts too, a part in
another unit (``t = 2\\,\\text{min}`` for ``120\\ \\mathrm{s}``). Twins: the part of that dimension off, two parts of that
dimension (no pick), one part of the list off.
"""

from __future__ import annotations

import random

import pytest

from both_paths import both

SEPARATORS = (",\\ ", "; ", "\\quad ", " \\text{ and } ")


def _both(monkeypatch, answer: str, gold: str, question: str | None):
    return both(monkeypatch, answer, gold, question)


@pytest.mark.parametrize("seed", range(4))
def test_the_part_of_the_reference_dimension(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        v, acc, minutes, force = rng.randint(2, 40), rng.randint(2, 9), rng.randint(2, 9), rng.randint(2, 90) / 10
        sep = rng.choice(SEPARATORS)
        box = f"v = {v}\\,\\mathrm{{m/s}}{sep}a = {acc}\\,\\mathrm{{m/s^2}}"
        for gold, question in ((f"{v}\\ \\mathrm{{m/s}}", "Find the speed."), (f"{acc}\\ \\mathrm{{m/s^2}}", "Find a.")):
            for d in _both(monkeypatch, box, gold, question):
                assert d.match.equal, (box, gold, d)
        timed = f"t = {minutes}\\,\\text{{min}}{sep}F = {force}\\ \\mathrm{{N}}"
        for d in _both(monkeypatch, timed, f"{60 * minutes}\\ \\mathrm{{s}}", "Find the time."):
            assert d.match.equal, (timed, d)
        for d in _both(monkeypatch, box, f"{v}\\ \\mathrm{{m/s}}, {acc}\\ \\mathrm{{m/s^2}}", None):
            assert d.match.equal, (box, d)
        for d in _both(monkeypatch, box, f"{v + 1}\\ \\mathrm{{m/s}}", "Find the speed."):
            assert not d.match.equal, (box, d)
        for d in _both(monkeypatch, f"v_1 = {v}\\,\\mathrm{{m/s}}{sep}v_2 = {v + 2}\\,\\mathrm{{m/s}}", f"{v}\\ \\mathrm{{m/s}}",
                       "Find the speed."):
            assert not d.match.equal, d
        for d in _both(monkeypatch, box, f"{v}\\ \\mathrm{{m/s}}, {acc + 3}\\ \\mathrm{{m/s^2}}", None):
            assert not d.match.equal, (box, d)
