"""A bare lower-case option letter names an option where the question lists that option (issue 29, family 2).

physics-dev answers ``b``, ``\\text{b}``, ``\\text{b)}`` to questions listing ``(a) 1 GeV. (b) 1 MeV. (c) 1 KeV.``: the
letter is the answer, as ``B`` and ``(b)`` are. Read without its question a lower-case letter is a value (``e``, a
variable), so the question decides: where it lists no option of that letter, the letter stays a value.

Seeded over real quantity references (physics-dev's golds with a unit) placed among distinct listed options.
"""

from __future__ import annotations

import random
import re

import pytest

from rlverify import verify
from rlverify.analysis.datasets import read_jsonl
from rlverify.rule.answers.quantity import parse_quantity

CORPUS = "data/corpora/physics-dev.jsonl.gz"
_FORMS = ("{l}", "\\text{{{l}}}", "\\text{{{l})}}", "{l})", "\\textbf{{{l}}}", "\\mathrm{{{l}}}")


def _golds() -> list[str]:
    out = set()
    for r in read_jsonl(CORPUS):
        g = r["gold"].split("=")[-1].strip() if r["gold"].count("=") == 1 else r["gold"]   # 'W = 73.4 J': its value
        if len(g) < 40 and "," not in g and "\\approx" not in g and re.search(r"\d", g):
            q = parse_quantity(g)
            if q is not None and q.unit is not None:
                out.add(g)
    return sorted(out)


GOLDS = _golds()


def _question(options: list[str], upper: bool) -> str:
    labels = "ABCD" if upper else "abcd"
    listed = "   ".join(f"({labels[i]}) ${o}$." for i, o in enumerate(options))
    return f"Which of the following is closest to the value asked for?   {listed}"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bare_lower_case_letter_names_the_listed_option(seed):
    rng = random.Random(seed)
    assert len(GOLDS) >= 10
    bad = []
    for _ in range(12):
        gold, *others = rng.sample(GOLDS, 3)
        options = [gold, *others]
        rng.shuffle(options)
        right = "abc"[options.index(gold)]
        wrong = rng.choice([c for c in "abc" if c != right])
        form = rng.choice(_FORMS)
        q = _question(options, upper=rng.random() < 0.3)
        if verify(form.format(l=right), gold, q).outcome.value != "equal":
            bad.append(("right letter rejected", form.format(l=right), gold, q))
        if verify(form.format(l=wrong), gold, q).outcome.value == "equal":
            bad.append(("wrong letter accepted", form.format(l=wrong), gold, q))
    assert not bad, bad[:4]


def test_lower_case_letter_without_listed_options_is_a_value():
    """No options listed: ``b`` is a variable, never the reference."""
    rng = random.Random(3)
    for gold in rng.sample(GOLDS, 10):
        for form in _FORMS[:3]:
            assert verify(form.format(l="b"), gold, "Find the value asked for.").outcome.value != "equal"


def _listed_questions() -> list[tuple[str, str, str]]:
    """(question, gold, letter) for the corpus questions that list options, where the letter in parentheses names the
    reference (as the verifier reads it)."""
    from rlverify.rule.answers.question import Question

    seen, out = set(), []
    for r in read_jsonl(CORPUS):
        q = r.get("question") or ""
        if q in seen:
            continue
        seen.add(q)
        question = Question(q)
        letters = [c for c in "ABCDE" if question.option(c) is not None]
        right = [c for c in letters if verify(f"({c.lower()})", r["gold"], q).outcome.value == "equal"]
        if len(letters) >= 2 and len(right) == 1:
            out.append((q, r["gold"], right[0].lower()))
    return out


def test_real_questions_listing_options():
    rows = _listed_questions()
    assert len(rows) >= 5
    bad = []
    for q, gold, right in rows:
        wrong = next(c for c in "abc" if c != right)
        for form in _FORMS:
            if verify(form.format(l=right), gold, q).outcome.value != "equal":
                bad.append(("right letter rejected", form.format(l=right), gold))
            if verify(form.format(l=wrong), gold, q).outcome.value == "equal":
                bad.append(("wrong letter accepted", form.format(l=wrong), gold))
    assert not bad, bad[:6]
