"""Group commit (rr.server.commits, issue #32): the choices of many games that wait together
go in one transaction; none is settled before its commit; a choice made against a game that
another process went on with is undone alone, and made again on the game as it now is.

The committing thread is held back deterministically (the test takes the store's write lock,
which it needs), never by sleeping."""

from __future__ import annotations

import random
import sqlite3
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from rr.server.errors import StaleDecisionError
from rr.server.games import Games
from rr.server.requests import Choice, new_game
from rr.server.store import Moved
from rr.server.store_sqlite import SqliteStore
from tests.server.test_cache import pick


def _stored(path: Path, game: str) -> tuple[int, int]:
    """The events stored for ``game`` and its row's count, read by a connection of its own."""
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT count(*) FROM events WHERE game = ?", (game,)).fetchone()[0]
        counted = db.execute("SELECT events FROM games WHERE id = ?", (game,)).fetchone()[0]
    return rows, counted


def _games(tmp_path: Path, count: int) -> tuple[Games, list[dict[str, Any]]]:
    games = Games(SqliteStore(tmp_path / "g.sqlite"))
    made = [games.create(new_game({"players": ["Ana", "Bo"], "seed": 30 + i,
                                   "practice": True})) for i in range(count)]
    return games, made


def test_choices_waiting_together_share_one_commit_and_are_settled_only_after_it(
        tmp_path: Path) -> None:
    """Twenty appends handed in while the committing thread waits for the write lock: none is
    done nor visible to another connection until the lock is let go; then all are done and
    stored, in at most two transactions (the committing thread may have taken the first
    work alone before the others were handed in)."""
    games, made = _games(tmp_path, 20)
    store = games.store
    assert isinstance(store, SqliteStore)
    rows = [store.row(m["id"]) for m in made]
    before = store._commits.commits
    futures: list[Future[None]] = []
    with store._writing:  # the committing thread cannot commit
        for row in rows:
            assert row is not None
            futures.append(store.append_later(row, [b"\x92\x00\x80"], row.decisions, False))
        assert not any(f.done() for f in futures)
        for row in rows:
            assert row is not None
            assert _stored(store.path, row.id) == (row.events, row.events)
    for future in futures:
        assert future.result(timeout=60) is None
    for row in rows:
        assert row is not None
        assert _stored(store.path, row.id) == (row.events + 1, row.events + 1)
    assert 1 <= store._commits.commits - before <= 2
    store.close()


def test_a_moved_game_is_undone_alone(tmp_path: Path) -> None:
    """In one transaction, a write made against an old row (the game went on) fails with
    Moved and stores nothing; the other games' writes in it are stored."""
    games, made = _games(tmp_path, 3)
    store = games.store
    assert isinstance(store, SqliteStore)
    old = store.row(made[1]["id"])
    assert old is not None
    store.append_later(old, [b"\x92\x00\x80"], old.decisions, False).result(timeout=60)
    rows = [store.row(m["id"]) for m in made]
    futures = []
    with store._writing:
        for row in (rows[0], old, rows[2]):
            assert row is not None
            futures.append(store.append_later(row, [b"\x92\x00\x80"], row.decisions, False))
    assert futures[0].result(timeout=60) is None and futures[2].result(timeout=60) is None
    with pytest.raises(Moved):
        futures[1].result(timeout=60)
    assert _stored(store.path, old.id) == (old.events + 1, old.events + 1)
    for row in (rows[0], rows[2]):
        assert row is not None
        assert _stored(store.path, row.id) == (row.events + 1, row.events + 1)
    store.close()


def test_a_choice_overtaken_by_another_process_is_made_again_and_refused_as_stale(
        tmp_path: Path) -> None:
    """Two Games on one file (two processes). The first makes a choice and waits for its
    commit; meanwhile the second makes the same decision and commits. The first's commit
    finds the game moved on: its choice is made again on the game as stored, which is past
    that decision (409), and the store holds the second's choice only."""
    first, made = _games(tmp_path, 1)
    second = Games(SqliteStore(tmp_path / "g.sqlite"))
    created = made[0]
    pick(first, created, random.Random(1))  # both processes have the game in their caches
    spectator = second.show(second.access(created["spectator"]))
    seat = spectator["view"]["pending"]["seat"]
    token = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    mine = second.show(second.access(token))
    choice = Choice(mine["view"]["pending"]["options"][0]["action"], mine["decision"])
    store = first.store
    assert isinstance(store, SqliteStore)
    failed: list[BaseException] = []
    handed = threading.Event()
    real = store.append_later

    def append_later(*args: Any, **kwargs: Any) -> Future[None]:
        try:
            return real(*args, **kwargs)
        finally:
            handed.set()
    store.append_later = append_later  # type: ignore[method-assign]

    def choose_first() -> None:
        try:
            first.choose(first.access(token), choice)
        except BaseException as err:  # noqa: BLE001 - what the first process was told
            failed.append(err)

    with store._writing:  # the first's commit waits
        chooser = threading.Thread(target=choose_first)
        chooser.start()
        assert handed.wait(timeout=60)  # the first's choice is made and handed in
        answer = second.choose(second.access(token), choice)
    chooser.join(timeout=60)
    assert not chooser.is_alive()
    assert len(failed) == 1 and isinstance(failed[0], StaleDecisionError)
    rows, counted = _stored(store.path, created["id"])
    assert rows == counted == answer["records"]
    again = first.show(first.access(token))
    assert (again["records"], again["decision"]) == (answer["records"], answer["decision"])
    first.store.close()
    second.store.close()
