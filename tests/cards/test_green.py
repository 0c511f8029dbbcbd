"""Green card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.cards.green import shuffled
from rr.decisions import Ask
from rr.events.types import (
    CardBanished, CardGained, CardPlaced, CardReturnedToDeck, CardRevealed, CardsShuffled,
    PointsScored,
)
from rr.model import Color, Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE

# --- Codebreaker -----------------------------------------------------------------------------


@pytest.mark.card("codebreaker")
@pytest.mark.rule("RULING-A19")
def test_codebreaker_gains_a_non_gold_bottom_card_and_is_banished() -> None:
    """Codebreaker, "Reveal the bottom card of the deck. If it's a Gold or Silver, leave it
    there; otherwise gain it. Banish Codebreaker unless you deployed it on top of a Gold or
    Silver.": a Red at the bottom is gained; deployed on a Red, Codebreaker is banished."""
    game = (Scenario(2).hand(0, "codebreaker").at(M, "harmony").deck_only("sevro", "deanna")
            .deploy(0, "codebreaker", M))
    assert CardRevealed("deanna", Zone.deck(), 0) in game.events
    assert CardGained(0, "deanna", Zone.deck()) in game.events
    assert CardBanished("codebreaker", Zone.at(M)) in game.events
    assert game.state.deck == ("sevro",)


@pytest.mark.card("codebreaker")
@pytest.mark.rule("RULING-A19")
def test_codebreaker_leaves_a_gold_and_stays_on_a_silver() -> None:
    """Codebreaker, "If it's a Gold or Silver, leave it there ... Banish Codebreaker unless you
    deployed it on top of a Gold or Silver.": a Gold at the bottom stays; on a Silver it stays."""
    game = (Scenario(2).hand(0, "codebreaker").at(J, "banker").deck_only("harmony", "sevro")
            .deploy(0, "codebreaker", J))
    assert not any(isinstance(e, (CardGained, CardBanished)) for e in game.events)
    assert game.state.deck == ("sevro", "harmony")
    assert game.state.stack(J) == ("banker", "codebreaker")


@pytest.mark.card("codebreaker")
@pytest.mark.rule("RULING-A19")
def test_codebreaker_on_a_gold_lower_in_the_stack_is_banished() -> None:
    """Codebreaker, "... unless you deployed it on top of a Gold or Silver.": only the card
    directly under counts, so a Gold lower down does not save it."""
    game = (Scenario(2).hand(0, "codebreaker").at(L, "sevro", "harmony")
            .deploy(0, "codebreaker", L))
    assert CardBanished("codebreaker", Zone.at(L)) in game.events


@pytest.mark.card("codebreaker")
@pytest.mark.rule("RULING-A1")
def test_codebreaker_on_a_face_down_gold_is_banished() -> None:
    """Codebreaker, "... unless you deployed it on top of a Gold or Silver.": a face-down
    Gold is colourless."""
    game = (Scenario(2).hand(0, "codebreaker").at(L, "sevro", face_down=["sevro"])
            .deploy(0, "codebreaker", L))
    assert CardBanished("codebreaker", Zone.at(L)) in game.events


@pytest.mark.card("codebreaker")
@pytest.mark.rule("RR-DECK-1", "RULING-A23")
def test_codebreaker_with_an_empty_deck_on_an_empty_location_is_still_banished() -> None:
    """Codebreaker, "Reveal the bottom card of the deck. ... Banish Codebreaker unless ...":
    nothing to reveal, and on an empty location it was not deployed on a Gold or Silver."""
    game = Scenario(2).hand(0, "codebreaker").deck_only().deploy(0, "codebreaker", I)
    assert not any(isinstance(e, (CardRevealed, CardGained)) for e in game.events)
    assert CardBanished("codebreaker", Zone.at(I)) in game.events


# --- Dataport Specialist ---------------------------------------------------------------------


