"""Seats played inside the server by rr's agents (``"bots": {"1": "greedy"}`` at creation).

After every change the bots answer at once, in the same transaction, until a person must
decide or the game is over. Each bot decision uses a fresh agent seeded with the game's
decision number, so what a bot does depends only on the game (and is the same whichever
process, before or after a restart, asks it). A bot is handed its decision and what its seat
knows (``rr.agents.interface.Seen``: its view, samples of its information set), never the
game: a bot sees no more than its seat may.

The operator may allow more agents (``rr server --allow-agent package.module:Class``, issue
#30): a game may then name them too, and only them. One that fails (its ``choose`` raises,
or chooses an option that is not legal) is a :class:`rr.server.errors.BotFailedError` (HTTP 500)
naming its seat and bot only — the cause, which may name the bot's cards, goes to the
server's log — and the request changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from rr.agents import names
from rr.agents.names import MAX_DECISIONS
from rr.engine import Game
from rr.errors import AgentError
from rr.server.errors import BotFailedError

KINDS = ("random", "greedy")
"""The agents a game may name for its bots: the cheap ones. ``ismcts`` (``rr simulate``'s
search agent) is left out: it spends many milliseconds a decision, and any client may create
games, so it would let one client take the server's cores."""


def play_one(game: Game, kind: str, decisions: int) -> None:
    """The bot ``kind`` makes the pending decision of ``game`` (number ``decisions``), for
    whichever seat it is: a seat whose time ran out (:mod:`rr.server.clocks`)."""
    decision = game.pending
    assert decision is not None
    try:
        names.play(names.make(kind, decisions, game.state.ruleset), kind, game, decision)
    except AgentError as err:
        raise BotFailedError(f"seat {decision.seat}'s bot {kind!r} failed to decide "
                             "(the server's log says why)") from err


def play(game: Game, bots: Mapping[int, str], decisions: int) -> int:
    """Let the bots of ``bots`` (seat: agent) decide while it is their turn; ``decisions``:
    the decisions made so far. Returns the decisions made after them."""
    ruleset = game.state.ruleset
    for _ in range(MAX_DECISIONS):
        decision = game.pending
        if decision is None or decision.seat not in bots:
            return decisions
        kind = bots[decision.seat]
        try:
            names.play(names.make(kind, decisions, ruleset), kind, game, decision)
        except AgentError as err:  # its message may name the bot's cards: for the log only
            raise BotFailedError(f"seat {decision.seat}'s bot {kind!r} failed to decide "
                                 "(the server's log says why)") from err
        decisions += 1
    raise RuntimeError(f"the bots made {MAX_DECISIONS} decisions without an end")
