"""RR-VIEW-5: what each seat knows, folded from the events, and what its view shows of it."""

from __future__ import annotations

import pytest

from rr.engine import Game
from rr.events.types import (
    BlockUsed, CardDealt, CardGained, CardPassed, CardPlaced, CardRevealed, CardsSeen,
    CardsShuffled, DeckShuffled, GameStarted,
)
from rr.knowledge import knows, learn
from rr.model import Location, Zone
from rr.options import Lead, PickCard, PickFaceDown
from rr.rules.turn import take_turn
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play
from rr.state import GameState, apply, fold
from rr.views import HIDDEN, KnownCard, view

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE
CARDS = ("sevro", "harmony", "pelus", "deanna", "darrow", "mustang")


def started(players: int = 3) -> GameState:
    """A 3-player game whose deck is ``CARDS`` (top last), nothing dealt."""
    return fold([GameStarted(tuple(f"P{i}" for i in range(players)), Ruleset(), 0),
                 DeckShuffled(CARDS)])


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-1")
def test_a_dealt_card_is_known_to_its_receiver_only() -> None:
    """A card dealt to a hand is known to that hand's player; the others know it is there
    only as a card."""
    state = apply(started(), CardDealt("mustang", Zone.hand(1)))
    assert knows(state, 1, "mustang") and not knows(state, 0, "mustang")
    assert not knows(state, None, "mustang")


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-3")
def test_a_look_is_private_to_the_looker_and_followed_while_the_card_moves() -> None:
    """Cards looked at on the deck stay known to the looker when one is placed face down,
    and to no one else."""
    state = apply(started(), CardsSeen(0, ("mustang", "darrow"), Zone.deck()))
    state = apply(state, CardPlaced("darrow", Zone.deck(), J, None, True, 0))
    assert knows(state, 0, "darrow") and knows(state, 0, "mustang")
    assert not knows(state, 1, "darrow") and not knows(state, 1, "mustang")


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-4")
def test_the_placer_knows_a_face_down_card_and_follows_it_into_a_hand() -> None:
    """A face-down card gained by another player stays known to its placer (it saw where it
    went); the gainer learns it; a third player does not."""
    state = apply(started(), CardsSeen(0, ("mustang",), Zone.deck()))
    state = apply(state, CardPlaced("mustang", Zone.deck(), J, None, True, 0))
    state = apply(state, CardGained(2, "mustang", Zone.at(J)))
    assert knows(state, 0, "mustang") and knows(state, 2, "mustang")
    assert not knows(state, 1, "mustang")


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-2")
def test_a_card_gained_from_a_face_up_place_is_known_to_everyone() -> None:
    """A card taken into a hand from a face-up stack is known to all to be in that hand."""
    state = apply(started(), CardDealt("mustang", Zone.at(M)))
    state = apply(state, CardGained(1, "mustang", Zone.at(M)))
    assert all(knows(state, s, "mustang") for s in range(3))
    assert not knows(state, None, "mustang")  # a spectator sees only what lies face up


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-2", "RR-BLOCK-2")
def test_a_revealed_or_blocking_card_is_known_in_its_hand() -> None:
    """A card revealed from a hand, or revealed to block, is known to everyone there."""
    state = apply(started(), CardDealt("mustang", Zone.hand(1)))
    state = apply(state, CardDealt("darrow", Zone.hand(2)))
    state = apply(state, CardRevealed("mustang", Zone.hand(1), 1))
    state = apply(state, BlockUsed(2, "darrow", 0))
    assert knows(state, 0, "mustang") and knows(state, 0, "darrow")


@pytest.mark.rule("RR-VIEW-5")
def test_an_unseen_pass_makes_the_others_lose_track_of_the_givers_hand() -> None:
    """When a card passes unseen from P1 to P2, P0 no longer knows where the cards it knew in
    P1's hand are; the two players involved know the card passed."""
    state = started()
    for card in ("mustang", "darrow"):
        state = apply(state, CardDealt(card, Zone.hand(1)))
        state = apply(state, CardRevealed(card, Zone.hand(1), 1))
    state = apply(state, CardPassed("darrow", 1, 2))
    assert not knows(state, 0, "darrow") and not knows(state, 0, "mustang")
    assert knows(state, 1, "darrow") and knows(state, 2, "darrow")


