"""The observation the environments keep up to date (rr.seat_observation, issue #30 point 5)
is, bit for bit, the one built from scratch (rr.observation.observation_array), whenever and
however often it is asked, and like it depends only on what the seat knows."""

from __future__ import annotations

import random

import pytest

numpy = pytest.importorskip("numpy", reason="the pettingzoo extra is not installed")

from rr.engine import Game  # noqa: E402
from rr.errors import BadInputError  # noqa: E402
from rr.observation import observation_array  # noqa: E402
from rr.seat_observation import SeatObservation  # noqa: E402


def new_game(players: int, seed: int) -> Game:
    return Game.new(["solo"], seed=seed, level=1 + seed % 6) if players == 1 \
        else Game.new(players, seed=seed)


def agent_seats(game: Game) -> list[int]:
    return [s for s in game.state.seats if not game.state.is_automa(s)]


def same(kept: SeatObservation, game: Game, seat: int) -> bool:
    """Whether ``kept`` gives exactly the bytes of the observation built from scratch."""
    fast, straight = kept.array(game), observation_array(game, seat)
    return fast.dtype == straight.dtype and fast.tobytes() == straight.tobytes()


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_every_step_every_seat_the_kept_observation_is_the_built_one(players: int) -> None:
    """At every step of random games, every seat's kept observation is the one built from
    scratch: its parts brought up to date one step at a time never drift."""
    for seed in range(3):
        game, rng = new_game(players, seed), random.Random(seed)
        kept = {seat: SeatObservation(seat) for seat in agent_seats(game)}
        steps = 0
        while True:
            for seat, observer in kept.items():
                assert same(observer, game, seat), (players, seed, steps, seat)
            if game.pending is None:
                break
            game.choose(rng.choice(game.pending.options))
            steps += 1
        assert steps > 20


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_asked_now_and_then_the_kept_observation_is_the_built_one(players: int) -> None:
    """Asked after a random number of steps (as an agent is, between its turns), and asked
    twice at the same step, a kept observation is still the one built from scratch."""
    for seed in range(4):
        game, rng = new_game(players, 100 + seed), random.Random(seed)
        kept = {seat: SeatObservation(seat) for seat in agent_seats(game)}
        while game.pending is not None:
            for seat, observer in kept.items():
                if rng.random() < 0.3:
                    assert same(observer, game, seat)
                    assert same(observer, game, seat)
            game.choose(rng.choice(game.pending.options))
        for seat, observer in kept.items():
            assert same(observer, game, seat)


def test_one_kept_observation_follows_one_game_after_another() -> None:
    """Moved on to another game, of the same or another number of players, a kept
    observation shows that game (nothing of the first is left)."""
    observer, rng = SeatObservation(0), random.Random(7)
    for players, seed in [(4, 1), (4, 2), (2, 3), (6, 4), (1, 5), (3, 6)]:
        game = new_game(players, seed)
        for _ in range(rng.randrange(20, 200)):
            if game.pending is None:
                break
            game.choose(rng.choice(game.pending.options))
        assert same(observer, game, 0)


def test_the_array_returned_is_the_callers() -> None:
    """The array returned is a copy: changing it, or the game moving on, does not change an
    array already returned, nor the next one."""
    game, rng = Game.new(4, seed=3), random.Random(3)
    observer = SeatObservation(1)
    first = observer.array(game)
    kept = first.copy()
    first[:] = 0.5
    assert observer.array(game).tobytes() == kept.tobytes()
    while game.pending is not None and game.pending.seat != 1:
        game.choose(rng.choice(game.pending.options))
    second, then = observer.array(game), observation_array(game, 1).tobytes()
    game.choose(rng.choice(game.pending.options))
    third = observer.array(game)
    assert second.tobytes() == then != third.tobytes()
    assert not numpy.shares_memory(second, third)


@pytest.mark.rule("RR-VIEW-7")
@pytest.mark.parametrize("players", [2, 4])
def test_a_kept_observation_depends_only_on_what_the_seat_knows(players: int) -> None:
    """A seat's kept observation of a game is the observation built from scratch of any
    sample of its information set (another deal of what it does not know): what it was
    kept from tells it nothing more."""
    rng = random.Random(players)
    game = Game.new(players, seed=players)
    kept = {seat: SeatObservation(seat) for seat in range(players)}
    checked = 0
    while game.pending is not None:
        for seat, observer in kept.items():
            fast = observer.array(game)
            if rng.random() < 0.05:
                sample = game.sample_for(seat, rng)
                assert fast.tobytes() == observation_array(sample, seat).tobytes()
                checked += 1
        game.choose(rng.choice(game.pending.options))
    assert checked > 5


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    """A kept observation of a seat the game has not got raises BadInputError."""
    with pytest.raises(BadInputError):
        SeatObservation(4).array(Game.new(4, seed=1))


@pytest.mark.parametrize("players", [1, 3, 4])
def test_the_environments_observe_what_is_built_from_scratch(players: int) -> None:
    """The PettingZoo environment's observation of every agent at every step, and the
    Gymnasium environment's at every learner step, are the observations built from scratch."""
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
    from rr.integrations.gymnasium import RedRisingGymEnv
    from rr.integrations.pettingzoo import env

    table, rng = env(players=players, seed=players), numpy.random.default_rng(players)
    table.reset()
    for agent in table.agent_iter():
        game = table.game
        for other in table.agents:
            wanted = observation_array(game, table._seat_of[other]).tobytes()
            assert table.observe(other)["observation"].tobytes() == wanted
        observation, _, terminated, truncated, _ = table.last()
        mask = observation["action_mask"]
        table.step(None if terminated or truncated
                   else int(rng.choice(numpy.flatnonzero(mask))))
    single = RedRisingGymEnv(players=players, seat=0)
    seen, info = single.reset(seed=players)
    over = False
    while not over:
        assert seen.tobytes() == observation_array(single.game, 0).tobytes()
        assert (info["action_mask"] == numpy.array(single.game.action_mask())).all()
        action = int(rng.choice(numpy.flatnonzero(single.action_masks())))
        seen, _, terminated, truncated, info = single.step(action)
        over = terminated or truncated
    assert seen.tobytes() == observation_array(single.game, 0).tobytes()
