"""Brown card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.events.types import (
    AbilityMissing, CardBanished, CardDeployed, CardMoved, Event, FleetAdvanced, HeliumGained,
    InfluencePlaced,
)
from rr.model import Location, Zone
from rr.options import GainTop, Lead
from rr.scenario import Scenario, play


def _kinds(events: tuple[Event, ...], kind: type) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def _moves_nothing(events: tuple[Event, ...]) -> bool:
    return not _kinds(events, CardMoved) and not _kinds(events, CardBanished)


# --- Artisan Chef --------------------------------------------------------------------------


@pytest.mark.card("artisan_chef")
def test_artisan_chef_moves_the_gold_and_places_influence() -> None:
    """Artisan Chef, "If deployed directly on top of a Gold, move that Gold to the top of another
    location and place 1 Influence on the Institute."."""
    game = (Scenario(2).hand(0, "artisan_chef").at(Location.MARS, "deanna", "sevro")
            .at(Location.LUNA, "harmony").deploy(0, "artisan_chef", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {Location.JUPITER, Location.LUNA, Location.INSTITUTE}
    events = play(game, Location.LUNA)
    assert CardMoved("sevro", Location.MARS, Location.LUNA, None) in events
    assert game.state.stack(Location.LUNA) == ("harmony", "sevro")
    assert game.state.stack(Location.MARS) == ("deanna", "artisan_chef")
    assert InfluencePlaced(0, 1) in events
    assert game.is_over


@pytest.mark.card("artisan_chef")
def test_artisan_chef_on_a_non_gold_does_nothing() -> None:
    """Artisan Chef, "If deployed directly on top of a Gold ...": a Gold lower in the stack
    does not count, only the card directly under."""
    game = (Scenario(2).hand(0, "artisan_chef").at(Location.MARS, "sevro", "deanna")
            .deploy(0, "artisan_chef", Location.MARS))
    assert game.is_over
    assert _moves_nothing(game.events) and not _kinds(game.events, InfluencePlaced)


@pytest.mark.card("artisan_chef")
@pytest.mark.rule("RULING-A23")
def test_artisan_chef_on_an_empty_location_does_nothing() -> None:
    """Artisan Chef, "If deployed directly on top of a Gold ...": on an empty location there is
    no card under it, so nothing happens."""
    game = Scenario(2).hand(0, "artisan_chef").deploy(0, "artisan_chef", Location.MARS)
    assert game.is_over
    assert _moves_nothing(game.events) and not _kinds(game.events, InfluencePlaced)


@pytest.mark.card("artisan_chef")
@pytest.mark.rule("RULING-A1")
def test_artisan_chef_on_a_face_down_gold_does_nothing() -> None:
    """Artisan Chef, "If deployed directly on top of a Gold ...": a face-down card is colourless,
    so not a Gold."""
    game = (Scenario(2).hand(0, "artisan_chef").at(Location.MARS, "sevro", face_down=["sevro"])
            .deploy(0, "artisan_chef", Location.MARS))
    assert game.is_over and _moves_nothing(game.events)


@pytest.mark.card("artisan_chef")
@pytest.mark.rule("RULING-A26")
def test_artisan_chef_with_no_influence_left_still_moves_the_gold() -> None:
    """Artisan Chef, "... and place 1 Influence on the Institute.": with all 10 placed, the Gold
    still moves and the placement is lost."""
    game = (Scenario(2).hand(0, "artisan_chef").at(Location.MARS, "sevro").tokens(0, influence=10)
            .deploy(0, "artisan_chef", Location.MARS))
    events = play(game, Location.JUPITER)
    assert CardMoved("sevro", Location.MARS, Location.JUPITER, None) in events
    assert not _kinds(events, InfluencePlaced)
    assert game.state.players[0].influence == 10


# --- Assassin ------------------------------------------------------------------------------


@pytest.mark.card("assassin")
def test_assassin_banishes_a_gold_under_it_and_places_influence() -> None:
    """Assassin, "Banish the card directly under this one. If it's a Gold, place 1 Influence on
    the Institute."."""
    game = (Scenario(2).hand(0, "assassin").at(Location.LUNA, "deanna", "sevro")
            .deploy(0, "assassin", Location.LUNA))
    assert CardBanished("sevro", Zone.at(Location.LUNA)) in game.events
    assert InfluencePlaced(0, 1) in game.events
    assert game.state.stack(Location.LUNA) == ("deanna", "assassin")
    assert game.is_over


@pytest.mark.card("assassin")
def test_assassin_banishes_a_non_gold_without_influence() -> None:
    """Assassin, "Banish the card directly under this one. If it's a Gold, ...": a non-Gold is
    banished and no Influence is placed."""
    game = (Scenario(2).hand(0, "assassin").at(Location.LUNA, "sevro", "deanna")
            .deploy(0, "assassin", Location.LUNA))
    assert CardBanished("deanna", Zone.at(Location.LUNA)) in game.events
    assert "sevro" in game.state.stack(Location.LUNA)
    assert not _kinds(game.events, InfluencePlaced)


@pytest.mark.card("assassin")
@pytest.mark.rule("RULING-A1")
@pytest.mark.rule("RULING-C5")
def test_assassin_face_down_gold_is_not_a_gold() -> None:
    """Assassin, "If it's a Gold, place 1 Influence": a face-down Gold is banished but is not a
    Gold."""
    game = (Scenario(2).hand(0, "assassin").at(Location.LUNA, "sevro", face_down=["sevro"])
            .deploy(0, "assassin", Location.LUNA))
    assert CardBanished("sevro", Zone.at(Location.LUNA)) in game.events
    assert not _kinds(game.events, InfluencePlaced)


@pytest.mark.card("assassin")
@pytest.mark.rule("RULING-A23")
def test_assassin_on_an_empty_location_does_nothing() -> None:
    """Assassin, "Banish the card directly under this one.": with no card under it, nothing."""
    game = Scenario(2).hand(0, "assassin").deploy(0, "assassin", Location.LUNA)
    assert game.is_over and _moves_nothing(game.events)


# --- Gardener ------------------------------------------------------------------------------


@pytest.mark.card("gardener")
@pytest.mark.parametrize("covered", ["musician", "matteo"])
def test_gardener_moves_a_violet_or_pink_and_gains_helium(covered: str) -> None:
    """Gardener, "If deployed directly on top of a Violet or Pink, move that card to the top of
    another location and gain 1 Helium."."""
    game = (Scenario(2).hand(0, "gardener").at(Location.JUPITER, covered)
            .deploy(0, "gardener", Location.JUPITER))
    assert game.pending is not None
    assert set(game.pending.options) == {Location.MARS, Location.LUNA, Location.INSTITUTE}
    events = play(game, Location.INSTITUTE)
    assert CardMoved(covered, Location.JUPITER, Location.INSTITUTE, None) in events
    assert HeliumGained(0, 1) in events
    assert game.state.players[0].helium == 1


@pytest.mark.card("gardener")
def test_gardener_on_another_colour_does_nothing() -> None:
    """Gardener, "If deployed directly on top of a Violet or Pink ...": on a Red, nothing."""
    game = (Scenario(2).hand(0, "gardener").at(Location.JUPITER, "deanna")
            .deploy(0, "gardener", Location.JUPITER))
    assert game.is_over and _moves_nothing(game.events)
    assert game.state.players[0].helium == 0


@pytest.mark.card("gardener", "firewall_expert")
@pytest.mark.rule("RULING-A1", "RULING-C5")
@pytest.mark.parametrize("covered", ["musician", "matteo"])
def test_gardener_on_a_face_down_violet_or_pink_does_nothing(covered: str) -> None:
    """Gardener, "If deployed directly on top of a Violet or Pink, move that card to the top of
    another location and gain 1 Helium.": a face-down card has no colour; nothing moves and no
    Helium is gained."""
    game = (Scenario(2).hand(0, "gardener").at(Location.JUPITER, covered, face_down=[covered])
            .deploy(0, "gardener", Location.JUPITER))
    assert game.is_over and _moves_nothing(game.events)
    assert game.state.stack(Location.JUPITER) == (covered, "gardener")
    assert game.state.players[0].helium == 0


# --- Janitor -------------------------------------------------------------------------------


@pytest.mark.card("janitor")
@pytest.mark.parametrize("covered", ["hacker", "surgeon", "orion"])
def test_janitor_moves_a_green_yellow_or_blue_and_advances(covered: str) -> None:
    """Janitor, "If deployed directly on top of a Green, Yellow, or Blue, move that card to the
    top of another location and advance once on the Fleet Track."."""
    game = (Scenario(2).hand(0, "janitor").at(Location.MARS, covered)
            .at(Location.LUNA, "deanna").deploy(0, "janitor", Location.MARS))
    events = play(game, Location.LUNA)
    assert CardMoved(covered, Location.MARS, Location.LUNA, None) in events
    assert game.state.top(Location.LUNA) == covered
    assert FleetAdvanced(0, 1) in events


@pytest.mark.card("janitor")
def test_janitor_on_another_colour_does_nothing() -> None:
    """Janitor, "If deployed directly on top of a Green, Yellow, or Blue ...": on a Gold,
    nothing."""
    game = (Scenario(2).hand(0, "janitor").at(Location.MARS, "sevro")
            .deploy(0, "janitor", Location.MARS))
    assert game.is_over and _moves_nothing(game.events)
    assert game.state.players[0].fleet == 0


@pytest.mark.card("janitor")
@pytest.mark.rule("RULING-A26")
def test_janitor_at_fleet_ten_still_moves() -> None:
    """Janitor, "... advance once on the Fleet Track.": at position 10 the advance is lost but
    the card still moves."""
    game = (Scenario(2).hand(0, "janitor").at(Location.MARS, "hacker").tokens(0, fleet=10)
            .deploy(0, "janitor", Location.MARS))
    events = play(game, Location.LUNA)
    assert CardMoved("hacker", Location.MARS, Location.LUNA, None) in events
    assert not _kinds(events, FleetAdvanced)


@pytest.mark.card("janitor", "firewall_expert")
@pytest.mark.rule("RULING-A1", "RULING-C5")
@pytest.mark.parametrize("covered", ["hacker", "surgeon", "orion"])
def test_janitor_on_a_face_down_green_yellow_or_blue_does_nothing(covered: str) -> None:
    """Janitor, "If deployed directly on top of a Green, Yellow, or Blue, move that card to the
    top of another location and advance once on the Fleet Track.": a face-down card has no
    colour; nothing moves and the Fleet stays."""
    game = (Scenario(2).hand(0, "janitor").at(Location.MARS, covered, face_down=[covered])
            .at(Location.LUNA, "deanna").deploy(0, "janitor", Location.MARS))
    assert game.is_over and _moves_nothing(game.events)
    assert game.state.stack(Location.MARS) == (covered, "janitor")
    assert game.state.players[0].fleet == 0


# --- Mess Hall Cook ------------------------------------------------------------------------


@pytest.mark.card("mess_hall_cook")
@pytest.mark.parametrize("covered", ["bridge", "cyther"])
def test_mess_hall_cook_moves_a_gray_or_orange_and_advances(covered: str) -> None:
    """Mess Hall Cook, "If deployed directly on top of a Gray or Orange, move that card to the
    top of another location and advance once on the Fleet Track."."""
    game = (Scenario(2).hand(0, "mess_hall_cook").at(Location.INSTITUTE, covered)
            .deploy(0, "mess_hall_cook", Location.INSTITUTE))
    assert game.pending is not None
    assert set(game.pending.options) == {Location.JUPITER, Location.MARS, Location.LUNA}
    events = play(game, Location.JUPITER)
    assert CardMoved(covered, Location.INSTITUTE, Location.JUPITER, None) in events
    assert FleetAdvanced(0, 1) in events


@pytest.mark.card("mess_hall_cook")
def test_mess_hall_cook_on_another_colour_does_nothing() -> None:
    """Mess Hall Cook, "If deployed directly on top of a Gray or Orange ...": on a Pink,
    nothing."""
    game = (Scenario(2).hand(0, "mess_hall_cook").at(Location.INSTITUTE, "matteo")
            .deploy(0, "mess_hall_cook", Location.INSTITUTE))
    assert game.is_over and _moves_nothing(game.events)


@pytest.mark.card("mess_hall_cook", "firewall_expert")
@pytest.mark.rule("RULING-A1", "RULING-C5")
@pytest.mark.parametrize("covered", ["bridge", "cyther"])
def test_mess_hall_cook_on_a_face_down_gray_or_orange_does_nothing(covered: str) -> None:
    """Mess Hall Cook, "If deployed directly on top of a Gray or Orange, move that card to the
    top of another location and advance once on the Fleet Track.": a face-down card has no
    colour; nothing moves and the Fleet stays."""
    game = (Scenario(2).hand(0, "mess_hall_cook")
            .at(Location.INSTITUTE, covered, face_down=[covered])
            .deploy(0, "mess_hall_cook", Location.INSTITUTE))
    assert game.is_over and _moves_nothing(game.events)
    assert game.state.stack(Location.INSTITUTE) == (covered, "mess_hall_cook")
    assert game.state.players[0].fleet == 0


# --- Nanny ---------------------------------------------------------------------------------


@pytest.mark.card("nanny")
@pytest.mark.parametrize("covered", ["sponsor", "orator", "lawyer"])
def test_nanny_moves_a_silver_white_or_copper_and_gains_helium(covered: str) -> None:
    """Nanny, "If deployed directly on top of a Silver, White, or Copper, move that card to the
    top of another location and gain 1 Helium."."""
    game = (Scenario(2).hand(0, "nanny").at(Location.LUNA, covered)
            .deploy(0, "nanny", Location.LUNA))
    events = play(game, Location.MARS)
    assert CardMoved(covered, Location.LUNA, Location.MARS, None) in events
    assert HeliumGained(0, 1) in events


@pytest.mark.card("nanny")
@pytest.mark.rule("RULING-A23")
def test_nanny_without_a_matching_card_under_does_nothing() -> None:
    """Nanny, "If deployed directly on top of a Silver, White, or Copper ...": with a Gold under
    it, nothing at all happens (RULING-A23's example)."""
    game = (Scenario(2).hand(0, "nanny").at(Location.LUNA, "sevro")
            .deploy(0, "nanny", Location.LUNA))
    assert game.is_over and _moves_nothing(game.events)
    assert game.state.players[0].helium == 0


@pytest.mark.card("nanny", "firewall_expert")
@pytest.mark.rule("RULING-A1", "RULING-C5")
@pytest.mark.parametrize("covered", ["sponsor", "orator", "lawyer"])
def test_nanny_on_a_face_down_silver_white_or_copper_does_nothing(covered: str) -> None:
    """Nanny, "If deployed directly on top of a Silver, White, or Copper, move that card to the
    top of another location and gain 1 Helium.": a face-down card has no colour; nothing moves
    and no Helium is gained."""
    game = (Scenario(2).hand(0, "nanny").at(Location.LUNA, covered, face_down=[covered])
            .deploy(0, "nanny", Location.LUNA))
    assert game.is_over and _moves_nothing(game.events)
    assert game.state.stack(Location.LUNA) == (covered, "nanny")
    assert game.state.players[0].helium == 0


# --- Modjob --------------------------------------------------------------------------------


@pytest.mark.card("modjob")
@pytest.mark.rule("RULING-A24")
def test_modjob_deploys_a_red_and_triggers_its_ability() -> None:
    """Modjob, "If deployed directly on top of a Red or Brown, deploy that card to the top of
    another location.": a real deploy, so Deanna's "Gain 1 Helium." resolves."""
    game = (Scenario(2).hand(0, "modjob").at(Location.MARS, "deanna")
            .at(Location.LUNA, "sevro").deploy(0, "modjob", Location.MARS))
    assert game.pending is not None
    assert set(game.pending.options) == {Location.JUPITER, Location.LUNA, Location.INSTITUTE}
    events = play(game, Location.LUNA)
    assert CardDeployed(0, "deanna", Location.LUNA, Zone.at(Location.MARS)) in events
    assert game.state.stack(Location.LUNA) == ("sevro", "deanna")
    assert HeliumGained(0, 1) in events
    assert game.is_over


@pytest.mark.card("modjob", "assassin")
@pytest.mark.rule("RULING-A24")
def test_modjob_deploys_a_brown_whose_ability_sees_its_new_location() -> None:
    """Modjob, "... deploy that card to the top of another location.": a deployed Assassin
    banishes the card directly under it at its new location."""
    game = (Scenario(2).hand(0, "modjob").at(Location.MARS, "assassin")
            .at(Location.LUNA, "sevro").deploy(0, "modjob", Location.MARS))
    events = play(game, Location.LUNA)
    assert CardBanished("sevro", Zone.at(Location.LUNA)) in events
    assert InfluencePlaced(0, 1) in events


@pytest.mark.card("modjob")
@pytest.mark.rule("RR-LEAD-11")
def test_modjob_excludes_both_locations_from_the_final_step() -> None:
    """Modjob, "... deploy that card to the top of another location.": both locations were
    deployed to this turn, so neither may be gained from."""
    game = (Scenario(2).hand(0, "modjob").at(Location.MARS, "deanna")
            .at(Location.JUPITER, "sevro").at(Location.INSTITUTE, "orator").turn(0))
    play(game, Lead("modjob", Location.MARS), Location.JUPITER)
    assert game.pending is not None
    assert set(game.pending.options) == {GainTop(Location.INSTITUTE), GainTop(None)}


@pytest.mark.card("modjob")
def test_modjob_on_another_colour_does_nothing() -> None:
    """Modjob, "If deployed directly on top of a Red or Brown ...": on a Gold, nothing."""
    game = (Scenario(2).hand(0, "modjob").at(Location.MARS, "sevro")
            .deploy(0, "modjob", Location.MARS))
    assert game.is_over
    assert not _kinds(game.events, CardMoved)
    assert [e for e in _kinds(game.events, CardDeployed)] == [
        CardDeployed(0, "modjob", Location.MARS)]
    assert not _kinds(game.events, AbilityMissing)


@pytest.mark.card("modjob")
@pytest.mark.rule("RULING-A23")
def test_modjob_on_an_empty_location_does_nothing() -> None:
    """Modjob, "If deployed directly on top of a Red or Brown ...": no card under, nothing."""
    game = Scenario(2).hand(0, "modjob").deploy(0, "modjob", Location.MARS)
    assert game.is_over
    assert len(_kinds(game.events, CardDeployed)) == 1
