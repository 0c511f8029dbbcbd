"""The public lobby and the ratings: games listed for anyone to join, quick matches, and the
ratings of the server's finished rated games.

* ``POST /api/lobby/games`` ``{"name", "players": n, "rated"?, "watch"?, "ruleset"?,
  "clock"?, "signed"?}``: a game of ``n`` seats, the creator's the first, the others open
  (taken with the game's invitation, :meth:`rr.server.games.Games.take`); listed in the
  lobby until it is over. Answers the creator's seat, token and the invitation.
* ``GET /api/lobby``: the listed games not over — players by seat (``null`` for a free
  seat), free seats, ruleset, clock, rated — with the invitation of those with a free seat
  (one click takes a seat: ``POST /api/games/{id}/invitation``) and the spectators' token
  of those dealt whose creator lets them be watched. The lobby page asks again every
  :data:`POLL_MS` milliseconds: it is live without a socket, and right across processes.
* ``POST /api/lobby/quick`` ``{"name", "players": n, "rated"?, "clock"?}``: a seat in the
  oldest listed game of ``n`` seats, rated as asked, with the clock asked for (the same
  clock and policy at zero; none if none is asked for), that has one free, else a new such
  game.
* ``GET /api/ratings``: ``{"games", "ratings": [{"name", "mu", "sigma", "games"}],
  "by_players": {"N": {"games", "ratings"}}}`` over the finished rated games, in the order
  they finished (``by_players``: the games of each player count rated apart): what ``rr
  ratings --json`` prints over their logs (``GET /api/rated`` lists them, each log's file
  name numbered in that order, ``GET /api/rated/{id}/log`` hands it out: a rated game's log
  is public once it is over). ``GET /api/ratings/players/{name}``: a player's rating (over
  all and per player count) and history.

The lobby's rows are in :mod:`rr.server.tables`; a rated game gets its number in the order
of finishing when a lobby or ratings route first sees it over (:meth:`Lobby.settle`).
"""

from __future__ import annotations

import json
import time
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from rr import ratings
from rr.errors import BadInputError, BadRequest
from rr.server.errors import ForbiddenError, RateLimitedError, SeatTakenError
from rr.events import log as logfile
from rr.request_fields import check_fields
from rr.request_fields import ruleset as read_ruleset
from rr.ruleset import Ruleset
from rr.server import chat, clockspec, requests, webhooks
from rr.server.clocks import Clocks
from rr.server.clockspec import ClockSpec
from rr.server.games import Games
from rr.server.http import answers
from rr.server.limits import Buckets, Limits
from rr.server.requests import NewGame, Take
from rr.server.signed import Seats
from rr.server.store import Access
from rr.server.tables import Tables, where_of
from rr.server.web import HEADERS, STATIC

POLL_MS = 1000
"""How often the lobby page asks for the lobby (milliseconds)."""
MOST_LISTED = 200
"""The most games the lobby lists at once (the oldest first)."""


def _flag(data: dict[str, Any], name: str, default: bool) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise BadRequest(f"field {name!r} takes true or false")
    return value


def _count(data: dict[str, Any]) -> int:
    count = data.get("players")
    if isinstance(count, bool) or not isinstance(count, int) or not 2 <= count <= 6:
        raise BadInputError(f"players: a game of the lobby has 2 to 6 seats, not "
                            f"{json.dumps(count)[:20]}", "RR-SETUP-1")
    return count


def _name(data: dict[str, Any]) -> str:
    name = data.get("name")
    if not isinstance(name, str):
        raise BadRequest("field 'name' takes the player's name")
    requests.check_name(name)
    return name.strip()


