"""What both search agents promise — the ISMCTS tree (``ismcts``) and the flat search
(``ismcts:flat``): blind to what their seat does not know, reproducible for a seed, and a
forced choice answered without drawing a sample."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rr.agents.flat import FlatAgent
from rr.agents.interface import Agent, Seen
from rr.agents.ismcts import ISMCTSAgent
from rr.agents.random import RandomAgent
from rr.engine import Game

SEARCHERS: dict[str, tuple[Callable[[int], Agent], int, int]] = {
    # A small budget each; positions every ``every`` decisions, the first ``count`` of them.
    "ismcts": (lambda seed: ISMCTSAgent(seed, iterations=12), 17, 6),
    "ismcts:flat": (lambda seed: FlatAgent(seed, samples=3), 11, 8),
}


def positions(players: int, seed: int, every: int) -> list[Game]:
    """Positions of a random game, one every ``every`` decisions (clones)."""
    game = Game.new(players, seed=seed)
    agent = RandomAgent(seed)
    out = []
    n = 0
    while (decision := game.pending) is not None:
        if n % every == every - 1 and len(decision.options) > 1:
            out.append(game.clone())
        game.choose(agent.choose(decision))
        n += 1
    return out


@pytest.mark.rule("RR-VIEW-7")
@pytest.mark.parametrize("name", SEARCHERS)
def test_the_agent_chooses_alike_in_every_game_of_its_information_set(name: str) -> None:
    """Handed a game whose hidden cards were dealt otherwise (a sample of the real game for
    the deciding seat), the agent with the same seed chooses the same option: it sees the game
    only through samples of its seat's information set, never the hidden cards."""
    make, every, count = SEARCHERS[name]
    compared = differed = 0
    for game in positions(3, seed=4, every=every)[:count]:
        decision = game.pending
        assert decision is not None
        seat = decision.seat
        other = game.sample_for(seat, random.Random(99))
        assert other.pending == decision
        differed += other.state != game.state
        choices = [make(7).choose(decision, Seen.of(g, seat)) for g in (game, other)]
        assert choices[0] == choices[1]
        assert choices[0] in decision.options
        compared += 1
    assert compared == count and differed >= 3


@pytest.mark.parametrize("name", SEARCHERS)
def test_the_agent_is_reproducible_for_a_seed_and_varies_with_it(name: str) -> None:
    """The same seed and game give the same choice; the choices of many seeds are not all
    the same where there is something to choose."""
    make = SEARCHERS[name][0]
    game = positions(4, seed=2, every=23)[1]
    decision = game.pending
    assert decision is not None

    def choice(seed: int) -> object:
        return make(seed).choose(decision, Seen.of(game, decision.seat))

    assert choice(1) == choice(1)
    assert len({choice(s) for s in range(8)}) > 1


@pytest.mark.parametrize("name", SEARCHERS)
def test_a_forced_choice_is_answered_without_sampling(name: str) -> None:
    """A decision with one option is answered at once: no sample is drawn."""
    game = Game.new(2, seed=1)
    decision = game.pending
    assert decision is not None
    one = type(decision)(decision.seat, decision.ask, decision.source, decision.prompt,
                         decision.options[:1])

    def no_sample(rng: random.Random) -> Game:
        raise AssertionError("sampled for a forced choice")

    seen = Seen(decision.seat, lambda: game.view(decision.seat), no_sample, no_sample)
    assert SEARCHERS[name][0](0).choose(one, seen) == decision.options[0]
