"""Issue 14's named-item families: labelled values against a bare list (answers.labels), strict order chains
against a list (answers.order), a free parameter renamed (answers.renaming). Each through the whole comparison
(``answers.compare``), with the near-misses that must stay different."""

from __future__ import annotations

import pytest

from rlverify.rule.answers import labels, order, renaming
from rlverify.rule.compare import compare

pytestmark = pytest.mark.usefixtures("inline")   # conftest: the bounded CAS inline, deterministic under load

AGES = "Qing is older than Luca. Find the ages of Paolo, Maria and Luca."
AB = "Suppose that $a(x+b(x+3))=2(x+6)$ for all values of $x$. Determine $a$ and $b$."


@pytest.mark.parametrize("answer,gold,question,want", [
    # labels tied to the request's enumeration: positions by name, whatever order the answer writes
    ("Paolo: 18, Maria: 7, Luca: 14", "18, 7, 14", AGES, True),
    ("Maria: 7, Luca: 14, Paolo: 18", "18, 7, 14", AGES, True),
    (r"\text{Paolo } 18, \text{Maria } 7, \text{Luca } 14", "18, 7, 14", AGES, True),
    (r"18\ (\text{Paolo}), 7 \text{ (Maria)}, \text{Luca is } 14", "18, 7, 14", AGES, True),
    (r"\text{Luca: } 14 \\ \text{Paolo: } 18 \\ \text{Maria: } 7", "18, 7, 14", AGES, True),
    ("Paolo: 18\nMaria: 7\nLuca: 14", "18, 7, 14", AGES, True),
    ("Paolo = 18, Maria = 7, Luca = 14", "(18, 7, 14)", AGES, True),
    ("Maria = 18, Paolo = 7, Luca = 14", "18, 7, 14", AGES, False),     # written order matches, names do not
    ("Paolo: 7, Maria: 18, Luca: 14", "18, 7, 14", AGES, False),        # two values swapped
    ("Paolo: 18, Maria: 7", "18, 7, 14", AGES, False),                  # one missing
    ("Paolo: 18, Maria: 7, Luca: 15", "18, 7, 14", AGES, False),        # one changed
    ("a: 3, b: 5", "3, 5", "Determine $a$ and $b$.", True),
    ("b: 5, a: 3", "3, 5", "Determine $a$ and $b$.", True),
    ("b: 3, a: 5", "3, 5", "Determine $a$ and $b$.", False),
    (r"d \colon 43,\ a: 1,\ b = -16,\ c = -4", "(1,-16,-4,43)",
     r"The image satisfies \[x^2 + ay^2 + bx + cy + d = 0.\]Compute the ordered quadruple $(a,b,c,d)$.", True),
    (r"d \colon 1,\ a: 43,\ b = -16,\ c = -4", "(1,-16,-4,43)",
     r"The image satisfies \[x^2 + ay^2 + bx + cy + d = 0.\]Compute the ordered quadruple $(a,b,c,d)$.", False),
    (r"Paolo = 6,\! 764; \text{Tomas } 10,\! 945", "6764, 10945", "Compute the values of Paolo and Tomas.", True),
    # a set: indices only number the values
    ("x_2 = 1, x_1 = -2", "-2, 1", "Find all the integer roots. Enter them separated by commas.", True),
    ("x_2 = 3, x_1 = -2", "-2, 1", "Find all the integer roots. Enter them separated by commas.", False),
    # untied names: other values are wrong; the assignment decides nothing when every value is the same
    ("Paolo: 18, Qing: 14, Rayna: 8", "7,14,18", "The average age of Paolo, Qing and Rayna is 13. Determine their ages.",
     False),
    ("Ann: 4, Bo: 4", "4, 4", "Both are as old as each other. Determine their ages.", True),
])
def test_labelled_values(answer, gold, question, want) -> None:
    assert compare(answer, gold, question).equal is want


def test_labelled_values_untied_assignment_is_not_decided() -> None:
    q = "The average age of Paolo, Qing and Rayna is 13. Determine their ages."
    assert labels.labelled_values("Paolo: 18, Qing: 14, Rayna: 7", "7,14,18", q) is None
    assert labels.labelled_values("Paolo: 7, Qing: 14, Rayna: 18", "7,14,18", q) is None
    assert labels.labelled_values("18, 7, 14", "18, 7, 14", AGES) is None           # nothing labelled
    assert labels.labelled_values("Paolo: 2600", "2,600", AGES) is None              # one value, a grouped number


ORDER4 = (r"If $a=\sin(\sin 2013^\circ)$, $b=\sin(\cos 2013^\circ)$, $c=\cos(\sin 2013^\circ)$, and "
          r"$d=\cos(\cos 2013^\circ)$, then the order from smallest to largest of $a$, $b$, $c$, and $d$ is \_\_\_.")
DOWN = r"Arrange $\sqrt 2$, $\frac32$ and $1$ from greatest to least."


