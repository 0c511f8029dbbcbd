"""Build a position by hand, then play from it: the shortest way to write a rules test.

>>> from rr.model import Location
>>> game = (Scenario(2).hand(0, "uncle_narol").at(Location.MARS, "judge")
...         .turn(0))
>>> game.pending.prompt
'Lead or Scout'

Every card not put anywhere goes into the deck, below the cards given with :meth:`deck_top`,
so all 112 cards are always accounted for.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import evolve

from rr.cards.catalogue import all_ids, lookup
from rr.cards.registry import abilities
from rr.effects.play import Play, TurnLog
from rr.effects.program import Program, Table
from rr.engine import Game
from rr.errors import BadInputError
from rr.events.types import Event, Phase, TurnKind, TurnStarted
from rr.model import CardId, House, Location, Seat, Zone
from rr.options import Option
from rr.rules.game import play_from
from rr.rules.turn import deploy, hooks, take_turn
from rr.ruleset import Ruleset
from rr.state import GameState, PlayerState


class Scenario:
    """A position under construction. Methods return ``self`` so they chain."""

    def __init__(self, players: int = 2, ruleset: Ruleset | None = None) -> None:
        houses = list(House)
        self._players = [PlayerState(name=f"P{i + 1}", house=houses[i]) for i in range(players)]
        self._hands: dict[Seat, list[CardId]] = {s: [] for s in range(players)}
        self._stacks: dict[Location, list[CardId]] = {loc: [] for loc in Location}
        self._deck_top: list[CardId] = []
        self._banished: list[CardId] = []
        self._face_down: set[CardId] = set()
        self._sovereign: Seat | None = None
        self._first = 0
        self._ruleset = ruleset or Ruleset()
        self._end_triggered_by: Seat | None = None
        self._deck_rest: list[CardId] | None = None

    def _ids(self, cards: Sequence[str]) -> list[CardId]:
        return [lookup(c).id for c in cards]

    def house(self, seat: Seat, house: House) -> Scenario:
        self._players[seat] = evolve(self._players[seat], house=house)
        return self

    def hand(self, seat: Seat, *cards: str) -> Scenario:
        """Add ``cards`` to ``seat``'s hand."""
        self._hands[seat] += self._ids(cards)
        return self

    def at(self, location: Location, *cards: str, face_down: Sequence[str] = ()) -> Scenario:
        """Put ``cards`` on ``location``, bottom to top (on top of what is there)."""
        self._stacks[location] += self._ids(cards)
        self._face_down |= set(self._ids(face_down))
        return self

    def deck_top(self, *cards: str) -> Scenario:
        """The deck's top cards, the top one first."""
        self._deck_top += self._ids(cards)
        return self

    def deck_only(self, *cards: str) -> Scenario:
        """The deck holds exactly ``cards`` (top first); every other card is banished."""
        self._deck_top = self._ids(cards)
        self._deck_rest = []
        return self

    def banished(self, *cards: str) -> Scenario:
        self._banished += self._ids(cards)
        return self

    def tokens(self, seat: Seat, *, helium: int | None = None, fleet: int | None = None,
               influence: int | None = None) -> Scenario:
        p = self._players[seat]
        self._players[seat] = evolve(
            p, helium=p.helium if helium is None else helium,
            fleet=p.fleet if fleet is None else fleet,
            influence=p.influence if influence is None else influence)
        return self

    def sovereign(self, seat: Seat | None) -> Scenario:
        self._sovereign = seat
        return self

    def first_player(self, seat: Seat) -> Scenario:
        self._first = seat
        return self

    def end_triggered(self, seat: Seat) -> Scenario:
        self._end_triggered_by = seat
        return self

    def state(self) -> GameState:
        """The position as a :class:`GameState` (between turns, in the play phase)."""
        used = ([c for h in self._hands.values() for c in h]
                + [c for s in self._stacks.values() for c in s]
                + self._deck_top + self._banished)
        if len(set(used)) != len(used):
            dup = sorted({c for c in used if used.count(c) > 1})
            raise BadInputError(f"cards put in two places: {', '.join(dup)}")
        rest = [c for c in all_ids() if c not in set(used)]
        if self._deck_rest is not None:
            banished = self._banished + rest
            rest = []
        else:
            banished = self._banished
        players = tuple(evolve(p, hand=tuple(self._hands[s]))
                        for s, p in enumerate(self._players))
        return GameState(
            players=players, ruleset=self._ruleset,
            deck=tuple(rest) + tuple(reversed(self._deck_top)),
            locations=tuple(tuple(self._stacks[loc]) for loc in Location),
            face_down=frozenset(self._face_down), banished=tuple(banished),
            sovereign=self._sovereign,
            neutral_influence=3 if len(players) == 2 else 0,
            first_player=self._first, phase=Phase.PLAY,
            end_triggered_by=self._end_triggered_by,
        )

    # --- playing from the position -----------------------------------------------------------

    def run(self, program: Callable[[Table], Program[None]], seed: int = 0) -> Game:
        """A game running ``program`` from this position."""
        return Game.from_position(self.state(), program, seed)

    def turn(self, seat: Seat, seed: int = 0) -> Game:
        """A game at the start of ``seat``'s turn (its Lead-or-Scout decision pending)."""
        return self.run(lambda table: take_turn(table, seat), seed)

    def play_from(self, seat: Seat, seed: int = 0) -> Game:
        """A game from the start of ``seat``'s turn to its end, with this position's turn
        counts (see :meth:`turns`)."""
        return self.run(lambda table: play_from(table, seat), seed)

    def turns(self, *counts: int) -> Scenario:
        """How many turns each seat has taken so far (RR-END-3)."""
        for seat, count in enumerate(counts):
            self._players[seat] = evolve(self._players[seat], turns=count)
        return self

    def deploy(self, seat: Seat, card: str, location: Location, seed: int = 0) -> Game:
        """A game in which ``seat`` deploys ``card`` (from hand) on ``location`` and resolves its
        ability; the Lead's final step is not included."""
        card_id = lookup(card).id

        def program(table: Table) -> Program[None]:
            yield TurnStarted(seat, TurnKind.NORMAL)
            yield from deploy(table, TurnLog(seat), card_id, location, Zone.hand(seat))

        return self.run(program, seed)

    def ability(self, seat: Seat, card: str, seed: int = 0) -> Game:
        """A game resolving ``card``'s end-of-game ability for ``seat``."""
        card_id = lookup(card).id
        handler = abilities(card_id).end_of_game
        if handler is None:
            raise BadInputError(f"{card_id} has no end-of-game handler")

        def program(table: Table) -> Program[None]:
            yield from handler(Play(table, seat, card_id, None, None, None, hooks()))

        state = evolve(self.state(), phase=Phase.END_OF_GAME)
        return Game.from_position(state, program, seed)


def play(game: Game, *options: Option) -> tuple[Event, ...]:
    """Choose ``options`` in order; returns every event they produced."""
    out: list[Event] = []
    for option in options:
        out += game.choose(option)
    return tuple(out)
