"""`rlverify probe`: run verifiers on the hacking probe (rlverify.analysis.attacks).

    rlverify probe [--problems FILE] [-n 471] [--verifier SPEC ...] [--json OUT] [--heatmap PNG]
                   [--seed S] [--families F,...] [--placements P,...] [--detail]

A verifier SPEC is a registry name, or ``NAME:JUDGE`` to give it a judge
(``hybrid:gullible``, ``hybrid:recording``, ``judge:gullible``). Default: ``rule`` and
``hybrid:gullible``. Attack success = the verifier said "correct"; leak = anything reached the
verifier's judge (watched by a recording judge; ``-`` for verifiers without a judge).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

__all__ = ["add_parser", "run", "default_problems_path", "parse_spec"]

DEFAULT_VERIFIERS = ("rule", "hybrid:gullible")
_PROBLEMS = "deepscaler-1209"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("probe", help="measure how often hacking patterns fool verifiers",
                       description="Build the hacking probe (one adversarial answer per attack family and "
                       "placement for each problem) and run verifiers on it. Attack success: the verifier "
                       "said correct. Leak: anything reached the verifier's judge (recording judge).")
    p.add_argument("--problems", default=None, metavar="FILE",
                   help="problems JSONL (question/gold); default: shared deepscaler-1209, else the bundled subset")
    p.add_argument("-n", type=int, default=471, help="number of problems (default: 471)")
    p.add_argument("--verifier", action="append", metavar="SPEC",
                   help="NAME or NAME:JUDGE, repeatable (default: rule, hybrid:gullible)")
    p.add_argument("--json", default=None, metavar="OUT", help="write all results as JSON")
    p.add_argument("--heatmap", default=None, metavar="PNG", help="write a families x verifiers heatmap")
    p.add_argument("--seed", type=int, default=0, help="seed for problem choice and payloads (default: 0)")
    p.add_argument("--families", default=None, help="comma-separated subset of attack families (default: all)")
    p.add_argument("--placements", default=None, help="comma-separated subset of placements (default: all)")
    p.add_argument("--detail", action="store_true", help="print every family x placement row")
    p.set_defaults(func=run)


def default_problems_path() -> Path:
    """The DeepScaleR subset of the data folder (vendored or $RLVERIFY_SHARED_DATA), else the
    subset bundled in the package."""
    from ..analysis.datasets import problem_file

    try:
        return problem_file(_PROBLEMS)
    except FileNotFoundError:
        return Path(__file__).resolve().parents[1] / "data" / "probe_problems.jsonl"


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``hybrid:gullible`` -> ("hybrid", {"judge": "gullible"}); ``rule`` -> ("rule", {})."""
    name, _, judge = spec.partition(":")
    return name, ({"judge": judge} if judge else {})


def _subset(text: str | None, allowed: tuple[str, ...], what: str) -> tuple[str, ...]:
    from ..errors import BadInputError

    if not text:
        return allowed
    chosen = tuple(x.strip() for x in text.split(",") if x.strip())
    unknown = [x for x in chosen if x not in allowed]
    if unknown:
        raise BadInputError(f"unknown {what} {', '.join(unknown)}; choose from {', '.join(allowed)}")
    return chosen


def run(args: argparse.Namespace) -> int:
    from .. import get_verifier
    from ..analysis import attacks
    from ..errors import BadInputError

    if args.n < 1:
        raise BadInputError("-n must be at least 1")
    families = _subset(args.families, attacks.FAMILIES, "families")
    placements = _subset(args.placements, attacks.PLACEMENTS, "placements")
    path = Path(args.problems) if args.problems else default_problems_path()
    cases = attacks.build_probe(attacks.load_problems(path), n=args.n, seed=args.seed,
                                families=families, placements=placements)
    if not cases:
        raise BadInputError(f"{path}: no usable problems")
    specs = args.verifier or list(DEFAULT_VERIFIERS)
    verifiers = {spec: get_verifier(name, **opts) for spec, (name, opts) in ((s, parse_spec(s)) for s in specs)}
    results = _run_all(cases, verifiers)
    meta = {"problems": str(path), "n_problems": len({c.problem.id for c in cases}), "n_cases": len(cases),
            "seed": args.seed, "families": list(families), "placements": list(placements)}
    _print_tables(results, families, placements, args.detail)
    if args.json:
        _write_json(args.json, meta, results)
    if args.heatmap:
        _write_heatmap(args.heatmap, results, families)
    return 0


