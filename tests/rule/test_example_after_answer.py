"""An example after the answer is a remark, not the answer (issue 29, frontier-length answers: "a final answer
followed by a remark"). "In closed form:\\n\\n$$n^2 + 1$$\\n\\nFor instance, $n = 2$ gives $5$." was read as the last
number of the example (fallback '5'; 59 of 60 MATH-500/OlympiadBench expression references in the probe; Math-Verify
misses them too). A closing paragraph that opens with "For instance", "For example", "e.g." or "As an illustration",
names values and no word of doubt or of answer is now dropped like a closing check that confirms the answer.

Seeded over real MATH-500 references (expressions and numbers) x 4 lead-ins x 3 displays x 5 example paragraphs;
twins: another value in the same shape (the reference plus one) rejected, and an example paragraph that declares
another answer ("For example, the answer is ...") is no remark (kept, so the value above is not read alone).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis.attacks import load_problems

DATA = Path(__file__).resolve().parents[2] / "data" / "problems"
_WORKING = "We set up the recurrence. Let $a_1 = 3$ and $a_2 = 7$, so $a_1 + a_2 = 10$.\n\n"
_LEADS = ("In closed form:", "The general term is", "Putting everything together, the answer is", "**Result**")
_DISPLAYS = (lambda v: f"$${v}$$", lambda v: f"\\[{v}\\]", lambda v: f"$$\n{v}\n$$")
_EXAMPLES = ("For instance, $n = 2$ gives $5$.", "For example, with $n = 3$ we get $10$.",
             "(e.g. $n = 2$ gives $5$.)", "As an illustration, $n = 1$ gives $2$ and $n = 2$ gives $5$.",
             "*For example, for $n = 4$ the value is $17$.*")


def _references(n: int, seed: int) -> list[str]:
    golds = sorted({p.gold.strip() for p in load_problems(DATA / "math500.jsonl.gz")})
    golds = [g for g in golds if len(g) < 40 and "\\text" not in g and "," not in g and "=" not in g
             and (re.search(r"[a-z]", g.replace("frac", "").replace("sqrt", "").replace("pi", "")) or g.isdigit())]
    return random.Random(seed).sample(golds, n)


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_an_example_paragraph_after_the_answer_is_a_remark(rule, seed):
    rng = random.Random(seed)
    missed, accepted = [], []
    for g in _references(20, seed):
        lead, display, example = rng.choice(_LEADS), rng.choice(_DISPLAYS), rng.choice(_EXAMPLES)
        response = f"{_WORKING}{lead}\n\n{display(g)}\n\n{example}"
        if not rule.verify(response, g).correct:
            missed.append((g, response[-120:]))
        for twin in (f"{_WORKING}{lead}\n\n{display(f'{g} + 1')}\n\n{example}",
                     f"{_WORKING}{lead}\n\n{display(g)}\n\nFor example, the answer is $17$."):
            if rule.verify(twin, g).correct:
                accepted.append((g, twin[-120:]))
    assert not missed, missed
    assert not accepted, accepted
