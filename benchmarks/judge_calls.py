"""Why the hybrid asks its judge (issue 30: judge calls <= 10% of the items of every corpus): each judge call of a
corpus by kind -- the typed readings of both sides (:func:`rlverify.rule.read.read`, wrappers taken off by
:func:`rlverify.rule.unwrapped.unwrap`) and the shape of the reference -- so that the largest kinds can be fixed as
kinds, never as rows.

    python benchmarks/judge_calls.py [CORPUS ...] [--corrections tests/cases/label_corrections.json] [--why N]
        [--kind KIND]

Runs ``evaluate`` with ``hybrid.judge=oracle`` (what ``guard_eligibility.py`` measures) on each corpus (default:
physics-dev and hardverify-dev), then prints the judge calls per kind (``answer type ~ reference type``, and the
reference's shape: an aligned environment, a unit, a label...), how many of them are correct (label true: these must
keep reaching the judge), and with ``--why N`` the first N rows of each kind: span, reference and label.

Imports the analysis and rule packages only; reads, never changes, the verifier.
"""

from __future__ import annotations

import argparse
import re
from collections import defaultdict
from pathlib import Path

from rlverify.analysis.datasets import data_root
from rlverify.analysis.evaluate import apply_corrections, evaluate, load_corrections, load_rows
from rlverify.rule import warm_up
from rlverify.rule.read import read
from rlverify.rule.unwrapped import unwrap

_ALIGNED = re.compile(r"\\begin\{(?:align\*?|aligned|array|cases|gathered|split)\}")
_UNIT = re.compile(r"\\(?:text|mathrm)\s*\{\s*[A-Za-zÅ°µΩ]|\b(?:eV|MeV|keV|GeV|Hz|cm|kg|J|K|s|m|Am)\b")


def _type(text: str) -> str:
    inner, approx, labelled = unwrap(read(text))
    name = type(inner).__name__
    return ("~" if approx else "") + ("L:" if labelled else "") + name


def _shape(gold: str) -> str:
    if _ALIGNED.search(gold):
        return "aligned"
    if "\\text" in gold and len(re.findall(r"[A-Za-z]{4,}", gold)) >= 2:
        return "words"
    if "," in gold:
        return "list"
    return "unit" if _UNIT.search(gold) else "plain"


def kind(span: str | None, gold: str) -> str:
    """A judge call's kind: the answer's reading type ~ the reference's, and the reference's shape."""
    return f"{_type(span or '')} ~ {_type(gold)} [{_shape(gold)}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpora", nargs="*", default=["physics-dev", "hardverify-dev"])
    ap.add_argument("--corrections", type=Path, default=None)
    ap.add_argument("--why", type=int, default=0, help="print the first N rows of each kind")
    ap.add_argument("--kind", default=None, help="only kinds containing this text")
    args = ap.parse_args()
    warm_up()
    corrections = load_corrections(args.corrections) if args.corrections else None
    for name in args.corpora:
        rows = list(load_rows([data_root() / "corpora" / f"{name}.jsonl.gz"]).rows)
        if corrections:
            rows, _ = apply_corrections(rows, corrections)
        result = evaluate(rows, ["hybrid"], options={"hybrid": {"judge": "oracle"}})
        kinds: dict[str, list] = defaultdict(list)
        for s in result.scored:
            if s.verdict.source == "judge":
                kinds[kind(s.verdict.extracted, s.row.gold)].append(s)
        calls = sum(map(len, kinds.values()))
        print(f"{name}: {calls} judge calls of {len(rows)} items ({calls / max(1, len(rows)):.1%})")
        for k, group in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
            if args.kind and args.kind not in k:
                continue
            print(f"  {len(group):4d} ({sum(s.row.label for s in group)} correct)  {k}")
            for s in group[:args.why]:
                print(f"       {s.row.label!s:5} {s.row.id}: {(s.verdict.extracted or '')[:110]!r}  gold={s.row.gold[:90]!r}")


if __name__ == "__main__":
    main()
