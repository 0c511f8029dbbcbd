"""The flat search (``ismcts:flat``): legal, reproducible, blind to what its seat does not
know, and searching the greedy agent's best turn options."""

from __future__ import annotations

import random

import pytest

from rr.agents import names
from rr.agents.flat import FlatAgent
from rr.agents.greedy import GreedyAgent, Memory, best_turns
from rr.agents.interface import Seen
from rr.agents.random import RandomAgent
from rr.decisions import Ask
from rr.engine import Game
from rr.errors import BadInputError
from rr.ruleset import Ruleset
from rr.simulate import parse_agents, play_one


def _turns(players: int, seed: int) -> list[Game]:
    """Positions of a random game at the start of a turn (clones)."""
    game = Game.new(players, seed=seed)
    agent = RandomAgent(seed)
    out = []
    while (decision := game.pending) is not None:
        if decision.ask is Ask.TURN:
            out.append(game.clone())
        game.choose(agent.choose(decision))
    return out


def test_a_turn_is_searched_over_the_greedy_agents_best_options() -> None:
    """The best of ``best_turns`` is the greedy agent's own choice, its ranking lists distinct
    options of the turn, and the flat agent's choice of a turn is one of the ranked ones."""
    checked = 0
    for game in _turns(2, seed=3)[:6]:
        decision = game.pending
        assert decision is not None and len(decision.options) > 5
        seen = Seen.of(game, decision.seat)
        ranked = best_turns(seen.view, Ruleset(), Memory(), decision.options, 5)
        assert len(set(ranked)) == 5 and set(ranked) <= set(decision.options)
        assert ranked[0] == GreedyAgent(0).choose(decision, Seen.of(game, decision.seat))
        assert FlatAgent(1, samples=1, candidates=5).choose(decision, seen) in ranked
        checked += 1
    assert checked == 6


def test_one_candidate_is_chosen_without_sampling() -> None:
    """With one candidate a turn is the greedy agent's choice, no sample drawn."""
    game = _turns(2, seed=5)[2]
    decision = game.pending
    assert decision is not None

    def no_sample(rng: random.Random) -> Game:
        raise AssertionError("sampled with one candidate")

    seen = Seen(decision.seat, lambda: game.view(decision.seat), no_sample, no_sample)
    assert FlatAgent(0, candidates=1).choose(decision, seen) == \
        GreedyAgent(0).choose(decision, Seen.of(game, decision.seat))


def test_the_named_setting_plays_a_whole_game() -> None:
    """``ismcts:flat`` (any case) names the flat agent; rr simulate plays a game with it."""
    assert parse_agents("ISMCTS:Flat,greedy") == ("ismcts:flat", "greedy")
    assert isinstance(names.make("ismcts:flat", 1, Ruleset()), FlatAgent)
    for bad in ("ismcts:flatter", "greedy:flat"):
        with pytest.raises(BadInputError, match="ismcts"):
            parse_agents(bad)
    result = play_one(3, 2, agents=("ismcts:flat", "random"))
    assert result.error is None and result.winners


def test_bad_settings_are_refused() -> None:
    for bad in ({"samples": 0}, {"candidates": 0}, {"most": 0}, {"horizon": -1}):
        with pytest.raises(ValueError, match="at least"):
            FlatAgent(0, **bad)  # type: ignore[arg-type]
