"""The HTTP and WebSocket routes (Starlette), over :class:`rr.server.games.Games`.

Every route answers JSON; an error is ``{"error": {"type", "message", "rule"}}`` with the
status of :mod:`rr.server.errors`, and changes nothing. On SQLite, reading a game and
choosing — nearly every request — run on the event loop itself, with no hop to a thread: the
rules hold the interpreter's lock wherever they run, and a hop costs more than a cached read
(on PostgreSQL, whose every read waits for the database server, they run in the pool). A choice
awaits its commit there (the store's group commit, :mod:`rr.server.commits`, waits for the
disk in a thread of its own; meanwhile the loop serves others, whose choices go in the next
commit); it is answered once committed. The rarer routes (creating, listing, seat keys,
logs) run in Starlette's thread pool. Tokens come in an ``Authorization: Bearer`` header
(the WebSocket, which browsers cannot give headers, takes ``?token=``); they are never
written to any log: this app logs nothing per request, and ``rr server`` turns uvicorn's
access log off (it would print the WebSocket's query string).

Every answer that shows a game to a seat — ``GET /api/games/{id}``, ``POST .../choose`` and
each WebSocket message — is the seat answer of :mod:`rr.seat_answer` in its JSON form, sent as
it is: the view, the pending decision as the seat is shown it, the decision number, the new
records since ``since`` as the seat may see them with their lines, and the scorepad at the
end.

WebSocket pushes: one message when the socket opens (the records from ``?since=``, default
0) and one after every change of its game (the records since the last message), so the page
needs no other request to tell the story or show the scorepad. A change made by this process
wakes its sockets at once; so does one made by another process on the same PostgreSQL
database (its ``NOTIFY``); on SQLite another process's change is seen within
:data:`POLL_SECONDS` (each socket compares the stored record count, which it also does on
PostgreSQL, should a notification be lost).
"""

from __future__ import annotations

import asyncio
import contextlib
from functools import partial
from collections.abc import Callable
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from rr.errors import (
    BadRequest,
    NotFoundError,
    RateLimitedError,
    RRError,
    UnauthorizedError,
)
from rr.server import lobby, requests, scorepads, web
from rr.server.errors import error_body, status_of
from rr.server.http import JSON, Handler, answers, bearer, dumps, record_number, refuse_large
from rr.server.games import Games
from rr.server.limits import Buckets, Limits
from rr.server.store import Access
from rr.server.tokens import hash_of
from rr.server.wire_version import WireVersions

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


