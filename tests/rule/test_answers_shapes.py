"""Answer structure (rlverify.rule.answers.shapes)."""

from __future__ import annotations

from rlverify.rule.answers.shapes import Shape, inequality_as_interval, parse_shape


def test_scalar_list_set_bracket() -> None:
    assert parse_shape("x+1").kind == "scalar"
    assert parse_shape("1, 2") == Shape("list", ("1", "2"))
    assert parse_shape(r"\{3, 4\}").kind == "set"
    b = parse_shape("(1,2]")
    assert (b.kind, b.items, b.left, b.right) == ("bracket", ("1", "2"), "(", "]")
    assert parse_shape("(x+1)").kind == "scalar"


def test_or_lists_and_repeats() -> None:
    s = parse_shape(r"x=1 \text{ or } x=4")
    assert s.kind == "list" and s.joiner == "or" and s.items == ("x=1", "x=4")
    assert parse_shape("-2, -2") == Shape("scalar", ("-2",))
    assert parse_shape("(1,1,2,2)").items == ("1", "1", "2", "2")  # a tuple keeps repeats


def test_pm_expansion() -> None:
    assert parse_shape(r"1\pm\sqrt{19}").items == (r"1+\sqrt{19}", r"1-\sqrt{19}")
    assert set(parse_shape(r"\pm 1, \pm 7").items) == {"+ 1", "- 1", "+ 7", "- 7"}


def test_union_and_matrix() -> None:
    u = parse_shape(r"(-\infty, 1) \cup (2, \infty)")
    assert u.kind == "union" and len(u.items) == 2
    m = parse_shape(r"\begin{pmatrix}\dfrac13 & 1\\[6pt]\dfrac23 & 0\end{pmatrix}")
    assert m.kind == "matrix" and m.items == ((r"\frac{1}{3}", "1"), (r"\frac{2}{3}", "0"))
    assert parse_shape(r"\begin{pmatrix}1 & 2\\3\end{pmatrix}").kind != "matrix"  # ragged


def test_inequalities() -> None:
    assert inequality_as_interval(r"x\ge 3") == Shape("bracket", ("3", r"\infty"), "[", ")")
    assert inequality_as_interval(r"-1 < x \le 3") == Shape("bracket", ("-1", "3"), "(", "]")
    assert inequality_as_interval(r"3 > y") == Shape("bracket", (r"-\infty", "3"), "(", ")")
    assert inequality_as_interval("x + y < 3") is None
    assert inequality_as_interval("1 < x > 3") is None


def test_a_list_of_sets_is_not_one_set() -> None:
    s = parse_shape(r"\{10, 11\}, \{-2, -1\}")
    assert s.kind == "list" and s.items == (r"\{10, 11\}", r"\{-2, -1\}")
    assert parse_shape(r"\{\{1\}, 2\}").kind == "set"
    assert parse_shape(r"\{1, 2").kind == "scalar"
