"""The ISMCTS agent: legal, reproducible, and blind to what its seat does not know."""

from __future__ import annotations

import random

import pytest

from rr.agents.interface import Seen
from rr.agents.ismcts import ISMCTSAgent, position_values
from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.simulate import AGENTS, parse_agents, play_one
from tests.agents.test_searchers import positions


def test_values_are_the_scorepad_margins_squashed() -> None:
    """A finished game is valued by its totals: the winner above one half, the others below,
    in the order of their totals."""
    game = Game.new(3, seed=5)
    agent = RandomAgent(5)
    while (decision := game.pending) is not None:
        game.choose(agent.choose(decision))
    totals = game.state.totals
    assert totals is not None
    values = position_values(game)
    assert all(0.0 <= v <= 1.0 for v in values)
    for w in game.state.winners or ():
        assert values[w] >= 0.5
    order = sorted(range(3), key=lambda s: totals[s])
    assert [values[s] for s in order] == sorted(values)


def test_the_agent_plays_a_whole_game_through_rr_simulate() -> None:
    """``--agents ismcts`` is known to rr simulate, and a 2-player game against the greedy
    agent ends without error (a small budget keeps it quick)."""
    assert parse_agents("ismcts,greedy") == ("ismcts", "greedy")
    assert "ismcts" in AGENTS
    result = play_one(3, 2, agents=("ismcts:4", "random"))
    assert result.error is None and result.winners


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSAgent(0, iterations=0)


def test_agent_names_with_a_budget() -> None:
    """``ismcts:N`` sets the iterations; a budget on another agent, or a budget that is not
    a positive number, is a typed error naming the agent."""
    from rr.errors import BadInputError

    assert parse_agents("ismcts:40,random") == ("ismcts:40", "random")
    for bad in ("greedy:3", "ismcts:0", "ismcts:x", "ismcts:"):
        with pytest.raises(BadInputError, match="ismcts"):
            parse_agents(bad)


def test_the_same_games_on_one_process_and_on_workers(tmp_path: object) -> None:
    """The ISMCTS agent is seeded by the game's seed, so games between ISMCTS agents give the
    same results, and the same logs, on one process and on two workers (eight games: fewer
    are played on one process whatever ``workers`` says)."""
    from pathlib import Path

    from rr.simulate import run

    assert isinstance(tmp_path, Path)
    serial = sorted(run(8, 2, seed=40, workers=1, agents=("ismcts:2", "random"),
                        out=tmp_path / "one"), key=lambda r: r.seed)
    parallel = sorted(run(8, 2, seed=40, workers=2, agents=("ismcts:2", "random"),
                          out=tmp_path / "two"), key=lambda r: r.seed)
    assert serial == parallel and all(r.error is None for r in serial)
    for one in sorted((tmp_path / "one").iterdir()):
        assert one.read_bytes() == (tmp_path / "two" / one.name).read_bytes()


@pytest.mark.rule("RR-VIEW-7")
def test_a_sample_without_history_is_the_sample_with_its_turn_only() -> None:
    """``sample_for(..., history=False)`` draws the very sample ``sample_for`` draws with the
    same generator (the same state, decision and future draws), its log the sample's events
    since the turn under way began; it plays on alike."""
    tried = 0
    for game in positions(4, seed=6, every=13)[:8]:
        decision = game.pending
        assert decision is not None
        whole = game.sample_for(decision.seat, random.Random(5))
        short = game.sample_for(decision.seat, random.Random(5), history=False)
        assert short.state == whole.state and short.pending == whole.pending
        assert 0 < len(short.events) < len(whole.events)
        assert whole.events[-len(short.events):] == short.events
        agent = RandomAgent(3)
        for _ in range(12):
            if whole.pending is None:
                break
            option = agent.choose(whole.pending)
            assert whole.choose(option) == short.choose(option)
        assert short.state == whole.state
        tried += 1
    assert tried == 8


@pytest.mark.parametrize(("players", "seed", "every", "count"),
                         [(3, 8, 11, 5), (2, 9, 7, 4), (4, 10, 29, 4), (6, 11, 53, 3)])
def test_the_search_chooses_as_the_search_it_replaced(players: int, seed: int, every: int,
                                                      count: int) -> None:
    """The agent (samples without history, search stopped once decided, positions valued by
    ``totals_of``) chooses what the search as it was chooses with the same seed and budget
    (``rr.bench``'s baseline: samples with their whole history, every iteration run, the
    whole scorepad), at positions of a few seeded games of 2 to 6 players."""
    from rr.bench.workloads import SearchAsBefore

    compared = 0
    for game in positions(players, seed=seed, every=every)[:count]:
        decision = game.pending
        assert decision is not None
        seen = Seen.of(game, decision.seat)
        assert (ISMCTSAgent(2, iterations=15).choose(decision, seen)
                == SearchAsBefore(2, iterations=15).choose(decision, seen))
        compared += 1
    assert compared == count


def test_a_whole_game_is_played_alike_by_the_search_and_the_search_it_replaced() -> None:
    """Two ISMCTS seats against two random ones (``rr.bench``'s game, a small budget): the
    agent and the search as it was make every choice alike, so the two games' logs are the
    same to the last event."""
    from rr.bench.workloads import SearchAsBefore

    logs = []
    for kind in (ISMCTSAgent, SearchAsBefore):
        game = Game.new(4, seed=12)
        agents = [kind(120 + seat, iterations=10) if seat % 2 == 0 else RandomAgent(120 + seat)
                  for seat in range(4)]
        while (decision := game.pending) is not None:
            game.choose(agents[decision.seat].choose(decision, Seen.of(game, decision.seat)))
        logs.append(game.events)
    assert logs[0] == logs[1] and len(logs[0]) > 300


def test_search_stops_only_when_no_other_option_can_catch_up() -> None:
    """``is_decided``: a lead of more visits than the iterations left decides; a lead of as
    many (a tie still possible) or an option not tried yet with iterations enough does not."""
    from rr.agents.ismcts import Node, is_decided
    from rr.options import Answer

    options = (Answer.YES, Answer.NO)
    root = Node(2)
    root.children[Answer.YES] = Node(2)
    root.children[Answer.YES].visits = 6
    assert not is_decided(root, options, 6)
    assert is_decided(root, options, 5)
    root.children[Answer.NO] = Node(2)
    root.children[Answer.NO].visits = 2
    assert not is_decided(root, options, 4)
    assert is_decided(root, options, 3)
    assert is_decided(root, options, 0)
