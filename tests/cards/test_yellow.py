"""Yellow card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.cards.yellow import select_at_random
from rr.decisions import Ask
from rr.effects.program import Chance
from rr.events.types import (
    BlockUsed, CardBanished, CardGained, CardPlaced, CardReturnedToDeck, CardRevealed,
    CardSelectedAtRandom, CardsShuffled, Event,
)
from rr.engine import Game
from rr.model import Location, Zone
from rr.options import Answer, PickCard, Position
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


def _no_block(game: Game, seat: int) -> tuple[Event, ...]:
    """``seat``, targeted without a block card, is still asked (RULING-B8) and answers no."""
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.options) == (seat, Ask.BLOCK, (Answer.NO,))
    return play(game, Answer.NO)

# --- Dr. Virany ------------------------------------------------------------------------------


@pytest.mark.card("dr_virany")
@pytest.mark.rule("RR-LOC-3")
@pytest.mark.rule("RULING-C4")
def test_dr_virany_on_mars_puts_two_cards_under_it_in_any_order() -> None:
    """Dr. Virany, "If deployed on Mars, reveal the top 2 cards of the deck and place them
    under this card in any order."."""
    game = (Scenario(2).hand(0, "dr_virany").at(M, "sevro").deck_top("harmony", "deanna")
            .deploy(0, "dr_virany", M))
    assert CardRevealed("harmony", Zone.deck(), 0) in game.events
    assert CardRevealed("deanna", Zone.deck(), 0) in game.events
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("harmony"), PickCard("deanna")}
    play(game, PickCard("deanna"))
    assert game.state.stack(M) == ("sevro", "harmony", "deanna", "dr_virany")


@pytest.mark.card("dr_virany")
def test_dr_virany_elsewhere_does_nothing() -> None:
    """Dr. Virany, "If deployed on Mars, ...": deployed on Luna, nothing happens."""
    game = Scenario(2).hand(0, "dr_virany").deploy(0, "dr_virany", L)
    assert game.is_over and game.state.stack(L) == ("dr_virany",)


@pytest.mark.card("dr_virany")
@pytest.mark.rule("RR-END-5", "RULING-A28")
def test_dr_virany_end_of_game_gains_any_number_of_the_named_banished_cards() -> None:
    """Dr. Virany, "You may gain any number of these banished cards: Victra, Sevro, Fitchner,
    and any Reds.": other banished Golds are not offered; the player stops when they like."""
    game = (Scenario(2).hand(0, "dr_virany")
            .banished("victra", "tactus", "harmony", "fitchner", "pelus")
            .ability(0, "dr_virany"))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.DONE, PickCard("victra"), PickCard("harmony"),
                                         PickCard("fitchner")}
    play(game, PickCard("harmony"), PickCard("victra"))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.DONE, PickCard("fitchner")}
    play(game, Answer.DONE)
    assert game.is_over
    assert game.state.hand(0) == ("dr_virany", "harmony", "victra")
    assert set(game.state.banished) == {"tactus", "fitchner", "pelus"}


@pytest.mark.card("dr_virany")
def test_dr_virany_end_of_game_may_take_them_all_or_none() -> None:
    """Dr. Virany, "You may gain any number of these banished cards ...": all of them, and
    with none banished, nothing is asked."""
    game = Scenario(2).hand(0, "dr_virany").banished("sevro", "deanna").ability(0, "dr_virany")
    play(game, PickCard("sevro"), PickCard("deanna"))
    assert game.is_over and game.state.banished == ()
    empty = Scenario(2).hand(0, "dr_virany").banished("tactus").ability(0, "dr_virany")
    assert empty.is_over and empty.state.hand(0) == ("dr_virany",)


# --- Group Counselor -------------------------------------------------------------------------


@pytest.mark.card("group_counselor")
def test_group_counselor_puts_up_to_three_banished_cards_on_top_or_bottom_of_the_deck(
) -> None:
    """Group Counselor, "Choose up to 3 banished cards and place each of them either on the
    top or bottom of the deck."."""
    game = (Scenario(2).hand(0, "group_counselor")
            .banished("sevro", "harmony", "deanna", "pelus").deploy(0, "group_counselor", M))
    assert game.pending is not None and Answer.DONE in game.pending.options
    play(game, PickCard("sevro"))
    assert game.pending is not None and game.pending.ask is Ask.POSITION
    play(game, Position.TOP, PickCard("harmony"), Position.BOTTOM, PickCard("deanna"),
         Position.TOP)
    assert game.is_over  # three at most
    assert game.state.deck[-2:] == ("sevro", "deanna") and game.state.deck[0] == "harmony"
    assert game.state.banished == ("pelus",)
    assert CardReturnedToDeck("harmony", Zone.banished(), True) in game.events


