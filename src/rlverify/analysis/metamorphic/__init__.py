"""Metamorphic test pairs for answer verifiers: equivalent renderings and value-changing near-misses
of every reference answer in the problem sets.

For each reference answer (``problems/*.jsonl``: ``gold``, ``answer`` (GSM8K: after ``####``),
``final_answer`` or the last ``\\boxed{}`` of ``solution``) the generator writes responses that look
like model output (a box, ``**Answer:**``, ``# Answer``, a last line, a "Final Answer" line, boxes
for every step, a think block) holding the answer transformed by one *family* — a rendering that
keeps the value (label true: digit grouping, ``\\dfrac``/``a/b``, ``\\left``/``\\right``, product
signs, unicode and ASCII math, long decimals, interval/inequality/set-builder, ``x =`` prefixes,
equation chains, units, prose boxes, reordered sets, degree signs, the gold written as a whole
solution, ...) or one that changes it (label false: a digit changed, the sign flipped, a tuple
swapped, an element dropped or added, an interval bracket flipped, a unit scaled, rounding to the
wrong place, a chain ending in a wrong value, a bound instead of the value) — composed with
0-2 value-preserving background styles. A family is applied only where it is valid (a set is
reordered only when the question asks for an unordered collection, a tuple swapped only when its
elements differ, a near-miss kept only when the value really changed).

Seeded and deterministic: ``generate(n, seed)`` returns the same rows for the same data.

    python -m rlverify.analysis.metamorphic --out pairs.jsonl --n 20000 --seed 0
    rlverify eval pairs.jsonl --verifier rule --by family

Each row: ``id, question, gold, response, label, family, transforms, position, source, dataset,
generator``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from typing import Iterator, Sequence

from . import forms as F
from .families import BACKGROUND, EQUIVALENT, FAMILIES, NEAR_MISS, Draft, _changes, _grouping_opts
from .place import _BOX_POSITIONS, POSITIONS, _preamble, place
from .refs import Reference, _same, _scalar, _value, _var, load_references

# re-exported: the generator's public names, and the value helpers its tests use (_same, _value)
__all__ = ["Reference", "Draft", "load_references", "generate", "iter_rows", "place", "EQUIVALENT", "NEAR_MISS",
           "FAMILIES", "BACKGROUND", "POSITIONS", "main", "_same", "_value"]


# ------------------------------------------------------------------ generation

def _background(ref: Reference, rng: random.Random, primary: str) -> tuple[F.Style, list[str]]:
    st, names = F.CANONICAL, []
    if ref.node is None:
        return st, names
    for name in rng.sample(BACKGROUND, rng.choice((0, 1, 1, 2))):
        if name == primary:
            continue
        d = EQUIVALENT[name](ref, rng, st)
        if d is None:
            continue
        opts = {"grouping": _grouping_opts(ref), "frac_style": [F.Style(frac="dfrac"), F.Style(frac="slash")],
                "left_right": [F.Style(lr=True)], "mul_style": [F.Style(mul="cdot"), F.Style(mul="times")],
                "spacing": [F.Style(space=True)]}[name]
        opts = [o for o in opts if _changes(ref, o)]
        if opts:
            o = rng.choice(opts)
            st = replace(st, **{k: getattr(o, k) for k in F.Style.__dataclass_fields__
                                if getattr(o, k) != getattr(F.CANONICAL, k)})
            names.append(name)
    return st, names


def _row(ref: Reference, family: str, rng: random.Random, probe: random.Random, idx: int, seed: int) -> dict | None:
    near = family in NEAR_MISS
    fn = NEAR_MISS[family] if near else EQUIVALENT[family]
    if fn(ref, probe, F.CANONICAL) is None:   # not applicable to this reference (the probe's draft is dropped)
        return None
    st, bg = _background(ref, rng, family)
    if family in ("unicode", "ascii", "gold_side", "gold_solution", "matrix_style", "sci_notation"):
        st, bg = F.CANONICAL, []
    draft = fn(ref, rng, st)
    if draft is None:
        return None
    answer, names = draft.answer, [family] + bg
    scalar = ref.node is not None and (_scalar(ref.node) or isinstance(ref.node, (F.Pct, F.Deg))) \
        and not F.has_symbols(ref.node)
    if family in _PREFIXABLE and scalar and not draft.box_only and not draft.sentence and rng.random() < 0.25:
        answer = f"{_var(ref)} = {answer}"   # composed with an 'x =' prefix
        names.append("var_prefix")
    if draft.sentence:
        position = "sentence"
        response = f"{_preamble(ref, rng)}\n\n{answer}"
    else:
        position = rng.choice(_BOX_POSITIONS if draft.box_only else POSITIONS)
        response = place(answer, position, ref, rng, plain=draft.plain)
    return {"id": f"mm{seed}-{idx}", "question": draft.question or ref.question, "gold": draft.gold or ref.gold,
            "response": response, "label": not near, "family": family, "transforms": names,
            "position": position, "source": ref.source, "dataset": ref.dataset, "generator": "metamorphic"}


# families whose answer is one scalar value, so that 'x = ' can be put before it
_PREFIXABLE = frozenset(("grouping", "frac_style", "left_right", "mul_style", "unicode", "ascii", "decimal",
                         "decimal_rounded", "sci_notation", "text_wrap", "percent", "degree", "unit_response",
                         "unit_convert", "near_digit", "near_sign", "near_rounding", "near_unit_scale"))


def iter_rows(n: int, seed: int = 0, refs: Sequence[Reference] | None = None,
              families: Sequence[str] = FAMILIES) -> Iterator[dict]:
    """``n`` rows, the families balanced over the references each one applies to."""
    refs = list(refs if refs is not None else load_references())
    rng, probe = random.Random(seed), random.Random(seed + 1)
    counts = {f: 0 for f in families}
    made = 0
    while made < n:
        # one pass over the references; a family is used at most once per reference per pass, so the
        # rare families (few references qualify) do not repeat one reference over and over
        before = made
        order = list(range(len(refs)))
        rng.shuffle(order)
        for ri in order:
            ref = refs[ri]
            for fam in sorted(families, key=lambda f: (counts[f], rng.random())):
                row = _row(ref, fam, rng, probe, made, seed)
                if row is None:
                    continue
                counts[fam] += 1
                made += 1
                yield row
                break
            if made >= n:
                return
        if made == before:
            return


def generate(n: int, seed: int = 0, refs: Sequence[Reference] | None = None,
             families: Sequence[str] = FAMILIES) -> list[dict]:
    return list(iter_rows(n, seed, refs, families))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m rlverify.analysis.metamorphic", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="JSONL file to write ('-' for stdout)")
    p.add_argument("--n", type=int, default=20000, help="rows to write")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--problems", nargs="*", help="problem JSONL files (default: the project's problems/)")
    p.add_argument("--family", action="append", choices=FAMILIES, help="only these families (repeatable)")
    args = p.parse_args(argv)
    refs = load_references(args.problems or None)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    try:
        k = 0
        for row in iter_rows(args.n, args.seed, refs, tuple(args.family or FAMILIES)):
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            k += 1
    finally:
        if out is not sys.stdout:
            out.close()
    print(f"wrote {k} rows from {len(refs)} references", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
