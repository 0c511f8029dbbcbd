"""Every refused request gets its status and the typed error body of `rr stdio`, and the game
is as it was (on SQLite and on PostgreSQL with two server processes)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.harness import Client, Deployment
from tests.server.play import create, tokens


def refused(client: Client, status: int, kind: str, method: str, path: str,
            token: str | None = None, body: Any = None, content: bytes | None = None) -> str:
    """Send a request that must fail; check its status and body; return its message."""
    answer = client.call(method, path, token, body, content)
    assert answer.status_code == status, (answer.status_code, answer.text[:300])
    error = answer.json()["error"]
    assert set(error) == {"type", "message", "rule"}
    assert error["type"] == kind, error
    assert error["message"] and "Traceback" not in error["message"]
    message: str = error["message"]
    return message


@pytest.fixture
def game(deployment: Deployment) -> tuple[Client, dict[str, Any], dict[str, Any]]:
    """A three-player game, and another game."""
    client = deployment.client
    return (client, create(client, players=["Ana", "Bo", "Cy"], seed=5, practice=True),
            create(client, players=["Di", "Ed"], seed=6, practice=True))


def test_refusals_have_their_status_and_body_and_change_nothing(
        game: tuple[Client, dict[str, Any], dict[str, Any]]) -> None:
    """401 without or with an unknown token, 403 for another game's token, a seat that is
    not asked or a spectator, 409 for a stale decision, 422 for an action not listed or a
    game the rules refuse, 400 for a body that is not a choice: each with its typed body;
    then every seat's view is what it was."""
    client, created, other = game
    gid = created["id"]
    seats = tokens(created)
    before = {s: client.ok("GET", f"/api/games/{gid}", t) for s, t in seats.items()}
    spectator_before = client.ok("GET", f"/api/games/{gid}", created["spectator"])
    pending = spectator_before["view"]["pending"]
    decider, waiting = pending["seat"], (pending["seat"] + 1) % 3
    mine = before[decider]
    good = {"action": mine["view"]["pending"]["options"][0]["action"],
            "decision": mine["decision"]}
    choose = f"/api/games/{gid}/choose"
    refused(client, 401, "UnauthorizedError", "GET", f"/api/games/{gid}")
    refused(client, 401, "UnauthorizedError", "POST", choose, "x" * 43, good)
    refused(client, 403, "ForbiddenError", "GET", f"/api/games/{gid}", other["spectator"])
    refused(client, 403, "ForbiddenError", "POST", choose, tokens(other)[0], good)
    assert "seat" in refused(client, 403, "WrongPlayerError", "POST", choose, seats[waiting],
                             good)
    refused(client, 403, "ForbiddenError", "POST", choose, created["spectator"], good)
    refused(client, 409, "StaleDecisionError", "POST", choose, seats[decider],
            {**good, "decision": good["decision"] + 1})
    listed = {o["action"] for o in mine["view"]["pending"]["options"]}
    unlisted = next(a for a in range(2000) if a not in listed)
    assert "action" in refused(client, 422, "IllegalChoiceError", "POST", choose,
                               seats[decider], {**good, "action": unlisted})
    refused(client, 422, "IllegalChoiceError", "POST", choose, seats[decider],
            {**good, "action": 10**9})
    refused(client, 400, "BadRequest", "POST", choose, seats[decider], {"action": 1})
    refused(client, 400, "BadRequest", "POST", choose, seats[decider],
            {**good, "seat": 1})
    refused(client, 400, "BadRequest", "POST", choose, seats[decider],
            {"action": True, "decision": 0})
    refused(client, 400, "BadRequest", "POST", choose, seats[decider], content=b"{not json")
    refused(client, 400, "BadRequest", "POST", choose, seats[decider], content=b"\xff\xfe")
    refused(client, 413, "RequestTooLargeError", "POST", choose, seats[decider],
            content=b" " * 70_000)
    refused(client, 409, "GameNotOverError", "GET", f"/api/games/{gid}/log", seats[decider])
    refused(client, 404, "NotFoundError", "GET", "/api/nowhere")
    for s, t in seats.items():
        assert client.ok("GET", f"/api/games/{gid}", t) == before[s]
    assert client.ok("GET", f"/api/games/{gid}", created["spectator"]) == spectator_before
    # and the refused requests did not block the good one
    assert client.ok("POST", choose, seats[decider], good)["decision"] == good["decision"] + 1


@pytest.mark.parametrize("body,kind", [
    ({"players": ["Ana"] * 2}, "BadInputError"),
    ({"players": ["A", "B", "C", "D", "E", "F", "G"]}, "BadInputError"),
    ({"players": ["Ana"], "solo": {"level": 9}}, "BadInputError"),
    ({"players": ["Ana", "Bo"], "solo": {"level": 2}}, "BadInputError"),
    ({"players": ["Ana", "Bo"], "bots": {"5": "random"}}, "BadInputError"),
    ({"players": ["Ana", "Bo"], "bots": {"1": "genius"}}, "BadInputError"),
    ({"players": ["Ana", "Bo"], "ruleset": "no_such_rule=true"}, "BadInputError"),
    ({"players": ["x" * 41, "Bo"]}, "BadInputError"),
    ({"players": "Ana"}, "BadRequest"),
    ({"players": ["Ana", "Bo"], "seed": -1}, "BadRequest"),
    ({"players": ["Ana", "Bo"], "colour": "red"}, "BadRequest"),
])
def test_a_game_the_rules_refuse_is_not_created(sqlite: Deployment, body: dict[str, Any],
                                                kind: str) -> None:
    """A new game with bad players, level, bots, ruleset or fields is refused (422 for what
    the rules refuse, 400 for what cannot be read), naming what was wrong."""
    status = 400 if kind == "BadRequest" else 422
    refused(sqlite.client, status, kind, "POST", "/api/games", body=body)


def test_listing_shows_the_games_of_the_tokens_given(sqlite: Deployment) -> None:
    """GET /api/games with several tokens lists each one's game and seat; none is 401."""
    client = sqlite.client
    first, second = create(client, players=["Ana", "Bo"]), create(client, players=["Cy"])
    both = f"{tokens(first)[1]},{second['spectator']}"
    listed = client.ok("GET", "/api/games", both)["games"]
    assert [(g["id"], g["seat"]) for g in listed] == [(first["id"], 1), (second["id"], None)]
    assert listed[1]["players"] == ["Cy", "Tull Au Toma"]
    refused(client, 401, "UnauthorizedError", "GET", "/api/games")
