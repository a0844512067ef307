"""Generator families for tuples named by representatives "and their permutations".

``permutation_clause`` (EQUIVALENT): a reference listing every ordering of some tuples (``(1,2,3),(1,3,2),...``)
answered by one representative per orbit, in any order, with a clause ("and its permutations", "up to
permutation", "all permutations of ..."). ``near_permutation_clause`` (NEAR_MISS): the same with one element
changed, an orbit left out, or "cyclic permutations" where the reference holds every ordering of three or
more distinct elements. Registered by :mod:`.families`.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

from . import forms as F
from .table import Families
from .refs import Reference

__all__ = ["register"]

_T = Families()
register = _T.register

_TUPLE = re.compile(r"\(([^()]*)\)")
_AFTER = ("\\text{ and its permutations}", "\\text{ and their permutations}", "\\text{ and permutations}",
          "\\text{ up to permutation}", "\\text{ (in any order)}", ", \\text{and all permutations}",
          "\\text{ and all their permutations}", "\\quad\\text{(and permutations thereof)}")
_BEFORE = ("\\text{all permutations of } ", "\\text{permutations of } ")


def _orbits(ref: Reference) -> list[list[tuple[str, ...]]] | None:
    """The reference's tuples grouped into orbits under reordering, when it lists every ordering of each."""
    text = ref.gold.replace("$", "").replace("\\left", "").replace("\\right", "")
    if len(text) > 600:
        return None
    tuples = [tuple(x.strip() for x in m.group(1).split(",")) for m in _TUPLE.finditer(text)]
    if len(tuples) < 2 or len({len(t) for t in tuples}) != 1 or len(tuples[0]) < 2 or len(tuples[0]) > 4:
        return None
    if re.sub(r"\s", "", _TUPLE.sub("", text)).strip(",") != "":
        return None                                   # something besides tuples and commas
    seen = set(tuples)
    orbits: dict[tuple, list[tuple]] = {}
    for t in tuples:
        orbits.setdefault(tuple(sorted(t)), []).append(t)
    for base, members in orbits.items():
        if set(itertools.permutations(members[0])) != set(members):
            return None
    if len(orbits) == len(seen):
        return None                                   # nothing to name by representatives
    return list(orbits.values())


def _write(reps: list[tuple[str, ...]], rng: random.Random) -> str:
    body = ", ".join("(" + ", ".join(t) + ")" for t in reps)
    if rng.random() < 0.25:
        return rng.choice(_BEFORE) + body
    return body + rng.choice(_AFTER)


@_T.equivalent("permutation_clause")
def _permutation_clause(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    orbits = _orbits(ref)
    if orbits is None:
        return None
    reps = [rng.choice(o) for o in orbits]
    rng.shuffle(reps)
    return _T.draft(_write(reps, rng), box_only=True)


@_T.near_miss("near_permutation_clause")
def _near_permutation_clause(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    orbits = _orbits(ref)
    if orbits is None:
        return None
    reps = [rng.choice(o) for o in orbits]
    way = rng.random()
    if way < 0.4 and len(reps) > 1:
        reps.pop(rng.randrange(len(reps)))            # an orbit left out
        return _T.draft(_write(reps, rng), box_only=True)
    cyclic = [i for i, t in enumerate(reps) if len(set(t)) >= 3]
    if way < 0.7 and cyclic:
        return _T.draft(", ".join("(" + ", ".join(t) + ")" for t in reps) + "\\text{ and cyclic permutations}",
                     box_only=True)
    i = rng.randrange(len(reps))
    t = list(reps[i])
    j = rng.randrange(len(t))
    if not re.fullmatch(r"-?\d+", t[j]):
        return None
    t[j] = str(int(t[j]) + rng.choice((-1, 1, 2)))
    if tuple(sorted(t)) in {tuple(sorted(o[0])) for o in orbits}:
        return None
    reps[i] = tuple(t)
    return _T.draft(_write(reps, rng), box_only=True)
