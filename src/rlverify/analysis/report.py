"""Tables, JSON, markdown and PNG charts for `rlverify eval` (and the monitor's plots).

Interface::

    results_json(stats) -> {"results": [{verifier, dataset, n, tp, fp, fn, tn,
                                          precision, recall, f1, seconds}, ...]}
    eval_json(result) -> results_json(result.stats) + {"invalid_gold": {count, ids},
                                                       "raw_labels": {...}}   # what --json writes
    render_table(stats, console=None, raw=()) -> None    # rich table to stdout
    write_eval_report(result, out_dir, skipped=0) -> list[Path]
    write_monitor_report(history, alerts, out_dir, patience_k) -> list[Path]   # rlverify monitor

The JSON key ``dataset`` holds the group (a dataset, or a generator with ``--by generator``);
the group ``all`` aggregates every row a verifier saw. Undefined ratios are ``null``.

When label corrections changed some rows (``rlverify eval --corrections``), every table, the chart
and ``results`` use the corrected labels; the figures with the raw labels stand beside them (the
``raw prec.`` and ``raw recall`` columns) and in ``raw_labels`` of the JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .evaluate import ALL_GROUP, EvalResult, GroupStats

__all__ = [
    "results_json",
    "eval_json",
    "invalid_gold_lines",
    "ids_text",
    "disagreement_record",
    "render_table",
    "markdown_table",
    "write_eval_report",
    "plot_eval_chart",
    "fmt",
    "judge_eligibility_lines",
    "judge_cost_lines",
    "StaticRow",
    "static_table",
    "render_static_table",
    "static_markdown",
    "judge_failure_lines",
    "plot_monitor_rewards",
    "plot_monitor_flags",
    "monitor_markdown",
    "write_monitor_report",
]

_SCHEMA = ("verifier", "dataset", "n", "tp", "fp", "fn", "tn", "precision", "recall", "f1", "seconds")


def results_json(stats: Sequence[GroupStats]) -> dict[str, list[dict[str, Any]]]:
    """Exactly the schema of ``rlverify eval --json``."""
    rows = []
    for s in stats:
        values = (s.verifier, s.group, s.n, s.tp, s.fp, s.fn, s.tn, s.precision, s.recall, s.f1,
                  round(s.seconds, 6))
        rows.append(dict(zip(_SCHEMA, values)))
    return {"results": rows}


def eval_json(result: EvalResult) -> dict[str, Any]:
    """What ``rlverify eval --json`` writes: :func:`results_json` of the stats, and only where there
    is something to say, ``invalid_gold`` (the rows whose gold is empty, blank or null: all ids) and
    ``raw_labels`` (when corrections changed labels: the results with the raw labels)."""
    out: dict[str, Any] = results_json(result.stats)
    if result.invalid_gold_ids:
        out["invalid_gold"] = _invalid_json(result)
    if result.raw_stats:
        ids = result.corrected_ids
        out["raw_labels"] = {"corrected_rows": len(ids), "corrected_ids": list(ids),
                             "results": results_json(result.raw_stats)["results"]}
    return out


def _invalid_json(result: EvalResult) -> dict[str, Any]:
    return {"count": len(result.invalid_gold_ids), "ids": list(result.invalid_gold_ids)}


def ids_text(ids: Sequence[str], limit: int = 10) -> str:
    """The first ``limit`` ids, comma-separated, and how many more there are."""
    shown = ", ".join(ids[:limit])
    return shown + (f", ... ({len(ids) - limit} more)" if len(ids) > limit else "")


def invalid_gold_lines(result: EvalResult, limit: int = 10, where: str = "") -> list[str]:
    """The rows whose gold is empty, blank or null (their first ``limit`` ids); nothing when none."""
    ids = result.invalid_gold_ids
    if not ids:
        return []
    return [f"rows with an empty or missing gold: {len(ids)} (ids: {ids_text(ids, limit)}{where}); every "
            f"verifier answers them undecided (flag invalid_gold), counted as rejected; --strict fails on them"]


def fmt(x: float | None, digits: int = 3) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _cells(s: GroupStats) -> list[str]:
    return [s.verifier, s.group, str(s.n), fmt(s.precision), fmt(s.recall), fmt(s.f1), fmt(s.accuracy),
            str(s.tp), str(s.fp), str(s.fn), str(s.tn), fmt(s.p50_ms, 2), fmt(s.p99_ms, 2),
            fmt(s.items_per_s, 1), fmt(s.judge_eligibility), _pct(s.judge_share)]


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


_HEAD = ["verifier", "group", "n", "precision", "recall", "F1", "accuracy", "tp", "fp", "fn", "tn",
         "p50 ms", "p99 ms", "items/s", "judge elig.", "to judge"]
_ELIG, _TO_JUDGE = len(_HEAD) - 2, len(_HEAD) - 1


def _columns(stats: Sequence[GroupStats]) -> list[int]:
    """Column indexes to show: judge eligibility only when some verifier is a hybrid, the share of
    items sent to a judge only when some verifier has a judge."""
    keep = list(range(len(_HEAD)))
    if all(s.judge_eligibility is None for s in stats):
        keep.remove(_ELIG)
    if all(s.judge_items is None for s in stats):
        keep.remove(_TO_JUDGE)
    return keep


_RAW_HEAD = ["raw prec.", "raw recall"]
_RAW_AFTER = _HEAD.index("accuracy")


def _grid(stats: Sequence[GroupStats], raw: Sequence[GroupStats] = ()) -> tuple[list[str], list[list[str]]]:
    """Headers and cells of the results table; with ``raw`` (the stats with the raw labels), its
    precision and recall stand beside the corrected figures."""
    cols = _columns(stats)
    heads = [_HEAD[i] for i in cols]
    rows = [[c[i] for i in cols] for c in map(_cells, stats)]
    if raw:
        at = cols.index(_RAW_AFTER) + 1
        by_key = {(r.verifier, r.group): r for r in raw}
        heads[at:at] = _RAW_HEAD
        for s, cells in zip(stats, rows):
            r = by_key.get((s.verifier, s.group))
            cells[at:at] = [fmt(None if r is None else r.precision), fmt(None if r is None else r.recall)]
    return heads, rows


def render_table(stats: Sequence[GroupStats], console: Any = None, title: str | None = None,
                 raw: Sequence[GroupStats] = ()) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    heads, rows = _grid(stats, raw)
    table = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1))
    for i, head in enumerate(heads):
        table.add_column(head, justify="left" if i < 2 else "right", no_wrap=True)
    for k, (s, cells) in enumerate(zip(stats, rows)):
        style = "bold" if s.group == ALL_GROUP else None
        table.add_row(*cells, style=style,
                      end_section=k + 1 < len(stats) and stats[k + 1].verifier != s.verifier)
    if console is None:
        import sys

        console = Console() if sys.stdout.isatty() else Console(width=200)
    # never ellipsize numbers: in a narrow terminal the lines wrap instead
    console.width = max(console.width, console.measure(table, options=console.options.update_width(10_000)).maximum)
    console.print(table)


def judge_eligibility_lines(stats: Sequence[GroupStats]) -> list[str]:
    """One line per hybrid verifier (its widest group): eligibility and its denominator."""
    widest: dict[str, GroupStats] = {}
    for s in stats:
        if s.judge_eligibility is not None and s.n >= getattr(widest.get(s.verifier), "n", -1):
            widest[s.verifier] = s
    return [f"judge eligibility of {v} ({s.group}): {s.judge_eligibility:.3f} of {s.rule_rejected_positives} "
            f"label-true rows the rules rejected went to the judge" for v, s in widest.items()]


def judge_cost_lines(stats: Sequence[GroupStats]) -> list[str]:
    """One line per verifier with a judge (its widest group): items sent to the judge."""
    widest: dict[str, GroupStats] = {}
    for s in stats:
        if s.judge_items is not None and s.n >= getattr(widest.get(s.verifier), "n", -1):
            widest[s.verifier] = s
    return [f"judge calls of {v} ({s.group}): {s.judge_items} of {s.n} items ({_pct(s.judge_share)}), "
            f"{1000 * (s.judge_share or 0):.0f} per 1,000 items" for v, s in widest.items()]


@dataclass(frozen=True)
class StaticRow:
    """One row of the study's static table (rules alone, judge alone, hybrid)."""

    hybrid: str
    setup: str                      # "rules alone" | "judge alone (NAME)" | "hybrid"
    precision: float | None
    recall: float | None
    judge_per_1000: float | None    # None: no judge in this setup


