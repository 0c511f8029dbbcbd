"""``GET /api/games/{id}/scores-now`` (issue #28): what each card of the token's seat's hand
would score now, as rr's scorepad scores the position the seat sees; a seat is told about its
own hand only, a spectator about none."""

from __future__ import annotations

import random
from typing import Any

from rr.cards.catalogue import catalogue
from rr.model import Location
from rr.scoring.scorepad import score
from rr.scoring.table import FinalPlayer, FinalTable, LocationCard
from tests.server.harness import Deployment
from tests.server.play import create, step, tokens


def scored_from_view(answer: dict[str, Any]) -> tuple[list[tuple[str, int]], int]:
    """The seat's hand as rr's scorepad scores it from the seat's answer alone (its view: its
    hand, everyone's tokens, the board, the banished pile; the others' hands left empty, as no
    end-game text reads them): each card's points, and the cards row."""
    seen = answer["view"]
    seat = answer["seat"]
    players = tuple(FinalPlayer(
        name=p["name"], hand=tuple(seen["hand"]) if s == seat else (), helium=p["helium"],
        fleet=p["fleet"], influence=p["influence"], sovereign=p["sovereign"])
        for s, p in enumerate(seen["players"]))
    # A face-down card the seat has not seen ("?") stands as a card it has seen nowhere: a
    # figure that does not depend on it ("exact") is the same whatever card it is.
    shown = {c for _, stack in seen["locations"] for c in stack} | set(seen["hand"]) \
        | set(seen["banished"]) | {k["card"] for k in seen["known_elsewhere"]}
    unseen = iter(sorted(set(catalogue()) - shown))
    table = FinalTable(
        players=players,
        locations={Location(loc): tuple(LocationCard(next(unseen) if c == "?" else c, down)
                                        for c, down in zip(stack, flags, strict=True))
            for (loc, stack), flags in zip(seen["locations"], answer["face_down"], strict=True)},
        banished=tuple(seen["banished"]), neutral_influence=seen["neutral_influence"])
    column = score(table).players[seat]
    return [(line.id, line.points) for line in column.cards], column.rows.cards


def test_each_seat_is_told_its_own_hand_scored_now(sqlite: Deployment) -> None:
    """At every decision of a game played over HTTP, each seat's figures are its hand's lines
    as the scorepad scores what that seat sees; they name only the seat's own cards; the
    spectator is refused with a typed error."""
    client = sqlite.client
    created = create(client, players=["Ana", "Bo", "Cy"], seed="5", practice=True)
    game = created["id"]
    rng = random.Random(5)
    last = None
    for _ in range(40):
        for seat, token in tokens(created).items():
            answer = client.ok("GET", f"/api/games/{game}", token)
            now = client.ok("GET", f"/api/games/{game}/scores-now", token)
            lines, total = scored_from_view(answer)
            assert [c["card"] for c in now["cards"]] == answer["view"]["hand"]
            for told, (card, points) in zip(now["cards"], lines, strict=True):
                if told["exact"]:
                    assert (told["card"], told["core"] + told["bonus"]) == (card, points), seat
                else:  # "at least": the hidden card scored as the lowest core value
                    assert told["core"] + told["bonus"] <= points
            if now["exact"]:
                assert now["total"] == total
        last = step(client, created, rng, last=last)
        if last is None:
            break
    refused = client.call("GET", f"/api/games/{game}/scores-now", created["spectator"])
    assert refused.status_code == 400
    assert refused.json()["error"]["type"] == "BadRequest"
