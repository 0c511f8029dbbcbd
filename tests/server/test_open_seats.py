"""Seats left open at creation (issue #28, point 6), on real ``rr server`` processes —
SQLite, and PostgreSQL with two processes taking turns: the game's one invitation takes a
free seat for a person who names the player; the deal waits until every seat is taken (and,
in a signed game, every key registered); the invitation opens no seat's hand; a taken seat
cannot be taken again, and a full game's invitation says so."""

from __future__ import annotations

from typing import Any

from rr.client import Client
from rr.seatkeys import SeatKey
from tests.server.harness import Deployment


def _invitation(deployment: Deployment, game: str, invitation: str | None,
                body: dict[str, Any] | None = None) -> Any:
    method = "GET" if body is None else "POST"
    return deployment.client.call(method, f"/api/games/{game}/invitation", invitation, body)


def _listed(deployment: Deployment, token: str) -> list[str]:
    """The players ``GET /api/games`` lists for ``token``'s one game."""
    answer = deployment.client.call("GET", "/api/games", token)
    assert answer.status_code == 200, answer.text
    games = answer.json()["games"]
    assert len(games) == 1
    return list(games[0]["players"])


def _refused(answer: Any, status: int, kind: str) -> str:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["type"] == kind
    return str(answer.json()["error"]["message"])


def _both_move(first: Client, second: Client) -> None:
    """Each of the two persons makes a move, whoever's turn comes first (the bots play
    inside the persons' requests; a person answers every decision of theirs on the way)."""
    moved: set[int] = set()
    for _ in range(40):
        for n, client in enumerate((first, second)):
            answer = client.show()
            options = answer["view"]["pending"]["options"]
            if options:
                assert client.choose(options[0]["action"])["decision"] > answer["decision"]
                moved.add(n)
        if len(moved) == 2:
            return
    raise AssertionError("the two persons did not both move")


def test_an_open_seat_is_taken_with_the_invitation_and_then_dealt(
        deployment: Deployment) -> None:
    """Ana creates a game with a bot and one open seat: the deal waits; the invitation shows
    the seats and nothing else, opens no seat; Cy takes the open seat by name and gets its
    token; the game is dealt with Cy's name; the seat cannot be taken again; both play."""
    url = deployment.client.base()
    created = Client.create(url, ["Ana", "Bo", "Guest"], bots={1: "random"}, open=[2])
    game, invitation = created["id"], created["invitation"]
    assert [s["open"] for s in created["seats"]] == [False, False, True]
    assert created["seats"][2]["token"] is None  # the creator never holds the open seat
    ana = Client(url, game, created["seats"][0]["token"])
    assert _refused(deployment.client.call("GET", f"/api/games/{game}", ana.token),
                    409, "DealPendingError").endswith("taken with the game's invitation")

    assert _listed(deployment, ana.token) == ["Ana", "Bo", "Guest"]  # the creator's names
    shown = _invitation(deployment, game, invitation)
    assert shown.status_code == 200, shown.text
    seen = shown.json()
    assert seen == {"game": game, "free": [2], "full": False, "dealt": False, "watch": None,
                    "practice": None, "seats": [
        {"seat": 0, "name": "Ana", "bot": None, "open": False},
        {"seat": 1, "name": "Bo", "bot": "random", "open": False},
        {"seat": 2, "name": None, "bot": None, "open": True}]}
    for token in (created["seats"][0]["token"], created["spectator"]):
        assert token not in shown.text
    # The invitation is no token: it opens no seat, no hand, no story.
    for path in (f"/api/games/{game}", f"/api/games/{game}/seat"):
        _refused(deployment.client.call("GET", path, invitation), 401, "UnauthorizedError")

    taken = _invitation(deployment, game, invitation, {"name": "Cy"})
    assert taken.status_code == 200, taken.text
    cy_seat = taken.json()
    assert cy_seat["seat"] == 2 and cy_seat["name"] == "Cy" and cy_seat["token"]
    assert cy_seat["full"] and cy_seat["dealt"] and cy_seat["free"] == []
    cy = Client(deployment.client.base(), game, cy_seat["token"])
    view = cy.show()
    assert view["seat"] == 2 and [p["name"] for p in view["view"]["players"]] == ["Ana", "Bo", "Cy"]
    assert view["view"]["hand"]  # the seat sees its own hand (a bot may have moved first)
    for token in (ana.token, cy.token, created["spectator"]):
        assert _listed(deployment, token) == ["Ana", "Bo", "Cy"]  # the taker's name, as shown

    again = _invitation(deployment, game, invitation, {"name": "Dee"})
    assert "full" in _refused(again, 409, "SeatTakenError")
    _refused(_invitation(deployment, game, invitation, {"name": "Dee", "seat": 2}),
             409, "SeatTakenError")
    assert _invitation(deployment, game, invitation).json()["full"] is True
    _both_move(ana, cy)
    assert [p["name"] for p in ana.show()["view"]["players"]] == ["Ana", "Bo", "Cy"]
    assert "Traceback" not in deployment.output()