@pytest.mark.card("dataport_specialist")
@pytest.mark.rule("RR-LOC-3")
@pytest.mark.rule("RULING-C4")
def test_dataport_specialist_on_jupiter_puts_two_cards_under_it_in_any_order() -> None:
    """Dataport Specialist, "If deployed on Jupiter, reveal the top 2 cards of the deck and
    place them under this card in any order.": the player picks the one directly under it."""
    game = (Scenario(2).hand(0, "dataport_specialist").at(J, "sevro")
            .deck_top("harmony", "deanna").deploy(0, "dataport_specialist", J))
    assert CardRevealed("harmony", Zone.deck(), 0) in game.events
    assert CardRevealed("deanna", Zone.deck(), 0) in game.events
    assert game.pending is not None and game.pending.ask is Ask.CARD
    assert set(game.pending.options) == {PickCard("harmony"), PickCard("deanna")}
    play(game, PickCard("harmony"))
    assert game.state.stack(J) == ("sevro", "deanna", "harmony", "dataport_specialist")


@pytest.mark.card("dataport_specialist")
def test_dataport_specialist_elsewhere_does_nothing() -> None:
    """Dataport Specialist, "If deployed on Jupiter, ...": deployed on Mars, nothing."""
    game = (Scenario(2).hand(0, "dataport_specialist").deck_top("harmony")
            .deploy(0, "dataport_specialist", M))
    assert game.is_over and game.state.stack(M) == ("dataport_specialist",)
    assert not any(isinstance(e, CardRevealed) for e in game.events)


@pytest.mark.card("dataport_specialist")
@pytest.mark.rule("RR-DECK-3")
def test_dataport_specialist_with_one_card_in_the_deck_places_it() -> None:
    """Dataport Specialist, "... reveal the top 2 cards of the deck and place them under this
    card ...": with a single card in the deck, that one goes directly under it."""
    game = (Scenario(2).hand(0, "dataport_specialist").deck_only("harmony")
            .deploy(0, "dataport_specialist", J))
    assert game.is_over
    assert game.state.stack(J) == ("harmony", "dataport_specialist")
    assert game.state.deck == ()


@pytest.mark.card("dataport_specialist")
@pytest.mark.rule("RR-DECK-1")
def test_dataport_specialist_with_an_empty_deck_does_nothing() -> None:
    """Dataport Specialist, "... reveal the top 2 cards of the deck ...": no deck, nothing."""
    game = (Scenario(2).hand(0, "dataport_specialist").deck_only()
            .deploy(0, "dataport_specialist", J))
    assert game.is_over and game.state.stack(J) == ("dataport_specialist",)


# --- Holo Designer ---------------------------------------------------------------------------


@pytest.mark.card("holo_designer")
def test_holo_designer_on_luna_puts_two_cards_under_it_in_any_order() -> None:
    """Holo Designer, "If deployed on Luna, reveal the top 2 cards of the deck and place them
    under this card in any order."."""
    game = (Scenario(2).hand(0, "holo_designer").deck_top("harmony", "deanna")
            .deploy(0, "holo_designer", L))
    play(game, PickCard("deanna"))
    assert game.state.stack(L) == ("harmony", "deanna", "holo_designer")


@pytest.mark.card("holo_designer")
def test_holo_designer_elsewhere_does_nothing() -> None:
    """Holo Designer, "If deployed on Luna, ...": deployed on Jupiter, nothing."""
    game = Scenario(2).hand(0, "holo_designer").deploy(0, "holo_designer", J)
    assert game.is_over and game.state.stack(J) == ("holo_designer",)


# --- Developer -------------------------------------------------------------------------------


@pytest.mark.card("developer")
@pytest.mark.rule("RULING-A15", "RULING-A16", "RR-LEAD-6")
def test_developer_gains_any_other_card_of_its_location_and_ends_the_turn() -> None:
    """Developer, "You may gain any other card from this location. If you do, end your
    turn.": any position, not Developer itself; no final step."""
    game = (Scenario(2).hand(0, "developer").at(M, "sevro", "harmony")
            .at(L, "deanna").turn(0))
    play(game, Lead("developer", M))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("sevro"), PickCard("harmony")}
    events = play(game, PickCard("sevro"))
    assert CardGained(0, "sevro", Zone.at(M)) in events
    assert game.state.players[0].helium == 0  # no location bonus
    assert game.is_over


@pytest.mark.card("developer")
def test_developer_may_decline() -> None:
    """Developer, "You may gain ...": declining, the turn goes on to its final step."""
    game = Scenario(2).hand(0, "developer").at(M, "sevro").at(L, "deanna").turn(0)
    play(game, Lead("developer", M), Answer.NO)
    assert game.pending is not None and GainTop(L) in game.pending.options
    assert game.state.stack(M) == ("sevro", "developer")


