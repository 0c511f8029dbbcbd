"""A store made before commitments (issue #25): its games table has no salt column and its games
begin with ``game_started/1`` (the seed in plain sight). Opened by today's server it is whole,
gets the column, and its games go on and end, their logs auditing clean (RR-VIEW-10)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.events import log
from rr.events.codec import encode_event, pack
from rr.events.types import SeedRevealed
from rr.oracle.audit import audit_file
from rr.randomness import SeedOrigin
from rr.server.games import Games
from rr.server.requests import Choice
from rr.server.store_sqlite import SqliteStore
from rr.server.tokens import hash_of
from tests.oracle.logformat import legacy

OLD_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, players TEXT NOT NULL, seed INTEGER NOT NULL,
    ruleset TEXT NOT NULL, bots TEXT NOT NULL, events INTEGER NOT NULL,
    decisions INTEGER NOT NULL, over INTEGER NOT NULL);
CREATE TABLE events (game TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
    data BLOB NOT NULL, PRIMARY KEY (game, seq)) WITHOUT ROWID;
CREATE TABLE tokens (hash TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER);
"""


def old_store(path: Path, seed: int, decisions: int) -> tuple[str, str]:
    """A store as rr wrote it before commitments, holding one 2-player game after
    ``decisions`` decisions; its id and the seat 0 token."""
    game, agent = Game.new(["Ana", "Bo"], seed=seed), RandomAgent(seed)
    for _ in range(decisions):
        assert game.pending is not None
        game.choose(agent.choose(game.pending))
    events, _ = legacy(game.events, seed)
    started = events[0]
    first = pack(["game_started/1", {"players": list(started.players), "ruleset": {},
                                     "seed": seed, "houses": None, "solo_level": None}])
    rows = [first, *(encode_event(e) for e in events[1:])]
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               ("old", '["Ana", "Bo"]', seed, "official", "", len(rows), decisions, 0))
    db.executemany("INSERT INTO events VALUES (?, ?, ?)",
                   [("old", i, r) for i, r in enumerate(rows)])
    db.executemany("INSERT INTO tokens VALUES (?, ?, ?)",
                   [(hash_of(t), "old", s) for t, s in (("ana", 0), ("bo", 1), ("eye", None))])
    db.commit()
    db.close()
    return "old", "ana"


@pytest.mark.rule("RR-VIEW-10")
def test_a_store_from_before_commitments_is_opened_and_its_games_go_on(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old_store(path, seed=12, decisions=20)
    games = Games(SqliteStore(path))
    db = sqlite3.connect(path)
    assert "salt" in {c[1] for c in db.execute("PRAGMA table_info(games)")}
    db.close()
    shown = games.show(games.access("eye"))
    assert shown["view"]["seed_origin"] == SeedOrigin.PUBLIC.value
    rng = random.Random(1)
    tokens = {0: "ana", 1: "bo"}
    while shown["view"]["pending"] is not None:
        seat = shown["view"]["pending"]["seat"]
        mine = games.show(games.access(tokens[seat]))
        option = rng.choice(mine["view"]["pending"]["options"])
        shown = games.choose(games.access(tokens[seat]),
                             Choice(option["action"], mine["decision"]))
    data, _ = games.log(games.access("eye"))
    (tmp_path / "old.rrlog").write_bytes(data)
    read = log.read(tmp_path / "old.rrlog")
    assert read.header["seed"] == 12 and not isinstance(read.events[-1], SeedRevealed)
    report = audit_file(tmp_path / "old.rrlog")
    assert report.ok and report.seed_checked, report.summary()
    assert report.randomness.startswith("seed public from the start")
    games.store.close()


def test_a_store_from_before_seat_keys_is_opened_and_gets_the_column(tmp_path: Path) -> None:
    """A store of issue #25's schema (a salt column, no seats column: issue #29 added it) is
    whole: it is opened, gets the column, and serves its games and new signed ones."""
    from rr.server.requests import NewGame
    from rr.server.store_sqlite import SCHEMA
    from rr.ruleset import Ruleset

    path = tmp_path / "before.sqlite"
    db = sqlite3.connect(path)
    db.executescript(SCHEMA.replace("    salt TEXT,\n    seats TEXT\n", "    salt TEXT\n"))
    db.close()
    games = Games(SqliteStore(path))
    made = games.create(NewGame(("Ana", "Bo"), None, Ruleset(), None, {1: "random"}))
    games.store.close()
    games = Games(SqliteStore(path))  # the check passes on the file as it is now
    db = sqlite3.connect(path)
    assert "seats" in {c[1] for c in db.execute("PRAGMA table_info(games)")}
    db.close()
    assert games.show(games.access(made["seats"][0]["token"]))["records"] > 0
    signed = games.create(NewGame(("Ana", "Bo"), None, Ruleset(), None, {1: "random"},
                                  signed=True))
    assert signed["signed"]["waiting"] == [0]
    games.store.close()
