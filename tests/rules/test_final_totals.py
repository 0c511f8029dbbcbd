"""``totals_of``: the scorepad's totals of a position, without the scorepad (issue #32), equal to
``scorepad_of(state).totals`` at every position of many games; ``result_of``, what the end of
the game records (issue #30), equal to the scorepad's totals and winners."""

from __future__ import annotations

import pytest
from attrs import evolve

from rr.agents.greedy import GreedyAgent
from rr.agents.interface import Seen
from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.errors import BadInputError
from rr.rules.final import result_of, scorepad_of, totals_of
from rr.ruleset import Ruleset

OTHER_READINGS = Ruleset(face_down_value_is_actual=False, neutral_in_card_conditions=False,
                         gray_counts_once_per_clause=False, artisan_chef_gold_cards_only=False)
"""The rulings a card's end-game text reads, each the other way (RULING-A2, A5, A7, A20)."""


def _compared(players: int, seed: int, greedy: bool, ruleset: Ruleset | None = None) -> int:
    """Play a game (random or greedy agents) and compare the two at every position, the
    finished one too (where the scorepad also equals the game's recorded totals, which
    include what the end-of-game abilities asked and won); how many positions."""
    game = Game.new(players, seed=seed, ruleset=ruleset,
                    level=seed % 6 + 1 if players == 1 else None)
    seats = players + (players == 1)
    rules = game.state.ruleset
    greedies = [GreedyAgent(seed * 10 + s, rules) for s in range(seats)]
    randoms = [RandomAgent(seed * 10 + s) for s in range(seats)]
    compared = 0
    while True:
        state = game.state
        pad = scorepad_of(state)
        totals = pad.totals
        assert totals_of(state) == totals, (players, seed, state.events)
        assert result_of(state) == (totals, pad.winners), (players, seed, state.events)
        compared += 1
        decision = game.pending
        if decision is None:
            assert (state.totals, state.winners) == (totals, pad.winners)
            return compared
        if greedy:
            option = greedies[decision.seat].choose(decision, Seen.of(game, decision.seat))
        else:
            option = randoms[decision.seat].choose(decision)
        game.choose(option)


@pytest.mark.rule("RR-SCORE-1")
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_the_totals_are_the_scorepads_at_every_position_of_random_and_greedy_games(
        players: int) -> None:
    """Random games (seeds 0-3; solo 0-5, Au Toma at each of her levels) and greedy ones
    (seeds 4-5, not solo): the same totals
    at every position, hands with Grays and Oranges to declare, Hacker's end-of-game points
    and the excess-card row included."""
    games = [(seed, False) for seed in range(6 if players == 1 else 4)]
    games += [(seed, True) for seed in ((4, 5) if players > 1 else ())]
    compared = sum(_compared(players, seed, greedy) for seed, greedy in games)
    assert compared > 30 * len(games)


@pytest.mark.rule("RR-SCORE-1")
def test_the_totals_are_the_scorepads_under_the_other_readings() -> None:
    """The rulings a card's text reads, each taken the other way: the same totals again."""
    compared = sum(_compared(players, seed, greedy=False, ruleset=OTHER_READINGS)
                   for players, seed in ((2, 7), (4, 8), (5, 9)))
    assert compared > 300


@pytest.mark.rule("RR-SCORE-14")
def test_the_result_names_the_scorepads_winners_when_totals_tie() -> None:
    """Tied totals: the Sovereign holder among them wins alone, else they share (what the
    scorepad says, from the seats)."""
    game = Game.new(4, seed=3)
    agent = RandomAgent(3)
    while (decision := game.pending) is not None:
        game.choose(agent.choose(decision))
    state = game.state
    level = [evolve(p, hand=(), helium=0, fleet=0, influence=0, points=(), declarations=())
             for p in state.players]
    for sovereign, winners in ((None, (0, 1, 2, 3)), (2, (2,))):
        tied = evolve(state, players=tuple(level), sovereign=sovereign, locations=((),) * 4,
                      banished=())
        assert result_of(tied) == (scorepad_of(tied).totals, winners)


@pytest.mark.rule("RR-SCORE-1")
def test_a_position_the_scorepad_refuses_is_refused_as_the_scorepad_refuses_it() -> None:
    """Two players named alike (a log written by hand; ``Game.new`` refuses it) or more
    Helium than the scorepad takes: the scorepad's own error, as before the shortcut."""
    game = Game.new(2, seed=5)
    agent = RandomAgent(5)
    while (decision := game.pending) is not None:
        game.choose(agent.choose(decision))
    state = game.state
    first, second = state.players
    for players in ((first, evolve(second, name=first.name)),
                    (first, evolve(second, helium=1000))):
        wrong = evolve(state, players=players)
        with pytest.raises(BadInputError) as expected:
            scorepad_of(wrong)
        with pytest.raises(BadInputError) as refused:
            result_of(wrong)
        assert str(refused.value) == str(expected.value)
