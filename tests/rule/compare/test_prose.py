"""The readings of words, times, ratios and directed values and their cells (issue 29: rlverify.rule.read.prose,
rlverify.rule.compare.prose), without the stage table.

References are drawn from the corpora's and the problem sets' golds: the integers, the sure quantities, the nouns that
counted golds carry (``12\\text{ square units}``, ``210\\text{ ways}``), the one-word golds (``odd``, ``circle``).
Each family writes the reference in the form the corpora show (a ratio ``p:q``, a time ``h:mm p.m.``, a counted noun,
a sentence that states a word, a quantity with its direction, a sentence box that states its value) against a correct
answer and near-miss twins that must stay rejected (the reciprocal ratio, the other half of the day, the number off by
one, another word, the opposite direction, a qualified value). Every pair is decided by a typed entry under
``RLVERIFY_READINGS=readings`` (the table never consulted), and the default path agrees."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

from rlverify.analysis.datasets import read_jsonl
from rlverify.rule.answers.words import normalize_text, words_to_number
from rlverify.rule.compare import compare, explain
from rlverify.rule.read import read
from rlverify.rule.read.types import Number, Quantity, Text

DATA = Path(__file__).resolve().parents[3] / "data"
_SEEDS = range(4)


def _golds() -> list[str]:
    out = []
    for path in sorted((DATA / "corpora").glob("*.jsonl.gz")) + sorted((DATA / "problems").glob("*.jsonl.gz")):
        for r in read_jsonl(path):
            g = r.get("answer", r.get("gold"))
            if isinstance(g, str) and len(g) <= 60:
                out.append(g.strip())
    return out


@lru_cache(maxsize=1)
def _pools() -> tuple[list[int], list[str], list[str], list[str]]:
    integers, nouns, words, quantities = set(), set(), set(), set()
    for g in _golds():
        r = read(g)
        if isinstance(r, Number) and r.exact is not None and r.exact.denominator == 1 and 2 <= r.exact <= 5000 \
                and re.fullmatch(r"\d+", g):
            integers.add(int(r.exact))
        elif isinstance(r, Text) and isinstance(r.states, Number):
            m = re.fullmatch(r"\d+\s*(?:\\[;,]\s*)?\\text\{\s*([a-z][a-z ]*[a-z])\s*\.?\}", g)
            if m:
                nouns.add(m.group(1))
        elif isinstance(r, Quantity) and r.sure and re.fullmatch(r"[\d.]+\s*(?:\\[ ,;]\s*)?\\(?:mathrm|text)\{\s*[A-Za-z/]+\}", g):
            quantities.add(g)
        m = re.fullmatch(r"(?:\\text\{)?([A-Za-z]{3,})\}?", g)
        if m and normalize_text(m.group(1)) not in ("yes", "no", "true", "false", "none", "neither", "nobody") \
                and words_to_number(m.group(1)) is None:
            words.add(m.group(1))
    return sorted(integers), sorted(nouns), sorted(words), sorted(quantities)


def _check(answer: str, gold: str, equal: bool, monkeypatch, question: str | None = None) -> None:
    d = explain(answer, gold, question)
    assert d.match.equal is equal, (answer, gold, d)
    if equal:
        assert d.stage.startswith("typed:") and d.stage != "typed:none", (answer, gold, d)
    assert compare(answer, gold, question).equal is equal, ("default path", answer, gold)


def test_the_pools_are_drawn_from_the_data():
    integers, nouns, words, quantities = _pools()
    assert len(integers) > 100 and len(nouns) >= 5 and len(words) >= 5 and len(quantities) > 10


@pytest.mark.parametrize("seed", _SEEDS)
def test_ratios(seed, monkeypatch):
    integers = _pools()[0]
    rng = random.Random(seed)
    for _ in range(6):
        p, q = rng.sample([n for n in integers if n < 60], 2)
        _check(rf"\dfrac{{{p}}}{{{q}}}", f"{p}:{q}", True, monkeypatch)
        _check(f"{p}:{q}", rf"\frac{{{p}}}{{{q}}}", True, monkeypatch)
        _check(rf"\dfrac{{{q}}}{{{p}}}", f"{p}:{q}", False, monkeypatch)
        _check(f"{p}:{q}", rf"V_{{1}}:V_{{2}}={p}:{q}", True, monkeypatch)     # a ratio under the names it compares
        _check(f"{q}:{p}", rf"V_{{1}}:V_{{2}}={p}:{q}", False, monkeypatch)
        _check(f"{p * 2}", f"{p * 2}:1", True, monkeypatch)
        _check(f"{p * 2 + 1}", f"{p * 2}:1", False, monkeypatch)
        value = Fraction(p, q)
        if value.denominator not in (1, 2, 4, 5, 10, 20, 25, 50, 100):    # a decimal that rounds the ratio
            rounded = f"{float(value):.3g}"
            _check(f"{p}:{q}", rounded, True, monkeypatch)
            _check(f"{p}:{q}", f"{float(value) * 1.05:.3g}", False, monkeypatch)


@pytest.mark.parametrize("seed", _SEEDS)
def test_clock_times(seed, monkeypatch):
    rng = random.Random(seed)
    for _ in range(6):
        h, m = rng.randint(1, 11), rng.randint(0, 58)
        gold = f"{h}:{m:02d} p.m."
        _check(rf"{h}:{m:02d} \text{{ p.m.}}", gold, True, monkeypatch)
        _check(rf"{h}{{:}}{m:02d}\text{{ PM}}", gold, True, monkeypatch)
        _check(f"{h + 12}:{m:02d}", gold, True, monkeypatch)
        _check(rf"{h}:{m:02d} \text{{ a.m.}}", gold, False, monkeypatch)
        _check(rf"{h}:{m + 1:02d} \text{{ p.m.}}", gold, False, monkeypatch)


@pytest.mark.parametrize("seed", _SEEDS)
def test_a_number_and_the_noun_it_counts(seed, monkeypatch):
    integers, nouns, _, _ = _pools()
    rng = random.Random(seed)
    for _ in range(6):
        n, noun = rng.choice(integers), rng.choice(nouns)
        _check(str(n), rf"{n}\text{{ {noun}}}", True, monkeypatch)
        _check(rf"{n} \text{{ {noun}}}", str(n), True, monkeypatch)
        _check(str(n + 1), rf"{n}\text{{ {noun}}}", False, monkeypatch)
        _check(rf"{n - 1} \text{{ {noun}}}", str(n), False, monkeypatch)
        _check(rf"\text{{at least }}{n} \text{{ {noun}}}", str(n), False, monkeypatch)


_SENTENCES = ("{w} has a winning strategy.", "The answer is {w}.", "{w} will win the game.")


@pytest.mark.parametrize("seed", _SEEDS)
def test_a_word_against_a_sentence_that_states_it(seed, monkeypatch):
    words = _pools()[2]
    rng = random.Random(seed)
    for _ in range(6):
        w, other = rng.sample(words, 2)
        if normalize_text(w) == normalize_text(other):
            continue
        template = rng.choice(_SENTENCES)
        sentence = template.format(w=w[0].upper() + w[1:] if template.startswith("{w}") else w)
        _check(w, sentence, True, monkeypatch)
        _check(other, sentence, False, monkeypatch)
        _check(rf"\text{{{w}}}", rf"\text{{{w.lower()}}}", True, monkeypatch)


_DIRECTIONS = (("to the left", "to the right"), ("upward", "downward"), ("north", "south"),
               ("into the page", "out of the page"), ("toward the center", "away from the center"))


@pytest.mark.parametrize("seed", _SEEDS)
def test_a_quantity_and_its_direction(seed, monkeypatch):
    quantities = _pools()[3]
    rng = random.Random(seed)
    for _ in range(6):
        q, (d, opposite) = rng.choice(quantities), rng.choice(_DIRECTIONS)
        gold = rf"{q}\text{{ {d}}}"
        _check(rf"{q}, \text{{directed {d}}}", gold, True, monkeypatch)
        _check(rf"{q} \text{{ {d}}}", q, True, monkeypatch)
        _check(rf"{q} \text{{ {opposite}}}", gold, False, monkeypatch)


_PROSE = (r"\text{{So there are }}{n}\text{{ ways}}", r"\text{{With }}{a}\text{{ and }}{b}\text{{, we find that the count "
          r"equals }}{n}", r"\text{{after the }}{a}\text{{ steps of size }}{b}\text{{ we get }}{n}")


@pytest.mark.parametrize("seed", _SEEDS)
def test_a_sentence_box_states_its_value(seed, monkeypatch):
    integers = _pools()[0]
    rng = random.Random(seed)
    for _ in range(6):
        n, a, b = rng.sample(integers, 3)
        box = rng.choice(_PROSE)
        _check(box.format(n=n, a=a, b=b), str(n), True, monkeypatch)
        _check(box.format(n=n + 1, a=a, b=b), str(n), False, monkeypatch)
        _check(box.format(n=n, a=a, b=b), str(a), False, monkeypatch)


@pytest.mark.parametrize("seed", _SEEDS)
def test_the_parts_of_a_question_under_their_letters(seed, monkeypatch):
    quantities = _pools()[3]
    rng = random.Random(seed)
    question = "(a) Find the first value. (b) Find the second value."
    for _ in range(6):
        q1, q2 = rng.sample(quantities, 2)
        if read(q1).text == read(q2).text:
            continue
        gold = rf"(a) {q1} (b) {q2}"
        _check(rf"(a) {q1}, (b) {q2}", gold, True, monkeypatch, question)
        _check(rf"(a) {q2} (b) {q1}", gold, False, monkeypatch, question)
        _check(rf"(a) {q1} (b) {q1}", gold, False, monkeypatch, question)
