"""Random outcomes supplied from outside (Game(given_chances=True), rr.chances): the hook
OpenSpiel's chance nodes use."""

from __future__ import annotations

import pickle
import random

import pytest
from attrs import evolve

from rr.chances import outcome_of
from rr.effects.program import Chance
from rr.engine import Game
from rr.errors import BadInputError, NoDecisionPendingError
from rr.events.types import (
    DecisionMade,
    DeckShuffled,
    DieRolled,
    FirstPlayerChosen,
    HousesDealt,
)
from rr.model import Bonus, House
from rr.randomness import SeedOrigin


def replay_given(players: int, seed: int, moves: int) -> tuple[Game, Game]:
    """A seeded game, and a given-chances game fed the seeded game's outcomes and choices."""
    seeded = Game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        assert seeded.pending is not None
        seeded.choose(rng.choice(seeded.pending.options))
    given = Game.new(players, given_chances=True)
    while len(given.events) < len(seeded.events):
        if given.pending_chance is not None:
            given.give_chance(seeded.events[len(given.events)])
        else:
            made = seeded.events[len(given.events)]
            assert isinstance(made, DecisionMade)
            given.choose(made.option)
    return seeded, given


@pytest.mark.rule("RR-SETUP-1")
def test_a_given_chances_game_stops_at_the_deck_shuffle() -> None:
    """A game made with given_chances draws nothing: it waits for the deck's shuffle."""
    game = Game.new(2, given_chances=True)
    assert game.pending is None and not game.is_over
    assert game.pending_chance is not None and "shuffle" in game.pending_chance.what
    assert game.legal_actions() == [] and len(game.events) == 1
    with pytest.raises(NoDecisionPendingError, match="waits for the deck's shuffle"):
        game.choose_index(0)


@pytest.mark.rule("RR-DIE-1")
def test_fed_the_seeded_outcomes_it_plays_the_seeded_game() -> None:
    """Given the outcomes a seeded game drew and the same choices, the events are the same
    (but the first: a game whose outcomes are given has no seed to commit to, RR-VIEW-10)."""
    seeded, given = replay_given(3, 4, 60)
    assert given.events[1:] == seeded.events[1:] and given.pending == seeded.pending
    assert given.events[0] == evolve(seeded.events[0], commitment=None,
                                     seed_origin=SeedOrigin.NONE)
    assert given.state == evolve(seeded.state, commitment=None, seed_origin=SeedOrigin.NONE)


@pytest.mark.rule("RR-VIEW-10")
def test_a_game_whose_outcomes_are_given_takes_no_seed() -> None:
    """A seed (or a salt) for a game whose random outcomes are given is a mistake."""
    with pytest.raises(BadInputError, match="has no seed"):
        Game.new(2, seed=3, given_chances=True)


@pytest.mark.rule("RR-SETUP-1")
def test_an_outcome_that_does_not_fit_is_refused_and_changes_nothing() -> None:
    """A die roll offered for the deck's shuffle raises BadInputError; the game is as it was."""
    game = Game.new(2, given_chances=True)
    with pytest.raises(BadInputError, match="is not an outcome of the deck's shuffle"):
        game.give_chance(DieRolled(0, Bonus.FLEET))
    with pytest.raises(BadInputError, match="is not an outcome"):
        game.give_chance(DeckShuffled(("sevro",)))  # type: ignore[arg-type]
    assert len(game.events) == 1 and game.pending_chance is not None
    seeded = Game.new(2, seed=1)
    with pytest.raises(BadInputError, match="no random outcome is pending; a decision is"):
        seeded.give_chance(seeded.events[1])


def _waiting_for(game: Game, what: str) -> Game:
    """``game`` given its seed's outcomes and random choices until it waits for ``what``."""
    rng = random.Random(5)
    while game.pending_chance is None or what not in game.pending_chance.what:
        if game.pending_chance is not None:
            game.give_chance(game.pending_chance.draw(rng))
        else:
            assert game.pending is not None
            game.choose(rng.choice(game.pending.options))
    return game


@pytest.mark.rule("RR-SETUP-3")
@pytest.mark.rule("RR-SOLO-6")
def test_impossible_house_tiles_are_bad_input_and_change_nothing() -> None:
    """Two players of one house, a player without one, tiles that are not houses, or Au
    Toma given one: BadInputError, as the docstring says, and the game still waits for the
    tiles (before: EngineBugError, or the junk was taken)."""
    two = _waiting_for(Game.new(["Ana", "Bo"], given_chances=True), "house")
    solo = _waiting_for(Game.new(["Ana"], level=2, given_chances=True), "house")
    for game, houses in ((two, (House.MARS, House.MARS)), (two, (None, House.MARS)),
                         (two, ("x", "y")), (two, None), (solo, (House.MARS, House.DIANA)),
                         (solo, (None, None))):
        events = game.events
        with pytest.raises(BadInputError, match="is not an outcome of the house tiles"):
            game.give_chance(HousesDealt(houses))  # type: ignore[arg-type]
        assert game.events == events and game.pending_chance is not None
    two.give_chance(HousesDealt((House.MARS, House.DIANA)))
    assert [p.house for p in two.state.players] == [House.MARS, House.DIANA]


