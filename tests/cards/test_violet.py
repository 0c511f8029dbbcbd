"""Violet card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.engine import Game
from rr.events.types import (
    CardBanished, CardGained, CardMoved, CardPassed, CardReturnedToDeck, CardRevealed,
)
from rr.model import Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard, PickFaceDown
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE

# --- 4D Painter ------------------------------------------------------------------------------


@pytest.mark.card("4d_painter")
@pytest.mark.rule("RULING-A15", "RULING-A16")
def test_4d_painter_offers_every_card_of_its_location_with_a_legal_destination() -> None:
    """4D Painter, "Move a card from this location to the top of another location where there
    are no cards with the same color as it.": any card of the stack, itself included."""
    game = (Scenario(2).hand(0, "4d_painter").at(M, "sevro", "harmony")
            .at(J, "tactus").at(L, "deanna").deploy(0, "4d_painter", M))
    assert game.pending is not None and game.pending.ask is Ask.CARD
    assert set(game.pending.options) == {
        PickCard("sevro"), PickCard("harmony"), PickCard("4d_painter")}


@pytest.mark.card("4d_painter")
def test_4d_painter_moves_only_where_no_card_shares_the_colour() -> None:
    """4D Painter, "... to the top of another location where there are no cards with the same
    color as it.": a Gold may not go where a Gold lies, and goes on top."""
    game = (Scenario(2).hand(0, "4d_painter").at(M, "sevro", "harmony")
            .at(J, "tactus").at(L, "deanna").at(I, "pelus").deploy(0, "4d_painter", M))
    play(game, PickCard("sevro"))
    assert game.pending is not None
    assert set(game.pending.options) == {L, I}  # Jupiter holds a Gold; Mars is "this" one
    events = play(game, L)
    assert CardMoved("sevro", M, L, None) in events
    assert game.state.stack(L) == ("deanna", "sevro")
    assert game.state.stack(M) == ("harmony", "4d_painter")


@pytest.mark.card("4d_painter")
@pytest.mark.rule("RR-LEAD-7", "RULING-A16")
def test_4d_painter_may_move_itself_and_still_counts_as_deployed_on_its_location() -> None:
    """4D Painter, "Move a card from this location ...": moving itself leaves its first location
    deployed to, so the final step may not gain from it."""
    game = (Scenario(2).hand(0, "4d_painter").at(M, "sevro").at(J, "tactus").turn(0))
    play(game, Lead("4d_painter", M), PickCard("4d_painter"), J)
    assert game.state.stack(J) == ("tactus", "4d_painter")
    assert game.pending is not None and game.pending.ask is Ask.GAIN
    assert GainTop(M) not in game.pending.options and GainTop(J) in game.pending.options


@pytest.mark.card("4d_painter")
@pytest.mark.rule("RR-ABIL-1")
def test_4d_painter_with_nowhere_to_go_does_nothing() -> None:
    """4D Painter, "... another location where there are no cards with the same color as it.":
    with a Violet on every other location, nothing can move and the turn goes on."""
    game = (Scenario(2).hand(0, "4d_painter").at(J, "musician").at(L, "reporter")
            .at(I, "vlogger").turn(0))
    events = play(game, Lead("4d_painter", M))
    assert not any(isinstance(e, CardMoved) for e in events)
    assert game.pending is not None and game.pending.ask is Ask.GAIN


@pytest.mark.card("4d_painter")
@pytest.mark.rule("RULING-A1", "RULING-B8")
def test_4d_painter_face_down_cards_are_colourless() -> None:
    """4D Painter, "... no cards with the same color as it.": a face-down card has no colour,
    so it may go anywhere (offered by where it lies), and face-down cards at the destination
    match nothing."""
    game = (Scenario(2).hand(0, "4d_painter").at(M, "sevro", face_down=["sevro"])
            .at(J, "tactus").at(L, "victra").at(I, "mustang", face_down=["mustang"])
            .deploy(0, "4d_painter", M))
    assert game.pending is not None
    assert set(game.pending.options) == {PickFaceDown(M, 1), PickCard("4d_painter")}
    play(game, PickFaceDown(M, 1))
    assert game.pending is not None and set(game.pending.options) == {J, L, I}
    # A Violet-free board: 4D Painter itself could go anywhere, face-down Mustang included.
    game = (Scenario(2).hand(0, "4d_painter").at(I, "mustang", face_down=["mustang"])
            .deploy(0, "4d_painter", M))
    assert game.pending is not None and set(game.pending.options) == {J, L, I}


