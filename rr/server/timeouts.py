"""Slow clients are timed out: uvicorn's HTTP/1.1 protocol with a read timeout.

uvicorn closes a connection left idle *after* an answer (``timeout_keep_alive``), but has no
timeout for reading a request: a connection that sends nothing, or its headers or body a byte
at a time, was held open for ever (55 such connections held for 20 s all stayed open). Here a
request must arrive whole — headers and body — within :data:`READ_SECONDS` of the connection
being opened or of the previous answer being sent; else the connection is closed. A request
that has arrived whole is never cut, however long rr takes to answer it, and a connection
that became a WebSocket is left to the WebSocket's own pings.

The protocol is uvicorn's httptools one (the C parser of Node.js's llhttp, which ``rr server``
depends on: parsing and writing a request cost about a third of what h11, pure Python, costs),
or its h11 one where httptools is not installed (then the same timeout, read from h11's state).
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools missing (a platform without its wheel): h11 alone
    HttpToolsProtocol = None  # type: ignore[assignment,misc]

READ_SECONDS = 15.0
"""How long a request may take to arrive, headers and body (a replay request, the largest, is
under 200 KB for any real game: a second on a slow mobile link)."""
KEEP_ALIVE_SECONDS = 5
"""How long a connection may stay idle between an answer and the next request."""


class _TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request does not arrive whole in
    :attr:`read_seconds`."""

    read_seconds = READ_SECONDS
    _reading: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._reading is not None:
            self._reading.cancel()
            self._reading = None
        super().connection_lost(exc)

    def _arm(self) -> None:
        """Start the clock for the next request."""
        if self._reading is not None:
            self._reading.cancel()
        self._reading = None if self.transport.is_closing() else self.loop.call_later(
            self.read_seconds, self._read_timed_out)

    def _read_timed_out(self) -> None:
        self._reading = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return  # closed already, or a WebSocket now
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):  # nothing, or part of it
            self.transport.close()


if HttpToolsProtocol is not None:
    class _TimedHttpToolsProtocol(HttpToolsProtocol):
        """uvicorn's httptools protocol, closing a connection whose request does not arrive
        whole in :attr:`read_seconds` (the clock runs from the connection or the last answer
        to the end of the next request's body)."""

        read_seconds = READ_SECONDS
        _reading: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._disarm()  # arrived whole: never cut, however long the answer takes

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _disarm(self) -> None:
            if self._reading is not None:
                self._reading.cancel()
                self._reading = None

        def _arm(self) -> None:
            self._disarm()
            if not self.transport.is_closing():
                self._reading = self.loop.call_later(self.read_seconds, self._read_timed_out)

        def _read_timed_out(self) -> None:
            self._reading = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return  # closed already, or a WebSocket now
            self.transport.close()


def timed_protocol(read_seconds: float = READ_SECONDS) -> type[asyncio.Protocol]:
    """The HTTP protocol class for uvicorn's ``http`` setting, with this read timeout
    (httptools', else h11's)."""
    if HttpToolsProtocol is not None:
        return type("TimedHttpToolsProtocol", (_TimedHttpToolsProtocol,),
                    {"read_seconds": read_seconds})
    return type("TimedH11Protocol", (_TimedH11Protocol,), {"read_seconds": read_seconds})
