"""What the environments hand out at every step (issue #30 point 5): each agent's observation
is the one rr.observation builds for its seat, and the action mask, made once a decision, is
the pending decision's — whatever was asked before, an illegal action included."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
numpy = pytest.importorskip("numpy")

from rr.integrations.gymnasium import RedRisingGymEnv  # noqa: E402
from rr.integrations.pettingzoo import env  # noqa: E402
from rr.observation import observation_array  # noqa: E402


@pytest.mark.parametrize("players", [1, 3, 4, 6])
def test_every_step_every_agent_sees_its_observation_and_the_decisions_mask(
        players: int) -> None:
    """At every step of a random game, every agent's observation is observation_array of its
    seat, the selected agent's mask (in the observation and in infos) is the game's, a new
    array each decision, and every other agent's mask is all zeros."""
    table, rng = env(players=players, seed=players), numpy.random.default_rng(players)
    table.reset()
    steps = 0
    for _ in table.agent_iter():
        game = table.game
        for other in table.agents:
            wanted = observation_array(game, table._seat_of[other]).tobytes()
            assert table.observe(other)["observation"].tobytes() == wanted
        observation, _, terminated, truncated, info = table.last()
        mask = observation["action_mask"]
        if terminated or truncated:
            table.step(None)
            continue
        assert (mask == numpy.array(game.action_mask(), dtype=numpy.int8)).all()
        assert info["action_mask"] is mask
        for other in table.agents:  # every other agent's mask, in infos too, is all zeros
            if other != table.agent_selection:
                assert not table.infos[other]["action_mask"].any()
                assert not table.observe(other)["action_mask"].any()
        action = int(rng.choice(numpy.flatnonzero(mask)))
        mask[:] = 1  # a learner's scribble on its mask changes no later decision's mask
        table.step(action)
        steps += 1
    assert steps > 20


def test_after_an_illegal_action_the_mask_is_still_the_decisions() -> None:
    """With the penalty for illegal actions, a refused action leaves the mask as it was, and
    the next legal action is played."""
    table, rng = env(players=2, seed=5, illegal_action="penalty"), numpy.random.default_rng(5)
    table.reset()
    for _ in range(30):
        observation, *_ = table.last()
        mask = observation["action_mask"]
        illegal = int(numpy.flatnonzero(mask == 0)[0])
        before = len(table.game.events)
        table.step(illegal)
        assert len(table.game.events) == before
        again, *_ = table.last()
        assert (again["action_mask"] == mask).all()
        table.step(int(rng.choice(numpy.flatnonzero(mask))))
        assert len(table.game.events) > before


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_gymnasium_learner_sees_its_observation_and_the_decisions_mask(
        players: int) -> None:
    """At every learner step of rr/RedRising-v0, the observation is observation_array of the
    learner's seat, and action_masks() and info's mask are the game's; a mask handed out is
    the caller's (changing it changes nothing)."""
    rng = numpy.random.default_rng(players)
    single = RedRisingGymEnv(players=players, seat=0)
    seen, info = single.reset(seed=players)
    over = False
    while not over:
        assert seen.tobytes() == observation_array(single.game, 0).tobytes()
        wanted = numpy.array(single.game.action_mask())
        assert (info["action_mask"] == wanted).all()
        info["action_mask"][:] = True
        assert (single.action_masks() == wanted).all()
        action = int(rng.choice(numpy.flatnonzero(single.action_masks())))
        seen, _, terminated, truncated, info = single.step(action)
        over = terminated or truncated
    assert seen.tobytes() == observation_array(single.game, 0).tobytes()
    assert not single.action_masks().any()