@pytest.mark.card("group_counselor")
def test_group_counselor_counts_the_cards_chosen() -> None:
    """Group Counselor, "Choose up to 3 banished cards ...": each question says which of the
    three it is, and with none left nothing more is asked."""
    game = (Scenario(2).hand(0, "group_counselor").banished("sevro", "harmony")
            .deploy(0, "group_counselor", M))
    assert game.pending is not None and "(1 of up to 3)" in game.pending.prompt
    play(game, PickCard("sevro"), Position.TOP)
    assert game.pending is not None and "(2 of up to 3)" in game.pending.prompt
    play(game, PickCard("harmony"), Position.TOP)
    assert game.is_over and game.state.banished == ()
    assert game.state.deck[-2:] == ("sevro", "harmony")


@pytest.mark.card("group_counselor")
@pytest.mark.rule("RULING-C10")
def test_group_counselor_may_choose_none() -> None:
    """Group Counselor, "Choose up to 3 banished cards ...": zero is "up to 3"."""
    game = Scenario(2).hand(0, "group_counselor").banished("sevro").deploy(0, "group_counselor", M)
    play(game, Answer.DONE)
    assert game.state.banished == ("sevro",)


@pytest.mark.card("group_counselor")
@pytest.mark.rule("RR-ABIL-1")
def test_group_counselor_with_no_banished_card_does_nothing() -> None:
    """Group Counselor, "Choose up to 3 banished cards ...": none banished, nothing asked."""
    game = Scenario(2).hand(0, "group_counselor").deploy(0, "group_counselor", M)
    assert game.is_over
    assert game.events[2:] == ()  # nothing after TurnStarted and CardDeployed


# --- Hypnotist -------------------------------------------------------------------------------


@pytest.mark.card("hypnotist")
@pytest.mark.rule("RR-ABIL-12", "RULING-B8")
def test_hypnotist_each_player_in_turn_banishes_a_card_and_draws() -> None:
    """Hypnotist, "In clockwise order starting with you, each player selects a card from their
    hand, banishes it, and gains the top card of the deck.": each opponent is first asked
    whether to block ("no" their only answer)."""
    game = (Scenario(3).first_player(1).hand(1, "hypnotist", "harmony", "deanna")
            .hand(2, "sevro", "tactus").hand(0, "pelus")
            .deck_top("eo", "virga", "darrow").deploy(1, "hypnotist", J))
    assert game.pending is not None and game.pending.seat == 1
    play(game, PickCard("deanna"))
    _no_block(game, 2)
    assert game.pending is not None and game.pending.seat == 2
    assert set(game.pending.options) == {PickCard("sevro"), PickCard("tactus")}
    play(game, PickCard("tactus"))
    _no_block(game, 0)
    # Seat 0 holds one card: a forced choice, taken without asking.
    assert game.is_over
    assert game.state.hand(1) == ("harmony", "eo")
    assert game.state.hand(2) == ("sevro", "virga")
    assert game.state.hand(0) == ("darrow",)
    banished = [e.card for e in game.events if isinstance(e, CardBanished)]
    assert banished == ["deanna", "tactus", "pelus"]


@pytest.mark.card("hypnotist")
@pytest.mark.rule("RULING-A23", "RULING-B8")
def test_hypnotist_with_an_empty_hand_still_draws() -> None:
    """Hypnotist, "... each player selects a card from their hand, banishes it, and gains the
    top card of the deck.": with no card, a player still draws."""
    game = (Scenario(2).hand(0, "hypnotist").hand(1, "sevro").deck_top("eo", "virga")
            .deploy(0, "hypnotist", J))
    _no_block(game, 1)
    assert game.is_over
    assert game.state.hand(0) == ("eo",)
    assert game.state.hand(1) == ("virga",)


