"""The sequence entry of the typed comparison (rlverify.rule.compare.sequences, issue 29).

References are the tuples and lists of numbers among the answers of data/problems and the corpora's golds
(``(-\\frac{1}{2}, \\frac{7}{2})``, ``-3, -2, \\frac{1}{3}, \\frac{1}{2}``, ``-2,-2``). Each is answered by correct
variants (spacing, ``\\left(``, each item in another form, a fraction for a decimal, the items reordered where the
question asks for all solutions, a label per item, the items as quantities in another unit) and by near-miss twins
(one item off, an item missing, an extra item, two items swapped where order matters). The entry decides every one of
them item by item (the stage names it: no hand-off to the stage table), and a twin's rejection is a typed fact
(``final``): every item was read surely. Where the variant is one the table knew too (no unit, no label), the table's
verdict is the same.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

from rlverify.analysis.datasets import read_jsonl
from rlverify.rule.compare import explain
from table_verdicts import table_equal
from rlverify.rule.read import read
from rlverify.rule.read.types import Items, Number, Set, Tuple
from rlverify.runtime.bounded import item_deadline

DATA = Path(__file__).resolve().parents[3] / "data"
SOLUTIONS = "Find all real solutions of the equation."          # a set: any order
NAMED = "Compute f(1), f(2) and f(3), in this order."           # an ordered list


@lru_cache(maxsize=1)
def _references() -> list[tuple[str, str, tuple[Fraction, ...]]]:
    """(kind, text as read, exact values) of every reference that is a tuple or a list of exact numbers."""
    out = {}
    for path in sorted((DATA / "problems").glob("*.jsonl.gz")) + sorted((DATA / "corpora").glob("*.jsonl.gz")):
        for r in read_jsonl(path):
            g = r.get("answer", r.get("gold"))
            if not isinstance(g, str) or len(g) > 120:
                continue
            x = read(g)
            if isinstance(x, Tuple | Items) and not (isinstance(x, Items) and x.alternatives) \
                    and all(isinstance(i, Number) and i.exact is not None and not i.percent for i in x.items):
                kind = "tuple" if isinstance(x, Tuple) and x.left == "(" else "vector" if isinstance(x, Tuple) else "list"
                out[x.text] = (kind, x.text, tuple(i.exact for i in x.items))   # type: ignore[union-attr]
    return sorted(out.values())


def _plain(v: Fraction) -> str:
    if v.denominator == 1:
        return str(v.numerator)
    return f"-\\frac{{{-v.numerator}}}{{{v.denominator}}}" if v < 0 else f"\\frac{{{v.numerator}}}{{{v.denominator}}}"


def _other(v: Fraction) -> str:
    """The same value in another form: a decimal for a fraction that has one, a fraction for an integer, a slash."""
    d = v.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if v.denominator == 1:
        return f"\\frac{{{2 * v.numerator}}}{{2}}"
    if d == 1:
        return format(float(v), "f").rstrip("0")
    return f"{v.numerator}/{v.denominator}"


def _join(kind: str, items: list[str], sep: str = ", ", left: str = "", right: str = "") -> str:
    body = sep.join(items)
    if kind == "list":
        return body
    left = left or ("(" if kind == "tuple" else "[")
    right = right or (")" if kind == "tuple" else "]")
    return f"{left}{body}{right}"


def _variants(kind: str, values: tuple[Fraction, ...], rng: random.Random) -> list[tuple[str, str | None, bool]]:
    """(answer, question, equal) pairs for a reference of these values."""
    q = None if kind != "list" else rng.choice([SOLUTIONS, NAMED])
    plain = [_plain(v) for v in values]
    out = [
        (_join(kind, plain, sep=","), q, True),
        (_join(kind, plain, left="\\left" + "(["[kind == "vector"], right="\\right" + ")]"[kind == "vector"]), q, True),
        (_join(kind, [_other(v) for v in values]), q, True),
        (_join(kind, [f"{_plain(v)}\\,\\text{{m}}" for v in values]), q, None),          # a unit the gold lacks
    ]
    if kind == "list" and q == SOLUTIONS:
        out.append((_join(kind, list(reversed(plain))), q, True))
        out.append((", ".join(f"x = {p}" for p in plain), q, True))
    # near-miss twins
    k = rng.randrange(len(values))
    off = plain[:k] + [_plain(values[k] + 1)] + plain[k + 1:]
    out.append((_join(kind, off), q, False))
    if len(set(values)) == len(values):
        out.append((_join(kind, plain[:k] + plain[k + 1:]) if len(values) > 2 else plain[1 - k], q, False))
    out.append((_join(kind, plain + [_plain(max(values) + 1)]), q, False))
    if values[0] != values[1] and q != SOLUTIONS:
        out.append((_join(kind, [plain[1], plain[0]] + plain[2:]), q, False))
    return [(a, q, e) for a, q, e in out if e is not None]


def _quantities(values: tuple[Fraction, ...]) -> list[tuple[str, str, bool]]:
    """The values as lengths in metres (the reference) against centimetres: (answer, gold, equal)."""
    gold = "(" + ", ".join(f"{_plain(v)}\\,\\text{{m}}" for v in values) + ")"
    same = "(" + ", ".join(f"{_plain(v * 100)}\\,\\text{{cm}}" for v in values) + ")"
    prefix = "(" + ", ".join(f"{_plain(v)}\\,\\text{{cm}}" for v in values) + ")"    # a prefix lost
    return [(same, gold, True)] + ([(prefix, gold, False)] if any(values) else [])


def test_references_found() -> None:
    refs = _references()
    assert len(refs) >= 60
    assert {k for k, _, _ in refs} == {"tuple", "vector", "list"}


@pytest.mark.parametrize("seed", range(3))
def test_sequence_twins(seed: int) -> None:
    rng = random.Random(seed)
    for kind, gold, values in rng.sample(_references(), 30):
        for ans, q, equal in _variants(kind, values, rng):
            with item_deadline(10.0):
                d = explain(ans, gold, q)
            t = table_equal(ans, gold, q)        # the deleted table's recorded verdict (None: not recorded)
            assert d.stage == "typed:sequence", (ans, gold, q, d)
            assert d.match.equal is equal, (ans, gold, q, d)
            assert d.final is not equal, (ans, gold, q, d)
            if not ans.startswith("x ="):
                assert t in (None, equal), (ans, gold, q, t)


@pytest.mark.parametrize("seed", range(2))
def test_items_in_another_unit(seed: int) -> None:
    rng = random.Random(seed)
    for _kind, _gold, values in rng.sample(_references(), 20):
        for ans, gold, equal in _quantities(values):
            with item_deadline(10.0):
                d = explain(ans, gold)
            assert d.stage == "typed:sequence", (ans, gold, d)
            assert d.match.equal is equal, (ans, gold, d)


@pytest.mark.parametrize("answer, gold, question, equal", [
    ("-2", "-2,-2", "Solve $x^2 + 4x + 4 = 0$.", True),                      # a double root is one value
    ("-3", "-2,-2", "Solve $x^2 + 4x + 4 = 0$.", False),
    ("1", "1, 2", "Find all solutions.", False),                              # a part of the set
    (r"60^\circ", r"$90^{\circ}$,$60^{\circ}$", "Find the two angles.", False),
    (r"(135^\circ, 60^\circ), (45^\circ, 60^\circ)", r"$(45^{\circ}, 60^{\circ}),(135^{\circ}, 60^{\circ})$",
     "Find all pairs of angles.", True),
    (r"(45^\circ, 61^\circ), (135^\circ, 60^\circ)", r"$(45^{\circ}, 60^{\circ}),(135^{\circ}, 60^{\circ})$",
     "Find all pairs of angles.", False),
    (r"\{2, 1\}", "1, 2", None, True),
    ("x = 1, y = 2", "y = 2, x = 1", None, True),
    ("x = 1, y = 3", "y = 2, x = 1", None, False),
    (r"d(6) = \frac{1}{3}, d(16) = 1", r"\frac{1}{3}, 1", "Compute d(6) and d(16).", True),
    (r"d(16) = 1, d(6) = \frac{1}{3}", r"\frac{1}{3}, 1", "Compute d(6) and d(16).", True),
    (r"d(6) = 1, d(16) = \frac{1}{3}", r"\frac{1}{3}, 1", "Compute d(6) and d(16).", False),
    (r"\{1, 2\}, \{3, 4\}", "1, 2, 3, 4", None, True),
    ("(2, 2, 2)", "(2,2,2),(2,2,3)", "Find all triples.", False),
    ("1 and 3", "1,3", "Find all n.", True),
    (r"S = \{2, 1\}", r"\{1, 2\}", None, True),                        # a name on the whole set
    (r"S = \{1, 3\}", r"\{1, 2\}", None, False),
    ("P = (1, 2)", "(1, 2)", None, True),
    ("x = (2,32), x = (8,18)", "(2,32), (8,18)", None, True),                # a label on each tuple
    ("x = (2,32), x = (8,19)", "(2,32), (8,18)", None, False),
])
def test_decided_by_the_entry(answer: str, gold: str, question: str | None, equal: bool) -> None:
    with item_deadline(10.0):
        d = explain(answer, gold, question)
    assert d.stage == "typed:sequence", d
    assert d.match.equal is equal, d
    assert d.final is not equal, d


@pytest.mark.parametrize("answer, gold, question, equal", [
    ("2.5", "2,5", None, True),                    # a decimal comma, where the question allows it
    ("x = -0,0613", "-0.0613", None, True),
    ("x = 1,520", "1520", "Find x.", True),        # a thousands separator
    ("x = 1,521", "1520", "Find x.", False),
    ("2.6", "2,5", None, False),
])
def test_a_comma_in_a_number_is_the_number(answer: str, gold: str, question: str | None, equal: bool,
                                           monkeypatch) -> None:
    """A list whose comma belongs to a number, against one value: the entry reads the number (with the table off too);
    a twin's rejection is a typed fact."""
    for path in ("typed",):
        with item_deadline(10.0):
            d = explain(answer, gold, question)
        assert d.stage == "typed:sequence" and d.match.equal is equal and d.final is not equal, (path, d)


