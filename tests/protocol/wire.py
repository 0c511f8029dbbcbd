"""A test client that talks to ``rr.protocol.Session`` in JSON text, as a front-end would."""

from __future__ import annotations

import json
import random
from typing import Any
from collections.abc import Callable

from rr.protocol import Session

Json = dict[str, Any]


class Client:
    """Sends requests as JSON lines and reads the responses back from JSON."""

    def __init__(self, server: Session | None = None) -> None:
        self.server = server or Session()
        self.sent = 0

    def send(self, request: Json) -> Json:
        """The whole response to ``request`` (an id is added)."""
        self.sent += 1
        response: Json = json.loads(self.server.handle_line(json.dumps({"id": self.sent,
                                                                        **request})))
        assert response["id"] == self.sent
        return response

    def ok(self, request: Json) -> Json:
        """The result of a request that must succeed."""
        response = self.send(request)
        assert response["ok"] is True, response["error"]
        result: Json = response["result"]
        return result

    def answer(self, request: Json) -> Json:
        """The seat answer of a request that must succeed (``rr.seat_answer``)."""
        answer: Json = self.ok(request)["answer"]
        return answer

    def pending(self, game: str, seat: int | None = None) -> Json | None:
        """The pending decision as ``seat`` (``None``: a spectator) is shown it."""
        shown: Json | None = self.answer({"op": "pending", "game": game, "as": seat})["view"][
            "pending"]
        return shown

    def error(self, request: Json) -> Json:
        """The error of a request that must fail."""
        response = self.send(request)
        assert response["ok"] is False, response
        assert set(response) == {"id", "ok", "error"}
        error: Json = response["error"]
        assert set(error) == {"type", "message", "rule"} and error["message"]
        return error


def play_random(client: Client, game: str, rng: random.Random,
                after: Callable[[Json], None] = lambda _: None) -> int:
    """Play ``game`` to its end through the protocol, each choice a random listed option
    (by index or by wire form, alternately); ``after`` sees each choose result. Returns the
    number of choices made."""
    made = 0
    while True:
        pending = client.pending(game)
        if pending is None:
            return made
        seat = pending["seat"]
        mine = client.pending(game, seat)
        assert mine is not None
        options = mine["options"]
        pick = rng.choice(options)
        how = {"index": pick["index"]} if made % 2 else {"option": pick["option"]}
        after(client.ok({"op": "choose", "game": game, "seat": seat, **how}))
        made += 1