@pytest.mark.card("hypnotist")
@pytest.mark.rule("RR-DECK-1", "RULING-B8")
def test_hypnotist_with_an_empty_deck_only_banishes() -> None:
    """Hypnotist, "... banishes it, and gains the top card of the deck.": no deck, no draw."""
    game = (Scenario(2).hand(0, "hypnotist", "harmony").hand(1, "sevro").deck_only()
            .deploy(0, "hypnotist", J))
    _no_block(game, 1)
    assert game.state.hand(0) == () and game.state.hand(1) == ()


@pytest.mark.card("hypnotist", "the_howlers")
@pytest.mark.rule("RULING-A13", "RR-BLOCK-2")
@pytest.mark.rule("RULING-C9")
def test_hypnotist_banish_blocked_by_the_howlers() -> None:
    """The Howlers, "When an opponent tries to steal or banish your cards, reveal this to
    block them.": against Hypnotist's banish the blocker keeps their cards and does not draw."""
    game = (Scenario(2).hand(0, "hypnotist", "harmony").hand(1, "the_howlers", "sevro")
            .deck_top("eo", "virga").deploy(0, "hypnotist", J))
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.ask is Ask.BLOCK
    events = play(game, PickCard("the_howlers"))
    assert BlockUsed(1, "the_howlers", 0) in events
    assert game.state.hand(1) == ("the_howlers", "sevro")
    assert game.state.hand(0) == ("eo",)
    assert game.state.deck[-1] == "virga"


@pytest.mark.card("hypnotist", "judge")
@pytest.mark.rule("RULING-A13")
def test_hypnotist_victim_may_decline_to_block() -> None:
    """Judge, "... reveal this to block them.": declining, the player banishes and draws."""
    game = (Scenario(2).hand(0, "hypnotist").hand(1, "judge", "sevro")
            .deck_top("eo", "virga").deploy(0, "hypnotist", J))
    play(game, Answer.NO, PickCard("judge"))
    assert game.state.hand(1) == ("sevro", "virga")


@pytest.mark.card("hypnotist", "pax_au_telemanus")
@pytest.mark.rule("RULING-A13")
def test_hypnotist_unblockable_under_the_option() -> None:
    """Pax au Telemanus, "When an opponent tries to steal or banish your cards ...": with
    ``hypnotist_blockable`` off, no block is offered against Hypnotist."""
    game = (Scenario(2, ruleset=Ruleset(hypnotist_blockable=False))
            .hand(0, "hypnotist").hand(1, "pax_au_telemanus", "sevro")
            .deck_top("eo", "virga").deploy(0, "hypnotist", J))
    assert game.pending is not None and game.pending.ask is Ask.CARD
    play(game, PickCard("sevro"))
    assert game.state.hand(1) == ("pax_au_telemanus", "virga")


@pytest.mark.card("hypnotist", "the_howlers")
@pytest.mark.rule("RR-BLOCK-4")
def test_hypnotist_own_block_card_is_not_offered() -> None:
    """The Howlers, "When an opponent tries ...": your own Hypnotist is not an opponent's."""
    game = (Scenario(2).hand(0, "hypnotist", "the_howlers", "harmony").hand(1, "sevro")
            .deck_top("eo", "virga").deploy(0, "hypnotist", J))
    assert game.pending is not None and game.pending.ask is Ask.CARD
    assert game.pending.seat == 0


@pytest.mark.card("hypnotist")
@pytest.mark.rule("RULING-V1", "RULING-B8")
def test_hypnotist_is_not_limited_by_the_multiplayer_variant() -> None:
    """Hypnotist, "... each player selects a card from their hand, banishes it ...": it is not
    one of the variant's cards, so small hands are not protected."""
    game = (Scenario(3, ruleset=Ruleset(protect_small_hands=True))
            .hand(0, "hypnotist").hand(1, "sevro").hand(2, "harmony")
            .deck_top("eo", "virga", "darrow").deploy(0, "hypnotist", J))
    _no_block(game, 1)
    _no_block(game, 2)
    assert game.state.hand(1) == ("virga",) and game.state.hand(2) == ("darrow",)


