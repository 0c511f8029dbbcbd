"""The random agent: a uniformly random legal option, from its own seeded generator."""

from __future__ import annotations

__all__ = ["RandomAgent"]

import random as _random

from rr.agents.interface import Seen
from rr.decisions import Decision
from rr.options import Option


class RandomAgent:
    """Picks uniformly among the listed options; deterministic for a given seed.

    >>> import rr
    >>> decision = rr.Game.new(["Ana", "Bo"], seed=2).pending
    >>> rr.RandomAgent(1).choose(decision) == rr.RandomAgent(1).choose(decision)
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = _random.Random(seed)
        self._bits = self._rng.getrandbits

    def choose(self, decision: Decision, seen: Seen | None = None) -> Option:
        """A uniformly random option of ``decision`` (``seen`` is not needed)."""
        # ``Random.choice`` spelt out (its ``_randbelow``: draw as many bits as the count
        # needs until the number is below it), without its two Python calls: the same
        # option from the same generator, and bots' games cost a little less (issue #12).
        options = decision.options
        n = len(options)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return options[r]
