"""rlverify.runtime.pool: parallel verification with a hard per-item deadline from the parent."""

from __future__ import annotations

import os
import threading
import time

import pytest

from rlverify import get_verifier, pool, register
from rlverify.errors import UnknownVerifierError
from rlverify.verdict import BaseVerifier, Verdict


class _Scripted(BaseVerifier):
    """Correct iff response == gold; 'hang' spins forever, 'crash' kills the process,
    'raise' raises, 'nap' sleeps 50 ms."""

    name = "test-scripted"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        if response == "hang":
            while True:
                pass
        if response == "crash":
            os._exit(3)
        if response == "raise":
            raise ValueError("scripted failure")
        if response == "nap":
            time.sleep(0.05)
        ok = response == gold
        return Verdict(ok, float(ok), "rule", response, (f"pid:{os.getpid()}",), 0.0)


@register("test-scripted")
def _make_scripted(**options: object) -> _Scripted:
    return _Scripted()


def _items(responses: list[str]) -> list[dict]:
    return [{"response": r, "gold": r if i % 2 == 0 else "other", "question": None}
            for i, r in enumerate(responses)]


@pytest.fixture(scope="module")
def vpool():
    with pool.VerifierPool(2) as p:
        p.verify_batch(_items(["w1", "w2"]), timeout=5.0, verifier="test-scripted")  # start-up excluded
        yield p


def test_stuck_item_times_out_and_the_rest_come_back_in_order(vpool) -> None:
    responses = [f"r{i}" for i in range(12)]
    responses[3] = "hang"
    t0 = time.monotonic()
    out = vpool.verify_batch(_items(responses), timeout=0.5, verifier="test-scripted")
    assert time.monotonic() - t0 < 15
    assert len(out) == 12
    assert out[3].flags == ("timeout",) and out[3].correct is False and out[3].score == 0.0
    for i, v in enumerate(out):
        if i != 3:
            assert v.extracted == responses[i]
            assert v.correct == (i % 2 == 0)


def test_crashed_worker_is_replaced_and_pool_reusable(vpool) -> None:
    out = vpool.verify_batch(_items(["a", "crash", "c", "d"]), timeout=2.0, verifier="test-scripted")
    assert [v.extracted for v in out] == ["a", None, "c", "d"]
    assert out[1].flags == ("timeout", "worker_died")
    again = vpool.verify_batch(_items(["x", "y"]), timeout=2.0, verifier="test-scripted")
    assert [v.correct for v in again] == [True, False]


def test_work_is_spread_over_worker_processes(vpool) -> None:
    out = vpool.verify_batch(_items([f"s{i}" for i in range(64)]), timeout=2.0, verifier="test-scripted")
    pids = {v.flags[0] for v in out}
    assert f"pid:{os.getpid()}" not in pids
    assert 1 <= len(pids) <= 2


def test_rule_verifier_in_pool_matches_in_process() -> None:
    items = [
        {"response": "so \\boxed{12}", "gold": "12"},
        {"response": "so \\boxed{13}", "gold": "12"},
        {"response": "The answer is \\boxed{\\frac{1}{2}}", "gold": "\\frac12"},
        {"response": "nothing here", "gold": "7"},
    ] * 3
    v = get_verifier("rule")
    expected = [v.verify(it["response"], it["gold"]).correct for it in items]
    got = pool.verify_batch(items, workers=2, timeout=30.0)    # verdicts, not speed: a cold worker on a loaded machine
    assert [x.correct for x in got] == expected
    assert [x.correct for x in v.verify_batch(items, workers=2)] == expected


def test_usable_from_a_non_main_thread(vpool) -> None:
    box: list = []
    t = threading.Thread(target=lambda: box.append(
        vpool.verify_batch(_items(["p", "hang", "q"]), timeout=0.5, verifier="test-scripted")))
    t.start()
    t.join(30)
    assert box and [v.flags[:1] for v in box[0]][1] == ("timeout",)
    assert box[0][0].correct and box[0][2].extracted == "q"


def test_empty_batch_and_unknown_verifier(vpool) -> None:
    assert vpool.verify_batch([], verifier="test-scripted") == []
    with pytest.raises(UnknownVerifierError):
        vpool.verify_batch(_items(["a"]), verifier="no-such-verifier")


def test_closed_pool_refuses_work() -> None:
    p = pool.VerifierPool(1)
    p.close()
    with pytest.raises(RuntimeError, match="closed"):
        p.verify_batch(_items(["a"]), verifier="test-scripted")


def test_grouped_verdicts_blame_only_the_item_that_overran(vpool) -> None:
    """Verdicts travel in groups; a kill must still time out only the stuck item, never a
    finished neighbour whose verdict was waiting in the unsent group."""
    responses = [f"f{i}" for i in range(60)]
    for k in (7, 41):
        responses[k] = "hang"
    t0 = time.monotonic()
    out = vpool.verify_batch(_items(responses), timeout=0.4, verifier="test-scripted")
    assert time.monotonic() - t0 < 20
    assert len(out) == 60
    assert [i for i, v in enumerate(out) if "timeout" in v.flags] == [7, 41]
    for i, v in enumerate(out):
        if i not in (7, 41):
            assert v.extracted == responses[i] and v.correct == (i % 2 == 0)


def test_an_error_comes_after_the_verdicts_finished_before_it(vpool) -> None:
    responses = [f"e{i}" for i in range(10)]
    responses[6] = "raise"
    out = vpool.verify_batch(_items(responses), timeout=2.0, verifier="test-scripted")
    assert "error" in out[6].flags and "error:ValueError" in out[6].flags
    assert [v.extracted for k, v in enumerate(out) if k != 6] == [r for k, r in enumerate(responses) if k != 6]


def test_worker_groups_verdicts_by_elapsed_work() -> None:
    rows = [(f"g{i}", f"g{i}", None) for i in range(10)]
    context = ([], None)
    grouped = list(pool._verify_items("test-scripted", {}, rows, context, 10.0))
    assert grouped[0] is None and [len(g) for g in grouped[1:]] == [10]  # fast rows: one message
    strict = list(pool._verify_items("test-scripted", {}, rows, context, 0.0))
    assert [len(g) for g in strict[1:]] == [1] * 10
    naps = list(pool._verify_items("test-scripted", {}, [("nap", "nap", None)] * 3, context, 0.02))
    assert [len(g) for g in naps[1:]] == [1, 1, 1]  # each 50 ms item exceeds the 20 ms group


def test_chunks_cover_every_row_once_and_shrink_towards_the_end() -> None:
    class _Two:
        size = 2

    batch = pool._Batch.__new__(pool._Batch)
    batch.pool = _Two()
    batch.rows = [("r", f"g{i % 37}", None) for i in range(3000)]
    chunks = list(batch._chunks())
    flat = [i for c in chunks for i in c]
    assert sorted(flat) == list(range(3000))
    sizes = [len(c) for c in chunks]
    assert max(sizes) == pool.MAX_CHUNK and sizes == sorted(sizes, reverse=True)
    assert sizes[-4:] == [1, 1, 1, 1]
    golds = [batch.rows[i][1] for i in flat]
    assert golds == sorted(golds)  # grouped by reference: one parse per gold per worker
