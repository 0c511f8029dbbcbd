"""Helpers of the solo-mode tests: a Scenario position turned into a solo game against
Tull Au Toma (seat 1), her turn or a player's deploy run from it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from attrs import evolve

from rr.automa import AU_TOMA, Parity, SoloState
from rr.cards.catalogue import lookup
from rr.effects.play import TurnLog
from rr.effects.program import Program, Table
from rr.engine import Game
from rr.events.types import Event, TurnStarted
from rr.model import Location, Zone
from rr.rules.solo import automa_turn
from rr.rules.turn import deploy, take_turn
from rr.scenario import Scenario
from rr.state import GameState

ME, HER = 0, 1
E = TypeVar("E")


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def solo(scenario: Scenario, *, deck: Sequence[int] = (1, 2), priority: str = "ABCD",
         parity: Parity = Parity.EVEN, level: int = 2, discard: Sequence[int] = (),
         set_aside: Sequence[int] = ()) -> GameState:
    """``scenario``'s position as a solo game: seat 1 is Au Toma, whose deck is ``deck`` (top
    first) and whose priority letters are ``priority`` in board order."""
    state = scenario.state()
    her = evolve(state.players[HER], name=AU_TOMA, house=None)
    return evolve(state, players=(state.players[ME], her), solo=SoloState(
        seat=HER, level=level, deck=tuple(reversed(deck)), set_aside=tuple(set_aside),
        discard=tuple(discard), priority=tuple(priority), parity=parity))


def her_turn(state: GameState, seed: int = 0) -> Game:
    """A game running Au Toma's whole turn from ``state``."""
    return Game.from_position(state, lambda table: automa_turn(table, HER), seed)


def my_turn(state: GameState, seed: int = 0) -> Game:
    return Game.from_position(state, lambda table: take_turn(table, ME), seed)


def my_deploy(state: GameState, card: str, location: Location, seed: int = 0) -> Game:
    """A game in which the player deploys ``card`` from hand on ``location`` (its ability
    only, no final gain)."""
    card_id = lookup(card).id

    def program(table: Table) -> Program[None]:
        yield TurnStarted(ME)
        yield from deploy(table, TurnLog(ME), card_id, location, Zone.hand(ME))

    return Game.from_position(state, program, seed)