def build(games: Games, limits: Limits | None = None,
          openapi: dict[str, Any] | None = None) -> ASGIApp:
    """The app serving ``games``: Starlette's, behind :func:`_hot`'s way in for the two
    routes of nearly every request."""
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
        tokens = bearer(request)
        if len(tokens) > 1:
            raise BadRequest("this route takes one token")
        token = tokens[0] if tokens else None
        admit(request, token)
        return games.opens(token, request.path_params["id"])

    async def body(request: Request) -> dict[str, Any]:
        refuse_large(request, limits.body, f"a request body holds at most {limits.body} bytes")
        return requests.body_of(await requests.read_body(request, limits.body))

    async def run(func: Callable[..., Any], *args: Any) -> Any:
        # One hop to the thread pool per request: each costs more than a cached read.
        return await anyio.to_thread.run_sync(func, *args)

    @answers
    async def create(request: Request) -> Response:
        address = request.client.host if request.client else "?"
        if not per_address.take(address):
            raise RateLimitedError("too many new games from this address; wait a moment")
        requests.json_content(request)  # no game made by a page of another site
        new = requests.new_game(await body(request), games.agents)
        return JSON(await run(games.create, new), 201)

    @answers
    async def listing(request: Request) -> Any:
        tokens = bearer(request)
        if not tokens:
            raise UnauthorizedError("this needs a token: 'Authorization: Bearer TOKEN[,...]'")
        if len(tokens) > 100:
            raise BadRequest("at most 100 tokens at once")

        def listed() -> list[dict[str, Any]]:
            for token in tokens:
                admit(request, token)
            return games.listing(tokens)
        return {"games": await run(listed)}

    @answers
    async def show(request: Request) -> Any:
        since = record_number(request.query_params.get("since"), "since")
        access = opened(request)  # on the loop: a token is read from the store once
        return await games.held(access.game, lambda: games.show_held(access, since))

    @answers
    async def choose(request: Request) -> Any:
        choice = requests.choice(await body(request))
        answer = await games.choose_soon(opened(request), choice)
        sockets.changed(request.path_params["id"])
        games.moved(request.path_params["id"], answer)  # its clock (rr.server.clocks)
        return answer

    @answers
    async def scores_now(request: Request) -> Any:
        return await run(lambda: games.scores_now(opened(request)))

    @answers
    async def seat(request: Request) -> Any:
        return await run(lambda: games.seat(opened(request)))

    @answers
    async def register(request: Request) -> Any:
        data = await body(request)
        answer = await run(lambda: games.register(opened(request), data))
        sockets.changed(request.path_params["id"])
        return answer

    @answers
    async def release(request: Request) -> Any:
        data = await body(request)
        return await run(lambda: games.release(opened(request), data))

    @answers
    async def move(request: Request) -> Any:
        data = await body(request)
        answer = await run(lambda: games.move(opened(request), data))
        sockets.changed(request.path_params["id"])
        return answer

    @answers
    async def rematch(request: Request) -> Any:
        return await run(lambda: games.rematch(opened(request)))

    def invited(request: Request) -> str | None:
        """The request's invitation (its one Bearer token), counted by its address as an
        unknown token is: an invitation may be guessed at, and opens no seat's hand."""
        tokens = bearer(request)
        if len(tokens) > 1:
            raise BadRequest("this route takes one invitation")
        address = request.client.host if request.client else "?"
        if not unknown.take(address):
            raise RateLimitedError("too many invitation requests from this address; wait a "
                                   "moment")
        return tokens[0] if tokens else None

    @answers
    async def invitation(request: Request) -> Any:
        return await run(games.invitation, request.path_params["id"], invited(request))

    @answers
    async def take(request: Request) -> Any:
        taking = requests.take(await body(request))
        answer = await run(games.take, request.path_params["id"], invited(request), taking)
        sockets.changed(request.path_params["id"])
        return answer

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
        return JSON({"ok": True})

    async def document(request: Request) -> Response:
        return JSON(openapi or {})

    watching: list[bool] = []

    def watch() -> None:
        """Have the store wake this process's sockets when another process changes a game
        (once, from the running loop)."""
        if not watching:
            watching.append(True)
            loop = asyncio.get_running_loop()

            def woken(game: str) -> None:
                with contextlib.suppress(RuntimeError):  # the loop is closed: stopping
                    loop.call_soon_threadsafe(sockets.changed, game)

            games.store.watch(woken)

    async def push(socket: WebSocket) -> None:
        watch()
        await socket.accept()
        game = socket.path_params["id"]
        token = socket.query_params.get("token")

        def opens() -> tuple[Access, int]:
            since = record_number(socket.query_params.get("since"), "since") or 0
            admit(socket, token)
            return games.opens(token, game), since
        try:
            access, since = await run(opens)
        except RRError as err:
            await socket.send_json(error_body(err))
            await socket.close(code=4000 + status_of(err))
            return
        waker = asyncio.Event()
        sockets.add(game, waker)
        receiver = asyncio.ensure_future(socket.receive())
        try:
            sent: int | None = None
            while True:
                waker.clear()
                count = games.count(game)
                if count != sent:
                    # The records since the last message (or ?since=); fewer records than
                    # sent (the database put back to an older copy): from that count on.
                    start = min(since if sent is None else sent, count)
                    try:
                        answer = await games.held(game, partial(games.show_held, access, start))
                    except RRError as err:
                        await socket.send_json(error_body(err))
                        await socket.close(code=4000 + status_of(err))
                        return
                    await socket.send_text(dumps(answer).decode())
                    sent = answer["records"]
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
        return JSON({"error": {"type": "NotFoundError" if code == 404 else "BadRequest",
                                       "message": f"{what}: {request.method} {request.url.path}",
                                       "rule": None}}, code)

    routes = [
        Route("/api/health", health, methods=["GET"]),
        Route("/api/openapi.json", document, methods=["GET"]),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games", listing, methods=["GET"]),
        Route("/api/games/{id}", show, methods=["GET"]),
        Route("/api/games/{id}/choose", choose, methods=["POST"]),
        Route("/api/games/{id}/scores-now", scores_now, methods=["GET"]),
        Route("/api/games/{id}/seat", seat, methods=["GET"]),
        Route("/api/games/{id}/seat", register, methods=["POST"]),
        Route("/api/games/{id}/seat/release", release, methods=["POST"]),
        Route("/api/games/{id}/seat/move", move, methods=["POST"]),
        Route("/api/games/{id}/rematch", rematch, methods=["POST"]),
        Route("/api/games/{id}/invitation", invitation, methods=["GET"]),
        Route("/api/games/{id}/invitation", take, methods=["POST"]),
        Route("/api/games/{id}/log", log, methods=["GET"]),
        Route("/api/games/{id}/log.sig", signature, methods=["GET"]),
        WebSocketRoute("/api/games/{id}/ws", push),
        *web.routes(limits.replay_cpu),  # the web table and the replay viewer (issue #16)
        *scorepads.routes(),  # the scorepad page and rr score over HTTP
        *lobby.routes(games, limits),  # the lobby, the ratings
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})
    return WireVersions(HotRoutes(app, show, choose))  # rr.wire: the RR-Wire header


GAMES = "/api/games/"
CHOOSE = "/choose"


class HotRoutes:
    """:attr:`app`, with ``GET /api/games/{id}`` and ``POST /api/games/{id}/choose`` (reading
    a game and choosing: nearly every request) taken straight to their route functions, past
    Starlette's router and middleware, which matched them by trying the routes one by one and
    wrapped them in handlers of exceptions these routes never let out (:func:`answers`
    answers every failure itself): the same route functions on the same
    :class:`~starlette.requests.Request`, so the same answers, statuses, headers and error
    bodies. Anything else (another method, a trailing ``/``, an empty id, a ``root_path``)
    goes to :attr:`app`, as before."""

    def __init__(self, app: ASGIApp, show: Handler, choose: Handler) -> None:
        self.app, self._show, self._choose = app, show, choose

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = self._route(scope) if scope["type"] == "http" else None
        if route is None:
            await self.app(scope, receive, send)
            return
        scope["app"] = self.app
        response = await route(Request(scope, receive, send))
        await response(scope, receive, send)

    def _route(self, scope: Scope) -> Handler | None:
        """The hot route ``scope`` asks for (its ``path_params`` set), or ``None``."""
        path: str = scope["path"]
        if not path.startswith(GAMES) or scope.get("root_path"):
            return None
        game, method = path[len(GAMES):], scope["method"]
        route = None
        if method == "GET":
            route = self._show
        elif method == "POST" and game.endswith(CHOOSE):
            game, route = game[:-len(CHOOSE)], self._choose
        if route is None or not game or "/" in game:
            return None
        scope["path_params"] = {"id": game}
        return route
