"""The wire version over HTTP (:mod:`rr.wire`): ``rr server`` reads the request header
``RR-Wire`` of every ``/api/`` request, refuses a version it does not speak (400,
``BadRequest``, in the server's error body), and stamps the version on the answer's headers.
A request without the header is answered exactly as before versions (version 2): no header
is added, no byte of the answer changes."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rr.errors import BadRequest
from rr.server.errors import failed, status_of
from rr.server.http import dumps
from rr.wire import HEADER, UNVERSIONED, version_of

__all__ = ["WireVersions"]

_NAME = HEADER.lower().encode("latin-1")


class WireVersions:
    """``app`` with the wire version read from each API request and stamped on its answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        named = [value for name, value in scope["headers"] if name == _NAME]
        try:
            version = version_of(named[-1].decode("latin-1") if named else None)
        except BadRequest as err:
            await _refuse(err, scope, send)
            return
        if version == UNVERSIONED:
            await self.app(scope, receive, send)
            return
        stamp = (_NAME, str(version).encode("latin-1"))

        async def stamped(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), stamp]}
            await send(message)

        await self.app(scope, receive, stamped)


async def _refuse(err: BadRequest, scope: Scope, send: Send) -> None:
    body = dumps(failed(err, scope["method"], scope["path"]))
    await send({"type": "http.response.start", "status": status_of(err),
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode("latin-1"))]})
    await send({"type": "http.response.body", "body": body})
