"""Ratings of players over finished games: logs in, ratings out. No server, no files.

The model is openskill's Plackett-Luce at its defaults (``openskill.models.PlackettLuce()``:
mu 25, sigma 25/3), each game rated once, in the order given, over its finishing places:

* the winners first, tied with each other (RR-SCORE-14 names them in ``game_scored``);
* the others by their totals, the higher first, equal totals tied;
* a seat that left the game or timed out (a log's header lists it under ``"table"``,
  ``"forfeited"``: the server's clock) last, whatever its total, tied with any other such.

Besides the ratings over every game, the games of each player count are rated apart (a
player strong at two may not be at five).

What is rated: every finished game between players (its last records ``game_scored`` and
``seed_revealed``), except a game its header says is not rated (``"table": {"rated":
false}``: a server's casual game). A solo game (one player against Au Toma) is not rated. A
player is a name: two seats of one name in one game cannot be (the engine refuses it).

``rr ratings`` prints these for logs on disk, and ``rr server`` shows the same numbers for
its finished rated games (it rates the logs it would hand out, in the order they finished).

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from attrs import frozen
from openskill.models import PlackettLuce

from rr.events.log import Log
from rr.events.types import GameScored, GameStarted

TABLE = "table"
"""The log header's section a server writes about how a game was run (rated or not, its
clock, the seats that forfeited, the turns a bot played for a seat whose time ran out)."""


@frozen
class Placing:
    """One rated game's finishing places: the players' names in seat order and each one's
    rank (1 first; equal ranks are ties)."""

    players: tuple[str, ...]
    ranks: tuple[int, ...]
    game: str = ""
    """What the game is called where it came from (a file's name, a server's game id)."""


@frozen
class Rating:
    """A player's rating: openskill's ``mu`` and ``sigma``, and how many games it rates."""

    name: str
    mu: float
    sigma: float
    games: int

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "mu": self.mu, "sigma": self.sigma, "games": self.games}


@frozen
class Step:
    """One player's rating after one game (a history's line)."""

    game: str
    players: int
    rank: int
    mu: float
    sigma: float

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "rank": self.rank,
                "mu": self.mu, "sigma": self.sigma}


def ranks_of(totals: Sequence[int], winners: Iterable[int],
             forfeited: Iterable[int] = ()) -> tuple[int, ...]:
    """Each seat's rank (1 first): the winners tied first, the others by their totals (higher
    first, equal tied), the seats in ``forfeited`` tied last."""
    won, lost = set(winners), set(forfeited)

    def key(seat: int) -> tuple[int, int]:
        if seat in lost:
            return (2, 0)
        return (0, 0) if seat in won else (1, -totals[seat])
    keys = sorted({key(seat) for seat in range(len(totals))})
    return tuple(keys.index(key(seat)) + 1 for seat in range(len(totals)))


def placing(log: Log, game: str = "") -> Placing | None:
    """The finishing places of ``log``'s game; ``None`` if it is not rated (not finished, a
    solo game, or marked not rated)."""
    table = log.header.get(TABLE)
    table = table if isinstance(table, dict) else {}
    if table.get("rated") is False:
        return None
    started = log.events[0]
    assert isinstance(started, GameStarted)  # the reader checks it
    if started.solo_level is not None or len(started.players) < 2:
        return None
    scored = next((e for e in reversed(log.events) if isinstance(e, GameScored)), None)
    if scored is None:
        return None
    forfeited = table.get("forfeited", [])
    seats = range(len(started.players))
    lost = [s for s in forfeited if type(s) is int and s in seats] \
        if isinstance(forfeited, list) else []
    return Placing(tuple(started.players), ranks_of(scored.totals, scored.winners, lost), game)


class Ratings:
    """Ratings kept over games rated one after another (:meth:`add`), with each player's
    history, and apart for each player count (:attr:`by_players`: the ratings over the games
    of that many players alone)."""

    def __init__(self, per_count: bool = True) -> None:
        self._model = PlackettLuce()
        self._now: dict[str, Any] = {}
        self._games: dict[str, int] = {}
        self.history: dict[str, list[Step]] = {}
        self.count = 0
        """How many games were rated."""
        self.by_players: dict[int, Ratings] = {}
        """The ratings over the games of each player count alone (empty if not kept)."""
        self._per_count = per_count

    def add(self, game: Placing) -> None:
        """Rate one game after those added before."""
        if self._per_count:
            self.by_players.setdefault(len(game.players), Ratings(False)).add(game)
        teams = [[self._now.get(name) or self._model.rating(name=name)]
                 for name in game.players]
        rated = self._model.rate(teams, ranks=list(game.ranks))
        self.count += 1
        for name, rank, (after,) in zip(game.players, game.ranks, rated):
            self._now[name] = after
            self._games[name] = self._games.get(name, 0) + 1
            self.history.setdefault(name, []).append(
                Step(game.game, len(game.players), rank, float(after.mu), float(after.sigma)))

    def table(self) -> list[Rating]:
        """Every player rated, the highest ``mu`` first (then by name)."""
        found = [Rating(name, float(r.mu), float(r.sigma), self._games[name])
                 for name, r in self._now.items()]
        return sorted(found, key=lambda r: (-r.mu, r.name))

    def as_json(self) -> dict[str, Any]:
        """``{"games", "ratings": [{"name", "mu", "sigma", "games"}], "by_players": {"N":
        {"games", "ratings"}}}``: every game rated together, then the games of each player
        count apart (keyed by the count, in words of digits, the fewest first)."""
        out: dict[str, Any] = {"games": self.count,
                               "ratings": [r.as_json() for r in self.table()]}
        if self._per_count:
            out["by_players"] = {str(n): {"games": kept.count,
                                          "ratings": [r.as_json() for r in kept.table()]}
                                 for n, kept in sorted(self.by_players.items())}
        return out


def rate(games: Iterable[Placing]) -> Ratings:
    """The ratings after ``games``, rated in order."""
    ratings = Ratings()
    for game in games:
        ratings.add(game)
    return ratings
