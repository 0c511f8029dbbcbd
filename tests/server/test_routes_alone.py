"""The game API's routes, each a method of :class:`rr.server.app.GameRoutes`, tried alone:
called directly on a Starlette ``Request`` built here, or served by an app of that one route,
with nothing else of the server around them."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.routing import Route

from rr.errors import BadRequest
from rr.server.errors import (
    ForbiddenError,
    GameNotOverError,
    RateLimitedError,
    UnauthorizedError,
)
from rr.server.app import Admission, GameRoutes, _Sockets
from rr.server.games import Games
from rr.server.http import answers
from rr.server.limits import Limits
from rr.server.requests import new_game
from rr.server.store import open_store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's warning about httpx, its test client's
    from starlette.testclient import TestClient


@pytest.fixture
def api(tmp_path: Path) -> Iterator[GameRoutes]:
    games = Games(open_store(str(tmp_path / "games.sqlite"), "NORMAL"))
    limits = Limits(rate=1e6, burst=1e6, guess_rate=1e6, guess_burst=1e6)
    yield GameRoutes(games, Admission(games, limits), _Sockets(), {"openapi": "3.1.0"})


def _request(method: str, path: str, token: str | None = None, query: str = "",
             **params: str) -> Request:
    headers = [(b"authorization", f"Bearer {token}".encode())] if token else []
    scope = {"type": "http", "method": method, "path": path, "root_path": "",
             "query_string": query.encode(), "headers": headers, "path_params": params,
             "client": ("127.0.0.1", 1), "server": ("testserver", 80), "scheme": "http"}
    return Request(scope)


def _made(api: GameRoutes) -> dict[str, Any]:
    made: dict[str, Any] = api.games.create(new_game({"players": ["Ana", "Bo"]},
                                                     api.games.agents))
    return made


def test_health_and_document_called_alone(api: GameRoutes) -> None:
    assert asyncio.run(api.health(_request("GET", "/api/health"))) == {"ok": True}
    assert asyncio.run(api.document(_request("GET", "/api/openapi.json"))) == \
        {"openapi": "3.1.0"}


def test_show_called_alone(api: GameRoutes) -> None:
    """``show`` answers the seat answer of the token's seat; refuses no token, another
    game's token and a bad ``since`` with typed errors."""
    made, other = _made(api), _made(api)
    game, token = made["id"], made["seats"][0]["token"]
    answer = asyncio.run(api.show(_request("GET", f"/api/games/{game}", token, id=game)))
    assert answer["view"]["seat"] == 0 and answer["decision"] >= 0
    later = asyncio.run(api.show(_request("GET", f"/api/games/{game}", token,
                                          query=f"since={answer['records']}", id=game)))
    assert later["new"] == []
    with pytest.raises(UnauthorizedError):
        asyncio.run(api.show(_request("GET", f"/api/games/{game}", id=game)))
    with pytest.raises(ForbiddenError):
        asyncio.run(api.show(_request("GET", f"/api/games/{game}", other["spectator"],
                                      id=game)))
    with pytest.raises(BadRequest, match="since takes a record number"):
        asyncio.run(api.show(_request("GET", f"/api/games/{game}", token, query="since=x",
                                      id=game)))


def test_listing_called_alone(api: GameRoutes) -> None:
    made = _made(api)
    listed = asyncio.run(api.listing(_request("GET", "/api/games", made["spectator"])))
    assert [g["id"] for g in listed["games"]] == [made["id"]]
    with pytest.raises(UnauthorizedError, match="this needs a token"):
        asyncio.run(api.listing(_request("GET", "/api/games")))


def _one_route(path: str, method: str, handler: Any) -> TestClient:
    return TestClient(Starlette(routes=[Route(path, answers(handler), methods=[method])]))


def test_create_and_choose_each_served_alone(api: GameRoutes) -> None:
    """``create`` and ``choose``, each the only route of an app: a game made (201), a
    choice taken, and a stale choice refused (409) with the typed body."""
    with _one_route("/new", "POST", api.create) as client:
        made = client.post("/new", json={"players": ["Ana", "Bo"]})
    assert made.status_code == 201
    game = made.json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    seen = asyncio.run(api.show(_request("GET", "/", game["spectator"], id=game["id"])))
    decider, decision = seen["view"]["pending"]["seat"], seen["decision"]
    mine = asyncio.run(api.show(_request("GET", "/", tokens[decider], id=game["id"])))
    action = mine["view"]["pending"]["options"][0]["action"]
    with _one_route("/g/{id}/c", "POST", api.choose) as client:
        chose = client.post(f"/g/{game['id']}/c", json={"action": action, "decision": decision},
                            headers={"authorization": f"Bearer {tokens[decider]}"})
        again = client.post(f"/g/{game['id']}/c", json={"action": action, "decision": decision},
                            headers={"authorization": f"Bearer {tokens[decider]}"})
    assert chose.status_code == 200, chose.json()
    assert chose.json()["decision"] > decision
    assert again.status_code == 409
    assert again.json()["error"]["type"] == "StaleDecisionError"


def test_log_and_seat_called_alone(api: GameRoutes) -> None:
    """``log`` refuses a game not over (409's type); ``seat`` names the token's seat."""
    made = _made(api)
    with pytest.raises(GameNotOverError, match="once the game is over"):
        asyncio.run(api.log(_request("GET", "/", made["spectator"], id=made["id"])))
    seat = asyncio.run(api.seat(_request("GET", "/", made["seats"][1]["token"],
                                         id=made["id"])))
    assert seat["seat"] == 1


def test_admission_alone_counts_unknown_tokens_by_address(tmp_path: Path) -> None:
    """Made-up tokens are counted by the address they come from: past the burst, a
    :class:`RateLimitedError`, while a real token still opens its game."""
    games = Games(open_store(str(tmp_path / "games.sqlite"), "NORMAL"))
    admission = Admission(games, Limits(rate=1e6, burst=1e6, guess_rate=1e-6, guess_burst=2))
    made = games.create(new_game({"players": ["Ana", "Bo"]}, games.agents))
    request = _request("GET", "/", "nonsense", id=made["id"])
    for _ in range(2):
        with pytest.raises(UnauthorizedError):
            admission.opened(request)
    with pytest.raises(RateLimitedError, match="unknown tokens from this address"):
        admission.opened(request)
    opened = admission.opened(_request("GET", "/", made["spectator"], id=made["id"]))
    assert opened.game == made["id"] and opened.seat is None
