"""rr.effects.program.shuffled: Random.sample of a whole population, spelt out (issue #12)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rr.cards.catalogue import all_ids
from rr.effects.program import shuffled
from rr.engine import _seed


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


@pytest.mark.rule("RR-SETUP-1")
@given(seed=st.integers(-2**63, 2**64), draws=st.integers(0, 10_000))
def test_a_draw_seeds_its_generator_as_random_seed_of_its_string(seed: int, draws: int) -> None:
    """rr.engine seeds draw n of a game with seed s as ``Random(f"{s}:{n}")`` does, its own
    way (issue #32): the same state, ``gauss_next`` included, even after a gauss draw."""
    ours = random.Random(0)
    ours.gauss(0, 1)
    _seed(ours, f"{seed}:{draws}".encode())
    assert ours.getstate() == random.Random(f"{seed}:{draws}").getstate()
