"""RR-VIEW-*: what each player may see, in the state view and in the redacted log."""

from __future__ import annotations

import pytest

from rr.agents.random import RandomAgent
from rr.decisions import ByRule
from rr.engine import Game
from rr.events.types import (
    CardDealt, CardGained, CardPassed, CardPlaced, CardRevealed, DeckShuffled,
)
from rr.model import Location, Zone, ZoneKind
from rr.options import Scout
from rr.scenario import Scenario, play
from rr.state import apply
from rr.views import HIDDEN, redact, redacted, view
from tests.rules.support import Stubs, of_type

M, L = Location.MARS, Location.LUNA


@pytest.mark.rule("RR-VIEW-1", "RR-HAND-1")
def test_a_player_sees_their_hand_and_only_the_size_of_the_others() -> None:
    """Given a new 3-player game, then P0's view shows P0's hand, every hand size, all
    location cards and the deck's size, and no card of another hand or of the deck."""
    game = Game.new(3, seed=6)
    state = game.state
    mine = view(state, 0, game.pending)
    assert mine.hand == state.hand(0)
    assert [p.hand_size for p in mine.players] == [5, 5, 5]
    assert mine.deck_size == len(state.deck)
    assert dict(mine.locations) == {loc: state.stack(loc) for loc in Location}
    hidden = set(state.hand(1)) | set(state.hand(2)) | set(state.deck)
    assert mine.card_ids() & hidden == set()
    spectator = view(state, None, game.pending)
    assert spectator.hand is None and spectator.card_ids() == {
        c for loc in Location for c in state.stack(loc)}


@pytest.mark.rule("RR-VIEW-1")
def test_only_the_deciding_player_sees_the_options() -> None:
    """Given P0's turn decision, then P0's view lists its options and P1's view does not."""
    game = Game.new(2, seed=2, houses=["apollo", "mars"])
    assert game.pending is not None
    own, other = view(game.state, 0, game.pending), view(game.state, 1, game.pending)
    assert own.pending is not None and own.pending.options == game.pending.options
    assert other.pending is not None and other.pending.options is None
    assert other.pending.seat == 0 and other.pending.source == ByRule("RR-TURN-1")


@pytest.mark.rule("RR-VIEW-1", "RR-DECK-2")
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_redacted_log_never_shows_another_hand_or_the_deck_order(stubs: Stubs,
                                                                     seat: int) -> None:
    """Given a random 3-player game, then in seat s's redacted log the shuffle is empty and
    every card dealt to another hand is hidden."""
    game = Game.new(3, seed=7)
    agent = RandomAgent(7)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
    log = list(redacted(game.events, seat))
    assert of_type(log, DeckShuffled) == [DeckShuffled(())]
    for deal in of_type(log, CardDealt):
        if deal.to.kind is ZoneKind.HAND and deal.to.seat != seat:
            assert deal.card == HIDDEN
        else:
            assert deal.card != HIDDEN
    for gained in of_type(log, CardGained):
        if gained.source == Zone.deck() and gained.seat != seat:
            assert gained.card == HIDDEN


@pytest.mark.rule("RR-VIEW-2", "RR-SCOUT-1")
def test_a_scouted_card_is_public() -> None:
    """Given P0 scouting Martyr to Mars, then P1's redacted log shows Martyr revealed and
    placed."""
    game = Scenario(2).hand(0, "judge").deck_top("martyr").turn(0)
    state = game.state
    events = play(game, Scout(), M)
    shown = []
    for event in events:
        shown.append(redact(event, state, 1))
        state = apply(state, event)
    assert CardRevealed("martyr", Zone.deck(), 0) in shown
    assert CardPlaced("martyr", Zone.deck(), M) in shown


@pytest.mark.rule("RR-VIEW-2")
def test_a_card_gained_from_a_location_is_public_and_from_the_deck_is_not() -> None:
    """Given P0 gaining Judge from Luna or Martyr from the deck, then P1 sees Judge but not
    Martyr; P0 sees both."""
    state = Scenario(2).at(L, "judge").deck_top("martyr").state()
    from_luna = CardGained(0, "judge", Zone.at(L))
    from_deck = CardGained(0, "martyr", Zone.deck())
    assert redact(from_luna, state, 1) == from_luna
    assert redact(from_deck, state, 1) == CardGained(0, HIDDEN, Zone.deck())
    assert redact(from_deck, state, 0) == from_deck


@pytest.mark.rule("RR-VIEW-3", "RR-ABIL-9")
def test_a_passed_card_is_known_to_both_players_only() -> None:
    """Given Sevro passed from P1 to P0, then P0 and P1 see Sevro and P2 does not."""
    state = Scenario(3).hand(1, "sevro").state()
    passed = CardPassed("sevro", 1, 0)
    assert redact(passed, state, 0) == passed == redact(passed, state, 1)
    assert redact(passed, state, 2) == CardPassed(HIDDEN, 1, 0)


@pytest.mark.rule("RR-VIEW-4", "RR-LOC-6")
def test_a_face_down_card_is_hidden_from_the_other_players() -> None:
    """Given Sevro face down on Mars over Judge, then another player's view shows Mars as
    Judge and a hidden card, and a face-down placement is redacted for them."""
    state = Scenario(2).at(M, "judge", "sevro", face_down=["sevro"]).state()
    assert dict(view(state, 1).locations)[M] == ("judge", HIDDEN)
    assert "sevro" not in view(state, 1).card_ids()
    placed = CardPlaced("sevro", Zone.deck(), L, None, True)
    assert redact(placed, Scenario(2).deck_top("sevro").state(), 1).card == HIDDEN