@pytest.mark.card("developer")
@pytest.mark.rule("RR-ABIL-1")
def test_developer_alone_on_its_location_does_nothing() -> None:
    """Developer, "... any other card from this location.": none there, so no question."""
    game = Scenario(2).hand(0, "developer").at(L, "deanna").turn(0)
    play(game, Lead("developer", M))
    assert game.pending is not None and game.pending.ask is Ask.GAIN


# --- Firewall Expert -------------------------------------------------------------------------


@pytest.mark.card("firewall_expert")
@pytest.mark.rule("RULING-A1", "RULING-F1")
def test_firewall_expert_puts_one_card_face_down_on_each_other_location() -> None:
    """Firewall Expert, "Look at the top 3 cards of the deck. Place 1 of them face down at the
    top of each other location. These cards are considered colorless while they are face
    down."."""
    game = (Scenario(2).hand(0, "firewall_expert").at(J, "deanna")
            .deck_top("sevro", "harmony", "pelus").deploy(0, "firewall_expert", M))
    assert not any(isinstance(e, CardRevealed) for e in game.events)  # looked at, not shown
    assert game.pending is not None and J.title in game.pending.prompt
    assert set(game.pending.options) == {PickCard("sevro"), PickCard("harmony"),
                                         PickCard("pelus")}
    play(game, PickCard("harmony"))  # Jupiter
    play(game, PickCard("sevro"))  # Luna; The Institute gets the last one
    assert game.state.stack(J) == ("deanna", "harmony")
    assert game.state.top(L) == "sevro" and game.state.top(I) == "pelus"
    assert game.state.stack(M) == ("firewall_expert",)
    assert {"harmony", "sevro", "pelus"} <= game.state.face_down
    assert CardPlaced("pelus", Zone.deck(), I, None, True, seat=0) in game.events
    # RR-VIEW-4: the placer knows the face-down cards; the other player does not.
    assert "pelus" in game.view(0).card_ids() and "pelus" not in game.view(1).card_ids()


@pytest.mark.card("firewall_expert")
@pytest.mark.rule("RULING-A1", "RR-DECK-3")
@pytest.mark.rule("RULING-C10")
def test_firewall_expert_with_two_cards_lets_the_player_skip_a_location() -> None:
    """Firewall Expert, "Look at the top 3 cards of the deck. Place 1 of them face down at the
    top of each other location.": with 2 cards, the player chooses which 2 locations."""
    game = (Scenario(2).hand(0, "firewall_expert").deck_only("sevro", "harmony")
            .deploy(0, "firewall_expert", I))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("sevro"), PickCard("harmony")}
    assert game.pending.options[0] is Answer.NO  # "no" comes first, as in every "you may"
    play(game, Answer.NO)  # nothing on Jupiter
    assert game.pending is not None and Answer.NO not in game.pending.options
    play(game, PickCard("sevro"))  # Mars; Luna gets the other
    assert game.state.stack(J) == () and game.state.top(M) == "sevro"
    assert game.state.top(L) == "harmony" and game.state.face_down == {"sevro", "harmony"}


@pytest.mark.card("firewall_expert")
@pytest.mark.rule("RULING-A1")
def test_firewall_expert_first_printing_covers_every_location() -> None:
    """Firewall Expert (first printing, "... at the top of each location."): with the errata
    option off, 4 cards are looked at and its own location gets one too."""
    game = (Scenario(2, ruleset=Ruleset(firewall_each_other_location=False))
            .hand(0, "firewall_expert").deck_top("sevro", "harmony", "pelus", "deanna")
            .deploy(0, "firewall_expert", L))
    assert game.pending is not None and len(game.pending.options) == 4
    play(game, PickCard("sevro"), PickCard("harmony"), PickCard("pelus"))
    assert game.state.stack(L) == ("firewall_expert", "pelus")
    assert game.state.top(I) == "deanna"


@pytest.mark.card("firewall_expert")
@pytest.mark.rule("RR-DECK-1")
def test_firewall_expert_with_an_empty_deck_does_nothing() -> None:
    """Firewall Expert, "Look at the top 3 cards of the deck. ...": no deck, nothing."""
    game = Scenario(2).hand(0, "firewall_expert").deck_only().deploy(0, "firewall_expert", L)
    assert game.is_over and game.state.face_down == frozenset()


# --- Hacker ----------------------------------------------------------------------------------


