"""The reward server under a hostile client and a busy trainer (issue 18), on loopback only:
no head-of-line blocking between requests, auth before the body, a deadline for request
headers, a silent judge bounded by its budget, warm before healthy."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from typing import Any, Iterator

import httpx
import pytest

from conftest import serve_app
from rlverify.integrations._batcher import FairScheduler
from rlverify.integrations._http_guard import HeaderDeadline, guarded_protocol
from rlverify.integrations.server import create_app
from rlverify.verdict import Verdict

TOKEN = "tk"
POISON = [f"\\boxed{{(({n}!)!)!}}" for n in range(90, 120)]  # each one runs the CAS to its deadline


# ---------------------------------------------------------------- fair scheduler (no server)

def _sleepy(seconds: dict[str, float]) -> Any:
    def verify_one(item: dict[str, Any]) -> Verdict:
        time.sleep(seconds.get(item["response"], 0.0))
        if item["response"] == "boom":
            raise RuntimeError("broken item")
        return Verdict(item["response"] == item["gold"], 1.0, "rule", item["response"])
    return verify_one


def _items(*responses: str, gold: str = "1") -> list[dict[str, Any]]:
    return [{"response": r, "gold": gold, "question": None} for r in responses]


def test_fair_scheduler_serves_a_new_request_while_a_slow_one_runs() -> None:
    sched = FairScheduler(_sleepy({"slow": 0.3}), threads=4, per_request=2)

    async def main() -> tuple[float, float, list[Verdict], list[Verdict]]:
        t0 = time.monotonic()
        slow = asyncio.ensure_future(sched.submit(_items(*["slow"] * 12)))
        await asyncio.sleep(0.05)
        t1 = time.monotonic()
        fast = await sched.submit(_items("1", "2", "1"))
        t_fast = time.monotonic() - t1
        slow_v = await slow
        await sched.aclose()
        return t_fast, time.monotonic() - t0, fast, slow_v

    t_fast, t_slow, fast, slow_v = asyncio.run(main())
    assert t_fast < 0.25, t_fast  # two threads were left free: no wait for the 12 slow items
    assert [v.correct for v in fast] == [True, False, True] and len(slow_v) == 12
    assert 0.3 * 12 / 2 - 0.1 <= t_slow < 0.3 * 12 / 2 + 1.0  # 2 at a time (its share), not 1 or 4


def test_fair_scheduler_takes_requests_in_turn_when_every_thread_is_busy() -> None:
    order: list[str] = []
    lock = threading.Lock()

    def verify_one(item: dict[str, Any]) -> Verdict:
        with lock:
            order.append(item["response"][0])
        time.sleep(0.05)
        return Verdict(True, 1.0, "rule", None)

    sched = FairScheduler(verify_one, threads=1, per_request=1)

    async def main() -> None:
        a = asyncio.ensure_future(sched.submit(_items(*["a"] * 6)))
        await asyncio.sleep(0.01)
        b = asyncio.ensure_future(sched.submit(_items(*["b"] * 2)))
        await asyncio.gather(a, b)
        await sched.aclose()

    asyncio.run(main())
    seq = "".join(order)  # e.g. "aababaaa": b's turn comes after a's queued turn, then they alternate
    assert seq.startswith("a") and seq.index("b") <= 2 and seq.rindex("b") <= 4, seq


def test_fair_scheduler_failure_is_per_request_and_cancellation_drops_the_rest() -> None:
    seen: list[str] = []

    def verify_one(item: dict[str, Any]) -> Verdict:
        seen.append(item["response"])
        return _sleepy({"c": 0.05})(item)

    sched = FairScheduler(verify_one, threads=2, per_request=1)

    async def main() -> None:
        bad = asyncio.ensure_future(sched.submit(_items("boom", "x", "y")))
        good = asyncio.ensure_future(sched.submit(_items("1")))
        with pytest.raises(RuntimeError, match="broken item"):
            await bad
        assert [v.correct for v in await good] == [True]
        cancelled = asyncio.ensure_future(sched.submit(_items(*["c"] * 40)))
        await asyncio.sleep(0.12)
        cancelled.cancel()
        await asyncio.sleep(0.2)
        await sched.aclose()
        with pytest.raises(RuntimeError, match="shutting down"):
            await sched.submit(_items("1"))

    asyncio.run(main())
    assert seen.count("c") < 10  # the cancelled request's remaining items were never verified
    assert "y" not in seen or seen.index("y") > seen.index("boom")


# ---------------------------------------------------------------- the server on loopback

@pytest.fixture(scope="module")
def warm_url() -> Iterator[str]:
    with serve_app(create_app(["rule"], token=TOKEN)) as url:
        yield url


def test_warm_before_healthy_and_the_first_cas_item_needs_no_start_up(warm_url: str) -> None:
    with httpx.Client(base_url=warm_url, timeout=30) as c:
        assert c.get("/health").json()["warm"] is True
        t0 = time.monotonic()
        r = c.post("/verify", headers={"Authorization": f"Bearer {TOKEN}"},
                   json={"items": [{"response": "\\boxed{x^2+2x+1}", "gold": "(x+1)^2"}]})
    v = r.json()["verdicts"][0]
    assert v["correct"] is True and "timeout" not in v["flags"] and time.monotonic() - t0 < 1.5


def test_a_poisoned_request_does_not_hold_up_the_next_one(warm_url: str) -> None:
    """Issue 18's reproduction: request A, 30 answers that each run the CAS to the 1 s deadline;
    0.5 s later request B with one plain answer. B took 29.7 s with one batch thread."""
    out: dict[str, Any] = {}

    def send_a() -> None:
        t0 = time.monotonic()
        with httpx.Client(base_url=warm_url, timeout=120) as c:
            r = c.post(f"/reward?token={TOKEN}", json={"query": POISON, "labels": ["2"] * len(POISON)})
        out["a"] = (time.monotonic() - t0, r)

    thread = threading.Thread(target=send_a)
    thread.start()
    time.sleep(0.5)
    t0 = time.monotonic()
    with httpx.Client(base_url=warm_url, timeout=60) as c:
        b = c.post(f"/reward?token={TOKEN}", json={"query": ["\\boxed{1}"], "labels": ["1"]})
    b_seconds = time.monotonic() - t0
    thread.join(120)
    a_seconds, a = out["a"]
    assert b.status_code == 200 and b.json()["rewards"] == [1.0]
    assert b_seconds < 2.0, b_seconds
    assert a.status_code == 200 and a.json()["rewards"] == [0.0] * len(POISON)
    assert a_seconds < len(POISON) * 1.0 / 2  # its items ran several at a time, each within its deadline


def _raw_exchange(url: str, head: bytes, wait: float = 10.0) -> bytes:
    host, port = url.rsplit(":", 1)
    with socket.create_connection((host.split("//")[1], int(port)), timeout=wait) as s:
        s.sendall(head)
        return s.recv(4096)


@pytest.mark.parametrize("raw_endpoints", [True, False])
def test_token_is_checked_before_the_body_is_read(raw_endpoints: bool) -> None:
    app = create_app(["rule"], token=TOKEN, warm=False, raw_endpoints=raw_endpoints)
    with serve_app(app) as url:
        for path in ("/reward", "/verify"):
            # 30 MB announced, none sent: the answer must come without waiting for the body
            head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {30 * 1024 * 1024}\r\n\r\n").encode()
            t0 = time.monotonic()
            reply = _raw_exchange(url, head)
            assert reply.startswith(b"HTTP/1.1 401"), reply[:200]
            assert time.monotonic() - t0 < 5
            authed = head.replace(b"Host: x", f"Host: x\r\nAuthorization: Bearer {TOKEN}".encode())
            with pytest.raises(socket.timeout):  # with the token the server waits for the body
                _raw_exchange(url, authed, wait=0.5)
        with httpx.Client(base_url=url, timeout=30) as c:  # and the token still works
            r = c.post("/reward", headers={"Authorization": f"Bearer {TOKEN}"},
                       json={"query": ["\\boxed{3}"], "labels": ["3"]})
            assert r.json()["rewards"] == [1.0]


@contextlib.contextmanager
def _guarded_server(app: Any, http: str) -> Iterator[tuple[str, int]]:
    """``rlverify serve``'s protocols (request-header deadline) on a loopback port; yields (host, port)."""
    with serve_app(app, http=guarded_protocol(http), timeout_keep_alive=5) as url:
        host, port = url.rsplit("//", 1)[1].rsplit(":", 1)
        yield host, int(port)


