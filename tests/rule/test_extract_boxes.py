"""Unit tests for rlverify.rule.extract._boxes: finding balanced boxes and reading the last sentence's boxes."""

from __future__ import annotations

from rlverify.rule.extract._boxes import _clean_box, _find_boxes, _from_boxes


def _contents(text: str) -> list[str]:
    return [b.content for b in _find_boxes(text)]


def test_find_boxes_balanced_escaped_and_bare():
    text = r"\boxed{\frac{1}{2}} and \fbox{\{1,2\}} and $\boxed 7$ and \boxed{a\\{b}}"
    assert _contents(text) == [r"\frac{1}{2}", r"\{1,2\}", "7", r"a\\{b}"]


def test_find_boxes_skips_unbalanced_and_keeps_positions():
    text = r"first \boxed{3} then \boxed{4"
    boxes = _find_boxes(text)
    assert [b.content for b in boxes] == ["3"]
    assert text[boxes[0].start:boxes[0].end] == r"\boxed{3}"


def test_find_boxes_nested_in_order_of_start():
    assert _contents(r"\boxed{1 + \boxed{2}}") == [r"1 + \boxed{2}", "2"]


def test_clean_box():
    assert _clean_box(" {{5}} ") == "5"
    assert _clean_box("$18$") == "18"
    assert _clean_box(r"p=\frac{2}{9}.") == r"p=\frac{2}{9}"
    assert _clean_box("{a}+{b}") == "{a}+{b}"


def _read(text: str):
    return _from_boxes(text, _find_boxes(text))


def test_group_reading_hedge_list_steps_chain():
    assert _read(r"$\boxed{4}$ or $\boxed{5}$").flags == ("hedge",)
    assert _read(r"\boxed{4} \boxed{5}").flags == ("hedge",)
    assert (_read(r"$\boxed{2}$ and $\boxed{3}$").answer, _read(r"$\boxed{2}$ and $\boxed{3}$").flags) == \
        ("2, 3", ("multi_box",))
    assert _read(r"$\boxed{N=40}$, the probability is $\boxed{\frac29}$").answer == r"\frac29"
    assert _read(r"$\boxed{4 \log 1} = \boxed{0}$").answer == "0"
    assert _read(r"\boxed{12}. Later: \boxed{13}").answer == "13"


def test_group_reading_sub_questions():
    ex = _read("(a) $\\boxed{3}$\n(b) $\\boxed{5}$")
    assert ex.answer == "3, 5" and ex.flags == ("multi_part",)


def test_candidates_oldest_first():
    assert _read(r"\boxed{1} x \boxed{2}. y \boxed{3}.").candidates == ("1", "2", "3")


def test_clean_box_drops_trailing_latex_spacing_only():
    assert _clean_box(r"-2\;") == "-2"
    assert _clean_box(r"5\quad") == "5"
    assert _clean_box(r"7\,.") == "7"
    assert _clean_box(r"x\\") == r"x\\"                 # a line break is not spacing
    assert _clean_box(r"12\, \text{cm}") == r"12\, \text{cm}"   # inner spacing kept
    assert _clean_box(r"3\%") == r"3\%"


def test_clean_box_trailing_window_is_bounded():
    import time
    text = "x" + "\\," * 5000
    t0 = time.perf_counter()
    _clean_box(text)
    assert time.perf_counter() - t0 < 0.05


def test_negated_last_box():
    from rlverify.rule.extract import extract_answer
    ex = extract_answer(r"$\boxed{10}$ is the answer, not $\boxed{12}$.")
    assert ex.answer == "10" and not ex.hedge
    assert extract_answer(r"The answer is \boxed{10}, rather than \boxed{12}.").answer == "10"
    assert extract_answer(r"So the answer is not $\boxed{12}$.").hedge
    assert extract_answer(r"\boxed{10} and \boxed{12}").answer == "10, 12"
    assert extract_answer(r"A knot \boxed{3}").answer == "3"


def test_box_nested_with_more_after_it_reads_the_container():
    from rlverify.rule.extract import extract_answer
    assert extract_answer(r"\boxed{\boxed{5}, 6}").answer == "5, 6"
    assert extract_answer(r"\boxed{\boxed{5} \text{ or } 6}").answer == r"5 \text{ or } 6"
    assert extract_answer(r"\boxed{\frac{1}{\boxed{2}}}").answer == r"\frac{1}{2}"
    assert extract_answer(r"\boxed{x = \boxed{5}}").answer == "5"     # closes its container
    assert extract_answer(r"\boxed{\boxed{5}}").answer == "5"