@pytest.mark.card("hypnotist")
@pytest.mark.rule("RR-END-5")
def test_hypnotist_end_of_game_banishes_another_card_and_draws() -> None:
    """Hypnotist, "Banish 1 other card from your hand and gain the top card of the deck."."""
    game = (Scenario(2).hand(0, "hypnotist", "harmony", "sevro").deck_top("eo")
            .ability(0, "hypnotist"))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("harmony"), PickCard("sevro")}
    play(game, PickCard("sevro"))
    assert game.state.hand(0) == ("hypnotist", "harmony", "eo")


@pytest.mark.card("hypnotist")
@pytest.mark.rule("RULING-A23")
def test_hypnotist_end_of_game_alone_still_draws() -> None:
    """Hypnotist, "Banish 1 other card from your hand and gain the top card of the deck.":
    with no other card, Hypnotist stays and the draw still happens."""
    game = Scenario(2).hand(0, "hypnotist").deck_top("eo").ability(0, "hypnotist")
    assert game.is_over and game.state.hand(0) == ("hypnotist", "eo")


# --- Pathologist -----------------------------------------------------------------------------


@pytest.mark.card("pathologist")
def test_pathologist_banishes_the_bottom_card_of_its_location() -> None:
    """Pathologist, "Banish the bottom card of this location (if it's not this card)."."""
    game = (Scenario(2).hand(0, "pathologist").at(L, "sevro", "harmony")
            .deploy(0, "pathologist", L))
    assert CardBanished("sevro", Zone.at(L)) in game.events
    assert game.state.stack(L) == ("harmony", "pathologist")


@pytest.mark.card("pathologist")
def test_pathologist_on_an_empty_location_stays() -> None:
    """Pathologist, "... (if it's not this card).": alone on its location, nothing happens."""
    game = Scenario(2).hand(0, "pathologist").deploy(0, "pathologist", L)
    assert not any(isinstance(e, CardBanished) for e in game.events)
    assert game.state.stack(L) == ("pathologist",)


# --- Psychologist ----------------------------------------------------------------------------


@pytest.mark.card("psychologist")
@pytest.mark.rule("RR-ABIL-2")
def test_psychologist_places_two_banished_cards_on_top_of_one_location() -> None:
    """Psychologist, "You may place (not deploy) 1 or 2 banished cards on the top of one
    location.": the second placed ends on top; no deploy ability triggers."""
    game = (Scenario(2).hand(0, "psychologist").at(J, "harmony")
            .banished("sevro", "morning_star", "deanna").deploy(0, "psychologist", M))
    assert game.pending is not None and Answer.NO in game.pending.options
    play(game, PickCard("morning_star"))
    assert game.pending is not None and set(game.pending.options) == {J, M, L, I}
    play(game, J)
    assert game.pending is not None and Answer.DONE in game.pending.options
    assert PickCard("morning_star") not in game.pending.options
    play(game, PickCard("sevro"))
    assert game.state.stack(J) == ("harmony", "morning_star", "sevro")
    assert CardPlaced("morning_star", Zone.banished(), J) in game.events
    assert game.state.players[0].fleet == 0


@pytest.mark.card("psychologist")
def test_psychologist_may_place_just_one_or_none() -> None:
    """Psychologist, "You may place ... 1 or 2 banished cards ...": one, then done; or none."""
    game = (Scenario(2).hand(0, "psychologist").banished("sevro", "deanna")
            .deploy(0, "psychologist", M))
    play(game, PickCard("deanna"), M, Answer.DONE)
    assert game.state.stack(M) == ("psychologist", "deanna")
    assert game.state.banished == ("sevro",)
    declined = (Scenario(2).hand(0, "psychologist").banished("sevro")
                .deploy(0, "psychologist", M))
    play(declined, Answer.NO)
    assert declined.state.banished == ("sevro",)


@pytest.mark.card("psychologist")
def test_psychologist_with_one_banished_card_places_it_then_asks_nothing() -> None:
    """Psychologist, "You may place ... 1 or 2 banished cards on the top of one location.":
    the only banished card placed, no second one to offer."""
    game = (Scenario(2).hand(0, "psychologist").banished("sevro")
            .deploy(0, "psychologist", M))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("sevro")}
    play(game, PickCard("sevro"), J)
    assert game.is_over
    assert game.state.stack(J) == ("sevro",) and game.state.banished == ()