# --- Holo Host, Reporter, Vlogger -------------------------------------------------------------


@pytest.mark.card("holo_host")
@pytest.mark.rule("RULING-C7")
def test_holo_host_given_to_the_player_on_the_right_when_ahead_on_influence() -> None:
    """Holo Host, "If you have more Influence on the Institute than the player to your right,
    give them the Holo Host, gain the top 2 cards of the deck, then end your turn."."""
    game = (Scenario(2).hand(0, "holo_host").tokens(0, influence=2).tokens(1, influence=1)
            .deck_top("sevro", "deanna").at(L, "pelus").turn(0))
    events = play(game, Lead("holo_host", M))
    assert CardPassed("holo_host", 0, 1) in events
    assert game.state.hand(1) == ("holo_host",)
    # handed over face up: shown in its new hand, for everyone to see (RR-VIEW-5)
    assert CardRevealed("holo_host", Zone.hand(1), 1) in events
    assert events.index(CardRevealed("holo_host", Zone.hand(1), 1)) > events.index(
        CardPassed("holo_host", 0, 1))
    assert game.state.hand(0) == ("sevro", "deanna")
    assert game.state.stack(M) == ()
    assert game.is_over  # "then end your turn": no final step


@pytest.mark.card("holo_host")
@pytest.mark.rule("RULING-A6")
def test_holo_host_tied_influence_does_nothing() -> None:
    """Holo Host, "If you have more Influence ...": a tie is not more, so the card stays and the
    turn goes on."""
    game = (Scenario(2).hand(0, "holo_host").tokens(0, influence=2).tokens(1, influence=2)
            .at(L, "pelus").turn(0))
    events = play(game, Lead("holo_host", M))
    assert not any(isinstance(e, CardPassed) for e in events)
    assert game.state.top(M) == "holo_host"
    assert game.pending is not None and game.pending.ask is Ask.GAIN


@pytest.mark.card("holo_host")
@pytest.mark.rule("RULING-A11", "RR-TURN-3")
def test_holo_host_the_player_to_your_right_plays_before_you() -> None:
    """Holo Host, "... than the player to your right, give them the Holo Host ...": in a
    3-player game seat 2 is seat 0's right; seat 1's Influence does not matter."""
    ahead_of_left_only = (Scenario(3).hand(0, "holo_host").tokens(0, influence=2)
                          .tokens(1, influence=0).tokens(2, influence=3).turn(0))
    events = play(ahead_of_left_only, Lead("holo_host", M))
    assert not any(isinstance(e, CardPassed) for e in events)
    ahead_of_right = (Scenario(3).hand(0, "holo_host").tokens(0, influence=2)
                      .tokens(1, influence=9).tokens(2, influence=1).turn(0))
    events = play(ahead_of_right, Lead("holo_host", M))
    assert CardPassed("holo_host", 0, 2) in events
    assert ahead_of_right.state.hand(2) == ("holo_host",)


@pytest.mark.card("holo_host")
@pytest.mark.rule("RULING-A5")
def test_holo_host_neutral_influence_is_not_the_player_to_your_right() -> None:
    """Holo Host, "... than the player to your right ...": the 3 neutral tokens of a 2-player
    game are no player; only the opponent's Influence is compared."""
    game = (Scenario(2).hand(0, "holo_host").tokens(0, influence=1).tokens(1, influence=0)
            .turn(0))
    assert game.state.neutral_influence == 3
    events = play(game, Lead("holo_host", M))
    assert CardPassed("holo_host", 0, 1) in events


