"""`kill -9` at any moment loses no answered choice: the server is killed while clients are
choosing, restarted, and every game goes on from where its last answer left it, to an end
whose log audits clean (on SQLite, and on PostgreSQL with both processes killed). The same
with many games choosing at once, whose choices share group commits (rr.server.commits:
a choice is answered only once the commit carrying it is done); and SIGTERM stops a server
cleanly (status 0, no traceback), every answered choice stored."""

from __future__ import annotations

import random
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.harness import Client, Deployment
from tests.server.play import audit, create, download, play_out, step, tokens

KILLS = 4


def keep_choosing(deployment: Deployment, games: list[dict[str, Any]], seed: int,
                  answered: dict[str, tuple[int, dict[str, Any]]], stop: threading.Event) -> None:
    """Choose in every game in turn until the server goes away; record each game's last
    answered choice (its decision number and the chooser's view)."""
    client = Client(deployment.servers)
    rng = random.Random(seed)
    last: dict[str, Any] = {}
    try:
        while not stop.is_set():
            for created in games:
                answer = step(client, created, rng, last=last.get(created["id"]))
                if answer is not None:
                    answered[created["id"]] = (answer["seat"], answer)
                    last[created["id"]] = answer
    except (httpx.HTTPError, AssertionError):
        return  # the server was killed under us
    finally:
        client.close()


def test_kill_9_mid_game_loses_no_answered_choice(deployment: Deployment, tmp_path: Path,
                                                  keys: tuple[Path, Path]) -> None:
    """Four times: clients choose in three games, every server process is killed with
    SIGKILL at a random moment, restarted; each game is then at least at its last answered
    decision — exactly at it, with the same view, unless a choice was committed whose answer
    the kill cut off. Then the games are played out and their logs audit clean."""
    client = deployment.client
    games = [create(client, players=["Ana", "Bo"], seed=20, practice=True),
             create(client, players=["Ana", "Bo", "Cy"], seed=21, practice=True),
             create(client, players=["Ana"], solo={"level": 2}, seed=22, practice=True)]
    answered: dict[str, tuple[int, dict[str, Any]]] = {}
    pace = random.Random(5)
    for round_ in range(KILLS):
        stop = threading.Event()
        chooser = threading.Thread(target=keep_choosing,
                                   args=(deployment, games, round_, answered, stop))
        chooser.start()
        time.sleep(pace.uniform(0.5, 1.5))
        deployment.kill()
        stop.set()
        chooser.join(timeout=60)
        assert not chooser.is_alive()
        deployment.restart()
        _every_answer_stored(client, games, answered)
    assert len(answered) == len(games)
    rng = random.Random(7)
    for created in games:
        play_out(client, created, rng)
        result = audit(download(client, created, tmp_path), keys[1])
        assert result.returncode == 0, result.stdout + result.stderr


CONCURRENT = 8
"""Games chosen in at once, one client thread each (their choices share commits)."""


def _choosing_at_once(deployment: Deployment, count: int, seed: int
                      ) -> tuple[list[dict[str, Any]], dict[str, tuple[int, dict[str, Any]]],
                                 list[threading.Thread], threading.Event]:
    """``count`` new games, each chosen in by a thread of its own until ``stop`` is set or
    the server goes away."""
    games = [create(deployment.client, players=["Ana", "Bo"], seed=seed + i, practice=True)
             for i in range(count)]
    answered: dict[str, tuple[int, dict[str, Any]]] = {}
    stop = threading.Event()
    choosers = [threading.Thread(target=keep_choosing,
                                 args=(deployment, [game], seed + i, answered, stop))
                for i, game in enumerate(games)]
    for chooser in choosers:
        chooser.start()
    deadline = time.monotonic() + 60
    while len(answered) < count // 2 and time.monotonic() < deadline:
        time.sleep(0.05)  # until half the games have had a choice answered
    return games, answered, choosers, stop


def _every_answer_stored(client: Client, games: list[dict[str, Any]],
                         answered: dict[str, tuple[int, dict[str, Any]]]) -> None:
    """Each game is at least at its last answered decision, and exactly there with the same
    view unless a choice was committed whose answer did not reach the client."""
    for created in games:
        if created["id"] not in answered:
            continue
        seat, last = answered[created["id"]]
        now = client.ok("GET", f"/api/games/{created['id']}", tokens(created)[seat])
        assert now["decision"] >= last["decision"]
        if now["decision"] == last["decision"]:
            # the same answer, but for the records each brought (a choice's answer brings
            # those since the chooser's last; a fresh read, none)
            assert _shown(now) == _shown(last)


def test_kill_9_with_many_games_choosing_at_once_loses_no_answered_choice(
        deployment: Deployment) -> None:
    """Twice: eight games are chosen in at once (their choices share commits), every server
    process is killed with SIGKILL at a random moment and restarted: every answered choice
    of every game is stored."""
    pace = random.Random(11)
    for round_ in range(2):
        games, answered, choosers, stop = _choosing_at_once(deployment, CONCURRENT,
                                                            100 * (round_ + 1))
        time.sleep(pace.uniform(0.0, 1.0))
        deployment.kill()
        stop.set()
        for chooser in choosers:
            chooser.join(timeout=60)
            assert not chooser.is_alive()
        deployment.restart()
        assert len(answered) >= CONCURRENT // 2  # choices were answered before the kill
        _every_answer_stored(deployment.client, games, answered)


def test_sigterm_stops_cleanly_keeping_every_answered_choice(deployment: Deployment) -> None:
    """SIGTERM while eight games are chosen in at once: every server process ends by itself
    with status 0 and no traceback (the requests in hand are answered, the store closed
    after its last commit); restarted, every answered choice is stored."""
    games, answered, choosers, stop = _choosing_at_once(deployment, CONCURRENT, 300)
    time.sleep(0.5)
    for server in deployment.servers:
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
    codes = []
    for server in deployment.servers:
        assert server.process is not None
        codes.append(server.process.wait(timeout=60))
    stop.set()
    for chooser in choosers:
        chooser.join(timeout=60)
        assert not chooser.is_alive()
    assert codes == [0] * len(deployment.servers), deployment.output()[-2000:]
    assert "Traceback" not in deployment.output()
    deployment.restart()
    assert len(answered) >= CONCURRENT // 2
    _every_answer_stored(deployment.client, games, answered)


def _shown(answer: dict[str, Any]) -> dict[str, Any]:
    """A seat answer without the records it brought (``since``, ``new``)."""
    return {k: v for k, v in answer.items() if k not in ("since", "new")}