def static_table(result: EvalResult) -> list[StaticRow]:
    """For every hybrid of the run: its rules alone (the rows its rules accepted), a judge alone
    (a verifier of the same run that only judges, e.g. ``--verifier judge``; absent otherwise)
    and the hybrid itself, over all rows."""
    whole = {s.verifier: s for s in result.stats if s.group == ALL_GROUP}
    whole.update({s.verifier: s for s in result.stats if s.verifier not in whole})
    sources: dict[str, set[str]] = {}
    for sc in result.scored:
        sources.setdefault(sc.verifier, set()).add(sc.verdict.source)
    judges = [v for v, src in sources.items() if src == {"judge"}]
    out: list[StaticRow] = []
    for name, st in whole.items():
        src = sources.get(name, set())
        if not ("guard" in src or {"rule", "judge"} <= src):
            continue  # not a hybrid (rules first, a judge behind them)
        mine = [sc for sc in result.scored if sc.verifier == name]
        tp = sum(sc.row.label and sc.verdict.source == "rule" and sc.verdict.correct for sc in mine)
        fp = sum(not sc.row.label and sc.verdict.source == "rule" and sc.verdict.correct for sc in mine)
        pos = sum(sc.row.label for sc in mine)
        out.append(StaticRow(name, "rules alone", tp / (tp + fp) if tp + fp else None,
                             tp / pos if pos else None, None))
        for j in judges:
            js = whole[j]
            out.append(StaticRow(name, f"judge alone ({j})", js.precision, js.recall,
                                 None if js.judge_share is None else 1000 * js.judge_share))
        out.append(StaticRow(name, "hybrid", st.precision, st.recall,
                             None if st.judge_share is None else 1000 * st.judge_share))
    return out


