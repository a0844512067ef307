"""The C-speed gates before the question and set readers change nothing but time: each gated reading equals the
plain regex reading (seeded random texts built from the patterns' own words, in mixed case, with non-ASCII letters
that re.I folds: the long s, the dotless i, the Kelvin sign)."""

from __future__ import annotations

import random
import re

from rlverify.rule.answers import forms, question, rounding, sets

_WORDS = ["positive", "non-negative", "nonnegative", "number", "x > 0", "x \\geq 0", "\\ge", "constant", "bound", "find",
          "what", "How", "and", ",", ";", "respectively", "order", "pairs", "first", "then", "another", "an example",
          "one such", "any one", "all", "solutions", "roots", "zero", "solve", "set", "possible", "intersect", "percent",
          "%", "minimum", "max", "largest", "least", "lowest", "monotonic", "increasing intervals", "interval where f",
          "decreas", "approximately", "approx.", "estimate", "roughly", "about how many", "\\approx", "≈", "round",
          "nearest", "decimal", "significant", "3 sig figs", "2 s.f.", "1 d. p.", "accurate", "correct to", "express",
          "general", "at most", "\\le", "\\min", "inf", "sup", "range", "domain", "set of", "values of", "for which",
          "such that", "satisfies", "integer", "natural number", "whole number", "\\mathbb{Z}", "remainder", "residue",
          "modulo", "mod", "\\pmod", "value", "ſolve", "poſitive", "mınimum", "\u212aey", ".", "?", " ", " ", "\n", "a", "b"]


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