@pytest.mark.parametrize("answer, gold, question", [
    ("(1, 2)", "[1, 2]", None),              # an open interval, or a point: the table's rules
    ("(-1, 5)", "(0, 5)", "for positive x"),  # an interval inside the domain the question fixes
    ("1 or 2", "1", "Find x."),              # alternatives where one value is asked: a hedge
    ("v = 3 m/s, a = 2 m/s^2", "3 m/s", None),   # the part of the reference's dimension
    ("P = (1, 2)", "Q = (1, 2)", None),      # two names
])
def test_left_to_the_table(answer: str, gold: str, question: str | None) -> None:
    """Pairs the sequence entry leaves to other entries; their verdict is the one the deleted table gave."""
    from table_verdicts import table_equal

    with item_deadline(10.0):
        d = explain(answer, gold, question)
    assert d.stage != "typed:sequence", d
    assert d.match.equal == table_equal(answer, gold, question), d


@pytest.mark.parametrize("answer, gold, question, equal", [
    # a parameter renamed: the whole pair says whether one renaming serves every item
    ("(t, 2t)", "(k, 2k)", None, True),
    ("(m, 2m, 3m)", "(n, 2n, 3n)", None, True),
    ("(t, 3t)", "(k, 2k)", None, False),
    ("(t, 2s)", "(k, 2k)", None, False),                            # an item-by-item renaming is no renaming
    ("(t, 2t)", "(k, 2k)", "Find all pairs in terms of $k$.", False),   # the question's letter is no parameter
    # an approximation sign over the list loosens each item
    (r"\approx 1.2, 3.4", "1.2, 3.4", None, True),
    (r"\approx 1.50, 2", "1.5, 2", None, True),
    (r"\approx 1.2, 3.5", "1.2, 3.4", None, False),
    # an item in parentheses around one value is that value
    (r"\left(0^\circ\right), \left(360^\circ\right)", r"0^\circ \text{ and } 360^\circ", None, True),
    (r"(2), (5)", "2, 5", None, True),
    (r"\left(0^\circ\right), \left(180^\circ\right)", r"0^\circ \text{ and } 360^\circ", None, False),
])
def test_decided_without_the_table(answer: str, gold: str, question: str | None, equal: bool, monkeypatch) -> None:
    """Families the typed path decides with the table off too (issue 29): the same verdict on both paths."""
    for path in ("typed",):
        with item_deadline(10.0):
            d = explain(answer, gold, question)
        assert d.match.equal is equal, (path, d)


@pytest.mark.parametrize("text, kind", [
    ("1, 2, 3", Items), (r"\{1, 2\}", Set), (r"\{5\}", Set), (r"\left(1, \frac{1}{2}\right)", Tuple), ("[1, 2, 3]", Tuple),
    ("1,000", Number), ("(0, 1]", None), (r"(-\infty, 2)", None), (r"\{x \mid x > 0\}", None), ("1 and 2", Items),
])
def test_what_reads_as_a_sequence(text: str, kind: type | None) -> None:
    r = read(text)
    if kind is None:
        assert not isinstance(r, Tuple | Set | Items), r
    else:
        assert isinstance(r, kind), r


def test_the_entry_and_the_table_agree() -> None:
    """Every recorded pair of the deleted stage table (:mod:`table_verdicts`: the seeded pairs the differential tests of
    this package drew at 36b8bb4, mutations of real references included) that the sequence entry decides now gets the
    table's verdict."""
    from table_verdicts import recorded

    checked = 0
    for (ans, gold, q), equal in recorded():
        with item_deadline(10.0):
            d = explain(ans, gold, q)
        if d.stage != "typed:sequence":
            continue
        checked += 1
        assert d.match.equal == equal, (ans, gold, q, d)
    assert checked >= 100, checked
