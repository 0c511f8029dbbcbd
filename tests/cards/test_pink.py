"""Pink card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.events.types import (
    BlockUsed, CardBanished, CardDeployed, CardGained, CardMoved, CardRevealed, Event,
    FleetAdvanced, HeliumGained, InfluencePlaced, SovereignTaken,
)
from rr.model import House, Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard, PickFaceDown
from rr.scenario import Scenario, play


def _kinds(events: tuple[Event, ...], kind: type) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


# --- Calliope ------------------------------------------------------------------------------


@pytest.mark.card("calliope")
@pytest.mark.rule("RULING-A24")
def test_calliope_reveals_and_deploys_the_top_card_of_the_deck() -> None:
    """Calliope, "Reveal the top card of the deck, then deploy it face-up on another location.":
    a real deploy, so Deanna's "Gain 1 Helium." resolves."""
    game = (Scenario(2).hand(0, "calliope").deck_top("deanna", "sevro")
            .deploy(0, "calliope", Location.JUPITER))
    assert CardRevealed("deanna", Zone.deck(), 0) in game.events
    assert game.pending is not None
    assert set(game.pending.options) == {Location.MARS, Location.LUNA, Location.INSTITUTE}
    events = play(game, Location.LUNA)
    assert CardDeployed(0, "deanna", Location.LUNA, Zone.deck()) in events
    assert HeliumGained(0, 1) in events
    assert game.state.deck[-1] == "sevro"


@pytest.mark.card("calliope", "alfrun")
@pytest.mark.rule("RR-LEAD-8")
@pytest.mark.rule("RULING-C10")
def test_calliope_deployed_card_may_end_the_turn() -> None:
    """Calliope, "... then deploy it face-up on another location.": the deployed card's "end
    your turn" ends the whole turn."""
    game = (Scenario(2).hand(0, "calliope").deck_top("alfrun").at(Location.LUNA, "nero")
            .at(Location.INSTITUTE, "sevro").turn(0))
    play(game, Lead("calliope", Location.JUPITER), Location.LUNA, PickCard("nero"))
    assert set(game.state.hand(0)) == {"nero", "alfrun"}
    assert game.is_over


@pytest.mark.card("calliope")
@pytest.mark.rule("RR-LEAD-11")
def test_calliope_excludes_both_locations_from_the_final_step() -> None:
    """Calliope, "... deploy it face-up on another location.": that location was deployed to
    this turn."""
    game = (Scenario(2).hand(0, "calliope").deck_top("deanna").at(Location.LUNA, "sevro")
            .at(Location.MARS, "harmony").turn(0))
    play(game, Lead("calliope", Location.JUPITER), Location.LUNA)
    assert game.pending is not None
    assert set(game.pending.options) == {GainTop(Location.MARS), GainTop(None)}


@pytest.mark.card("calliope")
@pytest.mark.rule("RR-DECK-1")
def test_calliope_with_an_empty_deck_does_nothing() -> None:
    """Calliope, "Reveal the top card of the deck ...": with no deck, nothing happens."""
    game = Scenario(2).hand(0, "calliope").deck_only().deploy(0, "calliope", Location.JUPITER)
    assert game.is_over
    assert _kinds(game.events, CardDeployed) == [CardDeployed(0, "calliope", Location.JUPITER)]


# --- Conversationalist ---------------------------------------------------------------------


