"""RR-SOV-*: the single Sovereign token, gaining it again, and holding it."""

from __future__ import annotations

import pytest

from rr.decisions import Ask
from rr.events.types import (
    CardDeployed, CardGained, Event, HeliumGained, SovereignTaken, TurnEnded, TurnStarted,
)
from rr.model import House, Location, Zone
from rr.options import Answer, Lead
from rr.rules.final import scorepad_of
from rr.scenario import Scenario, play

L = Location.LUNA


def gain_luna(scenario: Scenario) -> tuple[Event, ...]:
    """P0 (empty hand, House Mars; empty deck) leads and takes Luna's top card, Judge — every
    choice forced, so nothing is asked: the events after the gain."""
    game = scenario.house(0, House.MARS).at(L, "judge").deck_only().turn(0)
    assert game.events[:2] == (TurnStarted(0), CardGained(0, "judge", Zone.at(L)))
    return game.events[2:]


@pytest.mark.rule("RR-SOV-1", "RULING-B8")
def test_gaining_the_token_takes_it_from_its_holder() -> None:
    """Given P2 holds the token (no block card), when P0 gains from Luna, then P2 alone is
    asked to block, "no" its only answer, and P0 takes the token from P2."""
    game = (Scenario(3).house(0, House.MARS).house(1, House.DIANA).house(2, House.JUPITER)
            .sovereign(2).at(L, "judge").deck_only().turn(0))
    assert game.events == (TurnStarted(0), CardGained(0, "judge", Zone.at(L)))
    decision = game.pending
    assert decision is not None
    assert (decision.seat, decision.ask, decision.options) == (2, Ask.BLOCK, (Answer.NO,))
    events = play(game, Answer.NO)
    assert events[1:] == (SovereignTaken(0), HeliumGained(0, 1), TurnEnded(0))
    assert game.state.sovereign == 0 and game.is_over


@pytest.mark.rule("RR-SOV-2", "RULING-A21", "RULING-B4", "RR-BLOCK-4")
def test_gaining_the_token_already_held_keeps_it_triggers_the_house_and_cannot_be_blocked(
) -> None:
    """Given P0 holds the token and P1 holds Martyr, when P0 gains from Luna, then nobody is
    asked to block, P0 keeps the token and House Mars gives 1 Helium."""
    events = gain_luna(Scenario(2).house(1, House.DIANA).sovereign(0).hand(1, "martyr"))
    assert events == (SovereignTaken(0), HeliumGained(0, 1), TurnEnded(0))


@pytest.mark.rule("RR-SOV-2", "RR-BLOCK-4")
def test_own_block_card_is_not_offered_when_regaining_the_token() -> None:
    """Given P0 holds the token, Martyr and Justice, when P0 deploys Justice and gains from
    Luna, then P0 is not asked to block their own gain with Martyr."""
    game = (Scenario(2).house(0, House.MARS).house(1, House.DIANA).sovereign(0)
            .hand(0, "martyr", "justice").at(L, "judge").deck_only().turn(0))
    events = play(game, Lead("justice", Location.MARS))
    assert events[1:] == (CardDeployed(0, "justice", Location.MARS),
                          CardGained(0, "judge", Zone.at(L)), SovereignTaken(0),
                          HeliumGained(0, 1), TurnEnded(0))
    assert game.state.sovereign == 0 and game.state.hand(0) == ("martyr", "judge")


@pytest.mark.rule("RR-SOV-3", "RR-SCORE-10")
def test_the_holder_at_scoring_earns_ten_points() -> None:
    """Given the same final position with the token held by P1 or by nobody, then P1's total
    differs by exactly 10 and P0's does not change."""
    held = scorepad_of(Scenario(2).hand(1, "judge").sovereign(1).state()).totals
    free = scorepad_of(Scenario(2).hand(1, "judge").state()).totals
    assert held[1] - free[1] == 10
    assert held[0] == free[0]
