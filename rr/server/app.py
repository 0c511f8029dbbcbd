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
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.types import ASGIApp
from starlette.websockets import WebSocket, WebSocketDisconnect

from rr.errors import BadRequest, RRError
from rr.server import lobby, requests, scorepads, web
from rr.server.errors import (
    NotFoundError,
    RateLimitedError,
    UnauthorizedError,
    failed,
    status_of,
)
from rr.server.http import JSON, answers, bearer, dumps, record_number, refuse_large
from rr.server.games import Games
from rr.server.limits import Buckets, Limits
from rr.server.store import Access
from rr.server.routing import App
from rr.server.tokens import hash_of
from rr.server.wire_version import WireVersions
from rr.wire import HEADER, UNVERSIONED, version_of

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


class Admission:
    """Who may make a request, and how often: the token (or invitation) a request carries,
    counted against the rates of :class:`~rr.server.limits.Limits`, and its body read within
    their size."""

    def __init__(self, games: Games, limits: Limits) -> None:
        self.games, self.limits = games, limits
        self.per_token = Buckets(limits.rate, limits.burst)
        self.per_address = Buckets(limits.create_rate, limits.create_burst)
        self.unknown = Buckets(limits.guess_rate, limits.guess_burst)

    def admit(self, connection: HTTPConnection, token: str | None) -> None:
        """Count a request with ``token`` (in the thread pool: it may read the store): a
        token the server knows by itself, any other by the address it comes from, so
        made-up tokens never take the place of real ones. :class:`RateLimitedError` over
        the rate; :class:`UnauthorizedError` for an unknown token."""
        try:
            self.games.access(token)
        except UnauthorizedError:
            address = connection.client.host if connection.client else "?"
            if not self.unknown.take(address):
                raise RateLimitedError("too many requests with unknown tokens from this "
                                       "address; wait a moment") from None
            raise
        if token and not self.per_token.take(hash_of(token)):
            raise RateLimitedError(f"more than {self.limits.rate:g} requests a second with "
                                   "this token; wait a moment")

    def opened(self, request: Request) -> Access:
        """What the request's one token opens in the game of its path, within the rates."""
        tokens = bearer(request)
        if len(tokens) > 1:
            raise BadRequest("this route takes one token")
        token = tokens[0] if tokens else None
        self.admit(request, token)
        return self.games.opens(token, request.path_params["id"])

    def invited(self, request: Request) -> str | None:
        """The request's invitation (its one Bearer token), counted by its address as an
        unknown token is: an invitation may be guessed at, and opens no seat's hand."""
        tokens = bearer(request)
        if len(tokens) > 1:
            raise BadRequest("this route takes one invitation")
        address = request.client.host if request.client else "?"
        if not self.unknown.take(address):
            raise RateLimitedError("too many invitation requests from this address; wait a "
                                   "moment")
        return tokens[0] if tokens else None

    def new_game(self, request: Request) -> None:
        """Count a new game by the address asking for it."""
        address = request.client.host if request.client else "?"
        if not self.per_address.take(address):
            raise RateLimitedError("too many new games from this address; wait a moment")

    async def body(self, request: Request) -> dict[str, Any]:
        """The request's JSON object, within the size limit."""
        limit = self.limits.body
        refuse_large(request, limit, f"a request body holds at most {limit} bytes")
        return requests.body_of(await requests.read_body(request, limit))


async def run(func: Callable[..., Any], *args: Any) -> Any:
    """``func(*args)`` in Starlette's thread pool."""
    # One hop to the thread pool per request: each costs more than a cached read.
    return await anyio.to_thread.run_sync(func, *args)


