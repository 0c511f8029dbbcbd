"""The per-process cache of rebuilt games stays true to the store: two `Games` on one SQLite
file (as two server processes) see each other's choices, and a cache that is ahead of the
store (a database put back to an older copy) is rebuilt, not trusted."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from rr.engine import Game
from rr.server.errors import StoreError
from rr.server.errors import StaleDecisionError
from rr.server.games import Games
from rr.server.requests import Choice, new_game
from rr.server.store_sqlite import SqliteStore


def pick(games: Games, created: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The deciding seat's choice of a random option, made through ``games``."""
    spectator = games.show(games.access(created["spectator"]))
    seat = spectator["view"]["pending"]["seat"]
    token = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    mine = games.show(games.access(token))
    option = rng.choice(mine["view"]["pending"]["options"])
    answer: dict[str, Any] = games.choose(games.access(token),
                                          Choice(option["action"], mine["decision"]))
    return answer


def test_two_processes_take_turns_on_one_game(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Choices alternate between two Games on one file; each sees the other's at once,
    caught up by making the recorded decisions again (the whole log is re-adjudicated only
    once, when the second first sees the game), and a choice against the decision the other
    already took is 409."""
    resumed = []
    real = Game.resume
    monkeypatch.setattr(Game, "resume", lambda events, secret=None: resumed.append(1)
                        or real(events, secret))
    first = Games(SqliteStore(tmp_path / "g.sqlite"))
    second = Games(SqliteStore(tmp_path / "g.sqlite"))
    created = first.create(new_game({"players": ["Ana", "Bo", "Cy"], "seed": 2, "practice": True}))
    rng = random.Random(3)
    for turn in range(30):
        mine, other = (first, second) if turn % 2 else (second, first)
        answer = pick(mine, created, rng)
        seen = other.show(other.access(created["spectator"]))
        assert (seen["records"], seen["decision"]) == (answer["records"], answer["decision"])
    assert len(resumed) == 1
    seat = answer["view"]["pending"]["seat"]
    token = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    stale = Choice(0, answer["decision"] - 1)
    with pytest.raises(StaleDecisionError):
        second.choose(second.access(token), stale)


def test_a_cache_ahead_of_the_store_is_rebuilt(tmp_path: Path) -> None:
    """The database put back to a copy taken ten choices ago (refused until its mark is
    deleted): the next choice is made on the stored game (the cached one, ten choices ahead,
    is dropped), and is accepted."""
    path = tmp_path / "g.sqlite"
    games = Games(SqliteStore(path))
    created = games.create(new_game({"players": ["Ana", "Bo"], "seed": 4, "practice": True}))
    rng = random.Random(5)
    old = pick(games, created, rng)
    games.store.close()
    shutil.copy(path, tmp_path / "copy.sqlite")
    for suffix in ("-wal", "-shm"):
        if Path(f"{path}{suffix}").exists():
            shutil.copy(f"{path}{suffix}", tmp_path / f"copy.sqlite{suffix}")
    games.store = SqliteStore(path)
    for _ in range(10):
        pick(games, created, rng)
    games.store.close()
    for suffix in ("", "-wal", "-shm"):
        target = Path(f"{path}{suffix}")
        target.unlink(missing_ok=True)
        if (tmp_path / f"copy.sqlite{suffix}").exists():
            shutil.copy(tmp_path / f"copy.sqlite{suffix}", target)
    with pytest.raises(StoreError, match="lost committed changes"):
        SqliteStore(path)  # refused: rr.server.sqlite_mark ...
    Path(f"{path}-mark").unlink()  # ... until the operator, meaning it, deletes the mark
    games.store = SqliteStore(path)
    assert games.show(games.access(created["spectator"]))["records"] >= old["records"]
    again = pick(games, created, rng)
    assert again["decision"] == old["decision"] + 1
