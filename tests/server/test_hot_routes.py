"""The server's way in for its two hot routes (:class:`rr.server.app.HotRoutes`, issue #32
point 3): ``GET /api/games/{id}`` and ``POST /api/games/{id}/choose`` go past Starlette's
router, and answer exactly what the router's app answers — status, headers and body — for
good requests and bad ones alike; every other request still goes to the router's app."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rr.server.app import HotRoutes, build
from rr.server.wire_version import WireVersions
from rr.server.games import Games
from rr.server.limits import Limits
from rr.server.store import open_store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's warning about httpx, its test client's
    from starlette.testclient import TestClient


class _Counted:
    """An ASGI app that counts the requests that reach it."""

    def __init__(self, app: Any) -> None:
        self.app, self.calls = app, 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.calls += 1
        await self.app(scope, receive, send)


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient, _Counted]]:
    """A client of the server's app and one of its router's app alone, on one store."""
    games = Games(open_store(str(tmp_path / "games.sqlite"), "NORMAL"))
    built = build(games, Limits(rate=1e6, burst=1e6, guess_rate=1e6, guess_burst=1e6))
    assert isinstance(built, WireVersions)  # the RR-Wire header's reader, then the routes
    hot = built.app
    assert isinstance(hot, HotRoutes)
    router = _Counted(hot.app)
    hot.app = router
    with TestClient(hot) as fast, TestClient(router.app) as slow:
        yield fast, slow, router


def _same(fast: TestClient, slow: TestClient, method: str, path: str,
          token: str | None = None, **send: Any) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    headers.update(send.pop("headers", {}))
    one = fast.request(method, path, headers=headers, follow_redirects=False, **send)
    two = slow.request(method, path, headers=headers, follow_redirects=False, **send)
    assert (one.status_code, dict(one.headers), one.content) == \
        (two.status_code, dict(two.headers), two.content), (method, path)
    return one


def test_the_hot_routes_answer_what_the_router_answers(
        apps: tuple[TestClient, TestClient, _Counted]) -> None:
    """Reads (with and without ``since``, by a seat and the spectator, with bad ``since``,
    no token, a wrong or unknown token, a game that is not there) and refused choices
    (stale, by the wrong seat, by the spectator, an unknown action, a bad or too large
    body) get the same status, headers and body both ways, without reaching the router."""
    fast, slow, router = apps
    made = fast.post("/api/games", json={"players": ["Ana", "Bo", "Cy"]}).json()
    other = fast.post("/api/games", json={"players": ["Di", "Ed"]}).json()
    game, spectator = made["id"], made["spectator"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    path = f"/api/games/{game}"
    calls = router.calls
    for token in [*tokens.values(), spectator, None, "nonsense", other["spectator"]]:
        for query in ("", "?since=0", "?since=3", "?since=99999", "?since=x", "?since=-1"):
            _same(fast, slow, "GET", path + query, token)
    _same(fast, slow, "GET", "/api/games/nothing-here", spectator)
    seen = fast.get(path, headers={"authorization": f"Bearer {spectator}"}).json()
    decider = seen["view"]["pending"]["seat"]
    choose = path + "/choose"
    good = {"action": 0, "decision": seen["decision"]}
    for token, body in [
            (tokens[decider], {"action": 0, "decision": seen["decision"] + 1}),
            (tokens[(decider + 1) % 3], good), (spectator, good),
            (tokens[decider], {"action": -1, "decision": seen["decision"]}),
            (tokens[decider], {"action": "x"}), (tokens[decider], {}), (None, good),
            (other["spectator"], good)]:
        _same(fast, slow, "POST", choose, token, json=body)
    for content in (b"{", b"[]", b"x" * 100_000):
        _same(fast, slow, "POST", choose, tokens[decider], content=content,
              headers={"content-type": "application/json"})
    assert router.calls == calls  # none of these went through the router


def test_every_other_request_goes_to_the_router(
        apps: tuple[TestClient, TestClient, _Counted]) -> None:
    """Another method, a trailing ``/``, an empty id, a longer path: the router's answer
    (404, 405, a redirect or its own route's), as before."""
    fast, slow, router = apps
    made = fast.post("/api/games", json={"players": ["Ana", "Bo"]}).json()
    game, spectator = made["id"], made["spectator"]
    for method, path in [("PUT", f"/api/games/{game}"), ("DELETE", f"/api/games/{game}"),
                         ("GET", f"/api/games/{game}/"), ("GET", "/api/games/"),
                         ("GET", f"/api/games/{game}/choose"),
                         ("POST", f"/api/games/{game}/choose/"),
                         ("POST", "/api/games//choose"), ("GET", f"/api/games/{game}/seat"),
                         ("POST", f"/api/games/{game}")]:
        calls = router.calls
        _same(fast, slow, method, path, spectator)
        assert router.calls == calls + 1, (method, path)