@pytest.mark.card("conversationalist")
def test_conversationalist_moves_a_white_under_it_and_gains_it() -> None:
    """Conversationalist, "Move the top card from another location to under this card. If it's a
    White, gain it."."""
    game = (Scenario(2).hand(0, "conversationalist").at(Location.MARS, "deanna")
            .at(Location.LUNA, "sevro", "orator").at(Location.JUPITER, "harmony")
            .deploy(0, "conversationalist", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("orator"), PickCard("harmony")}
    events = play(game, PickCard("orator"))
    assert CardMoved("orator", Location.LUNA, Location.MARS, 1) in events
    assert CardGained(0, "orator", Zone.at(Location.MARS)) in events
    assert game.state.stack(Location.MARS) == ("deanna", "conversationalist")
    assert game.state.hand(0) == ("orator",)


@pytest.mark.card("conversationalist")
def test_conversationalist_keeps_a_non_white_directly_under_it() -> None:
    """Conversationalist, "Move the top card from another location to under this card.": a
    non-White stays directly under it."""
    game = (Scenario(2).hand(0, "conversationalist").at(Location.MARS, "deanna")
            .at(Location.LUNA, "sevro").deploy(0, "conversationalist", Location.MARS))
    assert game.is_over
    assert game.state.stack(Location.MARS) == ("deanna", "sevro", "conversationalist")
    assert not _kinds(game.events, CardGained)


@pytest.mark.card("conversationalist")
@pytest.mark.rule("RULING-A23")
def test_conversationalist_with_other_locations_empty_does_nothing() -> None:
    """Conversationalist, "Move the top card from another location ...": its own location does
    not count."""
    game = (Scenario(2).hand(0, "conversationalist").at(Location.MARS, "orator")
            .deploy(0, "conversationalist", Location.MARS))
    assert game.is_over and not _kinds(game.events, CardMoved)


# --- Evey ----------------------------------------------------------------------------------


@pytest.mark.card("evey")
@pytest.mark.rule("RULING-C10")
def test_evey_banishes_herself_and_the_location_placing_influence_per_gold() -> None:
    """Evey, "Banish Evey and all cards at this location. For each Gold banished, place 1
    Influence token on the Institute (max 3)."."""
    game = (Scenario(2).hand(0, "evey").at(Location.LUNA, "sevro", "deanna", "cassius")
            .at(Location.MARS, "nero").deploy(0, "evey", Location.LUNA))
    banished = [e.card for e in game.events if isinstance(e, CardBanished)]
    assert banished == ["evey", "cassius", "deanna", "sevro"]
    assert game.state.stack(Location.LUNA) == ()
    assert game.state.stack(Location.MARS) == ("nero",)
    assert InfluencePlaced(0, 2) in game.events


@pytest.mark.card("evey")
def test_evey_places_at_most_three_influence() -> None:
    """Evey, "For each Gold banished, place 1 Influence token on the Institute (max 3).": four
    Golds give 3."""
    game = (Scenario(2).hand(0, "evey").at(Location.LUNA, "sevro", "cassius", "nero", "tactus")
            .deploy(0, "evey", Location.LUNA))
    assert game.state.players[0].influence == 3


@pytest.mark.card("evey")
@pytest.mark.rule("RULING-A1")
@pytest.mark.rule("RULING-C5")
def test_evey_does_not_count_a_face_down_gold() -> None:
    """Evey, "For each Gold banished ...": a face-down Gold is banished but is not a Gold."""
    game = (Scenario(2).hand(0, "evey").at(Location.LUNA, "sevro", face_down=["sevro"])
            .deploy(0, "evey", Location.LUNA))
    assert CardBanished("sevro", Zone.at(Location.LUNA)) in game.events
    assert not _kinds(game.events, InfluencePlaced)


@pytest.mark.card("evey")
def test_evey_alone_banishes_only_herself() -> None:
    """Evey, "Banish Evey and all cards at this location.": on an empty location only Evey
    goes."""
    game = Scenario(2).hand(0, "evey").deploy(0, "evey", Location.LUNA)
    assert _kinds(game.events, CardBanished) == [CardBanished("evey", Zone.at(Location.LUNA))]
    assert not _kinds(game.events, InfluencePlaced)


# --- Garden-Trained Rose -------------------------------------------------------------------


@pytest.mark.card("garden_trained_rose")
def test_rose_moves_a_silver_under_it_and_gains_helium() -> None:
    """Garden-Trained Rose, "Move the card directly under this one to the top of another
    location. If it's a Silver, gain 1 Helium."."""
    game = (Scenario(2).hand(0, "garden_trained_rose").at(Location.JUPITER, "deanna", "sponsor")
            .deploy(0, "garden_trained_rose", Location.JUPITER))
    assert game.pending is not None
    assert set(game.pending.options) == {Location.MARS, Location.LUNA, Location.INSTITUTE}
    events = play(game, Location.MARS)
    assert CardMoved("sponsor", Location.JUPITER, Location.MARS, None) in events
    assert HeliumGained(0, 1) in events


@pytest.mark.card("garden_trained_rose")
def test_rose_moves_a_non_silver_without_helium() -> None:
    """Garden-Trained Rose, "If it's a Silver, ...": a Red moves, no Helium."""
    game = (Scenario(2).hand(0, "garden_trained_rose").at(Location.JUPITER, "sponsor", "deanna")
            .deploy(0, "garden_trained_rose", Location.JUPITER))
    events = play(game, Location.INSTITUTE)
    assert CardMoved("deanna", Location.JUPITER, Location.INSTITUTE, None) in events
    assert not _kinds(events, HeliumGained)


@pytest.mark.card("garden_trained_rose")
@pytest.mark.rule("RULING-A23")
def test_rose_on_an_empty_location_does_nothing() -> None:
    """Garden-Trained Rose, "Move the card directly under this one ...": none, nothing."""
    game = Scenario(2).hand(0, "garden_trained_rose").deploy(0, "garden_trained_rose",
                                                              Location.JUPITER)
    assert game.is_over and not _kinds(game.events, CardMoved)


# --- Masseuse ------------------------------------------------------------------------------


@pytest.mark.card("masseuse")
@pytest.mark.rule("RULING-A25")
@pytest.mark.rule("RULING-C10")
def test_masseuse_moves_a_top_card_and_gains_its_original_location_bonus() -> None:
    """Masseuse, "Move the top card of another location to the top of a different location.
    Gain the original location bonus for that card."."""
    game = (Scenario(2).hand(0, "masseuse").at(Location.JUPITER, "deanna")
            .at(Location.LUNA, "sevro").at(Location.MARS, "harmony")
            .deploy(0, "masseuse", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("deanna"), PickCard("sevro")}
    play(game, PickCard("deanna"))
    assert game.pending is not None  # a different location than Jupiter; Mars is allowed
    assert set(game.pending.options) == {Location.MARS, Location.LUNA, Location.INSTITUTE}
    events = play(game, Location.INSTITUTE)
    assert CardMoved("deanna", Location.JUPITER, Location.INSTITUTE, None) in events
    assert FleetAdvanced(0, 1) in events  # Jupiter's bonus
    assert game.is_over


@pytest.mark.card("masseuse")
@pytest.mark.rule("RULING-A25")
def test_masseuse_from_luna_gains_the_sovereign_token_and_house_ability() -> None:
    """Masseuse, "Gain the original location bonus for that card.": from Luna, the Sovereign
    token and the house ability."""
    game = (Scenario(2).hand(0, "masseuse").house(0, House.MARS).at(Location.LUNA, "sevro")
            .deploy(0, "masseuse", Location.MARS))
    events = play(game, Location.MARS)
    assert SovereignTaken(0) in events
    assert HeliumGained(0, 1) in events  # House Mars
    assert game.state.sovereign == 0


@pytest.mark.card("masseuse", "martyr")
@pytest.mark.rule("RULING-A14")
def test_masseuse_sovereign_bonus_blocked_by_martyr() -> None:
    """Masseuse, "Gain the original location bonus for that card.": an opponent holding the token
    may block with Martyr."""
    game = (Scenario(2).hand(0, "masseuse").house(0, House.MARS).hand(1, "martyr")
            .sovereign(1).at(Location.LUNA, "sevro").deck_top("deanna")
            .deploy(0, "masseuse", Location.MARS))
    play(game, Location.JUPITER)
    assert game.pending is not None and game.pending.seat == 1
    events = play(game, PickCard("martyr"))
    assert BlockUsed(1, "martyr", 0) in events
    assert not _kinds(events, SovereignTaken) and not _kinds(events, HeliumGained)
    assert game.state.sovereign == 1
    assert game.state.hand(1) == ("deanna",)
    assert game.state.top(Location.JUPITER) == "sevro"


@pytest.mark.card("masseuse")
@pytest.mark.rule("RULING-A23")
def test_masseuse_with_other_locations_empty_does_nothing() -> None:
    """Masseuse, "Move the top card of another location ...": her own location does not
    count."""
    game = (Scenario(2).hand(0, "masseuse").at(Location.MARS, "deanna")
            .deploy(0, "masseuse", Location.MARS))
    assert game.is_over and not _kinds(game.events, CardMoved)


# --- Matteo --------------------------------------------------------------------------------


@pytest.mark.card("matteo")
@pytest.mark.rule("RULING-A15", "RULING-A16")
def test_matteo_moves_a_pink_from_any_position_and_places_influence() -> None:
    """Matteo, "Move any other card from this location to the top of another location. If it's a
    Pink, place 1 Influence token on the Institute."."""
    game = (Scenario(2).hand(0, "matteo").at(Location.MARS, "evey", "deanna")
            .deploy(0, "matteo", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("evey"), PickCard("deanna")}
    play(game, PickCard("evey"))
    assert game.pending is not None
    assert set(game.pending.options) == {Location.JUPITER, Location.LUNA, Location.INSTITUTE}
    events = play(game, Location.LUNA)
    assert CardMoved("evey", Location.MARS, Location.LUNA, None) in events
    assert InfluencePlaced(0, 1) in events
    assert game.state.stack(Location.MARS) == ("deanna", "matteo")


@pytest.mark.card("matteo")
def test_matteo_moves_a_non_pink_without_influence() -> None:
    """Matteo, "If it's a Pink, ...": a Red moves, no Influence."""
    game = (Scenario(2).hand(0, "matteo").at(Location.MARS, "deanna")
            .deploy(0, "matteo", Location.MARS))
    events = play(game, Location.JUPITER)
    assert CardMoved("deanna", Location.MARS, Location.JUPITER, None) in events
    assert not _kinds(events, InfluencePlaced)


@pytest.mark.card("matteo")
@pytest.mark.rule("RULING-A23")
def test_matteo_alone_does_nothing() -> None:
    """Matteo, "Move any other card from this location ...": Matteo may not move himself."""
    game = Scenario(2).hand(0, "matteo").deploy(0, "matteo", Location.MARS)
    assert game.is_over and not _kinds(game.events, CardMoved)


# --- Theodora ------------------------------------------------------------------------------


@pytest.mark.card("theodora")
@pytest.mark.rule("RULING-C10")
def test_theodora_moves_a_gold_bottom_card_gains_it_and_ends_the_turn() -> None:
    """Theodora, "You may move the bottom card of this location on top of this card. If it's a
    Gold or Red, gain it, then end your turn."."""
    game = (Scenario(2).hand(0, "theodora").at(Location.MARS, "sevro", "harmony")
            .at(Location.LUNA, "orator").turn(0))
    play(game, Lead("theodora", Location.MARS))
    assert game.pending is not None and game.pending.options == (Answer.YES, Answer.NO)
    events = play(game, Answer.YES)
    assert CardMoved("sevro", Location.MARS, Location.MARS, None) in events
    assert CardGained(0, "sevro", Zone.at(Location.MARS)) in events
    assert game.state.stack(Location.MARS) == ("harmony", "theodora")
    assert game.is_over


@pytest.mark.card("theodora")
def test_theodora_moves_another_colour_and_the_turn_goes_on() -> None:
    """Theodora, "If it's a Gold or Red, gain it, then end your turn.": a White is moved on top
    and stays; the turn goes on."""
    game = (Scenario(2).hand(0, "theodora").at(Location.MARS, "orator", "sevro")
            .at(Location.LUNA, "deanna").turn(0))
    play(game, Lead("theodora", Location.MARS), Answer.YES)
    assert game.state.stack(Location.MARS) == ("sevro", "theodora", "orator")
    assert game.pending is not None and GainTop(Location.LUNA) in game.pending.options


@pytest.mark.card("theodora")
def test_theodora_may_decline() -> None:
    """Theodora, "You may move the bottom card ...": declining changes nothing."""
    game = (Scenario(2).hand(0, "theodora").at(Location.MARS, "sevro")
            .deploy(0, "theodora", Location.MARS))
    events = play(game, Answer.NO)
    assert not _kinds(events, CardMoved)
    assert game.state.stack(Location.MARS) == ("sevro", "theodora")


@pytest.mark.card("theodora")
@pytest.mark.rule("RULING-A23")
def test_theodora_alone_does_nothing() -> None:
    """Theodora, "You may move the bottom card of this location on top of this card.": she is
    the bottom card herself, so nothing is asked."""
    game = Scenario(2).hand(0, "theodora").deploy(0, "theodora", Location.MARS)
    assert game.is_over and not _kinds(game.events, CardMoved)


# --- prompts are public --------------------------------------------------------------------


@pytest.mark.card("garden_trained_rose")
@pytest.mark.rule("RR-VIEW-4")
def test_rose_prompt_does_not_name_a_face_down_card() -> None:
    """Garden-Trained Rose, "Move the card directly under this one to the top of another
    location.": the question is shown to everyone, so a face-down card under her is not
    named."""
    game = (Scenario(2).hand(0, "garden_trained_rose")
            .at(Location.JUPITER, "sponsor", face_down=["sponsor"])
            .deploy(0, "garden_trained_rose", Location.JUPITER))
    assert game.pending is not None and game.pending.ask is Ask.LOCATION
    assert "sponsor" not in game.pending.prompt
    events = play(game, Location.MARS)
    assert CardMoved("sponsor", Location.JUPITER, Location.MARS, None) in events
    assert not _kinds(events, HeliumGained)  # face down, it is no Silver (RULING-A1)


@pytest.mark.card("masseuse")
@pytest.mark.rule("RR-VIEW-4", "RULING-B8")
def test_masseuse_prompt_does_not_name_a_face_down_card() -> None:
    """Masseuse, "Move the top card of another location to the top of a different location.":
    a face-down card is offered by where it lies, and the destination question, shown to
    everyone, does not name it."""
    game = (Scenario(2).hand(0, "masseuse").at(Location.JUPITER, "deanna", face_down=["deanna"])
            .at(Location.LUNA, "sevro").deploy(0, "masseuse", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {PickFaceDown(Location.JUPITER, 0), PickCard("sevro")}
    play(game, PickFaceDown(Location.JUPITER, 0))
    assert game.pending is not None and game.pending.ask is Ask.LOCATION
    assert "deanna" not in game.pending.prompt
    events = play(game, Location.LUNA)
    assert CardMoved("deanna", Location.JUPITER, Location.LUNA, None) in events


@pytest.mark.card("matteo")
@pytest.mark.rule("RR-VIEW-4")
def test_matteo_prompt_does_not_name_a_face_down_card() -> None:
    """Matteo, "Move any other card from this location to the top of another location.": the
    destination question is shown to everyone, so a face-down card is not named."""
    game = (Scenario(2).hand(0, "matteo").at(Location.MARS, "evey", face_down=["evey"])
            .deploy(0, "matteo", Location.MARS))
    assert game.pending is not None and game.pending.ask is Ask.LOCATION
    assert "evey" not in game.pending.prompt
    events = play(game, Location.LUNA)
    assert CardMoved("evey", Location.MARS, Location.LUNA, None) in events
    assert not _kinds(events, InfluencePlaced)  # face down, it is no Pink (RULING-A1)


@pytest.mark.card("theodora")
@pytest.mark.rule("RR-VIEW-4", "RULING-A1")
def test_theodora_face_down_bottom_card_is_not_named_nor_a_gold() -> None:
    """Theodora, "You may move the bottom card of this location on top of this card. If it's a
    Gold or Red, gain it, then end your turn.": the question does not name a face-down bottom
    card, which, colourless, is neither gained nor ends the turn."""
    game = (Scenario(2).hand(0, "theodora").at(Location.MARS, "sevro", "harmony",
                                                face_down=["sevro"])
            .at(Location.LUNA, "orator").turn(0))
    play(game, Lead("theodora", Location.MARS))
    assert game.pending is not None and game.pending.ask is Ask.CONFIRM
    assert "sevro" not in game.pending.prompt
    events = play(game, Answer.YES)
    assert CardMoved("sevro", Location.MARS, Location.MARS, None) in events
    assert not _kinds(events, CardGained)
    assert game.state.stack(Location.MARS) == ("harmony", "theodora", "sevro")
    assert game.pending is not None and game.pending.ask is Ask.GAIN


@pytest.mark.card("masseuse", "martyr")
@pytest.mark.rule("RULING-A25", "RULING-B4", "RR-BLOCK-4")
def test_masseuse_from_luna_while_holding_the_token_asks_no_block() -> None:
    """Masseuse, "Gain the original location bonus for that card.": keeping the token you hold
    takes it from nobody, so no block is asked (not of you with your own Martyr, not of an
    opponent with theirs), and the house ability still triggers."""
    game = (Scenario(2).hand(0, "masseuse", "martyr").house(0, House.MARS).sovereign(0)
            .hand(1, "justice").at(Location.LUNA, "sevro").deploy(0, "masseuse", Location.MARS))
    events = play(game, Location.JUPITER)
    assert not _kinds(events, BlockUsed)
    assert SovereignTaken(0) in events and HeliumGained(0, 1) in events
    assert game.is_over and game.state.hand(0) == ("martyr",)


@pytest.mark.card("evey")
@pytest.mark.rule("RULING-A26")
def test_evey_places_no_more_influence_than_the_player_has_left() -> None:
    """Evey, "For each Gold banished, place 1 Influence token on the Institute (max 3).": with 9
    of 10 tokens placed, two Golds place the last one."""
    game = (Scenario(2).hand(0, "evey").tokens(0, influence=9)
            .at(Location.LUNA, "sevro", "cassius").deploy(0, "evey", Location.LUNA))
    assert _kinds(game.events, InfluencePlaced) == [InfluencePlaced(0, 1)]
    assert game.state.players[0].influence == 10
