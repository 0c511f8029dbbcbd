"""Blue card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.engine import Game
from rr.events.types import CardDeployed, FleetAdvanced
from rr.model import Location, Zone
from rr.options import GainTop, Lead, PickCard
from rr.scenario import Scenario, play

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


def fleets(game: Game) -> list[int]:
    """Every seat's Fleet Track position."""
    return [p.fleet for p in game.state.players]


# --- Invictus --------------------------------------------------------------------------------


@pytest.mark.card("invictus")
def test_invictus_on_mars_advances_once() -> None:
    """Invictus, "If deployed on Mars, advance once on the Fleet Track."."""
    game = Scenario(2).hand(0, "invictus").tokens(0, fleet=3).deploy(0, "invictus", M)
    assert game.state.players[0].fleet == 4
    assert game.state.players[1].fleet == 0


@pytest.mark.card("invictus")
def test_invictus_elsewhere_does_nothing() -> None:
    """Invictus, "If deployed on Mars, ...": deployed on Jupiter, nobody advances."""
    game = Scenario(2).hand(0, "invictus").deploy(0, "invictus", J)
    assert fleets(game) == [0, 0]
    assert not any(isinstance(e, FleetAdvanced) for e in game.events)


@pytest.mark.card("invictus")
@pytest.mark.rule("RULING-A26")
def test_invictus_at_the_end_of_the_fleet_track_is_lost() -> None:
    """Invictus, "... advance once on the Fleet Track.": at position 10 the advance is lost."""
    game = Scenario(2).hand(0, "invictus").tokens(0, fleet=10).deploy(0, "invictus", M)
    assert game.state.players[0].fleet == 10
    assert not any(isinstance(e, FleetAdvanced) for e in game.events)


# --- Morning Star ----------------------------------------------------------------------------


@pytest.mark.card("morning_star")
def test_morning_star_on_jupiter_advances_once() -> None:
    """Morning Star, "If deployed on Jupiter, advance once on the Fleet Track."."""
    game = Scenario(2).hand(0, "morning_star").deploy(0, "morning_star", J)
    assert fleets(game) == [1, 0]


@pytest.mark.card("morning_star")
def test_morning_star_elsewhere_does_nothing() -> None:
    """Morning Star, "If deployed on Jupiter, ...": deployed on Mars, nobody advances."""
    game = Scenario(2).hand(0, "morning_star").deploy(0, "morning_star", M)
    assert fleets(game) == [0, 0]


# --- Quietus ---------------------------------------------------------------------------------


@pytest.mark.card("quietus")
def test_quietus_on_the_institute_advances_once() -> None:
    """Quietus, "If deployed on the Institute, advance once on the Fleet Track."."""
    game = Scenario(2).hand(0, "quietus").deploy(0, "quietus", I)
    assert fleets(game) == [1, 0]


@pytest.mark.card("quietus")
def test_quietus_elsewhere_does_nothing() -> None:
    """Quietus, "If deployed on the Institute, ...": deployed on Luna, nobody advances."""
    game = Scenario(2).hand(0, "quietus").deploy(0, "quietus", L)
    assert fleets(game) == [0, 0]


# --- The Pax ---------------------------------------------------------------------------------


@pytest.mark.card("the_pax")
def test_the_pax_on_luna_advances_once() -> None:
    """The Pax, "If deployed on Luna, advance once on the Fleet Track."."""
    game = Scenario(2).hand(0, "the_pax").deploy(0, "the_pax", L)
    assert fleets(game) == [1, 0]


@pytest.mark.card("the_pax")
def test_the_pax_elsewhere_does_nothing() -> None:
    """The Pax, "If deployed on Luna, ...": deployed on The Institute, nobody advances."""
    game = Scenario(2).hand(0, "the_pax").deploy(0, "the_pax", I)
    assert fleets(game) == [0, 0]


# --- Pelus -----------------------------------------------------------------------------------


@pytest.mark.card("pelus")
def test_pelus_advances_twice_then_every_other_player_once() -> None:
    """Pelus, "Advance twice on the Fleet Track, then all other players advance once on the
    Fleet Track.": you first, then the others clockwise."""
    game = Scenario(4).hand(2, "pelus").tokens(3, fleet=5).deploy(2, "pelus", J)
    assert fleets(game) == [1, 1, 2, 6]
    advanced = [e for e in game.events if isinstance(e, FleetAdvanced)]
    assert advanced == [FleetAdvanced(2, 2), FleetAdvanced(3, 6), FleetAdvanced(0, 1),
                        FleetAdvanced(1, 1)]


