"""The fold refuses every impossible solo event (RR-SOLO-*), naming the record and what is
wrong: the checks that make ``rr replay`` refuse a tampered solo log never re-adjudicated."""

from __future__ import annotations

import attrs
import pytest

from rr.engine import Game
from rr.events.types import (
    AutomaCardDrawn,
    AutomaCardsDiscarded,
    AutomaCardsSetAside,
    AutomaDeckShuffled,
    CardsPutOnTop,
    CardsRemoved,
    Event,
    GameStarted,
    HousesDealt,
    OddEvenCardPlaced,
    PriorityCardsDealt,
)
from rr.automa import Parity
from rr.model import House
from rr.ruleset import Ruleset
from rr.state import GameState, fold
from tests.engine.test_fold_checks import folds, in_play, rejects

LOG = Game.new(["Ana"], level=1, seed=2).events


def before(kind: type, nth: int = 0) -> tuple[GameState, Event]:
    """The state just before the ``nth`` event of type ``kind`` in a solo log, and that event."""
    at = [i for i, e in enumerate(LOG) if isinstance(e, kind)][nth]
    return fold(LOG[:at]), LOG[at]


@pytest.mark.rule("RR-SOLO-2")
def test_solo_events_need_a_solo_game() -> None:
    """An Au Toma event in a multiplayer game is refused."""
    rejects(in_play(), OddEvenCardPlaced(True), "not a solo game")
    rejects(in_play(), AutomaCardDrawn(1), "not a solo game")


@pytest.mark.rule("RR-SOLO-2")
def test_her_deck_is_shuffled_as_a_permutation_between_her_cards() -> None:
    """Her shuffle names each Au Toma card once, all of them, and never while she is carrying
    out drawn cards."""
    state, shuffled = before(AutomaDeckShuffled)
    assert isinstance(shuffled, AutomaDeckShuffled)
    cards = shuffled.automa_cards
    rejects(state, AutomaDeckShuffled(cards[:-1] + (cards[0],)), "not a permutation")
    rejects(state, AutomaDeckShuffled(cards[:-1]), "not a permutation")
    rejects(state, AutomaDeckShuffled(cards + (99,)), "not a permutation")
    after = folds(state, shuffled)
    assert after.solo is not None and after.solo.deck == cards
    rejects(after, AutomaDeckShuffled(cards[1:]), "not a permutation")  # a reshuffle, too
    assert folds(after, AutomaDeckShuffled(cards[::-1])).solo.deck == cards[::-1]  # type: ignore[union-attr]
    drawing, drawn = before(AutomaCardDrawn)
    mid_turn = folds(drawing, drawn)
    assert mid_turn.solo is not None
    rejects(mid_turn, AutomaDeckShuffled(tuple(sorted(cards))), "between her cards")


@pytest.mark.rule("RR-SOLO-2")
def test_only_the_top_of_her_deck_is_set_aside() -> None:
    """The cards set aside are the top of her deck, in order; more than the deck holds, or
    any others, are refused."""
    state, aside = before(AutomaCardsSetAside)
    assert isinstance(aside, AutomaCardsSetAside) and state.solo is not None
    deck = state.solo.deck
    rejects(state, AutomaCardsSetAside(deck[:4]), "not the top of Au Toma's deck")
    rejects(state, AutomaCardsSetAside(deck + (99,)), "not the top of Au Toma's deck")
    after = folds(state, aside)
    assert after.solo is not None
    assert after.solo.set_aside == deck[-4:] and after.solo.deck == deck[:-4]


@pytest.mark.rule("RR-SOLO-3")
def test_one_distinct_priority_card_per_location() -> None:
    """Four priority letters, all different."""
    state, dealt = before(PriorityCardsDealt)
    rejects(state, PriorityCardsDealt(("A", "B", "C")), "one distinct priority card")
    rejects(state, PriorityCardsDealt(("A", "B", "C", "C")), "one distinct priority card")
    assert folds(state, dealt).solo.priority == dealt.letters  # type: ignore[union-attr,attr-defined]