@pytest.mark.parametrize("answer,gold,question,want", [
    ("b < a < d < c", "b, a, d, c", ORDER4, True),
    (r"b \lt a \lt d \lt c", "b, a, d, c", ORDER4, True),
    ("c > d > a > b", "b, a, d, c", ORDER4, True),                 # the same ordering read in reverse
    ("b, a, d, c", "b < a < d < c", ORDER4, True),                 # the list against a chain reference
    ("c > d > a > b", "b < a < d < c", ORDER4, True),
    ("a < b < d < c", "b, a, d, c", ORDER4, False),                # two swapped
    ("b < a < d", "b, a, d, c", ORDER4, False),                    # one missing
    ("b < a < a < c", "b, a, d, c", ORDER4, False),                # one repeated
    ("b > a > d > c", "b, a, d, c", ORDER4, False),                # the right items, the wrong direction
    (r"b \le a \le d \le c", "b, a, d, c", ORDER4, False),         # not strict: no ordering claim (not read)
    (r"\frac{3}{2} > \sqrt{2} > 1", r"\frac32, \sqrt{2}, 1", DOWN, True),
    (r"1 < \sqrt{2} < 1.5", r"\frac32, \sqrt{2}, 1", DOWN, True),  # increasing chain, decreasing question
    (r"1 > \sqrt{2} > \frac32", r"\frac32, \sqrt{2}, 1", DOWN, False),
    ("f(2), f(1), f(4)", "f(2) < f(1) < f(4)", "Enter $f(1),$ $f(2),$ and $f(4)$ in increasing order.", True),
    ("f(1), f(2), f(4)", "f(2) < f(1) < f(4)", "Enter $f(1),$ $f(2),$ and $f(4)$ in increasing order.", False),
])
def test_order_chain(answer, gold, question, want) -> None:
    assert compare(answer, gold, question).equal is want


def test_order_needs_a_direction() -> None:
    assert order.question_direction("Find all $x$ with $x < 3$.") is None
    assert order.question_direction("The list consists of three integers written in increasing order. Find m.") is None
    assert order.question_direction(r"Rank $2\;400$, $1\;350$ from greatest to least.") == ">"
    assert order.same_order(r"b \le a \le d", "b, a, d", ORDER4) is None             # a non-strict chain is not read
    assert order.same_order("b < a < d < c", "b, a, d, c", "What is the order?") is None


@pytest.mark.parametrize("answer,gold,question,want", [
    ("(t, 2t, 3t)", "(k, 2k, 3k)", "Find all triples of integers with sum $6k$.", False),   # the question names k
    ("(t, 2t, 3t)", "(k, 2k, 3k)", "Find all triples $(a, b, c)$ with $b = 2a$ and $c = 3a$.", True),
    ("(n, n+1)", "(m, m+1)", "Find all pairs $(a, b)$ of consecutive integers.", True),
    ("2t + 1", "2k + 1", "Describe every odd number.", True),
    (r"x = \frac{\pi}{4} + 2\pi u", r"x = \frac{\pi}{4} + 2\pi w", "Find every angle with tangent 1.", True),
    (r"x = \frac{\pi}{4} + 2\pi u, \ u \in \mathbb{Z}", r"x = \frac{\pi}{4} + 2\pi w", "Find every angle.", True),
    ("(t, 2s, 3t)", "(k, 2k, 3k)", "Find all triples $(a, b, c)$.", False),   # inconsistent renaming
    ("(k, 2t, 3k)", "(k, 2k, 3k)", "Find all triples $(a, b, c)$.", False),   # renamed in one item only
    ("(t, 3t, 3t)", "(k, 2k, 3k)", "Find all triples $(a, b, c)$.", False),   # renamed, a coefficient changed
    ("2t + 1", "2k + 1", "Express the $k$-th odd number in terms of $k$.", False),   # the question names k
    ("(m-2) 2^{m}+1", "(n-2) 2^{n}+1", "Let $n \\ge 2$ be an integer. Find the number of subsets.", False),
    (r"\frac{xy}{2}", r"\frac{ab}{2}", "A right triangle has legs $a$ and $b$. Find its area.", False),
])
def test_renamed_parameter(answer, gold, question, want) -> None:
    assert compare(answer, gold, question).equal is want


def test_renaming_not_read() -> None:
    assert renaming.same_up_to_renaming("f(t) = 2t", "f(x) = 2x", "Find $f$.") is None     # bound argument
    assert renaming.same_up_to_renaming("(t, 2t), (s, 3s)", "(k, 2k), (k, 3k)", "Find all.") is None   # a list
    assert renaming.same_up_to_renaming(r"3\text{ cm}", r"3\text{ m}", "How long?") is None
    assert renaming.same_up_to_renaming("2t+1", "2k+1", None) is None          # no question: nothing says free
    assert "b" in renaming.question_symbols("Let $u = a + bi$ be complex.")
    assert renaming.question_symbols("Jenny gets $0.5. If each of them finished 20 tasks, how much is $5?") == set()


