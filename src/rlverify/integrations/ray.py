"""Scale verification out with Ray Data (extra ``ray``).

    verify_dataset(rows, verifier="rule", num_cpus=None, address=None, **options) -> list[dict]

``rows``: a ``ray.data.Dataset`` or any iterable of dicts with ``response``, ``gold`` and
optionally ``question`` (other keys are ignored). Returns one ``Verdict.to_dict()`` per row,
in input order. Without a running Ray, a local instance is started (``num_cpus`` CPUs, no
dashboard); with ``address`` (``"ray://head:10001"``, ``"auto"``, or ``$RAY_ADDRESS``, which
``rlverify eval --ray`` relies on) the same code runs on a cluster (``num_cpus`` is then ignored). Each Ray worker builds its verifier once (cached per name and options).
"""

from __future__ import annotations

import json
import logging
import os
from typing import Any, Iterable, Mapping

import numpy as np

from ..errors import MissingDependencyError
from ._common import cached_verifier, golds_of, verify_items

__all__ = ["verify_dataset", "verify_block", "ensure_ray"]

_IDX = "_rlverify_idx"
_OUT = "_rlverify_verdict"
_GOLD = "_rlverify_gold_json"


def ensure_ray(num_cpus: int | None = None, address: str | None = None) -> Any:
    """The ``ray`` module, initialised (local with ``num_cpus``, or connected to ``address``)."""
    try:
        import ray
    except ModuleNotFoundError:
        raise MissingDependencyError("Ray is not installed: pip install 'rlverify[ray]'") from None
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS") or None  # `rlverify eval --ray` on a cluster
        if address is None:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
        _quiet_data(ray)  # a session we started: no progress bars or per-dataset INFO lines
    return ray


def _quiet_data(ray: Any) -> None:
    import ray.data  # noqa: F401 - the submodule is not imported by ``import ray``

    ray.data.DataContext.get_current().enable_progress_bars = False
    logging.getLogger("ray.data").setLevel(logging.WARNING)


def _cell(value: Any) -> Any:
    return value.tolist() if isinstance(value, np.ndarray) else value


def verify_block(batch: Mapping[str, Any], verifier: str = "rule",
                 options: Mapping[str, Any] | None = None) -> dict[str, np.ndarray]:
    """``map_batches`` function: a numpy batch of rows -> the same rows' verdicts as JSON."""
    responses = list(batch["response"])
    n = len(responses)
    if _GOLD in batch:  # rows that came from a Python iterable: gold kept as JSON (any shape)
        golds = [json.loads(g) for g in batch[_GOLD]]
    else:
        golds = [_cell(g) for g in batch["gold"]]
    questions = list(batch["question"]) if "question" in batch else [None] * n
    items = [{"response": r, "gold": g, "question": q if isinstance(q, str) and q else None}
             for r, g, q in zip(responses, golds, questions)]
    verdicts = verify_items(cached_verifier(verifier, options), items)
    out = {_OUT: np.array([json.dumps(v.to_dict()) for v in verdicts], dtype=object)}
    if _IDX in batch:
        out[_IDX] = np.asarray(batch[_IDX])
    return out


def _rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for i, r in enumerate(rows):
        q = r.get("question")
        out.append({_IDX: i, "response": str(r.get("response") or ""),
                    _GOLD: json.dumps(golds_of(r.get("gold"))), "question": q if isinstance(q, str) else ""})
    return out


def verify_dataset(rows: Any, verifier: str = "rule", num_cpus: int | None = None,
                   address: str | None = None, batch_size: int = 256, **options: Any) -> list[dict[str, Any]]:
    """Verify every row with Ray Data; verdict dicts in input order."""
    ray = ensure_ray(num_cpus, address)
    if isinstance(rows, ray.data.Dataset):
        ds = rows
        ds.context.execution_options.preserve_order = True
    else:
        items = _rows(rows)
        if not items:
            return []
        blocks = max(1, min(len(items) // max(1, batch_size), 4 * int(num_cpus or 2)))
        ds = ray.data.from_items(items, override_num_blocks=blocks)
    out = ds.map_batches(verify_block, batch_size=batch_size, batch_format="numpy",
                         fn_kwargs={"verifier": verifier, "options": options})
    result = out.take_all()
    if result and _IDX in result[0]:
        result.sort(key=lambda r: int(r[_IDX]))
    return [json.loads(r[_OUT]) for r in result]