@pytest.mark.card("holo_host")
@pytest.mark.rule("RR-DECK-3", "RR-DECK-1")
@pytest.mark.rule("RULING-C7")
def test_holo_host_short_deck_gains_what_there_is() -> None:
    """Holo Host, "... gain the top 2 cards of the deck, then end your turn.": one card in the
    deck gives one; an empty deck gives none; the card is given and the turn ends either way."""
    one = (Scenario(2).hand(0, "holo_host").tokens(0, influence=1).deck_only("sevro")
           .at(L, "pelus").turn(0))
    play(one, Lead("holo_host", M))
    assert one.state.hand(0) == ("sevro",) and one.state.hand(1) == ("holo_host",)
    assert one.is_over
    empty = (Scenario(2).hand(0, "holo_host").tokens(0, influence=1).deck_only()
             .at(L, "pelus").turn(0))
    play(empty, Lead("holo_host", M))
    assert empty.state.hand(0) == () and empty.state.hand(1) == ("holo_host",)
    assert empty.is_over


@pytest.mark.card("reporter")
def test_reporter_given_away_when_ahead_on_helium() -> None:
    """Reporter, "If you have more Helium than the player to your right, give them the Reporter,
    gain the top 2 cards of the deck, then end your turn."."""
    game = (Scenario(2).hand(0, "reporter").tokens(0, helium=3).tokens(1, helium=2)
            .deck_top("sevro", "deanna").at(L, "pelus").turn(0))
    events = play(game, Lead("reporter", J))
    assert CardPassed("reporter", 0, 1) in events
    assert CardGained(0, "sevro", Zone.deck()) in events
    assert game.state.hand(0) == ("sevro", "deanna")
    assert game.is_over


@pytest.mark.card("reporter")
@pytest.mark.rule("RULING-A6")
def test_reporter_not_ahead_on_helium_does_nothing() -> None:
    """Reporter, "If you have more Helium than the player to your right ...": with less or as
    much Helium the Reporter stays and the turn goes on."""
    for mine in (1, 2):
        game = (Scenario(2).hand(0, "reporter").tokens(0, helium=mine).tokens(1, helium=2)
                .at(L, "pelus").turn(0))
        events = play(game, Lead("reporter", J))
        assert not any(isinstance(e, CardPassed) for e in events)
        assert game.state.top(J) == "reporter"
        assert game.pending is not None and game.pending.ask is Ask.GAIN


@pytest.mark.card("reporter")
@pytest.mark.rule("RULING-A11")
def test_reporter_compares_with_the_player_to_the_right_in_four_players() -> None:
    """Reporter, "... than the player to your right, give them the Reporter ...": seat 2's right
    is seat 1."""
    game = (Scenario(4).hand(2, "reporter").tokens(2, helium=1).tokens(1, helium=0)
            .tokens(3, helium=5).tokens(0, helium=5).turn(2))
    events = play(game, Lead("reporter", J))
    assert CardPassed("reporter", 2, 1) in events


@pytest.mark.card("vlogger")
def test_vlogger_given_away_when_further_on_the_fleet_track() -> None:
    """Vlogger, "If you're further on the Fleet Track than the player to your right, give them
    the Vlogger, gain the top 2 cards of the deck, then end your turn."."""
    game = (Scenario(3).hand(1, "vlogger").tokens(1, fleet=4).tokens(0, fleet=3)
            .tokens(2, fleet=9).deck_top("sevro", "deanna").at(L, "pelus").turn(1))
    events = play(game, Lead("vlogger", I))
    assert CardPassed("vlogger", 1, 0) in events
    assert game.state.hand(0) == ("vlogger",)
    assert game.state.hand(1) == ("sevro", "deanna")
    assert game.is_over


