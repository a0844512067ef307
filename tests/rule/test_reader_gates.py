"""The C-speed gates before the question and set readers change nothing but time: each gated reading equals the
plain regex reading (seeded random texts built from the patterns' own words, in mixed case, with non-ASCII letters
that re.I folds: the long s, the dotless i, the Kelvin sign)."""

from __future__ import annotations

import random
import re

from rlverify.rule.answers import forms, integers, order, question, rounding, sets

_WORDS = ["positive", "non-negative", "nonnegative", "number", "x > 0", "x \\geq 0", "\\ge", "constant", "bound", "find",
          "what", "How", "and", ",", ";", "respectively", "order", "pairs", "first", "then", "another", "an example",
          "one such", "any one", "all", "solutions", "roots", "zero", "solve", "set", "possible", "intersect", "percent",
          "%", "minimum", "max", "largest", "least", "lowest", "monotonic", "increasing intervals", "interval where f",
          "decreas", "approximately", "approx.", "estimate", "roughly", "about how many", "\\approx", "≈", "round",
          "nearest", "decimal", "significant", "3 sig figs", "2 s.f.", "1 d. p.", "accurate", "correct to", "express",
          "general", "at most", "\\le", "\\min", "inf", "sup", "range", "domain", "set of", "values of", "for which",
          "such that", "satisfies", "integer", "natural number", "whole number", "\\mathbb{Z}", "remainder", "residue",
          "modulo", "mod", "\\pmod", "value", "Integers", "whole  number", "\\mathbb N", "ſolve", "poſitive", "mınimum",
          "\u212aey", ".", "?", " ", " ", "\n", "a", "b"]


def _texts(seed: int, n: int = 3000) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        words = [rng.choice(_WORDS) for _ in range(rng.randint(0, 8))]
        words = [w.upper() if rng.random() < 0.2 else w.title() if rng.random() < 0.2 else w for w in words]
        out.append(rng.choice([" ", "", ". "]).join(words))
    return out


def test_question_needles_never_skip_a_match():
    for text in _texts(14):
        low = question._lowered(text)
        for pattern in question._NEEDLES:
            assert question._found(pattern, text, low) == (pattern.search(text) is not None), (pattern.pattern, text)


def test_question_readings_match_the_plain_searches():
    for text in _texts(15, 1000):
        q = question.Question(text)
        sentences = [s for s in question._SENTENCE_END.split(text) if question._REQUEST_VERB.search(s)]
        assert q.request == (sentences[-1] if sentences else text)
        assert q.domain == (question.Domain.NONNEGATIVE if question._NONNEGATIVE.search(text) else
                            question.Domain.POSITIVE if question._POSITIVE.search(text) else question.Domain.REAL)
        assert q.lists_are_sets == bool(question._SET_QUESTION.search(text) or not question._ENUMERATION.search(q.request))
        assert q.answer_commas == (not question._SET_QUESTION.search(text) or q._locale_commas)


def test_forms_and_rounding_needles_never_skip_a_match():
    for text in _texts(16):
        forms._asks.cache_clear()
        for pattern in forms._NEEDLES:
            assert forms._asks(pattern, text) == (pattern.search(text) is not None), (pattern.pattern, text)
        assert rounding._round_context(text) == (rounding._ROUND_CONTEXT.search(text) is not None), text
        assert integers._asks_integers(text) == (integers._INTEGERS_Q.search(text) is not None), text


def test_split_by_search_is_the_stepwise_split():
    rng = random.Random(17)
    alphabet = list("(){}[]\\,;:|xU- a<>=o r1") + ["\\{", "\\}", " or ", " and ", "\\cup ", "\\land", "\\le", "\\mid"]
    patterns = [sets._Reader._SETOP, sets._Reader._REL, re.compile(r","), re.compile(r"\s*(?:\\mid|\||:)\s*"),
                re.compile(r"\s*[,;]\s*|\s+and\s+"), re.compile(r"\s*\bor\b\s*"), re.compile(r"\s*\\land\s*"),
                re.compile(r"x*"), re.compile(r"(?<=\()a")]   # the last two: an empty match, a look-behind
    for _ in range(5000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 25)))
        for p in patterns:
            assert sets._split(s, p) == sets._split_stepwise(s, p), (s, p.pattern)