@pytest.mark.card("psychologist")
@pytest.mark.rule("RR-ABIL-1")
def test_psychologist_with_no_banished_card_does_nothing() -> None:
    """Psychologist, "You may place ... banished cards ...": none banished, nothing asked."""
    game = Scenario(2).hand(0, "psychologist").deploy(0, "psychologist", M)
    assert game.is_over
    assert game.events[2:] == ()  # nothing after TurnStarted and CardDeployed


@pytest.mark.card("psychologist")
@pytest.mark.rule("RR-END-5", "RR-ABIL-13", "RULING-A6")
def test_psychologist_end_of_game_with_the_fewest_cards_gains_a_random_banished_card(
) -> None:
    """Psychologist, "If you have the fewest cards in hand (ties count), gain 1 random banished
    card.": tied for fewest is enough; the pick is random and recorded."""
    pile = ("sevro", "deanna", "tactus")
    game = (Scenario(3).hand(0, "psychologist", "harmony").hand(1, "eo", "virga")
            .hand(2, "pelus", "darrow", "orion").banished(*pile).ability(0, "psychologist"))
    picked = [e for e in game.events if isinstance(e, CardSelectedAtRandom)]
    assert len(picked) == 1 and picked[0].source == Zone.banished()
    assert picked[0].card in pile
    assert CardGained(0, picked[0].card, Zone.banished()) in game.events


@pytest.mark.card("psychologist")
def test_psychologist_end_of_game_without_the_fewest_cards_gains_nothing() -> None:
    """Psychologist, "If you have the fewest cards in hand ...": an opponent has fewer."""
    game = (Scenario(2).hand(0, "psychologist", "harmony").hand(1, "eo").banished("sevro")
            .ability(0, "psychologist"))
    assert game.state.hand(0) == ("psychologist", "harmony")
    assert not any(isinstance(e, CardSelectedAtRandom) for e in game.events)


@pytest.mark.card("psychologist")
def test_psychologist_end_of_game_with_an_empty_pile_gains_nothing() -> None:
    """Psychologist, "... gain 1 random banished card.": the pile is empty."""
    game = Scenario(2).hand(0, "psychologist").hand(1, "eo").ability(0, "psychologist")
    assert game.is_over and game.state.hand(0) == ("psychologist",)


# --- Researcher ------------------------------------------------------------------------------


@pytest.mark.card("researcher")
@pytest.mark.rule("RR-ABIL-13", "RR-LOC-3")
def test_researcher_places_a_random_banished_card_at_the_bottom_of_its_location() -> None:
    """Researcher, "Place a random banished card at the bottom of this location."."""
    pile = ("sevro", "deanna", "tactus")
    game = (Scenario(2).hand(0, "researcher").at(I, "harmony").banished(*pile)
            .deploy(0, "researcher", I))
    picked = [e for e in game.events if isinstance(e, CardSelectedAtRandom)]
    assert len(picked) == 1 and picked[0].card in pile
    card = picked[0].card
    assert CardPlaced(card, Zone.banished(), I, 0) in game.events
    assert game.state.stack(I) == (card, "harmony", "researcher")


@pytest.mark.card("researcher")
@pytest.mark.rule("RR-ABIL-1")
def test_researcher_with_no_banished_card_does_nothing() -> None:
    """Researcher, "Place a random banished card ...": none banished, nothing happens."""
    game = Scenario(2).hand(0, "researcher").deploy(0, "researcher", I)
    assert game.is_over and game.state.stack(I) == ("researcher",)


# --- Surgeon ---------------------------------------------------------------------------------


@pytest.mark.card("surgeon")
def test_surgeon_banishes_a_non_gold_and_gains_a_banished_gold() -> None:
    """Surgeon, "You may banish a non-Gold from your hand and gain a banished Gold."."""
    game = (Scenario(2).hand(0, "surgeon", "harmony", "sevro", "pelus")
            .banished("tactus", "deanna", "victra").deploy(0, "surgeon", M))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("harmony"), PickCard("pelus")}
    play(game, PickCard("pelus"))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("tactus"), PickCard("victra")}
    play(game, PickCard("victra"))
    assert set(game.state.hand(0)) == {"harmony", "sevro", "victra"}
    assert set(game.state.banished) == {"tactus", "deanna", "pelus"}


