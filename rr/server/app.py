"""The HTTP and WebSocket routes (Starlette), over :class:`rr.server.games.Games`.

Every route answers JSON; an error is ``{"error": {"type", "message", "rule"}}`` with the
status of :mod:`rr.server.errors`, and changes nothing. The rules and the database run in
Starlette's thread pool (a choice's commit waits for the disk; the event loop meanwhile
serves others). Tokens come in an ``Authorization: Bearer`` header (the WebSocket, which
browsers cannot give headers, takes ``?token=``); they are never written to any log: this
app logs nothing per request, and ``rr server`` turns uvicorn's access log off (it would
print the WebSocket's query string).

WebSocket pushes: a socket is sent the seat's view when it opens and after every change of
its game. A change made by this process wakes its sockets at once; so does one made by another
process on the same PostgreSQL database (its ``NOTIFY``); on SQLite another process's change
is seen within :data:`POLL_SECONDS` (each socket compares the stored event count, which it
also does on PostgreSQL, should a notification be lost).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from rr.errors import RRError
from rr.protocol import BadRequest
from rr.server import requests, web
from rr.server.errors import (
    NotFoundError,
    RateLimitedError,
    RequestTooLargeError,
    UnauthorizedError,
    error_body,
    failed,
    status_of,
)
from rr.server.games import Games
from rr.server.limits import Buckets, Limits
from rr.server.store import Access
from rr.server.tokens import hash_of

POLL_SECONDS = 1.0
"""How often a WebSocket looks for changes made by another server process."""


class _Sockets:
    """The open WebSockets of this process, by game: woken when their game changes."""

    def __init__(self) -> None:
        self._by_game: dict[str, set[asyncio.Event]] = {}

    def add(self, game: str, waker: asyncio.Event) -> None:
        self._by_game.setdefault(game, set()).add(waker)

    def remove(self, game: str, waker: asyncio.Event) -> None:
        wakers = self._by_game.get(game, set())
        wakers.discard(waker)
        if not wakers:
            self._by_game.pop(game, None)

    def changed(self, game: str) -> None:
        for waker in self._by_game.get(game, ()):
            waker.set()


def _bearer(request: Request) -> list[str]:
    """The tokens of the ``Authorization: Bearer T1[,T2...]`` header."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return []
    return [t.strip() for t in value.split(",") if t.strip()]


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def _failure(err: Exception, request: Request) -> JSONResponse:
    return _json(failed(err, request.method, request.url.path), status_of(err))