def test_a_signed_game_with_an_open_seat_waits_for_its_takers_key(
        deployment: Deployment) -> None:
    """In a signed game the open seat is a person's like any other: taken, then its key
    registered by its taker; the deal waits for both, whatever the order."""
    url = deployment.client.base()
    created = Client.create(url, ["Ana", "Guest"], signed=True, open=[1])
    game = created["id"]
    assert created["signed"]["waiting"] == [0, 1]
    ana = Client(url, game, created["seats"][0]["token"], SeatKey.generate())
    assert not ana.join()["dealt"]
    taken = _invitation(deployment, game, created["invitation"], {"name": "Bea"}).json()
    assert taken["full"] and not taken["dealt"]  # Bea's key is still to come
    bea = Client(deployment.client.base(), game, taken["token"], SeatKey.generate())
    assert bea.seat()["open"] == [] and bea.seat()["waiting"] == [1]
    assert bea.join()["dealt"]
    assert [p["name"] for p in bea.show()["view"]["players"]] == ["Ana", "Bea"]
    _both_move(ana, bea)


def test_refusals_name_what_is_wrong_and_change_nothing(sqlite: Deployment) -> None:
    """A wrong invitation, another game's, none; a name in use or not a name; a seat that
    was not left open; an open seat that is a bot's: typed refusals, the seat still free."""
    url = sqlite.client.base()
    created = Client.create(url, ["Ana", "Guest", "Bo"], bots={2: "greedy"}, open=[1])
    other = Client.create(url, ["Ed", "Guest"], open=[1])
    game, invitation = created["id"], created["invitation"]
    for wrong in ("x" * 43, other["invitation"], None, created["seats"][0]["token"]):
        _refused(_invitation(sqlite, game, wrong), 401, "UnauthorizedError")
        _refused(_invitation(sqlite, game, wrong, {"name": "Cy"}), 401, "UnauthorizedError")
    _refused(_invitation(sqlite, "nosuchgame", invitation), 401, "UnauthorizedError")
    assert "differ" in _refused(_invitation(sqlite, game, invitation, {"name": "Ana"}),
                                422, "BadInputError")
    _refused(_invitation(sqlite, game, invitation, {"name": " "}), 422, "BadInputError")
    _refused(_invitation(sqlite, game, invitation, {"name": 5}), 400, "BadRequest")
    _refused(_invitation(sqlite, game, invitation, {"name": "Cy", "hand": 1}), 400, "BadRequest")
    assert "not left open" in _refused(
        _invitation(sqlite, game, invitation, {"name": "Cy", "seat": 0}), 422, "BadInputError")
    assert _invitation(sqlite, game, invitation).json()["free"] == [1]
    for body in ({"open": [2]}, {"open": [3]}, {"open": [1, 1]}, {"open": "1"}):
        answer = sqlite.client.call("POST", "/api/games", None, {
            "players": ["Ana", "Guest", "Bo"], "bots": {"2": "greedy"}, **body})
        assert answer.status_code in (400, 422), (body, answer.text)
    assert _invitation(sqlite, game, invitation, {"name": "Cy"}).status_code == 200