def render_static_table(result: EvalResult, console: Any = None) -> None:
    """The study's static table (see :func:`static_table`) as a rich table; nothing without a hybrid."""
    from rich.console import Console
    from rich.table import Table

    rows = static_table(result)
    if not rows:
        return
    table = Table(title="static evaluation: rules alone, judge alone, hybrid (all rows)")
    for head in ("hybrid", "setup", "precision", "recall", "judge calls / 1,000 items"):
        table.add_column(head, justify="left" if head in ("hybrid", "setup") else "right")
    for r in rows:
        table.add_row(r.hybrid, r.setup, fmt(r.precision), fmt(r.recall), fmt(r.judge_per_1000, 0))
    (console or Console(width=200)).print(table)


def static_markdown(result: EvalResult) -> str:
    lines = ["| hybrid | setup | precision | recall | judge calls / 1,000 items |", "|---|---|---:|---:|---:|"]
    lines += [f"| {r.hybrid} | {r.setup} | {fmt(r.precision)} | {fmt(r.recall)} | {fmt(r.judge_per_1000, 0)} |"
              for r in static_table(result)]
    return "\n".join(lines)


def markdown_table(stats: Sequence[GroupStats], raw: Sequence[GroupStats] = ()) -> str:
    heads, rows = _grid(stats, raw)
    lines = ["| " + " | ".join(heads) + " |",
             "|" + "|".join("---" if i < 2 else "---:" for i in range(len(heads))) + "|"]
    lines += ["| " + " | ".join(cells) + " |" for cells in rows]
    return "\n".join(lines)


