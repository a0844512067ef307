"""A driver joining a running Ray cluster (run by test_real_ray.py; prints one JSON line).

    python ray_driver.py ADDRESS        # host:port (Ray Data) or ray://host:port (Ray Client)
"""

from __future__ import annotations

import json
import sys

from _realfw import PROBLEMS

CASES = [(p["question"], p["gold"], r) for p in PROBLEMS for r in p["responses"]] * 4

if __name__ == "__main__":
    import ray

    address = sys.argv[1]
    rows = [{"question": q, "gold": g, "response": r} for q, g, r in CASES]
    # snippet (docs/integrations.md, Ray)
    from rlverify.integrations.ray import verify_dataset

    verdicts = verify_dataset(rows, address=address, batch_size=8)  # "host:port", or "ray://host:10001"
    # end snippet
    nodes = [n["NodeManagerAddress"] for n in ray.nodes() if n["Alive"]]
    ray.shutdown()
    print(json.dumps({"cases": CASES, "verdicts": verdicts, "nodes": nodes}))
