"""Copper card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.decisions import Ask, ByCard
from rr.events.types import CardBanished, CardPlaced, CardRevealed, InfluencePlaced
from rr.model import Bonus, CardId, Location, Zone
from rr.options import Answer, PickCard, PickFaceDown, PickPlayer
from rr.ruleset import Ruleset
from rr.scenario import Scenario, play


# --- Administrator ------------------------------------------------------------------------------


@pytest.mark.card("administrator")
def test_administrator_places_the_top_2_cards_under_it_in_any_order() -> None:
    """Administrator, "If deployed on the Institute, reveal the top 2 cards of the deck and place
    them under this card in any order.": both revealed, then between it and the card below."""
    game = (Scenario(2).hand(0, "administrator").at(Location.INSTITUTE, "harmony")
            .deck_top("sevro", "deanna").deploy(0, "administrator", Location.INSTITUTE))
    assert game.pending is not None and game.pending.ask is Ask.CARD
    assert set(game.pending.options) == {PickCard("sevro"), PickCard("deanna")}
    revealed = [e.card for e in game.events if isinstance(e, CardRevealed)]
    assert revealed == ["sevro", "deanna"]
    events = play(game, PickCard("sevro"))
    assert sum(isinstance(e, CardPlaced) for e in events) == 2
    assert game.state.stack(Location.INSTITUTE) == ("harmony", "deanna", "sevro", "administrator")
    assert "sevro" not in game.state.deck and "deanna" not in game.state.deck


@pytest.mark.card("administrator")
@pytest.mark.rule("RULING-C4")
def test_administrator_other_order() -> None:
    """Administrator, "... in any order.": the other card may go directly under it instead."""
    game = (Scenario(2).hand(0, "administrator").deck_top("sevro", "deanna")
            .deploy(0, "administrator", Location.INSTITUTE))
    play(game, PickCard("deanna"))
    assert game.state.stack(Location.INSTITUTE) == ("sevro", "deanna", "administrator")


@pytest.mark.card("administrator")
def test_administrator_elsewhere_does_nothing() -> None:
    """Administrator, "If deployed on the Institute, ...": on Luna nothing happens."""
    game = (Scenario(2).hand(0, "administrator").deck_top("sevro", "deanna")
            .deploy(0, "administrator", Location.LUNA))
    assert game.is_over
    assert game.state.deck[-2:] == ("deanna", "sevro")
    assert game.state.stack(Location.LUNA) == ("administrator",)


@pytest.mark.card("administrator")
@pytest.mark.rule("RULING-A23")
def test_administrator_with_1_card_in_the_deck_places_that_one() -> None:
    """Administrator, "reveal the top 2 cards of the deck": with only 1, that one goes under."""
    game = (Scenario(2).hand(0, "administrator").deck_only("sevro")
            .deploy(0, "administrator", Location.INSTITUTE))
    assert game.is_over
    assert game.state.stack(Location.INSTITUTE) == ("sevro", "administrator")
    assert game.state.deck == ()


@pytest.mark.card("administrator")
@pytest.mark.rule("RULING-A23")
def test_administrator_with_an_empty_deck_does_nothing() -> None:
    """Administrator, "reveal the top 2 cards of the deck": an empty deck gives nothing."""
    game = (Scenario(2).hand(0, "administrator").deck_only()
            .deploy(0, "administrator", Location.INSTITUTE))
    assert game.is_over
    assert game.state.stack(Location.INSTITUTE) == ("administrator",)


# --- Auctioneer ---------------------------------------------------------------------------------


@pytest.mark.card("auctioneer")
def test_auctioneer_opponent_picks_one_you_gain_the_other_two() -> None:
    """Auctioneer, "Choose an opponent. That opponent chooses one: Gain 1 Helium, advance on the
    Fleet Track, or place 1 Influence on the Institute. You gain both other options."."""
    game = Scenario(2).hand(0, "auctioneer").deploy(0, "auctioneer", Location.MARS)
    assert game.pending is not None and game.pending.seat == 1
    assert game.pending.ask is Ask.BONUS  # a choice of bonus, not a face of the die
    assert set(game.pending.options) == {Bonus.HELIUM, Bonus.FLEET, Bonus.INFLUENCE}
    play(game, Bonus.FLEET)
    me, them = game.state.players[0], game.state.players[1]
    assert (them.helium, them.fleet, them.influence) == (0, 1, 0)
    assert (me.helium, me.fleet, me.influence) == (1, 0, 1)


