"""The reward server: FastAPI app speaking OpenRLHF's remote reward protocol and rlverify's own.

Endpoints::

    POST /reward   {"query": [...], "prompts": [...], "labels": [...]}       (OpenRLHF --remote_rm_url;
                   also at /get_reward, the path of OpenRLHF's own reward server)
                   -> {"rewards": [...], "scores": [...], "extra_logs": {"acc": [...], ...}}
    POST /verify   {"items": [{"response", "gold", "question"}], "verifier": NAME?}
                   -> {"verdicts": [Verdict.to_dict(), ...]}
    POST /nemo_gym/verify  a NeMo Gym resources-server verify request (see integrations.nemo_gym)
                   -> the request + {"reward", "extracted_answer", "mask_sample", ...}
    GET  /health   liveness and the verifiers served (never needs the token)
    GET  /metrics  Prometheus text

``?verifier=NAME`` picks one of the served verifiers (default: the first). Rule items of
all requests are verified one at a time by ``rule_threads`` threads that serve the waiting
requests in turn (``_batcher.FairScheduler``): each item keeps its own deadline and a slow
request never holds up another one by more than about one item deadline. Requests to other
verifiers are micro-batched (``_batcher.MicroBatcher``); one that fails (a judge outage) or
is not answered within ``judge_budget`` seconds of its arrival (default 120, under OpenRLHF's
180 s client timeout) gets rule verdicts flagged ``judge_unavailable`` instead. With a token, every endpoint but /health needs ``Authorization: Bearer
<token>`` or ``?token=<token>`` (OpenRLHF's client sends no headers: ``--remote_rm_url
http://host:8000/reward?token=T``) (else 401), checked before the body is read. Bodies over
``max_body_bytes`` or with more than ``max_items`` items (or item-gold pairs) get 413; malformed
ones 422 with a one-line ``detail``. The app answers /health only after its warm-up (the
helper processes started); ``rlverify serve`` also closes connections that do not finish
their request headers in time (``_http_guard``).

The POST endpoints are served by ``_RawEndpoints``, a plain ASGI handler that the app calls
before FastAPI's routing (same responses; ``create_app(raw_endpoints=False)`` serves them
through the FastAPI routes below, which the tests compare it with). GET endpoints, other
methods and unknown paths go through FastAPI.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, AsyncIterator, Mapping, Sequence, TypeVar, Union
from urllib.parse import parse_qsl

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..runtime.limits import DEFAULT_ITEM_TIMEOUT
from ..verdict import Verdict
from ..judge.budget import DEFAULT_JUDGE_BUDGET, JudgeTimeoutError, call_with_budget
from ._batcher import FairScheduler, MicroBatcher, RunBatch
from ._common import cached_verifier, join_verdicts, split_golds
from ._metrics import CONTENT_TYPE_LATEST, ServerMetrics
from .openrlhf import response_from_query, reward_payload

__all__ = ["create_app", "app_from_env", "ServerSettings", "response_from_query", "DEFAULT_MAX_BODY_BYTES",
           "DEFAULT_MAX_ITEMS", "DEFAULT_POOL_WORKERS", "DEFAULT_INLINE_BATCH", "DEFAULT_RULE_THREADS",
           "RULE_GRACE", "APP_CONFIG_ENV"]


log = logging.getLogger("rlverify.server")

DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024
DEFAULT_MAX_ITEMS = 4096
DEFAULT_POOL_WORKERS = min(4, os.cpu_count() or 1)  # rule verification processes
DEFAULT_INLINE_BATCH = 64  # fallback rule batches up to this size are verified in a thread, not the pool
DEFAULT_RULE_THREADS = 16  # threads verifying rule items (their CAS stage runs in helper processes)
RULE_GRACE = 30.0          # seconds a non-rule batch may run beyond judge_budget before its slot is freed
Gold = Union[str, int, float, list[Union[str, int, float]], None]
_M = TypeVar("_M", bound=BaseModel)


class RewardRequest(BaseModel):
    model_config = ConfigDict(extra="ignore")
    query: list[str]
    prompts: list[Union[str, None]] | None = None
    labels: list[Gold]


class VerifyItem(BaseModel):
    model_config = ConfigDict(extra="ignore")
    response: str
    gold: Gold
    question: str | None = None


class VerifyRequest(BaseModel):
    model_config = ConfigDict(extra="ignore")
    items: list[VerifyItem]
    verifier: str | None = None


@dataclass(frozen=True)
class ServerSettings:
    """How the app verifies. ``verifiers``: names served, the first is the default."""

    verifiers: tuple[str, ...] = ("rule",)
    token: str | None = None
    workers: int | None = None
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    max_items: int = DEFAULT_MAX_ITEMS
    max_batch: int = 256
    judge_concurrency: int = 4
    inline_batch: int = DEFAULT_INLINE_BATCH
    rule_threads: int = DEFAULT_RULE_THREADS
    judge_budget: float | None = DEFAULT_JUDGE_BUDGET

    @property
    def pool_workers(self) -> int:
        return DEFAULT_POOL_WORKERS if self.workers is None else max(0, int(self.workers))


def _pool_runner(verifier: Any, options: Mapping[str, Any], workers: int, inline_max: int) -> RunBatch | None:
    """Rules in ``rlverify.runtime.pool`` worker processes: a hard deadline on every item, any stage.

    Batches of at most ``inline_max`` items run in the calling (worker) thread instead: most
    items are decided by the in-process fast path, and shipping a small batch to the pool
    costs more than verifying it. ``RuleVerifier.verify`` is thread-safe and runs its CAS
    stage in killable helper processes under the per-item deadline."""
    try:
        from ..runtime import pool
    except ModuleNotFoundError:  # no pool: the caller verifies in a thread
        return None
    opts = dict(options)
    timeout = float(opts.pop("timeout", DEFAULT_ITEM_TIMEOUT))

    def run(items: list[dict[str, Any]]) -> Sequence[Verdict]:
        if len(items) <= inline_max:
            return verifier.verify_batch(items)
        return pool.verify_batch(items, workers=workers, timeout=timeout, verifier="rule", **opts)

    return run


def _runner(name: str, verifier: Any, options: Mapping[str, Any] | None, workers: int,
            inline_max: int = 0, budget: float | None = None) -> RunBatch:
    """The batch function for ``verifier``; a non-rule verifier that raises, or that takes
    longer than ``budget`` seconds, falls back to rules (flag ``judge_unavailable``).

    ``rule`` built from its name runs in the process pool (``workers`` processes; 0 = in a
    thread), batches of at most ``inline_max`` items in a thread; other verifiers get
    ``workers`` for their own rule stage."""
    pooled = (_pool_runner(verifier, options, workers, inline_max)
              if name == "rule" and options is not None and workers else None)
    primary = pooled or (lambda items: verifier.verify_batch(items, workers=workers or None))
    fallback = None if name == "rule" else _runner("rule", cached_verifier("rule"), {}, workers, inline_max)

    def run(items: list[dict[str, Any]]) -> Sequence[Verdict]:
        try:
            return primary(items) if fallback is None else call_with_budget(primary, items, budget=budget)
        except Exception as e:  # noqa: BLE001 - a judge outage must not fail the training step
            log.debug("judge failed; serving rule verdicts", exc_info=True)
            if fallback is None:
                raise
            log.warning("verifier %s failed (%s: %s); answering with rule verdicts", name, type(e).__name__, e)
            extra = ("judge_unavailable",) + (("judge_timeout",) if isinstance(e, JudgeTimeoutError) else ())
            return [v.with_(flags=v.flags + extra) for v in fallback(items)]

    return run


def _rule_item(verifier: Any, built_here: bool) -> Any:
    """One rule item -> its Verdict, for the fair scheduler (the RuleVerifier's own ``verify``;
    a verifier object given to ``create_app`` through its ``verify_batch``)."""
    if built_here:
        verify = verifier.verify
        return lambda it: verify(it["response"], it["gold"], it.get("question"))
    return lambda it: verifier.verify_batch([it])[0]


def _per_request(threads: int) -> int:
    """Rule items of one request in flight at once: half the threads, at most one per CAS
    helper process, so one slow request leaves threads (and helpers) for the others."""
    from ..runtime.bounded import MAX_HELPERS

    return max(1, min(MAX_HELPERS, threads // 2))


def _helper_tenant() -> Any:
    """Each request borrows the CAS helpers as its own tenant: a free helper goes to the
    request holding the fewest (``runtime.bounded.tenant``)."""
    from ..runtime.bounded import tenant

    return tenant


class _State:
    """The served verifiers, their batchers and the metrics of one app."""

    def __init__(self, settings: ServerSettings, verifiers: Mapping[str, Any],
                 options: Mapping[str, Mapping[str, Any] | None]) -> None:
        self.settings = settings
        self.metrics = ServerMetrics()
        self.default = next(iter(verifiers))
        self.ready = False  # warm-up done: /health answers "ok"
        self.built_rule = options.get("rule") is not None  # "rule" built here by name (not an object)
        self.fallback: FairScheduler | None = None
        budget = None if settings.judge_budget is None else settings.judge_budget + RULE_GRACE
        self.batchers: dict[str, Any] = {
            name: FairScheduler(_rule_item(v, options.get(name) is not None), threads=settings.rule_threads,
                                per_request=_per_request(settings.rule_threads), on_batch=self.metrics.record_batch,
                                tenant=_helper_tenant())
            if name == "rule" else
            MicroBatcher(_runner(name, v, options.get(name), settings.pool_workers, settings.inline_batch, budget),
                         max_batch=settings.max_batch, concurrency=settings.judge_concurrency,
                         on_batch=self.metrics.record_batch)
            for name, v in verifiers.items()
        }

    def pick(self, name: str | None) -> str:
        name = name or self.default
        if name not in self.batchers:
            raise HTTPException(422, f"verifier {name!r} is not served; served: {', '.join(self.batchers)}")
        return name

    async def warm(self) -> None:
        """Before serving: the helper zygote warms the parser, then one helper per rule thread
        starts (they inherit it) and the rules build this process's lazy state; with a pool
        for other verifiers' rule stage, its workers start too. Items count their helper's
        start-up in their deadline, so without this the first requests would time out."""
        from ..runtime import bounded
        from ..rule.verifier import warm_up

        loop = asyncio.get_running_loop()
        item = {"response": "so \\boxed{\\frac{1}{2}}", "gold": "0.5", "question": None}
        try:
            await loop.run_in_executor(None, bounded.warm_up, self.settings.rule_threads)
            await loop.run_in_executor(None, warm_up)
            if any(name != "rule" for name in self.batchers) and self.settings.pool_workers:
                run = _runner("rule", cached_verifier("rule"), {}, self.settings.pool_workers)
                await loop.run_in_executor(None, run, [item])
        except Exception as e:  # noqa: BLE001 - serve anyway; the first requests pay the start-up
            log.warning("warm-up failed (%s: %s)", type(e).__name__, e)
        self.ready = True

    async def verify(self, name: str, items: Sequence[Mapping[str, Any]]) -> list[Verdict]:
        if len(items) > self.settings.max_items:
            raise HTTPException(413, f"{len(items)} items; at most {self.settings.max_items} per request")
        flat, spans = split_golds(items)
        if len(flat) > self.settings.max_items:  # lists of acceptable golds count one each
            raise HTTPException(413, f"{len(flat)} item-gold pairs; at most {self.settings.max_items} per request")
        if name == "rule" or self.settings.judge_budget is None:
            raw = await self.batchers[name].submit(flat)
        else:
            raw = await self._within_budget(name, flat)
        verdicts = join_verdicts(raw, spans)
        self.metrics.record_verdicts(name, verdicts)
        return verdicts

    async def _within_budget(self, name: str, flat: list[dict[str, Any]]) -> Sequence[Verdict]:
        """A judge-backed verifier's verdicts, or, when they are not in ``judge_budget`` seconds
        after the request arrived (a silent judge, or a queue of batches waiting for one), the
        rule verdicts flagged ``judge_unavailable`` and ``judge_timeout``."""
        try:
            return await asyncio.wait_for(self.batchers[name].submit(flat), self.settings.judge_budget)
        except asyncio.TimeoutError:
            log.warning("verifier %s gave no verdicts within %.3gs; answering with rule verdicts",
                        name, self.settings.judge_budget)
        rule = await self._rule_fallback().submit(flat)
        return [v.with_(flags=v.flags + ("judge_unavailable", "judge_timeout")) for v in rule]

    def _rule_fallback(self) -> FairScheduler:
        """The served ``rule`` scheduler, or one of its own (built on first need)."""
        served = self.batchers.get("rule")
        if isinstance(served, FairScheduler) and self.built_rule:
            return served
        if self.fallback is None:
            self.fallback = FairScheduler(_rule_item(cached_verifier("rule"), True), threads=self.settings.rule_threads,
                                          per_request=_per_request(self.settings.rule_threads), tenant=_helper_tenant())
        return self.fallback

    async def aclose(self) -> None:
        for b in [*self.batchers.values(), *([self.fallback] if self.fallback is not None else [])]:
            await b.aclose()


def _one_line(errs: Sequence[Any]) -> str:
    """The first validation error as one line (pydantic's error dicts)."""
    if not errs:
        return "invalid request body"
    e = errs[0]
    if e.get("type") == "json_invalid":
        return f"body is not valid JSON ({e.get('ctx', {}).get('error', 'decode error')})"
    where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
    more = f" (+{len(errs) - 1} more)" if len(errs) > 1 else ""
    return f"{where}: {e.get('msg', 'invalid')}{more}"


def _validate(model: type[_M], body: bytes) -> _M:
    """``body`` validated by ``model`` (parsed and checked in one pass by pydantic-core)."""
    try:
        return model.model_validate_json(body)
    except ValidationError as e:
        raise HTTPException(422, _one_line(e.errors(include_url=False))) from None


async def _parse(request: Request, model: type[_M]) -> _M:
    return _validate(model, await request.body())


class _BodyLimit:
    """ASGI middleware: 401 without the token (before any of the body is read), then 413 for
    bodies over ``max_bytes`` (declared or actually sent)."""

    def __init__(self, app: Any, max_bytes: int, metrics: ServerMetrics, token: str | None = None) -> None:
        self.app, self.max_bytes, self.metrics, self.token = app, max_bytes, metrics, token

    async def _reject(self, scope: Any, send: Any) -> None:
        self.metrics.record_request(scope.get("path", ""), 413)
        resp = JSONResponse({"detail": f"request body over {self.max_bytes} bytes"}, status_code=413)
        await resp(scope, None, send)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        if not _token_ok(scope["headers"], _query(scope.get("query_string", b"")), self.token):
            self.metrics.record_request(scope.get("path", ""), 401)
            return await _send_json(send, 401, _render({"detail": _BAD_TOKEN}), _CHALLENGE)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            return await self._reject(scope, send)
        chunks, size, more = [], 0, True
        while more:
            msg = await receive()
            if msg["type"] != "http.request":
                return None  # client went away
            chunks.append(msg.get("body", b""))
            size += len(chunks[-1])
            if size > self.max_bytes:
                return await self._reject(scope, send)
            more = msg.get("more_body", False)
        body, replayed = b"".join(chunks), False

        async def replay() -> dict[str, Any]:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        return await self.app(scope, replay, send)


_BAD_TOKEN = "missing or wrong bearer token"
_CHALLENGE = {"WWW-Authenticate": "Bearer"}


def _token_ok(headers: Sequence[tuple[bytes, bytes]], query: Mapping[str, str], token: str | None) -> bool:
    """``Authorization: Bearer <token>``, or ``?token=<token>`` in the URL: OpenRLHF's reward
    client sends no headers, so its ``--remote_rm_url`` can carry the token instead. Needs
    only the request head, so it runs before the body is read."""
    if token is None:
        return True
    got = _first_header(headers, b"authorization") or ""
    given = got[7:] if got.startswith("Bearer ") else query.get("token")
    return given is not None and hmac.compare_digest(given.encode(), token.encode())


def _check_token(request: Request, token: str | None) -> None:
    if not _token_ok(request.scope["headers"], request.query_params, token):
        raise HTTPException(401, _BAD_TOKEN, headers=_CHALLENGE)


def _install_handlers(app: FastAPI, state: _State) -> None:
    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        state.metrics.record_request(request.url.path, 422)
        return JSONResponse({"detail": _one_line(exc.errors())}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        state.metrics.record_request(request.url.path, exc.status_code)
        return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s", request.url.path)
        state.metrics.record_request(request.url.path, 500)
        return JSONResponse({"detail": f"internal error: {type(exc).__name__}"}, status_code=500)


def _reward_items(req: RewardRequest) -> list[dict[str, Any]]:
    n = len(req.query)
    prompts = req.prompts if req.prompts is not None else [None] * n
    if len(prompts) != n or len(req.labels) != n:
        raise HTTPException(422, f"query has {n} entries, prompts {len(prompts)}, labels {len(req.labels)}; "
                                 "they must be the same length")
    return [{"response": response_from_query(q, p), "gold": g, "question": p or None}
            for q, p, g in zip(req.query, prompts, req.labels)]


def _install_routes(app: FastAPI, state: _State) -> None:
    # Endpoints take the raw Request: FastAPI's per-parameter machinery cost more CPU per
    # request than verifying a typical answer; pydantic still validates the whole body.
    token = state.settings.token

    @app.get("/health")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__, "verifiers": list(state.batchers),
                "default": state.default, "warm": state.ready}

    @app.get("/metrics")
    async def metrics(request: Request) -> Response:
        _check_token(request, token)
        return Response(state.metrics.render(), media_type=CONTENT_TYPE_LATEST)

    @app.post("/reward")
    @app.post("/get_reward")  # the path of OpenRLHF's own `serve_rm` examples
    async def reward(request: Request) -> JSONResponse:
        t0 = time.perf_counter()
        _check_token(request, token)
        req = await _parse(request, RewardRequest)
        verdicts = await state.verify(state.pick(request.query_params.get("verifier")), _reward_items(req))
        state.metrics.record_request("/reward", 200, time.perf_counter() - t0)
        return JSONResponse(reward_payload(verdicts))

    @app.post("/verify")
    async def verify(request: Request) -> JSONResponse:
        t0 = time.perf_counter()
        _check_token(request, token)
        req = await _parse(request, VerifyRequest)
        name = state.pick(req.verifier or request.query_params.get("verifier"))
        verdicts = await state.verify(name, [it.model_dump() for it in req.items])
        state.metrics.record_request("/verify", 200, time.perf_counter() - t0)
        return JSONResponse({"verdicts": [v.to_dict() for v in verdicts]})

    @app.post("/nemo_gym/verify")
    async def nemo_gym_verify(request: Request) -> JSONResponse:
        from ..errors import BadInputError
        from . import nemo_gym

        t0 = time.perf_counter()
        _check_token(request, token)
        try:
            body = nemo_gym.parse_body(await request.body())
            item = nemo_gym.verify_item(body)
        except BadInputError as e:
            raise HTTPException(422, str(e)) from None
        verdicts = await state.verify(state.pick(request.query_params.get("verifier")), [item])
        state.metrics.record_request("/nemo_gym/verify", 200, time.perf_counter() - t0)
        return JSONResponse(nemo_gym.verify_response(body, verdicts[0]))


_RAW_ENDPOINTS = frozenset({"/reward", "/get_reward", "/verify"})


def _render(content: Any) -> bytes:
    """JSON exactly as Starlette's ``JSONResponse`` renders it."""
    return json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode("utf-8")


async def _send_json(send: Any, status: int, body: bytes, headers: Mapping[str, str] | None = None) -> None:
    """The two ASGI messages of a ``JSONResponse`` (same header order)."""
    raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()] if headers else []
    raw.append((b"content-length", str(len(body)).encode("latin-1")))
    raw.append((b"content-type", b"application/json"))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