def disagreement_record(s: Any) -> dict[str, Any]:
    v = s.verdict
    out = {"verifier": s.verifier, "id": s.row.id, "dataset": s.row.dataset, "generator": s.row.generator,
           "gold": s.row.gold, "extracted": v.extracted, "verdict": v.status, "source": v.source,
           "flags": list(v.flags), "label": s.row.label}
    raw = getattr(s.row, "raw_label", None)
    if raw is not None:
        out["raw_label"] = raw  # the label of the data, before a correction
    return out


def plot_eval_chart(stats: Sequence[GroupStats], path: Path, note: str | None = None) -> Path:
    """Grouped bars: precision (top) and recall (bottom) per group, one bar per verifier;
    ``note`` (e.g. which labels the figures use) is written under the chart."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    verifiers = list(dict.fromkeys(s.verifier for s in stats))
    groups = list(dict.fromkeys(s.group for s in stats))
    cell = {(s.verifier, s.group): s for s in stats}
    width = 0.8 / max(1, len(verifiers))
    fig, axes = plt.subplots(2, 1, figsize=(max(6, 1.6 * len(groups) + 2), 7), sharex=True)
    for ax, metric in zip(axes, ("precision", "recall")):
        for k, v in enumerate(verifiers):
            vals = [getattr(cell[(v, g)], metric) if (v, g) in cell else None for g in groups]
            xs = [i + (k - (len(verifiers) - 1) / 2) * width for i in range(len(groups))]
            bars = ax.bar(xs, [0.0 if x is None else x for x in vals], width, label=v)
            texts = [_bar_text(cell.get((v, g)), x) for g, x in zip(groups, vals)]
            ax.bar_label(bars, labels=texts, padding=2, rotation=90, fontsize=7)
        ax.set_ylabel(metric)
        ax.set_ylim(0, 1.22)  # room for the value labels above full-height bars
        ax.grid(axis="y", alpha=0.3)
    if verifiers:
        axes[0].legend(loc="upper center", bbox_to_anchor=(0.5, 1.25), ncol=min(4, len(verifiers)),
                       fontsize="small", frameon=False)
    else:  # e.g. --only-rule-negatives with a base that rejected nothing
        axes[0].text(0.5, 0.5, "no rows evaluated", ha="center", va="center", transform=axes[0].transAxes)
    axes[1].set_xticks(range(len(groups)), groups, rotation=20, ha="right", fontsize="small")
    axes[1].set_xlabel("group (all = every row)" + (f"\n{note}" if note else ""))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _bar_text(stats: GroupStats | None, value: float | None) -> str:
    """The label above a bar: the value, "n/a" when undefined, nothing when the cell is absent."""
    if stats is None:
        return ""
    return "n/a" if value is None else f"{value:.3f}"


def judge_failure_lines(result: EvalResult) -> list[str]:
    """One warning per verifier whose judge could not be asked on some items."""
    return [f"warning: {v}: the judge failed on {n} item(s) (flag judge_unavailable); those verdicts are the "
            f"rules' alone, so these numbers do not measure the judge" for v, n in result.judge_failures().items()]


def _markdown(result: EvalResult, skipped: int, notes: Sequence[str] = ()) -> str:
    lines = ["# rlverify eval", "", f"Rows evaluated: {result.n_rows} (grouped by {result.by})."]
    lines += list(notes) + [f"**{w}**" for w in judge_failure_lines(result)]
    if result.base:
        lines.append(f"Only rows that `{result.base}` rejected: {result.base_rejected}.")
    if skipped:
        lines.append(f"Bad rows skipped: {skipped}.")
    ids = result.invalid_gold_ids
    if ids:
        lines.append(f"**Rows with an empty or missing gold: {len(ids)}** (undecided for every verifier, flag "
                     f"`invalid_gold`; counted as rejected; all ids in results.json): {ids_text(ids, 50)}.")
    if result.raw_stats:
        lines.append(f"**The figures use the corrected labels** ({len(result.corrected_ids)} row(s) changed: "
                     f"{ids_text(result.corrected_ids, 50)}). `raw prec.` and `raw recall` are the same verdicts "
                     "scored with the labels of the data; the chart uses the corrected labels.")
    lines += ["", markdown_table(result.stats, result.raw_stats), "",
              "Predicted positive = verdict `correct` (undecided counts as rejected). "
              "`-` = undefined (no predicted positives, or no positives).", ""]
    elig = judge_eligibility_lines(result.stats)
    if elig:
        lines += ["Judge eligibility: share of label-true rows the rules rejected that the guard "
                  "passed to the judge.", ""] + [f"- {x}" for x in elig]
    cost = judge_cost_lines(result.stats)
    if cost:
        lines += ["", "Judge calls: items sent to a judge (`to judge` column).", ""] + [f"- {x}" for x in cost]
    if static_table(result):
        lines += ["", "Static table (as in the study): rules alone, judge alone, hybrid.", "", static_markdown(result)]
    lines += ["", f"Disagreements with the label: {len(result.disagreements())} (disagreements.jsonl).",
              "", "![precision and recall](precision_recall.png)", ""]
    return "\n".join(lines)


def write_eval_report(result: EvalResult, out_dir: str | Path, skipped: int = 0,
                      notes: Sequence[str] = ()) -> list[Path]:
    """results.json, results.md, precision_recall.png, disagreements.jsonl under ``out_dir``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    data = eval_json(result) | {"rows": result.n_rows, "skipped": skipped, "by": result.by, "base": result.base,
                                "invalid_gold": _invalid_json(result), "details": [_details(s) for s in result.stats]}
    paths = [out / "results.json", out / "results.md", out / "disagreements.jsonl"]
    paths[0].write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    paths[1].write_text(_markdown(result, skipped, notes), encoding="utf-8")
    with open(paths[2], "w", encoding="utf-8") as f:
        for s in result.disagreements():
            f.write(json.dumps(disagreement_record(s), ensure_ascii=False) + "\n")
    note = (f"labels: {len(result.corrected_ids)} row(s) corrected (raw-label figures in results.md)"
            if result.raw_stats else None)
    paths.append(plot_eval_chart(result.stats, out / "precision_recall.png", note))
    return paths


