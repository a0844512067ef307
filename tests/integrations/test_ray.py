"""verify_dataset on a local Ray instance (one ray.init for the whole module)."""

from __future__ import annotations

from typing import Iterator

import pytest

import rlverify
from rlverify.integrations.ray import ensure_ray, verify_block, verify_dataset


@pytest.fixture(scope="module")
def ray_local() -> Iterator[object]:
    import ray

    # One local instance for the module. Workers verify inline (RLVERIFY_BOUNDED_INLINE): this
    # tests the Ray plumbing, not the sympy helper processes each worker would start otherwise.
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"RLVERIFY_BOUNDED_INLINE": "1"}})
    yield ensure_ray()
    ray.shutdown()


def _rows(n: int) -> list[dict]:
    rows = []
    for i in range(n):
        gold = str(i) if i % 3 else ["none of these", str(i)]  # a list of golds is any-of
        response = f"Thus \\boxed{{{i if i % 4 else i + 1}}}."
        rows.append({"response": response, "gold": gold, "question": f"Q{i}" if i % 2 else None, "id": i})
    return rows


def test_ray_address_env_connects_to_a_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    import ray

    calls: list[dict] = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", lambda **kw: calls.append(kw))
    monkeypatch.setattr("rlverify.integrations.ray._quiet_data", lambda r: None)
    monkeypatch.setenv("RAY_ADDRESS", "ray://head:10001")
    ensure_ray(num_cpus=3)
    assert calls == [{"address": "ray://head:10001", "log_to_driver": False}]
    monkeypatch.delenv("RAY_ADDRESS")
    ensure_ray(num_cpus=3)
    assert calls[1]["num_cpus"] == 3 and calls[1]["address"] == "local"  # never a cluster found in /tmp/ray


def test_verify_block_needs_no_ray() -> None:
    import numpy as np

    out = verify_block({"response": np.array(["\\boxed{2}", "\\boxed{3}"], dtype=object),
                        "gold": np.array(["2", "2"], dtype=object)})
    assert [v.count('"correct": true') for v in out["_rlverify_verdict"]] == [1, 0]


def test_iterable_rows_in_order_and_equal_to_in_process(ray_local) -> None:  # noqa: ANN001
    rows = _rows(300)
    got = verify_dataset(iter(rows), verifier="rule", batch_size=64)
    assert len(got) == len(rows)
    assert [v["correct"] for v in got] == [i % 4 != 0 for i in range(300)]
    rule = rlverify.get_verifier("rule")
    for row, v in zip(rows[:30], got):
        golds = row["gold"] if isinstance(row["gold"], list) else [row["gold"]]
        local = [rule.verify(row["response"], g, row["question"]) for g in golds]
        assert v["correct"] == any(x.correct for x in local)
        assert v["extracted"] == local[-1].extracted


def test_ray_dataset_input_keeps_order(ray_local) -> None:  # noqa: ANN001
    ds = ray_local.data.from_items([{"response": f"\\boxed{{{i}}}", "gold": str(i + i % 2)} for i in range(200)],
                                   override_num_blocks=8)
    got = verify_dataset(ds, batch_size=32)
    assert [v["correct"] for v in got] == [i % 2 == 0 for i in range(200)]
    assert [v["extracted"] for v in got] == [str(i) for i in range(200)]


def test_empty_input(ray_local) -> None:  # noqa: ANN001
    assert verify_dataset([]) == []