@pytest.mark.card("auctioneer")
def test_auctioneer_chooses_the_opponent() -> None:
    """Auctioneer, "Choose an opponent. That opponent chooses one": the chosen player decides."""
    game = Scenario(3).hand(0, "auctioneer").deploy(0, "auctioneer", Location.MARS)
    assert game.pending is not None and game.pending.seat == 0
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(2)}
    play(game, PickPlayer(2))
    assert game.pending is not None and game.pending.seat == 2
    play(game, Bonus.HELIUM)
    assert game.state.players[2].helium == 1
    assert game.state.players[0].fleet == 1 and game.state.players[0].influence == 1


@pytest.mark.card("auctioneer")
@pytest.mark.rule("RULING-A27")
def test_auctioneer_opponent_may_pick_an_option_they_cannot_use() -> None:
    """Auctioneer, "That opponent chooses one": at Fleet 10 they may still pick the advance,
    and lose it; you still gain the other two."""
    game = (Scenario(2).hand(0, "auctioneer").tokens(1, fleet=10)
            .deploy(0, "auctioneer", Location.MARS))
    assert game.pending is not None and Bonus.FLEET in game.pending.options
    play(game, Bonus.FLEET)
    assert game.state.players[1].fleet == 10
    assert game.state.players[0].helium == 1 and game.state.players[0].influence == 1


@pytest.mark.card("auctioneer")
def test_auctioneer_at_the_end_gains_one_of_three() -> None:
    """Auctioneer, "Gain 1 Helium, advance once on the Fleet Track, or place 1 Influence on the
    Institute.": exactly one of them, the player's choice."""
    game = Scenario(2).hand(0, "auctioneer").ability(0, "auctioneer")
    assert game.pending is not None and game.pending.seat == 0
    assert set(game.pending.options) == {Bonus.HELIUM, Bonus.FLEET, Bonus.INFLUENCE}
    play(game, Bonus.INFLUENCE)
    me = game.state.players[0]
    assert (me.helium, me.fleet, me.influence) == (0, 0, 1)


