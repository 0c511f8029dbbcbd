"""RR-BONUS-*: the four location bonuses, their caps, and Influence leaving The Institute."""

from __future__ import annotations

import pytest

from rr.decisions import ByRule
from rr.effects import Ability, Play, place_influence, remove_influence
from rr.events.types import (
    CardDeployed, CardGained, DecisionMade, Event, FleetAdvanced, HeliumGained, InfluencePlaced,
    InfluenceRemoved, SovereignTaken, TurnEnded, TurnStarted,
)
from rr.model import House, Location, Zone
from rr.options import GainTop, Lead
from rr.scenario import Scenario, play
from tests.rules.support import Stubs

J, M, L, INS = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


def gain_from(scenario: Scenario, location: Location) -> tuple[Event, ...]:
    """P0 (empty hand) leads and takes the top card of ``location`` (Judge); the events after
    the gain."""
    game = scenario.at(location, "judge").turn(0)
    events = play(game, Lead(None, None), GainTop(location))
    assert events[:3] == (DecisionMade(0, ByRule("RR-TURN-1"), Lead(None, None)),
                          DecisionMade(0, ByRule("RR-LEAD-3"), GainTop(location)),
                          CardGained(0, "judge", Zone.at(location)))
    return events[3:]


def base() -> Scenario:
    return Scenario(2).house(0, House.DIANA).house(1, House.MINERVA)


@pytest.mark.rule("RR-BONUS-1")
def test_jupiter_advances_the_fleet_one_space() -> None:
    """Given P0 at Fleet 3, when P0 gains from Jupiter, then P0 advances to 4."""
    assert gain_from(base().tokens(0, fleet=3), J) == (FleetAdvanced(0, 4), TurnEnded(0))


@pytest.mark.rule("RR-BONUS-1", "RR-BONUS-5")
def test_jupiter_at_ten_gives_nothing() -> None:
    """Given P0 at Fleet 10, when P0 gains from Jupiter, then the bonus is lost."""
    assert gain_from(base().tokens(0, fleet=10), J) == (TurnEnded(0),)


@pytest.mark.rule("RR-BONUS-2")
@pytest.mark.parametrize("helium", [0, 30])
def test_mars_gives_one_helium_without_limit(helium: int) -> None:
    """Given P0 with 0 or 30 Helium, when P0 gains from Mars, then P0 gains 1 Helium."""
    assert gain_from(base().tokens(0, helium=helium), M) == (HeliumGained(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-BONUS-3", "RR-HOUSE-1", "RR-HOUSE-4")
def test_luna_gives_the_sovereign_token_and_triggers_the_house() -> None:
    """Given nobody holds the token, when Diana's P0 gains from Luna, then P0 takes the token,
    then Diana places 1 Influence."""
    assert gain_from(base(), L) == (SovereignTaken(0), InfluencePlaced(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-BONUS-3", "RR-SOV-2")
def test_luna_when_already_holding_the_token_keeps_it_and_triggers_the_house() -> None:
    """Given P0 holds the token, when P0 gains from Luna, then P0 gains (keeps) it and the
    house ability triggers."""
    events = gain_from(base().sovereign(0), L)
    assert events == (SovereignTaken(0), InfluencePlaced(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-BONUS-4")
def test_institute_places_one_influence() -> None:
    """Given P0 with 4 Influence placed, when P0 gains from The Institute, then P0 places 1."""
    game_events = gain_from(base().tokens(0, influence=4), INS)
    assert game_events == (InfluencePlaced(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-BONUS-4", "RR-BONUS-5")
def test_institute_with_all_ten_placed_gives_nothing() -> None:
    """Given P0 with all 10 Influence placed, when P0 gains from The Institute, then the
    bonus is lost."""
    assert gain_from(base().tokens(0, influence=10), INS) == (TurnEnded(0),)


@pytest.mark.rule("RR-BONUS-5")
def test_bonus_is_taken_without_being_asked() -> None:
    """Given a location bonus earned, then it is not offered as a choice: after the gain no
    decision is pending and the bonus is applied."""
    game = base().at(M, "judge").at(L, "martyr").turn(0)
    play(game, Lead(None, None))
    assert game.pending is not None
    play(game, GainTop(M))
    assert game.is_over and game.state.players[0].helium == 1


@pytest.mark.rule("RR-BONUS-6", "RULING-A26")
def test_influence_removed_returns_to_the_supply_and_can_be_placed_again(stubs: Stubs) -> None:
    """Given P0 with all 10 Influence placed and an ability "remove 1, then place 1", then
    the removal frees a token that is placed again; with none placed nothing is removed."""

    def ability(p: Play) -> Ability:
        yield from remove_influence(p.table, p.seat)
        yield from place_influence(p.table, p.seat)
        return None

    stubs.deploy("stock_broker", ability)
    full = base().tokens(0, influence=10).hand(0, "stock_broker").deploy(0, "stock_broker", M)
    assert full.events[-2:] == (InfluenceRemoved(0, 1), InfluencePlaced(0, 1))
    assert full.state.players[0].influence == 10
    empty = base().hand(0, "stock_broker").deploy(0, "stock_broker", M)
    assert empty.events == (TurnStarted(0), CardDeployed(0, "stock_broker", M),
                            InfluencePlaced(0, 1))
    assert empty.state.players[0].influence == 1
