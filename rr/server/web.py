"""The browser's routes: the web table (``/``), the replay-and-audit viewer (``/replay``), the
card reference (``/reference``), their static files, and the three API routes only they need.

* ``GET /api/cards`` — the card catalogue (names, colours, printed texts): public data the
  pages show beside card ids;
* ``GET /api/reference`` — the rest of the printed material the table shows: the house tiles'
  abilities, the locations' bonuses and Tull Au Toma's cards (public data);
* ``POST /api/replay`` — a log the client holds, at a record, for a viewer, and its audit
  (``rr.server.replays``).

(The table's ``GET /api/games/{id}/scores-now``, which reads a game, is served by
:mod:`rr.server.app`; its OpenAPI entry is written here with the other routes of the pages.)

The table needs nothing else: every answer it gets (``GET /api/games/{id}?since=N``, ``POST
.../choose``, each WebSocket message) is a seat answer holding the new records with their
lines of story and, at the end, the scorepad (:mod:`rr.seat_answer`).

The pages are plain HTML, CSS and JavaScript modules in ``rr/server/static/`` (package data;
no build step, nothing fetched from elsewhere at run time). They are served with a
Content-Security-Policy that allows only this origin's scripts, styles and connections, and
``Referrer-Policy: no-referrer``. A seat's token travels in the page's URL *fragment*
(``/#game=ID&token=T``), which browsers never send to a server, so it is in no server's or
proxy's log; the page sends it as ``Authorization: Bearer`` (and, for the WebSocket, which
takes no headers, as ``?token=``, which ``rr server`` never logs).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable
from functools import cache
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from rr.automa import automa_table
from rr.cards.catalogue import catalogue, houses
from rr.causes import causes
from rr.server.errors import RateLimitedError, ServerBusyError
from rr.ruleset import EXPLAINED, Ruleset
from rr.server import replays, requests, work
from rr.server.http import answers, refuse_large
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
"""Replay requests a second per client address (each re-runs the rules over a log); their
work is bounded too (:mod:`rr.server.work`)."""


@cache
def cards_json() -> list[dict[str, Any]]:
    """The catalogue as the pages read it."""
    return [{"id": c.id, "name": c.name, "color": c.color.value, "core_value": c.core_value,
             "role": c.role,
             "texts": [{"kind": kind, "text": text} for kind, text in (
                 ("deploy", c.deploy), ("end game", c.end_game),
                 ("end of game", c.end_of_game), ("block", c.block)) if text]}
            for c in catalogue().values()]


LOCATION_BONUSES = {"jupiter": "advance once on the Fleet Track", "mars": "gain 1 Helium",
                    "luna": "gain the Sovereign token",
                    "institute": "place 1 Influence on The Institute"}
"""Each location's bonus as the board prints it (RR-BONUS-1..4)."""


@cache
def reference_json() -> dict[str, Any]:
    """Houses, location bonuses and Au Toma's cards as the table reads them."""
    table = automa_table()
    return {
        "houses": {t.house.value: {"name": t.name, "ability": t.ability}
                   for t in houses().values()},
        "bonuses": LOCATION_BONUSES,
        # The ruleset's options as a table offers them: named, explained, the official value.
        "ruleset": [{"name": name, "label": label, "explanation": explanation,
                     "official": getattr(Ruleset(), name)}
                    for name, (label, explanation) in EXPLAINED.items()],
        # What causes a question asked by a rule, in words (rr.causes): a house's is its tile.
        "causes": {rule: {"name": c.name, "house": c.house.value if c.house else None,
                          "text": houses()[c.house].ability if c.house else c.text}
                   for rule, c in causes().items()},
        "au_toma": {str(c.id): {
            "deploy": c.deploy.location.value if c.deploy.location else c.deploy.letter,
            "gain": c.gain.location.value if c.gain.location else c.gain.letter,
            "arrow": c.arrow.value, "extra": c.extra.value} for c in table.cards},
    }


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, headers=HEADERS)
    return page


