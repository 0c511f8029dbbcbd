"""Whole games played by random agents, for the oracle's tests (cached: games are pure)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.events import log
from rr.events.types import Event
from rr.ruleset import Ruleset

MAX_DECISIONS = 5000


def play(players: int | Sequence[str], seed: int, ruleset: Ruleset | None = None,
         decisions: int | None = None) -> Game:
    """A game between random agents (agent seed = game seed), to its end or for
    ``decisions`` decisions."""
    game = Game.new(players, seed=seed, ruleset=ruleset)
    agent = RandomAgent(seed)
    made = 0
    while game.pending is not None and made < (decisions if decisions is not None
                                               else MAX_DECISIONS):
        game.choose(agent.choose(game.pending))
        made += 1
    assert decisions is not None or game.is_over, "a random game did not end"
    return game


@functools.cache
def finished(players: int, seed: int, ruleset: Ruleset | None = None) -> tuple[Event, ...]:
    """The events of a finished random game."""
    return play(players, seed, ruleset).events


def write_corpus(folder: Path, seeds: Sequence[int], ruleset: Ruleset | None = None,
                 suffix: str = ".rrlog") -> list[Path]:
    """One log per seed (2 to 6 players in turn), as ``rr simulate --out`` would write."""
    paths = []
    for seed in seeds:
        path = folder / f"game-{seed:04d}{suffix}"
        log.write(path, finished(2 + seed % 5, seed, ruleset))
        paths.append(path)
    return paths