@pytest.mark.card("vlogger")
@pytest.mark.rule("RULING-A6")
def test_vlogger_level_on_the_fleet_track_does_nothing() -> None:
    """Vlogger, "If you're further on the Fleet Track ...": level is not further; the turn goes
    on."""
    game = (Scenario(2).hand(0, "vlogger").tokens(0, fleet=4).tokens(1, fleet=4)
            .at(L, "pelus").turn(0))
    events = play(game, Lead("vlogger", I))
    assert not any(isinstance(e, CardPassed) for e in events)
    assert game.pending is not None and game.pending.ask is Ask.GAIN


# --- Mickey the Carver ------------------------------------------------------------------------


@pytest.mark.card("mickey_the_carver")
def test_mickey_banishes_a_red_and_digs_for_a_gold() -> None:
    """Mickey the Carver, "You may banish a Red from your hand. If you do, reveal cards from the
    deck until you find a Gold. Gain it and place the revealed cards at the bottom of the deck
    in any order."."""
    game = (Scenario(2).hand(0, "mickey_the_carver", "harmony", "pelus")
            .deck_top("deanna", "virga", "sevro", "tactus").deploy(0, "mickey_the_carver", M))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("harmony")}
    events = play(game, PickCard("harmony"))
    assert CardBanished("harmony", Zone.hand(0)) in events
    assert [e.card for e in events if isinstance(e, CardRevealed)] == ["deanna", "virga", "sevro"]
    assert CardGained(0, "sevro", Zone.deck()) in events
    assert game.state.hand(0) == ("pelus", "sevro")
    # "in any order": the player puts them under the deck one at a time, or keeps the rest in
    # the order revealed.
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("deanna"), PickCard("virga"), Answer.DONE}
    events = play(game, PickCard("virga"))
    assert CardReturnedToDeck("virga", Zone.deck(), True) in events
    assert CardReturnedToDeck("deanna", Zone.deck(), True) in events  # the last one is forced
    assert game.state.deck[:2] == ("deanna", "virga")  # bottom first
    assert game.state.deck[-1] == "tactus"
    assert game.is_over


@pytest.mark.card("mickey_the_carver")
def test_mickey_may_decline() -> None:
    """Mickey the Carver, "You may banish a Red from your hand.": declining changes nothing."""
    game = (Scenario(2).hand(0, "mickey_the_carver", "harmony").deck_top("sevro")
            .deploy(0, "mickey_the_carver", M))
    events = play(game, Answer.NO)
    assert not any(isinstance(e, (CardBanished, CardRevealed, CardGained)) for e in events)
    assert game.state.hand(0) == ("harmony",)


@pytest.mark.card("mickey_the_carver")
@pytest.mark.rule("RR-ABIL-1", "RULING-B8")
def test_mickey_without_a_red_in_hand_does_nothing() -> None:
    """Mickey the Carver, "You may banish a Red from your hand.": with no Red the question is
    still asked, "no" its only answer, and the turn goes on."""
    game = (Scenario(2).hand(0, "mickey_the_carver", "pelus").at(L, "sevro").turn(0))
    events = play(game, Lead("mickey_the_carver", M))
    assert game.pending is not None and game.pending.seat == 0
    assert (game.pending.ask, game.pending.options) == (Ask.CARD, (Answer.NO,))
    events += play(game, Answer.NO)
    assert not any(isinstance(e, (CardBanished, CardRevealed)) for e in events)
    assert game.pending is not None and game.pending.ask is Ask.GAIN


@pytest.mark.card("mickey_the_carver")
@pytest.mark.rule("RULING-A23")
@pytest.mark.rule("RULING-C8")
def test_mickey_no_gold_in_the_deck_puts_every_revealed_card_at_the_bottom() -> None:
    """Mickey the Carver, "... reveal cards from the deck until you find a Gold. Gain it and place
    the revealed cards at the bottom of the deck in any order.": no Gold, so nothing is gained and
    every card revealed goes to the bottom in the chosen order."""
    game = (Scenario(2).hand(0, "mickey_the_carver", "harmony")
            .deck_only("deanna", "virga", "pelus").deploy(0, "mickey_the_carver", M))
    events = play(game, PickCard("harmony"))
    assert [e.card for e in events if isinstance(e, CardRevealed)] == ["deanna", "virga", "pelus"]
    assert not any(isinstance(e, CardGained) for e in events)
    play(game, PickCard("deanna"), PickCard("pelus"))
    assert game.state.deck == ("virga", "pelus", "deanna")  # bottom to top
    assert game.is_over


