"""Glue between rlverify and RL training frameworks. Each submodule is imported on demand
so that a framework's optional dependencies are only needed when it is used:

* ``rlverify.integrations.verl``: ``compute_score`` / ``compute_score_batch`` (verl reward functions)
* ``rlverify.integrations.trl``: ``make_reward_fn`` / ``make_async_reward_fn`` (TRL reward functions)
* ``rlverify.integrations.server``: ``create_app`` (OpenRLHF-compatible reward server; extra ``server``)
* ``rlverify.integrations.openrlhf``: ``reward_func`` (OpenRLHF ``--remote_rm_url path/to/openrlhf.py``)
* ``rlverify.integrations.ray``: ``verify_dataset`` (Ray Data scale-out; extra ``ray``)
* ``rlverify.integrations.verl_genrm``: ``compute_score`` (the hybrid with verl's GenRM, ``reward_router_address``, as judge)
* ``rlverify.integrations.nemo_gym``: ``verify`` (NeMo Gym's resources-server ``/verify`` shape; also
  ``POST /nemo_gym/verify`` on the reward server)
* ``rlverify.integrations.prime_verifiers``: ``reward`` / ``make_reward`` (PrimeIntellect verifiers v1,
  ``async (task, trace, runtime) -> float`` by import path)
"""

from __future__ import annotations

__all__: list[str] = []  # submodules are imported explicitly (optional dependencies)
