"""A game played to its end by agents, one a seat."""

from __future__ import annotations

from collections.abc import Sequence

from rr.agents import names
from rr.agents.interface import Agent
from rr.engine import Game
from rr.errors import BadInputError

__all__ = ["play_out"]


def play_out(game: Game, agents: Sequence[Agent]) -> Game:
    """Play ``game`` until no decision is pending, each seat's decisions made by
    ``agents[seat]`` (handed what that seat knows, :class:`~rr.agents.interface.Seen`);
    ``game``, for chaining. An agent that fails raises :class:`~rr.errors.AgentError` naming
    it and its seat, the game left as it was before that decision.

    >>> import rr
    >>> game = rr.Game.new(["Ana", "Bo", "Cy"], seed=5)
    >>> rr.play_out(game, [rr.GreedyAgent(seed) for seed in range(3)]).is_over
    True
    >>> rr.play_out(rr.Game.new(["Ana", "Bo"]), [rr.RandomAgent()])
    Traceback (most recent call last):
    ...
    rr.errors.BadInputError: 1 agent(s) for a game of 2 seats: give one agent a seat
    """
    seats = len(game.state.players) - (game.state.solo is not None)
    if len(agents) != seats:
        raise BadInputError(f"{len(agents)} agent(s) for a game of {seats} seats: give one "
                            "agent a seat")
    while (decision := game.pending) is not None:
        agent = agents[decision.seat]
        names.play(agent, type(agent).__name__, game, decision)
    return game