class Lobby:
    """The lobby and the ratings of one server process (its games and their tables)."""

    def __init__(self, games: Games, tables: Tables) -> None:
        self.games, self.tables = games, tables
        self.clocks = Clocks(games, tables)
        self._placings: dict[str, ratings.Placing | None] = {}
        self._rated: tuple[int, ratings.Ratings] | None = None

    # --- listing and creating ---------------------------------------------------------------

    def create(self, data: dict[str, Any]) -> dict[str, Any]:
        check_fields(data, ("name", "players", "rated", "watch", "ruleset", "clock", "signed"),
                     "a lobby game")
        name, count = _name(data), _count(data)
        rated, watch = _flag(data, "rated", True), _flag(data, "watch", True)
        signed = _flag(data, "signed", False)
        rules = read_ruleset(data.get("ruleset") or None)  # "" too: the official rules
        clock = clockspec.parse(data.get("clock"))
        return self._create(name, count, rated, watch, rules, clock, signed)

    def _create(self, name: str, count: int, rated: bool, watch: bool, ruleset: Ruleset,
                clock: ClockSpec | None, signed: bool) -> dict[str, Any]:
        players = (name, *(f"Seat {seat + 1}" for seat in range(1, count)))
        if len(set(p.casefold() for p in players)) != count:
            raise BadInputError(f"choose another name than {name!r}: the lobby names the open "
                                "seats so")
        if signed and clock is not None and clock.at_zero != clockspec.FORFEIT:
            raise BadInputError("a signed game's clock forfeits at zero (\"at_zero\": "
                                "\"forfeit\"): every decision of a seat is its own, signed, "
                                "until it forfeits, and the server's after")
        if signed and clock is not None and not self.games.signs_bots:
            raise BadInputError("a signed game with a clock needs a server that signs "
                                "(rr server --key): it signs a forfeited seat's decisions")
        made = self.games.create(NewGame(players, None, ruleset, None, {}, signed=signed,
                                         open=tuple(range(1, count))))
        if clock is not None:
            self.clocks.add(made["id"], clock, count)
        self.tables.run(
            "INSERT INTO lobby (game, created, rated, watch, players, ruleset, clock, "
            "invitation, spectator, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
            (made["id"], int(time.time() * 1000), int(rated), int(watch), count,
             ruleset.describe(), None if clock is None else json.dumps(clock.as_json()),
             made["invitation"], made["spectator"]))
        return {"id": made["id"], "seat": 0, "name": name, "token": made["seats"][0]["token"],
                "invitation": made["invitation"],
                "spectator": made["spectator"] if watch else None}

    def listing(self) -> dict[str, Any]:
        self.settle()
        found = self.tables.run(
            "SELECT l.game, l.created, l.rated, l.watch, l.players, l.ruleset, l.clock, "
            "l.invitation, l.spectator FROM lobby l JOIN games g ON g.id = l.game "
            f"WHERE NOT g.over ORDER BY l.created, l.game LIMIT {MOST_LISTED}")
        games = []
        for game, created, rated, watch, count, ruleset, clock, invitation, spectator in found:
            row = self.games.store.row(game)
            if row is None or row.seats is None:
                continue
            kept = Seats.of(row.seats)
            spec = clockspec.of_text(clock)
            dealt = row.events > 0
            games.append({
                "id": game, "created": created, "seats": count, "rated": bool(rated),
                "players": [None if s in kept.free else p for s, p in enumerate(kept.players)],
                "free": len(kept.free), "ruleset": ruleset, "dealt": dealt,
                "clock": None if spec is None else {**spec.as_json(), "text": spec.text()},
                "invitation": invitation if kept.free else None,
                "spectator": spectator if watch and dealt else None})
        return {"games": games, "poll_ms": POLL_MS}

    def quick(self, data: dict[str, Any]) -> dict[str, Any]:
        check_fields(data, ("name", "players", "rated", "clock"), "a quick match")
        name, count, rated = _name(data), _count(data), _flag(data, "rated", True)
        clock = clockspec.parse(data.get("clock"))
        wanted = None if clock is None else clock.as_json()
        for listed in self.listing()["games"]:
            has = listed["clock"] and {k: v for k, v in listed["clock"].items() if k != "text"}
            if listed["seats"] != count or listed["rated"] != rated or (has or None) != wanted \
                    or not listed["free"] or name in listed["players"]:
                continue
            try:
                taken = self.games.take(listed["id"], listed["invitation"], Take(name, None))
            except (SeatTakenError, BadInputError):
                continue  # taken meanwhile, or this name is there: the next one
            return {"id": listed["id"], "seat": taken["seat"], "name": name,
                    "token": taken["token"], "created": False}
        made = self._create(name, count, rated, True, Ruleset(), clock, False)
        return {"id": made["id"], "seat": 0, "name": name, "token": made["token"],
                "created": True}

    # --- ratings ----------------------------------------------------------------------------

    def settle(self) -> None:
        """Number the rated games found over, in the order they are found (then by id)."""
        ask = ("SELECT l.game FROM lobby l JOIN games g ON g.id = l.game "
               "WHERE l.rated = 1 AND l.finished IS NULL AND g.over ORDER BY l.game")
        if not self.tables.run(ask):
            return
        with self.tables.transaction("lobby") as run:
            todo = run(ask)
            top = run("SELECT coalesce(max(finished), 0) FROM lobby")[0][0]
            for number, (game,) in enumerate(todo, start=top + 1):
                run("UPDATE lobby SET finished = ? WHERE game = ?", (number, game))

    def rated(self) -> list[tuple[int, str]]:
        """The finished rated games: their number and id, in the order they finished."""
        self.settle()
        return [(n, g) for g, n in self.tables.run(
            "SELECT game, finished FROM lobby WHERE finished IS NOT NULL ORDER BY finished")]

    def table_of(self, game: str) -> dict[str, Any] | None:
        """The log header's ``"table"`` section of ``game`` (``None``: not a lobby game)."""
        found = self.tables.run("SELECT rated, clock FROM lobby WHERE game = ?", (game,))
        if not found:
            return None
        rated, clock = found[0]
        table: dict[str, Any] = {"rated": bool(rated),
                                 "clock": None if clock is None else json.loads(clock)}
        table.update(self.clocks.record(game))
        return table

    def log(self, game: str) -> tuple[int, bytes]:
        """A finished rated game's number and log."""
        numbers = dict((g, n) for n, g in self.rated())
        if game not in numbers:
            raise ForbiddenError("this is not a finished rated game: the log of another game "
                                 "is given to its seats (GET /api/games/{id}/log)")
        data, _ = self.games.log(Access(game, None))
        return numbers[game], data

    def ratings(self) -> ratings.Ratings:
        rated = self.rated()
        if self._rated is not None and self._rated[0] == len(rated):
            return self._rated[1]
        kept = ratings.Ratings()
        for number, game in rated:
            if game not in self._placings:
                _, data = self.log(game)
                self._placings[game] = ratings.placing(logfile.decode(data),
                                                       file_name(number, game))
            placing = self._placings[game]
            if placing is not None:
                kept.add(placing)
        self._rated = (len(rated), kept)
        return kept


