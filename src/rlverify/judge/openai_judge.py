"""A judge served over the OpenAI chat-completions API (``vllm serve``, SGLang, llama.cpp, ...).

``endpoint="completions"`` sends the filled template as a raw prompt to ``/v1/completions`` instead,
for judges trained on a plain-text format rather than the model's chat template.

Async core on ``httpx.AsyncClient`` with a sync twin (:meth:`OpenAIJudge.judge`). At most
``max_concurrency`` requests are in flight, spread over small connection pools. Per item: a hard
per-request deadline, retries with exponential backoff on timeouts, transport errors,
408/409/429/5xx and malformed replies; an item that still fails is undecided (None) with the
reason in :class:`~rlverify.judge.base.JudgeResult`. One call (``judge(items)``: every
connection, read, backoff and retry of every item) ends within ``budget`` seconds (default
:data:`~rlverify.judge.budget.DEFAULT_JUDGE_BUDGET`, 120 s); items still unanswered then get the
error ``budget``. A server that cannot be reached at all (connection refused), that rejects the
model, path or key (401/403/404), or that answers no item before its timeouts and the budget run
out raises one :class:`~rlverify.errors.JudgeUnavailableError` for the whole batch
(:class:`~rlverify.judge.budget.JudgeTimeoutError` for the silent one).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ssl
import time
from typing import Any, Mapping, Sequence

import httpx

from ..errors import BadInputError, JudgeUnavailableError
from .aio import run_sync
from .backend import Completion, TemplatedJudge
from .base import JudgeItem, JudgeResult
from .budget import DEFAULT_JUDGE_BUDGET, JudgeTimeoutError, is_outage
from .cache import JudgeCache
from .prompts import Template

__all__ = ["OpenAIJudge", "normalise_base_url", "CONNECTIONS_PER_CLIENT"]

CONNECTIONS_PER_CLIENT = 4  # in-flight requests share clients of this many connections each
_RETRY_STATUS = frozenset({408, 409, 425, 429})
_FATAL_STATUS = frozenset({401, 403, 404})
_UNREACHABLE = "unreachable"


class OpenAIJudge(TemplatedJudge):
    """``OpenAIJudge("http://localhost:8000/v1", "TIGER-Lab/general-verifier")``."""

    def __init__(self, base_url: str, model: str, api_key: str | None = None,
                 template: str | Template = "study", *, max_concurrency: int = 32,
                 timeout: float = 60.0, temperature: float = 0.0, top_p: float = 1.0,
                 max_tokens: int = 1024, retries: int = 2, backoff: float = 0.5,
                 endpoint: str = "chat", extra_body: Mapping[str, Any] | None = None,
                 cache: bool | JudgeCache | None = True, budget: float | None = DEFAULT_JUDGE_BUDGET) -> None:
        super().__init__(model, template, cache)
        if max_concurrency < 1 or timeout <= 0 or retries < 0 or (budget is not None and budget <= 0):
            raise ValueError("max_concurrency >= 1, timeout > 0, retries >= 0 and budget > 0 are required")
        if endpoint not in ("chat", "completions"):
            raise BadInputError(f"endpoint must be 'chat' or 'completions', not {endpoint!r}")
        self.endpoint = endpoint
        self.base_url = normalise_base_url(base_url)
        self.api_key = api_key
        self.max_concurrency, self.timeout, self.budget = max_concurrency, timeout, budget
        self.retries, self.backoff = retries, backoff
        self.sampling = {"temperature": temperature, "top_p": top_p, "max_tokens": max_tokens}
        self.extra_body = dict(extra_body or {})

    def __repr__(self) -> str:
        return f"OpenAIJudge({self.base_url!r}, {self.model!r}, template={self.template.name!r})"

    async def ajudge(self, items: list[JudgeItem]) -> list[bool | None]:
        return [r.decision for r in await self.ajudge_detailed(items)]

    async def ajudge_detailed(self, items: Sequence[JudgeItem]) -> list[JudgeResult]:
        plan = self._plan(items)
        completions = await self._acomplete(list(plan.prompts)) if plan.prompts else []
        return self._finish(plan, completions)

    def _complete(self, prompts: list[str]) -> list[Completion]:
        return run_sync(lambda: self._acomplete(prompts))

    async def _acomplete(self, prompts: list[str]) -> list[Completion]:
        slots_needed = min(len(prompts), self.max_concurrency)
        n_clients = -(-slots_needed // CONNECTIONS_PER_CLIENT)
        async with contextlib.AsyncExitStack() as stack:
            clients = [await stack.enter_async_context(self._client()) for _ in range(n_clients)]
            slots: asyncio.Queue[httpx.AsyncClient] = asyncio.Queue()
            for i in range(slots_needed):  # one slot per allowed in-flight request
                slots.put_nowait(clients[i % n_clients])
            out = await asyncio.gather(*(self._within_budget(self._one(slots, p)) for p in prompts))
        self._raise_if_unavailable(out)
        return list(out)

    async def _within_budget(self, one: Any) -> Completion:
        """``one`` (an item's attempts, waits for a free connection and backoffs included),
        cut at the call's budget: every item of a call starts together, so each gets all of it."""
        if self.budget is None:
            return await one
        t0 = time.perf_counter()
        try:
            return await asyncio.wait_for(one, self.budget)
        except asyncio.TimeoutError:
            return Completion(None, "budget", time.perf_counter() - t0)

    def _client(self) -> httpx.AsyncClient:
        """A client with a small pool: httpcore's pool bookkeeping grows with its size, so many
        small pools are cheaper than one large one. The TLS context is shared (it is costly)."""
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        limits = httpx.Limits(max_connections=CONNECTIONS_PER_CLIENT,
                              max_keepalive_connections=CONNECTIONS_PER_CLIENT)
        return httpx.AsyncClient(base_url=self.base_url, headers=headers, limits=limits,
                                 timeout=httpx.Timeout(self.timeout), verify=_tls_context())

    def _raise_if_unavailable(self, completions: Sequence[Completion]) -> None:
        if completions and all(c.text is None and is_outage(c.error) for c in completions) \
                and any(c.error in ("timeout", "budget") for c in completions):
            raise JudgeTimeoutError(
                f"judge server {self.base_url} answered none of {len(completions)} requests within "
                f"its timeout ({self.timeout:g}s per try, budget {self.budget}s per call)")
        for c in completions:
            if c.error == _UNREACHABLE:
                raise JudgeUnavailableError(
                    f"judge server {self.base_url} is unreachable (connection refused); start it "
                    f"(e.g. `vllm serve {self.model}`) or fix the base URL")
            if c.error and c.error.startswith("fatal_"):
                raise JudgeUnavailableError(
                    f"judge server {self.base_url} refused model {self.model!r} "
                    f"(HTTP {c.error[6:]}); check the model name, the /v1 path and the API key")

    async def _one(self, slots: asyncio.Queue[httpx.AsyncClient], prompt: str) -> Completion:
        t0 = time.perf_counter()
        error = "no_attempt"
        for attempt in range(self.retries + 1):
            if attempt:
                await asyncio.sleep(self.backoff * 2 ** (attempt - 1))
            client = await slots.get()
            try:
                text, error, retry = await self._attempt(client, prompt)
            finally:
                slots.put_nowait(client)
            if text is not None or not retry:
                break
        return Completion(text, None if text is not None else error, time.perf_counter() - t0)

    async def _attempt(self, client: httpx.AsyncClient, prompt: str) -> tuple[str | None, str, bool]:
        """One request: (text, error, worth retrying)."""
        chat = self.endpoint == "chat"
        body = {"model": self.model, **self.sampling, **self.extra_body,
                **({"messages": [{"role": "user", "content": prompt}]} if chat else {"prompt": prompt})}
        try:
            r = await asyncio.wait_for(client.post("chat/completions" if chat else "completions", json=body),
                                       self.timeout)
        except (asyncio.TimeoutError, httpx.TimeoutException):
            return None, "timeout", True
        except httpx.ConnectError:
            return None, _UNREACHABLE, True
        except httpx.TransportError as e:
            return None, f"transport_{type(e).__name__}", True
        if r.status_code in _FATAL_STATUS:
            return None, f"fatal_{r.status_code}", False
        if r.status_code != 200:
            return None, f"http_{r.status_code}", r.status_code >= 500 or r.status_code in _RETRY_STATUS
        text = _content(r, chat)
        return (text, "", False) if text is not None else (None, "malformed_response", True)


@functools.lru_cache(maxsize=1)
def _tls_context() -> ssl.SSLContext:
    return httpx.create_ssl_context()


def _content(response: httpx.Response, chat: bool) -> str | None:
    """``choices[0].message.content`` (chat) or ``choices[0].text``; None when malformed.

    A null content (a reasoning model whose reply is all reasoning) is an empty reply, not a
    malformed one: it is parsed (undecided, "empty") instead of retried."""
    try:
        choice = response.json()["choices"][0]
        content = choice["message"]["content"] if chat else choice["text"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    if content is None:
        return ""
    return content if isinstance(content, str) else None


def normalise_base_url(base_url: str) -> str:
    """``http://host:8000`` -> ``http://host:8000/v1/``; a URL with a path is kept (plus "/")."""
    url = httpx.URL(base_url.strip())
    if url.scheme not in ("http", "https") or not url.host:
        raise BadInputError(f"judge base URL {base_url!r} is not an http(s) URL like http://localhost:8000/v1")
    path = url.path.rstrip("/") or "/v1"
    return str(url.copy_with(path=path + "/"))
