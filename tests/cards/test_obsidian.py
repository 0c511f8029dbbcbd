"""Obsidian card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.events.types import (
    BlockUsed, CardBanished, CardGained, Event, HeliumGained, InfluencePlaced,
)
from rr.model import Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard
from rr.scenario import Scenario, play


def _kinds(events: tuple[Event, ...], kind: type) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


# --- Alfrun --------------------------------------------------------------------------------


@pytest.mark.card("alfrun")
@pytest.mark.rule("RULING-B6")
def test_alfrun_gains_nero_regains_alfrun_and_ends_the_turn() -> None:
    """Alfrun, "You may gain Nero or Jopho from this location. If you do, regain Alfrun and end
    your turn."."""
    game = (Scenario(2).hand(0, "alfrun").at(Location.MARS, "nero", "deanna")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("alfrun", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("nero")}
    events = play(game, PickCard("nero"))
    assert CardGained(0, "nero", Zone.at(Location.MARS)) in events
    assert CardGained(0, "alfrun", Zone.at(Location.MARS)) in events
    assert set(game.state.hand(0)) == {"nero", "alfrun"}
    assert game.state.stack(Location.MARS) == ("deanna",)
    assert game.is_over  # "end your turn": no final step


@pytest.mark.card("alfrun")
@pytest.mark.rule("RULING-A15")
def test_alfrun_offers_both_partners_at_any_position() -> None:
    """Alfrun, "You may gain Nero or Jopho from this location.": either, wherever it lies."""
    game = (Scenario(2).hand(0, "alfrun").at(Location.MARS, "jopho", "deanna", "nero", "sevro")
            .deploy(0, "alfrun", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("nero"), PickCard("jopho")}
    play(game, PickCard("jopho"))
    assert set(game.state.hand(0)) == {"jopho", "alfrun"}


@pytest.mark.card("alfrun")
def test_alfrun_may_decline() -> None:
    """Alfrun, "You may gain ...": declining leaves Alfrun deployed and the turn goes on."""
    game = (Scenario(2).hand(0, "alfrun").at(Location.MARS, "nero")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("alfrun", Location.MARS), Answer.NO)
    assert game.state.top(Location.MARS) == "alfrun"
    assert game.pending is not None and GainTop(Location.LUNA) in game.pending.options


@pytest.mark.card("alfrun")
@pytest.mark.rule("RULING-A23")
def test_alfrun_without_nero_or_jopho_does_nothing() -> None:
    """Alfrun, "You may gain Nero or Jopho from this location.": Nero elsewhere does not
    count, and nothing is asked."""
    game = (Scenario(2).hand(0, "alfrun").at(Location.MARS, "deanna")
            .at(Location.LUNA, "nero").turn(0))
    play(game, Lead("alfrun", Location.MARS))
    assert game.pending is not None and GainTop(Location.LUNA) in game.pending.options


# --- Jopho ---------------------------------------------------------------------------------


@pytest.mark.card("jopho")
@pytest.mark.rule("RULING-B6")
def test_jopho_gains_alfrun_regains_jopho_and_ends_the_turn() -> None:
    """Jopho, "You may gain Alfrun or Nero from this location. If you do, regain Jopho and end
    your turn."."""
    game = (Scenario(2).hand(0, "jopho").at(Location.JUPITER, "alfrun", "nero", "deanna")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("jopho", Location.JUPITER))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("alfrun"), PickCard("nero")}
    events = play(game, PickCard("alfrun"))
    assert CardGained(0, "alfrun", Zone.at(Location.JUPITER)) in events
    assert CardGained(0, "jopho", Zone.at(Location.JUPITER)) in events
    assert game.state.stack(Location.JUPITER) == ("nero", "deanna")
    assert game.is_over


@pytest.mark.card("jopho")
def test_jopho_may_decline() -> None:
    """Jopho, "You may gain Alfrun or Nero ...": declining keeps Jopho deployed."""
    game = (Scenario(2).hand(0, "jopho").at(Location.JUPITER, "nero")
            .deploy(0, "jopho", Location.JUPITER))
    play(game, Answer.NO)
    assert game.state.top(Location.JUPITER) == "jopho" and game.state.hand(0) == ()


@pytest.mark.card("jopho")
@pytest.mark.rule("RULING-A23")
def test_jopho_on_an_empty_location_does_nothing() -> None:
    """Jopho, "You may gain Alfrun or Nero from this location.": nothing there, nothing asked."""
    game = Scenario(2).hand(0, "jopho").deploy(0, "jopho", Location.JUPITER)
    assert game.is_over and not _kinds(game.events, CardGained)


# --- Alia Snowsparrow ----------------------------------------------------------------------


@pytest.mark.card("alia_snowsparrow")
def test_alia_banishes_the_top_non_gold_of_another_location_and_gains_helium() -> None:
    """Alia Snowsparrow, "Banish the top non-Gold card from any other location. If it's not Gray
    or Obsidian, gain 1 Helium."."""
    game = (Scenario(2).hand(0, "alia_snowsparrow")
            .at(Location.JUPITER, "harmony", "deanna", "sevro")
            .at(Location.MARS, "matteo")
            .at(Location.LUNA, "ragnar")
            .deploy(0, "alia_snowsparrow", Location.MARS))
    assert game.pending is not None
    # Jupiter: Sevro is Gold, so Deanna; Mars is Alia's own location.
    assert set(game.pending.options) == {PickCard("deanna"), PickCard("ragnar")}
    events = play(game, PickCard("deanna"))
    assert CardBanished("deanna", Zone.at(Location.JUPITER)) in events
    assert HeliumGained(0, 1) in events
    assert game.state.stack(Location.JUPITER) == ("harmony", "sevro")


@pytest.mark.card("alia_snowsparrow")
@pytest.mark.parametrize("target", ["ragnar", "bridge"])
def test_alia_gains_no_helium_for_a_gray_or_obsidian(target: str) -> None:
    """Alia Snowsparrow, "If it's not Gray or Obsidian, gain 1 Helium.": a Gray or Obsidian is
    banished without Helium."""
    game = (Scenario(2).hand(0, "alia_snowsparrow").at(Location.LUNA, target)
            .deploy(0, "alia_snowsparrow", Location.MARS))
    assert CardBanished(target, Zone.at(Location.LUNA)) in game.events
    assert not _kinds(game.events, HeliumGained)


@pytest.mark.card("alia_snowsparrow")
@pytest.mark.rule("RULING-A1")
@pytest.mark.rule("RULING-C5")
def test_alia_may_banish_a_face_down_gold() -> None:
    """Alia Snowsparrow, "Banish the top non-Gold card ...": a face-down card is a non-Gold and,
    colourless, not Gray or Obsidian."""
    game = (Scenario(2).hand(0, "alia_snowsparrow").at(Location.LUNA, "sevro", face_down=["sevro"])
            .deploy(0, "alia_snowsparrow", Location.MARS))
    assert CardBanished("sevro", Zone.at(Location.LUNA)) in game.events
    assert HeliumGained(0, 1) in game.events


@pytest.mark.card("alia_snowsparrow")
@pytest.mark.rule("RULING-A23")
def test_alia_with_only_golds_elsewhere_does_nothing() -> None:
    """Alia Snowsparrow, "Banish the top non-Gold card from any other location.": only Golds on
    the other locations (and a non-Gold on her own), so nothing happens."""
    game = (Scenario(2).hand(0, "alia_snowsparrow").at(Location.LUNA, "sevro", "cassius")
            .at(Location.MARS, "deanna").deploy(0, "alia_snowsparrow", Location.MARS))
    assert game.is_over and not _kinds(game.events, CardBanished)


# --- Helga ---------------------------------------------------------------------------------


@pytest.mark.card("helga")
def test_helga_banishes_the_only_other_card_and_gains_helium() -> None:
    """Helga, "Banish the card directly under this one. If it was the only other card on this
    location, gain 1 Helium."."""
    game = (Scenario(2).hand(0, "helga").at(Location.INSTITUTE, "sevro")
            .deploy(0, "helga", Location.INSTITUTE))
    assert CardBanished("sevro", Zone.at(Location.INSTITUTE)) in game.events
    assert HeliumGained(0, 1) in game.events
    assert game.state.stack(Location.INSTITUTE) == ("helga",)


@pytest.mark.card("helga")
def test_helga_gains_no_helium_when_other_cards_remain() -> None:
    """Helga, "If it was the only other card on this location, ...": with a card below, the card
    directly under is banished and no Helium is gained."""
    game = (Scenario(2).hand(0, "helga").at(Location.INSTITUTE, "deanna", "sevro")
            .deploy(0, "helga", Location.INSTITUTE))
    assert CardBanished("sevro", Zone.at(Location.INSTITUTE)) in game.events
    assert not _kinds(game.events, HeliumGained)
    assert game.state.stack(Location.INSTITUTE) == ("deanna", "helga")


@pytest.mark.card("helga")
@pytest.mark.rule("RULING-A23")
def test_helga_on_an_empty_location_does_nothing() -> None:
    """Helga, "Banish the card directly under this one.": no card under, no banish, no Helium."""
    game = Scenario(2).hand(0, "helga").deploy(0, "helga", Location.INSTITUTE)
    assert game.is_over
    assert not _kinds(game.events, CardBanished) and not _kinds(game.events, HeliumGained)


# --- Ragnar --------------------------------------------------------------------------------


@pytest.mark.card("ragnar")
@pytest.mark.parametrize("target", ["sevro", "bridge"])
def test_ragnar_banishes_a_gold_or_gray_top_card_and_places_influence(target: str) -> None:
    """Ragnar, "Banish the top card of another location. If it's a Gold or a Gray, place 1
    Influence on the Institute."."""
    game = (Scenario(2).hand(0, "ragnar").at(Location.JUPITER, "deanna", target)
            .at(Location.LUNA, "harmony").at(Location.MARS, "cassius")
            .deploy(0, "ragnar", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard(target), PickCard("harmony")}
    events = play(game, PickCard(target))
    assert CardBanished(target, Zone.at(Location.JUPITER)) in events
    assert InfluencePlaced(0, 1) in events


@pytest.mark.card("ragnar")
def test_ragnar_banishes_another_colour_without_influence() -> None:
    """Ragnar, "If it's a Gold or a Gray, ...": a Red is banished, no Influence."""
    game = (Scenario(2).hand(0, "ragnar").at(Location.LUNA, "harmony")
            .deploy(0, "ragnar", Location.MARS))
    assert CardBanished("harmony", Zone.at(Location.LUNA)) in game.events
    assert not _kinds(game.events, InfluencePlaced)


@pytest.mark.card("ragnar")
@pytest.mark.rule("RULING-A23")
def test_ragnar_with_every_other_location_empty_does_nothing() -> None:
    """Ragnar, "Banish the top card of another location.": his own location does not count."""
    game = (Scenario(2).hand(0, "ragnar").at(Location.MARS, "sevro")
            .deploy(0, "ragnar", Location.MARS))
    assert game.is_over and not _kinds(game.events, CardBanished)


# --- Sefi ----------------------------------------------------------------------------------


@pytest.mark.card("sefi")
@pytest.mark.rule("RULING-A15")
def test_sefi_gains_another_obsidian_at_any_position() -> None:
    """Sefi, "Gain another Obsidian from this location."."""
    game = (Scenario(2).hand(0, "sefi").at(Location.LUNA, "helga", "deanna", "stained")
            .deploy(0, "sefi", Location.LUNA))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("helga"), PickCard("stained")}
    events = play(game, PickCard("helga"))
    assert CardGained(0, "helga", Zone.at(Location.LUNA)) in events
    assert game.state.stack(Location.LUNA) == ("deanna", "stained", "sefi")


@pytest.mark.card("sefi")
def test_sefi_single_obsidian_is_gained_without_asking() -> None:
    """Sefi, "Gain another Obsidian from this location.": one candidate is gained at once."""
    game = (Scenario(2).hand(0, "sefi").at(Location.LUNA, "ragnar")
            .deploy(0, "sefi", Location.LUNA))
    assert game.is_over and game.state.hand(0) == ("ragnar",)


@pytest.mark.card("sefi")
@pytest.mark.rule("RULING-A1")
def test_sefi_without_another_obsidian_does_nothing() -> None:
    """Sefi, "Gain another Obsidian from this location.": an Obsidian elsewhere or face down
    does not count."""
    game = (Scenario(2).hand(0, "sefi").at(Location.LUNA, "ragnar", face_down=["ragnar"])
            .at(Location.MARS, "helga").deploy(0, "sefi", Location.LUNA))
    assert game.is_over and not _kinds(game.events, CardGained)


# --- Stained -------------------------------------------------------------------------------


@pytest.mark.card("stained")
@pytest.mark.rule("RULING-A16")
def test_stained_banishes_an_obsidian_and_places_influence() -> None:
    """Stained, "Banish any other card from this location. If it's an Obsidian, place 1
    Influence on the Institute."."""
    game = (Scenario(2).hand(0, "stained").at(Location.JUPITER, "helga", "deanna")
            .deploy(0, "stained", Location.JUPITER))
    assert game.pending is not None
    assert set(game.pending.options) == {PickCard("helga"), PickCard("deanna")}
    events = play(game, PickCard("helga"))
    assert CardBanished("helga", Zone.at(Location.JUPITER)) in events
    assert InfluencePlaced(0, 1) in events


@pytest.mark.card("stained")
def test_stained_banishes_another_colour_without_influence() -> None:
    """Stained, "If it's an Obsidian, ...": a Red is banished, no Influence."""
    game = (Scenario(2).hand(0, "stained").at(Location.JUPITER, "helga", "deanna")
            .deploy(0, "stained", Location.JUPITER))
    events = play(game, PickCard("deanna"))
    assert CardBanished("deanna", Zone.at(Location.JUPITER)) in events
    assert not _kinds(events, InfluencePlaced)


@pytest.mark.card("stained")
@pytest.mark.rule("RULING-A23")
def test_stained_alone_does_nothing() -> None:
    """Stained, "Banish any other card from this location.": Stained itself may not be
    picked."""
    game = Scenario(2).hand(0, "stained").deploy(0, "stained", Location.JUPITER)
    assert game.is_over and not _kinds(game.events, CardBanished)


@pytest.mark.card("stained", "the_howlers")
@pytest.mark.rule("RULING-A13")
def test_stained_banish_from_a_location_cannot_be_blocked() -> None:
    """Stained, "Banish any other card from this location.": cards leaving a location are not
    the opponent's cards, so The Howlers is not offered."""
    game = (Scenario(2).hand(0, "stained").hand(1, "the_howlers").at(Location.JUPITER, "deanna")
            .deploy(0, "stained", Location.JUPITER))
    assert game.is_over and not _kinds(game.events, BlockUsed)
    assert CardBanished("deanna", Zone.at(Location.JUPITER)) in game.events


@pytest.mark.card("alfrun", "firewall_expert")
@pytest.mark.rule("RULING-A1", "RULING-C5")
def test_alfrun_never_offers_a_face_down_nero_or_jopho() -> None:
    """Alfrun, "You may gain Nero or Jopho from this location.": a face-down card shows no
    name, so a face-down Nero or Jopho is neither; nothing is asked and Alfrun stays."""
    game = (Scenario(2).hand(0, "alfrun")
            .at(Location.MARS, "jopho", "nero", face_down=["nero", "jopho"])
            .deploy(0, "alfrun", Location.MARS))
    assert game.is_over and not _kinds(game.events, CardGained)
    assert game.state.stack(Location.MARS) == ("jopho", "nero", "alfrun")


@pytest.mark.card("alfrun", "firewall_expert")
@pytest.mark.rule("RULING-A1", "RULING-C5")
def test_alfrun_offers_only_the_face_up_partner() -> None:
    """Alfrun, "You may gain Nero or Jopho from this location.": beside a face-down Nero, a
    face-up Jopho is the only card offered."""
    game = (Scenario(2).hand(0, "alfrun")
            .at(Location.MARS, "jopho", "nero", face_down=["nero"])
            .deploy(0, "alfrun", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("jopho")}
    events = play(game, PickCard("jopho"))
    assert CardGained(0, "jopho", Zone.at(Location.MARS)) in events
    assert set(game.state.hand(0)) == {"jopho", "alfrun"} and game.is_over


@pytest.mark.card("jopho", "firewall_expert")
@pytest.mark.rule("RULING-A1", "RULING-C5")
def test_jopho_never_offers_a_face_down_alfrun_or_nero() -> None:
    """Jopho, "You may gain Alfrun or Nero from this location.": face down, neither shows its
    name; nothing is asked and Jopho stays."""
    game = (Scenario(2).hand(0, "jopho")
            .at(Location.LUNA, "alfrun", "nero", face_down=["alfrun", "nero"])
            .deploy(0, "jopho", Location.LUNA))
    assert game.is_over and not _kinds(game.events, CardGained)
    assert game.state.stack(Location.LUNA) == ("alfrun", "nero", "jopho")


@pytest.mark.card("ragnar")
@pytest.mark.rule("RULING-A1")
def test_ragnar_face_down_gold_is_banished_without_influence() -> None:
    """Ragnar, "If it's a Gold or a Gray, place 1 Influence": a face-down Gold is colourless as it
    lies, so it is banished and no Influence is placed."""
    game = (Scenario(2).hand(0, "ragnar").at(Location.LUNA, "sevro", face_down=["sevro"])
            .deploy(0, "ragnar", Location.MARS))
    assert CardBanished("sevro", Zone.at(Location.LUNA)) in game.events
    assert not _kinds(game.events, InfluencePlaced)
