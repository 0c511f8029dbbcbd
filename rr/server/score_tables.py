"""The scorepad's shared tables: a physical game scored on everyone's phone under one short
game code, each player entering their own hand.

A table is created with the players' names (2 to 6) and the board (each location's cards, the
banished pile, the neutral house's Influence at 2 players), all in ``rr score``'s JSON words
(:mod:`rr.scoring.input`). Each player then enters their own part of that JSON (hand, Helium,
Fleet, Influence, Sovereign token, declarations, end-of-game points). When every player is
in, the table is scored exactly as ``rr score --json`` scores the same file, and every phone
reading the table sees that scorepad. Anything that makes the position impossible (a card
in two hands, two Sovereign holders) is the table's ``problem``, in ``rr score``'s words,
until someone corrects it; a player's own mistake (a card twice in their hand, a track out of
range) is refused when they send it.

The tables live in this server process's memory only: short-lived (:data:`TABLE_SECONDS`
after their last change), at most :data:`MAX_TABLES` at once, and lost when the server
stops. Anyone who has a table's code may read it and enter any player's part: a code is for
the people at one table, like the paper scorepad in the middle of it.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from attrs import define, field

from rr.cli.score import json_answer
from rr.errors import BadInputError, BadRequest, RRError
from rr.server.errors import RateLimitedError
from rr.model import MAX_PLAYERS, MIN_PLAYERS
from rr.ruleset import Ruleset
from rr.scoring.input import parse_table

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A code's letters: no 0/O, 1/I, to be read out across a table."""
CODE_LENGTH = 6
TABLE_SECONDS = 6 * 3600.0
"""How long a table is kept after its last change."""
MAX_TABLES = 1000
"""The most tables kept at once. Each holds only what ``rr score`` accepts (cards by name,
bounded numbers, names of at most :data:`MAX_NAME` characters): a few kilobytes, and
never more than about 40."""
MAX_NAME = 40

ENTRY_KEYS = ("hand", "helium", "fleet", "influence", "sovereign", "house", "declare",
              "extra_points")
"""A player's own part of ``rr score``'s JSON (their name is the table's)."""
BOARD_KEYS = ("locations", "banished", "neutral_influence")
"""The table's shared part of ``rr score``'s JSON."""


