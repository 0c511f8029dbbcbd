"""RR-HAND-*: hands have no size limit and "your cards" are the cards in hand."""

from __future__ import annotations

import pytest

from rr.cards.catalogue import all_ids
from rr.events.types import CardGained
from rr.model import LOCATIONS, Location, Zone
from rr.options import GainTop, Lead, Scout
from rr.rules.final import scorepad_of
from rr.scenario import Scenario, play

M, L = Location.MARS, Location.LUNA


@pytest.mark.rule("RR-HAND-1")
def test_no_hand_limit() -> None:
    """Given P0 holding 20 cards, when the turn starts, then every one may be led on every
    location (80 Leads) besides Scout."""
    hand = [c for c in all_ids() if c not in ("sevro", "darrow")][:20]
    game = Scenario(2).hand(0, *hand).at(L, "sevro").at(M, "darrow").turn(0)
    assert game.pending is not None
    assert game.pending.options == (*(Lead(c, loc) for c in hand for loc in LOCATIONS),
                                    Scout())


@pytest.mark.rule("RR-HAND-1")
def test_gaining_beyond_seven_cards_is_allowed() -> None:
    """Given P0 holding 9 cards, when P0 leads one and gains from Luna, then the hand still
    holds 9 and the gained card is in it."""
    hand = [c for c in all_ids() if c not in ("sevro", "darrow")][:9]
    game = Scenario(2).hand(0, *hand).at(L, "sevro").at(M, "darrow").turn(0)
    events = play(game, Lead(hand[0], M), GainTop(L))
    assert CardGained(0, "sevro", Zone.at(L)) in events
    assert len(game.state.hand(0)) == 9 and "sevro" in game.state.hand(0)


@pytest.mark.rule("RR-HAND-2", "RR-SCORE-2")
def test_your_cards_are_the_cards_in_hand_not_those_deployed() -> None:
    """Given Judge (core 10) in P0's hand or lying on Mars, then only the hand scores it:
    P0's totals differ by 10 (Judge: 3 for each of your cards, itself included, so 13)."""
    in_hand = scorepad_of(Scenario(2).hand(0, "judge").state()).totals[0]
    on_mars = scorepad_of(Scenario(2).at(M, "judge").state()).totals[0]
    assert (in_hand, on_mars) == (13, 0)
