"""RR-DECK-*: the empty deck, the hidden deck's top and bottom, and short decks."""

from __future__ import annotations

import pytest

from rr.effects import Ability, Play, gain_top_of_deck, return_to_deck
from rr.events.types import CardGained, CardReturnedToDeck
from rr.model import Location, Zone
from rr.options import GainTop, Lead
from rr.scenario import Scenario, play
from tests.rules.support import Stubs

M, L = Location.MARS, Location.LUNA


@pytest.mark.rule("RR-DECK-1")
def test_an_empty_deck_is_no_longer_an_option() -> None:
    """Given an empty deck, when P0 leads, then the final step offers only the locations."""
    game = Scenario(2).hand(0, "judge").at(L, "martyr").at(Location.JUPITER, "sevro"
                                                            ).deck_only().turn(0)
    play(game, Lead("judge", M))
    assert game.pending is not None
    assert game.pending.options == (GainTop(Location.JUPITER), GainTop(L))


@pytest.mark.rule("RR-DECK-2")
def test_the_top_card_is_the_next_to_come_off(stubs: Stubs) -> None:
    """Given Judge on top of the deck above Martyr, when an ability gains the top card, puts
    Justice back on top and Sevro at the bottom, then P0 gains Judge, Justice is the next
    card and Sevro the last."""

    def ability(p: Play) -> Ability:
        yield from gain_top_of_deck(p.table, p.seat)
        yield from return_to_deck(p.table, "justice")
        yield from return_to_deck(p.table, "sevro", bottom=True)
        return None

    stubs.deploy("uncle_narol", ability)
    game = (Scenario(2).hand(0, "uncle_narol", "justice", "sevro").deck_top("judge", "martyr")
            .deploy(0, "uncle_narol", M))
    assert game.events[-3:] == (CardGained(0, "judge", Zone.deck()),
                                CardReturnedToDeck("justice", Zone.hand(0)),
                                CardReturnedToDeck("sevro", Zone.hand(0), True))
    assert game.state.deck[-2:] == ("martyr", "justice")
    assert game.state.deck[0] == "sevro"


@pytest.mark.rule("RR-DECK-3")
def test_an_effect_wanting_more_cards_than_the_deck_holds_takes_what_there_is(
        stubs: Stubs) -> None:
    """Given a deck of 2 cards, when an ability gains the top 3 cards, then P0 gains the 2
    there are and the ability goes on (the turn reaches its final step)."""

    def ability(p: Play) -> Ability:
        for _ in range(3):
            yield from gain_top_of_deck(p.table, p.seat)
        return None

    stubs.deploy("uncle_narol", ability)
    game = (Scenario(2).hand(0, "uncle_narol").deck_only("judge", "martyr").at(L, "sevro")
            .at(Location.INSTITUTE, "justice").turn(0))
    events = play(game, Lead("uncle_narol", M))
    assert events[-2:] == (CardGained(0, "judge", Zone.deck()),
                           CardGained(0, "martyr", Zone.deck()))
    assert game.state.deck == ()
    assert game.pending is not None
    assert game.pending.options == (GainTop(L), GainTop(Location.INSTITUTE))
