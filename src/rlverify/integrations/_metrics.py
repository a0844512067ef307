"""Prometheus metrics of the reward server (one registry per app, so apps never collide).

Exported series::

    rlverify_verdicts_total{verifier, source, status}   verdicts by source and status
    rlverify_flags_total{verifier, flag}                 flags raised (distinct flags capped)
    rlverify_requests_total{endpoint, code}              HTTP requests by outcome
    rlverify_request_seconds{endpoint}                   request latency histogram
    rlverify_batch_items                                 items per server-side batch histogram
"""

from __future__ import annotations

import threading
from typing import Any, Sequence

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest

from ..verdict import Verdict

__all__ = ["ServerMetrics", "CONTENT_TYPE_LATEST"]

ENDPOINTS = frozenset({"/reward", "/verify", "/health", "/metrics"})  # any other path is "other"
MAX_FLAG_LABELS = 200   # flags past this many distinct values are counted as "other"
_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
_BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 4096)


class ServerMetrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.verdicts = Counter("rlverify_verdicts", "Verdicts by verifier, source and status",
                                ("verifier", "source", "status"), registry=r)
        self.flags = Counter("rlverify_flags", "Verdict flags by verifier", ("verifier", "flag"), registry=r)
        self.requests = Counter("rlverify_requests", "HTTP requests by endpoint and status code",
                                ("endpoint", "code"), registry=r)
        self.latency = Histogram("rlverify_request_seconds", "Request latency", ("endpoint",),
                                 buckets=_LATENCY_BUCKETS, registry=r)
        self.batch_items = Histogram("rlverify_batch_items", "Items per server-side batch",
                                     buckets=_BATCH_BUCKETS, registry=r)
        self._seen_flags: set[str] = set()
        self._lock = threading.Lock()
        # labelled children by label values: ``labels()`` costs more than the increment
        self._verdict_children: dict[tuple[str, str, str], Any] = {}
        self._flag_children: dict[tuple[str, str], Any] = {}
        self._request_children: dict[tuple[str, int], Any] = {}
        self._latency_children: dict[str, Any] = {}

    def _flag_label(self, flag: str) -> str:
        with self._lock:
            if flag in self._seen_flags:
                return flag
            if len(self._seen_flags) < MAX_FLAG_LABELS:
                self._seen_flags.add(flag)
                return flag
        return "other"

    def record_verdicts(self, verifier: str, verdicts: Sequence[Verdict]) -> None:
        children, flag_children = self._verdict_children, self._flag_children
        for v in verdicts:
            key = (verifier, v.source, v.status)
            child = children.get(key)
            if child is None:
                child = children[key] = self.verdicts.labels(*key)
            child.inc()
            for f in v.flags:
                fchild = flag_children.get((verifier, f))
                if fchild is None:  # a flag past the label cap is counted as "other", not cached
                    fchild = self.flags.labels(verifier, self._flag_label(f))
                    if len(flag_children) < MAX_FLAG_LABELS * 4:
                        flag_children[(verifier, f)] = fchild
                fchild.inc()

    def record_request(self, endpoint: str, code: int, seconds: float | None = None) -> None:
        endpoint = endpoint if endpoint in ENDPOINTS else "other"
        child = self._request_children.get((endpoint, code))
        if child is None:
            child = self._request_children[(endpoint, code)] = self.requests.labels(endpoint, str(code))
        child.inc()
        if seconds is not None:
            lchild = self._latency_children.get(endpoint)
            if lchild is None:
                lchild = self._latency_children[endpoint] = self.latency.labels(endpoint)
            lchild.observe(seconds)

    def record_batch(self, n_items: int) -> None:
        self.batch_items.observe(n_items)

    def render(self) -> bytes:
        return generate_latest(self.registry)