@pytest.mark.rule("RR-SOLO-5")
def test_cards_are_removed_before_the_shuffle_only() -> None:
    """Characters are removed from the game before the deck is made; once cards are in the
    deck (or a removed card lies somewhere), removing is refused."""
    state, removed = before(CardsRemoved)
    assert isinstance(removed, CardsRemoved)
    after = folds(state, removed)
    assert after.solo is not None and after.solo.removed == removed.cards
    dealt = fold(LOG[:LOG.index(removed) + 2])
    rejects(dealt, CardsRemoved(("ugly_dan",)), "before the deck is shuffled")


@pytest.mark.rule("RR-SOLO-7")
def test_the_odd_even_side_is_recorded() -> None:
    """The side shown is the side the event names."""
    state, _ = before(OddEvenCardPlaced)
    assert folds(state, OddEvenCardPlaced(True)).solo.parity is Parity.ODD  # type: ignore[union-attr]
    assert folds(state, OddEvenCardPlaced(False)).solo.parity is Parity.EVEN  # type: ignore[union-attr]


@pytest.mark.rule("RR-SOLO-8")
def test_she_draws_the_top_card_and_discards_the_cards_of_her_turn() -> None:
    """Her draw is the top of her deck; her discard is exactly the cards drawn this turn."""
    state, drawn = before(AutomaCardDrawn)
    assert isinstance(drawn, AutomaCardDrawn) and state.solo is not None
    other = state.solo.deck[0]
    rejects(state, AutomaCardDrawn(other), f"Au Toma card {other} is not the top of her deck")
    after = folds(state, drawn)
    assert after.solo is not None and after.solo.drawn == (drawn.automa_card,)
    empty = attrs.evolve(state, solo=attrs.evolve(state.solo, deck=()))
    rejects(empty, drawn, "is not the top of her deck")
    discarding, discarded = before(AutomaCardsDiscarded)
    assert isinstance(discarded, AutomaCardsDiscarded)
    rejects(discarding, AutomaCardsDiscarded(discarded.automa_cards[:1]), "of this turn")
    done = folds(discarding, discarded)
    assert done.solo is not None
    assert done.solo.drawn == () and done.solo.discard[-len(discarded.automa_cards):] == \
        discarded.automa_cards


@pytest.mark.rule("RR-SOLO-14")
def test_cards_put_back_on_top_of_her_hand_come_from_it() -> None:
    """Cards put back on top of a hand must be in it, each once; the last named is on top."""
    state, _ = before(AutomaCardDrawn)
    hand = state.players[1].hand
    assert len(hand) >= 2
    rejects(state, CardsPutOnTop(1, (hand[0], hand[0])), "not in seat 1's hand")
    rejects(state, CardsPutOnTop(1, ("ugly_dan",) if "ugly_dan" not in hand else ("lorn",)),
            "not in seat 1's hand")
    after = folds(state, CardsPutOnTop(1, (hand[0],)))
    assert after.players[1].hand == hand[1:] + (hand[0],)


@pytest.mark.rule("RR-SOLO-6")
def test_every_player_but_au_toma_has_a_house() -> None:
    """In a solo game the player has a house and Au Toma none; either the other way round, or
    a house for her, is refused. In a multiplayer game nobody may be without one."""
    state, dealt = before(HousesDealt)
    assert isinstance(dealt, HousesDealt)
    mine = dealt.houses[0]
    assert mine is not None and dealt.houses[1] is None
    rejects(state, HousesDealt((None, mine)), "every player but Tull Au Toma has a house")
    other = next(h for h in House if h is not mine)
    rejects(state, HousesDealt((mine, other)), "every player but Tull Au Toma has a house")
    assert folds(state, dealt).players[0].house is mine
    two = fold([GameStarted(("A", "B"), Ruleset())])
    rejects(two, HousesDealt((House.APOLLO, None)), "every player but Tull Au Toma has a house")
