"""Solo games against Tull Au Toma at every level, with and without the Au Toma variant, keep
every invariant after every step (docs/ARCHITECTURE.md, "Invariants"; RR-SOLO-*)."""

from __future__ import annotations

import random

import pytest

from fuzz import oracle
from rr.automa import LEVELS
from rr.engine import Game
from rr.events.types import DecisionMade
from rr.ruleset import Ruleset
from rr.state import GameState


def play_checked(level: int, variant: bool, seed: int) -> Game:
    """One solo game of random legal moves, every invariant checked after every step."""
    game = Game.new(["Ana"], seed=seed, level=level, ruleset=Ruleset(au_toma_variant=variant))
    rng = random.Random(seed)
    folded = oracle.step_fold(GameState(), game.events)
    while True:
        oracle.cards_conserved(game.state)
        oracle.tokens_in_bounds(game.state)
        oracle.sovereign_holders(game)
        oracle.views_leak_nothing(game)
        oracle.no_missed_trigger(game.state)
        assert folded == game.state
        if game.pending is None:
            break
        assert game.pending.seat != game.state.solo.seat  # type: ignore[union-attr]
        before = len(game.events)
        game.choose(rng.choice(game.pending.options), seat=game.pending.seat)
        oracle.events_round_trip(game.events[before:])
        folded = oracle.step_fold(folded, game.events[before:])
    oracle.state_round_trips(game.state)
    oracle.fold_matches(game.events, game.state)
    oracle.game_end_is_right(game)
    return game


@pytest.mark.rule("RR-SOLO-1", "RR-SOLO-2", "RR-SOLO-8", "RR-SOLO-14", "RR-SOLO-15",
                  "RR-SOLO-16", "RR-SOLO-17")
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", [False, True])
def test_solo_games_keep_every_invariant(level: int, variant: bool) -> None:
    """A random solo game at each level, with and without the variant, plays to the end with
    card conservation (her hand, deck and removed cards counted), equal turns, private views,
    a clean audit and no decision of hers."""
    game = play_checked(level, variant, seed=1000 * level + variant)
    assert all(e.seat == 0 for e in game.events if isinstance(e, DecisionMade))
    assert game.state.players[0].turns == game.state.players[1].turns