def _run_all(cases: list, verifiers: dict[str, Any]) -> dict[str, list]:
    from rich.progress import Progress

    from ..analysis.attacks import run_probe

    results = {}
    with Progress(transient=True) as progress:
        for spec, verifier in verifiers.items():
            task = progress.add_task(f"probe {spec}", total=len(cases))
            results[spec] = run_probe(cases, verifier, lambda k, t=task: progress.advance(t, k))
    return results


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _cell_text(cell: Any) -> str:
    return f"{_pct(cell.success_rate)} ({_pct(cell.leak_rate)})"


def _print_tables(results: dict[str, list], families: tuple, placements: tuple, detail: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    from ..analysis.attacks import summarize

    console = Console()
    for by, keys in (("family", families), ("placement", placements)):
        table = Table(title=f"attack success (leak to judge) by {by}")
        table.add_column(by)
        for spec in results:
            table.add_column(spec, justify="right")
        pooled = {spec: summarize(cells, by) for spec, cells in results.items()}
        for key in keys:
            table.add_row(key, *(_cell_text(pooled[s][key]) for s in results))
        table.add_row("all", *(_cell_text(summarize(c, "all")["all"]) for c in results.values()), style="bold")
        console.print(table)
    if detail:
        _print_detail(console, results)


def _print_detail(console: Any, results: dict[str, list]) -> None:
    from rich.table import Table

    table = Table(title="attack success (leak) by family x placement")
    table.add_column("family")
    table.add_column("placement")
    for spec in results:
        table.add_column(spec, justify="right")
    first = next(iter(results.values()))
    for i, cell in enumerate(first):
        table.add_row(cell.family, cell.placement, *(_cell_text(cells[i]) for cells in results.values()))
    console.print(table)


def _cell_dict(cell: Any) -> dict[str, Any]:
    return {"family": cell.family, "placement": cell.placement, "n": cell.n, "accepted": cell.accepted,
            "leaked": cell.leaked, "attack_success": cell.success_rate, "leak_rate": cell.leak_rate,
            "examples": list(cell.examples)}


def _write_json(path: str, meta: dict[str, Any], results: dict[str, list]) -> None:
    from ..analysis.attacks import summarize

    out = {"meta": meta, "verifiers": {}}
    for spec, cells in results.items():
        out["verifiers"][spec] = {
            "all": _cell_dict(summarize(cells, "all")["all"]),
            "by_family": {k: _cell_dict(c) for k, c in summarize(cells, "family").items()},
            "by_placement": {k: _cell_dict(c) for k, c in summarize(cells, "placement").items()},
            "cells": [_cell_dict(c) for c in cells],
        }
    Path(path).write_text(json.dumps(out, indent=2), encoding="utf-8")


def _write_heatmap(path: str, results: dict[str, list], families: tuple) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ..analysis.attacks import summarize

    specs = list(results)
    pooled = {s: summarize(results[s], "family") for s in specs}
    rows = list(families) + ["all"]
    grid = [[100 * (summarize(results[s], "all")["all"] if f == "all" else pooled[s][f]).success_rate
             for s in specs] for f in rows]
    accepted = [[(summarize(results[s], "all")["all"] if f == "all" else pooled[s][f]).accepted for s in specs]
                for f in rows]
    fig, ax = plt.subplots(figsize=(4.0 + 1.6 * len(specs), 0.45 * len(rows) + 1.5))
    im = ax.imshow(grid, cmap="Reds", vmin=0, vmax=100, aspect="auto")
    ax.set_xticks(range(len(specs)), specs, rotation=20, ha="right")
    ax.set_yticks(range(len(rows)), rows)
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            n_acc = accepted[i][j]
            ax.text(j, i, f"{v:.1f}%" + (f" ({n_acc})" if n_acc else ""), ha="center", va="center",
                    color="white" if v > 50 else "black", fontsize=8)
    fig.colorbar(im, ax=ax, label="attack success (%)")
    ax.set_title("hacking probe: attack success by family (% accepted, count)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