def _first_header(headers: Sequence[tuple[bytes, bytes]], name: bytes) -> str | None:
    for key, value in headers:
        if key == name:
            return value.decode("latin-1")
    return None


def _query(query_string: bytes) -> dict[str, str]:
    """Query parameters as Starlette reads them (latin-1, blank values kept, the last one wins)."""
    return dict(parse_qsl(query_string.decode("latin-1"), keep_blank_values=True)) if query_string else {}


class _RawEndpoints:
    """POST /reward, /get_reward and /verify as one plain ASGI handler.

    The same steps, status codes and bodies as the FastAPI routes and middleware below
    (body limit 413, token 401, validation 422, items 413, internal error 500), without
    the per-request routing, ``Request`` objects and exception-handler layers, which cost
    more CPU than verifying a typical answer. ``create_app(raw_endpoints=False)`` serves the
    same endpoints through FastAPI only (the reference the tests compare against)."""

    def __init__(self, state: _State) -> None:
        self.state = state
        self.max_bytes = state.settings.max_body_bytes
        self.token = state.settings.token

    async def _body(self, scope: Any, receive: Any, send: Any) -> bytes | None:
        """The whole body, or None after answering 413 (or when the client went away)."""
        limit = self.max_bytes
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            return await self._too_big(scope, send)
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            msg = await receive()
            if msg["type"] != "http.request":
                return None  # client went away
            chunk = msg.get("body", b"")
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                return await self._too_big(scope, send)
            more = msg.get("more_body", False)
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)

    async def _too_big(self, scope: Any, send: Any) -> None:
        self.state.metrics.record_request(scope["path"], 413)
        await _send_json(send, 413, _render({"detail": f"request body over {self.max_bytes} bytes"}))

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        path, state = scope["path"], self.state
        query = _query(scope.get("query_string", b""))
        if not _token_ok(scope["headers"], query, self.token):  # before reading any of the body
            state.metrics.record_request(path, 401)
            return await _send_json(send, 401, _render({"detail": _BAD_TOKEN}), _CHALLENGE)
        body = await self._body(scope, receive, send)
        if body is None:
            return
        t0 = time.perf_counter()
        try:
            if path == "/verify":
                vreq = _validate(VerifyRequest, body)
                name = state.pick(vreq.verifier or query.get("verifier"))
                verdicts = await state.verify(name, [{"response": it.response, "gold": it.gold,
                                                      "question": it.question} for it in vreq.items])
                state.metrics.record_request("/verify", 200, time.perf_counter() - t0)
                out = _render({"verdicts": [v.to_dict() for v in verdicts]})
            else:
                rreq = _validate(RewardRequest, body)
                name = state.pick(query.get("verifier"))
                verdicts = await state.verify(name, _reward_items(rreq))
                state.metrics.record_request("/reward", 200, time.perf_counter() - t0)
                out = _render(reward_payload(verdicts))
        except StarletteHTTPException as e:
            state.metrics.record_request(path, e.status_code)
            return await _send_json(send, e.status_code, _render({"detail": str(e.detail)}), e.headers)
        except Exception as e:  # noqa: BLE001 - as the FastAPI app's handler: one line, 500
            log.exception("internal error on %s", path)
            state.metrics.record_request(path, 500)
            return await _send_json(send, 500, _render({"detail": f"internal error: {type(e).__name__}"}))
        await _send_json(send, 200, out)