@pytest.mark.card("hacker")
def test_hacker_may_banish_the_revealed_card() -> None:
    """Hacker, "Reveal the top card of the deck. Either banish it or place (not deploy) it to
    the top of another location.": banishing it."""
    game = Scenario(2).hand(0, "hacker").deck_top("sevro").deploy(0, "hacker", M)
    assert CardRevealed("sevro", Zone.deck(), 0) in game.events
    assert game.pending is not None and set(game.pending.options) == {Answer.YES, Answer.NO}
    events = play(game, Answer.YES)
    assert CardBanished("sevro", Zone.deck()) in events


@pytest.mark.card("hacker")
@pytest.mark.rule("RR-ABIL-3", "RR-ABIL-2")
def test_hacker_may_place_the_revealed_card_on_another_location() -> None:
    """Hacker, "Either banish it or place (not deploy) it to the top of another location.":
    the location Hacker was deployed to is not offered; placing triggers nothing."""
    game = (Scenario(2).hand(0, "hacker").at(L, "harmony").deck_top("morning_star")
            .deploy(0, "hacker", M))
    play(game, Answer.NO)
    assert game.pending is not None and set(game.pending.options) == {J, L, I}
    events = play(game, L)
    assert CardPlaced("morning_star", Zone.deck(), L) in events
    assert game.state.stack(L) == ("harmony", "morning_star")
    assert game.state.players[0].fleet == 0


@pytest.mark.card("hacker")
@pytest.mark.rule("RR-DECK-1")
def test_hacker_with_an_empty_deck_does_nothing() -> None:
    """Hacker, "Reveal the top card of the deck. ...": no deck, nothing."""
    game = Scenario(2).hand(0, "hacker").deck_only().deploy(0, "hacker", M)
    assert game.is_over
    assert game.events[2:] == ()  # nothing after TurnStarted and CardDeployed


@pytest.mark.card("hacker")
@pytest.mark.rule("RR-END-5")
def test_hacker_end_of_game_scores_the_top_card_core_value() -> None:
    """Hacker, "Reveal the top card of the deck. Gain points equal to that card's core
    value.": the card stays on the deck."""
    game = Scenario(2).hand(0, "hacker").deck_top("quicksilver").ability(0, "hacker")
    assert CardRevealed("quicksilver", Zone.deck(), 0) in game.events
    assert PointsScored(0, "hacker", 40) in game.events
    assert game.state.players[0].points == (("hacker", 40),)
    assert game.state.deck[-1] == "quicksilver"


@pytest.mark.card("hacker")
@pytest.mark.rule("RR-DECK-1")
def test_hacker_end_of_game_with_an_empty_deck_scores_nothing() -> None:
    """Hacker, "Reveal the top card of the deck. Gain points ...": no deck, no points."""
    game = Scenario(2).hand(0, "hacker").deck_only().ability(0, "hacker")
    assert game.state.players[0].points == ()


# --- Online Gambler --------------------------------------------------------------------------


@pytest.mark.card("online_gambler")
@pytest.mark.rule("RULING-C10")
def test_online_gambler_names_three_colours_and_gains_a_match() -> None:
    """Online Gambler, "Name 3 colors, then reveal the top card of the deck. If it matches a
    color you named, gain it and banish this card."."""
    game = (Scenario(2).hand(0, "online_gambler").deck_top("sevro")
            .deploy(0, "online_gambler", J))
    assert game.pending is not None and game.pending.ask is Ask.COLOR
    assert len(game.pending.options) == 14
    assert "(1 of 3)" in game.pending.prompt
    play(game, Color.RED)
    assert game.pending is not None and "(2 of 3)" in game.pending.prompt
    play(game, Color.GOLD)
    assert game.pending is not None and "(3 of 3)" in game.pending.prompt
    assert game.pending is not None and Color.RED not in game.pending.options
    assert Color.GOLD not in game.pending.options and len(game.pending.options) == 12
    events = play(game, Color.BLUE)
    assert CardRevealed("sevro", Zone.deck(), 0) in events
    assert CardGained(0, "sevro", Zone.deck()) in events
    assert CardBanished("online_gambler", Zone.at(J)) in events


