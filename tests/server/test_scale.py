"""The lobby, clocks, chat and webhooks with ``rr server --workers 2`` on one port over one
PostgreSQL database, each request sent to the worker the test chooses (tests.server.pinned):
what one process does, the other sees; a clock that runs out is applied once, whichever
process sees it first, and ``rr audit`` accepts the log; a turn's webhook is called once."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server import postgres
from tests.server.harness import Server, rr_env
from tests.server.pinned import Pinned, children
from tests.server.test_webhooks import _Receiver


@pytest.fixture(scope="module")
def workers(pg: postgres.Cluster | str, tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[Pinned]:
    """``rr server --workers 2`` on a fresh PostgreSQL database (webhooks to this machine
    allowed), and a client choosing the worker of each request."""
    if isinstance(pg, str):
        pytest.skip(pg)
    folder = tmp_path_factory.mktemp("workers")
    server = Server(pg.database(), folder, extra=[
        "--workers", "2", "--rate", "100000", "--games-per-hour", "1000000",
        "--webhooks-private"])
    try:
        assert server.process is not None
        deadline = time.monotonic() + 30
        while len(children(server.process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        pids = children(server.process.pid)
        assert len(pids) == 2
        pinned = Pinned(int(server.url.rsplit(":", 1)[1]), pids)
        yield pinned
        pinned.close()
        assert "Traceback" not in server.output(), server.output()[-3000:]
    finally:
        server.stop()


def _wait(what: Any, seconds: float = 60.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = what()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("not in time")


def _game(w: Pinned, clock: dict[str, Any] | None = None, name: str = "Ana") -> dict[str, Any]:
    """A 2-player lobby game made through worker 0, its second seat taken through worker 1."""
    made = w.ok(0, "POST", "/api/lobby/games", body={"name": name, "players": 2,
                                                     "clock": clock})
    taken = w.ok(1, "POST", f"/api/games/{made['id']}/invitation", made["invitation"],
                 {"name": "Bo"})
    return {"id": made["id"], "spectator": made["spectator"],
            "tokens": {0: made["token"], 1: taken["token"]}}


def test_the_lobby_and_the_chat_across_workers(workers: Pinned) -> None:
    w = workers
    made = w.ok(0, "POST", "/api/lobby/games", body={"name": "Cy", "players": 3})
    listed = {g["id"]: g for g in w.ok(1, "GET", "/api/lobby")["games"]}
    assert listed[made["id"]]["players"] == ["Cy", None, None]
    w.ok(1, "POST", f"/api/games/{made['id']}/invitation", made["invitation"], {"name": "Di"})
    listed = {g["id"]: g for g in w.ok(0, "GET", "/api/lobby")["games"]}
    assert listed[made["id"]]["players"] == ["Cy", "Di", None]
    # Chat said through one process is read through the other, in one numbering.
    path = f"/api/games/{made['id']}/chat"
    w.ok(0, "POST", path, made["token"], {"text": "hello"})
    w.ok(1, "POST", path, made["spectator"], {"text": "hi all", "name": "Eve"})
    seen = w.ok(1, "GET", path, made["token"])["messages"]
    assert [(m["seq"], m["name"], m["text"]) for m in seen] == [(1, "Cy", "hello")]
    seen = w.ok(0, "GET", path, made["spectator"])["messages"]
    assert [(m["seq"], m["room"]) for m in seen] == [(1, "players"), (2, "spectators")]
    # The chat's rate limit is one for the server, not one per process: a burst of five,
    # then refused, whichever process is asked.
    statuses = [w.call(i % 2, "POST", path, made["token"], {"text": f"m{i}"})[0]
                for i in range(8)]
    assert statuses.count(200) <= 5 and statuses[-1] == 429, statuses


def test_a_clock_run_out_is_applied_once(workers: Pinned) -> None:
    """Both processes tick every clock; the greedy bot makes the decision of the seat out of
    time once, recorded once."""
    w = workers
    games = [_game(w, {"kind": "real", "minutes": 0.05, "increment": 60, "at_zero": "greedy"})
             for _ in range(3)]
    at = [w.ok(i % 2, "GET", f"/api/games/{g['id']}", g["spectator"])["decision"]
          for i, g in enumerate(games)]
    for i, game in enumerate(games):
        _wait(lambda i=i, game=game: w.ok(i % 2, "GET", f"/api/clocks/{game['id']}")["timeouts"])
    time.sleep(1.5)  # a second application would come within a few ticks
    for i, game in enumerate(games):
        clock = w.ok(i % 2, "GET", f"/api/clocks/{game['id']}")
        assert [t["decision"] for t in clock["timeouts"]] == [at[i]], clock
        now = w.ok(1 - i % 2, "GET", f"/api/games/{game['id']}", game["spectator"])
        assert now["decision"] == at[i] + 1  # one decision made for the seat, no more


def test_forfeits_across_workers_pass_the_audit(workers: Pinned, tmp_path: Path) -> None:
    """Both seats run out and forfeit; the bots play the games to their end; each decision a
    bot made is recorded once, and ``rr audit`` accepts each log."""
    w = workers
    games = [_game(w, {"kind": "real", "minutes": 0.05, "increment": 0}, f"Fay{n}")
             for n in range(2)]
    for game in games:
        _wait(lambda game=game: w.ok(0, "GET", f"/api/games/{game['id']}",
                                     game["spectator"])["view"]["pending"] is None, 120)
    rated = {g["id"]: g for g in w.ok(1, "GET", "/api/rated")["games"]}
    for i, game in enumerate(games):
        clock = w.ok(i % 2, "GET", f"/api/clocks/{game['id']}")
        assert sorted(clock["forfeited"]) == [0, 1]
        decisions = [t["decision"] for t in clock["timeouts"]]
        assert len(decisions) == len(set(decisions)) > 2
        found = rated[game["id"]]
        path = tmp_path / found["file"]
        path.write_bytes(w.ok(1 - i % 2, "GET", found["log"]))
        audited = subprocess.run([sys.executable, "-m", "rr", "audit", "--json", str(path)],
                                 capture_output=True, text=True, env=rr_env(), timeout=120)
        assert audited.returncode == 0, audited.stdout + audited.stderr
        assert "seat(s) 1, 2 forfeited" in json.loads(audited.stdout)["table"]


def test_a_turns_webhook_is_called_once_across_workers(workers: Pinned) -> None:
    w = workers
    receiver = _Receiver()
    try:
        game = _game(w, {"kind": "days", "days": 1})
        for seat in (0, 1):
            w.ok(seat, "POST", f"/api/games/{game['id']}/webhook", game["tokens"][seat],
                 {"url": f"{receiver.url}/{seat}"})
        passes: list[tuple[str, int]] = []
        last = None
        for n in range(24):
            views = [w.ok((n + s) % 2, "GET", f"/api/games/{game['id']}", game["tokens"][s])
                     for s in (0, 1)]
            seat = next(s for s in (0, 1) if views[s]["view"]["pending"]["options"])
            if seat != last:
                passes.append((f"/{seat}", views[seat]["decision"]))
                last = seat
            w.ok(n % 2, "POST", f"/api/games/{game['id']}/choose", game["tokens"][seat],
                 {"action": views[seat]["view"]["pending"]["options"][0]["action"],
                  "decision": views[seat]["decision"]})
        views = [w.ok(s, "GET", f"/api/games/{game['id']}", game["tokens"][s]) for s in (0, 1)]
        seat = next(s for s in (0, 1) if views[s]["view"]["pending"]["options"])
        if seat != last:  # the last choice passed the turn
            passes.append((f"/{seat}", views[seat]["decision"]))
        assert len(passes) >= 4
        # Every pass told (the first perhaps not: it may come before the webhooks were set).
        ends = {passes[-1][1]}
        _wait(lambda: ends <= {b["decision"] for _, b in receiver.got}, 60)
        time.sleep(1.5)  # a second call would come within a few ticks
        got = [(p, b["decision"]) for p, b in receiver.got]
        assert len(got) == len(set(got)), got  # never twice
        # Every pass once, in order; the first (at the deal) may come before the webhooks were
        # set, or be told at a later decision of the same seat (the clock sees the deal
        # within a tick: the seat may have moved at once).
        ordered = sorted(got, key=lambda g: g[1])
        assert ordered == passes[1:] or (ordered[1:] == passes[1:]
                                         and ordered[0][0] == passes[0][0]), (got, passes)
    finally:
        receiver.close()


def test_a_new_game_reaches_the_other_workers_lobby(workers: Pinned) -> None:
    """The time from a game made through one process to its listing by the other (twenty
    tries; printed with ``-s``)."""
    w = workers
    took = []
    for n in range(20):
        maker = n % 2
        made = w.ok(maker, "POST", "/api/lobby/games", body={"name": "Gus", "players": 2})
        start = time.perf_counter()
        while made["id"] not in {g["id"] for g in w.ok(1 - maker, "GET", "/api/lobby")["games"]}:
            assert time.perf_counter() - start < 10
        took.append(time.perf_counter() - start)
    print(f"lobby update across workers: median {statistics.median(took) * 1000:.1f} ms, "
          f"max {max(took) * 1000:.1f} ms over {len(took)}")
    assert max(took) < 10