class _App(FastAPI):
    """The FastAPI app, with its POST endpoints answered by ``_RawEndpoints`` when set."""

    raw_endpoints: _RawEndpoints | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        raw = self.raw_endpoints
        if raw is not None and scope["type"] == "http" and scope["path"] in _RAW_ENDPOINTS \
                and scope["method"] == "POST":
            return await raw(scope, receive, send)
        return await super().__call__(scope, receive, send)


def _build_verifiers(verifiers: Sequence[str] | Mapping[str, Any], options: Mapping[str, Mapping[str, Any]] | None
                     ) -> tuple[dict[str, Any], dict[str, Mapping[str, Any] | None]]:
    """Verifier objects by name, and the options of those built here from a name (None: given)."""
    if isinstance(verifiers, Mapping):
        built, opts = dict(verifiers), {name: None for name in verifiers}
    else:
        opts = {name: dict((options or {}).get(name) or {}) for name in dict.fromkeys(verifiers)}
        built = {name: cached_verifier(name, o) for name, o in opts.items()}
    if not built:
        raise ValueError("create_app needs at least one verifier")
    return built, opts


def create_app(verifiers: Sequence[str] | Mapping[str, Any] = ("rule",), *, token: str | None = None,
               workers: int | None = None, options: Mapping[str, Mapping[str, Any]] | None = None,
               max_body_bytes: int = DEFAULT_MAX_BODY_BYTES, max_items: int = DEFAULT_MAX_ITEMS,
               max_batch: int = 256, judge_concurrency: int = 4, warm: bool = True,
               inline_batch: int = DEFAULT_INLINE_BATCH, raw_endpoints: bool = True,
               rule_threads: int = DEFAULT_RULE_THREADS,
               judge_budget: float | None = DEFAULT_JUDGE_BUDGET) -> FastAPI:
    """The reward server app. ``verifiers``: registry names (options per name in ``options``)
    or a mapping name -> verifier object; the first is the default. ``warm``: start the helper
    processes and build lazy state before accepting requests (/health answers after it).
    ``rule_threads``: threads verifying rule items, shared fairly by the waiting requests.
    ``judge_budget``: seconds a request to a judge-backed verifier may wait for its verdicts
    (a ``hybrid`` built here also gets it as its judge budget), then rule verdicts flagged
    ``judge_unavailable``; None: no budget. ``workers`` and ``inline_batch``: the process pool
    and in-thread size of the rule batches of those fallbacks and of other verifiers' rule stage.
    ``raw_endpoints``: answer POST /reward, /get_reward and /verify with a plain ASGI handler
    (same responses, less CPU per request); False: through FastAPI's routing."""
    if judge_budget is not None and "hybrid" in verifiers and not isinstance(verifiers, Mapping):
        options = {**(options or {}), "hybrid": {"judge_budget": judge_budget, **dict((options or {}).get("hybrid") or {})}}
    built, built_options = _build_verifiers(verifiers, options)
    settings = ServerSettings(tuple(built), token, workers, max_body_bytes, max_items, max_batch,
                              judge_concurrency, max(0, int(inline_batch)), max(1, int(rule_threads)),
                              None if judge_budget is None else float(judge_budget))
    state = _State(settings, built, built_options)
    state.ready = not warm

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if warm:
            await state.warm()
        yield
        await state.aclose()

    app = _App(title="rlverify reward server", version=__version__, lifespan=lifespan,
               docs_url=None, redoc_url=None, openapi_url=None)
    app.state.rlverify = state
    _install_handlers(app, state)
    _install_routes(app, state)
    app.add_middleware(_BodyLimit, max_bytes=max_body_bytes, metrics=state.metrics, token=token)
    app.raw_endpoints = _RawEndpoints(state) if raw_endpoints else None
    return app


APP_CONFIG_ENV = "RLVERIFY_SERVE_APP"  # JSON keyword arguments of create_app, for app_from_env


def app_from_env() -> FastAPI:
    """``create_app(**json.loads($RLVERIFY_SERVE_APP))``: the factory uvicorn calls in each of
    several HTTP worker processes (``rlverify serve --http-workers N``; they share the port)."""
    import json
    import sys

    from ..runtime.settings import SWITCH_INTERVAL

    sys.setswitchinterval(SWITCH_INTERVAL)  # per process, as `rlverify serve` does for one process
    config = json.loads(os.environ.get(APP_CONFIG_ENV) or "{}")
    if "header_timeout" in config:  # a protocol setting: for this process's guarded protocol class
        from ._http_guard import set_header_timeout

        set_header_timeout(config.pop("header_timeout"))
    return create_app(**config)