def _closed_within(sock: socket.socket, seconds: float, trickle: bytes = b"") -> float | None:
    """Seconds until the server closed ``sock`` (sending ``trickle`` a byte every 0.1 s), or None."""
    t0 = time.monotonic()
    sock.settimeout(0.1)
    sent = 0
    while time.monotonic() - t0 < seconds:
        if sent < len(trickle):
            try:
                sock.sendall(trickle[sent:sent + 1])
            except OSError:
                return time.monotonic() - t0
            sent += 1
        try:
            if sock.recv(4096) == b"":
                return time.monotonic() - t0
        except socket.timeout:
            continue
        except OSError:
            return time.monotonic() - t0
    return None


@pytest.mark.parametrize("http", ["h11", "httptools"])
def test_connections_that_never_finish_their_headers_are_closed(http: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip(http)
    monkeypatch.setattr(HeaderDeadline, "header_timeout", 0.5)
    app = create_app(["rule"], warm=False)
    with _guarded_server(app, http) as addr:
        with socket.create_connection(addr) as silent:  # sends nothing at all
            t = _closed_within(silent, 5)
            assert t is not None and 0.3 < t < 3, t
        with socket.create_connection(addr) as slow:  # a byte every 0.1 s, headers never end
            t = _closed_within(slow, 5, trickle=b"POST /reward HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100)
            assert t is not None and t < 3, t
        with httpx.Client(base_url=f"http://{addr[0]}:{addr[1]}", timeout=30) as c:
            # a request whose headers are in is never cut, however long it takes (here ~1 s of CAS)
            r = c.post("/reward", json={"query": [POISON[0]], "labels": ["2"]})
            assert r.status_code == 200 and r.json()["rewards"] == [0.0]
            time.sleep(0.8)  # idle between keep-alive requests longer than the header timeout ...
            r = c.post("/reward", json={"query": ["\\boxed{3}"], "labels": ["3"]})
            assert r.json()["rewards"] == [1.0]  # ... and the next request is served (new or kept connection)


# ---------------------------------------------------------------- judges: a total budget

class _SilentJudgeServer:
    """A loopback TCP server that accepts connections and never answers."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.conns: list[socket.socket] = []
        self._stop = False
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}/v1"

    def _accept(self) -> None:
        while not self._stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)  # read nothing, answer nothing

    def close(self) -> None:
        self._stop = True
        self.sock.close()
        for c in self.conns:
            c.close()


class _NeverReturns:
    """A judge object that never answers (no budget of its own)."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def judge(self, items: list[Any]) -> list[bool | None]:
        self.release.wait(60)
        return [True] * len(items)


# a correct answer in words that no rule reads: the judge is asked (a name alone, "the area of the circle", is vacuous)
_ELIGIBLE = {"response": "The answer is \\boxed{pi times r squared}", "gold": "\\pi r^2", "question": None}


@pytest.fixture(scope="module")
def warm_helpers() -> None:
    from rlverify.runtime import bounded

    bounded.warm_up(1)


def test_a_silent_openai_judge_costs_its_budget_and_degrades_like_a_refused_one(warm_helpers: None) -> None:
    from rlverify.hybrid import HybridVerifier
    from rlverify.judge.openai_judge import OpenAIJudge

    silent = _SilentJudgeServer()
    try:
        judge = OpenAIJudge(silent.url, "m", timeout=60.0, retries=2, budget=1.0, cache=False)
        h = HybridVerifier(judge=judge, judge_budget=None)  # the judge's own budget alone
        t0 = time.monotonic()
        v = h.verify(**_ELIGIBLE)
        seconds = time.monotonic() - t0
    finally:
        silent.close()
    assert seconds < 1.0 + 1.0, seconds
    assert v.source == "rule" and not v.correct and not v.undecided and "judge_unavailable" in v.flags


def test_the_hybrid_enforces_its_budget_on_any_judge(warm_helpers: None) -> None:
    from rlverify.hybrid import HybridVerifier

    judge = _NeverReturns()
    try:
        h = HybridVerifier(judge=judge, judge_budget=0.5)
        t0 = time.monotonic()
        v = h.verify(**_ELIGIBLE)
        seconds = time.monotonic() - t0
    finally:
        judge.release.set()
    assert seconds < 0.5 + 1.0, seconds
    assert v.source == "rule" and "judge_unavailable" in v.flags and not v.undecided


def test_the_server_answers_a_silent_judge_within_its_budget(warm_helpers: None) -> None:
    judge = _NeverReturns()
    app = create_app(["hybrid"], options={"hybrid": {"judge": judge}}, judge_budget=0.5, warm=False)
    try:
        with serve_app(app) as url, httpx.Client(base_url=url, timeout=60) as c:
            t0 = time.monotonic()
            r = c.post("/verify", json={"items": [_ELIGIBLE]})
            seconds = time.monotonic() - t0
    finally:
        judge.release.set()
    v = r.json()["verdicts"][0]
    assert seconds < 0.5 + 1.5, seconds
    assert v["source"] == "rule" and "judge_unavailable" in v["flags"]


def test_default_judge_budget_is_under_openrlhf_client_timeout() -> None:
    from rlverify.integrations.server import RULE_GRACE, ServerSettings
    from rlverify.judge.budget import DEFAULT_JUDGE_BUDGET
    from rlverify.judge.openai_judge import OpenAIJudge

    openrlhf_client_timeout = 180.0  # openrlhf.utils.remote_rm_utils: requests.post(..., timeout=180)
    assert ServerSettings().judge_budget == DEFAULT_JUDGE_BUDGET
    assert DEFAULT_JUDGE_BUDGET + RULE_GRACE < openrlhf_client_timeout
    assert OpenAIJudge("http://127.0.0.1:1/v1", "m").budget == DEFAULT_JUDGE_BUDGET
