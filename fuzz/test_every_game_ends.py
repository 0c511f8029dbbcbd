"""Every game ends (RULING-B11, RULING-B12): games of every mix of agents — random, greedy and
ISMCTS, from solo to 6 players, under any ruleset with ``repetition_ends_game`` and
``round_limit`` on — reach their scorepad before ``rr simulate``'s safety limit, and every end
trigger on the way was due.

A control shows the property can fail: the loop of tests/rules/test_repetition.py, played with
both options off, never ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzz import oracle
from rr.decisions import Ask, Decision
from rr.engine import Game
from rr.model import Location
from rr.options import GainTop, Lead, Option
from rr.ruleset import Ruleset
from rr.simulate import MAX_DECISIONS, Chooser, make_chooser
from rr.state import GameState
from tests.rules.test_repetition import loop

KINDS = ("random", "greedy", "ismcts:1")
"""The agents mixed: ISMCTS with one iteration a decision keeps a game to about a second."""
ENDLESS = ("repetition_ends_game", "round_limit")
"""RULING-B11 and RULING-B12, in play (their defaults) in every game of the property."""
RULESETS = st.builds(Ruleset, **{name: st.booleans() for name in Ruleset.names()
                                 if name not in ENDLESS})
"""Every combination of the other options."""


def play_to_the_end(game: Game, choose: Callable[[Decision, Game], Option],
                    limit: int = MAX_DECISIONS) -> bool:
    """Play ``game`` until it is over or ``limit`` decisions were made; whether it is over."""
    for _ in range(limit):
        decision = game.pending
        if decision is None:
            return True
        game.choose(choose(decision, game))
    return game.pending is None


def by_seat(choosers: Sequence[Chooser]) -> Callable[[Decision, Game], Option]:
    return lambda decision, game: choosers[decision.seat % len(choosers)](decision, game)


@pytest.mark.rule("RULING-B11", "RULING-B12", "RR-END-1", "RR-END-3")
@given(players=st.integers(1, 6), seed=st.integers(0, 2**32 - 1),
       kinds=st.lists(st.sampled_from(KINDS), min_size=1, max_size=6), ruleset=RULESETS)
def test_every_game_of_every_agent_mix_ends(players: int, seed: int, kinds: list[str],
                                            ruleset: Ruleset) -> None:
    """A game of any agents (seat j played by ``kinds[j]``, cycled) ends before the safety
    limit, each end trigger due, with equal turns, a clean audit and a scorepad."""
    game = Game.new(players, seed=seed, ruleset=ruleset, level=2 if players == 1 else None)
    choosers = [make_chooser(kind, seed + i, ruleset) for i, kind in enumerate(kinds)]
    assert play_to_the_end(game, by_seat(choosers)), f"no end after {MAX_DECISIONS} decisions"
    oracle.step_fold(GameState(), game.events)  # every trigger was due
    oracle.game_end_is_right(game)


def _loop_move(decision: Decision, game: Game) -> Option:
    """The loop's moves: P1 leads onto Jupiter and gains from Luna, P2 the other way."""
    to, source = ((Location.JUPITER, Location.LUNA) if decision.seat == 0
                  else (Location.LUNA, Location.JUPITER))
    if decision.ask is Ask.TURN:
        (card,) = game.state.hand(decision.seat)
        return Lead(card, to)
    return GainTop(source)


@pytest.mark.rule("RULING-B11", "RULING-B12")
def test_the_property_fails_for_a_game_that_goes_round_in_circles() -> None:
    """The control: with both rulings off, the loop runs to any limit; with either on, the
    same moves end the game (RULING-B11 after two circles, RULING-B12 at the 150th turn)."""
    neither = Ruleset(repetition_ends_game=False, round_limit=False)
    assert not play_to_the_end(loop(neither).play_from(0), _loop_move, limit=2_000)
    for ruleset in (Ruleset(repetition_ends_game=False), Ruleset(round_limit=False)):
        assert play_to_the_end(loop(ruleset).play_from(0), _loop_move, limit=2_000)
