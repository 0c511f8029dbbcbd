"""The fold's short paths (issue #12) give the state the general card move gives, and leave
anything odd to it, so that a bad event is refused with the same words."""

from __future__ import annotations

import attrs
import pytest

from rr.engine import Game
from rr.errors import CorruptLogError
from rr.events.types import CardDealt, CardDeployed, CardGained, CardsPutOnTop, SovereignTaken
from rr.model import LOCATIONS, Location, Zone, ZoneKind
from rr.state import GameState, apply


def in_play() -> GameState:
    """A 3-player game after setup: two cards face up on every location."""
    return Game.new(3, seed=1).state


@pytest.mark.rule("RR-LEAD-1")
def test_a_deploy_from_the_hand_takes_that_card_only() -> None:
    """A card from the middle of a hand, or its last card, lands on top of the location; the
    rest of the hand keeps its order."""
    state = in_play()
    hand = state.hand(0)
    for card in (hand[1], hand[-1]):
        after = apply(state, CardDeployed(0, card, Location.MARS))
        assert after.hand(0) == tuple(c for c in hand if c != card)
        assert after.stack(Location.MARS) == state.stack(Location.MARS) + (card,)
        assert after.hand(1) == state.hand(1) and after.deck == state.deck


@pytest.mark.rule("RR-LEAD-3")
def test_a_gain_from_a_location_takes_its_top_or_the_card_named() -> None:
    """The top card (or one under it) leaves its stack for the end of the hand; the other
    stacks are as they were; a face-down card gained is no longer face down."""
    state = in_play()
    stack = state.stack(Location.LUNA)
    assert len(stack) >= 2
    for card in (stack[-1], stack[0]):
        after = apply(state, CardGained(2, card, Zone.at(Location.LUNA)))
        assert after.stack(Location.LUNA) == tuple(c for c in stack if c != card)
        assert after.hand(2) == state.hand(2) + (card,)
        assert all(after.stack(loc) == state.stack(loc) for loc in LOCATIONS
                   if loc is not Location.LUNA)
    hidden = attrs.evolve(state, face_down=frozenset({stack[-1]}))
    after = apply(hidden, CardGained(2, stack[-1], Zone.at(Location.LUNA)))
    assert after.face_down == frozenset()


@pytest.mark.rule("RR-SETUP-1")
def test_a_card_dealt_to_a_hand_leaves_the_deck() -> None:
    state = in_play()
    after = apply(state, CardDealt(state.deck[-1], Zone.hand(1)))
    assert after.deck == state.deck[:-1]
    assert after.hand(1) == state.hand(1) + (state.deck[-1],)


def test_odd_events_are_refused_by_the_general_move() -> None:
    """A seat out of play (either side of the range), a card not in the hand or the stack:
    refused, with the general move's words."""
    state = in_play()
    top = state.stack(Location.LUNA)[-1]
    for seat in (-1, 3):
        with pytest.raises(CorruptLogError, match=f"there is no hand of seat {seat}"):
            apply(state, CardGained(seat, top, Zone.at(Location.LUNA)))
        with pytest.raises(CorruptLogError, match=f"there is no hand of seat {seat}"):
            apply(state, CardDeployed(seat, state.hand(0)[0], Location.MARS))
        with pytest.raises(CorruptLogError, match=f"there is no hand of seat {seat}"):
            apply(state, CardDealt(state.deck[-1], Zone.hand(seat)))
    with pytest.raises(CorruptLogError, match="names no location"):
        apply(state, CardGained(0, top, Zone(ZoneKind.LOCATION)))
    with pytest.raises(CorruptLogError, match="is not in hand of P0"):
        apply(state, CardDeployed(0, state.hand(1)[0], Location.MARS))
    with pytest.raises(CorruptLogError, match="is not in"):
        apply(state, CardGained(0, state.hand(1)[0], Zone.at(Location.LUNA)))


@pytest.mark.rule("RR-SOV-1")
def test_the_sovereign_token_goes_to_the_seat_named() -> None:
    state = in_play()
    assert apply(state, SovereignTaken(2)).sovereign == 2
    assert apply(apply(state, SovereignTaken(2)), SovereignTaken(0)).sovereign == 0


def test_cards_in_a_location_zone_are_its_stack() -> None:
    state = in_play()
    assert all(state.cards_in(Zone.at(loc)) == state.stack(loc) for loc in LOCATIONS)


@pytest.mark.rule("RR-SOLO-14")
def test_a_whole_hand_can_be_put_on_top_of_itself() -> None:
    """Every card of a hand, in a new order: the hand is that order (a subset, not only a
    proper one)."""
    state = in_play()
    hand = state.hand(1)
    after = apply(state, CardsPutOnTop(1, tuple(reversed(hand))))
    assert after.hand(1) == tuple(reversed(hand))


@pytest.mark.rule("RR-SOLO-9")
def test_a_deploy_from_the_deck_takes_its_top_or_the_card_named() -> None:
    """Au Toma's deploy of the deck's top card (and a card under it, by the general move)
    leaves the deck without it and puts it on top of the location; a card not in the deck is
    refused."""
    state = in_play()
    deck = state.deck
    for card in (deck[-1], deck[-2]):
        after = apply(state, CardDeployed(1, card, Location.MARS, Zone.deck()))
        assert after.deck == tuple(c for c in deck if c != card)
        assert after.stack(Location.MARS) == state.stack(Location.MARS) + (card,)
        assert all(after.hand(s) == state.hand(s) for s in state.seats)
    with pytest.raises(CorruptLogError, match="is not in"):
        apply(state, CardDeployed(1, state.hand(0)[0], Location.MARS, Zone.deck()))
