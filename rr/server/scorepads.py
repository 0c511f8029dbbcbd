"""The scorepad's routes: the phone page that scores a physical game (``/score``), ``rr
score`` over HTTP, and the shared tables of :mod:`rr.server.score_tables`.

* ``POST /api/score[?ruleset=...]`` — the body is exactly ``rr score``'s JSON input
  (:mod:`rr.scoring.input`), the answer exactly ``rr score --json``'s output: the command's
  own function (:func:`rr.cli.score.json_answer`), so a game scored at the table can be
  checked with ``rr score``. A
  position ``rr score`` refuses is a ``BadInputError`` (422) in its words.
* ``POST /api/score/tables`` — a shared table: ``{"players": [names], "board"?: {locations,
  banished, neutral_influence}, "ruleset"?}``, answered with its short code (201).
* ``GET /api/score/tables/{code}[?after=V]`` — the table as every phone sees it; with
  ``after``, the answer waits (up to :data:`WAIT_SECONDS`) until its version is past ``V``.
* ``PUT /api/score/tables/{code}/players/{seat}`` — a player's own part (seat from 0);
  ``DELETE`` takes it back; ``PUT .../board`` replaces the board.

The page is plain HTML, CSS and an ES module in ``rr/server/static/`` served like the other
pages (:mod:`rr.server.web`), scoring on the server: docs/SCOREPAD.md says why. Its service
worker (``/score-sw.js``, scope ``/score``) keeps the page's files in the browser, so that
it opens with no connection from what it loaded once.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Route

from rr.cli.score import json_answer
from rr.errors import BadInputError, BadRequest
from rr.server.errors import RateLimitedError
from rr.ruleset import Ruleset
from rr.server import requests
from rr.server.http import JSON, Handler, answers, refuse_large
from rr.server.limits import Buckets
from rr.server.score_tables import ScoreTables
from rr.server.web import HEADERS, STATIC

MAX_BODY = 256 * 2**10
"""The largest position accepted (a full game's is about 3 KB)."""
MAX_TABLE_BODY = 16 * 2**10
"""The largest request to a shared table (a player's part or a board is under 3 KB; what a
table keeps stays small, whatever is sent)."""
SCORES_PER_SECOND = 20.0
"""Scorings and table changes a second per client address."""
SCORES_BURST = 100.0
TABLES_PER_SECOND = 0.5
"""New tables a second per client address."""
WAIT_SECONDS = 20.0
"""The longest a table read with ``after`` waits for a change."""
WAIT_STEP = 0.2


def scorepad_answer(body: bytes, ruleset_text: str | None) -> dict[str, Any]:
    """``rr score --json``'s output for the position in ``body`` (the command's own reader,
    scorer and writer)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInputError("the position is not UTF-8 text") from None
    return json_answer(text, Ruleset.parse(ruleset_text or "official"))


def _page(name: str) -> Handler:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, headers=HEADERS)
    return page


def _seat(request: Request) -> int:
    text = request.path_params["seat"]
    if not (text.isascii() and text.isdigit()) or len(text) > 2:
        raise BadRequest(f"a player is given by their seat number from 0, not {text[:20]!r}")
    return int(text)


def routes(tables: ScoreTables | None = None) -> list[BaseRoute]:
    """The page and its API, over ``tables`` (a new store by default)."""
    store = tables or ScoreTables()
    per_address = Buckets(SCORES_PER_SECOND, SCORES_BURST)
    new_tables = Buckets(TABLES_PER_SECOND, 10)

    def admit(request: Request, buckets: Buckets = per_address) -> None:
        address = request.client.host if request.client else "?"
        if not buckets.take(address):
            raise RateLimitedError("too many scorepad requests from this address; wait a "
                                   "moment")

    async def body(request: Request) -> dict[str, Any]:
        refuse_large(request, MAX_TABLE_BODY,
                     f"a table's request holds at most {MAX_TABLE_BODY // 2**10} KiB")
        return requests.body_of(await requests.read_body(request, MAX_TABLE_BODY))

    @answers
    async def score_position(request: Request) -> Any:
        admit(request)
        refuse_large(request, MAX_BODY, f"a position holds at most {MAX_BODY // 2**10} KiB")
        raw = await requests.read_body(request, MAX_BODY)
        return await anyio.to_thread.run_sync(
            scorepad_answer, raw, request.query_params.get("ruleset"))

    @answers
    async def create(request: Request) -> Response:
        admit(request, new_tables)
        data = await body(request)
        return JSON(await anyio.to_thread.run_sync(store.create, data), 201)

    @answers
    async def read(request: Request) -> Any:
        admit(request)
        code = request.path_params["code"]
        after = request.query_params.get("after")
        if after is not None:
            if not (after.isascii() and after.isdigit()) or len(after) > 9:
                raise BadRequest(f"after takes a table's version, not {after[:20]!r}")
            deadline = time.monotonic() + WAIT_SECONDS
            while store.version(code) <= int(after) and time.monotonic() < deadline:
                await asyncio.sleep(WAIT_STEP)
        return store.read(code)

    @answers
    async def enter(request: Request) -> Any:
        admit(request)
        data = await body(request)
        return await anyio.to_thread.run_sync(
            store.enter, request.path_params["code"], _seat(request), data)

    @answers
    async def leave(request: Request) -> Any:
        admit(request)
        return await anyio.to_thread.run_sync(
            store.leave, request.path_params["code"], _seat(request))

    @answers
    async def board(request: Request) -> Any:
        admit(request)
        data = await body(request)
        return await anyio.to_thread.run_sync(store.set_board, request.path_params["code"], data)

    return [
        Route("/score", _page("score.html"), methods=["GET"]),
        # The service worker from the root, so that its scope can take in /score.
        Route("/score-sw.js", _page("score-sw.js"), methods=["GET"]),
        Route("/api/score", score_position, methods=["POST"]),
        Route("/api/score/tables", create, methods=["POST"]),
        Route("/api/score/tables/{code}", read, methods=["GET"]),
        Route("/api/score/tables/{code}/board", board, methods=["PUT"]),
        Route("/api/score/tables/{code}/players/{seat}", enter, methods=["PUT"]),
        Route("/api/score/tables/{code}/players/{seat}", leave, methods=["DELETE"]),
    ]


def openapi_paths() -> dict[str, Any]:
    """The OpenAPI entries of the routes above."""
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}

    def errors(*codes: int) -> dict[str, Any]:
        return {str(code): {"description": "a typed error", **error} for code in codes}

    def ok(what: str) -> dict[str, Any]:
        return {"description": what, "content": {"application/json": {}}}

    code = {"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}
    seat = {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer"}}
    table = ("{code, version, players: [{name, in}], board, ruleset, problem, position, "
             "scorepad}: position (rr score's input) and scorepad (rr score --json's output) "
             "once every player is in")
    return {
        "/score": {"get": {"summary": "the scorepad page: score a physical game on a phone",
                           "responses": {"200": {"description": "the page",
                                                 "content": {"text/html": {}}}}}},
        "/score-sw.js": {"get": {"summary": "the scorepad page's service worker (scope /score)",
                                 "responses": {"200": {"description": "the script", "content": {
                                     "text/javascript": {}}}}}},
        "/api/score": {"post": {
            "summary": "rr score over HTTP: the body is rr score's JSON input, the answer rr "
                       "score --json's output",
            "parameters": [{"name": "ruleset", "in": "query", "required": False,
                            "schema": {"type": "string"}}],
            "requestBody": {"required": True, "content": {"application/json": {}}},
            "responses": {"200": ok("{players: [{name, rows, total, cards, declarations}], "
                                    "winners}"), **errors(400, 408, 413, 422, 429)}}},
        "/api/score/tables": {"post": {
            "summary": "a shared scorepad table: {players: [names], board?, ruleset?}",
            "requestBody": {"required": True, "content": {"application/json": {}}},
            "responses": {"201": ok(table), **errors(400, 408, 413, 422, 429)}}},
        "/api/score/tables/{code}": {"get": {
            "summary": "the table; with ?after=V, waits for a version past V",
            "parameters": [code, {"name": "after", "in": "query", "required": False,
                                  "schema": {"type": "integer"}}],
            "responses": {"200": ok(table), **errors(400, 422, 429)}}},
        "/api/score/tables/{code}/board": {"put": {
            "summary": "the table's board: {locations, banished, neutral_influence?}",
            "parameters": [code],
            "requestBody": {"required": True, "content": {"application/json": {}}},
            "responses": {"200": ok(table), **errors(400, 408, 413, 422, 429)}}},
        "/api/score/tables/{code}/players/{seat}": {
            "put": {"summary": "a player's own part: {hand, helium, fleet, influence, "
                               "sovereign, house?, declare?, extra_points?}",
                    "parameters": [code, seat],
                    "requestBody": {"required": True,
                                    "content": {"application/json": {}}},
                    "responses": {"200": ok(table), **errors(400, 408, 413, 422, 429)}},
            "delete": {"summary": "a player's part taken back", "parameters": [code, seat],
                       "responses": {"200": ok(table), **errors(400, 422, 429)}}},
    }