def file_name(number: int, game: str) -> str:
    """A rated game's log's file name: its number in the order of finishing first, so that a
    folder of them is rated in that order (``rr ratings DIR``)."""
    return f"{number:06d}-{game}.rrlog"


def routes(games: Games, limits: Limits) -> list[BaseRoute]:
    """The lobby's and the ratings' routes and pages."""
    tables = Tables(where_of(games.store))
    lobby = Lobby(games, tables)
    games.table = lobby.table_of
    games.moved = lobby.clocks.moved
    games.refuse = lobby.clocks.refuse
    hooks = webhooks.Webhooks(games, tables)
    lobby.clocks.turn = hooks.turn
    lobby.clocks.start()
    per_address = Buckets(limits.create_rate, limits.create_burst)

    async def run(func: Any, *args: Any) -> Any:
        return await anyio.to_thread.run_sync(func, *args)

    async def body(request: Request) -> dict[str, Any]:
        requests.json_content(request)  # no game made by a page of another site
        return requests.body_of(await requests.read_body(request, limits.body))

    def count(request: Request) -> None:
        address = request.client.host if request.client else "?"
        if not per_address.take(address):
            raise RateLimitedError("too many new games from this address; wait a moment")

    @answers
    async def create(request: Request) -> Any:
        count(request)
        return await run(lobby.create, await body(request))

    @answers
    async def quick(request: Request) -> Any:
        count(request)
        return await run(lobby.quick, await body(request))

    @answers
    async def listing(request: Request) -> Any:
        return await run(lobby.listing)

    @answers
    async def rating_table(request: Request) -> Any:
        return (await run(lobby.ratings)).as_json()

    @answers
    async def player(request: Request) -> Any:
        name = request.path_params["name"]
        kept = await run(lobby.ratings)
        now = next((r for r in kept.table() if r.name == name), None)
        if now is None:  # no rated game yet: no rating, no history
            return {"name": name, "rating": None, "by_players": {}, "history": []}
        counts = {str(n): next((r.as_json() for r in apart.table() if r.name == name), None)
                  for n, apart in sorted(kept.by_players.items())}
        return {"name": name, "rating": now.as_json(),
                "by_players": {n: r for n, r in counts.items() if r is not None},
                "history": [s.as_json() for s in kept.history[name]]}

    @answers
    async def rated(request: Request) -> Any:
        found = await run(lobby.rated)
        return {"games": [{"number": n, "id": g, "file": file_name(n, g),
                           "log": f"/api/rated/{g}/log"} for n, g in found]}

    @answers
    async def rated_log(request: Request) -> Response:
        game = request.path_params["id"]
        number, data = await run(lobby.log, game)
        return Response(data, media_type="application/octet-stream", headers={
            "content-disposition": f'attachment; filename="{file_name(number, game)}"'})

    @answers
    async def clock(request: Request) -> Any:
        # null: no clock (a game made without one, or no such game): not an error, so
        # that the table asks without a failed request in the browser's console.
        return await run(lobby.clocks.show, request.path_params["id"])

    def page(name: str) -> Any:
        async def serve(request: Request) -> Response:
            return Response((STATIC / name).read_bytes(), media_type="text/html",
                            headers=HEADERS)
        return serve

    return [
        Route("/lobby", page("lobby.html"), methods=["GET"]),
        Route("/ratings", page("ratings.html"), methods=["GET"]),
        Route("/api/lobby", listing, methods=["GET"]),
        Route("/api/lobby/games", create, methods=["POST"]),
        Route("/api/lobby/quick", quick, methods=["POST"]),
        Route("/api/ratings", rating_table, methods=["GET"]),
        Route("/api/ratings/players/{name}", player, methods=["GET"]),
        Route("/api/rated", rated, methods=["GET"]),
        Route("/api/rated/{id}/log", rated_log, methods=["GET"]),
        Route("/api/clocks/{id}", clock, methods=["GET"]),
        *chat.routes(games, tables, limits),
        *webhooks.routes(games, tables, hooks),
    ]
