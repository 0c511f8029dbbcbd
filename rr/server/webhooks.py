"""Turn notifications for games with a clock: a webhook per seat, called when the turn passes
to that seat (:mod:`rr.server.clocks` says when).

``POST /api/games/{id}/webhook`` ``{"url": "https://..." | null}`` with the seat's token sets
(or, with ``null``, removes) its webhook. A notification is a JSON ``POST`` that Discord's and
Slack's incoming webhooks both take (``content`` and ``text``, the same words) with the game's
id, the seat and the decision number: who is to move, nothing more — no card, no hand, no
token. It is sent from a thread of its own, retried with back-off (:data:`RETRIES`, doubling
from :data:`FIRST_WAIT` seconds) while the receiver fails or cannot be reached, and never
followed through a redirect.

A webhook is never a way into the server's own network: its host must resolve to public
addresses only (loopback, private, link-local, multicast and reserved ones are refused), when
it is set and again before each call, unless the operator allows them by starting
``rr server --webhooks-private`` (or with ``RR_WEBHOOKS_PRIVATE=1`` in its environment; the
tests do, for a receiver on the same machine).
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

import anyio.to_thread
from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from rr.errors import BadInputError, BadRequest
from rr.server.errors import ForbiddenError
from rr.server import requests
from rr.server.games import Games
from rr.server.http import answers, bearer
from rr.server.signed import Seats
from rr.server.tables import Tables

PRIVATE_ENV = "RR_WEBHOOKS_PRIVATE"
"""Set to 1 in ``rr server``'s environment: webhooks may reach private addresses."""
RETRIES = 5
FIRST_WAIT = 1.0
TIMEOUT_SECONDS = 10.0
MOST_URL = 2000


def allowed_private() -> bool:
    return os.environ.get(PRIVATE_ENV) == "1"


def check_url(url: str, private: bool) -> None:
    """:class:`BadInputError` unless ``url`` is an http(s) URL whose host resolves to
    public addresses only (any address, if ``private``)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadInputError("a webhook is an http:// or https:// URL")
    if parts.username or parts.password:
        raise BadInputError("a webhook's URL holds no user name or password")
    if private:
        return
    try:
        found = socket.getaddrinfo(parts.hostname, parts.port or 443, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        raise BadInputError(f"the webhook's host {parts.hostname!r} cannot be found") from None
    for info in found:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if not address.is_global or address.is_multicast:
            raise BadInputError(f"the webhook's host {parts.hostname!r} is a private, "
                                "loopback or reserved address: this server does not call "
                                "those")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a redirect could lead into a private network: never followed


_OPENER = urllib.request.build_opener(_NoRedirect)


class Webhooks:
    def __init__(self, games: Games, tables: Tables) -> None:
        self.games, self.tables = games, tables
        self.private = allowed_private()
        self.sent = 0

    def set(self, game: str, seat: int, url: str | None) -> dict[str, Any]:
        if url is not None:
            if len(url) > MOST_URL:
                raise BadInputError(f"a webhook's URL is at most {MOST_URL} characters")
            check_url(url, self.private)
        with self.tables.transaction("webhooks") as run:
            run("DELETE FROM webhooks WHERE game = ? AND seat = ?", (game, seat))
            if url is not None:
                run("INSERT INTO webhooks (game, seat, url) VALUES (?, ?, ?)",
                    (game, seat, url))
        return {"game": game, "seat": seat, "webhook": url is not None}

    def turn(self, game: str, seat: int, decision: int) -> None:
        """The turn passed to ``seat`` at decision ``decision``: call its webhook, if any
        (in a thread of its own)."""
        found = self.tables.run("SELECT url FROM webhooks WHERE game = ? AND seat = ?",
                                (game, seat))
        if not found:
            return
        row = self.games.store.row(game)
        if row is None:
            return
        players = row.players if row.seats is None else Seats.of(row.seats).players
        words = (f"Red Rising: it is your turn, {players[seat]} (seat {seat + 1}), at "
                 f"decision {decision}.")
        body = json.dumps({"content": words, "text": words, "game": game, "seat": seat,
                           "decision": decision}).encode()
        threading.Thread(target=self._send, args=(str(found[0][0]), body),
                         name="rr-webhook", daemon=True).start()

    def _send(self, url: str, body: bytes) -> None:
        wait = FIRST_WAIT
        for attempt in range(RETRIES):
            try:
                check_url(url, self.private)  # again: a name may point elsewhere now
                request = urllib.request.Request(url, body, method="POST", headers={
                    "content-type": "application/json", "user-agent": "rr-server"})
                with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as answer:
                    if 200 <= answer.status < 300:
                        self.sent += 1
                        return
            except BadInputError as err:
                print(f"rr server: a webhook refused: {err}", file=sys.stderr)
                return
            except (urllib.error.URLError, OSError, ValueError):
                pass  # refused, timed out, a 4xx/5xx (HTTPError): tried again
            if attempt < RETRIES - 1:
                time.sleep(wait)
                wait *= 2
        print("rr server: a webhook failed after every retry", file=sys.stderr)


def routes(games: Games, tables: Tables, hooks: Webhooks) -> list[BaseRoute]:
    @answers
    async def set_hook(request: Request) -> Any:
        data = requests.body_of(await requests.read_body(request, 4096))
        unknown = sorted(str(k) for k in data if k != "url")
        if unknown or "url" not in data:
            raise BadRequest('a webhook takes {"url": "https://..."} (or null to remove it)')
        url = data["url"]
        if url is not None and not isinstance(url, str):
            raise BadRequest("field 'url' takes a URL or null")
        tokens = bearer(request)
        if len(tokens) != 1:
            raise BadRequest("this route takes one token")

        def done() -> dict[str, Any]:
            access = games.opens(tokens[0], request.path_params["id"])
            if access.seat is None:
                raise ForbiddenError("a spectator has no turn to be told of")
            return hooks.set(access.game, access.seat, url)
        return await anyio.to_thread.run_sync(done)

    return [Route("/api/games/{id}/webhook", set_hook, methods=["POST"])]
