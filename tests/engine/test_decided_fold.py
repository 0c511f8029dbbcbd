"""A decision folded with the event after it (issue #32): ``apply(state, event, decided=1)``
is ``apply`` of the ``DecisionMade`` and then of the event, and a live game's state is the
fold of its log after every choice, though the engine folds each decision with the next
event in one copy of the state."""

from __future__ import annotations

from itertools import pairwise

import pytest

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.errors import CorruptLogError
from rr.events.types import DecisionMade
from rr.state import EMPTY, apply, fold


def test_a_decision_folded_with_the_next_event_is_both_folded_in_turn() -> None:
    """Every decision of a whole game followed by an event folds, with it, to the state the
    two give one after the other; an impossible event names its own index."""
    game = Game.new(4, seed=3)
    agent = RandomAgent(3)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
    events = game.events
    state = EMPTY
    pairs = 0
    for made, event in pairwise(events):
        if type(made) is DecisionMade and type(event) is not DecisionMade:
            assert apply(state, event, 1) == apply(apply(state, made), event)
            pairs += 1
        state = apply(state, made)
    assert pairs > 50
    state = apply(state, events[-1])
    with pytest.raises(CorruptLogError, match=f"event {len(events) + 1}: seed_revealed"):
        apply(state, events[-1], 1)  # the seed revealed again, one decision later


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_a_live_game_state_is_the_fold_of_its_log_after_every_choice(players: int) -> None:
    """After every choice (and at the end) a live game's state, its count of events included,
    is the fold of its log."""
    game = Game.new(players, seed=players)
    agent = RandomAgent(players)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
        assert game.state == fold(game.events)
        assert game.state.events == len(game.events)