@pytest.mark.card("surgeon")
def test_surgeon_may_decline() -> None:
    """Surgeon, "You may banish ...": declining changes nothing."""
    game = (Scenario(2).hand(0, "surgeon", "harmony").banished("tactus")
            .deploy(0, "surgeon", M))
    play(game, Answer.NO)
    assert game.state.hand(0) == ("harmony",) and game.state.banished == ("tactus",)


@pytest.mark.card("surgeon")
@pytest.mark.rule("RULING-A23")
@pytest.mark.rule("RULING-C3")
def test_surgeon_without_a_banished_gold_may_still_banish() -> None:
    """Surgeon, "You may banish a non-Gold from your hand and gain a banished Gold.": with no
    banished Gold, only the banish can be done."""
    game = Scenario(2).hand(0, "surgeon", "harmony").banished("deanna").deploy(0, "surgeon", M)
    play(game, PickCard("harmony"))
    assert game.is_over and game.state.hand(0) == ()
    assert set(game.state.banished) == {"deanna", "harmony"}


@pytest.mark.card("surgeon")
@pytest.mark.rule("RULING-A23", "RULING-B8")
@pytest.mark.rule("RULING-C3")
def test_surgeon_without_a_non_gold_in_hand_may_still_gain() -> None:
    """Surgeon, "You may banish a non-Gold from your hand and gain a banished Gold.": holding
    only Golds, the player may still gain a banished Gold (doing as much as possible),
    answering the one question "yes" instead of naming a card."""
    game = Scenario(2).hand(0, "surgeon", "sevro").banished("tactus").deploy(0, "surgeon", M)
    assert game.pending is not None and game.pending.ask is Ask.CARD
    assert game.pending.options == (Answer.NO, Answer.YES)
    play(game, Answer.YES)
    assert game.state.hand(0) == ("sevro", "tactus")


@pytest.mark.card("surgeon")
@pytest.mark.rule("RR-ABIL-1")
def test_surgeon_with_nothing_possible_asks_nothing() -> None:
    """Surgeon, "You may banish a non-Gold ... and gain a banished Gold.": an empty hand and
    no banished Gold."""
    game = Scenario(2).hand(0, "surgeon").banished("deanna").deploy(0, "surgeon", M)
    assert game.is_over
    assert game.events[2:] == ()  # nothing after TurnStarted and CardDeployed


@pytest.mark.card("surgeon")
@pytest.mark.rule("RR-END-5")
def test_surgeon_end_of_game_gains_any_banished_gold() -> None:
    """Surgeon, "Gain any 1 banished Gold."."""
    game = (Scenario(2).hand(0, "surgeon").banished("tactus", "deanna", "sevro")
            .ability(0, "surgeon"))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("tactus"), PickCard("sevro")}
    play(game, PickCard("sevro"))
    assert game.state.hand(0) == ("surgeon", "sevro")


@pytest.mark.card("surgeon")
def test_surgeon_end_of_game_with_no_banished_gold_gains_nothing() -> None:
    """Surgeon, "Gain any 1 banished Gold.": none banished, nothing happens."""
    game = Scenario(2).hand(0, "surgeon").banished("deanna").ability(0, "surgeon")
    assert game.is_over and game.state.hand(0) == ("surgeon",)


@pytest.mark.card("roque", "psychologist", "researcher")
@pytest.mark.rule("RR-ABIL-13")
def test_a_random_selection_accepts_only_one_of_those_cards_from_that_zone() -> None:
    """Roque, "... then randomly select a card from their hand.": the random pick is recorded;
    a recorded pick read back (on resume) is accepted only if it is one of the cards, from
    the zone picked from."""
    program = select_at_random(Zone.hand(1), ("sevro", "deanna"), "a random card")
    chance = next(program)
    assert isinstance(chance, Chance)
    assert chance.accepts(CardSelectedAtRandom("deanna", Zone.hand(1)))
    assert not chance.accepts(CardSelectedAtRandom("tactus", Zone.hand(1)))
    assert not chance.accepts(CardSelectedAtRandom("deanna", Zone.hand(0)))
    assert not chance.accepts(CardsShuffled(("deanna", "sevro")))
    with pytest.raises(StopIteration) as done:
        program.send(CardSelectedAtRandom("sevro", Zone.hand(1)))
    assert done.value.value == "sevro"
