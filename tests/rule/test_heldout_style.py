"""Held-out style checks for the rule verifier (issues 2 and 4).

1. ``tests/cases/heldout_style.jsonl`` (built by ``tests/cases/make_heldout_style.py``): hand-written
   rewrites of references (correct) and near-misses (wrong) in frontier response styles.
2. A programmatic reformatter: every MATH500 / OlympiadBench reference that is an integer, a
   fraction, ``k\\sqrt{m}`` or an integer tuple is rewritten by rule into equivalent forms and
   into near-misses (off by one, flipped, swapped, a factor), wrapped in the same styles.
Both assert precision >= 0.995 and a recall floor set a little under the measured value.
"""
from __future__ import annotations

import importlib.util
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

import rlverify
from rlverify.analysis.datasets import problem_file, read_jsonl

CASES = Path(__file__).resolve().parents[1] / "cases"
PROBLEMS = ("math500.jsonl", "olympiadbench.jsonl")
_SKIP_Q = re.compile(r"round|nearest|decimal|approximat|percent|significant|express .* as", re.I)

# measured 2026-12-01 with `rlverify eval tests/cases/heldout_style.jsonl`: rule precision 1.000, recall 1.000
# (190/190; math-verify 0.929 / 0.753); generated rows (520): rule 1.000 / 1.000 (312/312; math-verify
# 0.996 / 0.843). Floors sit a little under the measured recall.
FILE_RECALL_FLOOR = 0.98
GEN_RECALL_FLOOR = 0.98


