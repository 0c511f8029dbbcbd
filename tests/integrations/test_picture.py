"""render_mode="rgb_array": an image of the table as one seat sees it (rr.integrations.picture),
in both environments; it never shows a card the seat may not know."""

from __future__ import annotations

import random

import pytest

numpy = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium", reason="the pettingzoo extra is not installed")

from rr.engine import Game  # noqa: E402
from rr.integrations.gymnasium import ID  # noqa: E402
from rr.integrations.picture import lines_of, table_image  # noqa: E402
from rr.narrate import card_name  # noqa: E402


def played(seed: int, decisions: int, players: int = 3) -> Game:
    """A game of ``players`` after ``decisions`` random choices."""
    game, rng = Game.new(players, seed=seed), random.Random(seed)
    for _ in range(decisions):
        decision = game.pending
        assert decision is not None
        game.choose(rng.choice(decision.options), seat=decision.seat)
    return game


def test_an_image_is_height_by_width_by_3_uint8_of_one_shape_all_game() -> None:
    """table_image is an (H, W, 3) uint8 array, the same shape at the start, mid-game and at
    the end, and it changes as the game moves."""
    start, middle = played(4, 0), played(4, 60)
    first, later = table_image(start, 0), table_image(middle, 0)
    assert first.dtype == numpy.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert later.shape == first.shape and not numpy.array_equal(first, later)
    end = played(4, 0)
    rng = random.Random(1)
    while (decision := end.pending) is not None:
        end.choose(rng.choice(decision.options), seat=decision.seat)
    assert table_image(end, 0).shape == first.shape
    assert len(numpy.unique(first.reshape(-1, 3), axis=0)) > 3  # text in several colours


def test_two_games_the_seat_cannot_tell_apart_give_the_same_image() -> None:
    """A sample of the seat's information set (every card it does not know dealt again,
    RR-VIEW-7) differs from the game in hidden cards, yet gives the seat the same image; the
    other seat, whose hand differs, sees a different one."""
    game = played(7, 30)
    sample = game.sample_for(0, random.Random(5))
    assert sample.state.players[1].hand != game.state.players[1].hand
    assert numpy.array_equal(table_image(game, 0), table_image(sample, 0))
    assert not numpy.array_equal(table_image(game, 1), table_image(sample, 1))


def test_the_image_names_only_what_the_seat_knows() -> None:
    """The lines drawn hold the seat's own hand and no other hand's card."""
    game = played(2, 10, players=2)
    text = "".join(t for line in lines_of(game.view(0)) for t, _ in line)
    own = {c for c in game.state.players[0].hand}
    other = set(game.state.players[1].hand) - own - {c for _, s in game.view(0).locations
                                                    for c in s}
    assert all(card_name(c) in text for c in own)
    assert not any(card_name(c) in text for c in other)


def test_the_gymnasium_environment_renders_the_learner_s_view() -> None:
    """rr/RedRising-v0 with render_mode="rgb_array" renders the learner's seat's image."""
    made = gymnasium.make(ID, players=2, seat=1, render_mode="rgb_array")
    made.reset(seed=3)
    table = made.unwrapped
    assert numpy.array_equal(made.render(), table_image(table.game, 1))


def test_the_pettingzoo_environment_renders_the_spectator_s_view() -> None:
    """The PettingZoo environments' rgb_array is the table as a spectator sees it."""
    pytest.importorskip("pettingzoo")
    from rr.integrations.pettingzoo import env, parallel_env

    table = env(players=3, seed=2, render_mode="rgb_array")
    table.reset()
    assert numpy.array_equal(table.render(), table_image(table.game, None))
    parallel = parallel_env(players=2, seed=2, render_mode="rgb_array")
    parallel.reset()
    assert parallel.render().shape[2] == 3


def test_sb3_make_vec_env_makes_the_environment_with_its_defaults() -> None:
    """Stable-Baselines3's make_vec_env("rr/RedRising-v0") (which asks for rgb_array) makes
    it, and sb3-contrib's MaskablePPO learns a few steps on it with its defaults."""
    pytest.importorskip("stable_baselines3", reason="the rl extra is not installed")
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="the rl extra is not installed")
    from stable_baselines3.common.env_util import make_vec_env

    vec = make_vec_env(ID, n_envs=2, seed=0)
    vec.reset()
    assert vec.render_mode == "rgb_array" and vec.get_images()[0].shape[2] == 3
    model = sb3_contrib.MaskablePPO("MlpPolicy", vec, n_steps=64, batch_size=64, seed=0)
    model.learn(128)
    assert model.num_timesteps >= 128
