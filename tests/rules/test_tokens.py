"""Helium, the Fleet Track and Influence: the token primitives every ability uses, with their
caps, the amounts they report back (abilities act on them: "for each Helium lost …") and the
game-end check after each gain (RR-END-2)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rr.effects.program import Program, Table
from rr.effects.tokens import (
    advance,
    gain_helium,
    lose_helium,
    pay_helium,
    place_influence,
    regress,
    remove_influence,
)
from rr.engine import Game
from rr.events.types import (
    Event,
    FleetAdvanced,
    FleetRegressed,
    GameEndTriggered,
    HeliumGained,
    HeliumLost,
    HeliumPaid,
    InfluencePlaced,
    InfluenceRemoved,
    TurnStarted,
)
from rr.scenario import Scenario
from rr.state import GameState


def run(scenario: Scenario, op: Callable[[Table], Program[int]]) -> tuple[int, list[Event],
                                                                           GameState]:
    """Run ``op`` during seat 0's turn: what it returned, the events after the turn began, and
    the state it left."""
    returned: list[int] = []

    def program(table: Table) -> Program[None]:
        yield TurnStarted(0)
        returned.append((yield from op(table)))

    game = Game.from_position(scenario.state(), program)
    events = list(game.events)
    assert isinstance(events[0], TurnStarted)
    return returned[0], events[1:], game.state


@pytest.mark.rule("RR-BONUS-2")
def test_helium_gained_is_unlimited_and_reported() -> None:
    """Given 12 Helium, when 3 are gained, then 15 are held and 3 reported; gaining 0 or a
    negative amount records nothing and reports 0."""
    got, events, state = run(Scenario(2).tokens(0, helium=12), lambda t: gain_helium(t, 0, 3))
    assert (got, events, state.players[0].helium) == (3, [HeliumGained(0, 3)], 15)
    assert run(Scenario(2), lambda t: gain_helium(t, 0, 0))[:2] == (0, [])
    assert run(Scenario(2), lambda t: gain_helium(t, 0, -2))[:2] == (0, [])


@pytest.mark.rule("RR-ABIL-1")
def test_helium_lost_is_what_there_was_to_lose() -> None:
    """Given 2 Helium, when 5 are to be lost, then 2 are lost and reported; with exactly 1, 1 is
    lost; with none, nothing is recorded and 0 reported."""
    got, events, state = run(Scenario(2).tokens(0, helium=2), lambda t: lose_helium(t, 0, 5))
    assert (got, events, state.players[0].helium) == (2, [HeliumLost(0, 2)], 0)
    got, events, _ = run(Scenario(2).tokens(0, helium=1), lambda t: lose_helium(t, 0, 1))
    assert (got, events) == (1, [HeliumLost(0, 1)])
    assert run(Scenario(2), lambda t: lose_helium(t, 0, 1))[:2] == (0, [])


@pytest.mark.rule("RR-ABIL-1")
def test_helium_paid_is_what_the_payer_has() -> None:
    """Given a payer with 2 Helium, when 3 are to be paid, then 2 move to the payee and 2 are
    reported; exactly 1 Helium pays 1; a payer with none pays nothing."""
    got, events, state = run(Scenario(2).tokens(0, helium=2).tokens(1, helium=4),
                             lambda t: pay_helium(t, 0, 1, 3))
    assert (got, events) == (2, [HeliumPaid(0, 1, 2)])
    assert (state.players[0].helium, state.players[1].helium) == (0, 6)
    got, events, _ = run(Scenario(2).tokens(0, helium=1), lambda t: pay_helium(t, 0, 1, 1))
    assert (got, events) == (1, [HeliumPaid(0, 1, 1)])
    assert run(Scenario(2), lambda t: pay_helium(t, 0, 1, 2))[:2] == (0, [])


@pytest.mark.rule("RR-END-2", "RR-END-1")
def test_the_end_is_checked_after_helium_is_gained_or_paid() -> None:
    """Given a player with Fleet 7 and 6 Helium, when 1 Helium is gained or paid to them, then
    the game end is triggered at once."""
    scenario = Scenario(2).tokens(1, fleet=7, helium=6).tokens(0, helium=1)
    _, events, state = run(scenario, lambda t: pay_helium(t, 0, 1, 1))
    assert [type(e) for e in events] == [HeliumPaid, GameEndTriggered]
    assert state.end_triggered
    _, events, _ = run(Scenario(2).tokens(0, fleet=7, helium=6), lambda t: gain_helium(t, 0))
    assert [type(e) for e in events] == [HeliumGained, GameEndTriggered]


@pytest.mark.rule("RR-BONUS-1")
def test_the_fleet_advances_no_further_than_10() -> None:
    """Given Fleet 9, when it advances 3, then it is at 10 and 1 step is reported; advancing 0
    or a negative number of steps moves nothing and reports 0."""
    got, events, state = run(Scenario(2).tokens(0, fleet=9), lambda t: advance(t, 0, 3))
    assert (got, events, state.players[0].fleet) == (1, [FleetAdvanced(0, 10)], 10)
    got, events, _ = run(Scenario(2).tokens(0, fleet=2), lambda t: advance(t, 0, 2))
    assert (got, events) == (2, [FleetAdvanced(0, 4)])
    assert run(Scenario(2).tokens(0, fleet=3), lambda t: advance(t, 0, 0))[:2] == (0, [])
    assert run(Scenario(2).tokens(0, fleet=3), lambda t: advance(t, 0, -1))[:2] == (0, [])


@pytest.mark.rule("RR-ABIL-1")
def test_the_fleet_regresses_no_further_than_0() -> None:
    """Given Fleet 2, when it moves back 5, then it is at 0 and 2 steps are reported; moving
    back exactly 2 from 2 also reaches 0; at 0 nothing moves and 0 is reported."""
    got, events, state = run(Scenario(2).tokens(0, fleet=2), lambda t: regress(t, 0, 5))
    assert (got, events, state.players[0].fleet) == (2, [FleetRegressed(0, 0)], 0)
    got, events, _ = run(Scenario(2).tokens(0, fleet=2), lambda t: regress(t, 0, 2))
    assert (got, events) == (2, [FleetRegressed(0, 0)])
    got, events, _ = run(Scenario(2).tokens(0, fleet=5), lambda t: regress(t, 0, 1))
    assert (got, events) == (1, [FleetRegressed(0, 4)])
    assert run(Scenario(2), lambda t: regress(t, 0, 1))[:2] == (0, [])


@pytest.mark.rule("RR-BONUS-4")
def test_influence_is_placed_up_to_the_supply_of_10() -> None:
    """Given 9 Influence on the Institute, when 3 are placed, then 1 is placed and reported;
    with all 10 placed, none is."""
    got, events, state = run(Scenario(2).tokens(0, influence=9),
                             lambda t: place_influence(t, 0, 3))
    assert (got, events, state.players[0].influence) == (1, [InfluencePlaced(0, 1)], 10)
    assert run(Scenario(2).tokens(0, influence=10),
               lambda t: place_influence(t, 0, 1))[:2] == (0, [])


@pytest.mark.rule("RR-BONUS-6")
def test_influence_removed_is_what_was_there() -> None:
    """Given 2 Influence on the Institute, when 3 are removed, then 2 are removed and reported;
    with none there, nothing is."""
    got, events, state = run(Scenario(2).tokens(0, influence=2),
                             lambda t: remove_influence(t, 0, 3))
    assert (got, events, state.players[0].influence) == (2, [InfluenceRemoved(0, 2)], 0)
    assert run(Scenario(2), lambda t: remove_influence(t, 0, 1))[:2] == (0, [])