@pytest.mark.card("auctioneer")
@pytest.mark.rule("RULING-V1")
def test_auctioneer_is_not_limited_by_the_multiplayer_variant() -> None:
    """Auctioneer, "Choose an opponent.": not one of the variant's six cards, so every
    opponent may be chosen whatever their hand size."""
    game = (Scenario(3, ruleset=Ruleset(protect_small_hands=True)).hand(0, "auctioneer")
            .deploy(0, "auctioneer", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(2)}


# --- Bondilus -----------------------------------------------------------------------------------


@pytest.mark.card("bondilus")
@pytest.mark.rule("RULING-A15", "RULING-B8")
def test_bondilus_banishes_a_non_gold_from_anywhere_on_mars() -> None:
    """Bondilus, "If deployed on Mars, banish 1 non-Gold from this location.": any position,
    never a Gold; a face-down Gold is colourless, so a non-Gold, offered by where it lies."""
    scenario = (Scenario(2).hand(0, "bondilus")
                .at(Location.MARS, "deanna", "sevro", "cassius", "tactus", face_down=["cassius"]))
    game = scenario.deploy(0, "bondilus", Location.MARS)
    assert game.pending is not None
    assert set(game.pending.options) == {
        PickCard("deanna"), PickFaceDown(Location.MARS, 2), PickCard("bondilus")}
    events = play(game, PickCard("deanna"))
    assert CardBanished("deanna", Zone.at(Location.MARS)) in events
    assert game.state.stack(Location.MARS) == ("sevro", "cassius", "tactus", "bondilus")
    game = scenario.deploy(0, "bondilus", Location.MARS)
    events = play(game, PickFaceDown(Location.MARS, 2))
    assert CardBanished("cassius", Zone.at(Location.MARS)) in events
    assert game.state.stack(Location.MARS) == ("deanna", "sevro", "tactus", "bondilus")


@pytest.mark.card("bondilus")
def test_bondilus_elsewhere_does_nothing() -> None:
    """Bondilus, "If deployed on Mars, ...": on Jupiter nothing is banished, not even a
    non-Gold lying on Mars."""
    game = (Scenario(2).hand(0, "bondilus").at(Location.JUPITER, "deanna")
            .at(Location.MARS, "harmony").deploy(0, "bondilus", Location.JUPITER))
    assert game.is_over and game.state.stack(Location.JUPITER) == ("deanna", "bondilus")
    assert game.state.stack(Location.MARS) == ("harmony",)
    assert not any(isinstance(e, CardBanished) for e in game.events)


@pytest.mark.card("bondilus")
@pytest.mark.rule("RULING-A16")
@pytest.mark.rule("RULING-C2")
def test_bondilus_is_itself_a_non_gold_of_this_location() -> None:
    """Bondilus, "banish 1 non-Gold from this location.": read literally, with only Golds under
    it Bondilus is the one non-Gold there and must banish itself."""
    game = (Scenario(2).hand(0, "bondilus").at(Location.MARS, "sevro")
            .deploy(0, "bondilus", Location.MARS))
    assert game.is_over
    assert "bondilus" in game.state.banished
    assert game.state.stack(Location.MARS) == ("sevro",)


@pytest.mark.card("bondilus", "judge")
@pytest.mark.rule("RULING-A13")
def test_bondilus_banish_from_a_location_is_not_blockable() -> None:
    """Bondilus, "banish 1 non-Gold from this location.": a card on a location is nobody's hand,
    so Judge is not offered."""
    game = (Scenario(2).hand(0, "bondilus").hand(1, "judge").at(Location.MARS, "deanna")
            .deploy(0, "bondilus", Location.MARS))
    assert game.pending is not None and game.pending.seat == 0
    play(game, PickCard("deanna"))
    assert game.is_over and "deanna" in game.state.banished


# --- Diplomat -----------------------------------------------------------------------------------


@pytest.mark.card("diplomat")
def test_diplomat_you_and_the_opponent_may_each_place_1_influence() -> None:
    """Diplomat, "You and an opponent of your choice may place 1 Influence on the Institute.":
    each decides for themselves."""
    game = Scenario(2).hand(0, "diplomat").deploy(0, "diplomat", Location.MARS)
    assert game.pending is not None and game.pending.seat == 0
    assert game.pending.ask is Ask.CONFIRM
    play(game, Answer.YES)
    assert game.pending is not None and game.pending.seat == 1
    events = play(game, Answer.YES)
    assert InfluencePlaced(1, 1) in events
    assert game.state.players[0].influence == 1 and game.state.players[1].influence == 1


@pytest.mark.card("diplomat")
def test_diplomat_either_may_decline() -> None:
    """Diplomat, "... may place 1 Influence": you decline, the opponent accepts."""
    game = Scenario(2).hand(0, "diplomat").deploy(0, "diplomat", Location.MARS)
    play(game, Answer.NO, Answer.YES)
    assert game.state.players[0].influence == 0 and game.state.players[1].influence == 1


@pytest.mark.card("diplomat")
@pytest.mark.rule("RULING-A5")
def test_diplomat_opponent_of_your_choice() -> None:
    """Diplomat, "an opponent of your choice": every other player is offered (never the
    2-player neutral house), and only the chosen one is asked."""
    game = Scenario(3).hand(0, "diplomat").deploy(0, "diplomat", Location.MARS)
    assert game.pending is not None and game.pending.ask is Ask.PLAYER
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(2)}
    play(game, PickPlayer(2), Answer.NO, Answer.YES)
    assert [p.influence for p in game.state.players] == [0, 0, 1]


