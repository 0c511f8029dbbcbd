"""The host names ``rr server`` answers to: a request whose ``Host`` header names another is
refused (400, in words) before any route sees it.

A web page of another site can make a browser send requests to a server on this machine or
this network by **DNS rebinding**: its name is made to resolve to the server's address, and
the browser, which thinks it talks to the page's own site, lets the page create games and
replay logs on the server. Those requests still carry the page's name in ``Host``; a server
that answers only to its own names refuses them.

The names allowed (:func:`allowed`): this machine's own — ``localhost``, ``127.0.0.1``,
``::1`` — and the address the server listens on; listening on every address (``0.0.0.0`` or
``::``), any address written as digits too (the phone on the network opens
``http://192.168.1.5:8000``; a rebinding page always comes by a name, never by an address);
and the names given with ``rr server --allowed-hosts`` (comma-separated; ``*`` allows every
name, for a server behind a proxy that checks them itself). The port and a final dot are
ignored, case too. A request without ``Host`` (HTTP/1.0: no browser) is let through.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from rr.errors import BadInputError, BadRequest
from rr.server.errors import error_body
from rr.server.http import JSON
from rr.untrusted import printable

LOCAL = ("localhost", "127.0.0.1", "::1")
"""This machine's own names: always allowed."""
EVERY_ADDRESS = ("0.0.0.0", "::", "")
"""Addresses that listen on every address of the machine."""
ADDRESSES = "<any address>"
"""In :func:`allowed`'s set: any host written as an IP address is allowed."""


def allowed(bound: str, given: Iterable[str] = ()) -> frozenset[str]:
    """The names a server listening on ``bound`` answers to, with the names ``given``
    (``--allowed-hosts``); ``"*"`` in them allows every name."""
    given = tuple(given)
    for name in given:
        if not name.strip():
            raise BadInputError("--allowed-hosts takes host names separated by commas, not an "
                                "empty one")
    names = {_plain(name) for name in (*LOCAL, bound, *given)}
    if bound in EVERY_ADDRESS:
        names.add(ADDRESSES)
    return frozenset(names)


def _plain(name: str) -> str:
    """A host name as compared: lower case, no brackets, no final dot."""
    name = name.strip().lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name.rstrip(".")


def host_of(header: str) -> str:
    """The host name of a ``Host`` header (its port removed), as :func:`_plain` writes it."""
    header = header.strip()
    if header.startswith("["):  # [::1]:8000
        return _plain(header[:header.find("]") + 1] if "]" in header else header)
    if header.count(":") == 1:
        header = header.partition(":")[0]
    return _plain(header)


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class AllowedHosts:
    """``app``, answering only requests (and WebSockets) whose ``Host`` is in ``names``
    (:func:`allowed`); others get 400 with a typed body (a WebSocket is closed, 1008)."""

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app, self.names = app, names
        self._every = "*" in names

    def allows(self, header: str) -> bool:
        if self._every:
            return True
        name = host_of(header)
        return name in self.names or (ADDRESSES in self.names and _is_address(name))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            header = next((value.decode("latin-1") for key, value in scope["headers"]
                           if key == b"host" and not self.allows(value.decode("latin-1"))),
                          None)  # every Host header: a second one is checked too
            if header is not None:
                if scope["type"] == "websocket":
                    await WebSocketClose(1008, "this server does not answer to that host "
                                               "name")(scope, receive, send)
                    return
                refused = BadRequest(
                    f"this server does not answer to the host name "
                    f"{printable(host_of(header))[:80]!r} (a page of another site may be "
                    f"reaching it under its own name); its operator can allow the name with "
                    f"rr server --allowed-hosts")
                await JSON(error_body(refused), 400)(scope, receive, send)
                return
        await self.app(scope, receive, send)
