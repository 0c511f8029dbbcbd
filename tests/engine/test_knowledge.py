"""RR-VIEW-5: what each seat knows, folded from the events, and what its view shows of it."""

from __future__ import annotations

import attrs
import pytest

from rr.engine import Game
from rr.events.types import (
    BlockUsed, CardBanished, CardDealt, CardGained, CardPassed, CardPlaced, CardRevealed, CardsSeen,
    CardsShuffled, DeckShuffled, GameStarted, Phase,
)
from rr.knowledge import is_public, known_cards, knows, learn
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
    return fold([GameStarted(tuple(f"P{i}" for i in range(players)), Ruleset()),
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


@pytest.mark.rule("RR-VIEW-5", "RR-VIEW-2", "RR-VIEW-8")
def test_a_card_gained_from_a_face_up_place_is_known_to_everyone() -> None:
    """A card taken into a hand from a face-up stack is known to all to be in that hand, a
    spectator included: everyone at the table saw it go there."""
    state = apply(started(), CardDealt("mustang", Zone.at(M)))
    state = apply(state, CardGained(1, "mustang", Zone.at(M)))
    assert all(knows(state, s, "mustang") for s in [None, 0, 1, 2])


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


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-5")
def test_public_places_and_cards_not_yet_dealt() -> None:
    """Face-up location cards and the banished pile are public (a spectator sees them); a
    face-down card and a card not yet dealt are not."""
    state = fold([GameStarted(("A", "B"), Ruleset())])
    assert not is_public(state, "mustang") and not knows(state, 0, "mustang")
    state = apply(apply(started(2), CardDealt("mustang", Zone.at(M))),
                  CardDealt("darrow", Zone.at(M)))
    assert is_public(state, "mustang") and knows(state, None, "mustang")
    state = apply(state, CardBanished("mustang", Zone.at(M)))
    assert is_public(state, "mustang") and knows(state, None, "mustang")
    hidden = attrs.evolve(state, face_down=frozenset({"darrow"}))
    assert not is_public(hidden, "darrow") and not knows(hidden, None, "darrow")
    assert not is_public(state, "pelus")  # in the deck


@pytest.mark.rule("RR-VIEW-5")
def test_at_the_end_hands_are_shown_but_not_the_deck_or_face_down_cards() -> None:
    """Once the game is over every hand card is known to all, spectators included; a deck card
    and a face-down card someone else placed are not."""
    state = apply(started(), CardDealt("mustang", Zone.hand(1)))
    state = apply(state, CardsSeen(0, ("darrow",), Zone.deck()))
    state = apply(state, CardPlaced("darrow", Zone.deck(), J, None, True, 0))
    over = attrs.evolve(state, phase=Phase.OVER)
    assert knows(over, 2, "mustang") and knows(over, None, "mustang")
    assert not knows(over, 2, "darrow") and knows(over, 0, "darrow")
    assert not knows(over, 2, "pelus")
    assert not knows(state, 2, "mustang")


@pytest.mark.rule("RR-VIEW-5")
def test_the_known_sets_record_what_each_seat_learnt() -> None:
    """The fold's per-seat sets: a dealt or gained card for its receiver, a card gained from a
    face-up place for everyone, a passed card for both hands, a face-down card for its placer
    (nobody when no placer is recorded, everyone when it came from a face-up place). The
    last set is the table's (RR-VIEW-8)."""
    state = started()
    assert state.known == (frozenset(),) * 4
    state = apply(state, CardDealt("mustang", Zone.hand(1)))
    assert state.known == (frozenset(), frozenset({"mustang"}), frozenset(), frozenset())
    state = apply(state, CardDealt("darrow", Zone.at(J)))
    assert state.known[0] == state.known[2] == frozenset()
    state = apply(state, CardGained(2, "darrow", Zone.at(J)))
    assert all("darrow" in k for k in state.known)
    state = apply(state, CardGained(0, "deanna", Zone.deck()))
    assert "deanna" in state.known[0] and "deanna" not in state.known[1]
    state = apply(state, CardPassed("mustang", 1, 0))
    assert "mustang" in state.known[0] and "mustang" in state.known[1]
    assert "mustang" not in state.known[2] and "mustang" not in state.known[3]
    state = apply(state, CardPlaced("pelus", Zone.deck(), M, None, True, None))
    assert all("pelus" not in k for k in state.known)
    state = apply(state, CardBanished("deanna", Zone.hand(0)))
    state = apply(state, CardPlaced("deanna", Zone.banished(), L, None, True, 1))
    assert all("deanna" in k for k in state.known)


@pytest.mark.rule("RR-VIEW-5")
def test_a_card_placed_face_up_is_public_and_learnt_by_no_set() -> None:
    """A card placed face up (a Scout's card) is public where it lies: every seat knows it,
    and no seat's set changes, not even that of a seat that had looked at it."""
    state = apply(started(), CardsSeen(0, ("mustang",), Zone.deck()))
    after = apply(state, CardPlaced("mustang", Zone.deck(), J, None, False, 1))
    assert after.known == state.known
    assert is_public(after, "mustang") and knows(after, 2, "mustang")


@pytest.mark.rule("RR-VIEW-5")
def test_a_position_built_by_hand_learns_for_every_seat() -> None:
    """A state with no knowledge recorded (built by the scenario builder) gets a set for each
    seat as soon as it learns anything; its players still know their own hands."""
    state = Scenario(3).hand(1, "sevro").state()
    assert state.known == () and knows(state, 1, "sevro") and not knows(state, 0, "sevro")
    assert known_cards(state, 1) == frozenset({"sevro"}) and known_cards(state, None) == set()
    after = apply(state, CardRevealed("sevro", Zone.hand(1), 1))
    assert len(after.known) == 4 and knows(after, 0, "sevro") and knows(after, 2, "sevro")
    assert knows(after, None, "sevro")


@pytest.mark.rule("RR-VIEW-4", "RR-VIEW-5")
def test_the_start_and_the_placer_of_a_face_down_card() -> None:
    """A game starts with an empty set per seat; placing a card face down teaches it to the
    placer even without a look first; a partial knowledge tuple is completed to every seat
    and the table."""
    assert fold([GameStarted(("A", "B", "C"), Ruleset())]).known == (frozenset(),) * 4
    state = apply(started(), CardPlaced("pelus", Zone.deck(), M, None, True, 1))
    assert state.known == (frozenset(), frozenset({"pelus"}), frozenset(), frozenset())
    partial = attrs.evolve(started(), known=(frozenset({"darrow"}),))
    after = apply(partial, CardRevealed("mustang", Zone.deck(), 0))
    assert after.known == (frozenset({"darrow", "mustang"}), frozenset({"mustang"}),
                           frozenset({"mustang"}), frozenset({"mustang"}))
    assert known_cards(Scenario(2).hand(0, "sevro").state(), 0) == frozenset({"sevro"})


@pytest.mark.rule("RR-SOLO-5")
def test_cards_out_of_a_solo_game_are_public() -> None:
    """The characters a solo game removes are known to every seat and to spectators; in a
    game between players a card not yet dealt is not public."""
    solo = Game.new(["Ana"], seed=2).state
    assert is_public(solo, "roque") and knows(solo, None, "loan_shark")
    assert not any(is_public(solo, c) for c in solo.hand(1))
    assert not is_public(GameState(players=Game.new(2).state.players), "roque")