@pytest.mark.rule("RR-DIE-1")
def test_a_die_face_that_is_no_face_is_bad_input() -> None:
    """A roll of the Rising die whose face is not one of its faces is refused (before: it
    was taken, and the game went on with it)."""
    game = _waiting_for(Game.new(2, given_chances=True), "die")
    seat = game.pending_chance.draw(random.Random(1)).seat  # type: ignore[union-attr]
    for face in ("junk", None, 7):
        with pytest.raises(BadInputError, match="is not an outcome of the Rising die"):
            game.give_chance(DieRolled(seat, face))  # type: ignore[arg-type]
    assert game.pending_chance is not None


def test_clones_samples_and_pickles_keep_waiting_for_chances() -> None:
    """A clone, a sample and an unpickled copy of a given-chances game still wait for
    outcomes; a sample cannot be pickled (its log is not one the rules replay)."""
    _, game = replay_given(2, 9, 30)
    assert game.pending is not None
    twin = game.clone()
    copy = pickle.loads(pickle.dumps(game))
    assert copy.events == game.events and copy.pending == game.pending
    sample = game.sample_for(game.pending.seat, random.Random(2))
    for other in (twin, copy, sample):
        while other.pending is not None:
            other.choose(other.pending.options[0])
            if other.pending_chance is not None:
                break
        assert other.pending_chance is not None or other.is_over
    with pytest.raises(TypeError, match="sample"):
        pickle.dumps(sample)


@pytest.mark.rule("RR-DIE-1")
def test_picks_draw_a_die_face_by_its_index() -> None:
    """The die is one pick among its six faces; the outcome is that face."""
    faces = (Bonus.HELIUM, Bonus.FLEET, Bonus.INFLUENCE, Bonus.SOVEREIGN, Bonus.FLEET,
             Bonus.HELIUM)
    die = Chance("the die", lambda rng: DieRolled(0, rng.choice(faces)),
                 lambda e: isinstance(e, DieRolled))
    assert outcome_of(die, []) == (0, 1, 2, 3, 4, 5)
    assert outcome_of(die, [3]) == DieRolled(0, Bonus.SOVEREIGN)
    with pytest.raises(BadInputError, match="chance pick 6 is not one of the 6"):
        outcome_of(die, [6])
    with pytest.raises(BadInputError, match="1 chance picks too many"):
        outcome_of(die, [1, 2])


@pytest.mark.rule("RR-SETUP-6")
def test_a_shuffle_is_one_pick_at_a_time_among_those_left() -> None:
    """A shuffle of n items is n picks, each among the indices not drawn yet; randrange is a
    pick of the number itself."""
    cards = ("sevro", "darrow", "mustang")
    shuffle = Chance("a shuffle", lambda rng: DeckShuffled(tuple(rng.sample(cards, 3))),
                     lambda e: isinstance(e, DeckShuffled))
    assert outcome_of(shuffle, []) == (0, 1, 2)
    assert outcome_of(shuffle, [1]) == (0, 2)
    assert outcome_of(shuffle, [1, 2]) == (0,)
    order = ("darrow", "mustang", "sevro")
    assert outcome_of(shuffle, [1, 2, 0]) == DeckShuffled(order)  # type: ignore[arg-type]
    with pytest.raises(BadInputError):
        outcome_of(shuffle, [1, 1])
    first = Chance("first", lambda rng: FirstPlayerChosen(rng.randrange(4)),
                   lambda e: isinstance(e, FirstPlayerChosen))
    assert outcome_of(first, []) == (0, 1, 2, 3)
    assert outcome_of(first, [2]) == FirstPlayerChosen(2)


def test_a_draw_the_picks_do_not_model_fails_loudly() -> None:
    """A rule drawing with random() or getrandbits() (not a choice, sample or randrange) is
    refused, so a new kind of draw cannot be silently biased; an illegal pick's error lists
    the first eight legal values."""
    for draw in (lambda rng: DieRolled(0, Bonus.FLEET if rng.random() < 0.5 else Bonus.HELIUM),
                 lambda rng: FirstPlayerChosen(rng.getrandbits(2))):
        odd = Chance("an odd draw", draw, lambda e: True)
        with pytest.raises(AssertionError, match="not modelled"):
            outcome_of(odd, [])
    first = Chance("first", lambda rng: FirstPlayerChosen(rng.randrange(10)),
                   lambda e: isinstance(e, FirstPlayerChosen))
    with pytest.raises(BadInputError, match=r"of the 10 legal values here "
                                            r"\(0, 1, 2, 3, 4, 5, 6, 7, \.\.\.\)"):
        outcome_of(first, [10])
    with pytest.raises(AssertionError, match="counts"):
        outcome_of(Chance("counted", lambda rng: DeckShuffled(tuple(rng.sample(
            ["a", "b"], 2, counts=[1, 1]))), lambda e: True), [])  # type: ignore[arg-type]