def routes(replay_cpu: float = work.SECONDS_A_SECOND) -> list[BaseRoute]:
    """The pages, their files, and the routes only they need (``replay_cpu``: the CPU
    seconds a second one address's replays may use)."""
    per_address = Buckets(REPLAYS_PER_SECOND, 2 * REPLAYS_PER_SECOND)

    @answers
    async def cards(request: Request) -> Any:
        return cards_json()

    @answers
    async def reference(request: Request) -> Any:
        return reference_json()

    budget = work.Budget(replay_cpu, replay_cpu * work.BURST_SECONDS / work.SECONDS_A_SECOND)
    worker = work.Worker()
    turns = asyncio.Semaphore(work.AT_ONCE)
    busy = [0]  # replays running or waiting for their turn

    @answers
    async def replay(request: Request) -> Any:
        # Bounded by the work it costs (rr.server.work): an address's budget of CPU time,
        # one replay at a time in a process of its own, the story told for the records shown.
        address = request.client.host if request.client else "?"
        if not per_address.take(address):
            raise RateLimitedError("too many replay requests from this address; wait a moment")
        wait = budget.allows(address)
        if wait:
            raise RateLimitedError(f"the replays from this address have used their share of "
                                   f"the server's time; wait {math.ceil(wait)} s")
        refuse_large(request, replays.MAX_BODY,
                     f"a replay request holds at most {replays.MAX_BODY // 2**20} MiB")
        requests.json_content(request)
        raw = await requests.read_body(request, replays.MAX_BODY)
        if busy[0] >= work.AT_ONCE + work.WAITING:
            raise ServerBusyError("the server is replaying other logs; try again in a moment")
        busy[0] += 1
        try:
            async with turns:
                answer, seconds = await worker.run(raw)
        except work.Spent as spent:
            budget.charge(address, spent.seconds)
            raise spent.error from None
        finally:
            busy[0] -= 1
        budget.charge(address, seconds)
        return answer

    return [
        Route("/", _page("table.html"), methods=["GET"]),
        Route("/replay", _page("replay.html"), methods=["GET"]),
        Route("/reference", _page("reference.html"), methods=["GET"]),
        Route("/api/cards", cards, methods=["GET"]),
        Route("/api/reference", reference, methods=["GET"]),
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

    return {
        "/": page("the web table: create a game, one link per seat (#game=ID&token=T), play"),
        "/replay": page("the replay-and-audit viewer"),
        "/reference": page("the card reference: every card's printed texts, the houses, the "
                           "location bonuses, Tull Au Toma's cards"),
        "/api/cards": {"get": {"summary": "the card catalogue: id, name, colour, core value, "
                                          "printed texts", "responses": {"200": {
                                              "description": "the cards", "content": {
                                                  "application/json": {}}}}}},
        "/api/reference": {"get": {"summary": "house abilities, location bonuses, Tull Au "
                                              "Toma's cards", "responses": {"200": {
                                                  "description": "the reference", "content": {
                                                      "application/json": {}}}}}},
        "/api/games/{id}/scores-now": {"get": {
            "summary": "what each card of the token's seat's hand would score now, from what "
                       "the seat knows (rr.scoring.now): {cards: [{card, core, bonus, without, "
                       "exact}], total, exact}",
            "security": [{"token": []}],
            "parameters": [{"name": "id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "responses": {"200": {"description": "the hand scored now",
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
            "responses": {"200": {"description": "{records, players, form, record, note, "
                                                 "answer: SeatAnswer (its story: the last "
                                                 "200 records up to `at`), foldable, unfolded: "
                                                 "{record, problem} | null, audit}: a log "
                                                 "that decodes opens, its records 0 to "
                                                 "foldable - 1 shown (the first record the "
                                                 "fold refuses, in rr replay's words, is "
                                                 "unfolded); `at` past them is a 422",
                                  "content": {"application/json": {}}},
                          **errors(400, 408, 413, 422, 429, 503)}}},
    }
