"""A run directory: the config of every stage, their outputs, and a marker per finished stage.

    run/config.json            {"student": {...}, "data": {...}, "train": {...}, "gate": {...}}
    run/data/                  train.jsonl (chat format), eval.jsonl (held-out rows), samples.jsonl,
                               counts.json, done.json
    run/model/                 the trained model and tokenizer (loads with make_judge("transformers"))
    run/train/                 metrics.json (loss per step), done.json
    run/gate/                  results.json, results.md, gate.png, done.json

A stage records its config when it starts and writes ``done.json`` when it ends; running it again
with the same config is a no-op unless forced, and a different config is refused (use a new
directory), so a run directory always describes how its files were made.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BadInputError
from .config import to_dict

__all__ = ["RunDir", "STAGES"]

STAGES = ("data", "train", "gate")


@dataclass(frozen=True)
class RunDir:
    path: Path

    @classmethod
    def at(cls, path: str | Path) -> "RunDir":
        p = Path(path)
        p.mkdir(parents=True, exist_ok=True)
        return cls(p)

    def stage(self, name: str) -> Path:
        d = self.path / name
        d.mkdir(parents=True, exist_ok=True)
        return d

    @property
    def model_dir(self) -> Path:
        return self.path / "model"

    @property
    def config_path(self) -> Path:
        return self.path / "config.json"

    def config(self) -> dict[str, Any]:
        if not self.config_path.is_file():
            return {}
        return json.loads(self.config_path.read_text("utf-8"))

    def record(self, section: str, config: Any, force: bool = False) -> None:
        """Store ``config`` under ``section``; a different value already there is refused unless
        ``force`` (which also discards the stage's done marker)."""
        value = to_dict(config)
        current = self.config()
        if section in current and current[section] != _jsonable(value) and not force:
            raise BadInputError(f"{self.path}: the {section} config differs from the recorded one "
                                f"(use a new --run-dir, or --force to redo the stage)")
        current[section] = value
        self.config_path.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n", "utf-8")

    def done(self, stage: str) -> dict[str, Any] | None:
        marker = self.path / stage / "done.json"
        return json.loads(marker.read_text("utf-8")) if marker.is_file() else None

    def mark_done(self, stage: str, summary: dict[str, Any]) -> None:
        body = {"finished": time.strftime("%Y-%m-%dT%H:%M:%S"), **summary}
        (self.stage(stage) / "done.json").write_text(json.dumps(body, indent=2) + "\n", "utf-8")

    def clear(self, stage: str) -> None:
        marker = self.path / stage / "done.json"
        if marker.is_file():
            marker.unlink()

    def require(self, stage: str, for_stage: str) -> None:
        if self.done(stage) is None:
            raise BadInputError(f"{self.path}: run the {stage} stage before {for_stage} "
                                f"(rlverify train-verifier {stage} --run-dir {self.path} ...)")


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))
