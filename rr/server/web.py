"""The browser's routes: the web table (``/``), the replay-and-audit viewer (``/replay``), their
static files, and the three API routes only they need.

* ``GET /api/cards`` — the card catalogue (names, colours, printed texts): public data the
  pages show beside card ids;
* ``GET /api/games/{id}/story?since=N`` with a seat's token — the narrated log as that seat
  may see it (``rr.oracle.narrate`` over ``rr.views.redact``: a card it does not know reads
  "a hidden card"), lines from record ``N`` on;
* ``POST /api/replay`` — a log the client holds, at a record, for a viewer, and its audit
  (``rr.server.replays``).

The pages are plain HTML, CSS and JavaScript modules in ``rr/server/static/`` (package data;
no build step, nothing fetched from elsewhere at run time). They are served with a
Content-Security-Policy that allows only this origin's scripts, styles and connections, and
``Referrer-Policy: no-referrer``. A seat's token travels in the page's URL *fragment*
(``/#game=ID&token=T``), which browsers never send to a server, so it is in no server's or
proxy's log; the page sends it as ``Authorization: Bearer`` (and, for the WebSocket, which
takes no headers, as ``?token=``, which ``rr server`` never logs).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import cache
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from rr.cards.catalogue import catalogue
from rr.oracle.narrate import narration
from rr.protocol import BadRequest
from rr.server import replays, requests
from rr.server.errors import (
    RateLimitedError,
    RequestTooLargeError,
    UnauthorizedError,
    failed,
    status_of,
)
from rr.server.games import Games
from rr.server.limits import Buckets

STATIC = Path(__file__).resolve().parent / "static"
"""The pages' files (HTML, CSS, JavaScript modules, icons)."""

HEADERS = {
    "content-security-policy": ("default-src 'self'; img-src 'self' data:; "
                                "connect-src 'self'; object-src 'none'; base-uri 'none'; "
                                "frame-ancestors 'none'"),
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
}
"""Sent with every page: this origin's files only; no referrer (the fragment is never sent,
but a page's address is nobody else's business either)."""

REPLAYS_PER_SECOND = 10.0
"""Replay requests a second per client address (each re-runs the rules over a log)."""


@cache
def cards_json() -> list[dict[str, Any]]:
    """The catalogue as the pages read it."""
    return [{"id": c.id, "name": c.name, "color": c.color.value, "core_value": c.core_value,
             "role": c.role,
             "texts": [{"kind": kind, "text": text} for kind, text in (
                 ("deploy", c.deploy), ("end game", c.end_game),
                 ("end of game", c.end_of_game), ("block", c.block)) if text]}
            for c in catalogue().values()]


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, headers=HEADERS)
    return page


def routes(games: Games, admit: Callable[[HTTPConnection, str | None], None]
           ) -> list[BaseRoute]:
    """The web routes over ``games``; ``admit`` counts a request with a token against the
    server's rates (:func:`rr.server.app.build`'s)."""
    per_address = Buckets(REPLAYS_PER_SECOND, 2 * REPLAYS_PER_SECOND)

    def answers(handler: Callable[[Request], Awaitable[Any]]
                ) -> Callable[[Request], Awaitable[Response]]:
        async def route(request: Request) -> Response:
            try:
                return JSONResponse(await handler(request))
            except Exception as err:  # noqa: BLE001 - every failure gets its typed body
                return JSONResponse(failed(err, request.method, request.url.path),
                                    status_of(err))
        return route

    @answers
    async def cards(request: Request) -> Any:
        return cards_json()

    @answers
    async def story(request: Request) -> Any:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise UnauthorizedError("this needs a token: 'Authorization: Bearer TOKEN'")
        token = token.strip()
        since = request.query_params.get("since", "0")
        if not (since.isascii() and since.isdigit()) or len(since) > 9:
            raise BadRequest(f"since takes a record number, not {since[:20]!r}")

        def lines() -> dict[str, Any]:
            admit(request, token)
            access = games.opens(token, request.path_params["id"])
            events = games.events(access)
            told = [{"record": ln.index, "text": ln.text}
                    for ln in narration(events, access.seat) if ln.index >= int(since)]
            return {"events": len(events), "lines": told}
        return await anyio.to_thread.run_sync(lines)

    @answers
    async def replay(request: Request) -> Any:
        address = request.client.host if request.client else "?"
        if not per_address.take(address):
            raise RateLimitedError("too many replay requests from this address; wait a moment")
        declared = request.headers.get("content-length", "")
        if declared.isascii() and declared.isdigit() and int(declared) > replays.MAX_BODY:
            raise RequestTooLargeError(f"a replay request holds at most "
                                       f"{replays.MAX_BODY // 2**20} MiB")
        asked = replays.request_of(requests.body_of(await requests.read_body(
            request, replays.MAX_BODY)))
        return await anyio.to_thread.run_sync(replays.answer, asked)

    return [
        Route("/", _page("table.html"), methods=["GET"]),
        Route("/replay", _page("replay.html"), methods=["GET"]),
        Route("/api/cards", cards, methods=["GET"]),
        Route("/api/games/{id}/story", story, methods=["GET"]),
        Route("/api/replay", replay, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def openapi_paths() -> dict[str, Any]:
    """The OpenAPI entries of the routes above (``rr.server.openapi`` adds them)."""
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}

    def errors(*codes: int) -> dict[str, Any]:
        return {str(code): {"description": "a typed error", **error} for code in codes}

    def page(what: str) -> dict[str, Any]:
        return {"get": {"summary": what, "responses": {"200": {
            "description": "the page", "content": {"text/html": {}}}}}}

    game_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "/": page("the web table: create a game, one link per seat (#game=ID&token=T), play"),
        "/replay": page("the replay-and-audit viewer"),
        "/api/cards": {"get": {"summary": "the card catalogue: id, name, colour, core value, "
                                          "printed texts", "responses": {"200": {
                                              "description": "the cards", "content": {
                                                  "application/json": {}}}}}},
        "/api/games/{id}/story": {"get": {
            "summary": "the log narrated as the token's seat may see it, from record `since`",
            "security": [{"token": []}],
            "parameters": [game_id, {"name": "since", "in": "query", "required": False,
                                     "schema": {"type": "integer", "minimum": 0}}],
            "responses": {"200": {"description": "{events, lines: [{record, text}]}",
                                  "content": {"application/json": {}}},
                          **errors(400, 401, 403, 429)}}},
        "/api/replay": {"post": {
            "summary": "a log the client holds, folded to record `at` and shown to `seat` (a "
                       "seat, null for a spectator, \"all\"), and with `audit` its audit",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["log"], "additionalProperties": False,
                "properties": {
                    "log": {"type": "string", "description": "the file's bytes, base64"},
                    "at": {"type": "integer"}, "seat": {"type": ["integer", "string", "null"]},
                    "audit": {"type": "boolean"},
                    "signature": {"type": "string", "description": "LOG.sig's text"},
                    "key": {"type": "string", "description": "the signer's PEM public key"},
                }}}}},
            "responses": {"200": {"description": "{records, players, form, replay, audit}",
                                  "content": {"application/json": {}}},
                          **errors(400, 413, 422, 429)}}},
    }
