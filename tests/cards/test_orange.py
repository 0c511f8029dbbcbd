"""Orange card tests: each quotes the printed text it checks and names the card id.

All seven Orange deploys read "You may gain a <colour> from this location. If you do, end your
turn."; each section checks its card's colours, the refusal and the impossible case.
"""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.engine import Game
from rr.events.types import CardGained
from rr.model import Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard
from rr.scenario import Scenario, play

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


def lead_on_mars(card: str, *mars: str, face_down: tuple[str, ...] = ()) -> Game:
    """Seat 0 leads ``card`` on Mars, which holds ``mars`` (bottom to top); Luna has a card so
    the final step is possible."""
    return (Scenario(2).hand(0, card).at(M, *mars, face_down=face_down).at(L, "harmony")
            .turn(0))


def gains_and_ends_turn(game: Game, card: str, target: str) -> None:
    """Lead ``card`` on Mars, pick ``target``: it is gained and the turn ends at once."""
    play(game, Lead(card, M))
    assert game.pending is not None and game.pending.ask is Ask.CARD
    assert Answer.NO in game.pending.options
    events = play(game, PickCard(target))
    assert CardGained(0, target, Zone.at(M)) in events
    assert target in game.state.hand(0)
    assert game.is_over  # "If you do, end your turn.": no final step


def declines(game: Game, card: str) -> None:
    """Lead ``card`` on Mars and refuse: nothing is gained and the final step follows."""
    events = play(game, Lead(card, M), Answer.NO)
    assert not any(isinstance(e, CardGained) for e in events)
    assert game.pending is not None and game.pending.ask is Ask.GAIN


def nothing_to_gain(game: Game, card: str) -> None:
    """Lead ``card`` on Mars with no matching card there: no question, the turn goes on."""
    play(game, Lead(card, M))
    assert game.pending is not None and game.pending.ask is Ask.GAIN
    assert GainTop(L) in game.pending.options


# --- Aegis Craftsman ------------------------------------------------------------------------


@pytest.mark.card("aegis_craftsman")
@pytest.mark.rule("RULING-A15")
def test_aegis_craftsman_gains_a_gold_from_any_position_and_ends_turn() -> None:
    """Aegis Craftsman, "You may gain a Gold from this location. If you do, end your turn.":
    a Gold lower in the stack may be taken."""
    game = lead_on_mars("aegis_craftsman", "sevro", "pelus", "tactus")
    play(game, Lead("aegis_craftsman", M))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("sevro"), PickCard("tactus")}
    events = play(game, PickCard("sevro"))
    assert CardGained(0, "sevro", Zone.at(M)) in events
    assert game.state.stack(M) == ("pelus", "tactus", "aegis_craftsman")
    assert game.is_over


@pytest.mark.card("aegis_craftsman")
def test_aegis_craftsman_may_decline() -> None:
    """Aegis Craftsman, "You may gain a Gold from this location.": refusing keeps the turn
    going."""
    declines(lead_on_mars("aegis_craftsman", "sevro"), "aegis_craftsman")


@pytest.mark.card("aegis_craftsman")
@pytest.mark.rule("RR-ABIL-1", "RULING-A1")
def test_aegis_craftsman_without_a_gold_here_does_nothing() -> None:
    """Aegis Craftsman, "... a Gold from this location.": a Gold elsewhere, or face down here
    (colourless), cannot be taken."""
    nothing_to_gain(lead_on_mars("aegis_craftsman", "pelus", "sevro", face_down=("sevro",)),
                    "aegis_craftsman")


# --- Artificer --------------------------------------------------------------------------------


@pytest.mark.card("artificer")
def test_artificer_gains_a_gold_or_another_orange() -> None:
    """Artificer, "You may gain a Gold or any other Orange from this location. If you do, end
    your turn.": Golds and the other Oranges are offered, Artificer itself is not."""
    game = lead_on_mars("artificer", "cyther", "pelus", "sevro")
    play(game, Lead("artificer", M))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("cyther"), PickCard("sevro")}
    gains_and_ends_turn(lead_on_mars("artificer", "cyther", "pelus", "sevro"), "artificer",
                        "cyther")


@pytest.mark.card("artificer")
def test_artificer_may_decline() -> None:
    """Artificer, "You may gain a Gold or any other Orange ...": refusing keeps the turn
    going."""
    declines(lead_on_mars("artificer", "razor_designer"), "artificer")


@pytest.mark.card("artificer")
@pytest.mark.rule("RR-ABIL-1")
def test_artificer_alone_with_other_colours_does_nothing() -> None:
    """Artificer, "... any other Orange from this location.": Artificer is not another Orange,
    and a Blue is neither."""
    nothing_to_gain(lead_on_mars("artificer", "pelus"), "artificer")


# --- Cyther -----------------------------------------------------------------------------------


@pytest.mark.card("cyther")
def test_cyther_gains_a_blue_and_ends_turn() -> None:
    """Cyther, "You may gain a Blue from this location. If you do, end your turn."."""
    gains_and_ends_turn(lead_on_mars("cyther", "pelus", "sevro"), "cyther", "pelus")


@pytest.mark.card("cyther")
def test_cyther_may_decline() -> None:
    """Cyther, "You may gain a Blue from this location.": refusing keeps the turn going."""
    declines(lead_on_mars("cyther", "virga"), "cyther")


