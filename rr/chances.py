"""Random outcomes as a sequence of small uniform picks, for frameworks that model chance as a
player choosing among listed outcomes (OpenSpiel's chance nodes).

A :class:`~rr.effects.program.Chance` draws its outcome from a ``random.Random``; every rule
uses only ``choice``, ``sample`` and ``randrange``. :func:`outcome_of` runs the draw with a
generator whose every elementary pick is read from a given list of integers instead:

- ``choice(seq)``: one pick, the index in ``seq`` of the item drawn;
- ``sample(population, k)`` (every shuffle: the deck, the house tiles, revealed cards):
  ``k`` picks, each the index *in population* of the next item drawn, among those not drawn
  yet — a shuffle of the 112 cards is 112 picks, each uniform among the cards left;
- ``randrange(n)`` (the first player): one pick, the number drawn.

Each pick is uniform among its legal values, so the outcome has exactly the probability the
live draw gives it. Choices made here: indices rather than card numbers, because every
population the rules draw from is a list in a fixed order (the deck's ids, the hand, the die's
faces); and a draw asking for any other method of ``random.Random`` fails loudly, so a new
rule drawing in another way is caught by the OpenSpiel tests rather than silently biased.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from rr.effects.program import Chance
from rr.engine import Game
from rr.errors import BadInputError
from rr.events.types import Event
from rr.model import Seat

T = TypeVar("T")


class _NeedPick(Exception):
    """The draw wants one more pick than given: these are its legal values."""

    def __init__(self, legal: tuple[int, ...]) -> None:
        super().__init__(legal)
        self.legal = legal


class _Scripted(random.Random):
    """A generator whose picks are read from a list (see the module docstring)."""

    def __init__(self, picks: Sequence[int]) -> None:
        super().__init__(0)
        self._picks = picks
        self.used = 0

    def _pick(self, legal: Sequence[int]) -> int:
        if self.used >= len(self._picks):
            raise _NeedPick(tuple(legal))
        pick = self._picks[self.used]
        if pick not in legal:
            raise BadInputError(f"chance pick {pick} is not one of the {len(legal)} legal "
                                f"values here ({_span(legal)})")
        self.used += 1
        return pick

    def choice(self, seq: Sequence[T]) -> T:  # type: ignore[override]
        return seq[self._pick(range(len(seq)))]

    def sample(self, population: Sequence[T], k: int, *, counts: Any = None) -> list[T]:
        assert counts is None, "a draw with counts is not modelled"
        items, left, drawn = list(population), list(range(len(population))), []
        for _ in range(k):
            index = self._pick(left)
            left.remove(index)
            drawn.append(items[index])
        return drawn

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        values = range(start, stop, step) if stop is not None else range(start)
        return values[self._pick(range(len(values)))]

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        x[:] = self.sample(x, len(x))

    def random(self) -> float:
        raise AssertionError("a draw that is not a choice, sample or randrange is not modelled")

    def getrandbits(self, k: int) -> int:
        raise AssertionError("a draw that is not a choice, sample or randrange is not modelled")


def _span(legal: Sequence[int]) -> str:
    shown = ", ".join(map(str, list(legal)[:8]))
    return shown + (", ..." if len(legal) > 8 else "")


def outcome_of(chance: Chance, picks: Sequence[int]) -> Event | tuple[int, ...]:
    """The outcome ``picks`` draw for ``chance``, or, if it needs another pick, that pick's
    legal values (ascending, each as likely as the others). Raises :class:`BadInputError`
    for a pick that is not legal or for picks left over."""
    rng = _Scripted(picks)
    try:
        outcome = chance.draw(rng)
    except _NeedPick as need:
        return need.legal
    if rng.used != len(picks):
        raise BadInputError(f"{len(picks) - rng.used} chance picks too many for {chance.what}")
    return outcome


def sample_seeded(game: Game, seat: Seat, seed: int) -> Game:
    """``game.sample_for(seat, ...)`` with a generator seeded by ``seed``: for callers that
    hold a number, not a generator (OpenSpiel's probability sampler)."""
    return game.sample_for(seat, random.Random(seed))
