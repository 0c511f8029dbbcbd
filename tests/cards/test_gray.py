"""Gray card tests: each quotes the printed text it checks and names the card id.

All seven Gray deploys read "Move a <colour> [or <colour>] from any location to (directly) under
this card. You may gain that card; if you do, end your turn."; each section checks its card's
colours, the move, the gain, the refusal and the impossible case.
"""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.engine import Game
from rr.events.types import CardGained, CardMoved
from rr.model import Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard
from rr.scenario import Scenario, play

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE


def board(gray: str) -> Scenario:
    """Seat 0 holds ``gray``; one card of every colour pair lies somewhere on the board.

    Jupiter: Sevro (Gold), Calliope (Pink), Judge (White); Luna: Tactus (Gold), Pelus (Blue),
    Theodora (Pink), Harmony (Red); The Institute: Ragnar (Obsidian), Hacker (Green),
    Researcher (Yellow), Timony (Copper), Artisan Chef (Brown), Cyther (Orange),
    Musician (Violet), Bridge (Gray)
    — bottom to top.
    """
    return (Scenario(2).hand(0, gray)
            .at(J, "sevro", "calliope", "judge")
            .at(L, "tactus", "pelus", "theodora", "harmony")
            .at(I, "ragnar", "hacker", "researcher", "timony", "artisan_chef", "cyther",
                "musician", *(("bridge",) if gray != "bridge" else ("danto",))))


def offered(gray: str) -> set[object]:
    """The cards ``gray`` may move, deployed on Mars over :func:`board`."""
    game = board(gray).turn(0)
    play(game, Lead(gray, M))
    assert game.pending is not None and game.pending.ask is Ask.CARD
    return set(game.pending.options)


def moves_under_and_gains(gray: str, card: str, source: Location) -> None:
    """``gray`` on Mars moves ``card`` directly under itself; gaining it ends the turn."""
    game = board(gray).turn(0)
    events = play(game, Lead(gray, M), PickCard(card))
    assert CardMoved(card, source, M, 0) in events
    assert game.state.stack(M) == (card, gray)  # directly under the Gray
    assert game.pending is not None and game.pending.ask is Ask.CONFIRM
    events = play(game, Answer.YES)
    assert CardGained(0, card, Zone.at(M)) in events
    assert game.state.hand(0) == (card,)
    assert game.is_over  # "if you do, end your turn"


def declines(gray: str, card: str) -> Game:
    """``gray`` moves ``card`` under itself, the player refuses the gain: the turn goes on."""
    game = board(gray).turn(0)
    events = play(game, Lead(gray, M), PickCard(card), Answer.NO)
    assert not any(isinstance(e, CardGained) for e in events)
    assert game.state.stack(M) == (card, gray)
    assert game.pending is not None and game.pending.ask is Ask.GAIN
    return game


WANTED = {
    "bridge": ("calliope", "musician"),  # Pink, Violet
    "colonel_valentin": ("tactus", "lorn"),  # Gold, Gold
    "danto": ("timony", "judge"),  # Copper, White
    "holiday": ("cyther", "pelus"),  # Orange, Blue
    "sun_hwa": ("ragnar", "hacker"),  # Obsidian, Green
    "trigg": ("bridge", "researcher"),  # Gray, Yellow
    "ugly_dan": ("harmony", "artisan_chef"),  # Red, Brown
}
"""For each Gray, one card of each colour it moves."""


def nothing_to_move(gray: str) -> None:
    """``gray`` with no face-up card of its colours on the board: a face-down Gold and a
    face-down card of each of its colours have no colour (RULING-A1, RULING-C5); no move, the
    turn goes on."""
    hidden = ("sevro", *WANTED[gray])
    game = (Scenario(2).hand(0, gray).at(L, *hidden[:2], face_down=hidden[:2])
            .at(J, *hidden[2:], face_down=hidden[2:]).turn(0))
    events = play(game, Lead(gray, M))
    assert not any(isinstance(e, CardMoved) for e in events)
    assert game.pending is not None and GainTop(L) in game.pending.options
    assert set(game.state.face_down) == set(hidden)


# --- Bridge -----------------------------------------------------------------------------------


