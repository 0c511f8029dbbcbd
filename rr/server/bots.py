"""Seats played inside the server by rr's agents (``"bots": {"1": "greedy"}`` at creation).

After every change the bots answer at once, in the same transaction, until a person must
decide or the game is over. Each bot decision uses a fresh agent seeded with the game's
decision number, so what a bot does depends only on the game (and is the same whichever
process, before or after a restart, asks it). An agent is handed the game only to build its
own seat's view (``rr.simulate``'s choosers): a bot sees no more than its seat may.
"""

from __future__ import annotations

from collections.abc import Mapping

from rr.engine import Game
from rr.simulate import AGENTS, MAX_DECISIONS

KINDS = ("random", "greedy")
"""The agents a game may name for its bots: the cheap ones. ``ismcts`` (``rr simulate``'s
search agent) is left out: it spends many milliseconds a decision, and any client may create
games, so it would let one client take the server's cores."""


def play(game: Game, bots: Mapping[int, str], decisions: int) -> int:
    """Let the bots of ``bots`` (seat: agent) decide while it is their turn; ``decisions``:
    the decisions made so far. Returns the decisions made after them."""
    ruleset = game.state.ruleset
    for _ in range(MAX_DECISIONS):
        decision = game.pending
        if decision is None or decision.seat not in bots:
            return decisions
        chooser = AGENTS[bots[decision.seat]](decisions, ruleset)
        game.choose(chooser(decision, game), seat=decision.seat)
        decisions += 1
    raise RuntimeError(f"the bots made {MAX_DECISIONS} decisions without an end")
