"""A driver joining a running Ray cluster (run by test_real_ray.py; prints one JSON line).

    python ray_driver.py ADDRESS        # host:port (Ray Data) or ray://host:port (Ray Client)
"""

from __future__ import annotations

import json
import sys

from _realfw import PROBLEMS

from rlverify.integrations.ray import verify_dataset

CASES = [(p["question"], p["gold"], r) for p in PROBLEMS for r in p["responses"]] * 4

if __name__ == "__main__":
    import ray

    rows = [{"question": q, "gold": g, "response": r} for q, g, r in CASES]
    verdicts = verify_dataset(rows, address=sys.argv[1], batch_size=8)
    nodes = [n["NodeManagerAddress"] for n in ray.nodes() if n["Alive"]]
    ray.shutdown()
    print(json.dumps({"cases": CASES, "verdicts": verdicts, "nodes": nodes}))
