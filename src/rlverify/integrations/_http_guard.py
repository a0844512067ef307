"""uvicorn HTTP protocols that close connections which do not finish their request headers in time.

uvicorn closes a keep-alive connection left idle after a response (``timeout_keep_alive``), but
not a fresh connection that sends nothing, nor one whose request headers never end (a slow or
stalled sender): each holds a socket and a protocol object for as long as the client likes.
:class:`GuardedHttpToolsProtocol` and :class:`GuardedH11Protocol` add one timer per request
head: armed when the connection opens and when the first bytes of a later request arrive; if
no new request's headers have been read when it fires, the connection is closed. A request
whose headers are in is never cut by it (its body and its verification are not timed here).

``rlverify serve`` passes one of them as uvicorn's ``http`` option (``--header-timeout``,
default :data:`DEFAULT_HEADER_TIMEOUT` seconds); :func:`guarded_protocol` picks the class.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DEFAULT_HEADER_TIMEOUT", "guarded_protocol", "set_header_timeout", "HeaderDeadline"]

DEFAULT_HEADER_TIMEOUT = 10.0  # seconds from connection (or a new request's first byte) to its full headers


class HeaderDeadline:
    """Mixin for uvicorn's HTTP protocol classes (they keep the request in ``self.cycle``)."""

    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    _header_timer: Any = None
    _header_cycle: Any = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._arm_header_timer()

    def data_received(self, data: bytes) -> None:
        cycle = self.cycle  # type: ignore[attr-defined]
        if self._header_timer is None and (cycle is None or cycle.response_complete):
            self._arm_header_timer()  # the first bytes of a new request: its headers are timed
        super().data_received(data)  # type: ignore[misc]

    def connection_lost(self, exc: Exception | None) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().connection_lost(exc)  # type: ignore[misc]

    def _arm_header_timer(self) -> None:
        self._header_cycle = self.cycle  # type: ignore[attr-defined]
        self._header_timer = self.loop.call_later(self.header_timeout, self._header_expired)  # type: ignore[attr-defined]

    def _header_expired(self) -> None:
        self._header_timer = None
        transport = self.transport  # type: ignore[attr-defined]
        if self.cycle is self._header_cycle and not transport.is_closing():  # type: ignore[attr-defined]
            transport.close()  # no new request head was completed in time


def _classes() -> dict[str, type]:
    out: dict[str, type] = {}
    try:
        from uvicorn.protocols.http.h11_impl import H11Protocol

        out["h11"] = type("GuardedH11Protocol", (HeaderDeadline, H11Protocol), {"__module__": __name__})
    except ImportError:  # pragma: no cover - uvicorn without h11
        pass
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        out["httptools"] = type("GuardedHttpToolsProtocol", (HeaderDeadline, HttpToolsProtocol),
                                {"__module__": __name__})
    except ImportError:  # httptools is optional
        pass
    return out


_CLASSES = _classes()
GuardedH11Protocol = _CLASSES.get("h11")
GuardedHttpToolsProtocol = _CLASSES.get("httptools")


def set_header_timeout(seconds: float) -> None:
    """Set the header timeout of every guarded protocol class in this process."""
    HeaderDeadline.header_timeout = float(seconds)


def guarded_protocol(http: str = "auto") -> type:
    """The guarded protocol class for uvicorn's ``http`` option (``auto``: httptools if installed)."""
    if http == "auto":
        http = "httptools" if "httptools" in _CLASSES else "h11"
    try:
        return _CLASSES[http]
    except KeyError:
        raise ValueError(f"no guarded HTTP protocol for {http!r}; available: {', '.join(_CLASSES)}") from None
