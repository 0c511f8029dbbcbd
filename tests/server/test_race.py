"""A read racing a choice in one process never leaves the cache with a stale decision number
(issue #26, point 5): a read takes the game's row under the game's lock, as a choice does.

The interleaving is forced, not hoped for: the reader is held between reading the row and
taking the lock (if it reads the row first) until the choice has committed."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from rr.server.games import Games
from rr.server.requests import Choice, new_game
from rr.server.store import GameRow
from rr.server.store_sqlite import SqliteStore

WAIT = 20.0
"""Seconds any step may wait for another (a safety bound: no step waits that long)."""


def test_a_story_read_racing_a_choice_leaves_no_stale_decision(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The story is read while a choice is made: the row it read before the choice must not
    become the cache's decision number, so the seats are then shown the game's decision
    number, and a choice that names it is accepted (it was answered 409 for ever)."""
    games = Games(SqliteStore(tmp_path / "g.sqlite"))
    created = games.create(new_game({"players": ["Ana", "Bo"], "seed": 4, "practice": True}))
    spectator = games.access(created["spectator"])
    reader = threading.current_thread()  # replaced by the reading thread below
    read_row, paused, committed = threading.Event(), threading.Event(), threading.Event()
    real_row, real_lock = games.store.row, games._lock

    def row(game: str) -> GameRow | None:
        found = real_row(game)
        if threading.current_thread() is reader:
            read_row.set()
        return found

    def lock(game: str) -> threading.Lock:
        if threading.current_thread() is reader and read_row.is_set() and not paused.is_set():
            paused.set()  # the row is read and the lock not yet taken: let the choice in
            assert committed.wait(WAIT)
        return real_lock(game)

    monkeypatch.setattr(games.store, "row", row)
    monkeypatch.setattr(games, "_lock", lock)
    read: list[Any] = []
    thread = threading.Thread(target=lambda: read.append(story(games, spectator)))
    reader = thread
    thread.start()
    while thread.is_alive() and not paused.wait(0.01):
        pass  # the reader either pauses (the row read outside the lock) or finishes
    choose_for_the_deciding_seat(games, created)
    committed.set()
    thread.join(WAIT)
    assert read and not thread.is_alive()
    assert not paused.is_set(), "the row was read before the game's lock was taken"
    stored = real_row(created["id"])
    assert stored is not None
    shown = games.show(spectator)
    assert shown["decision"] == stored.decisions
    choose_for_the_deciding_seat(games, created)  # named from what the seat is shown: not 409


def story(games: Games, access: Any) -> Any:
    """What the table reads when it opens: the seat answer with the story from record 0."""
    return games.show(access, 0)


def choose_for_the_deciding_seat(games: Games, created: dict[str, Any]) -> None:
    """The deciding seat's first option, named with the decision number it is shown."""
    seat = games.show(games.access(created["spectator"]))["view"]["pending"]["seat"]
    token = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    shown = games.show(games.access(token))
    games.choose(games.access(token), Choice(shown["view"]["pending"]["options"][0]["action"],
                                             shown["decision"]))
