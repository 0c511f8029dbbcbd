"""Clocks run by real ``rr server`` processes (SQLite, and two processes on PostgreSQL): a seat
whose time runs out has the clock's policy applied — a named bot plays its turn, or it
forfeits (a bot plays it to the end, and it counts last in the ratings) — recorded in the
log's header, which ``rr audit`` checks; a clock survives a restart, and the time the
server is down does not count."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.server.harness import Client, Deployment, rr_env


def _game(client: Client, clock: dict[str, Any]) -> dict[str, Any]:
    """A 2-player lobby game with ``clock``, its second seat taken: the seats' tokens."""
    made = client.ok("POST", "/api/lobby/games", body={"name": "Ana", "players": 2,
                                                       "clock": clock})
    taken = client.ok("POST", f"/api/games/{made['id']}/invitation", made["invitation"],
                      {"name": "Bo"})
    return {"id": made["id"], "spectator": made["spectator"],
            "tokens": {0: made["token"], 1: taken["token"]}}


def _wait(what: Any, seconds: float = 40.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = what()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError("not in time")


def _rr(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rr", *args], capture_output=True, text=True,
                          env=rr_env(), timeout=120)


def test_a_named_bot_plays_the_turn_of_a_seat_out_of_time(deployment: Deployment) -> None:
    client = deployment.client
    game = _game(client, {"kind": "real", "minutes": 0.05, "increment": 1, "at_zero": "greedy"})
    clock = client.ok("GET", f"/api/clocks/{game['id']}")
    assert clock["text"] == "0.05 min + 1 s" and clock["running"]
    seat, decision = clock["seat"], client.ok("GET", f"/api/games/{game['id']}",
                                              game["spectator"])["decision"]
    assert 0 < clock["left_ms"][seat] <= 3000
    timed = _wait(lambda: client.ok("GET", f"/api/clocks/{game['id']}")["timeouts"])
    assert timed == [{"decision": decision, "seat": seat, "bot": "greedy", "forfeit": False}]
    after = client.ok("GET", f"/api/games/{game['id']}", game["spectator"])
    assert after["decision"] > decision
    # The seat's decision was made for it: choosing it now is refused as past.
    late = client.call("POST", f"/api/games/{game['id']}/choose", game["tokens"][seat],
                       {"action": 0, "decision": decision})
    assert late.status_code == 409


def _play_out(client: Client, game: dict[str, Any], out: int, rng: random.Random) -> None:
    """Play the seats that did not forfeit to the end (a forfeited seat's bot plays it; on a
    loaded machine the other seat may run out of time too, and is then refused: 403)."""
    gone = {out}
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        spectator = client.ok("GET", f"/api/games/{game['id']}", game["spectator"])
        pending = spectator["view"]["pending"]
        if pending is None:
            return
        if pending["seat"] in gone:
            time.sleep(0.05)
            continue
        mine = client.ok("GET", f"/api/games/{game['id']}", game["tokens"][pending["seat"]])
        options = mine["view"]["pending"]["options"]
        if options is None:
            continue
        made = client.call("POST", f"/api/games/{game['id']}/choose",
                           game["tokens"][pending["seat"]],
                           {"action": rng.choice(options)["action"],
                            "decision": mine["decision"]})
        if made.status_code == 403:
            gone.add(pending["seat"])
    raise AssertionError("no end")


def test_a_seat_out_of_time_forfeits_and_counts_last(deployment: Deployment,
                                                     tmp_path: Path) -> None:
    client = deployment.client
    # The other seat gets a minute whenever its turn passes: it is played by this test.
    game = _game(client, {"kind": "real", "minutes": 0.05, "increment": 60})
    first = client.ok("GET", f"/api/clocks/{game['id']}")["seat"]
    timed = _wait(lambda: client.ok("GET", f"/api/clocks/{game['id']}")["forfeited"])
    assert timed == [first]
    # The seat that forfeited cannot choose any more, even when its turn comes.
    for _ in range(200):
        mine = client.ok("GET", f"/api/games/{game['id']}", game["tokens"][first])
        if mine["view"]["pending"]["options"]:
            late = client.call("POST", f"/api/games/{game['id']}/choose",
                               game["tokens"][first],
                               {"action": mine["view"]["pending"]["options"][0]["action"],
                                "decision": mine["decision"]})
            assert late.status_code in (403, 409), late.text  # 409: its bot was quicker
            break
        other = client.ok("GET", f"/api/games/{game['id']}", game["tokens"][1 - first])
        if other["view"]["pending"]["options"]:
            client.call("POST", f"/api/games/{game['id']}/choose", game["tokens"][1 - first],
                        {"action": other["view"]["pending"]["options"][0]["action"],
                         "decision": other["decision"]})
    _play_out(client, game, first, random.Random(5))
    clock = client.ok("GET", f"/api/clocks/{game['id']}")
    assert clock["forfeited"][0] == first
    assert len([t for t in clock["timeouts"] if t["seat"] == first]) > 1  # played to the end
    rated = client.ok("GET", "/api/rated")["games"]
    assert [g["id"] for g in rated] == [game["id"]]
    path = tmp_path / rated[0]["file"]
    path.write_bytes(client.call("GET", rated[0]["log"]).content)
    audited = _rr("audit", "--json", str(path))
    assert audited.returncode == 0, audited.stdout + audited.stderr
    report = json.loads(audited.stdout)
    assert "forfeited" in report["table"] and "at zero forfeit" in report["table"]
    ratings = json.loads(_rr("ratings", "--json", str(tmp_path)).stdout)
    names = ["Ana", "Bo"]
    # Whoever won on the board, the seat that forfeited is rated below the other (unless,
    # on a loaded machine, the other ran out of time too: then they tie).
    if clock["forfeited"] == [first]:
        assert ratings["ratings"][-1]["name"] == names[first]
    assert ratings == client.ok("GET", "/api/ratings")
    # A log whose table section claims a time-out the game does not hold is refused.
    from rr.events import log
    read = log.decode(path.read_bytes())
    table = dict(read.header["table"])
    table["timeouts"] = [*table["timeouts"], {"decision": 0, "seat": 1 - first,
                                              "bot": "random", "forfeit": True}]
    forged = tmp_path / "forged.rrlog"
    forged.write_bytes(log.encode(read.events, seats=read.header.get("seats"), table=table))
    refused = _rr("audit", str(forged))
    assert refused.returncode == 1 and "table section" in refused.stdout + refused.stderr


def test_a_clock_survives_a_restart(deployment: Deployment) -> None:
    client = deployment.client
    game = _game(client, {"kind": "real", "minutes": 0.25, "increment": 0,
                          "at_zero": "random"})
    before = client.ok("GET", f"/api/clocks/{game['id']}")
    deployment.restart()
    after = client.ok("GET", f"/api/clocks/{game['id']}")
    seat = before["seat"]
    # Still counting down for the same seat (or, after a slow restart, run out already); a
    # restart slower than the heartbeat's 5 s gives the time down back, up to a second more.
    assert after["timeouts"] or (after["seat"] == seat
                                 and after["left_ms"][seat] < before["left_ms"][seat] + 1000)
    timed = _wait(lambda: client.ok("GET", f"/api/clocks/{game['id']}")["timeouts"])
    assert timed[0]["seat"] == seat and timed[0]["bot"] == "random"


def test_time_the_server_is_down_does_not_count(deployment: Deployment) -> None:
    """The servers are stopped for 16 s, more than the seat would have left after them:
    started again, its clock has about the time it had when they stopped, and runs."""
    client = deployment.client
    game = _game(client, {"kind": "real", "minutes": 0.4, "increment": 0,
                          "at_zero": "random"})
    before = client.ok("GET", f"/api/clocks/{game['id']}")
    seat = before["seat"]
    deployment.kill()
    time.sleep(16)
    for server in deployment.servers:
        server.start()
    after = client.ok("GET", f"/api/clocks/{game['id']}")
    assert not after["timeouts"] and after["seat"] == seat
    # Without the time given back, 24 s less 16 s down and the restart would leave < 8 s
    # (the restart itself counts: slow on a loaded machine). The gap given back runs from
    # the last heartbeat: up to a second more than was down.
    assert 10_000 < after["left_ms"][seat] <= before["left_ms"][seat] + 1000
    assert "were given that time back" in deployment.output()
    time.sleep(1.0)
    assert client.ok("GET", f"/api/clocks/{game['id']}")["left_ms"][seat] \
        < after["left_ms"][seat]  # running again


def test_a_signed_game_with_a_clock_forfeits_and_passes_the_seats_audit(
        deployment: Deployment, tmp_path: Path, keys: tuple[Path, Path]) -> None:
    """A signed lobby game with a clock: the first seat to move lets its time run out and
    forfeits; the server's bot plays it, and the server signs those decisions; the other
    seat signs its own to the end. ``rr audit --seats`` accepts the log, naming the forfeit;
    the same log claiming no forfeit is refused (the server signed a seat's decision)."""
    from rr.client import Client as SeatClient
    from rr.client import ClientError
    from rr.events import log
    from rr.seatkeys import SeatKey

    client = deployment.client
    clock = {"kind": "real", "minutes": 0.05, "increment": 60}
    refused = client.call("POST", "/api/lobby/games", body={
        "name": "Ana", "players": 2, "signed": True, "clock": {**clock, "at_zero": "greedy"}})
    assert refused.status_code == 422 and "forfeit" in refused.json()["error"]["message"]
    made = client.ok("POST", "/api/lobby/games", body={"name": "Ana", "players": 2,
                                                       "signed": True, "clock": clock})
    taken = client.ok("POST", f"/api/games/{made['id']}/invitation", made["invitation"],
                      {"name": "Bo"})
    seats = [SeatClient(client.base(), made["id"], token, SeatKey.generate())
             for token in (made["token"], taken["token"])]
    for seat in seats:
        seat.join()
    first = _wait(lambda: client.ok("GET", f"/api/clocks/{made['id']}")["forfeited"])[0]
    other = seats[1 - first]
    deadline = time.monotonic() + 300
    while not (answer := other.show())["over"]:
        assert time.monotonic() < deadline
        options = answer["view"]["pending"]["options"]
        if options is not None:
            try:
                other.choose(options[-1]["action"])
            except ClientError as err:  # its bot was quicker, or (loaded) it ran out too
                assert err.status in (403, 409), err
                time.sleep(0.05)
    found = client.ok("GET", f"/api/clocks/{made['id']}")
    assert found["forfeited"][0] == first
    path = tmp_path / "signed.rrlog"
    path.write_bytes(other.log())
    signature = client.call("GET", f"/api/games/{made['id']}/log.sig", other.token)
    assert signature.status_code == 200
    (tmp_path / "signed.rrlog.sig").write_text(signature.text)
    audited = _rr("audit", "--seats", "--key", str(keys[1]), str(path))
    assert audited.returncode == 0, audited.stdout + audited.stderr
    names = ["Ana", "Bo"]
    assert f"{names[first]} forfeited on the clock" in audited.stdout
    # The same log, its table section saying the time-outs did not forfeit: the decisions
    # the server signed are the seat's to sign, and the seats' check refuses them.
    read = log.decode(path.read_bytes())
    table = dict(read.header["table"])
    table["timeouts"] = [{**t, "forfeit": False, "bot": "random"} for t in table["timeouts"]]
    table["clock"] = {**table["clock"], "at_zero": "random"}
    table["forfeited"] = []
    forged = tmp_path / "forged.rrlog"
    forged.write_bytes(log.encode(read.events, seats=read.header["seats"], table=table))
    refused_audit = _rr("audit", "--seats", str(forged))
    assert refused_audit.returncode != 0
    assert "the server's key" in refused_audit.stdout + refused_audit.stderr


def test_turn_based_clock_and_bad_clocks(deployment: Deployment) -> None:
    client = deployment.client
    game = _game(client, {"kind": "days", "days": 2})
    clock = client.ok("GET", f"/api/clocks/{game['id']}")
    assert clock["text"] == "2 days a move"
    assert 2 * 86_400_000 - 60_000 < clock["left_ms"][clock["seat"]] <= 2 * 86_400_000
    bad = client.call("POST", "/api/lobby/games", body={
        "name": "Ana", "players": 2, "clock": {"kind": "days", "days": 30}})
    assert bad.status_code == 422 and "14" in bad.json()["error"]["message"]
    bad = client.call("POST", "/api/lobby/games", body={
        "name": "Ana", "players": 2, "signed": True,
        "clock": {"kind": "days", "days": 1, "at_zero": "random"}})
    assert bad.status_code == 422
    # A game without a clock (or none at all) shows none.
    assert client.ok("GET", "/api/clocks/nosuchgame") is None
    plain = client.ok("POST", "/api/lobby/games", body={"name": "Cy", "players": 2})
    assert client.ok("GET", f"/api/clocks/{plain['id']}") is None
