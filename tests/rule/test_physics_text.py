"""Physics answers in closing text (issue 14, round 5): an angle stated in prose keeps what it is measured from
(in math or not, with a degree sign or the word), a symbol in math before '= value' in prose is read with its value."""
from __future__ import annotations

import pytest

import rlverify

V = rlverify.get_verifier("rule", timeout=10.0)


def ok(response: str, gold: str, question: str | None = None) -> bool:
    return bool(V.verify(response, gold, question).correct)


@pytest.mark.parametrize("response", [
    "So the angle is approximately $30\\degree$ above the horizontal.",
    "Therefore the ball makes an angle of $30^{\\circ}$ above the horizontal.",
    "Hence the direction is θ ≈ 30° above the horizontal, as expected.",
    "Thus, $\\theta_0$ = 30 degrees above the horizontal.",
    "The required angle is $\\phi = 30^\\circ$ above the horizontal",
])
def test_angle_in_prose_keeps_its_reference(response: str) -> None:
    gold = "30^\\circ\\text{ above the horizontal}"
    assert ok(response, gold)
    assert ok(response, "30^\\circ")                                   # the reference names none: the angle decides
    assert not ok(response.replace("above", "below"), gold)            # measured from the other side
    assert not ok(response.replace("30", "35"), "30^\\circ")


def test_symbol_then_value_in_prose() -> None:
    assert ok("The required angle is $\\theta$ = 25°", "25^\\circ")
    assert not ok("The required angle is $\\theta$ = 26°", "25^\\circ")
