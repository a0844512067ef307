"""Issue 29, families 5 and 6: the value an answer sentence states, not its working.

Seeded rows from ``prose_rows`` (real references in prose templates, each with a near-miss twin) and unit
cases of :mod:`rlverify.rule.extract._clauses`.
"""
from __future__ import annotations

import collections
import sys
from pathlib import Path

import pytest

from rlverify.rule import RuleVerifier
from rlverify.rule.extract import extract_answer
from rlverify.rule.extract._clauses import main_clause, remark_boxes, text_main_clause
from rlverify.rule.extract._spans import _mask_math

sys.path.insert(0, str(Path(__file__).parent))
from prose_rows import FAMILIES, rows  # noqa: E402


@pytest.fixture(scope="module")
def rule() -> RuleVerifier:
    return RuleVerifier(timeout=10.0)


def test_generated_families_read_the_final_value_and_reject_their_twins(rule):
    bad = collections.defaultdict(list)
    for family, response, gold, label in rows(25, seed=29):
        if rule.verify(response, gold).correct != label:
            bad[family].append((label, gold, extract_answer(response).answer, response[-160:]))
    assert not bad, {f: v[:3] for f, v in bad.items()}
    assert len(FAMILIES) >= 8


@pytest.mark.parametrize("sent, main", [
    ("Hence the area is 12, since the base is 4 and the height is 6", "Hence the area is 12"),
    ("So there are 15 ways, because we choose 2 of 6", "So there are 15 ways"),
    ("So the maximum is 10, achieved at x = 4", "So the maximum is 10"),
    ("Thus the time is 5 s, given that the speed is 2 m/s", "Thus the time is 5 s"),
    ("Thus, $x = 5$ (the root $x=-2$ is extraneous)", "Thus, $x = 5$"),
    ("The minimum is 3, attained when a = b = 1", "The minimum is 3"),
])
def test_a_justification_after_the_value_is_dropped(sent, main):
    assert main_clause(sent, _mask_math(sent)) == main


@pytest.mark.parametrize("sent", [
    "Since the base is 4 and the height is 6, the area is 12",        # the subordinate clause comes first
    "Since $a=3$, as shown above, the area is 12",
    "The base is 4 since the sides are equal, so the area is 12",     # the clause goes on to a conclusion
    "The answer is 12, since it might be 13",                         # a hedge stays for the hedge checks
    "The answer is 12, which is at least 11",
    "The value is 12 (or 13)",
    "The value is 12, i.e. 13",
    "The value is 12 when n = 3 and 15 when n = 4",                   # cases are no justification
    "The count is 7, because",                                        # nothing after the opener
    "Because the base is 4, the area is 12, since the height is 6",
    "So x = 2k, where k is odd",                                     # a variable's domain is part of the value
    "So x = 2k, as k ranges over the odd integers",
    "The angle is 45 degrees (from the horizontal)",                  # so is what an angle is measured from
])
def test_other_clauses_are_kept(sent):
    assert main_clause(sent, _mask_math(sent)) == sent


def test_box_prose_is_cut_at_its_justification():
    assert text_main_clause(r"\text{The total is }45\text{, since the parts are }30\text{ and }15") \
        == r"\text{The total is }45"
    assert text_main_clause(r"\text{There are } 12 \text{ ways, because each of the } 4 \text{ rows has } 3 \text{ choices.}") \
        == r"\text{There are } 12\text{ ways}"
    assert text_main_clause(r"x = 5 \text{ since } x = -2 \text{ is extraneous}") == "x = 5"
    kept = r"\text{The total is }45\text{, or possibly }46"
    assert text_main_clause(kept) == kept
    kept = r"45\degree\ (\text{from the horizontal})"
    assert text_main_clause(kept) == kept
    # a restatement in words names no other value; one that names a number, bounds or hedges stays
    assert text_main_clause(r"v = 0 \text{, that is, the particle is at rest}") == "v = 0"
    assert text_main_clause(r"\text{The work done is } 0\text{, i.e. the path is closed}") == r"\text{The work done is } 0"
    for kept in (r"12\text{, i.e. a dozen}", r"12\text{, i.e. }13", r"12\text{, i.e. at least this}",
                 r"10^{-9}\text{, i.e. one part in a billion}"):
        assert text_main_clause(kept) == kept
    kept = r"\text{since }30+15\text{ we get }45"
    assert text_main_clause(kept) == kept


@pytest.mark.parametrize("response, gold, label", [
    ("Hence the area equals 12 square units, since the base is 4 and the height is 6.", "12", True),
    ("Hence the area equals 6 square units, since the base is 4 and the height is 12.", "12", False),
    ("Thus $x = 5$, as $x = -2$ is not allowed.", "5", True),
    ("Thus $x = -2$, as $x = 5$ is not allowed.", "5", False),
    ("So the maximum is 10, achieved at x = 4.", "10", True),
    ("So the maximum is 4, achieved at x = 10.", "10", False),
    ("So the maximum is 10 or 4, since both occur.", "10", False),
    (r"$\boxed{\text{There are } 12 \text{ ways, because each of the } 4 \text{ rows has } 3 \text{ choices.}}$", "12", True),
    (r"$\boxed{\text{There are } 3 \text{ ways, because each of the } 4 \text{ rows has } 12 \text{ choices.}}$", "12", False),
    # a justification that computes another value than the one stated is kept whole (read as before: not accepted)
    ("The answer: there are 12 ways (because 3 x 5 = 15).", "12", False),
    ("The answer: there are 12 ways (because 3 x 4 = 12).", "12", True),
    ("So there are 12 ways, because 3 * 5 = 15.", "12", False),
    (r"$\boxed{12\ (\text{because } 3 \cdot 5 = 15)}$", "12", False),
])
def test_verdicts(rule, response, gold, label):
    assert rule.verify(response, gold).correct is label


def _starts(text: str) -> list[int]:
    out, at = [], text.find("\\boxed")
    while at >= 0:
        out.append(at)
        at = text.find("\\boxed", at + 1)
    return out


@pytest.mark.parametrize("text, dropped", [
    ("**Answer.** $\\boxed{12}$\n\n**Remark.** For $n$ rows the count is $\\boxed{n+9}$.", 1),
    ("So $\\boxed{12}$.\n\n---\n\n*Generalization (any $n$).* One gets $\\boxed{3n}$ and $\\boxed{4n}$.", 2),
    ("So $\\boxed{12}$.\n\nNote that the answer is therefore $\\boxed{13}$.", 0),          # a sentence, no label
    ("So $\\boxed{12}$.\n\n**Remark.** Actually I miscounted: $\\boxed{13}$.", 0),       # a correction
    ("So $\\boxed{12}$.\n\n**Remark.** It could also be $\\boxed{13}$.", 0),            # another answer offered
    ("Work.\n\n**Remark.** The count is $\\boxed{12}$ and $\\boxed{13}$.", 0),          # no box before the remark
])
def test_boxes_of_a_closing_remark(text, dropped):
    assert remark_boxes(text, _starts(text)) == dropped
