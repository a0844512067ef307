"""The reward server's raw ASGI endpoints (POST /reward, /get_reward, /verify) answer exactly
as the FastAPI routes they replace: same status codes, bodies, headers and metrics, over a
real loopback connection, for good, malformed, oversize, unauthorised and failing requests."""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any, Iterator

import httpx
import pytest

import rlverify
from conftest import serve_app
from rlverify.errors import JudgeUnavailableError
from rlverify.integrations.server import _first_header, _query, create_app
from rlverify.verdict import BaseVerifier, Verdict

TOKEN = "t0k"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
MAX_BODY = 16 * 1024
MAX_ITEMS = 20


class FixedTimeRule(BaseVerifier):
    """The rule verifier with ``seconds`` zeroed, so /verify bodies compare byte for byte."""

    name = "fixed"

    def __init__(self) -> None:
        self.rule = rlverify.get_verifier("rule")

    def verify_batch(self, items, workers=None):  # noqa: ANN001
        return [v.with_(seconds=0.0) for v in self.rule.verify_batch(items)]


class DownJudge(BaseVerifier):
    """A judge-backed verifier whose backend is unreachable."""

    name = "down"

    def verify_batch(self, items, workers=None):  # noqa: ANN001
        raise JudgeUnavailableError("judge backend unreachable")


class Exploding(BaseVerifier):
    """Served as ``rule`` (no fallback): its failure is an internal error (500)."""

    name = "rule"

    def verify_batch(self, items, workers=None):  # noqa: ANN001
        raise RuntimeError("boom")


class NaNScore(BaseVerifier):
    name = "nan"

    def verify_batch(self, items, workers=None):  # noqa: ANN001
        return [Verdict(False, float("nan"), source="rule") for _ in items]


def serve(app: Any) -> Iterator[str]:
    return serve_app(app, log_level="critical")


def _apps(verifiers: dict[str, Any], **kw: Any) -> tuple[Any, Any]:
    opts = dict(token=TOKEN, max_body_bytes=MAX_BODY, max_items=MAX_ITEMS, warm=False, **kw)
    raw, ref = create_app(verifiers, raw_endpoints=True, **opts), create_app(verifiers, raw_endpoints=False, **opts)
    assert raw.raw_endpoints is not None and ref.raw_endpoints is None
    return raw, ref


@pytest.fixture(scope="module")
def urls() -> Iterator[tuple[str, str]]:
    verifiers = {"rule": rlverify.get_verifier("rule"), "fixed": FixedTimeRule(), "down": DownJudge(),
                 "nan": NaNScore()}
    raw, ref = _apps(verifiers)
    with serve(raw) as raw_url, serve(ref) as ref_url:
        yield raw_url, ref_url


PROMPT = "<|im_start|>user\nWhat is 6*7?<|im_end|>\n<|im_start|>assistant\n"


def _chunks(n: int) -> Iterator[bytes]:
    yield b'{"query": ["'
    for _ in range(n):
        yield b"y" * 1024
    yield b'"], "labels": ["1"]}'


def _json(obj: Any) -> bytes:
    return json.dumps(obj).encode()


