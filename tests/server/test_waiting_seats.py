"""Starting a game with open seats, over HTTP on a real ``rr server``: an open seat needs no
name; the seat's ``GET .../seat`` says who has joined (the host's waiting screen); a full
game's invitation hands out the spectator's token to watch it; a practice game's invitation
says, before a seat is taken, that its creator chose the seed (RR-VIEW-10)."""

from __future__ import annotations

import time
from typing import Any

from tests.server.harness import Deployment


def _create(deployment: Deployment, body: dict[str, Any]) -> Any:
    return deployment.client.call("POST", "/api/games", None, body)


def _invitation(deployment: Deployment, game: str, invitation: str,
                body: dict[str, Any] | None = None) -> Any:
    method = "GET" if body is None else "POST"
    answer = deployment.client.call(method, f"/api/games/{game}/invitation", invitation, body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_open_seats_need_no_name_and_the_host_sees_who_joined(sqlite: Deployment) -> None:
    made = _create(sqlite, {"players": ["Ana", None, "Cy", None], "bots": {"2": "random"},
                            "open": [1, 3]})
    assert made.status_code == 201, made.text
    created = made.json()
    assert [s["name"] for s in created["seats"]] == ["Ana", "Seat 2", "Cy", "Seat 4"]
    host = created["seats"][0]["token"]
    seat = sqlite.client.ok("GET", f"/api/games/{created['id']}/seat", host)
    assert [(p["name"], p["bot"], p["joined"]) for p in seat["players"]] == [
        ("Ana", None, True), (None, None, False), ("Cy", "random", True), (None, None, False)]
    taken = _invitation(sqlite, created["id"], created["invitation"], {"name": "Dana"})
    assert taken["watch"] is None  # not full yet: take a seat
    seat = sqlite.client.ok("GET", f"/api/games/{created['id']}/seat", host)
    assert [p["name"] for p in seat["players"]] == ["Ana", "Dana", "Cy", None]
    assert not seat["dealt"]
    _invitation(sqlite, created["id"], created["invitation"], {"name": "Eli"})
    full = _invitation(sqlite, created["id"], created["invitation"])
    assert full["full"] and full["watch"] == created["spectator"]
    watched = sqlite.client.ok("GET", f"/api/games/{created['id']}", full["watch"])
    assert watched["seat"] is None and watched["view"]["hand"] is None
    assert full["practice"] is None  # the seed was drawn: nobody chose it


def test_a_name_is_needed_unless_the_seat_is_open(sqlite: Deployment) -> None:
    refused = _create(sqlite, {"players": ["Ana", None]})
    assert refused.status_code == 422, refused.text
    assert "only an open seat" in refused.json()["error"]["message"]


def test_a_practice_games_invitation_says_the_seed_was_chosen(sqlite: Deployment) -> None:
    # RR-VIEW-10: a chosen seed is said to every seat, here before the seat is taken.
    created = _create(sqlite, {"players": ["Ana", None], "open": [1], "seed": "42",
                               "practice": True}).json()
    shown = _invitation(sqlite, created["id"], created["invitation"])
    assert shown["practice"]["seed_origin"] == "chosen"
    assert "creator chose the seed" in shown["practice"]["words"]
    assert "42" not in str(shown)  # said, not given


def _play_out(deployment: Deployment, game: str, tokens: list[str]) -> None:
    """Each person answers their decisions (first option) until the game is over."""
    for _ in range(2000):
        for token in tokens:
            answer = deployment.client.ok("GET", f"/api/games/{game}", token)
            if answer["over"]:
                return
            options = answer["view"]["pending"]["options"]
            if options is not None:
                deployment.client.ok("POST", f"/api/games/{game}/choose", token,
                                     {"action": options[0]["action"],
                                      "decision": answer["decision"]})
            time.sleep(0.02)  # within the server's requests a second a token
    raise AssertionError("the game did not end")


def test_every_seat_gets_a_rematch_the_invited_one_too(sqlite: Deployment) -> None:
    created = _create(sqlite, {"players": ["Ana", None, "Cy"], "bots": {"2": "greedy"},
                               "open": [1]}).json()
    game = created["id"]
    ana = created["seats"][0]["token"]
    early = sqlite.client.call("POST", f"/api/games/{game}/rematch", ana)
    assert early.status_code == 409 and early.json()["error"]["type"] == "GameNotOverError"
    dana = _invitation(sqlite, game, created["invitation"], {"name": "Dana"})["token"]
    _play_out(sqlite, game, [ana, dana])
    # The invited player asks first: the rematch is made, her seat hers again.
    hers = sqlite.client.ok("POST", f"/api/games/{game}/rematch", dana)
    assert hers["seat"] == 1 and hers["name"] == "Dana" and not hers["dealt"]
    again = sqlite.client.call("POST", f"/api/games/{game}/rematch", dana)
    assert again.status_code == 409 and "already" in again.json()["error"]["message"]
    watcher = sqlite.client.call("POST", f"/api/games/{game}/rematch", created["spectator"])
    assert watcher.status_code == 403
    his = sqlite.client.ok("POST", f"/api/games/{game}/rematch", ana)
    assert his["id"] == hers["id"] and his["seat"] == 0 and his["dealt"]
    new = sqlite.client.ok("GET", f"/api/games/{his['id']}", his["token"])
    assert [p["name"] for p in new["view"]["players"]] == ["Ana", "Dana", "Cy"]
    assert new["records"] > 0 and not new["over"]
    # The finished game is as it was: its log and its listing.
    assert sqlite.client.call("GET", f"/api/games/{game}/log", ana).status_code == 200
