"""``Game.clone`` and ``copy.copy``/``copy.deepcopy`` of a game: independent copies for search
(issue #12). A copy goes on exactly as the original would, and nothing done to one reaches the
other."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings, strategies as st

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.errors import NoDecisionPendingError
from rr.events.types import Event, TurnStarted
from rr.model import Location
from rr.options import Scout
from rr.scenario import Scenario
from rr.state import GameState, apply


def played(players: int, seed: int, decisions: int) -> Game:
    """A random game of ``players`` (1: solo) after ``decisions`` choices, or over."""
    game = Game.new(players, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(decisions):
        if game.pending is None:
            break
        game.choose(agent.choose(game.pending))
    return game


def finish(game: Game, seed: int) -> None:
    agent = RandomAgent(seed)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))


def same(a: Game, b: Game) -> None:
    assert a.events == b.events
    assert a.state == b.state
    assert a.pending == b.pending


def test_a_clone_is_the_game_as_it_stands() -> None:
    game = played(4, 3, 150)
    same(game.clone(), game)


@settings(max_examples=12, deadline=None, derandomize=True)
@given(players=st.integers(1, 6), seed=st.integers(0, 10_000), decisions=st.integers(0, 300),
       choices=st.integers(0, 10_000))
def test_a_clone_and_its_original_given_the_same_choices_make_the_same_events(
        players: int, seed: int, decisions: int, choices: int) -> None:
    """Whatever the point it is cloned at, a clone goes on exactly as its original: the same
    choices give the same events, random outcomes (the seed's later draws) included."""
    game = played(players, seed, decisions)
    clone = game.clone()
    finish(game, choices)
    finish(clone, choices)
    same(clone, game)


def test_choices_on_a_clone_never_reach_the_original() -> None:
    game = played(3, 11, 80)
    before = (game.events, game.state, game.pending)
    clone = game.clone()
    finish(clone, 1)
    assert (game.events, game.state, game.pending) == before
    assert clone.is_over and not game.is_over


def test_choices_on_the_original_never_reach_a_clone() -> None:
    game = played(5, 12, 60)
    clone = game.clone()
    before = (clone.events, clone.state, clone.pending)
    finish(game, 2)
    assert (clone.events, clone.state, clone.pending) == before
    finish(clone, 2)  # and it plays on from where it was cloned
    same(clone, game)


def test_clones_of_clones_diverge_independently() -> None:
    game = played(2, 4, 40)
    first = game.clone()
    second = first.clone()
    finish(first, 5)
    finish(second, 6)
    assert first.events != second.events
    assert first.events[:len(game.events)] == second.events[:len(game.events)] == game.events
    assert not game.is_over


@pytest.mark.parametrize("make", [copy.copy, copy.deepcopy])
def test_copy_and_deepcopy_make_an_independent_clone(make: object) -> None:
    """``copy.copy`` used to share the event list and the rules program: a choice on the copy
    grew the original's log while its pending decision went stale."""
    game = played(4, 21, 90)
    before = (game.events, game.state, game.pending)
    duplicate = make(game)  # type: ignore[operator]
    assert isinstance(duplicate, Game) and duplicate is not game
    same(duplicate, game)
    finish(duplicate, 3)
    assert (game.events, game.state, game.pending) == before
    finish(game, 3)
    same(duplicate, game)


def test_a_game_deep_copied_twice_in_one_structure_is_copied_once() -> None:
    game = played(2, 22, 20)
    pair = copy.deepcopy([game, game])
    assert pair[0] is pair[1] and pair[0] is not game
    same(pair[0], game)


def test_a_finished_game_clones_finished() -> None:
    game = played(3, 9, 10_000)
    assert game.is_over
    clone = game.clone()
    same(clone, game)
    with pytest.raises(NoDecisionPendingError):
        clone.choose(Scout())


def test_a_resumed_game_clones_like_the_one_kept_in_memory() -> None:
    game = played(4, 30, 120)
    resumed = Game.resume(game.events, secret=game.secret)
    clone = resumed.clone()
    finish(game, 8)
    finish(clone, 8)
    same(clone, game)


def test_a_sample_clones() -> None:
    game = played(3, 31, 70)
    sample = game.sample_for(0, random.Random(1))
    clone = sample.clone()
    same(clone, sample)
    finish(sample, 4)
    finish(clone, 4)
    same(clone, sample)


def test_a_game_from_a_position_clones() -> None:
    """A game that runs one turn from a position built by hand has no log to restart from:
    its clone starts from the same position and program, and plays that turn only."""
    game = Scenario(3).hand(0, "darrow", "sevro").at(Location.MARS, "mustang").turn(0)
    game.choose(game.pending.options[0])  # type: ignore[union-attr]
    clone = game.clone()
    same(clone, game)
    finish(clone, 1)
    finish(game, 1)
    same(clone, game)
    assert clone.is_over and clone.state.turns == ()


def test_a_clone_replays_the_turn_under_way_not_the_whole_log(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What makes a clone cheaper than resuming: the rules run again only from the start of
    the turn under way, over the events since."""
    game = played(4, 40, 150)
    assert not game.is_over and len(game.events) > 400
    folded: list[Event] = []

    def counting(state: GameState, event: Event) -> GameState:
        folded.append(event)
        return apply(state, event)

    monkeypatch.setattr("rr.engine.apply", counting)
    clone = game.clone()
    assert folded == list(game.events[len(game.events) - len(folded):])
    assert isinstance(folded[0], TurnStarted) and 0 < len(folded) < 60
    same(clone, game)