@pytest.mark.card("bridge")
@pytest.mark.rule("RULING-A15")
def test_bridge_moves_a_pink_or_violet_from_any_position() -> None:
    """Bridge, "Move a Pink or Violet from any location to directly under this card.": every Pink
    and Violet on the board, at any position, is offered."""
    assert offered("bridge") == {PickCard("calliope"), PickCard("theodora"),
                                 PickCard("musician")}
    moves_under_and_gains("bridge", "theodora", L)


@pytest.mark.card("bridge")
def test_bridge_may_decline_the_gain() -> None:
    """Bridge, "You may gain that card; if you do, end your turn.": refusing leaves the card
    under Bridge, and the turn goes on."""
    declines("bridge", "musician")


@pytest.mark.card("bridge", "firewall_expert")
@pytest.mark.rule("RR-ABIL-1", "RULING-A1", "RULING-C5")
def test_bridge_without_a_pink_or_violet_does_nothing() -> None:
    """Bridge, "Move a Pink or Violet ...": none face up on the board (a face-down card has no
    colour)."""
    nothing_to_move("bridge")


# --- Colonel Valentin -------------------------------------------------------------------------


@pytest.mark.card("colonel_valentin")
@pytest.mark.rule("RULING-A15")
def test_colonel_valentin_moves_a_gold_under_and_may_gain_it() -> None:
    """Colonel Valentin, "Move a Gold from any location to directly under this card. You may gain
    that card; if you do, end your turn."."""
    assert offered("colonel_valentin") == {PickCard("sevro"), PickCard("tactus")}
    moves_under_and_gains("colonel_valentin", "sevro", J)


@pytest.mark.card("colonel_valentin")
def test_colonel_valentin_may_decline_the_gain() -> None:
    """Colonel Valentin, "You may gain that card": refusing keeps the Gold under him."""
    game = declines("colonel_valentin", "sevro")
    assert game.pending is not None and GainTop(J) in game.pending.options


@pytest.mark.card("colonel_valentin")
@pytest.mark.rule("RULING-A15")
def test_colonel_valentin_may_take_a_gold_from_his_own_location() -> None:
    """Colonel Valentin, "Move a Gold from any location ...": "any location" includes his own;
    a Gold deeper in the stack comes up to lie directly under him."""
    game = Scenario(2).hand(0, "colonel_valentin").at(M, "sevro", "pelus").turn(0)
    events = play(game, Lead("colonel_valentin", M))
    assert CardMoved("sevro", M, M, 1) in events
    assert game.state.stack(M) == ("pelus", "sevro", "colonel_valentin")


@pytest.mark.card("colonel_valentin", "firewall_expert")
@pytest.mark.rule("RR-ABIL-1", "RULING-A1", "RULING-C5")
def test_colonel_valentin_without_a_face_up_gold_does_nothing() -> None:
    """Colonel Valentin, "Move a Gold from any location ...": face-down Golds have no colour."""
    nothing_to_move("colonel_valentin")


# --- Danto ------------------------------------------------------------------------------------


@pytest.mark.card("danto")
def test_danto_moves_a_copper_or_white() -> None:
    """Danto, "Move a Copper or White from any location to directly under this card. You may
    gain that card; if you do, end your turn."."""
    assert offered("danto") == {PickCard("judge"), PickCard("timony")}
    moves_under_and_gains("danto", "timony", I)


@pytest.mark.card("danto")
def test_danto_may_decline_the_gain() -> None:
    """Danto, "You may gain that card": refusing leaves it under Danto."""
    declines("danto", "judge")


@pytest.mark.card("danto", "firewall_expert")
@pytest.mark.rule("RR-ABIL-1", "RULING-A1", "RULING-C5")
def test_danto_without_a_copper_or_white_does_nothing() -> None:
    """Danto, "Move a Copper or White ...": none face up on the board."""
    nothing_to_move("danto")


# --- Holiday ----------------------------------------------------------------------------------


@pytest.mark.card("holiday")
def test_holiday_moves_an_orange_or_blue() -> None:
    """Holiday, "Move an Orange or Blue from any location to directly under this card. You may
    gain that card; if you do, end your turn."."""
    assert offered("holiday") == {PickCard("pelus"), PickCard("cyther")}
    moves_under_and_gains("holiday", "pelus", L)


@pytest.mark.card("holiday")
def test_holiday_may_decline_the_gain() -> None:
    """Holiday, "You may gain that card": refusing leaves it under Holiday."""
    declines("holiday", "cyther")


