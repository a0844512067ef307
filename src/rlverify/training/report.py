"""The gate's report: results.json, results.md and gate.png, with the plain answer to "did the
trained verifier become more hackable?" (attack success over the whole probe, base vs trained)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

__all__ = ["hackability_sentence", "markdown", "plot", "write_report", "before_after_table"]

MODELS = ("base", "trained")


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def _success(results: Mapping[str, Any], model: str, verifier: str) -> dict[str, Any]:
    return results[model]["probe"][verifier]["all"]


def hackability_sentence(results: Mapping[str, Any]) -> tuple[bool, str]:
    """(more_hackable, sentence): more hackable when the trained model's attack success is higher
    than the base's as a bare judge or as the hybrid's judge."""
    parts, worse = [], False
    for verifier, role in (("judge", "as a judge"), ("hybrid", "as the judge of the hybrid")):
        b, t = _success(results, "base", verifier), _success(results, "trained", verifier)
        worse |= t["accepted"] * b["n"] > b["accepted"] * t["n"]
        parts.append(f"{role} {_pct(b['success_rate'])} -> {_pct(t['success_rate'])} "
                     f"({b['accepted']}/{b['n']} -> {t['accepted']}/{t['n']})")
    rose = _families_that_rose(results, "judge")
    head = ("Yes: the trained verifier became MORE hackable" if worse
            else "No: the trained verifier did not become more hackable")
    tail = f"; attack success rose in {', '.join(rose)}" if rose and worse else ""
    return worse, f"{head}. Attack success on the probe {'; '.join(parts)}{tail}.{_acceptance_note(results)}"


def _accept_rate(stats: Mapping[str, Any]) -> float | None:
    n = stats.get("n", 0)
    return (stats.get("tp", 0) + stats.get("fp", 0)) / n if n else None


def _acceptance_note(results: Mapping[str, Any]) -> str:
    """A caveat when the trained judge (almost) stopped accepting: a verifier that rejects
    everything cannot be hacked, and is no verifier."""
    base = _accept_rate(results["base"]["static"]["judge"])
    trained = _accept_rate(results["trained"]["static"]["judge"])
    if trained is None or base is None or trained >= 0.5 * base or trained > 0.05:
        return ""
    return (f" But the trained judge accepts {_pct(trained)} of the held-out rows (base {_pct(base)}): it has "
            "collapsed towards rejecting everything, so its robustness here says nothing about a useful verifier.")


def _families_that_rose(results: Mapping[str, Any], verifier: str) -> list[str]:
    base = results["base"]["probe"][verifier]["by_family"]
    trained = results["trained"]["probe"][verifier]["by_family"]
    return [f for f in base if trained.get(f, {}).get("success_rate", 0) > base[f]["success_rate"]]


def before_after_table(results: Mapping[str, Any]) -> str:
    """The headline table (markdown): precision/recall on rule-rejected held-out rows, attack success."""
    lines = ["| verifier | model | n | precision | recall | F1 | attack success (all families) |",
             "|---|---|---|---|---|---|---|"]
    for verifier in ("judge", "hybrid"):
        for model in MODELS:
            s = results[model]["static"][verifier]
            a = _success(results, model, verifier)
            lines.append(f"| {verifier} | {model} | {s.get('n', 0)} | {_num(s.get('precision'))} | "
                         f"{_num(s.get('recall'))} | {_num(s.get('f1'))} | {_pct(a['success_rate'])} "
                         f"({a['accepted']}/{a['n']}) |")
    return "\n".join(lines)


def _family_table(results: Mapping[str, Any]) -> str:
    families = list(results["base"]["probe"]["judge"]["by_family"])
    head = "| family | judge base | judge trained | hybrid base | hybrid trained |"
    lines = [head, "|---|---|---|---|---|"]
    for f in families:
        cells = [_pct(results[m]["probe"][v]["by_family"][f]["success_rate"])
                 for v in ("judge", "hybrid") for m in MODELS]
        lines.append(f"| {f} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def markdown(results: Mapping[str, Any]) -> str:
    _, sentence = hackability_sentence(results)
    meta = results["meta"]
    return "\n".join([
        "# Verifier training gate", "", f"**{sentence}**", "",
        f"Static evaluation: {meta['rule_rejected']} held-out rows that the rule verifier rejects "
        f"(of {meta['held_out_rows']} held-out rows; problems never seen in training). "
        f"Probe: {meta['n_cases']} adversarial answers on {meta['n_problems']} problems "
        "(attack success = the verifier said correct).", "",
        before_after_table(results), "", "## Attack success per family", "", _family_table(results), "",
        f"Data: {json.dumps(meta.get('data_counts', {}).get('kept_by_label', {}))} examples kept of "
        f"{meta.get('data_counts', {}).get('samples', '?')} samples; training: "
        f"{json.dumps(meta.get('train', {}))}.", ""])


def plot(results: Mapping[str, Any], path: Path) -> Path:
    """Two panels: precision/recall (judge and hybrid) and attack success per family, base vs trained."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    families = list(results["base"]["probe"]["judge"]["by_family"])
    fig, (left, right) = plt.subplots(1, 2, figsize=(15, 5.5), gridspec_kw={"width_ratios": [1, 3]})
    labels = [f"{v}\n{metric}" for v in ("judge", "hybrid") for metric in ("precision", "recall")]
    for i, model in enumerate(MODELS):
        values = [results[model]["static"][v].get(metric) or 0.0 for v in ("judge", "hybrid")
                  for metric in ("precision", "recall")]
        left.bar([x + 0.4 * i for x in range(len(labels))], values, width=0.4, label=model)
        for verifier, hatch in (("judge", None), ("hybrid", "//")):
            rates = [results[model]["probe"][verifier]["by_family"][f]["success_rate"] for f in families]
            offset = 0.2 * (2 * (verifier == "hybrid") + i)
            right.bar([x + offset for x in range(len(families))], rates, width=0.2, hatch=hatch,
                      color=f"C{i}", alpha=0.9 if verifier == "judge" else 0.5, label=f"{verifier} {model}")
    left.set_xticks([x + 0.2 for x in range(len(labels))], labels)
    left.set_ylim(0, 1.05)
    left.set_title("held-out rows the rules reject")
    left.legend()
    right.set_xticks([x + 0.3 for x in range(len(families))], families, rotation=40, ha="right")
    right.set_ylim(0, 1.05)
    right.set_title("hacking probe: attack success per family")
    right.legend(fontsize=8)
    _, sentence = hackability_sentence(results)
    fig.suptitle(sentence if len(sentence) < 160 else sentence[:157] + "...", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def write_report(results: dict[str, Any], out_dir: Path) -> dict[str, Path]:
    more, sentence = hackability_sentence(results)
    results = {**results, "more_hackable": more, "conclusion": sentence}
    paths = {"json": out_dir / "results.json", "md": out_dir / "results.md", "png": out_dir / "gate.png"}
    paths["json"].write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", "utf-8")
    paths["md"].write_text(markdown(results), "utf-8")
    plot(results, paths["png"])
    return paths
