"""SuperSuit's wrappers on the PettingZoo environments (issue #30): those of Box observations
apply to ``flat_observations=True`` (the observation array alone, the mask in ``infos``)."""

from __future__ import annotations

import pytest

supersuit = pytest.importorskip("supersuit", reason="supersuit is not installed")
numpy = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from rr.integrations.pettingzoo import env, parallel_env  # noqa: E402


@pytest.mark.parametrize("wrap", [
    lambda e: supersuit.dtype_v0(e, numpy.float64),
    lambda e: supersuit.normalize_obs_v0(e, env_min=-1.0, env_max=1.0),
    lambda e: supersuit.frame_stack_v1(e, 3),
], ids=["dtype_v0", "normalize_obs_v0", "frame_stack_v1"])
def test_box_wrappers_apply_to_flat_observations(wrap: object) -> None:
    """dtype_v0, normalize_obs_v0 and frame_stack_v1 wrap the flat environment, which still
    passes api_test, the mask in infos."""
    wrapped = wrap(env(players=2, seed=1, flat_observations=True))  # type: ignore[operator]
    api_test(wrapped, num_cycles=300)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    assert wrapped.infos[agent]["action_mask"].any()


def test_the_dict_observation_is_refused_by_box_wrappers() -> None:
    """The default dict observation (observation and mask) is not a Box: SuperSuit's Box
    wrappers refuse it, as the module docstring says."""
    with pytest.raises((AttributeError, AssertionError)):
        supersuit.dtype_v0(env(players=2, seed=1), numpy.float64).reset(seed=1)


def test_a_vector_env_steps_with_the_masks_in_infos() -> None:
    """pettingzoo_env_to_vec_env_v1 makes a vector environment of the flat parallel one;
    stepped with each agent's first legal action (from infos), it plays on."""
    vec = supersuit.pettingzoo_env_to_vec_env_v1(
        parallel_env(players=2, seed=1, flat_observations=True))
    observations, infos = vec.reset(seed=1)
    assert observations.shape == (2, 1934)
    for _ in range(20):
        actions = [int(numpy.flatnonzero(info["action_mask"])[0])
                   if info["action_mask"].any() else 0 for info in infos]
        observations, rewards, _, _, infos = vec.step(numpy.array(actions))
        assert observations.shape == (2, 1934) and len(rewards) == 2