_SET_WORDS = ["x", "y", "1", "2.5", "-3", " ", ",", " or ", " and ", "all", "real", "REAL", "numbers", "R", "r", "U", "u",
              "(", ")", "[", "]", "{", "}", "\\{", "\\}", "<", ">", "=", "<=", "!=", "in", " in ", "inf", "Infinity", "oo", "o",
              "\\infty", "\\le", "\\cup", "\\mathbb{R}", "$", ".", "|", ":", "-", "∞", "ℝ", "≤", "√", "ſ"]


def test_read_set_gate_only_skips_texts_that_read_as_nothing(monkeypatch):
    rng = random.Random(18)
    shapes = ["x {r} {n}", "{n} {r} x {r} {n}", "({n}, {n})", "[{n}, {n})", "({n}, {n}) {u} ({n}, {n})", "{{{n}, {n}}}",
              "all real numbers", "x in R", "x in ({n}, {n})", "{n}", "x {r} {n} or x {r} {n}", "R", "{n} and {n}"]
    pick = {"r": ["<", ">", "=", "<=", ">=", "!=", "\\le", "≤"], "n": ["1", "-2", "oo", "-inf", "Infinity", "\\infty", "3.5", "a"],
            "u": ["U", "\\cup", "∪", "or"]}

    def text() -> str:
        t = rng.choice(shapes)
        t = re.sub(r"\{([run])\}", lambda m: rng.choice(pick[m.group(1)]), t)
        return t if rng.random() < 0.5 else t + rng.choice(_SET_WORDS) + rng.choice(_SET_WORDS)

    texts = [text() for _ in range(3000)] + ["".join(rng.choice(_SET_WORDS) for _ in range(rng.randint(1, 9)))
                                            for _ in range(3000)]
    read = sets.read_set.__wrapped__
    gated = [read(t) for t in texts]
    monkeypatch.setattr(sets, "_SET_MARK", re.compile(""))     # matches everywhere: the gate never skips
    assert [read(t) for t in texts] == gated
    assert sum(g is not None for g in gated) > 500         # the texts do read as sets often


def test_split_condition_and_direction_gates(monkeypatch):
    rng = random.Random(19)
    words = ["12", " ", ",", "(", "\\text{", "}", "at", "AT", "x = 3", "when", "Whenever", "where", "if", "for", "with",
             "equality", "attained", "achieved", "obtained", "reached", "occurs", "which occurs", "n", "<", "all", "min",
             "increasing", "Ascending", "order", "least to greatest", "Greatest to least", "arrange", "list", "."]
    texts = ["".join(rng.choice(words) for _ in range(rng.randint(1, 10))) for _ in range(4000)]
    texts += [f"{rng.choice(['Arrange', 'list', 'Order', 'Write'])} a, b, c {rng.choice(['in', 'from'])} "
              f"{rng.choice(['increasing', 'Decreasing', 'least to greatest', 'greatest  to least', 'any'])} order"
              for _ in range(300)]
    before = [(forms.split_condition(t), order._direction.__wrapped__(t)) for t in texts]
    monkeypatch.setattr(forms, "_CLAUSE_WORDS", ("",))          # '' is in every text: the gate never skips
    monkeypatch.setattr(order, "_DIRECTION_LOW", re.compile(""))
    assert [(forms.split_condition(t), order._direction.__wrapped__(t)) for t in texts] == before
    assert sum(b[0] is not None for b in before) > 100 and sum(b[1] is not None for b in before) > 50


