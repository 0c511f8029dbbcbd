"""rr.effects.program.shuffled: Random.sample of a whole population, spelt out (issue #12)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rr.cards.catalogue import all_ids
from rr.effects.program import shuffled


@pytest.mark.rule("RR-SETUP-1")
@given(seed=st.integers(0, 2**64), size=st.integers(0, 200))
def test_it_is_random_sample_of_everything(seed: int, size: int) -> None:
    """The same order as ``Random.sample(population, len(population))``, and the generator
    left in the same state after, so every later draw of a game is as before."""
    population = [f"c{i}" for i in range(size)]
    ours, theirs = random.Random(seed), random.Random(seed)
    assert shuffled(ours, population) == theirs.sample(population, len(population))
    assert ours.getstate() == theirs.getstate()


def test_the_deck_shuffle_of_a_seed_is_unchanged() -> None:
    """The deck's shuffle (112 cards) of a game's first draw: as ``Random.sample`` deals it."""
    deck = all_ids()
    rng = random.Random("7:0")
    assert shuffled(rng, deck) == random.Random("7:0").sample(deck, len(deck))


def test_a_generator_of_another_class_is_asked_for_the_sample() -> None:
    """A subclass of Random (rr.chances scripts OpenSpiel's chance picks in one) draws the
    sample its own way: shuffled asks it for ``sample``, not for bits."""
    class Scripted(random.Random):
        def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def]
            return list(reversed(population))[:k]

        def getrandbits(self, k: int) -> int:
            raise AssertionError("not a bit is drawn")

    assert shuffled(Scripted(0), ["a", "b", "c"]) == ["c", "b", "a"]
