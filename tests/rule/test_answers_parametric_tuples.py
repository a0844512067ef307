"""Integer solution families of a linear equation written as a tuple in a free parameter: the parameter
renamed (``t`` for ``x``), the reference labelled with the question's tuple names (``(k, \\ell) = ...``), the
answer qualified in words or symbols (``for some integer t``, ``where t \\in \\mathbb{Z}``). A different
family (a coefficient or an offset changed) or one value of the parameter is not equal."""

from __future__ import annotations

import random

from rlverify.rule.compare import compare

_NAMES = [("x", "y"), ("k", "\\ell"), ("a", "b"), ("p", "q"), ("u", "v")]
_PARAMS = ["t", "s", "x", "k", "n", "r", "\\lambda"]
_ALL = ["{p} \\in \\mathbb{{Z}}", "\\text{{ for some integer }} {p}", "\\text{{ for any integer }} {p}",
        "\\text{{ where }} {p} \\in \\mathbb{{Z}}", "\\text{{ where }} {p} \\text{{ is an integer}}",
        "\\text{{ for }} {p} \\in \\mathbb Z", "\\quad ({p} \\in \\mathbb{{Z}})"]
# one value of the parameter is one solution. (A parameter restricted to some integers, 'for k >= 0', is read
# as the family by the core's qualifier rule, as for sequences 'a_n = 3n + 1 for n >= 1': not tested here.)
_ONE = ["\\text{{ for }} {p} = 1", "\\text{{ with }} {p} = 0"]


def _family(rng: random.Random) -> tuple[str, tuple[int, int, int, int, int]]:
    a, b = rng.choice([(3, 5), (5, 3), (2, 7), (7, 4), (4, 9), (11, 3)])
    c = rng.randint(-40, 60)
    # a x + b y = c with gcd 1: one solution (x0, y0), then (x0 + b t, y0 - a t)
    x0 = next(x for x in range(-60, 60) if (c - a * x) % b == 0)
    y0 = (c - a * x0) // b
    return f"Find all pairs of integers $({{}}, {{}})$ such that ${a}{{}} + {b}{{}} = {c}$.", (x0, b, y0, a, c)


def _tuple(x0: int, b: int, y0: int, a: int, p: str) -> str:
    sp = " " if p.startswith("\\") else ""
    return f"({x0} + {b}{sp}{p}, {y0} - {a}{sp}{p})"


def test_renamed_parameter_families_with_labels_and_qualifiers():
    rng = random.Random(2026)
    accepted = rejected = 0
    for _ in range(80):
        template, (x0, b, y0, a, _) = _family(rng)
        n1, n2 = rng.choice(_NAMES)
        question = template.format(n1, n2, n1, n2)
        pg, pa = rng.sample([p for p in _PARAMS if p not in (n1, n2)], 2)
        gold = _tuple(x0, b, y0, a, pg)
        if rng.random() < 0.6:
            space = rng.choice(["", "\\,"])
            gold = f"({n1}, {space} {n2}) = {gold}"
        body = _tuple(x0, b, y0, a, pa)
        answer = body + rng.choice([",", ", ", " ", ""]) + rng.choice(_ALL).format(p=pa) if rng.random() < 0.7 else body
        assert compare(answer, gold, question).equal, (answer, gold, question)
        accepted += 1
        wrong = [_tuple(x0, b + 1, y0, a, pa), _tuple(x0 + 1, b, y0, a, pa), _tuple(x0, b, y0, a + 1, pa),
                 body + rng.choice(_ONE).format(p=pa)]
        w = rng.choice(wrong)
        assert not compare(w, gold, question).equal, (w, gold, question)
        rejected += 1
    assert accepted == rejected == 80


def test_names_set_equal_to_one_value():
    """``x = y = z = 1`` names the tuple ``(1, 1, 1)`` the question asks for (each name takes the value)."""
    rng = random.Random(4)
    values = ["1", "0", "-2", "\\frac{1}{3}", "\\sqrt{2}", "3"]
    for _ in range(40):
        names = rng.choice([("x", "y", "z"), ("a", "b", "c"), ("x", "y"), ("p", "q", "r", "s")])
        v = rng.choice(values)
        question = f"Find all real $({', '.join(names)})$ such that the system holds."
        chain = " = ".join(names) + f" = {v}"
        assert compare(chain, "(" + ", ".join([v] * len(names)) + ")", question).equal, chain
        other = rng.choice([w for w in values if w != v])
        assert not compare(chain, "(" + ", ".join([v] * (len(names) - 1) + [other]) + ")", question).equal, chain
        assert not compare(chain, "(" + ", ".join([other] * len(names)) + ")", question).equal, chain
