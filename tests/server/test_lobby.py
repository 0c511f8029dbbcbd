"""The public lobby and the ratings against real ``rr server`` processes (one on SQLite, two
on PostgreSQL): games listed with their seats, clock and rating, joined through the listed
invitation, quick matches, and ratings equal to ``rr ratings --json`` over the rated logs
the server hands out."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.server.harness import Client, Deployment, rr_env
from tests.server.play import play_out


def _listed(client: Client, game: str) -> dict[str, Any] | None:
    found = client.ok("GET", "/api/lobby")["games"]
    return next((g for g in found if g["id"] == game), None)


def _join(client: Client, listed: dict[str, Any], name: str) -> dict[str, Any]:
    taken: dict[str, Any] = client.ok("POST", f"/api/games/{listed['id']}/invitation",
                                      listed["invitation"], {"name": name})
    return taken


def _rated_game(client: Client, first: str, second: str, seed: int,
                third: str | None = None, **fields: Any) -> dict[str, Any]:
    """A rated lobby game created by ``first``, joined by ``second`` (and ``third``, in a
    3-player game) from the lobby and played to its end by random choices; as play_out
    takes it."""
    joiners = [second] if third is None else [second, third]
    made = client.ok("POST", "/api/lobby/games", body={"name": first,
                                                       "players": 1 + len(joiners), **fields})
    tokens = [made["token"]]
    for name in joiners:
        listed = _listed(client, made["id"])
        assert listed is not None
        tokens.append(_join(client, listed, name)["token"])
    created = {"id": made["id"], "spectator": made["spectator"],
               "seats": [{"seat": seat, "token": token} for seat, token in enumerate(tokens)]}
    # Once dealt, the lobby offers it to watch (no seat left to take).
    listed = _listed(client, made["id"])
    assert listed is not None and listed["free"] == 0 and listed["invitation"] is None
    assert listed["spectator"] == made["spectator"] and listed["dealt"]
    play_out(client, created, random.Random(seed))
    assert _listed(client, made["id"]) is None  # over: gone from the lobby
    return created


def test_a_listed_game_shows_its_seats_clock_and_rating(deployment: Deployment) -> None:
    client = deployment.client
    made = client.ok("POST", "/api/lobby/games", body={
        "name": "Ana", "players": 3, "rated": True,
        "clock": {"kind": "real", "minutes": 5, "increment": 5}})
    listed = _listed(client, made["id"])
    assert listed is not None
    assert listed["players"] == ["Ana", None, None] and listed["free"] == 2
    assert listed["rated"] is True and listed["ruleset"] == "official"
    assert listed["clock"]["text"] == "5 min + 5 s"
    assert listed["invitation"] == made["invitation"] and listed["spectator"] is None
    _join(client, listed, "Bo")
    listed = _listed(client, made["id"])
    assert listed is not None and listed["players"] == ["Ana", "Bo", None]
    assert listed["free"] == 1 and not listed["dealt"]
    # A game made with POST /api/games is not in the lobby.
    other = client.ok("POST", "/api/games", body={"players": ["Cy", "Di"]})
    assert _listed(client, other["id"]) is None
    # Bad requests say what is wrong and list nothing.
    bad = client.call("POST", "/api/lobby/games", body={"name": "Ana", "players": 7})
    assert bad.status_code == 422 and "2 to 6" in bad.json()["error"]["message"]
    bad = client.call("POST", "/api/lobby/games", body={"name": "Ana", "players": 2,
                                                        "clock": {"kind": "hourglass"}})
    assert bad.status_code == 400 and "real" in bad.json()["error"]["message"]


def test_quick_match_joins_the_oldest_game_or_makes_one(deployment: Deployment) -> None:
    client = deployment.client
    first = client.ok("POST", "/api/lobby/quick", body={"name": "Ana", "players": 2})
    assert first["created"] and first["seat"] == 0
    second = client.ok("POST", "/api/lobby/quick", body={"name": "Bo", "players": 2})
    assert not second["created"] and second["id"] == first["id"] and second["seat"] == 1
    third = client.ok("POST", "/api/lobby/quick", body={"name": "Cy", "players": 2})
    assert third["created"] and third["id"] != first["id"]
    # A quick match of 3 does not take a seat of a 2-player game.
    fourth = client.ok("POST", "/api/lobby/quick", body={"name": "Di", "players": 3})
    assert fourth["created"]
    # Ana's game was dealt when Bo took the other seat.
    answer = client.ok("GET", f"/api/games/{first['id']}", first["token"])
    assert answer["view"]["players"][1]["name"] == "Bo"


def test_ratings_equal_rr_ratings_over_the_rated_logs(deployment: Deployment,
                                                      tmp_path: Path) -> None:
    client = deployment.client
    _rated_game(client, "Ana", "Bo", 1)
    _rated_game(client, "Bo", "Cy", 2)
    _rated_game(client, "Cy", "Ana", 3)
    _rated_game(client, "Bo", "Ana", 5, third="Cy")
    casual = _rated_game(client, "Ana", "Di", 4, rated=False)
    rated = client.ok("GET", "/api/rated")["games"]
    assert [g["number"] for g in rated] == [1, 2, 3, 4]
    assert casual["id"] not in [g["id"] for g in rated]
    folder = tmp_path / "rated"
    folder.mkdir()
    for game in rated:
        answer = client.call("GET", game["log"])
        assert answer.status_code == 200
        assert game["file"] in answer.headers["content-disposition"]
        (folder / game["file"]).write_bytes(answer.content)
    # The casual game's log, downloaded beside them, is not rated either.
    log = client.call("GET", f"/api/games/{casual['id']}/log", casual["spectator"])
    (folder / f"zz-{casual['id']}.rrlog").write_bytes(log.content)
    shown = client.ok("GET", "/api/ratings")
    done = subprocess.run([sys.executable, "-m", "rr", "ratings", "--json", str(folder)],
                          capture_output=True, text=True, env=rr_env(), timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == shown
    assert shown["games"] == 4 and {r["name"] for r in shown["ratings"]} == {"Ana", "Bo", "Cy"}
    # Each player count's games rated apart: the same as rr ratings --players N.
    assert sorted(shown["by_players"]) == ["2", "3"]
    assert [shown["by_players"][n]["games"] for n in ("2", "3")] == [3, 1]
    for count in ("2", "3"):
        alone = subprocess.run([sys.executable, "-m", "rr", "ratings", "--json", "--players",
                                count, str(folder)], capture_output=True, text=True,
                               env=rr_env(), timeout=60)
        assert json.loads(alone.stdout)["ratings"] == shown["by_players"][count]["ratings"]
    ana = client.ok("GET", "/api/ratings/players/Ana")
    assert [step["game"] for step in ana["history"]] == [rated[0]["file"], rated[2]["file"],
                                                         rated[3]["file"]]
    assert [step["players"] for step in ana["history"]] == [2, 2, 3]
    assert ana["history"][-1]["mu"] == ana["rating"]["mu"]
    # The 3-player rating is that one game's; the 2-player one differs from the overall.
    assert ana["by_players"]["3"]["games"] == 1 and ana["by_players"]["2"]["games"] == 2
    two = {r["name"]: r for r in shown["by_players"]["2"]["ratings"]}
    assert ana["by_players"]["2"] == two["Ana"] and ana["by_players"]["2"] != ana["rating"]
    assert client.ok("GET", "/api/ratings/players/Di") == {"name": "Di", "rating": None,
                                                           "by_players": {}, "history": []}
    # An unfinished or unrated game's log is not handed out by the ratings' route.
    assert client.call("GET", f"/api/rated/{casual['id']}/log").status_code == 403


def test_quick_match_with_a_clock_joins_a_game_of_that_clock(deployment: Deployment) -> None:
    client = deployment.client
    five = {"kind": "real", "minutes": 5, "increment": 5}
    plain = client.ok("POST", "/api/lobby/quick", body={"name": "Ana", "players": 2})
    first = client.ok("POST", "/api/lobby/quick", body={"name": "Bo", "players": 2,
                                                       "clock": five})
    # Not Ana's game without a clock: a new game with the clock asked for.
    assert first["created"] and first["id"] != plain["id"]
    assert client.ok("GET", f"/api/clocks/{first['id']}")["text"] == "5 min + 5 s"
    # Another clock (or another policy at zero) is another game.
    other = client.ok("POST", "/api/lobby/quick", body={
        "name": "Cy", "players": 2, "clock": {**five, "at_zero": "greedy"}})
    assert other["created"]
    second = client.ok("POST", "/api/lobby/quick", body={"name": "Di", "players": 2,
                                                        "clock": five})
    assert not second["created"] and second["id"] == first["id"] and second["seat"] == 1
    bad = client.call("POST", "/api/lobby/quick", body={"name": "Ed", "players": 2,
                                                        "clock": {"kind": "hours"}})
    assert bad.status_code == 400
