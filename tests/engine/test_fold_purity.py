"""The fold is pure: ``apply`` makes a new state and never changes the one it is given, nor any
state before it (issue #12: each event is folded into one shallow copy whose fields the event's
handler replaces, so a handler that changed a shared value would corrupt earlier states)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings, strategies as st

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.events.types import Event
from rr.state import EMPTY, GameState, apply, fold


def game_events(players: int, seed: int) -> tuple[Event, ...]:
    game = Game.new(players, seed=seed)
    agent = RandomAgent(seed)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
    return game.events


def snapshot(state: GameState) -> dict[str, object]:
    return attrs.asdict(state, recurse=True)


@settings(max_examples=6, deadline=None, derandomize=True)
@given(players=st.integers(1, 6), seed=st.integers(0, 10_000))
def test_folding_never_changes_an_earlier_state(players: int, seed: int) -> None:
    """Every state of a whole game's fold is, at the end, what it was when it was made, and
    applying an event twice to it gives equal, new states."""
    states: list[GameState] = [EMPTY]
    taken = [snapshot(EMPTY)]
    for event in game_events(players, seed):
        states.append(apply(states[-1], event))
        taken.append(snapshot(states[-1]))
    assert [snapshot(s) for s in states] == taken
    assert states[-1] == fold(game_events(players, seed))
    for before, event, after in zip(states, game_events(players, seed), states[1:]):
        again = apply(before, event)
        assert again == after and again is not after and again is not before


def test_states_stay_frozen() -> None:
    state = fold(game_events(2, 1)[:40])
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.deck = ()  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.players[0].helium = 5  # type: ignore[misc]
