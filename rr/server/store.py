"""What a game store does, whatever the database: the stored game *is* its event log.

A store keeps, per game, one row (its players, its secret — the seed and the salt of its
commitment, which no seat may get before the game is over (RR-VIEW-10) —, its ruleset, bots,
and three counters: the events stored, the decisions made, whether it is over), its events in order
(each the msgpack
``[tag, payload]`` of :func:`rr.events.codec.encode_event`, appended, never changed) and the
SHA-256 of each of its tokens (:mod:`rr.server.tokens`) with the seat it opens (``None``: the
spectator). Nothing else is stored: the state, the views and the pending decision are
rebuilt from the events by the rules (``Game.resume``).

A change is one :meth:`Store.locked` transaction: it locks the game's row (SQLite: ``BEGIN
IMMEDIATE``, which takes the database's one write lock; PostgreSQL: ``SELECT ... FOR
UPDATE`` on the row), hands back the row as it is under the lock, and commits what
:meth:`Locked.append` wrote when the ``with`` block ends without an exception (rolls back
otherwise). So two processes on one database take turns on a game, and the counters read
under the lock are the truth: a choice made against an older ``decision`` is refused.

A choice is written by :meth:`Store.append_later` instead: optimistic, against the row read
before it was made, in the next group commit (:mod:`rr.server.commits`: the choices of many
games in one transaction, one wait for the disk); it is stored only if the game still has the
events the row said (else :class:`Moved`: another process went on with the game, and the
choice is made again on the game as it now is).

Stores are used from many threads (the server's thread pool, the event loop, the committing
thread): each thread gets its own connection.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import AbstractContextManager
from typing import Any, Protocol

from attrs import frozen

from rr.errors import RRError
from rr.server.errors import DamagedStoreError
from rr.model import Seat
from rr.randomness import Secret, salt_of
from rr.untrusted import printable


@frozen
class GameRow:
    """One game's row."""

    id: str
    players: tuple[str, ...]
    events: int
    """How many events are stored."""
    decisions: int
    """How many decisions were made (``DecisionMade`` events): the ``decision`` number a
    choice must name."""
    over: bool
    bots: dict[int, str]
    """The seats played inside the server, and by which agent."""
    secret: Secret
    """The game's seed and salt (RR-VIEW-10): the server's alone until the game is over. A
    game stored before commitments has no salt."""
    seats: str | None = None
    """A signed game's seats (issue #29, :mod:`rr.server.signed`), JSON: the server's deal
    secret, the seats' keys and contributions, their signatures. ``None``: not signed."""


@frozen
class Access:
    """What a token opens: a game, as a seat (``None``: as a spectator)."""

    game: str
    seat: Seat | None


class Moved(Exception):
    """A write made against a game's row that is no longer the stored one: another process
    went on with the game in between (nothing of the write was stored)."""


class Locked(Protocol):
    """A game locked for a change (see :meth:`Store.locked`)."""

    row: GameRow

    def events(self, since: int = 0) -> list[bytes]: ...

    def append(self, events: Sequence[bytes], decisions: int, over: bool,
               seats: str | None = None, secret: Secret | None = None) -> None:
        """Store ``events`` after the row's ``events`` and set the counters; set the seats
        column to ``seats`` and the seed and salt to ``secret``'s, when given (a signed
        game's deal and signatures)."""


class Store(Protocol):
    """A game store (:mod:`rr.server.store_sqlite`, :mod:`rr.server.store_postgres`)."""

    reads_wait: bool
    """Whether a read waits for another process (a database server, PostgreSQL): the server
    then reads in its thread pool, not on its event loop, which would wait with it. SQLite's
    reads are calls within the process, made on the loop."""

    def create(self, row: GameRow, ruleset: str, events: Sequence[bytes],
               tokens: Sequence[tuple[str, Seat | None]]) -> None:
        """Store a new game: its row (with its secret), its first events and its token
        hashes, at once."""

    def access(self, token_hash: str) -> Access | None:
        """The game and seat a token's hash opens, or ``None``."""

    def row(self, game: str) -> GameRow | None: ...

    def events(self, game: str, since: int = 0) -> list[bytes]: ...

    def locked(self, game: str) -> AbstractContextManager[Locked]: ...

    def append_later(self, row: GameRow, events: Sequence[bytes], decisions: int, over: bool,
                     seats: str | None = None) -> Future[None]:
        """Store ``events`` after ``row``'s and set the counters (and the seats column to
        ``seats``, when given) in the next group commit, if the game still has ``row.events``
        events; the future is done once that is committed, or fails (:class:`Moved`: the
        game has more events now, and nothing was written)."""

    def expire(self, before: str) -> list[str]:
        """Delete the games not over whose last change (:func:`changed_now`) is before
        ``before``, with their events, tokens and every row of another table kept by game
        (a column ``game``: the lobby's, rr.server.tables); their ids. A game that is over is
        never deleted."""

    def watch(self, changed: Callable[[str], None]) -> None:
        """Call ``changed(game)`` (from any thread) after changes committed by other
        processes, if the database can tell (PostgreSQL's NOTIFY); else do nothing (the
        caller polls)."""

    def close(self) -> None: ...


