"""The one interface every agent follows (issue #30): ``choose(decision, seen) -> Option``.

An agent is handed the pending decision (its own: the options its seat is shown) and a
:class:`Seen`, what its seat knows: the seat's :class:`~rr.views.View` and a way to draw a game
from the seat's information set (``Game.sample_for``, RR-VIEW-7) for search. It is never handed
the game. rr's agents (:mod:`rr.agents.random`, :mod:`rr.agents.greedy`,
:mod:`rr.agents.ismcts`) and any agent of a user's (``docs/AGENTS.md``, named
``package.module:Class[:argument]``, :mod:`rr.agents.names`) are played the same way by
``rr simulate``, ``rr regress --impact``, Ray runs, the environments' opponents and the
server's bots.

Python cannot wall an object off from code running in the same process (a determined agent
can walk the garbage collector); what this interface promises is that nothing it hands an
agent holds more than its seat knows, so an agent that uses only what it is given plays fair.
"""

from __future__ import annotations

__all__ = ["Agent", "Seen"]

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from rr.decisions import Decision
from rr.model import Seat
from rr.options import Option
from rr.views import View

if TYPE_CHECKING:
    import random  # only the type of a generator: agents draw with their own

    from rr.engine import Game


class Seen:
    """What a seat knows, as an agent is handed it: ``seat``, ``view`` (built on first use:
    building one costs time), :meth:`sample` and :meth:`determinise`.

    >>> import random, rr
    >>> game = rr.Game.new(["Ana", "Bo"], seed=2)
    >>> seen = rr.Seen.of(game, 1)
    >>> len(seen.view.hand), seen.sample(random.Random(0)).view(1) == seen.view
    (5, True)
    """

    __slots__ = ("_determiniser", "_sampler", "_view", "_view_of", "seat")

    def __init__(self, seat: Seat, view_of: Callable[[], View],
                 sampler: Callable[[random.Random], Game] | None = None,
                 determiniser: Callable[[random.Random], Game] | None = None) -> None:
        self.seat = seat
        self._view_of = view_of
        self._view: View | None = None
        self._sampler = sampler
        self._determiniser = determiniser

    @classmethod
    def of(cls, game: Game, seat: Seat) -> Seen:
        """What ``seat`` knows of ``game``: its view, and samples of its information set."""
        return cls(seat, lambda: game.view(seat), lambda rng: game.sample_for(seat, rng),
                   lambda rng: game.sample_for(seat, rng, history=False))

    @classmethod
    def from_view(cls, view: View) -> Seen:
        """Only a view (no samples): what a seat knows when no game is at hand."""
        if view.seat is None:
            raise ValueError("a spectator's view is no seat's")
        return cls(view.seat, lambda: view)

    @property
    def view(self) -> View:
        """The seat's view (``game.view(seat)``)."""
        if self._view is None:
            self._view = self._view_of()
        return self._view

    def sample(self, rng: random.Random) -> Game:
        """A game drawn from the seat's information set with ``rng``: every card the seat does
        not know dealt again at random (``Game.sample_for``); play may go on from it."""
        if self._sampler is None:
            raise ValueError("this seat's information comes with no sampler")
        return self._sampler(rng)

    def determinise(self, rng: random.Random) -> Game:
        """The game :meth:`sample` draws with ``rng`` (the same position, pending decision and
        future draws), whose log holds only the turn under way (``Game.sample_for(...,
        history=False)``): cheaper, for search that plays on from a sample and reads its
        state, not its past. Without a determiniser given, :meth:`sample`."""
        if self._determiniser is None:
            return self.sample(rng)
        return self._determiniser(rng)


class Agent(Protocol):
    """Picks one of ``decision.options``, from ``decision`` and what its seat knows.

    Any class with this ``choose`` is an agent (docs/AGENTS.md):

    >>> import rr
    >>> class FirstOption:
    ...     def choose(self, decision, seen):
    ...         return decision.options[0]
    >>> game = rr.play_out(rr.Game.new(["Ana", "Bo"], seed=2), [FirstOption(), rr.RandomAgent()])
    >>> game.is_over
    True
    """

    def choose(self, decision: Decision, seen: Seen) -> Option:
        """The option to pick (one of ``decision.options``)."""
        ...