@pytest.mark.rule("RR-VIEW-5", "RR-DECK-2")
def test_a_shuffle_forgets_the_order() -> None:
    """Cards known on the deck are forgotten by everyone when they are shuffled."""
    state = apply(started(), CardRevealed("mustang", Zone.deck(), 0))
    assert knows(state, 1, "mustang")
    assert not knows(apply(state, CardsShuffled(("mustang", "darrow"))), 1, "mustang")
    assert not knows(apply(state, DeckShuffled(tuple(reversed(CARDS)))), 1, "mustang")


@pytest.mark.rule("RR-VIEW-5")
def test_learning_is_part_of_the_fold() -> None:
    """The knowledge of a live game equals that of the fold of its log, at every point."""
    game = Game.new(3, seed=4)
    state = GameState()
    for event in game.events:
        assert learn(state, event) == apply(state, event).known
        state = apply(state, event)
    assert state.known == game.state.known


@pytest.mark.rule("RR-VIEW-4", "RR-VIEW-6", "RULING-B8", "RULING-A1")
@pytest.mark.card("firewall_expert")
def test_face_down_cards_are_offered_by_where_they_lie() -> None:
    """Firewall Expert, "Place 1 of them face down at the top of each other location.": the
    other player's view hides them, and an ability offering them names the place, not the
    card — to the placer too."""
    game = (Scenario(2).hand(0, "firewall_expert", "developer").deck_top("sevro", "harmony",
                                                                          "pelus")
            .deploy(0, "firewall_expert", M))
    play(game, PickCard("harmony"), PickCard("sevro"))  # Jupiter, Luna; the Institute: pelus
    assert game.view(1).locations[0] == (J, (HIDDEN,))
    assert game.view(0).locations[0] == (J, ("harmony",))
    later = Game.from_position(game.state, lambda table: take_turn(table, 0))
    play(later, Lead("developer", J))
    assert later.pending is not None
    assert PickFaceDown(J, 1) in later.pending.options
    assert not any(isinstance(o, PickCard) and o.card == "harmony"
                   for o in later.pending.options)
    assert str(PickFaceDown(J, 1)) == "the face-down card 2nd from the top of Jupiter"


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-1")
def test_a_view_lists_the_cards_known_in_other_hands_and_in_the_deck() -> None:
    """A view shows the cards its seat knows elsewhere: another hand's revealed card, and a
    card it looked at on the deck, with its depth from the top."""
    state = apply(started(), CardDealt("mustang", Zone.hand(1)))
    state = apply(state, CardRevealed("mustang", Zone.hand(1), 1))
    state = apply(state, CardsSeen(0, ("darrow",), Zone.deck()))
    shown = view(state, 0).known_elsewhere
    assert KnownCard("mustang", Zone.hand(1)) in shown
    assert KnownCard("darrow", Zone.deck(), 0) in shown
    assert view(state, 2).known_elsewhere == (KnownCard("mustang", Zone.hand(1)),)


@pytest.mark.rule("RR-VIEW-5", "RULING-A11")
@pytest.mark.card("holo_host")
def test_a_card_handed_over_face_up_is_known_in_its_new_hand() -> None:
    """Holo Host, "If you have more Influence on the Institute than the player to your right,
    give them the Holo Host, ...": everyone sees the Holo Host handed over, so the third player
    knows it is in the receiver's hand."""
    game = (Scenario(3).hand(0, "holo_host").tokens(0, influence=2).tokens(2, influence=1)
            .turn(0))
    play(game, Lead("holo_host", M))
    assert game.state.hand(2) == ("holo_host",)
    assert KnownCard("holo_host", Zone.hand(2)) in view(game.state, 1).known_elsewhere
