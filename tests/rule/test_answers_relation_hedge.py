"""answers.relation_hedge: several one-sided bounds listed for a single relation gold."""

import pytest

from rlverify.rule.compare import compare
from rlverify.rule.answers.relation_hedge import offers_several_bounds


@pytest.mark.parametrize("a,g,want", [
    (r"c<\sqrt{2}+2, c<\sqrt{2}, c<\sqrt{2}+1", r"c<\sqrt{2}", True),
    (r"x<1 \text{ or } x<2", "x<2", True),
    (r"x \ge 1, 2 \le x", r"x \ge 2", True),
    ("x>0, x<3", "0<x<3", False),          # opposite sides describe one set
    ("x<2, x<2", "x<2", False),            # a repeated bound is one bound
    ("x<2 or y<3", "x<2", False),          # different variables
    ("x<2, x<3", "x<2, x<3", False),       # the gold is a list, not one relation
    ("x<2, x<3", "5", False),              # the gold is not a relation
])
def test_offers_several_bounds(a, g, want):
    assert offers_several_bounds(a, g) is want


def test_listed_bounds_are_a_hedge_in_compare():
    m = compare(r"c<\sqrt{2}+2, c<\sqrt{2}, c<\sqrt{2}+1", r"c<\sqrt{2}")
    assert not m.equal and "hedge" in m.flags
    assert compare(r"c<\sqrt{2}", r"c<\sqrt{2}").equal
    assert compare("x>0, x<3", "0<x<3").equal


def test_long_input_is_not_scanned():
    assert offers_several_bounds("x<1, " * 100 + "x<2", "x<2") is False