@pytest.mark.card("cyther")
@pytest.mark.rule("RR-ABIL-1")
def test_cyther_without_a_blue_here_does_nothing() -> None:
    """Cyther, "... a Blue from this location.": Golds do not qualify."""
    nothing_to_gain(lead_on_mars("cyther", "sevro"), "cyther")


# --- Gravboot Cobbler -------------------------------------------------------------------------


@pytest.mark.card("gravboot_cobbler")
def test_gravboot_cobbler_gains_a_gold_or_gray() -> None:
    """Gravboot Cobbler, "You may gain a Gold or Gray from this location. If you do, end your
    turn."."""
    game = lead_on_mars("gravboot_cobbler", "trigg", "pelus", "sevro")
    play(game, Lead("gravboot_cobbler", M))
    assert game.pending is not None
    assert set(game.pending.options) == {Answer.NO, PickCard("trigg"), PickCard("sevro")}
    gains_and_ends_turn(lead_on_mars("gravboot_cobbler", "trigg", "pelus"), "gravboot_cobbler",
                        "trigg")


@pytest.mark.card("gravboot_cobbler")
def test_gravboot_cobbler_may_decline() -> None:
    """Gravboot Cobbler, "You may gain a Gold or Gray ...": refusing keeps the turn going."""
    declines(lead_on_mars("gravboot_cobbler", "sevro"), "gravboot_cobbler")


@pytest.mark.card("gravboot_cobbler")
@pytest.mark.rule("RR-ABIL-1")
def test_gravboot_cobbler_on_an_empty_location_does_nothing() -> None:
    """Gravboot Cobbler, "... from this location.": deployed on an empty location, there is
    nothing to gain."""
    nothing_to_gain(lead_on_mars("gravboot_cobbler"), "gravboot_cobbler")


# --- Pulse Armorer ----------------------------------------------------------------------------


@pytest.mark.card("pulse_armorer")
def test_pulse_armorer_gains_a_gray_and_ends_turn() -> None:
    """Pulse Armorer, "You may gain a Gray from this location. If you do, end your turn."."""
    gains_and_ends_turn(lead_on_mars("pulse_armorer", "danto", "sevro"), "pulse_armorer",
                        "danto")


@pytest.mark.card("pulse_armorer")
def test_pulse_armorer_may_decline() -> None:
    """Pulse Armorer, "You may gain a Gray from this location.": refusing keeps the turn
    going."""
    declines(lead_on_mars("pulse_armorer", "danto"), "pulse_armorer")


@pytest.mark.card("pulse_armorer")
@pytest.mark.rule("RR-ABIL-1")
def test_pulse_armorer_without_a_gray_here_does_nothing() -> None:
    """Pulse Armorer, "... a Gray from this location.": a Gold does not qualify."""
    nothing_to_gain(lead_on_mars("pulse_armorer", "sevro"), "pulse_armorer")


# --- Pulse Fist Engineer ----------------------------------------------------------------------


@pytest.mark.card("pulse_fist_engineer")
def test_pulse_fist_engineer_gains_an_obsidian_and_ends_turn() -> None:
    """Pulse Fist Engineer, "You may gain an Obsidian from this location. If you do, end your
    turn."."""
    gains_and_ends_turn(lead_on_mars("pulse_fist_engineer", "ragnar", "sevro"),
                        "pulse_fist_engineer", "ragnar")


@pytest.mark.card("pulse_fist_engineer")
def test_pulse_fist_engineer_may_decline() -> None:
    """Pulse Fist Engineer, "You may gain an Obsidian ...": refusing keeps the turn going."""
    declines(lead_on_mars("pulse_fist_engineer", "ragnar"), "pulse_fist_engineer")


@pytest.mark.card("pulse_fist_engineer")
@pytest.mark.rule("RR-ABIL-1")
def test_pulse_fist_engineer_without_an_obsidian_here_does_nothing() -> None:
    """Pulse Fist Engineer, "... an Obsidian from this location.": an Obsidian on another
    location does not count."""
    game = (Scenario(2).hand(0, "pulse_fist_engineer").at(M, "sevro").at(L, "ragnar").turn(0))
    nothing_to_gain(game, "pulse_fist_engineer")


# --- Razor Designer ---------------------------------------------------------------------------


@pytest.mark.card("razor_designer")
def test_razor_designer_gains_a_gold_and_ends_turn() -> None:
    """Razor Designer, "You may gain a Gold from this location. If you do, end your turn."."""
    gains_and_ends_turn(lead_on_mars("razor_designer", "tactus", "pelus"), "razor_designer",
                        "tactus")


@pytest.mark.card("razor_designer")
def test_razor_designer_may_decline() -> None:
    """Razor Designer, "You may gain a Gold from this location.": refusing keeps the turn
    going."""
    declines(lead_on_mars("razor_designer", "tactus"), "razor_designer")


@pytest.mark.card("razor_designer")
@pytest.mark.rule("RR-ABIL-1")
def test_razor_designer_without_a_gold_here_does_nothing() -> None:
    """Razor Designer, "... a Gold from this location.": an Orange does not qualify."""
    nothing_to_gain(lead_on_mars("razor_designer", "cyther"), "razor_designer")