def test_described_values_against_a_sorted_reference_are_not_decided() -> None:
    """hardverify-58: 'Find the maximum and minimum ...' with the reference '1,2' (by size, not the question's
    order): 'Maximum = 2, Minimum = 1' is not rejected here; named values keep their positions."""
    q = "Find the maximum and minimum possible number of cromulent elements with $n=6$;"
    assert labels.labelled_values("Maximum = 2, Minimum = 1", "1,2", q) is None
    assert labels.labelled_values("Maximum = 1, Minimum = 2", "1,2", q) is None
    assert labels.labelled_values("Maximum = 3, Minimum = 1", "1,2", q) is False
    assert labels.labelled_values("Maria: 18, Paolo: 7, Luca: 14", "7, 14, 18", AGES) is False


@pytest.mark.parametrize("answer,gold", [("5 m", "5 s"), ("3 g", "3 N"), ("2 V", "2 A"), ("4 h", "4 d"), ("7m^2", "7s^2"),
                                         (r"(5\,m, 3\,m)", r"(5\,s, 3\,s)")])
def test_a_letter_in_a_unit_place_is_not_renamed(answer, gold) -> None:
    assert renaming.same_up_to_renaming(answer, gold, "How far did it go?") is None
    assert compare(answer, gold, "How far did it go?").equal is False


@pytest.mark.parametrize("answer,gold", [("B", "C"), ("(A)", "(C)"), ("AB", "CD"), ("x", "y"), (r"\alpha", r"\beta"),
                                         ("a+b", "c+d"), ("x^2 + C", "x^2 + K")])
def test_names_are_not_parameters(answer, gold) -> None:
    assert renaming.same_up_to_renaming(answer, gold, "Which one is it?") is None
    assert compare(answer, gold, "Which one is it?").equal is False


def test_items_that_are_letters_are_not_renamed() -> None:
    """The core renames a lone parameter (n for k); items of an ordering or labelled values are not parameters."""
    q = "Order $k$, $m$, $n$ from least to greatest."
    assert compare("n < k < m", "k, n, m", q).equal is False
    assert compare("k < n < m", "k, n, m", q).equal is True
    assert compare("Paolo: n, Maria: k", "k, n", "Find the codes of Paolo and Maria.").equal is False


def test_multiples_of_a_parameter_are_renamed() -> None:
    q = "Find all pairs $(a, b)$ of integers with $3a = 2b$."
    assert renaming.same_up_to_renaming("(2t, 3t)", "(2k, 3k)", q) is True
    assert renaming.same_up_to_renaming("(2m, 3m)", "(2k, 3k)", q) is None     # m may be metres: not decided here
    assert renaming.same_up_to_renaming("(2t, 3s)", "(2k, 3k)", q) is False


def test_a_reference_of_equations_is_no_bare_list() -> None:
    assert labels.labelled_values(r"f\left(n\right) = 3n + 8, g\left(n\right) = 5", "$f(n)=3n+8$, $g(n)=5$",
                                  "Determine all pairs $(f, g)$ of functions.") is None


@pytest.mark.parametrize("answer,gold,question,want", [
    (r"\text{Area: } 12\text{ cm}^2, \text{Perimeter: } 14\text{ cm}", "12, 14", "Find the area and perimeter.", True),
    (r"\text{Area: } 12\text{ cm}^2, \text{Perimeter: } 15\text{ cm}", "12, 14", "Find the area and perimeter.", False),
    (r"\text{length} = 5\text{ cm}, \text{width} = 3\text{ cm}", "5, 3", "Find the length and width.", True),
    ("Paolo: 18 years, Maria: 7 years, Luca: 14 years", "18, 7, 14", AGES, True),
])
def test_labelled_values_with_units(answer, gold, question, want) -> None:
    """A value's unit is read by the whole comparison (the labelled reader compares values through it)."""
    assert compare(answer, gold, question).equal is want


def test_the_request_that_names_the_labels() -> None:
    q = "Suppose that $a(x+b(x+3))=2(x+6)$. Determine $a$ and $b$. Express your answer as a list."
    assert compare("b: 5, a: 3", "3, 5", q).equal is True
    assert compare("b: 3, a: 5", "3, 5", q).equal is False


def test_a_sentence_is_no_labelled_value() -> None:
    assert labels.read_labelled(r"n = p^a \text{ where } p \text{ is a prime and } a \text{ is a positive integer}") is None
    assert labels.read_labelled("Paolo: 18 meters, Maria: 7 meters") == [("Paolo", "18"), ("Maria", "7")]
    assert labels.read_labelled(r"\text{Area: } 12\text{ cm}^2, \text{Perimeter: } 14\text{ cm}") is not None


def test_a_tuple_named_by_its_own_coordinate() -> None:
    q = "Find all pairs $(x, y)$ of integers with $y = x + 1$."
    assert compare("(x, x+1)", "(k, k+1)", q).equal is True
    assert compare("(y, y+1)", "(k, k+1)", q).equal is False       # y is the second coordinate, not the first
    assert compare("(x, x+2)", "(k, k+1)", q).equal is False
    assert compare("(m, m+1)", "(k, k+1)", "Find all pairs $(a, b)$ with $b = a + 1$ and $m$ odd.").equal is False
