"""Text references (rule.answers.words.same_text): a qualifier is its generic noun phrase ('odd' for 'Any odd number of
participants', hardverify-160), and a reference whose ``\\text`` went through a string escape (a tab for the ``\\t``)
reads as written. Seeded over the one-word ``\\text{}`` references of the vendored corpora and problem sets (odd,
even, east, Friday, names...) and hardverify-160's phrase, with twins: the opposite qualifier, a negation, two
qualifiers offered, rejected."""

from __future__ import annotations

import functools
import gzip
import json
import random
import re
from pathlib import Path

import pytest

from rlverify.rule.answers.words import same_text

ROOT = Path(__file__).resolve().parents[2]
OPPOSITE = {"odd": "even", "even": "odd", "prime": "composite", "composite": "prime", "positive": "negative",
            "negative": "positive", "rational": "irrational", "irrational": "rational"}
HEADS = ("number", "numbers", "integer", "integers", "value")
NOUNS = ("participants", "players", "people", "coins", "moves", "terms", "vertices")
DETERMINERS = ("Any", "any", "An", "an", "All", "all", "Every", "")


@functools.lru_cache(maxsize=1)
def _text_references() -> list[str]:
    """The one-word (or short) \\text{} references of data/corpora and data/problems."""
    out = set()
    for path in sorted((ROOT / "data" / "corpora").glob("*.jsonl.gz")) + sorted((ROOT / "data" / "problems").glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                g = r.get("gold") or r.get("answer") or r.get("final_answer") or ""
                g = g[0] if isinstance(g, list) and len(g) == 1 else g
                m = re.fullmatch(r"\s*\$?\\text\{\s*([A-Za-z][A-Za-z \-]{1,30})\s*\}\s*\$?\s*", g) if isinstance(g, str) else None
                if m:
                    out.add(m.group(1).strip())
    return sorted(out)


def _escaped(tex: str) -> str:
    return tex.replace("\\text", "\text")          # the \t of \text read as a tab


def _phrase(q: str, rng: random.Random) -> str:
    det = rng.choice(DETERMINERS)
    head = rng.choice(HEADS)
    of = f" of {rng.choice(NOUNS)}" if rng.random() < 0.6 and head.startswith("number") else ""
    return " ".join(x for x in (det, q, head) if x) + of


def test_pool_has_the_corpus_words() -> None:
    words = _text_references()
    assert {"odd", "even"} <= set(words) and len(words) >= 8


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_qualifier_is_its_noun_phrase(seed: int) -> None:
    rng = random.Random(seed)
    quals = sorted({w for w in _text_references() if w in OPPOSITE} | set(OPPOSITE))
    for _ in range(40):
        q = rng.choice(quals)
        phrase = _phrase(q, rng)
        gold = rng.choice((f"\\text{{{phrase}}}", phrase))
        gold = _escaped(gold) if rng.random() < 0.5 else gold
        answer = rng.choice((q, q.capitalize(), f"\\text{{{q}}}", f"an {q} number", f"{q} numbers"))
        assert same_text(answer, gold), (answer, gold)
        assert same_text(phrase, q), (phrase, q)                      # the reverse: a phrase for the word
        other = OPPOSITE[q]
        for bad in (other, f"\\text{{{other}}}", f"an {other} number", f"not {q}", f"{q} or {other}", "any number"):
            assert not same_text(bad, gold), (bad, gold)
        assert not same_text(_phrase(other, rng), q)


@pytest.mark.parametrize("seed", [0, 1])
def test_escaped_text_reference_reads_as_written(seed: int) -> None:
    rng = random.Random(seed)
    words = _text_references()
    for w in words:
        gold = f"\\text{{{w}}}"
        assert same_text(w, _escaped(gold)) == same_text(w, gold) is True, w
        other = rng.choice([x for x in words if x.lower() != w.lower()])
        assert not same_text(other, _escaped(gold)), (other, w)


def test_the_corpus_row() -> None:
    gold = "\text{Any odd number of participants}"          # hardverify-160's reference as stored (a tab)
    assert same_text("odd", gold) and not same_text("even", gold)


@pytest.mark.parametrize("answer,gold", [
    ("two", "any two numbers"),        # a number word is no qualifier
    ("no", "no real number"),          # nor a negation
    ("odd", "odd function"),           # another head: not a number
])
def test_not_a_qualifier(answer: str, gold: str) -> None:
    assert not same_text(answer, gold)
