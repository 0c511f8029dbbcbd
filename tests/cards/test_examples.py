"""Card tests: each quotes the printed text it checks and names the card id."""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.events.types import BlockUsed, CardBanished, CardGained, CardMoved, CardPassed
from rr.model import Location, Zone
from rr.options import Answer, GainTop, Lead, PickCard, PickPlayer
from rr.scenario import Scenario, play


@pytest.mark.card("uncle_narol")
def test_uncle_narol_gains_two_helium() -> None:
    """Uncle Narol, "Gain 2 Helium.": deploying him gives exactly 2 Helium."""
    game = Scenario(2).hand(0, "uncle_narol").deploy(0, "uncle_narol", Location.MARS)
    assert game.state.players[0].helium == 2
    assert game.is_over


@pytest.mark.card("tactus")
@pytest.mark.rule("RULING-B8")
def test_tactus_steals_the_card_the_opponent_chooses_then_ends_turn() -> None:
    """Tactus, "You may steal 1 card from an opponent (they choose the card). If you do,
    banish Tactus and end your turn.": the victim, asked first whether to block ("no" their
    only answer), picks; Tactus is banished, no final gain."""
    game = (Scenario(2).hand(0, "tactus").hand(1, "harmony", "deanna")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("tactus", Location.MARS), PickPlayer(1))
    assert game.pending is not None and game.pending.seat == 1
    assert (game.pending.ask, game.pending.options) == (Ask.BLOCK, (Answer.NO,))
    play(game, Answer.NO)
    assert game.pending is not None and game.pending.seat == 1  # the victim chooses
    assert set(game.pending.options) == {PickCard("harmony"), PickCard("deanna")}
    events = play(game, PickCard("deanna"))
    assert CardPassed("deanna", 1, 0) in events
    assert any(isinstance(e, CardBanished) and e.card == "tactus" for e in events)
    assert game.is_over  # "end your turn": no gain step was offered
    assert game.state.hand(0) == ("deanna",)


@pytest.mark.card("tactus")
def test_tactus_may_decline() -> None:
    """Tactus, "You may steal ...": declining keeps Tactus deployed and the turn goes on."""
    game = Scenario(2).hand(0, "tactus").hand(1, "judge").at(Location.LUNA, "sevro").turn(0)
    play(game, Lead("tactus", Location.MARS), Answer.NO)
    assert game.pending is not None and GainTop(Location.LUNA) in game.pending.options
    assert game.state.top(Location.MARS) == "tactus"


@pytest.mark.card("tactus", "the_howlers")
@pytest.mark.rule("RR-BLOCK-2")
def test_tactus_blocked_by_the_howlers() -> None:
    """The Howlers, "When an opponent tries to steal or banish your cards, reveal this to block
    them.": the steal fails, Tactus stays, the turn goes on (RULING-A13)."""
    game = (Scenario(2).hand(0, "tactus").hand(1, "the_howlers", "deanna")
            .at(Location.LUNA, "sevro").turn(0))
    play(game, Lead("tactus", Location.MARS), PickPlayer(1))
    assert game.pending is not None and game.pending.seat == 1
    events = play(game, PickCard("the_howlers"))
    assert BlockUsed(1, "the_howlers", 0) in events
    assert game.state.hand(1) == ("the_howlers", "deanna")
    assert game.state.top(Location.MARS) == "tactus"
    assert game.pending is not None and game.pending.seat == 0  # the final step


@pytest.mark.card("colonel_valentin")
def test_colonel_valentin_moves_a_gold_under_and_may_gain_it() -> None:
    """Colonel Valentin, "Move a Gold from any location to directly under this card. You may
    gain that card; if you do, end your turn."."""
    game = (Scenario(2).hand(0, "colonel_valentin")
            .at(Location.LUNA, "sevro", "deanna").turn(0))
    play(game, Lead("colonel_valentin", Location.MARS))
    # sevro is the only Gold on the board: a forced choice, so it just moves.
    assert game.state.stack(Location.MARS)[-2:] == ("sevro", "colonel_valentin")
    events = play(game, Answer.YES)
    assert CardGained(0, "sevro", Zone.at(Location.MARS)) in events
    assert game.state.hand(0) == ("sevro",)
    assert game.is_over


@pytest.mark.card("colonel_valentin")
def test_colonel_valentin_without_gold_does_nothing() -> None:
    """Colonel Valentin with no Gold on any location: the ability is ignored (RR-ABIL-1)."""
    game = Scenario(2).hand(0, "colonel_valentin").at(Location.LUNA, "deanna").turn(0)
    events = play(game, Lead("colonel_valentin", Location.MARS))
    assert not any(isinstance(e, CardMoved) for e in events)
    assert game.pending is not None and GainTop(Location.LUNA) in game.pending.options
