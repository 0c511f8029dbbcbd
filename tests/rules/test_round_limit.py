"""RULING-B12: a player beginning their 150th turn triggers the end of the game."""

from __future__ import annotations

import pytest

from rr.effects.tokens import LONGEST, ROUND_LIMIT
from rr.events.codec import structure
from rr.events.types import GameEndTriggered, TurnKind, TurnStarted
from rr.ruleset import Ruleset
from tests.rules.test_repetition import go_round, loop


@pytest.mark.rule("RULING-B12", "RR-END-3")
def test_the_150th_turn_triggers_the_end_and_the_round_is_finished() -> None:
    """Both players have taken 148 turns: P1's 149th turn does not end the game, P1's 150th
    triggers the end as it starts, P2 takes their 150th, and the game is scored."""
    assert ROUND_LIMIT == 150
    game = loop().turns(148, 148).play_from(0)  # P1's 149th turn starts: no end
    assert not game.state.end_triggered and game.state.players[0].turns == 149
    go_round(game, 1)  # the 149th turns, then P1's 150th starts
    assert game.events[-2:] == (TurnStarted(0, TurnKind.NORMAL), GameEndTriggered(0, LONGEST))
    go_round(game, 1)
    while game.pending is not None:  # the end-of-game steps
        game.choose(game.pending.options[0])
    assert game.is_over and [p.turns for p in game.state.players] == [150, 150]


@pytest.mark.rule("RULING-B12")
def test_without_the_option_there_is_no_limit() -> None:
    """With ``round_limit=false`` the 150th turn is a turn like any other."""
    game = loop(Ruleset(round_limit=False, repetition_ends_game=False)).turns(149, 149)\
        .play_from(0)
    go_round(game, 3)
    assert not game.state.end_triggered and game.state.players[0].turns == 153


@pytest.mark.rule("RULING-B12")
def test_a_recorded_ruleset_that_does_not_name_the_limit_reads_false() -> None:
    """An old log's ruleset has no ``round_limit``: it reads False, as it was played."""
    assert structure({}, Ruleset).round_limit is False
    assert Ruleset().round_limit is True
