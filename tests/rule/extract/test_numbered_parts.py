"""Numbered parts of one answer (rule.extract._numbered): ``Sequence 1: -2, -1, 0, 1, 2 and Sequence 2: 10, 11, 12,
13, 14`` is its parts, read as the same list written bare. Seeded over the real list references of the vendored
corpora and problem sets (numbers and tuples, 2+ items), grouped into numbered parts (the word, its TeX, the joiner
drawn), with twins: one item moved by one (rejected, numbered or not), and the derivation / hedge words ('Step',
'Option') left alone."""

from __future__ import annotations

import functools
import gzip
import json
import random
import re
from pathlib import Path

import pytest

from rlverify.rule.extract import extract_answer
from rlverify.rule.extract._numbered import numbered_parts

ROOT = Path(__file__).resolve().parents[3]
_NUM = r"-?\d+(?:\.\d+)?"
_ITEM = rf"(?:{_NUM}|\(\s*{_NUM}(?:\s*,\s*{_NUM})+\s*\))"
_LIST = re.compile(rf"^\s*{_ITEM}(?:\s*,\s*{_ITEM})+\s*$")


@functools.lru_cache(maxsize=1)
def _pool() -> list[tuple[str, str]]:
    """(reference, question) of every list reference (2+ numbers or tuples) in data/corpora and data/problems."""
    seen: dict[str, str] = {}
    for path in sorted((ROOT / "data" / "corpora").glob("*.jsonl.gz")) + sorted((ROOT / "data" / "problems").glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                g = r.get("gold") or r.get("answer") or r.get("final_answer") or ""
                if isinstance(g, list):
                    g = g[0] if len(g) == 1 else ""
                g = g.strip().strip("$").strip() if isinstance(g, str) else ""
                q = r.get("question") or r.get("problem") or ""
                if _LIST.match(g) and not re.match(r"^\d{1,3}(?:,\d{3})+$", g) and isinstance(q, str):
                    seen.setdefault(g, q)
    return sorted(seen.items())


def _items(gold: str) -> list[str]:
    return [m.group().strip() for m in re.finditer(_ITEM, gold)]


def _moved(item: str, rng: random.Random) -> str:
    nums = list(re.finditer(_NUM, item))
    m = rng.choice(nums)
    v = m.group()
    new = str(int(v) + 1) if "." not in v else f"{float(v) + 0.1:.{len(v.split('.')[1])}f}"
    return item[:m.start()] + new + item[m.end():]


_LABEL_FORMS = ("{w} {k}: ", "\\text{{{w} {k}: }} ", "\\text{{{w} {k}}}: ", "\\textbf{{{w} {k}:}}\\ ", "{w}~{k}: ",
                "{O} {lw}: ", "\\text{{{O} {lw}: }} ", "{o} {lw}: ")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_JOINERS = (" and ", ", ", "; ", " \\quad ", " \\\\ ", "\\text{ and } ")


def _groups(items: list[str], rng: random.Random) -> list[list[str]]:
    if items[0].startswith("(") or len(items) <= 3:
        return [[x] for x in items]
    k = rng.randint(2, min(4, len(items)))
    cuts = sorted(rng.sample(range(1, len(items)), k - 1))
    return [items[a:b] for a, b in zip([0] + cuts, cuts + [len(items)])]


def _word(groups: list[list[str]], rng: random.Random) -> str:
    if groups[0][0].startswith("("):
        words = ("Solution", "Pair", "Triple", "Tuple") if len(re.findall(_NUM, groups[0][0])) <= 3 else ("Solution", "Tuple")
    elif all(len(g) == 1 for g in groups):
        words = ("Solution", "Root", "Value")
    else:
        words = ("Sequence", "Set", "Group", "Solution")
    return rng.choice(words)


def _written(groups: list[list[str]], word: str, form: str, joiner: str, numbered: bool) -> str:
    parts = [", ".join(g) for g in groups]
    if not numbered:
        return "; ".join(parts)
    if len(parts) > len(_ORDINALS) and "{o" in form.lower():
        form = "{w} {k}: "
    return joiner.join(form.format(w=word, k=i, lw=word.lower(), o=_ORDINALS[i - 1] if i <= 10 else "",
                                   O=_ORDINALS[i - 1].capitalize() if i <= 10 else "") + p
                       for i, p in enumerate(parts, 1))


def _rows(seed: int) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for gold, question in _pool():
        items = _items(gold)
        groups = _groups(items, rng)
        word, form, joiner = _word(groups, rng), rng.choice(_LABEL_FORMS), rng.choice(_JOINERS)
        bad_groups = [list(g) for g in groups]
        gi = rng.randrange(len(bad_groups))
        ii = rng.randrange(len(bad_groups[gi]))
        bad_groups[gi][ii] = _moved(bad_groups[gi][ii], rng)
        lead = rng.choice(("The final answer is $\\boxed{{{}}}$.", "Hence the answer is $\\boxed{{{}}}$.",
                           "Therefore: $\\boxed{{{}}}$"))
        rows.append({"gold": gold, "question": question, "lead": lead,
                     "ok": _written(groups, word, form, joiner, True), "ok_bare": _written(groups, word, form, joiner, False),
                     "bad": _written(bad_groups, word, form, joiner, True),
                     "bad_bare": _written(bad_groups, word, form, joiner, False)})
    return rows


@pytest.fixture(scope="module")
def verifier():
    import rlverify

    return rlverify.get_verifier("rule")


def _ok(verifier, row: dict, key: str) -> bool:
    return bool(verifier.verify(row["lead"].format(row[key]), row["gold"], question=row["question"]).correct)


@pytest.mark.parametrize("seed", [0, 1])
def test_numbered_parts_read_as_the_bare_list(verifier, seed: int) -> None:
    rows = _rows(seed)
    assert len(rows) >= 40
    accepted = 0
    for r in rows:
        ok, bare = _ok(verifier, r, "ok"), _ok(verifier, r, "ok_bare")
        assert ok == bare, r               # the numbering changes nothing
        accepted += ok
        assert not _ok(verifier, r, "bad"), r      # a moved item stays wrong, numbered or not
        assert not _ok(verifier, r, "bad_bare"), r
    assert accepted >= 0.8 * len(rows), (accepted, len(rows))


@pytest.mark.parametrize("seed", [0, 1])
def test_extracted_span_is_the_parts(seed: int) -> None:
    for r in _rows(seed):
        assert extract_answer(r["lead"].format(r["ok"])).answer == r["ok_bare"], r


@pytest.mark.parametrize("span", [
    "Step 1: 5, Step 2: 6",                          # a derivation: its last step is the answer
    "Option 1: 5, Option 2: 6",                      # two answers offered
    "Answer 1: 5 and Answer 2: 6",
    "Solution 2: 3, Solution 1: 4",                  # not numbered 1, 2, ...
    "Solution 1: 3, Root 2: 4",                      # two words
    "Second pair: (1, 2), First pair: (3, 4)",       # ordinals out of order
    "First step: 5, second step: 6",                 # a derivation, in ordinals
    "x = 2, Solution 1: 3, Solution 2: 4",           # something before the first label
    "Solution 1: , Solution 2: 4",                   # an empty part
    "Sequence 1: (1, 2, Sequence 2: 3)",             # unbalanced parts
])
def test_other_spans_left_alone(span: str) -> None:
    assert numbered_parts(span) is None