def _maker():
    spec = importlib.util.spec_from_file_location("make_heldout_style", CASES / "make_heldout_style.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _score(rows: list[dict]) -> tuple[float, float, list[dict]]:
    verifier = rlverify.get_verifier("rule")
    verdicts = verifier.verify_batch([{k: r[k] for k in ("response", "gold", "question")} for r in rows])
    tp = sum(v.correct and r["label"] for v, r in zip(verdicts, rows))
    fp = sum(v.correct and not r["label"] for v, r in zip(verdicts, rows))
    pos = sum(r["label"] for r in rows)
    wrong = [dict(r, extracted=v.extracted) for v, r in zip(verdicts, rows) if v.correct != r["label"]]
    return (tp / (tp + fp) if tp + fp else 1.0), tp / pos, wrong


def _int_forms(n: int) -> tuple[list[str], list[str]]:
    good = [f"{n}.0", f"{n:,}".replace(",", "{,}"), f"{n:,}".replace(",", r"\,"), rf"\left({n}\right)",
            rf"\mathbf{{{n}}}"]
    bad = [str(n + 1), str(n - 1), str(10 * n) if n else "1"] + ([str(-n)] if n else [])
    return good, bad


def _frac_forms(s: int, a: int, b: int) -> tuple[list[str], list[str]]:
    sign = "-" if s < 0 else ""
    good = [rf"{sign}\dfrac{{{a}}}{{{b}}}", f"{sign}{a}/{b}", rf"{sign}\frac{{{2 * a}}}{{{2 * b}}}",
            rf"{sign}{a} \div {b}", rf"\frac{{{'-' if sign else ''}{a}}}{{{b}}}"]
    if a < 10 and b < 10:
        good.append(rf"{sign}\tfrac{a}{b}")                        # \tfrac34
    if a > b and a % b:
        good.append(rf"{sign}{a // b}\tfrac{{{a % b}}}{{{b}}}")   # mixed number
    value = Fraction(s * a, b)
    bad = [rf"{sign}\frac{{{a + 1}}}{{{b}}}", rf"{'' if sign else '-'}\frac{{{a}}}{{{b}}}"]
    bad += [rf"{sign}\frac{{{b}}}{{{a}}}"] if a != b else []
    if all(p in (2, 5) for p in _primes(b)) and len(str(float(value))) < 12:
        good.append(repr(float(value)))
    elif b > 2:
        bad.append(f"{float(value):.3f}")   # a rounded value is not exact when no rounding was asked
    return good, bad


def _primes(n: int) -> list[int]:
    out, p = [], 2
    while n > 1 and p <= n:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    return out


def _forms(gold: str) -> tuple[list[str], list[str]] | None:
    g = gold.strip().strip("$").replace(" ", "").replace(r"\dfrac", r"\frac")
    if re.fullmatch(r"-?\d{1,7}", g):
        return _int_forms(int(g))
    m = re.fullmatch(r"(-?)\\frac\{(\d{1,5})\}\{(\d{1,5})\}", g)
    if m and int(m[3]) > 1 and Fraction(int(m[2]), int(m[3])).denominator == int(m[3]):
        return _frac_forms(-1 if m[1] else 1, int(m[2]), int(m[3]))
    m = re.fullmatch(r"(\d{0,3})\\sqrt\{?(\d{1,4})\}?", g)
    if m and int(m[2]) > 1 and int(m[1] or 1) > 1:
        k, r = int(m[1] or 1), int(m[2])
        return ([rf"\sqrt{{{k * k * r}}}", rf"{k}\cdot\sqrt{{{r}}}", rf"\sqrt{{{r}}}\,{k}", rf"{k}\sqrt{r}" if r < 10 else
                 rf"{k}\times\sqrt{{{r}}}", rf"{k}\cdot {r}^{{1/2}}"],
                [rf"\sqrt{{{k * r}}}", rf"{k + 1}\sqrt{{{r}}}", rf"{k}\sqrt{{{r + 1}}}", rf"\sqrt{{{k * k * r + 1}}}"])
    m = re.fullmatch(r"\((-?\d{1,5}(?:,-?\d{1,5}){1,3})\)", g)
    if m:
        xs = m[1].split(",")
        good = [r"\left(" + ", ".join(xs) + r"\right)", "(" + r",\ ".join(xs) + ")"]
        bad = ["(" + ",".join(xs[:-1] + [str(int(xs[-1]) + 1)]) + ")"]
        bad += ["[" + ",".join(xs) + "]"] if len(xs) == 2 else []   # a point is not a closed interval
        bad += ["(" + ",".join(xs[::-1]) + ")"] if xs != xs[::-1] else []
        return good, bad
    return None


def _golds(shared_data: Path) -> list[tuple[str, str]]:
    out = []
    for name in PROBLEMS:
        for row in read_jsonl(problem_file(name, Path(shared_data))):
            gold = row.get("answer") or (row.get("final_answer") or [None])[0]
            question = row.get("problem") or row.get("question") or ""
            if isinstance(gold, str) and not _SKIP_Q.search(question) and not row.get("unit"):
                out.append((question, gold))
    return out


def generated_rows(shared_data: Path, limit: int = 260) -> list[dict]:
    maker = _maker()
    rows: list[dict] = []
    for question, gold in _golds(shared_data):
        forms = _forms(gold)
        if forms is None:
            continue
        styles = maker.STYLES + ([] if gold.lstrip("$").startswith("(") else maker.SCALAR_STYLES)
        for label, answers in ((True, forms[0]), (False, forms[1])):
            for ans in answers:
                rows.append({"question": question, "gold": gold, "label": label,
                             "response": styles[len(rows) % len(styles)](ans)})
        if len(rows) >= limit * 6:
            break
    return rows[::max(1, len(rows) // (limit * 2))][: limit * 2]


def test_file_is_fresh_and_large():
    rows = [json.loads(x) for x in (CASES / "heldout_style.jsonl").read_text().splitlines()]
    assert len(rows) >= 250
    assert 0.4 <= sum(r["label"] for r in rows) / len(rows) <= 0.6
    assert rows == _maker().build()   # the file is exactly what the generator writes


@pytest.mark.timeout(120)
def test_heldout_style_file():
    rows = [json.loads(x) for x in (CASES / "heldout_style.jsonl").read_text().splitlines()]
    precision, recall, wrong = _score(rows)
    assert precision >= 0.995, [w for w in wrong if not w["label"]]
    assert recall >= FILE_RECALL_FLOOR, [w for w in wrong if w["label"]]


@pytest.mark.timeout(120)
def test_generated_reformatting(shared_data):
    rows = generated_rows(shared_data)
    assert len(rows) >= 200 and 0.35 <= sum(r["label"] for r in rows) / len(rows) <= 0.65
    precision, recall, wrong = _score(rows)
    assert precision >= 0.995, [w for w in wrong if not w["label"]]
    assert recall >= GEN_RECALL_FLOOR, [w for w in wrong if w["label"]]