# (method, path, headers, body); a body of None sends none, a callable streams its chunks
CASES: list[tuple[str, str, dict[str, str], Any]] = [
    ("POST", "/reward", AUTH, _json({"query": [PROMPT + "so \\boxed{42}<|im_end|>"], "prompts": [PROMPT],
                                     "labels": ["42"]})),
    ("POST", "/get_reward", AUTH, _json({"query": ["\\boxed{41}", "\\boxed{1/2}"], "labels": [42, "0.5"]})),
    ("POST", f"/reward?token={TOKEN}", {}, _json({"query": ["x \\boxed{7}"], "prompts": [None],
                                                  "labels": [["6", "7"]]})),
    ("POST", f"/reward?token={TOKEN}&verifier=fixed&verifier=rule", {}, _json({"query": ["\\boxed{3}"],
                                                                              "labels": [3.0]})),
    ("POST", "/reward?verifier=down", AUTH, _json({"query": ["\\boxed{4}", "The result is \\boxed{6}"],
                                                   "labels": ["4", "5"]})),
    ("POST", "/reward", AUTH, _json({"query": ["\\boxed{é ∑ 😀}"], "labels": ["é"], "extra": {"x": 1}})),
    ("POST", "/reward", AUTH, _json({"query": [], "labels": []})),
    ("POST", "/verify", AUTH, _json({"items": [{"response": "\\boxed{4}", "gold": "4"},
                                               {"response": "no answer", "gold": ["1", 2], "question": "Q?"}],
                                     "verifier": "fixed"})),
    ("POST", "/verify?verifier=fixed", AUTH, _json({"items": [{"response": "\\boxed{x=3}", "gold": "3"}]})),
    ("POST", "/verify", AUTH, _json({"items": [{"response": "\\boxed{4}", "gold": "5"}], "verifier": "nope"})),
    ("POST", "/verify", AUTH, _json({"items": [{"response": 4, "gold": "5"}]})),
    ("POST", "/verify", AUTH, _json({"items": "x"})),
    ("POST", "/reward", AUTH, b"{not json"),
    ("POST", "/reward", AUTH, b""),
    ("POST", "/reward", AUTH, b"[1, 2]"),
    ("POST", "/reward", AUTH, b'{"query": ["a"]}'),
    ("POST", "/reward", AUTH, b'{"query": [1], "labels": ["1"]}'),
    ("POST", "/reward", AUTH, b'{"query": ["a", "b"], "labels": ["1"]}'),
    ("POST", "/reward", AUTH, b'{"query": ["a"], "prompts": ["p", "q"], "labels": ["1"]}'),
    ("POST", "/reward?verifier=nope", AUTH, _json({"query": ["a"], "labels": ["1"]})),
    ("POST", "/reward", AUTH, _json({"query": ["\\boxed{1}"] * (MAX_ITEMS + 1), "labels": ["1"] * (MAX_ITEMS + 1)})),
    ("POST", "/reward", AUTH, _json({"query": ["\\boxed{1}"], "labels": [["1"] * (MAX_ITEMS + 1)]})),
    ("POST", "/reward", AUTH, _json({"query": ["x" * (MAX_BODY + 10)], "labels": ["1"]})),
    ("POST", "/reward", AUTH, lambda: _chunks(MAX_BODY // 1024 + 2)),
    ("POST", "/reward", AUTH, lambda: _chunks(2)),  # streamed, under the limit: a 200
    ("POST", "/reward", {}, _json({"query": ["a"], "labels": ["1"]})),
    ("POST", "/reward", {"Authorization": "Bearer wrong"}, _json({"query": ["a"], "labels": ["1"]})),
    ("POST", "/verify", {"Authorization": TOKEN}, _json({"items": []})),
    ("POST", f"/verify?token={TOKEN}", {"Authorization": "bearer x"}, _json({"items": []})),
    ("POST", "/reward?token=wrong", {}, _json({"query": ["a"], "labels": ["1"]})),
    ("POST", "/reward", {}, b"x" * (MAX_BODY + 1)),  # 401 before 413: the token is checked before the body is read
    ("POST", "/reward?verifier=nan", AUTH, _json({"query": ["\\boxed{1}"], "labels": ["1"]})),
    ("GET", "/reward", AUTH, None),
    ("PUT", "/verify", AUTH, _json({"items": []})),
    ("POST", "/reward/", AUTH, _json({"query": ["a"], "labels": ["1"]})),
    ("POST", "/nope", AUTH, b"{}"),
    ("GET", "/health", {}, None),
]


def _send(client: httpx.Client, method: str, path: str, headers: dict[str, str], body: Any) -> httpx.Response:
    content = body() if callable(body) else body
    return client.request(method, path, headers={"content-type": "application/json", **headers}, content=content)


def _comparable(r: httpx.Response) -> tuple[int, list[tuple[str, str]], bytes]:
    base = f"{r.request.url.scheme}://{r.request.url.netloc.decode()}"  # the two servers' ports differ
    headers = sorted((k, v.replace(base, "")) for k, v in r.headers.items() if k not in ("date", "server"))
    return r.status_code, headers, r.content


@pytest.mark.parametrize("case", range(len(CASES)))
def test_raw_endpoints_answer_exactly_as_fastapi(urls: tuple[str, str], case: int) -> None:
    method, path, headers, body = CASES[case]
    with httpx.Client(base_url=urls[0], timeout=30, follow_redirects=False) as raw, \
            httpx.Client(base_url=urls[1], timeout=30, follow_redirects=False) as ref:
        got, want = _send(raw, method, path, headers, body), _send(ref, method, path, headers, body)
    assert _comparable(got) == _comparable(want)
    if got.status_code >= 400 and got.headers.get("content-type") == "application/json":
        detail = got.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail


def test_raw_endpoint_status_codes(urls: tuple[str, str]) -> None:
    """What the parity cases above cover, pinned (so both paths cannot drift together)."""
    with httpx.Client(base_url=urls[0], timeout=30) as c:
        codes = [_send(c, *CASES[i]).status_code for i in range(len(CASES))]
    assert codes == [200, 200, 200, 200, 200, 200, 200, 200, 200, 422, 422, 422, 422, 422, 422, 422, 422, 422, 422,
                     422, 413, 413, 413, 413, 200, 401, 401, 401, 200, 401, 401, 500, 405, 405, 307, 404, 200]
    with httpx.Client(base_url=urls[0], timeout=30) as c:
        r = _send(c, *CASES[4])  # the dead judge: rule verdicts, flagged
        assert r.json()["rewards"] == [1.0, 0.0]
        r = _send(c, *CASES[25])
        assert r.headers["www-authenticate"] == "Bearer"


def test_raw_endpoints_count_the_same_metrics() -> None:
    verifiers = {"rule": rlverify.get_verifier("rule"), "fixed": FixedTimeRule(), "down": DownJudge()}
    raw, ref = _apps(verifiers)
    keep = ("rlverify_requests_total{", "rlverify_verdicts_total{", "rlverify_flags_total{",
            "rlverify_request_seconds_count{")
    texts = []
    for app in (raw, ref):
        with serve(app) as url, httpx.Client(base_url=url, timeout=30) as c:
            for case in CASES[:31]:
                _send(c, *case)
            text = c.get("/metrics", headers=AUTH).text
        texts.append(sorted(line for line in text.splitlines() if line.startswith(keep)))
    assert texts[0] == texts[1]
    assert any('code="413",endpoint="/reward"' in line for line in texts[0])
    assert any('flag="judge_unavailable",verifier="down"' in line for line in texts[0])


def test_raw_endpoint_internal_error_is_500_one_line() -> None:
    raw, ref = _apps({"rule": Exploding()})
    body = _json({"query": ["\\boxed{1}"], "labels": ["1"]})
    got = []
    for app in (raw, ref):
        with serve(app) as url:
            got.append(_comparable(httpx.post(f"{url}/reward", headers=AUTH, content=body, timeout=30)))
    assert got[0] == got[1] and got[0][0] == 500 and b"internal error: RuntimeError" in got[0][2]


def test_raw_endpoints_under_concurrency_keep_each_request_its_own_rows(urls: tuple[str, str]) -> None:
    """Many concurrent one- and three-item requests: every reply has its own rows, in order."""
    n = 96

    async def go() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=urls[0], headers=AUTH, timeout=60,
                                     limits=httpx.Limits(max_connections=32)) as c:
            return await asyncio.gather(*[
                c.post("/reward", json={"query": [f"\\boxed{{{i + k}}}" for k in range(1 + 2 * (i % 2))],
                                        "labels": [str(i + k if k != 1 else -1) for k in range(1 + 2 * (i % 2))]})
                for i in range(n)])

    replies = asyncio.run(go())
    assert [r.status_code for r in replies] == [200] * n
    assert [r.json()["rewards"] for r in replies] == [[1.0] if i % 2 == 0 else [1.0, 0.0, 1.0] for i in range(n)]


def test_client_that_goes_away_mid_body_does_not_break_the_server(urls: tuple[str, str]) -> None:
    host, port = urls[0].removeprefix("http://").split(":")
    for _ in range(3):
        with socket.create_connection((host, int(port)), timeout=5) as s:
            s.sendall(b"POST /reward HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n"
                      b"Authorization: Bearer " + TOKEN.encode() + b"\r\n\r\n{\"query\": [")
    r = httpx.post(f"{urls[0]}/reward", headers=AUTH, json={"query": ["\\boxed{2}"], "labels": ["2"]}, timeout=30)
    assert r.status_code == 200 and r.json()["rewards"] == [1.0]


@pytest.mark.parametrize("qs", [b"", b"token=a&token=b", b"verifier=&token=x", b"token=a%20b+c&x",
                                b"t%C3%A9=%C3%A9&verifier=r%26", b"token", b"&&token=1&"])
def test_query_parsing_matches_starlette(qs: bytes) -> None:
    from starlette.datastructures import QueryParams

    ref = QueryParams(qs)
    got = _query(qs)
    assert {k: ref.get(k) for k in ref.keys()} == got


def test_header_lookup_matches_starlette() -> None:
    from starlette.datastructures import Headers

    raw = [(b"authorization", b"Bearer a"), (b"x", b"1"), (b"authorization", b"Bearer b"), (b"y", b"\xe9")]
    h = Headers(raw=raw)
    for name in ("authorization", "x", "y", "z"):
        assert _first_header(raw, name.encode()) == h.get(name)