class GameRoutes:
    """The game API's HTTP routes, one method each (:meth:`routes` lists them with their
    paths). Each method takes the request and returns its answer (a JSON value, or a
    :class:`~starlette.responses.Response` as it is) or raises a typed error; :func:`answers`
    turns either into the response, so a method can be called alone on a
    :class:`~starlette.requests.Request`."""

    def __init__(self, games: Games, admission: Admission, sockets: _Sockets,
                 openapi: dict[str, Any] | None = None) -> None:
        self.games, self.admission, self.sockets = games, admission, sockets
        self.openapi = openapi or {}

    def routes(self) -> list[BaseRoute]:
        """The routes, each method behind :func:`answers`."""
        return [
            Route("/api/health", answers(self.health), methods=["GET"]),
            Route("/api/openapi.json", answers(self.document), methods=["GET"]),
            Route("/api/games", answers(self.create), methods=["POST"]),
            Route("/api/games", answers(self.listing), methods=["GET"]),
            Route("/api/games/{id}", answers(self.show), methods=["GET"]),
            Route("/api/games/{id}/choose", answers(self.choose), methods=["POST"]),
            Route("/api/games/{id}/scores-now", answers(self.scores_now), methods=["GET"]),
            Route("/api/games/{id}/seat", answers(self.seat), methods=["GET"]),
            Route("/api/games/{id}/seat", answers(self.register), methods=["POST"]),
            Route("/api/games/{id}/seat/release", answers(self.release), methods=["POST"]),
            Route("/api/games/{id}/seat/move", answers(self.move), methods=["POST"]),
            Route("/api/games/{id}/rematch", answers(self.rematch), methods=["POST"]),
            Route("/api/games/{id}/invitation", answers(self.invitation), methods=["GET"]),
            Route("/api/games/{id}/invitation", answers(self.take), methods=["POST"]),
            Route("/api/games/{id}/log", answers(self.log), methods=["GET"]),
            Route("/api/games/{id}/log.sig", answers(self.signature), methods=["GET"]),
        ]

    async def health(self, request: Request) -> Any:
        """``GET /api/health``."""
        return {"ok": True}

    async def document(self, request: Request) -> Any:
        """``GET /api/openapi.json``: the OpenAPI document the server was given."""
        return self.openapi

    async def create(self, request: Request) -> Response:
        """``POST /api/games``: a new game (201)."""
        self.admission.new_game(request)
        requests.json_content(request)  # no game made by a page of another site
        new = requests.new_game(await self.admission.body(request), self.games.agents)
        return JSON(await run(self.games.create, new), 201)

    async def listing(self, request: Request) -> Any:
        """``GET /api/games``: the games of the request's tokens."""
        tokens = bearer(request)
        if not tokens:
            raise UnauthorizedError("this needs a token: 'Authorization: Bearer TOKEN[,...]'")
        if len(tokens) > 100:
            raise BadRequest("at most 100 tokens at once")

        def listed() -> list[dict[str, Any]]:
            for token in tokens:
                self.admission.admit(request, token)
            return self.games.listing(tokens)
        return {"games": await run(listed)}

    async def show(self, request: Request) -> Any:
        """``GET /api/games/{id}``: the game as the token's seat is shown it."""
        since = record_number(request.query_params.get("since"), "since")
        access = self.admission.opened(request)  # on the loop: a token is read once
        return await self.games.held(access.game,
                                     lambda: self.games.show_held(access, since))

    async def choose(self, request: Request) -> Any:
        """``POST /api/games/{id}/choose``: the seat's choice, answered once committed."""
        choice = requests.choice(await self.admission.body(request))
        answer = await self.games.choose_soon(self.admission.opened(request), choice)
        self.sockets.changed(request.path_params["id"])
        self.games.moved(request.path_params["id"], answer)  # its clock (rr.server.clocks)
        return answer

    async def scores_now(self, request: Request) -> Any:
        """``GET /api/games/{id}/scores-now``."""
        return await run(lambda: self.games.scores_now(self.admission.opened(request)))

    async def seat(self, request: Request) -> Any:
        """``GET /api/games/{id}/seat``: the token's seat."""
        return await run(lambda: self.games.seat(self.admission.opened(request)))

    async def register(self, request: Request) -> Any:
        """``POST /api/games/{id}/seat``: a seat's key or webhook registered."""
        data = await self.admission.body(request)
        answer = await run(lambda: self.games.register(self.admission.opened(request), data))
        self.sockets.changed(request.path_params["id"])
        return answer

    async def release(self, request: Request) -> Any:
        """``POST /api/games/{id}/seat/release``."""
        data = await self.admission.body(request)
        return await run(lambda: self.games.release(self.admission.opened(request), data))

    async def move(self, request: Request) -> Any:
        """``POST /api/games/{id}/seat/move``."""
        data = await self.admission.body(request)
        answer = await run(lambda: self.games.move(self.admission.opened(request), data))
        self.sockets.changed(request.path_params["id"])
        return answer

    async def rematch(self, request: Request) -> Any:
        """``POST /api/games/{id}/rematch``."""
        return await run(lambda: self.games.rematch(self.admission.opened(request)))

    async def invitation(self, request: Request) -> Any:
        """``GET /api/games/{id}/invitation``: the seats an invitation offers."""
        return await run(self.games.invitation, request.path_params["id"],
                         self.admission.invited(request))

    async def take(self, request: Request) -> Any:
        """``POST /api/games/{id}/invitation``: a seat taken with an invitation."""
        taking = requests.take(await self.admission.body(request))
        answer = await run(self.games.take, request.path_params["id"],
                           self.admission.invited(request), taking)
        self.sockets.changed(request.path_params["id"])
        return answer

    async def log(self, request: Request) -> Response:
        """``GET /api/games/{id}/log``: the game's log, as a file."""
        access = await run(self.admission.opened, request)
        data, _ = await run(self.games.log, access)
        return Response(data, media_type="application/octet-stream", headers={
            "content-disposition": f'attachment; filename="{access.game}.rrlog"'})

    async def signature(self, request: Request) -> Response:
        """``GET /api/games/{id}/log.sig``: the log's signature."""
        access = await run(self.admission.opened, request)
        _, text = await run(self.games.log, access)
        if text is None:
            raise NotFoundError("this server signs no logs (it was started without --key)")
        return Response(text, media_type="application/json")