def _details(s: GroupStats) -> dict[str, Any]:
    return {"verifier": s.verifier, "dataset": s.group, "accuracy": s.accuracy, "p50_ms": s.p50_ms,
            "p99_ms": s.p99_ms, "items_per_s": s.items_per_s, "judge_eligibility": s.judge_eligibility,
            "rule_rejected_positives": s.rule_rejected_positives, "judge_items": s.judge_items}


# ---------------------------------------------------------------- monitor (rlverify monitor)

def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _alert_lines(ax: Any, alerts: Sequence[Any]) -> None:
    styles = {"reward_gap": ("tab:red", "--"), "flag_jump": ("tab:orange", ":")}
    seen: set[str] = set()
    for a in alerts:
        color, ls = styles.get(a.kind, ("gray", "-."))
        ax.axvline(a.step, color=color, linestyle=ls, alpha=0.8,
                   label=None if a.kind in seen else f"alert: {a.kind}")
        seen.add(a.kind)


def plot_monitor_rewards(history: Sequence[Any], alerts: Sequence[Any], path: Path) -> Path:
    """Training vs oracle reward per step (on the oracle's sample), with alert markers."""
    plt = _pyplot()
    steps = [h.step for h in history]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    ax.plot(steps, [h.train_reward for h in history], label="training reward (all rollouts)", color="tab:blue")
    ax.plot(steps, [h.train_reward_sampled for h in history], label="training reward (oracle sample)",
            color="tab:blue", alpha=0.4, linestyle="--")
    ax.plot(steps, [h.oracle_reward for h in history], label="oracle reward (sample)", color="tab:green")
    ax.fill_between(steps, [h.oracle_reward for h in history], [h.train_reward_sampled for h in history],
                    color="tab:red", alpha=0.12, label="gap")
    _alert_lines(ax, alerts)
    return _save_step_plot(plt, fig, ax, "mean reward", path)


