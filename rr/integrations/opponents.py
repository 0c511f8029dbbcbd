"""The seats an environment plays itself (issue #30): rr's agents or a user's, each handed
what its seat knows only (:mod:`rr.agents.interface`), for the PettingZoo and Gymnasium
environments."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rr.agents import names
from rr.agents.interface import Agent
from rr.engine import Game
from rr.errors import BadInputError
from rr.ruleset import Ruleset

MAX_OPPONENT_DECISIONS = 20_000
"""Opponents still deciding after this many decisions in a row are a bug (every Lead or Scout
moves a card, so a game ends)."""

Opponent = str | Agent
"""An opponent: an agent's name (``rr.agents.names``: ``"greedy"``, ``"ismcts:50"``,
``"package.module:Class"``) or an agent."""


class Opponents:
    """The seats an environment plays itself, with rr's agents or a user's."""

    def __init__(self, opponents: Mapping[int, Opponent] | None, seats: int,
                 ruleset: Ruleset) -> None:
        self.given = dict(opponents or {})
        for seat, agent in self.given.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
                raise BadInputError(f"opponents: no seat {seat!r} of {seats}")
            if isinstance(agent, str):
                self.given[seat] = names.parse(agent)
            elif not callable(getattr(agent, "choose", None)):
                raise BadInputError(f"opponents: seat {seat}'s {agent!r} has no "
                                    "choose(decision, seen)")
        self.names = {seat: agent if isinstance(agent, str) else type(agent).__name__
                      for seat, agent in self.given.items()}
        """Each seat's agent as an error names it: its name, or an object's class."""
        self.ruleset = ruleset
        self.playing: dict[int, Agent] = {}

    def deal(self, seeds: Callable[[], int]) -> None:
        """New agents for a new game, named ones seeded with numbers drawn from ``seeds``."""
        self.playing = {seat: names.make(agent, seeds(), self.ruleset)
                        if isinstance(agent, str) else agent
                        for seat, agent in self.given.items()}

    def play(self, game: Game) -> None:
        """Let the opponents decide while the pending decision is theirs."""
        playing = self.playing
        for _ in range(MAX_OPPONENT_DECISIONS):
            decision = game.pending
            if decision is None or decision.seat not in playing:
                return
            names.play(playing[decision.seat], self.names[decision.seat], game, decision)
        raise RuntimeError(f"the opponents made {MAX_OPPONENT_DECISIONS} decisions in a row")
