"""Boxes each alone in consecutive paragraphs are one list answer (issue 29, differential testing against
Math-Verify): a frontier-style ending of a "find all" problem sets each value in its own display,

    **Final Answer**

    $$\\boxed{1}$$

    $$\\boxed{3}$$

and was read as its last box alone (3): a reference ``1,3`` was missed, and a reference ``3`` was accepted for a
response that answers two values. Boxes joined by a single line break were a list already; a blank line between them
is the same layout. A box after prose in its paragraph ("Solving the first equation, $$\\boxed{x = 2}$$") is still a
step the later box supersedes.

Seeded over real "find all" references of OlympiadBench (integer lists): the list accepted in five layouts; a near
miss (one value changed) rejected; the last value alone as the reference rejected (an extra value answered); an
intermediate box after prose followed by the answer's box still reads the last box.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis.attacks import load_problems

DATA = Path(__file__).resolve().parents[2] / "data" / "problems"

_WORKING = ("We test small cases and then prove that no other value works. For $n = 4$ the sum is $10$, which is "
            "not a perfect square, and for $n = 6$ we get $21$.\n\n")
_LEADS = ("**Final Answer**\n\n", "### Final Answer\n\n", "The solutions are:\n\n", "Hence all the values are\n\n", "")


def _references(n: int, seed: int) -> list[tuple[str, list[str]]]:
    out = []
    for p in load_problems(DATA / "olympiadbench.jsonl.gz"):
        parts = [x.strip() for x in p.gold.strip().strip("$").split(",")]
        if len(parts) > 1 and len(set(parts)) == len(parts) and all(x.lstrip("-").isdigit() for x in parts):
            out.append((p.gold, parts))
    return random.Random(seed).sample(sorted(out), n)


_LAYOUTS = (lambda v: f"$$\\boxed{{{v}}}$$", lambda v: f"\\[\\boxed{{{v}}}\\]", lambda v: f"$$\n\\boxed{{{v}}}\n$$",
            lambda v: f"$\\boxed{{{v}}}$", lambda v: f"- $\\boxed{{{v}}}$")


def _response(values: list[str], rng: random.Random) -> str:
    layout = rng.choice(_LAYOUTS)
    return _WORKING + rng.choice(_LEADS) + "\n\n".join(layout(v) for v in values) + rng.choice(("", "\n"))


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_boxes_in_consecutive_paragraphs_are_a_list(rule, seed):
    rng = random.Random(seed)
    missed, accepted_miss, accepted_extra = [], [], []
    for gold, parts in _references(12, seed):
        response = _response(parts, rng)
        if not rule.verify(response, gold).correct:
            missed.append((gold, response[-120:]))
        changed = list(parts)
        k = rng.randrange(len(changed))
        changed[k] = str(int(changed[k]) + rng.choice((1, 2, 7)))
        if len(set(changed)) == len(changed) and rule.verify(_response(changed, rng), gold).correct:
            accepted_miss.append((gold, changed))
        if rule.verify(response, parts[-1]).correct:      # two values answered for one
            accepted_extra.append((parts[-1], response[-120:]))
    assert not missed, missed
    assert not accepted_miss, accepted_miss
    assert not accepted_extra, accepted_extra


@pytest.mark.parametrize("seed", [0, 1])
def test_a_box_after_prose_is_a_step(rule, seed):
    rng = random.Random(seed)
    wrong = []
    for _, parts in _references(12, seed):
        first, last = parts[0], parts[-1]
        step = rng.choice((f"Solving the first equation, $$\\boxed{{x = {first}}}$$",
                           f"We get $\\boxed{{{first}}}$ for the first sum",
                           f"From the first case, \\[\\boxed{{{first}}}\\]"))
        response = _WORKING + step + "\n\n" + rng.choice(_LAYOUTS)(last)
        if not rule.verify(response, last).correct:
            wrong.append((last, response[-160:]))
    assert not wrong, wrong