def open_store(where: str, sqlite_sync: str = "FULL") -> Store:
    """The store at ``where``: a ``postgresql://`` URL, or the path of a SQLite file (with
    SQLite's ``synchronous`` setting ``sqlite_sync``)."""
    if where.startswith(("postgresql://", "postgres://")):
        from rr.server.store_postgres import PostgresStore  # psycopg only when asked for

        store: Store = PostgresStore(where)
        return store
    from rr.server.store_sqlite import SqliteStore

    return SqliteStore(where, sqlite_sync)


def bots_text(bots: dict[int, str]) -> str:
    """The bots column: ``seat=kind`` pairs, comma-separated (``""``: none)."""
    return ",".join(f"{seat}={kind}" for seat, kind in sorted(bots.items()))


def bots_of(text: str) -> dict[int, str]:
    pairs = (item.partition("=") for item in text.split(",") if item)
    return {int(seat): kind for seat, _, kind in pairs}


def players_text(players: Sequence[str]) -> str:
    """The players column: the names as a JSON list."""
    return json.dumps(list(players))


def players_of(text: str) -> tuple[str, ...]:
    return tuple(str(name) for name in json.loads(text))


ROW_COLUMNS = "id, players, events, decisions, over, bots, seed, salt, seats"
"""The columns a game's row is read from (see :func:`row_of`)."""
GAME_COLUMNS = ("id, players, seed, salt, ruleset, bots, events, decisions, over, seats, "
                "changed")
"""The columns a new game's row is written to, in this order."""


def changed_now() -> str:
    """The time of a change as the stores keep it (a game's ``changed`` column): UTC, ISO
    8601 to the second — text that sorts as time does."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def row_of(found: Sequence[Any] | None) -> GameRow | None:
    """The game row of a fetched :data:`ROW_COLUMNS`, as both stores select it; ``None`` for
    no row."""
    if found is None:
        return None
    game, players, events, decisions, over, bots, seed, salt, seats = found
    kinds: dict[str, tuple[Any, type | tuple[type, ...]]] = {
        "players": (players, str), "events": (events, int), "decisions": (decisions, int),
        "over": (over, int), "bots": (bots, str), "seed": (seed, int),
        "salt": (salt, (str, type(None))), "seats": (seats, (str, type(None)))}
    for column, (value, kind) in kinds.items():
        if not isinstance(value, kind):
            raise damaged(str(game), f"its {column} column holds {type(value).__name__}")
    try:
        return GameRow(game, players_of(players), events, decisions, bool(over),
                       bots_of(bots), Secret(seed, None if salt is None else salt_of(salt)),
                       seats)
    except (ValueError, TypeError, RRError) as err:
        raise damaged(str(game), f"its row cannot be read ({err})") from None


def damaged(game: str, why: str) -> DamagedStoreError:
    """The error of a game whose stored rows are damaged (``why`` in words)."""
    return DamagedStoreError(f"game {printable(game)} is damaged in the store: {why}. rr "
                             "serves no damaged game; the operator can restore the store "
                             "from a copy")


def salt_text(secret: Secret) -> str | None:
    """The salt column: hex, or ``NULL`` for a game from before commitments."""
    return None if secret.salt is None else secret.salt.hex()


def chunks(items: Sequence[bytes], size: int = 500) -> Iterator[tuple[int, Sequence[bytes]]]:
    """``items`` in slices of at most ``size``, each with the index of its first item."""
    for start in range(0, len(items), size):
        yield start, items[start:start + size]
