"""Each game's chat, stored in the ``chat`` table (:mod:`rr.server.tables`), apart from the
game's log: nothing said there is a record of the game, and no log carries it.

Two rooms, kept apart by the token that posts: a seat's token posts to the players' room
under its player's name; the spectators' token posts to the spectators' room, under the
name the spectator gives, always shown as a spectator's — so a spectator cannot pose as a
player. The players read the players' room only (a spectator cannot whisper to a player
through the chat); the spectators read both. The server adds nothing of its own to either
room.

``POST /api/games/{id}/chat`` ``{"text", "name"?}`` (Bearer: the seat's or the spectators'
token): a message of 1 to :data:`MOST_CHARACTERS` printable characters, at most
:data:`RATE` a second per seat, and per game's spectators (a burst of :data:`BURST`): counted
from the messages stored, in the chat's transaction, so one limit holds across every server
process of the database. ``GET /api/games/{id}/chat
?since=N``: the messages the token may read with a number from ``N`` on, oldest first.
Muting is the reader's: the table hides the messages of the players it was asked to mute
(kept in the browser), as a board game site does.
"""

from __future__ import annotations

import time
import unicodedata
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from rr.errors import BadInputError, BadRequest
from rr.server.errors import RateLimitedError
from rr.server import requests
from rr.server.games import Games
from rr.server.http import answers, bearer, record_number
from rr.server.limits import Limits
from rr.server.signed import Seats
from rr.server.store import Access
from rr.server.tables import Tables

MOST_CHARACTERS = 300
RATE, BURST = 1.0, 5.0
"""Messages a second per token, and how many may come at once."""
MOST_READ = 500
"""The most messages one read answers (the client asks again from the last)."""
PLAYERS, SPECTATORS = "players", "spectators"


def clean(text: Any) -> str:
    """A message's text: NFC, no control characters, 1 to :data:`MOST_CHARACTERS`."""
    if not isinstance(text, str):
        raise BadRequest("field 'text' takes the message")
    said = unicodedata.normalize("NFC", text).strip()
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in said):
        raise BadInputError("a chat message holds printable characters only")
    if not 1 <= len(said) <= MOST_CHARACTERS:
        raise BadInputError(f"a chat message is 1 to {MOST_CHARACTERS} characters")
    return said


RECENT = 20
"""How many of a poster's last messages the rate limit looks at."""


def _may_post(said: list[int], now: int) -> bool:
    """Whether a poster whose last messages were said at ``said`` (milliseconds, oldest
    first) may post at ``now``: a bucket of :data:`BURST` messages refilled at :data:`RATE`
    a second, full before the oldest of them."""
    tokens, last = BURST, None
    for at in said:
        if last is not None:
            tokens = min(BURST, tokens + (at - last) / 1000 * RATE)
        tokens, last = tokens - 1, at
    if last is not None:
        tokens = min(BURST, tokens + (now - last) / 1000 * RATE)
    return tokens >= 1


class Chat:
    def __init__(self, games: Games, tables: Tables) -> None:
        self.games, self.tables = games, tables

    def _name(self, access: Access) -> str:
        row = self.games.store.row(access.game)
        assert row is not None and access.seat is not None
        players = row.players if row.seats is None else Seats.of(row.seats).players
        return str(players[access.seat])

    def post(self, access: Access, data: dict[str, Any]) -> dict[str, Any]:
        known = ("text", "name")
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise BadRequest(f"a chat message takes no field {unknown[0]!r} (it takes: "
                             f"{', '.join(known)})")
        text = clean(data.get("text"))
        if access.seat is None:
            given = data.get("name") or "spectator"
            if not isinstance(given, str):
                raise BadRequest("field 'name' takes the spectator's name")
            requests.check_name(given)
            room, name = SPECTATORS, given.strip()
        else:
            if data.get("name") is not None:
                raise BadInputError("a seat posts under its player's name")
            room, name = PLAYERS, self._name(access)
        with self.tables.transaction("chat") as run:
            now = int(time.time() * 1000)
            said = [at for (at,) in run(
                "SELECT at FROM chat WHERE game = ? AND room = ? AND coalesce(seat, -1) = ? "
                f"ORDER BY seq DESC LIMIT {RECENT}",
                (access.game, room, -1 if access.seat is None else access.seat))]
            if not _may_post(said[::-1], now):
                raise RateLimitedError(f"at most {RATE:g} chat message a second; wait a "
                                       "moment")
            top = run("SELECT coalesce(max(seq), 0) FROM chat WHERE game = ?",
                      (access.game,))[0][0]
            run("INSERT INTO chat (game, seq, at, room, seat, name, text) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (access.game, top + 1, now, room, access.seat, name, text))
        return {"seq": top + 1, "room": room, "seat": access.seat, "name": name, "text": text}

    def read(self, access: Access, since: int) -> dict[str, Any]:
        rooms = (PLAYERS,) if access.seat is not None else (PLAYERS, SPECTATORS)
        found = self.tables.run(
            "SELECT seq, at, room, seat, name, text FROM chat WHERE game = ? AND seq >= ? "
            f"ORDER BY seq LIMIT {MOST_READ}", (access.game, since))
        return {"messages": [{"seq": seq, "at": at, "room": room, "seat": seat, "name": name,
                              "text": text}
                             for seq, at, room, seat, name, text in found if room in rooms]}


def routes(games: Games, tables: Tables, limits: Limits) -> list[BaseRoute]:
    chat = Chat(games, tables)

    def opened(request: Request) -> Access:
        tokens = bearer(request)
        if len(tokens) != 1:
            raise BadRequest("the chat takes one token: 'Authorization: Bearer TOKEN'")
        return games.opens(tokens[0], request.path_params["id"])

    @answers
    async def post(request: Request) -> Any:
        data = requests.body_of(await requests.read_body(request, 4096))

        def posted() -> dict[str, Any]:
            return chat.post(opened(request), data)
        return await anyio.to_thread.run_sync(posted)

    @answers
    async def read(request: Request) -> Any:
        since = record_number(request.query_params.get("since"), "since") or 0
        return await anyio.to_thread.run_sync(lambda: chat.read(opened(request), since))

    return [Route("/api/games/{id}/chat", post, methods=["POST"]),
            Route("/api/games/{id}/chat", read, methods=["GET"])]
