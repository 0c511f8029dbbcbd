"""RR-SCOUT-*: turn over the deck's top card, place it on a location, gain its bonus."""

from __future__ import annotations

import pytest

from rr.decisions import Ask, ByRule
from rr.effects import Ability, Play
from rr.errors import IllegalChoiceError
from rr.events.types import (
    CardDeployed, CardPlaced, CardRevealed, DecisionMade, FleetAdvanced, HeliumGained, TurnEnded,
)
from rr.model import House, Location, Zone
from rr.options import Lead, Scout
from rr.scenario import Scenario, play
from tests.rules.support import Stubs, of_type

J, M, L, INS = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


@pytest.mark.rule("RR-SCOUT-1", "RR-BONUS-1")
def test_scout_reveals_places_and_gains_the_bonus() -> None:
    """Given Martyr on top of the deck, when P0 scouts it to Jupiter, then it is revealed,
    placed on top of Jupiter, and P0 advances 1 on the Fleet Track."""
    game = Scenario(2).hand(0, "judge").at(J, "justice").deck_top("martyr", "pax_au_telemanus"
                                                                 ).turn(0)
    events = play(game, Scout())
    assert events == (DecisionMade(0, ByRule("RR-TURN-1"), Scout()),
                      CardRevealed("martyr", Zone.deck(), 0))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.source) == (0, Ask.LOCATION, ByRule("RR-SCOUT-1"))
    assert decision.options == (J, M, L, INS)
    events = play(game, J)
    assert events == (DecisionMade(0, ByRule("RR-SCOUT-1"), J),
                      CardPlaced("martyr", Zone.deck(), J), FleetAdvanced(0, 1), TurnEnded(0))
    assert game.state.stack(J) == ("justice", "martyr")
    assert game.state.deck[-1] == "pax_au_telemanus"
    assert game.state.hand(0) == ("judge",)


@pytest.mark.rule("RR-SCOUT-1", "RR-LOC-4")
def test_scout_may_place_on_an_empty_location() -> None:
    """Given Mars empty, when P0 scouts Martyr to Mars, then Martyr is Mars' only card and P0
    gains 1 Helium."""
    game = Scenario(2).hand(0, "judge").deck_top("martyr").turn(0)
    assert play(game, Scout(), M)[-3:] == (CardPlaced("martyr", Zone.deck(), M),
                                          HeliumGained(0, 1), TurnEnded(0))
    assert game.state.stack(M) == ("martyr",)


@pytest.mark.rule("RR-SCOUT-2", "RR-DECK-1", "RULING-B1")
def test_no_scout_with_an_empty_deck() -> None:
    """Given an empty deck, when the turn starts, then Scout is not offered and choosing it is
    refused, leaving the game unchanged."""
    game = Scenario(2).hand(0, "judge").at(L, "martyr").deck_only().turn(0)
    assert game.pending is not None
    assert game.pending.options == (Lead("judge", J), Lead("judge", M), Lead("judge", L),
                                    Lead("judge", INS))
    before = game.events
    with pytest.raises(IllegalChoiceError):
        game.choose(Scout())
    assert game.events == before


@pytest.mark.rule("RR-SCOUT-2")
def test_scout_with_a_single_card_in_the_deck() -> None:
    """Given a deck of one card, when P0 scouts it, then the deck is empty afterwards."""
    game = Scenario(2).hand(0, "judge").deck_only("martyr").turn(0)
    assert game.pending is not None and Scout() in game.pending.options
    play(game, Scout(), INS)
    assert game.state.deck == ()
    assert game.state.top(INS) == "martyr"


@pytest.mark.rule("RR-SCOUT-3", "RR-ABIL-2")
def test_a_scouted_card_is_placed_not_deployed(stubs: Stubs) -> None:
    """Given Sevro (a deploy ability) on top of the deck, when P0 scouts it to Mars, then no
    CardDeployed happens and Sevro's ability does not resolve."""
    resolved: list[str] = []

    def ability(p: Play) -> Ability:
        resolved.append(p.card)
        return None
        yield

    stubs.deploy("sevro", ability)
    game = Scenario(2).house(0, House.MARS).deck_top("sevro").turn(0)
    events = play(game, Scout(), M)
    assert of_type(events, CardDeployed) == []
    assert CardPlaced("sevro", Zone.deck(), M) in events
    assert resolved == []
