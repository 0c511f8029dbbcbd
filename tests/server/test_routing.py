"""The server's one router (:mod:`rr.server.routing`): a request its index finds (the game
API's routes: ``GET /api/games/{id}``, ``POST /api/games/{id}/choose``, ...) is answered
exactly as Starlette's own router answers it — status, headers and body — for good requests
and bad ones alike; every other request goes through Starlette's loop of routes, as before."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute

from rr.server.app import build
from rr.server.games import Games
from rr.server.limits import Limits
from rr.server.routing import App, Router
from rr.server.store import open_store
from rr.server.wire_version import WireVersions

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's warning about httpx, its test client's
    from starlette.testclient import TestClient


class _Counted:
    """Counts the requests the router's index finds a route for."""

    def __init__(self, router: Router) -> None:
        self.router, self.calls, self._find = router, 0, router.find
        router.find = self  # type: ignore[method-assign]

    def __call__(self, scope: Any) -> Any:
        found = self._find(scope)
        self.calls += found is not None
        return found


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient, _Counted]]:
    """A client of the server's app and one of Starlette's own app over the same routes, on
    one store."""
    games = Games(open_store(str(tmp_path / "games.sqlite"), "NORMAL"))
    built = build(games, Limits(rate=1e6, burst=1e6, guess_rate=1e6, guess_burst=1e6))
    assert isinstance(built, WireVersions)  # the RR-Wire header's reader, then the routes
    app = built.app
    assert isinstance(app, App) and isinstance(app.router, Router)
    plain = Starlette(routes=app.router.routes, exception_handlers=app.exception_handlers)
    with TestClient(app) as fast, TestClient(plain) as slow:
        yield fast, slow, _Counted(app.router)


def _same(fast: TestClient, slow: TestClient, method: str, path: str,
          token: str | None = None, **send: Any) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    headers.update(send.pop("headers", {}))
    one = fast.request(method, path, headers=headers, follow_redirects=False, **send)
    two = slow.request(method, path, headers=headers, follow_redirects=False, **send)
    assert (one.status_code, dict(one.headers), one.content) == \
        (two.status_code, dict(two.headers), two.content), (method, path)
    return one


def test_the_indexed_routes_answer_what_starlette_answers(
        apps: tuple[TestClient, TestClient, _Counted]) -> None:
    """Reads (with and without ``since``, by a seat and the spectator, with bad ``since``,
    no token, a wrong or unknown token, a game that is not there) and refused choices
    (stale, by the wrong seat, by the spectator, an unknown action, a bad or too large
    body) get the same status, headers and body both ways, found by the index."""
    fast, slow, router = apps
    made = fast.post("/api/games", json={"players": ["Ana", "Bo", "Cy"]}).json()
    other = fast.post("/api/games", json={"players": ["Di", "Ed"]}).json()
    game, spectator = made["id"], made["spectator"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    path = f"/api/games/{game}"
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
    assert router.calls == 2 + 7 * 6 + 1 + 1 + 8 + 3  # each found by the index


def test_every_other_request_goes_through_starlettes_loop(
        apps: tuple[TestClient, TestClient, _Counted]) -> None:
    """Another method, a trailing ``/``, an empty id, a longer path: Starlette's answer
    (404, 405, a redirect), as before; a route the index holds is found by it."""
    fast, slow, router = apps
    made = fast.post("/api/games", json={"players": ["Ana", "Bo"]}).json()
    game, spectator = made["id"], made["spectator"]
    for method, path in [("PUT", f"/api/games/{game}"), ("DELETE", f"/api/games/{game}"),
                         ("GET", f"/api/games/{game}/"), ("GET", "/api/games/"),
                         ("GET", f"/api/games/{game}/choose"),
                         ("POST", f"/api/games/{game}/choose/"),
                         ("POST", "/api/games//choose"), ("POST", f"/api/games/{game}"),
                         ("GET", "/api/nothing"), ("GET", "/")]:
        calls = router.calls
        _same(fast, slow, method, path, spectator)
        assert router.calls == calls, (method, path)
    for method, path in [("GET", f"/api/games/{game}/seat"), ("GET", "/api/health"),
                         ("GET", f"/api/games/{game}/scores-now")]:
        calls = router.calls
        _same(fast, slow, method, path, spectator)
        assert router.calls == calls + 1, (method, path)


def test_the_index_keeps_starlettes_order() -> None:
    """Where a fixed segment and a parameter could both take a path, or a route the index
    cannot hold comes first, Starlette's loop picks the route, as it always did."""
    async def one(request: Any) -> Any: ...
    async def two(request: Any) -> Any: ...
    router = Router([Route("/a/{x}", one), Route("/a/b", two), Route("/c/{n:int}", one),
                     Route("/d", two), WebSocketRoute("/e", one)])
    def found(path: str, method: str = "GET") -> Any:
        hit = router.find({"type": "http", "path": path, "method": method})
        return hit and (hit[0].path, hit[1])
    assert found("/a/z") == ("/a/{x}", {"x": "z"})
    assert found("/a/b") is None  # both take it: the loop picks the first
    assert found("/a/") is None and found("/a/z/") is None and found("/a") is None
    assert found("/a/z", "POST") is None  # 405, the loop's answer
    assert found("/c/1") is None  # a convertor: not held by the index
    assert found("/d") is None  # after a route the index cannot hold