@pytest.mark.card("diplomat")
@pytest.mark.rule("RULING-A26")
def test_diplomat_player_with_no_influence_left_is_not_asked() -> None:
    """Diplomat, "may place 1 Influence": a player with all 10 placed cannot, and is skipped."""
    game = (Scenario(2).hand(0, "diplomat").tokens(0, influence=10)
            .deploy(0, "diplomat", Location.MARS))
    assert game.pending is not None and game.pending.seat == 1
    play(game, Answer.YES)
    assert game.is_over and game.state.players[1].influence == 1


@pytest.mark.card("diplomat")
@pytest.mark.rule("RULING-V1")
def test_diplomat_is_not_limited_by_the_multiplayer_variant() -> None:
    """Diplomat, "an opponent of your choice": not one of the variant's six cards."""
    game = (Scenario(3, ruleset=Ruleset(protect_small_hands=True)).hand(0, "diplomat")
            .deploy(0, "diplomat", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {PickPlayer(1), PickPlayer(2)}


# --- Lawyer -------------------------------------------------------------------------------------


@pytest.mark.card("lawyer")
def test_lawyer_places_1_influence() -> None:
    """Lawyer, "Place 1 Influence on the Institute."."""
    game = Scenario(2).hand(0, "lawyer").deploy(0, "lawyer", Location.MARS)
    assert game.is_over and game.state.players[0].influence == 1


@pytest.mark.card("lawyer")
@pytest.mark.rule("RULING-A26")
def test_lawyer_with_no_influence_left_places_nothing() -> None:
    """Lawyer, "Place 1 Influence on the Institute.": none left, nothing placed."""
    game = (Scenario(2).hand(0, "lawyer").tokens(0, influence=10)
            .deploy(0, "lawyer", Location.MARS))
    assert game.is_over and game.state.players[0].influence == 10


# --- Politician ---------------------------------------------------------------------------------


@pytest.mark.card("politician")
def test_politician_reveals_2_golds_for_2_influence() -> None:
    """Politician, "You may reveal 2 Golds from your hand. If you do, place 2 Influence on the
    Institute.": the Golds are shown and stay in hand."""
    game = (Scenario(2).hand(0, "politician", "sevro", "deanna", "tactus")
            .deploy(0, "politician", Location.MARS))
    events = play(game, Answer.YES, PickCard("sevro"), PickCard("tactus"))
    assert CardRevealed("sevro", Zone.hand(0), 0) in events
    assert CardRevealed("tactus", Zone.hand(0), 0) in events
    assert InfluencePlaced(0, 2) in events
    assert game.state.hand(0) == ("sevro", "deanna", "tactus")


@pytest.mark.card("politician")
def test_politician_may_decline() -> None:
    """Politician, "You may reveal 2 Golds ...": declining places nothing."""
    game = (Scenario(2).hand(0, "politician", "sevro", "tactus")
            .deploy(0, "politician", Location.MARS))
    play(game, Answer.NO)
    assert game.state.players[0].influence == 0


@pytest.mark.card("politician")
@pytest.mark.rule("RULING-B8")
def test_politician_with_1_gold_cannot() -> None:
    """Politician, "You may reveal 2 Golds from your hand.": one Gold is not enough; the
    question is still asked, "no" its only answer."""
    game = (Scenario(2).hand(0, "politician", "sevro", "deanna")
            .deploy(0, "politician", Location.MARS))
    assert game.pending is not None and game.pending.seat == 0
    assert (game.pending.ask, game.pending.options) == (Ask.CONFIRM, (Answer.NO,))
    events = play(game, Answer.NO)
    assert not any(isinstance(e, CardRevealed) for e in events)
    assert game.is_over and game.state.players[0].influence == 0


@pytest.mark.card("politician")
def test_politician_chooses_which_2_golds() -> None:
    """Politician, "reveal 2 Golds from your hand": with 3 Golds the player picks 2."""
    game = (Scenario(2).hand(0, "politician", "sevro", "tactus", "cassius")
            .deploy(0, "politician", Location.MARS))
    play(game, Answer.YES)
    assert game.pending is not None and len(game.pending.options) == 3
    play(game, PickCard("cassius"))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("sevro"), PickCard("tactus")}
    events = play(game, PickCard("sevro"))
    shown = {e.card for e in game.events if isinstance(e, CardRevealed)}
    assert shown == {"cassius", "sevro"}
    assert InfluencePlaced(0, 2) in events


def _politician_questions(*hand: str) -> list[tuple[int, Ask, str, str]]:
    """The questions put while Politician reveals 2 Golds of ``hand``, as the whole table sees
    them (who is asked, what kind, by what, the prompt); the first Gold offered is picked."""
    game = (Scenario(2).hand(0, "politician", *hand).hand(1, "lawyer")
            .deploy(0, "politician", Location.MARS))
    asked = []
    answer: Answer | None = Answer.YES
    while game.pending is not None and game.pending.source == ByCard("politician"):
        d = game.pending
        asked.append((d.seat, d.ask, d.source, d.prompt))
        game.choose(answer if answer is not None else d.options[0])
        answer = None
    return asked


@pytest.mark.card("politician")
@pytest.mark.rule("RULING-B8", "RULING-B10")
def test_politician_asks_the_same_questions_with_2_golds_as_with_3() -> None:
    """Politician, "You may reveal 2 Golds from your hand.": the player is asked for a first
    and a second Gold whether the hand holds exactly 2 Golds or more, so that the questions
    the table sees do not tell how many Golds the hand holds."""
    two = _politician_questions("sevro", "tactus", "deanna")
    three = _politician_questions("sevro", "tactus", "cassius")
    asked = ByCard(CardId("politician"))
    assert two == three == [(0, Ask.CONFIRM, asked, "Reveal 2 Golds to place 2 Influence?"),
                            (0, Ask.CARD, asked, "Reveal a first Gold"),
                            (0, Ask.CARD, asked, "Reveal a second Gold")]


@pytest.mark.card("politician")
@pytest.mark.rule("RULING-B10")
def test_politician_with_exactly_2_golds_is_asked_the_second_with_one_answer() -> None:
    """Politician: with exactly 2 Golds, the second question offers the one Gold left."""
    game = (Scenario(2).hand(0, "politician", "sevro", "tactus")
            .deploy(0, "politician", Location.MARS))
    play(game, Answer.YES, PickCard("tactus"))
    assert game.pending is not None and game.pending.prompt == "Reveal a second Gold"
    assert game.pending.options == (PickCard("sevro"),)
    events = play(game, PickCard("sevro"))
    assert [e.card for e in events if isinstance(e, CardRevealed)] == ["tactus", "sevro"]
    assert InfluencePlaced(0, 2) in events


# --- Timony -------------------------------------------------------------------------------------


@pytest.mark.card("timony")
@pytest.mark.rule("RULING-A1")
def test_timony_places_1_influence_per_gold_at_the_institute() -> None:
    """Timony, "For each Gold at the Institute, place 1 influence token there.": face-down
    cards are not Gold; other locations do not count."""
    game = (Scenario(2).hand(0, "timony")
            .at(Location.INSTITUTE, "sevro", "deanna", "tactus", "cassius", face_down=["cassius"])
            .at(Location.MARS, "roque").deploy(0, "timony", Location.MARS))
    assert game.is_over and game.state.players[0].influence == 2


@pytest.mark.card("timony")
def test_timony_without_golds_places_nothing() -> None:
    """Timony, "For each Gold at the Institute ...": no Gold there, no Influence."""
    game = (Scenario(2).hand(0, "timony").at(Location.INSTITUTE, "deanna")
            .deploy(0, "timony", Location.INSTITUTE))
    assert game.is_over and game.state.players[0].influence == 0


@pytest.mark.card("timony")
@pytest.mark.rule("RULING-A26")
def test_timony_stops_at_10_influence() -> None:
    """Timony, "place 1 influence token there": no more than the 10 tokens a house has."""
    game = (Scenario(2).hand(0, "timony").tokens(0, influence=9)
            .at(Location.INSTITUTE, "sevro", "tactus", "roque")
            .deploy(0, "timony", Location.INSTITUTE))
    assert game.state.players[0].influence == 10
