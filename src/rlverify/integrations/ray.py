"""Scale verification out with Ray (extra ``ray``; ``ray[client]`` for ``ray://`` addresses).

    verify_dataset(rows, verifier="rule", num_cpus=None, address=None, **options) -> list[dict]

``rows``: a ``ray.data.Dataset`` or any iterable of dicts with ``response``, ``gold`` and
optionally ``question`` (other keys are ignored). Returns one ``Verdict.to_dict()`` per row,
in input order. Each Ray worker builds its verifier once (cached per name and options, after
warming its process up).

Where it runs:

* no ``address`` and no ``$RAY_ADDRESS``: a new local instance (``num_cpus`` CPUs, no dashboard),
  never a cluster that happens to run on the machine (``address="auto"`` joins that one);
* ``address="host:port"`` (or ``$RAY_ADDRESS``, which ``rlverify eval --ray`` relies on): the
  driver joins the cluster and verifies with Ray Data's ``map_batches``;
* ``address="ray://head:10001"`` (Ray Client; ``pip install 'ray[client]'``): Ray Data does not
  run over a client connection in Ray 2.60 (``'Worker' object has no attribute 'core_worker'``),
  so the rows go to the cluster as plain Ray tasks, ``batch_size`` rows each (a
  ``ray.data.Dataset`` is refused there: pass rows).

``num_cpus`` is ignored when joining a cluster. Ray 2.60 turns token authentication on for a
head started with ``RAY_AUTH_MODE=token`` or while a token exists (``~/.ray/auth_token``): then
every process that joins (worker nodes, this driver) needs ``RAY_AUTH_MODE=token`` and the
cluster's token (that file, or ``$RAY_AUTH_TOKEN``), else it fails to connect (``InvalidAuthToken``
in the node's log). Ray replaces
``127.0.0.1``/``localhost`` in an address by the machine's network address; a cluster kept on
loopback is started with ``--node-ip-address 127.0.0.2`` (any loopback address but 127.0.0.1) on
every node and joined as ``127.0.0.2:PORT`` (tests/integrations/real/test_real_ray.py).
"""

from __future__ import annotations

import json
import logging
import os
from typing import Any, Iterable, Mapping

import numpy as np

from ..errors import BadInputError, MissingDependencyError
from ._common import cached_verifier, golds_of, verify_items

__all__ = ["verify_dataset", "verify_block", "verify_rows", "ensure_ray"]

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
        if address is None:  # "local": a new instance, not a cluster found in Ray's temp dir
            ray.init(address="local", num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
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


def verify_rows(rows: list[Mapping[str, Any]], verifier: str = "rule",
                options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Ray task body (client connections): rows of :func:`_rows` -> their verdict dicts."""
    items = [{"response": r["response"], "gold": json.loads(r[_GOLD]), "question": r["question"] or None}
             for r in rows]
    return [v.to_dict() for v in verify_items(cached_verifier(verifier, options), items)]


def _is_client(ray: Any) -> bool:
    try:
        return bool(ray.util.client.ray.is_connected())
    except AttributeError:  # a Ray without the client module
        return False


def _verify_with_tasks(ray: Any, rows: Any, verifier: str, batch_size: int,
                       options: Mapping[str, Any]) -> list[dict[str, Any]]:
    if isinstance(rows, ray.data.Dataset):
        raise BadInputError("Ray Data does not run over a Ray Client (ray://) connection: pass the rows "
                            "as dicts, or connect with address='host:port'")
    items = _rows(rows)
    task = ray.remote(verify_rows)
    chunks = [items[i:i + batch_size] for i in range(0, len(items), max(1, batch_size))]
    results = ray.get([task.remote(c, verifier, dict(options)) for c in chunks])
    return [v for chunk in results for v in chunk]


def verify_dataset(rows: Any, verifier: str = "rule", num_cpus: int | None = None,
                   address: str | None = None, batch_size: int = 256, **options: Any) -> list[dict[str, Any]]:
    """Verify every row with Ray Data (Ray tasks over a client connection); verdict dicts in input order."""
    ray = ensure_ray(num_cpus, address)
    if _is_client(ray):
        return _verify_with_tasks(ray, rows, verifier, batch_size, options)
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
