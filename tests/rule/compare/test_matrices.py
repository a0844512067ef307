"""The matrix entry of the typed comparison (rlverify.rule.compare.matrices, issue 29), with the table off.

References are the matrices and vectors of numbers among the golds of data/corpora and the answers of data/problems
(``\\begin{pmatrix} -1/3 \\\\ 2/3 \\\\ 5/3 \\end{pmatrix}``, ``\\begin{pmatrix} 0 & 1 \\\\ 1 & 0 \\end{pmatrix}``). Each is
answered by correct variants (every cell in another fraction form, ``bmatrix`` for ``pmatrix``, a column vector as a
tuple) and by near-miss twins (one cell off, two cells swapped, the transpose of a matrix that is not symmetric, a row
dropped). The entry decides all of them under ``RLVERIFY_READINGS=readings`` (no table), and the default path gives
the same verdicts; a twin's rejection is a typed fact where every cell is a number.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

from rlverify.analysis.datasets import read_jsonl
from rlverify.rule.compare import explain
from rlverify.rule.read import read
from rlverify.rule.read.types import Matrix, Number

DATA = Path(__file__).resolve().parents[3] / "data"
PATHS = ("typed",)   # one path since the table was deleted (issue 29)


@lru_cache(maxsize=1)
def _references() -> list[tuple[tuple[Fraction, ...], ...]]:
    """The exact cells of every reference that is a matrix of exact numbers."""
    out = set()
    for path in sorted((DATA / "problems").glob("*.jsonl.gz")) + sorted((DATA / "corpora").glob("*.jsonl.gz")):
        for r in read_jsonl(path):
            g = r.get("answer", r.get("gold"))
            if not isinstance(g, str) or "matrix" not in g or len(g) > 200:
                continue
            x = read(g)
            if isinstance(x, Matrix) and all(isinstance(c, Number) and c.exact is not None for row in x.rows for c in row):
                out.add(tuple(tuple(c.exact for c in row) for row in x.rows))      # type: ignore[union-attr]
    return sorted(out)


def _form(v: Fraction, rng: random.Random) -> str:
    if v.denominator == 1:
        return rng.choice((str(v.numerator), f"\\frac{{{v.numerator * 2}}}{{2}}"))
    sign, n, d = ("-" if v < 0 else ""), abs(v.numerator), v.denominator
    return sign + rng.choice((f"\\frac{{{n}}}{{{d}}}", f"\\dfrac{{{n}}}{{{d}}}", f"{n}/{d}", f"\\frac{{{2 * n}}}{{{2 * d}}}"))


def _matrix(rows, rng: random.Random, env: str = "pmatrix") -> str:
    body = " \\\\ ".join(" & ".join(_form(v, rng) for v in row) for row in rows)
    return f"\\begin{{{env}}} {body} \\end{{{env}}}"


def _twins(rows, rng: random.Random) -> list[tuple[tuple[Fraction, ...], ...]]:
    flat = [v for row in rows for v in row]
    k = rng.randrange(len(flat))
    off = flat[:]
    off[k] += rng.choice((-1, 1, Fraction(1, 2)))
    out = [_shaped(off, rows)]
    if len(set(flat)) > 1:
        swapped = flat[:]
        i, j = next((i, j) for i in range(len(flat)) for j in range(i + 1, len(flat)) if flat[i] != flat[j])
        swapped[i], swapped[j] = swapped[j], swapped[i]
        out.append(_shaped(swapped, rows))
    transposed = tuple(zip(*rows))
    if transposed != rows:
        out.append(transposed)
    if len(rows) > 1:
        out.append(rows[:-1])
    return out


def _shaped(flat, rows):
    width = len(rows[0])
    return tuple(tuple(flat[i:i + width]) for i in range(0, len(flat), width))


def _verdict(monkeypatch, path: str, answer: str, gold: str):
    return explain(answer, gold, "Find the matrix.")


def test_references_are_found() -> None:
    assert len(_references()) >= 15


@pytest.mark.parametrize("seed", range(4))
def test_matrices_in_other_forms_and_their_twins(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for rows in rng.sample(_references(), 12):
        gold = _matrix(rows, rng)
        for path in PATHS:
            answer = _matrix(rows, rng, rng.choice(("pmatrix", "bmatrix")))
            d = _verdict(monkeypatch, path, answer, gold)
            assert d.match.equal and d.stage == "typed:matrix", (path, answer, gold, d)
            if all(len(r) == 1 for r in rows):       # a column vector: the tuple of its cells
                tup = "(" + ", ".join(_form(r[0], rng) for r in rows) + ")"
                assert _verdict(monkeypatch, path, tup, gold).match.equal, (path, tup, gold)
            for twin in _twins(rows, rng):
                bad = _matrix(twin, rng)
                d = _verdict(monkeypatch, path, bad, gold)
                assert not d.match.equal and d.final, (path, bad, gold, d)
                if all(len(r) == 1 for r in twin):
                    tup = "(" + ", ".join(_form(r[0], rng) for r in twin) + ")"
                    assert not _verdict(monkeypatch, path, tup, gold).match.equal, (path, tup, gold)


def test_constant_cells(monkeypatch) -> None:
    """``\\frac{\\sqrt{2}}{2}`` for ``1/\\sqrt{2}``, cell by cell; a sign flipped is rejected."""
    gold = "\\begin{pmatrix} 1/\\sqrt{2} & 1/\\sqrt{2} \\\\ -1/\\sqrt{2} & 1/\\sqrt{2} \\end{pmatrix}"
    good = "\\begin{pmatrix} \\frac{\\sqrt{2}}{2} & \\frac{\\sqrt{2}}{2} \\\\ -\\frac{\\sqrt{2}}{2} & \\frac{\\sqrt{2}}{2} \\end{pmatrix}"
    bad = "\\begin{pmatrix} \\frac{\\sqrt{2}}{2} & -\\frac{\\sqrt{2}}{2} \\\\ \\frac{\\sqrt{2}}{2} & \\frac{\\sqrt{2}}{2} \\end{pmatrix}"
    for path in PATHS:
        assert _verdict(monkeypatch, path, good, gold).match.equal, path
        assert not _verdict(monkeypatch, path, bad, gold).match.equal, path