@pytest.mark.card("mickey_the_carver")
@pytest.mark.rule("RULING-A23")
@pytest.mark.rule("RULING-C8")
def test_mickey_done_keeps_the_rest_in_the_order_revealed_in_one_step() -> None:
    """Mickey the Carver, "... place the revealed cards at the bottom of the deck in any order.":
    "done" puts the cards not yet placed under the deck in the order they were revealed, the
    first revealed highest, exactly as picking them one by one in that order would."""
    game = (Scenario(2).hand(0, "mickey_the_carver", "harmony")
            .deck_only("deanna", "virga", "pelus", "orator").deploy(0, "mickey_the_carver", M))
    play(game, PickCard("harmony"))
    assert game.pending is not None and Answer.DONE in game.pending.options
    events = play(game, Answer.DONE)
    assert [e for e in events if isinstance(e, CardReturnedToDeck)] == [
        CardReturnedToDeck(c, Zone.deck(), True) for c in ("deanna", "virga", "pelus", "orator")]
    assert game.state.deck == ("orator", "pelus", "virga", "deanna")  # bottom to top
    assert game.is_over
    # After one card is placed, "done" places the others under it, still in revealed order.
    game = (Scenario(2).hand(0, "mickey_the_carver", "harmony")
            .deck_only("deanna", "virga", "pelus", "orator").deploy(0, "mickey_the_carver", M))
    play(game, PickCard("harmony"), PickCard("pelus"), Answer.DONE)
    assert game.state.deck == ("orator", "virga", "deanna", "pelus")
    assert game.is_over


@pytest.mark.card("mickey_the_carver")
def test_mickey_done_is_not_offered_for_the_last_card() -> None:
    """Mickey the Carver, "... in any order": with one revealed card left there is no order to
    choose, so it goes under the deck without a question."""
    game = (Scenario(2).hand(0, "mickey_the_carver", "harmony")
            .deck_only("deanna", "virga").deploy(0, "mickey_the_carver", M))
    play(game, PickCard("harmony"))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("deanna"), PickCard("virga"), Answer.DONE}
    play(game, PickCard("virga"))
    assert game.is_over and game.state.deck == ("deanna", "virga")


@pytest.mark.card("mickey_the_carver")
def test_mickey_gold_on_top_reorders_nothing() -> None:
    """Mickey the Carver, "... until you find a Gold. Gain it ...": a Gold on top is gained at
    once and no card goes to the bottom."""
    game = (Scenario(2).hand(0, "mickey_the_carver", "harmony").deck_top("sevro", "deanna")
            .deploy(0, "mickey_the_carver", M))
    events = play(game, PickCard("harmony"))
    assert CardGained(0, "sevro", Zone.deck()) in events
    assert not any(isinstance(e, CardReturnedToDeck) for e in events)
    assert game.state.deck[-1] == "deanna"
    assert game.is_over


@pytest.mark.card("mickey_the_carver")
@pytest.mark.rule("RR-DECK-1", "RULING-A23")
def test_mickey_with_an_empty_deck_only_banishes() -> None:
    """Mickey the Carver, "You may banish a Red from your hand. If you do, reveal cards from the
    deck ...": with no deck the Red is still banished, and nothing else happens."""
    game = (Scenario(2).hand(0, "mickey_the_carver", "harmony").deck_only()
            .deploy(0, "mickey_the_carver", M))
    events = play(game, PickCard("harmony"))
    assert CardBanished("harmony", Zone.hand(0)) in events
    assert not any(isinstance(e, (CardRevealed, CardGained)) for e in events)
    assert game.is_over


