"""The context a card ability runs in, and the shape of an ability handler.

A handler is a pure rules program: ``def deploy(p: Play) -> Ability`` reads ``p.state``,
yields events, decisions and chances through the effect functions of ``rr.effects``, and
returns :data:`END_TURN` when its card says "end your turn" (RR-LEAD-6), else ``None``.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence

from attrs import define, field, frozen

from rr.decisions import Ask, ByCard, by_card
from rr.effects.program import O, Program, Table, ask
from rr.model import LOCATIONS, CardId, Location, Seat
from rr.quick_init import quick_init
from rr.state import GameState


class Then(enum.Enum):
    END_TURN = "end_turn"


END_TURN = Then.END_TURN
"""Returned by a deploy handler whose card says "end your turn" (RR-LEAD-6)."""

Ability = Program[Then | None]


@define
class TurnLog:
    """What the turn rules remember during one turn; abilities read it, only the rules write."""

    seat: Seat
    deployed_to: set[Location] = field(factory=set)
    """Every location a card was deployed to this turn (RR-LEAD-3, RR-LEAD-7)."""
    trades: set[CardId] = field(factory=set)
    """Cards whose resource-trade ability was used this turn (RR-ABIL-4)."""
    cannot_gain: frozenset[CardId] = frozenset()
    """Cards this turn may not gain (Loan Shark's out-of-order turn, RULING-A12)."""


@frozen
class Hooks:
    """Rules that some abilities invoke but cards may not import (rr.rules sits above cards)."""

    deploy: Callable[[Play, CardId, Location], Ability]
    """Deploy another card (RR-LEAD-8) face up on a location, triggering its ability."""
    turn_out_of_order: Callable[[Table, Seat, frozenset[CardId]], Program[None]]
    """A complete turn taken out of order by a seat (Loan Shark, RULING-A12)."""


@quick_init
@frozen
class Play:
    """One card's ability being resolved."""

    table: Table
    seat: Seat
    """Who resolves the ability (the card's owner)."""
    card: CardId
    location: Location | None
    """Where the card was deployed (``None`` for an end-of-game ability)."""
    under: CardId | None
    """The card directly under it when it was deployed (RULING-A19)."""
    turn: TurnLog | None
    hooks: Hooks

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def opponents(self) -> tuple[Seat, ...]:
        """Every other player, clockwise from the one after ``seat``."""
        return _opponents(self.seat, len(self.table.state.players))

    def others(self, location: Location | None = None) -> tuple[Location, ...]:
        """RR-ABIL-3: the locations other than ``location`` (default: where this was deployed)."""
        return _OTHERS[self.location if location is None else location]

    @property
    def source(self) -> ByCard:
        """This card, as the source of the questions its ability asks."""
        return by_card(self.card)

    def can_gain(self, card: CardId) -> bool:
        return self.turn is None or card not in self.turn.cannot_gain

    def ask(self, kind: Ask, prompt: str, options: Sequence[O], seat: Seat | None = None,
            always: bool = False) -> Program[O]:
        """Ask ``seat`` (default: the ability's owner) on behalf of this card."""
        return ask(self.table, self.seat if seat is None else seat, kind, by_card(self.card),
                   prompt, options, always)


@functools.cache
def _opponents(seat: Seat, players: int) -> tuple[Seat, ...]:
    """Every seat of ``players`` but ``seat``, clockwise from the one after it, made once
    (abilities ask for them often; issue #32)."""
    return tuple((seat + i) % players for i in range(1, players))


_OTHERS: dict[Location | None, tuple[Location, ...]] = {
    exclude: tuple(loc for loc in LOCATIONS if loc is not exclude)
    for exclude in (*LOCATIONS, None)}
"""RR-ABIL-3: the other locations of each location (of none: all four), made once (iterating
an enum class runs Python code in ``EnumType.__iter__``; issue #32)."""


@frozen
class Abilities:
    """A card's handlers, registered by card id in ``rr.cards.registry``."""

    deploy: Callable[[Play], Ability] | None = None
    """The deploy ability (RR-LEAD-2)."""
    end_of_game: Callable[[Play], Program[None]] | None = None
    """The end-of-game ability (RR-END-5)."""
    trade: bool = False
    """A resource-trade deploy ability: once per turn (RR-ABIL-4)."""