def test_rewritten_patterns_match_as_before():
    from rlverify.rule.answers import quantity, surface, units
    rng = random.Random(20)
    dollar = re.compile(r"(?<!\\)\$")
    group = re.compile(r"(?<=\d)(?:\{,\}|,\\!|\\,(?=\d{3}))(?=\d{3})")
    pieces = ["1", "23", "{,}", ",\\!", "\\,", ",", "\\", "$", "\\$", "{", "}", "!", " ", "\t", "\n", "\xa0", "\u2003", "a",
              "kilo", "electron", "light", "watt"]
    for _ in range(20000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        assert units._MATH_DOLLAR.sub(" ", s) == quantity._MATH_DOLLAR.sub(" ", s) == dollar.sub(" ", s)
        assert surface._GROUP_SEP.sub("", s) == group.sub("", s)
        assert " ".join(s.split()) == re.sub(r"\s+", " ", s).strip()
        low = s.lower()
        assert (units._JOINED_FIRST_RE.search(low) is not None) == any(w in low for w in units._JOINED_FIRST)


def test_condition_gate_only_skips_texts_that_read_as_nothing(monkeypatch):
    rng = random.Random(21)
    words = ["x", "t", "1", "-2", "\\frac{1}{2}", "\\sqrt{3}", " ", ",", ";", " or ", " and ", "\\land", "\\le", "\\ge", "\\ne",
             "\\neq", "<", ">", "=", "\\in", "\\notin", "\\infty", "\\mathbb{R}", "\\Reals", "all real numbers", "Real", "REALS",
             "(", ")", "\\{", "\\}", "|", "\\mid", "\\lt", "\\leqslant", "\\pi", "e", "oo", "\\cup"]
    rel = ["<", ">", "=", "\\le", "\\ge", "\\ne", "\\neq", "\\leqslant", "\\lt", "\\in", "\\notin", "in", "le", "=>"]
    num = ["1", "-2", "\\frac{1}{2}", "\\sqrt{3}", "(0, 1)", "\\mathbb{R}", "R", "\\infty", "e", "x"]

    def condition() -> str:
        one = lambda: f"x {rng.choice(rel)} {rng.choice(num)}"   # noqa: E731
        out = one()
        for _ in range(rng.randint(0, 2)):
            out += rng.choice([" or ", ", ", " and ", " \\land ", "; "]) + one()
        return out + (rng.choice(words) if rng.random() < 0.3 else "")

    texts = ["".join(rng.choice(words) for _ in range(rng.randint(1, 8))) for _ in range(4000)]
    texts += [condition() for _ in range(3000)]
    read = sets.read_set.__wrapped__
    gated = [read(t) for t in texts]
    monkeypatch.setattr(sets, "_CONDITION_MARK", re.compile(""))   # matches everywhere: the gate never skips
    assert [read(t) for t in texts] == gated
    assert sum(g is not None for g in gated) > 500


def test_asked_unit_patterns_find_what_the_boundary_patterns_find():
    from rlverify.rule.answers import quantity
    asked = quantity._ASKED              # the boundary pattern (\b, re.I); _ASKED_LOW is its fast lower-case form
    math = re.compile(r"\b(?:in|units\s+of)\s+\$([^$]{1,80})\$")
    short = re.compile(r"\b(?:in|units\s+of)\s+([A-Za-z]{1,2})\s*(?=[),?;:]|\.(?:\s|$)|$)")
    rng = random.Random(22)
    words = ["in", "In", "IN", "pin", "in_", "how many", "How Much", "number of", "in terms of", "Measured in", "expressed in",
             "units of", "Units  of", "square", "cubic", "km", "m", "K", "J", "s^2", "/", "-", "_", "hours", "$", "\\mathrm{kJ}",
             " ", "  ", "\n", ".", "?", ")", ",", "x", "9", "é", "ſ"]
    for _ in range(6000):
        s = "".join(rng.choice(words) for _ in range(rng.randint(1, 14)))
        spans = [(m.span(), m.span(1)) for m in asked.finditer(s)]
        if s.isascii():
            assert [(m.span(), m.span(1)) for m in quantity._ASKED_LOW.finditer(s.lower())] == spans, s
        for new, old in ((quantity._ASKED_MATH, math), (quantity._SHORT_ASK, short)):
            assert [(m.span(), m.groups()) for m in new.finditer(s)] == [(m.span(), m.groups()) for m in old.finditer(s)], s


def test_parts_and_bound_gates_only_skip_texts_that_read_as_nothing(monkeypatch):
    from rlverify.rule.answers import relation_hedge
    rng = random.Random(23)
    words = ["x", "=", " = ", "1", "-2", ",", ";", " and ", " or ", "\\quad", "\\qquad", "\\text{and}", "\\text{ or }", "$", "(",
             ")", "(a)", " (b) ", "max", "min ", "y", "\\frac{1}{2}", "<", "\\le", "\\geq", "\\left(", "\\right)", " ", "and", "AND"]
    texts = ["".join(rng.choice(words) for _ in range(rng.randint(1, 9))) for _ in range(6000)]
    read = forms.parse_parts.__wrapped__
    gated = [read(t) for t in texts]
    assert sum(g is not None for g in gated) > 1000
    for t in texts:   # the bound gate: no relation in the unwrapped reference, no single relation part either
        if not relation_hedge._OP_RE.search(relation_hedge.unwrap(t)):
            parts = relation_hedge._parts(t)
            assert not (len(parts) == 1 and relation_hedge._OP_RE.search(parts[0])), t
    monkeypatch.setattr(forms, "_PARTS_MARKS", ("",))      # '' is in every text: the gate never skips
    assert [read(t) for t in texts] == gated


def test_words_to_number_gate_only_skips_texts_without_letters(monkeypatch):
    from rlverify.rule.answers import words
    rng = random.Random(24)
    pieces = ["1", "2", "12", " ", "-", "^", "{", "}", "th", "st", "nd", "ſt", "two", "Twenty", "million", "half", "\\frac12", "×",
              "π", "$", ".", ",", "and", "the", "first"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 5))) for _ in range(6000)]
    read = words.words_to_number.__wrapped__
    gated = [read(t) for t in texts]
    assert sum(g is not None for g in gated) > 300
    monkeypatch.setattr(words, "_ASCII_LETTER", re.compile(""))   # matches everywhere: the gate never skips
    assert [read(t) for t in texts] == gated