@pytest.mark.card("mickey_the_carver", "the_howlers")
@pytest.mark.rule("RR-BLOCK-2")
def test_mickey_own_banish_is_not_blockable() -> None:
    """Mickey the Carver, "You may banish a Red from your hand.": banishing your own card is no
    opponent's attempt, so holding The Howlers asks for no block."""
    game = (Scenario(2).hand(0, "mickey_the_carver", "harmony", "the_howlers")
            .hand(1, "pax_au_telemanus").deck_top("sevro").deploy(0, "mickey_the_carver", M))
    events = play(game, PickCard("harmony"))
    assert CardBanished("harmony", Zone.hand(0)) in events
    assert game.is_over and game.state.hand(0) == ("the_howlers", "sevro")


# --- Musician ---------------------------------------------------------------------------------


@pytest.mark.card("musician")
@pytest.mark.rule("RULING-A15", "RULING-A16")
def test_musician_moves_an_even_card_to_the_top_of_another_location() -> None:
    """Musician, "Move a card with an even core value from this location to the top of another
    location.": any even card of the stack (Musician itself, core 8, included)."""
    game = (Scenario(2).hand(0, "musician").at(M, "gardener", "sevro").at(L, "pelus")
            .deploy(0, "musician", M))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("gardener"), PickCard("musician")}
    play(game, PickCard("gardener"))
    assert game.pending is not None and set(game.pending.options) == {J, L, I}
    events = play(game, L)
    assert CardMoved("gardener", M, L, None) in events
    assert game.state.stack(L) == ("pelus", "gardener")
    assert game.state.stack(M) == ("sevro", "musician")


@pytest.mark.card("musician")
@pytest.mark.rule("RR-ABIL-8")
def test_musician_zero_is_even() -> None:
    """Musician, "Move a card with an even core value ...": Surgeon (core 0) is even."""
    game = (Scenario(2).hand(0, "musician").at(M, "surgeon", "harmony")
            .deploy(0, "musician", M))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("surgeon"), PickCard("musician")}


@pytest.mark.card("musician")
@pytest.mark.rule("RR-LEAD-7", "RULING-A16")
def test_musician_alone_moves_itself() -> None:
    """Musician, "Move a card with an even core value from this location ...": alone on its
    location it must move itself, and Mars stays deployed to."""
    game = Scenario(2).hand(0, "musician").at(M, "sevro").at(L, "pelus").turn(0)
    play(game, Lead("musician", J))
    # Musician is the only card of Jupiter: a forced pick, so only the destination is asked.
    assert game.pending is not None and set(game.pending.options) == {M, L, I}
    play(game, L)
    assert game.state.stack(L) == ("pelus", "musician")
    assert game.pending is not None and GainTop(J) not in game.pending.options


@pytest.mark.card("musician", "firewall_expert")
@pytest.mark.rule("RULING-A2", "RULING-C5", "RULING-B8")
def test_musician_reads_a_face_down_cards_value_per_the_ruleset() -> None:
    """Musician, "Move a card with an even core value from this location ...": a face-down
    card has no core value an ability may read, so neither face-down Sevro (15) nor face-down
    Gardener (10) is offered and Musician must move itself; when face-down cards count as 0
    (even), both are offered, by where they lie."""
    def game(ruleset: Ruleset) -> Game:
        return (Scenario(2, ruleset=ruleset).hand(0, "musician")
                .at(M, "sevro", "gardener", face_down=["sevro", "gardener"])
                .deploy(0, "musician", M))

    official = game(Ruleset())
    assert official.pending is not None and official.pending.ask is Ask.LOCATION  # forced
    play(official, L)
    assert official.state.stack(L) == ("musician",)
    assert official.state.stack(M) == ("sevro", "gardener")
    as_zero = game(Ruleset(face_down_value_is_actual=False))
    assert as_zero.pending is not None
    assert set(as_zero.pending.options) == {
        PickFaceDown(M, 2), PickFaceDown(M, 1), PickCard("musician")}
    events = play(as_zero, PickFaceDown(M, 2), J)
    assert CardMoved("sevro", M, J, None) in events


