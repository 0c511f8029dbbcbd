"""Limits a connection meets before any route: the size and number of a request's headers,
and how many connections the server holds at once.

Without them uvicorn read headers without bound (100 headers of 1 MiB were answered 200;
8 connections sending 150 MiB of headers each took the server from 47 to 1,262 MiB), and
took every connection it was offered (about 1,100 slow connections used up the usual
open-file limit of 1,024, and health probes failed). Here, each an ``rr server`` setting:

* a request's head — its request line and headers — holds at most
  :attr:`Guards.header_bytes` bytes and :attr:`Guards.headers` headers; past either the
  answer is a 431 :class:`~rr.server.errors.HeadersTooLargeError` in words, and the connection is
  closed. What a connection holds of a head is bounded by that limit and one read (at most
  256 KiB), however much it sends;
* at most :attr:`Guards.connections` connections (HTTP and WebSocket together) are held,
  and :attr:`Guards.per_address` from one address (but a proxy's: ``--forwarded-allow-ips``):
  one more is answered 503 :class:`~rr.server.errors.ServerBusyError` in words at its first bytes,
  and closed within :data:`LINGER_SECONDS` whatever it does (past :data:`LINGERING` such
  connections, or as many from one address as it may hold, one more is closed at once: a
  flood from one address takes no room from the others' answers).

A refused connection's answer is written, its sending side closed, and whatever else it sends
read and dropped until it closes or :data:`LINGER_SECONDS` pass (so the client reads the
answer rather than a reset). The head limits are the httptools protocol's (``rr server``'s);
uvicorn's h11 fallback bounds a head's bytes with its own setting, answered 400.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
from typing import Any

from attrs import frozen

from rr.errors import RRError
from rr.server.errors import HeadersTooLargeError, ServerBusyError
from rr.server.errors import error_body, status_of
from rr.server.http import dumps

HEADER_BYTES = 64 * 1024
"""The most bytes of a request's head, request line and headers (a browser's are under 8 KiB)."""
HEADERS = 100
"""The most headers of a request (a browser sends about 20)."""
CONNECTIONS = 512
"""The most connections held at once (under the usual open-file limit of 1,024)."""
PER_ADDRESS = 64
"""The most connections held at once from one address (a table holds two or three: its
WebSocket and a request or two; a household behind one address plays several)."""
LINGERING = 128
"""Refused connections kept to read their answer, past which one more is closed at once
(so that the open files stay bounded however fast connections come)."""
LINGER_SECONDS = 2.0
"""How long a refused connection is kept to read its answer."""
REASONS = {431: b"Request Header Fields Too Large", 503: b"Service Unavailable"}


@frozen
class Guards:
    header_bytes: int = HEADER_BYTES
    headers: int = HEADERS
    connections: int = CONNECTIONS
    per_address: int = PER_ADDRESS
    proxies: tuple[str, ...] = ()
    """The proxies ``rr server --forwarded-allow-ips`` names (``*``: any): every client of
    a proxy comes from its address, so their connections are not counted per address."""

    def is_proxy(self, host: str) -> bool:
        return _is_in(host, self.proxies)


@functools.cache
def _networks(named: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network,
                                                ...]:
    return tuple(ipaddress.ip_network(n, strict=False) for n in named if n != "*")


def _is_in(host: str, named: tuple[str, ...]) -> bool:
    if "*" in named:
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(address in network for network in _networks(named))


def answer(err: RRError) -> bytes:
    """The whole HTTP answer refusing a connection with ``err``: its status, the typed
    error body, ``connection: close``."""
    status = status_of(err)
    body = dumps(error_body(err))
    return b"".join([b"HTTP/1.1 %d %s\r\n" % (status, REASONS[status]),
                     b"content-type: application/json\r\n",
                     b"content-length: %d\r\n" % len(body), b"connection: close\r\n\r\n",
                     body])


class _Busy:
    """A mixin for uvicorn's HTTP protocols: the cap on connections, and refusing a
    connection with an answer."""

    guards = Guards()
    _refused = False
    _answered = False
    connections: set[Any]
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop

    _busy = ""

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        held, most = len(self.connections), self.guards.connections
        if held > most + LINGERING:
            transport.abort()  # too many refused already: closed without a word
            return
        if held > most:
            self._busy = f"the server holds {most} connections, its most"
        else:
            host, mine = _host(self), self.guards.per_address
            same = 0 if host is None or self.guards.is_proxy(host) else sum(
                _host(c) == host for c in self.connections)
            if same > 2 * mine:
                transport.abort()  # as many refused from there already: closed at once
                return
            if same > mine:
                self._busy = f"this address holds {mine} connections, its most"
        if self._busy:
            self._refuse(None)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            if not self._answered:
                self._refuse(ServerBusyError(f"{self._busy}; try again in a moment"))
            return  # dropped
        super().data_received(data)  # type: ignore[misc]

    def _refuse(self, err: RRError | None) -> None:
        """Stop serving this connection: answer ``err`` (None: at the first bytes), then
        close it within :data:`LINGER_SECONDS`."""
        if not self._refused:
            self._refused = True
            self.loop.call_later(LINGER_SECONDS, self._close)
        if err is not None and not self._answered and not self.transport.is_closing():
            self._answered = True
            self.transport.write(answer(err))
            if self.transport.can_write_eof():
                self.transport.write_eof()

    def _close(self) -> None:
        if not self.transport.is_closing():
            self.transport.close()


def _host(connection: object) -> str | None:
    """The address a connection (one of uvicorn's protocols) comes from."""
    client = getattr(connection, "client", None)
    return str(client[0]) if client else None


class _HeadLimits(_Busy):
    """A mixin for uvicorn's httptools protocol: the cap on connections, and on a request
    head's bytes and headers."""

    _heading = True
    _head_bytes = 0
    _header_bytes = 0
    _count = 0

    def data_received(self, data: bytes) -> None:
        if self._refused:
            super().data_received(data)
            return
        if self._heading:
            self._head_bytes += len(data)
        super().data_received(data)
        if self._heading and self._head_bytes > self.guards.header_bytes:
            self._refuse(self._too_large())

    def on_message_begin(self) -> None:
        self._header_bytes = self._count = 0
        super().on_message_begin()  # type: ignore[misc]

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count += 1
        self._header_bytes += len(name) + len(value) + 4
        if self._count <= self.guards.headers and self._header_bytes <= self.guards.header_bytes:
            super().on_header(name, value)  # type: ignore[misc]

    def on_headers_complete(self) -> None:
        self._heading = False
        if self._refused:
            return
        if self._count > self.guards.headers or self._header_bytes > self.guards.header_bytes:
            self._refuse(self._too_large())
            return
        super().on_headers_complete()  # type: ignore[misc]

    def on_body(self, body: bytes) -> None:
        if not self._refused:
            super().on_body(body)  # type: ignore[misc]

    def on_message_complete(self) -> None:
        self._heading, self._head_bytes = True, 0
        if not self._refused:
            super().on_message_complete()  # type: ignore[misc]

    def _too_large(self) -> HeadersTooLargeError:
        return HeadersTooLargeError(
            f"a request holds at most {self.guards.headers} headers of "
            f"{self.guards.header_bytes // 1024} KiB in all")


def guarded(protocol: type[asyncio.Protocol], guards: Guards) -> type[asyncio.Protocol]:
    """``protocol`` (uvicorn's httptools protocol or h11's, or a subclass) within
    ``guards``."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
        httptools = issubclass(protocol, HttpToolsProtocol)
    except ImportError:  # httptools missing: h11's protocol
        httptools = False
    mixin = _HeadLimits if httptools else _Busy
    return type(f"Guarded{protocol.__name__}", (mixin, protocol), {"guards": guards})