@pytest.mark.card("pelus")
@pytest.mark.rule("RULING-A26")
def test_pelus_near_the_end_of_the_track_stops_at_ten() -> None:
    """Pelus, "Advance twice on the Fleet Track, then all other players advance once ...":
    from 9 you reach 10 only; an opponent at 10 stays there."""
    game = (Scenario(2).hand(0, "pelus").tokens(0, fleet=9).tokens(1, fleet=10)
            .deploy(0, "pelus", M))
    assert fleets(game) == [10, 10]


# --- Virga -----------------------------------------------------------------------------------


@pytest.mark.card("virga")
def test_virga_advances_twice_then_every_other_player_once() -> None:
    """Virga, "Advance twice on the Fleet Track, then all other players advance once on the
    Fleet Track."."""
    game = Scenario(3).hand(0, "virga").tokens(1, fleet=2).deploy(0, "virga", L)
    assert fleets(game) == [2, 3, 1]


@pytest.mark.card("virga")
@pytest.mark.rule("RR-END-2")
def test_virga_may_trigger_the_game_end() -> None:
    """Virga, "Advance twice on the Fleet Track ...": reaching 7 with 7 Helium triggers the
    end during your turn."""
    game = (Scenario(2).hand(0, "virga").tokens(0, fleet=5, helium=7)
            .deploy(0, "virga", L))
    assert game.state.end_triggered_by == 0


# --- Orion -----------------------------------------------------------------------------------


@pytest.mark.card("orion", "morning_star")
@pytest.mark.rule("RULING-A15", "RULING-A24")
def test_orion_deploys_another_blue_from_its_location_to_jupiter() -> None:
    """Orion, "If this is deployed on Mars, Luna, or The Institute, deploy one other Blue from
    this location to Jupiter.": from any position; the Blue's own ability resolves."""
    game = (Scenario(2).hand(0, "orion").at(M, "morning_star", "harmony")
            .at(J, "sevro").at(L, "deanna").turn(0))
    events = play(game, Lead("orion", M))
    assert CardDeployed(0, "morning_star", J, Zone.at(M)) in events
    assert game.state.stack(J) == ("sevro", "morning_star")
    assert game.state.stack(M) == ("harmony", "orion")
    assert game.state.players[0].fleet == 1  # Morning Star deployed on Jupiter
    # Both Mars and Jupiter were deployed to this turn (RR-LEAD-11).
    assert game.pending is not None and game.pending.ask is Ask.GAIN
    assert set(game.pending.options) == {GainTop(L), GainTop(None)}


@pytest.mark.card("orion")
def test_orion_chooses_among_the_other_blues() -> None:
    """Orion, "... deploy one other Blue from this location to Jupiter.": with two Blues the
    player picks; Orion itself is not offered."""
    game = (Scenario(3).hand(0, "orion").at(L, "pelus", "quietus")
            .deploy(0, "orion", L))
    assert game.pending is not None and game.pending.ask is Ask.CARD
    assert set(game.pending.options) == {PickCard("pelus"), PickCard("quietus")}
    play(game, PickCard("pelus"))
    assert game.state.top(J) == "pelus"
    assert fleets(game) == [2, 1, 1]  # Pelus' own ability


@pytest.mark.card("orion")
def test_orion_on_jupiter_does_nothing() -> None:
    """Orion, "If this is deployed on Mars, Luna, or The Institute, ...": not on Jupiter."""
    game = Scenario(2).hand(0, "orion").at(J, "pelus").deploy(0, "orion", J)
    assert game.state.stack(J) == ("pelus", "orion")
    assert fleets(game) == [0, 0]


@pytest.mark.card("orion")
@pytest.mark.rule("RR-ABIL-1", "RULING-A1")
def test_orion_without_another_blue_does_nothing() -> None:
    """Orion, "... deploy one other Blue from this location ...": no Blue there (a face-down
    Blue is colourless), so nothing is deployed."""
    game = (Scenario(2).hand(0, "orion").at(I, "virga", "harmony", face_down=["virga"])
            .deploy(0, "orion", I))
    assert not any(isinstance(e, CardDeployed) and e.card != "orion" for e in game.events)
    assert game.state.stack(I) == ("virga", "harmony", "orion")
    assert game.is_over