@pytest.mark.card("holiday", "firewall_expert")
@pytest.mark.rule("RR-ABIL-1", "RULING-A1", "RULING-C5")
def test_holiday_without_an_orange_or_blue_does_nothing() -> None:
    """Holiday, "Move an Orange or Blue ...": none face up on the board."""
    nothing_to_move("holiday")


# --- Sun-Hwa ----------------------------------------------------------------------------------


@pytest.mark.card("sun_hwa")
def test_sun_hwa_moves_an_obsidian_or_green() -> None:
    """Sun-Hwa, "Move an Obsidian or Green from any location to directly under this card. You may
    gain that card; if you do, end your turn."."""
    assert offered("sun_hwa") == {PickCard("ragnar"), PickCard("hacker")}
    moves_under_and_gains("sun_hwa", "ragnar", I)


@pytest.mark.card("sun_hwa")
def test_sun_hwa_may_decline_the_gain() -> None:
    """Sun-Hwa, "You may gain that card": refusing leaves it under Sun-Hwa."""
    declines("sun_hwa", "hacker")


@pytest.mark.card("sun_hwa", "firewall_expert")
@pytest.mark.rule("RR-ABIL-1", "RULING-A1", "RULING-C5")
def test_sun_hwa_without_an_obsidian_or_green_does_nothing() -> None:
    """Sun-Hwa, "Move an Obsidian or Green ...": none face up on the board."""
    nothing_to_move("sun_hwa")


# --- Trigg ------------------------------------------------------------------------------------


@pytest.mark.card("trigg")
@pytest.mark.rule("RR-LOC-3")
def test_trigg_moves_a_gray_or_yellow_to_under_it() -> None:
    """Trigg, "Move a Gray or Yellow from any location to under this card. You may gain that card;
    if you do, end your turn.": "to under" is directly under; Trigg never moves itself."""
    assert offered("trigg") == {PickCard("researcher"), PickCard("bridge")}
    moves_under_and_gains("trigg", "bridge", I)


@pytest.mark.card("trigg")
def test_trigg_may_decline_the_gain() -> None:
    """Trigg, "You may gain that card": refusing leaves it under Trigg."""
    declines("trigg", "researcher")


@pytest.mark.card("trigg", "firewall_expert")
@pytest.mark.rule("RR-ABIL-1", "RULING-A1", "RULING-C5")
def test_trigg_alone_as_the_only_gray_does_nothing() -> None:
    """Trigg, "Move a Gray or Yellow ...": Trigg itself, though Gray, cannot go under itself,
    and a face-down Gray or Yellow has no colour."""
    nothing_to_move("trigg")


# --- Ugly Dan ---------------------------------------------------------------------------------


@pytest.mark.card("ugly_dan")
@pytest.mark.rule("RR-LOC-3")
def test_ugly_dan_moves_a_red_or_brown_to_under_it() -> None:
    """Ugly Dan, "Move a Red or Brown from any location to under this card. You may gain that
    card; if you do, end your turn.": "to under" is directly under."""
    assert offered("ugly_dan") == {PickCard("harmony"), PickCard("artisan_chef")}
    moves_under_and_gains("ugly_dan", "artisan_chef", I)


@pytest.mark.card("ugly_dan")
def test_ugly_dan_may_decline_the_gain() -> None:
    """Ugly Dan, "You may gain that card": refusing leaves it under Ugly Dan."""
    declines("ugly_dan", "harmony")


@pytest.mark.card("ugly_dan")
@pytest.mark.rule("RR-LOC-3")
def test_ugly_dan_under_a_covered_stack_goes_directly_under() -> None:
    """Ugly Dan, "... to under this card.": on a stack, the card lands just below Ugly Dan, not
    at the bottom."""
    game = (Scenario(2).hand(0, "ugly_dan").at(M, "sevro", "pelus").at(L, "harmony").turn(0))
    play(game, Lead("ugly_dan", M))
    assert game.state.stack(M) == ("sevro", "pelus", "harmony", "ugly_dan")


@pytest.mark.card("ugly_dan", "firewall_expert")
@pytest.mark.rule("RR-ABIL-1", "RULING-A1", "RULING-C5")
def test_ugly_dan_without_a_red_or_brown_does_nothing() -> None:
    """Ugly Dan, "Move a Red or Brown ...": none face up on the board."""
    nothing_to_move("ugly_dan")