class Pushes:
    """The game's WebSocket, ``/api/games/{id}/ws``: a message when it opens and one after
    every change of its game."""

    def __init__(self, games: Games, admission: Admission, sockets: _Sockets) -> None:
        self.games, self.admission, self.sockets = games, admission, sockets
        self._watching = False

    def routes(self) -> list[BaseRoute]:
        return [WebSocketRoute("/api/games/{id}/ws", self.push)]

    def watch(self) -> None:
        """Have the store wake this process's sockets when another process changes a game
        (once, from the running loop)."""
        if not self._watching:
            self._watching = True
            loop = asyncio.get_running_loop()

            def woken(game: str) -> None:
                with contextlib.suppress(RuntimeError):  # the loop is closed: stopping
                    loop.call_soon_threadsafe(self.sockets.changed, game)

            self.games.store.watch(woken)

    async def push(self, socket: WebSocket) -> None:
        """Serve one socket until it closes. A socket that names a wire version
        (:func:`wire_of`) gets it in every message, first: ``{"wire": 3, ...}``."""
        games = self.games
        self.watch()
        await socket.accept()
        game = socket.path_params["id"]
        token = socket.query_params.get("token")
        try:
            wire = wire_of(socket)
        except RRError as err:
            await socket.send_json(failed(err, "GET", socket.url.path))
            await socket.close(code=4000 + status_of(err))
            return
        stamp: dict[str, int] = {} if wire == UNVERSIONED else {"wire": wire}

        def opens() -> tuple[Access, int]:
            since = record_number(socket.query_params.get("since"), "since") or 0
            self.admission.admit(socket, token)
            return games.opens(token, game), since
        try:
            access, since = await run(opens)
        except RRError as err:
            await socket.send_json({**stamp, **failed(err, "GET", socket.url.path)})
            await socket.close(code=4000 + status_of(err))
            return
        waker = asyncio.Event()
        self.sockets.add(game, waker)
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
                        await socket.send_json({**stamp,
                                                **failed(err, "GET", socket.url.path)})
                        await socket.close(code=4000 + status_of(err))
                        return
                    await socket.send_text(dumps({**stamp, **answer} if stamp else answer)
                                           .decode())
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
            self.sockets.remove(game, waker)


def wire_of(socket: WebSocket) -> int:
    """The wire version a socket names (:mod:`rr.wire`): ``?wire=N`` on its URL (a browser's
    WebSocket cannot send headers) or the ``RR-Wire`` header of its upgrade request; both,
    they must agree. Neither: :data:`~rr.wire.UNVERSIONED`, its messages as before."""
    query, header = socket.query_params.get("wire"), socket.headers.get(HEADER)
    if query is not None and header is not None and query.strip() != header.strip():
        raise BadRequest(f"this socket names two wire versions ({query[:10]!r} in its URL, "
                         f"{header[:10]!r} in its {HEADER} header)")
    return version_of(query if query is not None else header)


async def not_found(request: Request, exc: Exception) -> Response:
    """A request no route takes: 404 (no such path) or 405 (not that method), in the typed
    error body."""
    code = exc.status_code if isinstance(exc, HTTPException) else 404
    what = "no such route" if code == 404 else "this route does not take that method"
    return JSON({"error": {"type": "NotFoundError" if code == 404 else "BadRequest",
                           "message": f"{what}: {request.method} {request.url.path}",
                           "rule": None}}, code)


def build(games: Games, limits: Limits | None = None,
          openapi: dict[str, Any] | None = None) -> ASGIApp:
    """The app serving ``games``: its routes on one router (:mod:`rr.server.routing`),
    behind the reader of the ``RR-Wire`` header."""
    limits = limits or Limits()
    admission, sockets = Admission(games, limits), _Sockets()
    api = GameRoutes(games, admission, sockets, openapi)
    routes = [
        *api.routes(),
        *Pushes(games, admission, sockets).routes(),
        *web.routes(limits.replay_cpu),  # the web table and the replay viewer
        *scorepads.routes(),  # the scorepad page and rr score over HTTP
        *lobby.routes(games, limits),  # the lobby, the ratings
    ]
    app = App(routes=routes, exception_handlers={404: not_found, 405: not_found})
    return WireVersions(app)  # rr.wire: the RR-Wire header