def plot_monitor_flags(history: Sequence[Any], alerts: Sequence[Any], path: Path, top: int = 8) -> Path:
    """Share of sampled responses on which each guard flag fires (the ``top`` most frequent)."""
    plt = _pyplot()
    steps = [h.step for h in history]
    peak: dict[str, float] = {}
    for h in history:
        for f, v in h.flag_shares.items():
            peak[f] = max(peak.get(f, 0.0), v)
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for f in sorted(peak, key=lambda f: -peak[f])[:top]:
        ax.plot(steps, [h.flag_shares.get(f, 0.0) for h in history], label=f)
    ax.plot(steps, [h.guard_blocked_share for h in history], color="black", linestyle="--",
            label="guard blocked (any)")
    _alert_lines(ax, [a for a in alerts if a.kind == "flag_jump"])
    ax.set_ylim(-0.02, 1.02)
    return _save_step_plot(plt, fig, ax, "share of sampled responses", path)


def _save_step_plot(plt: Any, fig: Any, ax: Any, ylabel: str, path: Path) -> Path:
    """Label a per-step monitor plot, write it to ``path`` and free the figure."""
    ax.set_xlabel("step")
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small", loc="best")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _alert_window(history: Sequence[Any], first: Any, k: int) -> list[Any]:
    steps = [h.step for h in history]
    i = steps.index(first.step) if first.step in steps else len(history) - 1
    return list(history[max(0, i - k + 1) : i + 1])


def _example_md(ex: Any) -> list[str]:
    """An example rollout; untrusted text is JSON-quoted on one line inside a code fence."""
    head = (f"- step {ex.step}, gold {json.dumps(ex.gold, ensure_ascii=False)}, training reward {ex.reward:g}, "
            f"oracle {ex.oracle:g}, extracted {json.dumps(ex.extracted, ensure_ascii=False)}, "
            f"flags {', '.join(ex.flags) or '-'}")
    return [head, "", "  ```text", "  " + json.dumps(ex.response, ensure_ascii=False), "  ```", ""]


def monitor_markdown(history: Sequence[Any], alerts: Sequence[Any], patience_k: int,
                     title: str = "rlverify monitor") -> str:
    first = alerts[0] if alerts else None
    lines = [f"# {title}", "", f"First alert: step {first.step}" if first else "First alert: none", "",
             f"Steps: {len(history)}; rollouts: {sum(h.n for h in history)}; "
             f"verified by the oracle: {sum(h.sampled for h in history)}.", ""]
    if alerts:
        lines += ["| step | kind | name | value | threshold/baseline | message |", "|---:|---|---|---:|---:|---|"]
        lines += [f"| {a.step} | {a.kind} | {a.name} | {a.value:.3f} | {a.baseline:.3f} | {a.message} |"
                  for a in alerts]
        window = _alert_window(history, first, patience_k)
        lines += ["", f"## Example responses from the alert window (steps {window[0].first_step}-{first.step})", ""]
        for ex in [e for h in window for e in h.examples][:6]:
            lines += _example_md(ex)
    lines += ["", "![training vs oracle reward](rewards.png)", "", "![guard flag shares](flags.png)", ""]
    return "\n".join(lines)


def write_monitor_report(history: Sequence[Any], alerts: Sequence[Any], out_dir: str | Path,
                         patience_k: int) -> list[Path]:
    """summary.md, rewards.png, flags.png, history.jsonl and alerts.json under ``out_dir``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.md").write_text(monitor_markdown(history, alerts, patience_k), encoding="utf-8")
    with open(out / "history.jsonl", "w", encoding="utf-8") as f:
        for h in history:
            f.write(json.dumps(h.to_dict(), ensure_ascii=False) + "\n")
    (out / "alerts.json").write_text(json.dumps([a.__dict__ for a in alerts], indent=2) + "\n", encoding="utf-8")
    return [out / "summary.md", plot_monitor_rewards(history, alerts, out / "rewards.png"),
            plot_monitor_flags(history, alerts, out / "flags.png"), out / "history.jsonl", out / "alerts.json"]