def test_a_concrete_set_of_reals_is_its_own_intersection_with_the_line():
    import sympy

    from rlverify.rule.answers import _forms_cas as cas
    rng = random.Random(25)
    ends = ["0", "1", "-1", "-3", "\\frac{1}{2}", "-\\frac{3}{2}", "\\sqrt{2}", "-\\sqrt{3}", "\\pi", "e", "2.5",
            "\\frac{1+\\sqrt{5}}{2}", "1-\\sqrt{2}"]

    def tree(depth: int = 0) -> tuple:
        if depth < 2 and rng.random() < 0.5:
            kind = rng.choice(["cup", "cap", "list", "minus"])
            if kind == "minus":
                return ("minus", tree(depth + 1), tree(depth + 1))
            return (kind, tuple(tree(depth + 1) for _ in range(rng.randint(2, 3))))
        r = rng.random()
        if r < 0.6:
            lo = None if rng.random() < 0.2 else rng.choice(ends)
            hi = None if rng.random() < 0.2 else rng.choice(ends)
            return ("iv", lo, hi, rng.random() < 0.5 and lo is not None, rng.random() < 0.5 and hi is not None)
        return ("pts", tuple(rng.sample(ends, rng.randint(1, 3)))) if r < 0.9 else rng.choice([("R",), ("E",)])

    checked = 0
    for _ in range(200):
        try:
            s = cas._real_set(tree(), {})
        except cas._NotReal:
            continue
        if cas._concrete(s):
            i = s.intersect(sympy.S.Reals)
            assert type(i) is type(s) and i.args == s.args and cas._within(s, sympy.S.Reals, "real") is s
            checked += 1
    assert checked > 60


def test_locale_comma_pattern_finds_what_the_look_behind_pattern_finds():
    old = re.compile(r"(?<![\w.,(\[{])(?:0,\d+|[1-9]\d{0,2},(?:\d{1,2}|\d{4,}))(?![\d,)\]}]|\.\d)")
    rng = random.Random(26)
    pieces = ["0", "1", "5", "12", "250", "1000", ",", ".", " ", "(", "[", "{", ")", "]", "}", "a", "é", "€", "$", "٣"]
    for _ in range(20000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 10)))
        assert [m.span() for m in question._LOCALE_COMMA.finditer(s)] == [m.span() for m in old.finditer(s)], s