def scorepad_json_of(data: dict[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """``rr score --json``'s output for ``rr score``'s JSON input (the same functions);
    :class:`BadInputError` in its words for a position it refuses."""
    return json_answer(json.dumps(data), ruleset)


def _blank(name: str) -> dict[str, Any]:
    """A player who has entered nothing yet: no cards, no tokens."""
    return {"name": name, "hand": [], "helium": 0, "fleet": 0, "influence": 0,
            "sovereign": False}


@define
class ScoreTable:
    """One table: its players' names, its board, what each player has entered, and the
    scorepad once all are in."""

    code: str
    names: tuple[str, ...]
    board: dict[str, Any]
    ruleset: Ruleset
    entries: dict[int, dict[str, Any]] = field(factory=dict)
    version: int = 1
    changed: float = field(factory=time.monotonic)
    problem: str | None = None
    result: dict[str, Any] | None = None

    def position(self) -> dict[str, Any]:
        """``rr score``'s JSON input for the table as it is (a player not yet in, blank)."""
        return {"players": [{"name": name, **self.entries.get(seat, _blank(name))}
                             for seat, name in enumerate(self.names)], **self.board}

    def rescore(self) -> None:
        """The table's problem, and once every player is in, its scorepad."""
        self.problem, self.result = None, None
        try:
            if len(self.entries) == len(self.names):
                self.result = scorepad_json_of(self.position(), self.ruleset)
            else:
                parse_table(json.dumps(self.position()))
        except RRError as err:
            self.problem = str(err)

    def json(self) -> dict[str, Any]:
        """What every phone reads: who is in, the board, the problem, and once all are in,
        the whole position and its scorepad (no one's hand before)."""
        done = len(self.entries) == len(self.names)
        return {
            "code": self.code, "version": self.version,
            "players": [{"name": name, "in": seat in self.entries}
                        for seat, name in enumerate(self.names)],
            "board": self.board, "ruleset": self.ruleset.describe(),
            "problem": self.problem,
            "position": self.position() if done else None,
            "scorepad": self.result,
        }


class ScoreTables:
    """The tables of this process, by code; thread-safe."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 seconds: float = TABLE_SECONDS, most: int = MAX_TABLES) -> None:
        self._tables: dict[str, ScoreTable] = {}
        self._guard = threading.Lock()
        self._clock, self._seconds, self._most = clock, seconds, most

    def create(self, data: dict[str, Any]) -> dict[str, Any]:
        """A new table from ``{"players": [names], "board"?: {...}, "ruleset"?: "..."}``."""
        _keys(data, ("players", "board", "ruleset"), "a new scorepad table")
        names = data.get("players")
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            raise BadRequest("players takes a list of the players' names")
        names = [n.strip() for n in names]
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise BadInputError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not "
                                f"{len(names)}", "RR-SETUP-7")
        for name in names:
            if not name or len(name) > MAX_NAME:
                raise BadInputError(f"a player's name has 1 to {MAX_NAME} characters")
        if len(set(names)) != len(names):
            raise BadInputError("two players have the same name")
        ruleset_text = data.get("ruleset", "official")
        if not isinstance(ruleset_text, str):
            raise BadRequest("ruleset takes \"official\" or option=true|false,...")
        ruleset = Ruleset.parse(ruleset_text)
        table = ScoreTable(code="", names=tuple(names), board=_board(data.get("board")),
                           ruleset=ruleset, changed=self._clock())
        table.rescore()
        with self._guard:
            self._forget_old()
            if len(self._tables) >= self._most:
                raise RateLimitedError("this server keeps as many scorepad tables as it can; "
                                       "try again later")
            while True:
                code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
                if code not in self._tables:
                    break
            table.code = code
            self._tables[code] = table
            return table.json()

    def read(self, code: str) -> dict[str, Any]:
        with self._guard:
            return self._table(code).json()

    def version(self, code: str) -> int:
        with self._guard:
            return self._table(code).version

    def enter(self, code: str, seat: int, data: dict[str, Any]) -> dict[str, Any]:
        """Player ``seat`` (from 0) enters their own part; refused, changing nothing, if it
        is wrong by itself (a card twice, a track out of range)."""
        _keys(data, ENTRY_KEYS, "a player's entry")
        with self._guard:
            table = self._table(code)
            if not 0 <= seat < len(table.names):
                raise BadInputError(f"this table has no player {seat + 1}")
            name = table.names[seat]
        _check_alone(name, data)
        return self._change(code, lambda t: t.entries.__setitem__(seat, dict(data)))

    def leave(self, code: str, seat: int) -> dict[str, Any]:
        """Player ``seat``'s entry taken back (to correct it)."""
        return self._change(code, lambda t: t.entries.pop(seat, None))

    def set_board(self, code: str, data: dict[str, Any]) -> dict[str, Any]:
        board = _board(data)
        return self._change(code, lambda t: setattr(t, "board", board))

    def _change(self, code: str, change: Callable[[ScoreTable], object]) -> dict[str, Any]:
        with self._guard:
            table = self._table(code)
            change(table)
            table.version += 1
            table.changed = self._clock()
            table.rescore()
            return table.json()

    def _table(self, code: str) -> ScoreTable:
        self._forget_old()
        table = self._tables.get(code.strip().upper())
        if table is None:
            raise BadInputError("no scorepad table has this code (a table is forgotten "
                                f"{self._seconds / 3600:g} hours after its last change)")
        return table

    def _forget_old(self) -> None:
        now = self._clock()
        for code in [c for c, t in self._tables.items() if now - t.changed > self._seconds]:
            del self._tables[code]


def _keys(data: dict[str, Any], known: tuple[str, ...], what: str) -> None:
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise BadRequest(f"{what} takes no field {unknown[0]!r} (it takes: {', '.join(known)})")


def _board(data: object) -> dict[str, Any]:
    """The table's board in ``rr score``'s words (empty locations and pile if not given),
    checked as ``rr score`` checks it."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise BadRequest("board takes {locations, banished, neutral_influence}")
    _keys(data, BOARD_KEYS, "the board")
    board = {"locations": data.get("locations", {"jupiter": [], "mars": [], "luna": [],
                                                 "institute": []}),
             "banished": data.get("banished", [])}
    if "neutral_influence" in data:
        board["neutral_influence"] = data["neutral_influence"]
    parse_table(json.dumps({"players": [_blank("a"), _blank("b")], **board}))
    return board


def _check_alone(name: str, entry: dict[str, Any]) -> None:
    """:class:`BadInputError` if this entry is wrong by itself, as ``rr score`` words it."""
    other = "the other players" if name != "the other players" else "the others"
    parse_table(json.dumps({"players": [{"name": name, **entry}, _blank(other)],
                            "locations": {"jupiter": [], "mars": [], "luna": [],
                                          "institute": []},
                            "banished": []}))