# --- Zanzibar ---------------------------------------------------------------------------------


@pytest.mark.card("zanzibar")
@pytest.mark.rule("RULING-A15", "RULING-A16")
def test_zanzibar_moves_an_odd_card_to_the_top_of_another_location() -> None:
    """Zanzibar, "Move a card with an odd core value from this location to the top of another
    location.": any odd card of the stack (Zanzibar itself, core 9, included)."""
    game = (Scenario(2).hand(0, "zanzibar").at(I, "sevro", "gardener", "surgeon")
            .at(J, "tactus").deploy(0, "zanzibar", I))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("sevro"), PickCard("zanzibar")}
    play(game, PickCard("sevro"))
    assert game.pending is not None and set(game.pending.options) == {J, M, L}
    events = play(game, J)
    assert CardMoved("sevro", I, J, None) in events
    assert game.state.stack(J) == ("tactus", "sevro")


@pytest.mark.card("zanzibar", "firewall_expert")
@pytest.mark.rule("RULING-A2", "RULING-C5")
@pytest.mark.parametrize("ruleset", [Ruleset(), Ruleset(face_down_value_is_actual=False)],
                         ids=["official", "face_down_as_0"])
def test_zanzibar_never_moves_a_face_down_card(ruleset: Ruleset) -> None:
    """Zanzibar, "Move a card with an odd core value from this location to the top of another
    location.": a face-down card has no core value an ability may read (or 0, even, when
    face-down cards count as 0), so face-down Sevro (15) is never offered and Zanzibar moves
    itself."""
    game = (Scenario(2, ruleset=ruleset).hand(0, "zanzibar")
            .at(I, "sevro", face_down=["sevro"]).deploy(0, "zanzibar", I))
    assert game.pending is not None and game.pending.ask is Ask.LOCATION  # Zanzibar: forced
    play(game, J)
    assert game.state.stack(J) == ("zanzibar",)
    assert game.state.stack(I) == ("sevro",) and "sevro" in game.state.face_down


@pytest.mark.card("zanzibar")
@pytest.mark.rule("RR-LEAD-7", "RULING-A16")
def test_zanzibar_alone_moves_itself() -> None:
    """Zanzibar, "Move a card with an odd core value from this location ...": with only even
    cards under it, Zanzibar moves itself; its location stays deployed to."""
    game = Scenario(2).hand(0, "zanzibar").at(M, "surgeon", "gardener").turn(0)
    play(game, Lead("zanzibar", M), L)
    assert game.state.stack(L) == ("zanzibar",)
    assert game.state.stack(M) == ("surgeon", "gardener")
    assert game.pending is not None and GainTop(M) not in game.pending.options


# --- prompts are public -------------------------------------------------------------------------


@pytest.mark.card("4d_painter", "musician")
@pytest.mark.rule("RR-VIEW-4", "RULING-B8")
@pytest.mark.parametrize(("mover", "hidden", "ruleset"), [
    ("4d_painter", "sevro", Ruleset()),
    # Musician moves a face-down card only when it counts as 0 (RULING-A2); Zanzibar never
    # does (test_zanzibar_never_moves_a_face_down_card).
    ("musician", "gardener", Ruleset(face_down_value_is_actual=False))])
def test_move_prompt_never_names_a_face_down_card(mover: str, hidden: str,
                                                  ruleset: Ruleset) -> None:
    """4D Painter, Musician, "Move a card ... from this location to the top of another
    location": the face-down card is offered by where it lies, and the question where it goes
    is shown to every player, so the card picked to move is not named in it."""
    game = (Scenario(2, ruleset=ruleset).hand(0, mover).at(M, hidden, face_down=[hidden])
            .deploy(0, mover, M))
    play(game, PickFaceDown(M, 1))
    assert game.pending is not None and game.pending.ask is Ask.LOCATION
    assert hidden not in game.pending.prompt
    view = game.view(1).pending
    assert view is not None and hidden not in view.prompt