@pytest.mark.card("online_gambler")
def test_online_gambler_banishes_an_unmatched_card() -> None:
    """Online Gambler, "Otherwise, banish the revealed card.": Online Gambler stays."""
    game = (Scenario(2).hand(0, "online_gambler").deck_top("sevro")
            .deploy(0, "online_gambler", J))
    events = play(game, Color.RED, Color.BLUE, Color.GREEN)
    assert CardBanished("sevro", Zone.deck()) in events
    assert game.state.stack(J) == ("online_gambler",)
    assert game.state.hand(0) == ()


@pytest.mark.card("online_gambler")
@pytest.mark.rule("RR-DECK-1")
def test_online_gambler_with_an_empty_deck_names_nothing() -> None:
    """Online Gambler, "Name 3 colors, then reveal the top card of the deck. ...": with no
    deck there is nothing to reveal, so no colour is asked for."""
    game = Scenario(2).hand(0, "online_gambler").deck_only().deploy(0, "online_gambler", J)
    assert game.is_over and game.state.stack(J) == ("online_gambler",)


@pytest.mark.card("online_gambler")
@pytest.mark.rule("RR-END-5", "RR-ABIL-13")
def test_online_gambler_end_of_game_gains_the_named_colour_and_shuffles_back_the_rest(
) -> None:
    """Online Gambler, "Name 1 non-Gold color. Reveal 7 cards from the top of the deck and
    gain all cards of that color. Shuffle and return the other cards to the top of the
    deck."."""
    top7 = ("harmony", "sevro", "deanna", "pelus", "darrow", "virga", "tactus")
    game = (Scenario(2).hand(0, "online_gambler").deck_top(*top7, "eo")
            .ability(0, "online_gambler"))
    assert game.pending is not None and game.pending.ask is Ask.COLOR
    assert Color.GOLD not in game.pending.options and len(game.pending.options) == 13
    events = play(game, Color.RED)
    assert [e.card for e in events if isinstance(e, CardRevealed)] == list(top7)
    assert set(game.state.hand(0)) == {"online_gambler", "harmony", "deanna", "darrow"}
    shuffled = next(e for e in events if isinstance(e, CardsShuffled))
    assert sorted(shuffled.cards) == sorted(["sevro", "pelus", "virga", "tactus"])
    returned = [e.card for e in events if isinstance(e, CardReturnedToDeck)]
    assert returned == list(shuffled.cards)
    # The shuffled cards are back on top, the last returned on the very top; "eo" is next.
    assert game.state.deck[-4:] == shuffled.cards and game.state.deck[-5] == "eo"


@pytest.mark.card("online_gambler")
@pytest.mark.rule("RR-DECK-3")
def test_online_gambler_end_of_game_with_a_short_deck_reveals_what_there_is() -> None:
    """Online Gambler, "Reveal 7 cards from the top of the deck and gain all cards of that
    color.": with 2 cards in the deck, both are revealed; a lone leftover needs no shuffle."""
    game = (Scenario(2).hand(0, "online_gambler").deck_only("harmony", "sevro")
            .ability(0, "online_gambler"))
    events = play(game, Color.RED)
    assert game.state.hand(0) == ("online_gambler", "harmony")
    assert not any(isinstance(e, CardsShuffled) for e in events)
    assert game.state.deck == ("sevro",)


@pytest.mark.card("online_gambler")
@pytest.mark.rule("RR-DECK-1")
def test_online_gambler_end_of_game_with_an_empty_deck_does_nothing() -> None:
    """Online Gambler, "Name 1 non-Gold color. Reveal 7 cards ...": no deck, no question."""
    game = Scenario(2).hand(0, "online_gambler").deck_only().ability(0, "online_gambler")
    assert game.is_over and game.state.hand(0) == ("online_gambler",)



@pytest.mark.card("online_gambler")
@pytest.mark.rule("RR-ABIL-13")
def test_online_gambler_shuffle_accepts_only_a_shuffle_of_those_cards() -> None:
    """Online Gambler, "Shuffle and return the other cards to the top of the deck.": a recorded
    shuffle read back (on resume) is accepted only if it holds exactly the other cards."""
    chance = shuffled(("sevro", "deanna", "pelus"))
    assert chance.accepts(CardsShuffled(("pelus", "sevro", "deanna")))
    assert not chance.accepts(CardsShuffled(("pelus", "sevro", "tactus")))
    assert not chance.accepts(CardsShuffled(("pelus", "sevro")))
    assert not chance.accepts(CardRevealed("sevro", Zone.deck(), 0))
