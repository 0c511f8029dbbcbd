"""Each game's chat against real ``rr server`` processes: players and spectators in rooms
apart (a spectator cannot post as a player, and the players do not read the spectators),
length and rate limits, stored apart from the game's log."""

from __future__ import annotations

from typing import Any

from rr.events import log
from tests.server.harness import Client, Deployment


def _game(client: Client) -> dict[str, Any]:
    made = client.ok("POST", "/api/games", body={"players": ["Ana", "Bo"], "bots": {}})
    return {"id": made["id"], "spectator": made["spectator"],
            "ana": made["seats"][0]["token"], "bo": made["seats"][1]["token"]}


def test_rooms_apart_and_no_posing(deployment: Deployment) -> None:
    client = deployment.client
    game = _game(client)
    path = f"/api/games/{game['id']}/chat"
    said = client.ok("POST", path, game["ana"], {"text": "good luck"})
    assert said["name"] == "Ana" and said["room"] == "players"
    # A spectator naming itself after a player still speaks as a spectator, in its room.
    posed = client.ok("POST", path, game["spectator"], {"text": "play Sevro", "name": "Bo"})
    assert posed["room"] == "spectators" and posed["seat"] is None
    # A seat cannot choose another name.
    refused = client.call("POST", path, game["bo"], {"text": "hi", "name": "Ana"})
    assert refused.status_code == 422
    bo = client.ok("GET", path, game["bo"])["messages"]
    assert [(m["name"], m["text"]) for m in bo] == [("Ana", "good luck")]
    watched = client.ok("GET", path, game["spectator"])["messages"]
    assert [(m["room"], m["name"]) for m in watched] == [("players", "Ana"),
                                                         ("spectators", "Bo")]
    assert client.ok("GET", f"{path}?since=2", game["spectator"])["messages"][0]["seq"] == 2
    # Another game's token reads nothing here.
    other = _game(client)
    assert client.call("GET", path, other["ana"]).status_code == 403


def test_limits(deployment: Deployment) -> None:
    client = deployment.client
    game = _game(client)
    path = f"/api/games/{game['id']}/chat"
    assert client.call("POST", path, game["ana"], {"text": "x" * 301}).status_code == 422
    assert client.call("POST", path, game["ana"], {"text": "   "}).status_code == 422
    assert client.call("POST", path, game["ana"], {"text": "a\x1b[2Jb"}).status_code == 422
    assert client.call("POST", path, game["ana"], {"text": 5}).status_code == 400
    codes = [client.call("POST", path, game["bo"], {"text": f"m{i}"}).status_code
             for i in range(12)]
    assert 429 in codes and codes[0] == 200
    assert client.ok("GET", path, game["ana"])["messages"]  # what was let through


def test_the_chat_is_not_in_the_log(sqlite: Deployment) -> None:
    client = sqlite.client
    made = client.ok("POST", "/api/games", body={"players": ["Ana", "Bo"],
                                                 "bots": {"0": "random", "1": "random"}})
    spectator = made["spectator"]
    # A game of bots is over at once; its spectators may still talk about it.
    client.ok("POST", f"/api/games/{made['id']}/chat", spectator,
              {"text": "what a game", "name": "Cy"})
    data = client.call("GET", f"/api/games/{made['id']}/log", spectator).content
    assert b"what a game" not in data
    assert "what a game" not in repr(log.decode(data))