def build(games: Games, limits: Limits | None = None,
          openapi: dict[str, Any] | None = None) -> Starlette:
    """The app serving ``games``."""
    limits = limits or Limits()
    per_token, per_address, unknown = (Buckets(limits.rate, limits.burst),
                                       Buckets(limits.create_rate, limits.create_burst),
                                       Buckets(limits.guess_rate, limits.guess_burst))
    sockets = _Sockets()

    def admit(connection: HTTPConnection, token: str | None) -> None:
        """Count a request with ``token`` (in the thread pool: it may read the store): a
        token the server knows by itself, any other by the address it comes from, so
        made-up tokens never take the place of real ones. :class:`RateLimitedError` over
        the rate; :class:`UnauthorizedError` for an unknown token."""
        try:
            games.access(token)
        except UnauthorizedError:
            address = connection.client.host if connection.client else "?"
            if not unknown.take(address):
                raise RateLimitedError("too many requests with unknown tokens from this "
                                       "address; wait a moment") from None
            raise
        if token and not per_token.take(hash_of(token)):
            raise RateLimitedError(f"more than {limits.rate:g} requests a second with this "
                                   "token; wait a moment")

    def opened(request: Request) -> Access:
        """What the request's one token opens in the game of its path, within the rates."""
        tokens = _bearer(request)
        if len(tokens) > 1:
            raise BadRequest("this route takes one token")
        token = tokens[0] if tokens else None
        admit(request, token)
        return games.opens(token, request.path_params["id"])

    async def body(request: Request) -> dict[str, Any]:
        declared = request.headers.get("content-length", "")
        if declared.isascii() and declared.isdigit() and int(declared) > limits.body:
            raise RequestTooLargeError(f"a request body holds at most {limits.body} bytes")
        return requests.body_of(await requests.read_body(request, limits.body))

    def answers(handler: Callable[[Request], Awaitable[Response]]
                ) -> Callable[[Request], Awaitable[Response]]:
        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except Exception as err:  # noqa: BLE001 - every failure gets its typed body
                return _failure(err, request)
        return route

    async def run(func: Callable[..., Any], *args: Any) -> Any:
        # One hop to the thread pool per request: each costs more than a cached read.
        return await anyio.to_thread.run_sync(func, *args)

    @answers
    async def create(request: Request) -> Response:
        address = request.client.host if request.client else "?"
        if not per_address.take(address):
            raise RateLimitedError("too many new games from this address; wait a moment")
        new = requests.new_game(await body(request))
        return _json(await run(games.create, new), 201)

    @answers
    async def listing(request: Request) -> Response:
        tokens = _bearer(request)
        if not tokens:
            raise UnauthorizedError("this needs a token: 'Authorization: Bearer TOKEN[,...]'")
        if len(tokens) > 100:
            raise BadRequest("at most 100 tokens at once")

        def listed() -> list[dict[str, Any]]:
            for token in tokens:
                admit(request, token)
            return games.listing(tokens)
        return _json({"games": await run(listed)})

    @answers
    async def show(request: Request) -> Response:
        return _json(await run(lambda: games.show(opened(request))))

    @answers
    async def choose(request: Request) -> Response:
        choice = requests.choice(await body(request))
        answer = await run(lambda: games.choose(opened(request), choice))
        sockets.changed(request.path_params["id"])
        return _json(answer)

    @answers
    async def log(request: Request) -> Response:
        access = await run(opened, request)
        data, _ = await run(games.log, access)
        return Response(data, media_type="application/octet-stream", headers={
            "content-disposition": f'attachment; filename="{access.game}.rrlog"'})

    @answers
    async def signature(request: Request) -> Response:
        access = await run(opened, request)
        _, text = await run(games.log, access)
        if text is None:
            raise NotFoundError("this server signs no logs (it was started without --key)")
        return Response(text, media_type="application/json")

    async def health(request: Request) -> Response:
        return _json({"ok": True})

    async def document(request: Request) -> Response:
        return _json(openapi or {})

    watching: list[bool] = []

    def watch() -> None:
        """Have the store wake this process's sockets when another process changes a game
        (once, from the running loop)."""
        if not watching:
            watching.append(True)
            loop = asyncio.get_running_loop()

            def woken(game: str) -> None:
                try:
                    loop.call_soon_threadsafe(sockets.changed, game)
                except RuntimeError:
                    pass  # the loop is closed: the server is stopping

            games.store.watch(woken)

    async def push(socket: WebSocket) -> None:
        watch()
        await socket.accept()
        game = socket.path_params["id"]
        token = socket.query_params.get("token")

        def opens() -> Access:
            admit(socket, token)
            return games.opens(token, game)
        try:
            access = await run(opens)
        except RRError as err:
            await socket.send_json(error_body(err))
            await socket.close(code=4000 + status_of(err))
            return
        waker = asyncio.Event()
        sockets.add(game, waker)
        receiver = asyncio.ensure_future(socket.receive())
        try:
            sent = -1
            while True:
                waker.clear()
                if await run(games.count, game) != sent:
                    answer = await run(games.show, access)
                    await socket.send_text(json.dumps(answer))
                    sent = answer["events"]
                waiter = asyncio.ensure_future(waker.wait())
                done, _ = await asyncio.wait({receiver, waiter}, timeout=POLL_SECONDS,
                                             return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
                if receiver in done:
                    if receiver.result()["type"] == "websocket.disconnect":
                        return
                    receiver = asyncio.ensure_future(socket.receive())  # messages are ignored
        except (WebSocketDisconnect, RuntimeError):
            return  # the client went away mid-send
        finally:
            receiver.cancel()
            sockets.remove(game, waker)

    async def not_found(request: Request, exc: Exception) -> Response:
        code = exc.status_code if isinstance(exc, HTTPException) else 404
        what = "no such route" if code == 404 else "this route does not take that method"
        return _json({"error": {"type": "NotFoundError" if code == 404 else "BadRequest",
                                "message": f"{what}: {request.method} {request.url.path}",
                                "rule": None}}, code)

    routes = [
        Route("/api/health", health, methods=["GET"]),
        Route("/api/openapi.json", document, methods=["GET"]),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games", listing, methods=["GET"]),
        Route("/api/games/{id}", show, methods=["GET"]),
        Route("/api/games/{id}/choose", choose, methods=["POST"]),
        Route("/api/games/{id}/log", log, methods=["GET"]),
        Route("/api/games/{id}/log.sig", signature, methods=["GET"]),
        WebSocketRoute("/api/games/{id}/ws", push),
        *web.routes(games, admit),  # the web table and the replay viewer (issue #16)
    ]
    return Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})
