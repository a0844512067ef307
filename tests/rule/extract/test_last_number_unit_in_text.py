"""A last-number guess keeps the unit written with it inside one ``\\text{}`` (issue 29: a prefix never disappears).

A response with no declared answer is read by its last number. ``\\text{1 keV}`` was read as ``1``, the unit inside the
same text group dropped, and ``1`` against the reference ``1 MeV`` was accepted: a wrong SI prefix accepted. Seeded
over physics-dev's quantity references, each written inside ``\\text{}`` (or ``\\mathrm{}``) with its own unit, with a
wrong prefix, and in another unit.
"""

from __future__ import annotations

import random
import re

import pytest

from rlverify import verify
from rlverify.analysis.datasets import read_jsonl

CORPUS = "data/corpora/physics-dev.jsonl.gz"
# (reference unit as the corpus writes it, the same unit in words/symbols, a wrong prefix of it)
_UNITS = (("MeV", "MeV", "keV"), ("GeV", "GeV", "MeV"), ("eV", "eV", "meV"), ("cm", "cm", "mm"), ("m", "m", "km"),
          ("s", "s", "ms"), ("Hz", "Hz", "kHz"), ("J", "J", "kJ"), ("V", "V", "mV"), ("mm", "mm", "cm"))


def _magnitudes() -> list[str]:
    """Plain decimal magnitudes of the corpus's quantity references ('0.44' of '0.44 \\, \\text{mm}')."""
    out = set()
    for r in read_jsonl(CORPUS):
        m = re.match(r"^(?:[A-Za-z_{}\\]+\s*=\s*)?(\d+(?:\.\d+)?)\s*\\[,;]?\s*\\(?:text|mathrm)\{", r["gold"])
        if m:
            out.add(m.group(1))
    return sorted(out)


MAGS = _magnitudes()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_unit_inside_text_is_kept_by_the_last_number_guess(seed):
    rng = random.Random(seed)
    assert len(MAGS) >= 8
    bad = []
    for _ in range(15):
        mag = rng.choice(MAGS)
        unit, same, wrong = rng.choice(_UNITS)
        gold = f"{mag} \\, \\text{{{unit}}}"
        font = rng.choice(["\\text", "\\mathrm", "\\textbf"])
        lead = rng.choice(["", "c) ", "(b) ", "approx. "])
        if verify(f"{font}{{{lead}{mag} {wrong}}}", gold).outcome.value == "equal":
            bad.append(("wrong prefix accepted", f"{font}{{{lead}{mag} {wrong}}}", gold))
        if verify(f"{font}{{{lead}{mag} {same}}}", gold).outcome.value == "different":
            bad.append(("right unit called different", f"{font}{{{lead}{mag} {same}}}", gold))
    assert not bad, bad[:6]
