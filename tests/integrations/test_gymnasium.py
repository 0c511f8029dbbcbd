"""The single-agent Gymnasium environment rr/RedRising-v0 (issue #30): registered on import,
passes Gymnasium's check_env, masks its actions as sb3-contrib expects, plays any agents as
opponents, and trains."""

from __future__ import annotations

import re
import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the pettingzoo extra is not installed")
numpy = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import rr.integrations.gymnasium  # noqa: E402, F401  # registers rr/RedRising-v0
from rr.actions import NUM_ACTIONS, action_of  # noqa: E402
from rr.engine import Game  # noqa: E402
from rr.errors import AgentError, BadInputError, IllegalChoiceError  # noqa: E402
from rr.integrations.gymnasium import ID, RedRisingGymEnv  # noqa: E402
from rr.observation import observation  # noqa: E402
from rr.options import Answer  # noqa: E402


def make(**options: object) -> RedRisingGymEnv:
    made = gymnasium.make(ID, **options).unwrapped
    assert isinstance(made, RedRisingGymEnv)
    return made


@pytest.mark.parametrize("options", [
    {}, {"players": 4, "opponents": "greedy", "seat": 2}, {"players": 1, "level": 3},
], ids=["2 players", "4 players against greedy", "solo"])
def test_check_env_passes(options: dict[str, object]) -> None:
    """Gymnasium's check_env passes on the registered environment, made with gymnasium.make
    (its checker wrappers included) and unwrapped."""
    made = gymnasium.make(ID, **options)
    check_env(made.unwrapped)
    check_env(made)


def test_the_learner_sees_its_seat_and_its_legal_actions() -> None:
    """reset(seed=s) plays the game of that seed; the observation is the seat's, and
    action_masks() and info["action_mask"] are its legal actions when it decides."""
    table = make(players=3, seat=1)
    obs, info = table.reset(seed=12)
    assert table.game is not None
    assert table.game.events[0] == Game.new(["player_0", "player_1", "player_2"],
                                            seed=12).events[0]
    assert table.game.pending is not None and table.game.pending.seat == 1  # opponents played
    assert numpy.array_equal(obs, numpy.array(observation(table.game, 1), numpy.float32))
    assert table.observation_space.contains(obs)
    legal = numpy.flatnonzero(table.action_masks()).tolist()
    assert legal == table.game.legal_actions() == numpy.flatnonzero(info["action_mask"]).tolist()


def test_whole_games_end_with_the_reward_by_rank() -> None:
    """Masked random play reaches the end; the last reward is +1 for a win over the random
    opponent, -1 for a loss (0 for a shared win), and nothing is rewarded before."""
    table = make()
    rng = numpy.random.default_rng(0)
    for episode in range(2):
        table.reset(seed=100 + episode)
        rewards = []
        over = False
        while not over:
            action = int(rng.choice(numpy.flatnonzero(table.action_masks())))
            _, reward, terminated, truncated, _ = table.step(action)
            rewards.append(reward)
            over = terminated or truncated
        assert table.game is not None and table.game.is_over
        winners = table.game.state.winners or ()
        assert rewards[-1] == (0.0 if len(winners) == 2 else 1.0 if 0 in winners else -1.0)
        assert not any(rewards[:-1])
        assert not table.action_masks().any()


def test_an_illegal_action_costs_a_penalty_or_raises() -> None:
    """By default an illegal action leaves the game as it was and is rewarded -0.1; with
    illegal_action="raise" it raises and changes nothing."""
    table = make()
    table.reset(seed=3)
    assert table.game is not None
    before = table.game.events
    _, reward, terminated, truncated, _ = table.step(action_of(Answer.YES))
    assert reward == -0.1 and not terminated and not truncated
    assert table.game.events == before
    strict = make(illegal_action="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalChoiceError):
        strict.step(action_of(Answer.YES))
    assert strict.game is not None and strict.game.events == before


def test_max_steps_truncates() -> None:
    """max_steps learner steps end the episode as truncated, not terminated."""
    table = make(max_steps=3)
    table.reset(seed=5)
    for step in range(3):
        _, _, terminated, truncated, _ = table.step(
            int(numpy.flatnonzero(table.action_masks())[0]))
        assert not terminated and truncated == (step == 2)


def test_opponents_may_be_any_agents() -> None:
    """Each other seat may be a different agent, a user's module:Class included, which is
    handed only its own seat."""
    table = make(players=3, opponents={1: "ismcts:2", 2: "tests.agents.bots:FirstOption"})
    table.reset(seed=8)
    for _ in range(10):
        table.step(int(numpy.flatnonzero(table.action_masks())[0]))
    user = table.opponents.playing[2]
    assert set(user.seats) == {2}


@pytest.mark.parametrize("illegal_action", ["penalty", "raise"])
def test_an_opponent_s_mistake_is_its_own_error(illegal_action: str) -> None:
    """An opponent that chooses an option that is not legal, or raises, is an AgentError
    naming it and its seat, in either illegal_action mode: not the IllegalChoiceError (or
    the penalty) of the learner, whose action was legal."""
    for opponent, said in (("tests.agents.bots:Illegal", "chose an option that is not legal"),
                           ("tests.agents.bots:Raiser", "choose raised ValueError")):
        table = make(opponents=opponent, illegal_action=illegal_action)
        with pytest.raises(AgentError, match=re.escape(f"seat 1's agent '{opponent}'")
                           + ".*" + re.escape(said)):
            table.reset(seed=2)
            for _ in range(400):  # until the opponent's first decision
                table.step(int(numpy.flatnonzero(table.action_masks())[0]))


def test_bad_options_are_refused() -> None:
    """A seat outside the game, opponents that leave a seat unplayed, an unknown agent, a bad
    mode: typed errors."""
    with pytest.raises(BadInputError, match="seat must be"):
        make(players=2, seat=2)
    with pytest.raises(BadInputError, match="every seat but the learner"):
        make(players=3, opponents={1: "random"})
    with pytest.raises(BadInputError, match="unknown agent"):
        make(opponents="bogus")
    with pytest.raises(BadInputError, match="no choose"):
        make(opponents="tests.agents.bots:NoChoose").reset(seed=1)
    with pytest.raises(BadInputError, match="illegal_action"):
        make(illegal_action="ignore")


def test_a_short_training_loop_learns_from_masked_play() -> None:
    """A short policy-gradient loop (REINFORCE with a linear softmax over the legal actions,
    numpy only: the cheapest honest learner; the MaskablePPO example needs torch) plays
    whole games through action_masks(), never chooses an illegal action, and updates its
    weights from the final rewards."""
    table = make()
    rng = numpy.random.default_rng(1)
    weights = numpy.zeros((table.observation_space.shape[0], NUM_ACTIONS), numpy.float32)
    start = weights.copy()
    for episode in range(3):
        obs, _ = table.reset(seed=episode)
        trace, over, reward = [], False, 0.0
        while not over:
            mask = table.action_masks()
            logits = obs @ weights
            logits[~mask] = -numpy.inf
            p = numpy.exp(logits - logits[mask].max())
            p /= p.sum()
            action = int(rng.choice(NUM_ACTIONS, p=p))
            assert mask[action]
            trace.append((obs, action, p))
            obs, reward, terminated, truncated, _ = table.step(action)
            assert reward != -0.1  # never an illegal action
            over = terminated or truncated
        for seen, action, p in trace:  # gradient of log p(action) times the return
            grad = -p
            grad[action] += 1.0
            weights += 0.01 * reward * numpy.outer(seen, grad).astype(numpy.float32)
    assert not numpy.array_equal(weights, start)


def test_maskable_ppo_learns_a_few_steps() -> None:
    """sb3-contrib's MaskablePPO (the rl extra, with torch) trains on the environment for a
    few hundred steps and predicts legal actions."""
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="the rl extra is not installed")
    made = gymnasium.make(ID)
    model = sb3_contrib.MaskablePPO("MlpPolicy", made, n_steps=128, batch_size=64, seed=0)
    model.learn(256)
    table = made.unwrapped
    obs, _ = table.reset(seed=9)
    action, _ = model.predict(obs, action_masks=table.action_masks(), deterministic=True)
    assert table.action_masks()[int(action)]


def test_sampling_the_action_space_plays_legal_games() -> None:
    """action_space.sample() without a mask draws one of the learner's legal actions (a random
    agent sampling the space never pays the penalty), repeatably from the space's seed; the
    space is still Discrete(NUM_ACTIONS) and contains every action."""
    def game(seed: int) -> list[int]:
        table = make(players=3, seat=1)
        table.reset(seed=seed)
        table.action_space.seed(seed)
        taken, over = [], False
        while not over:
            action = table.action_space.sample()
            assert table.action_masks()[action]
            taken.append(int(action))
            _, reward, terminated, truncated, _ = table.step(action)
            assert reward == 0.0 or terminated  # never the -0.1 penalty
            over = terminated or truncated
        return taken

    assert game(7) == game(7) != game(8)
    table = make()
    assert table.action_space == gymnasium.spaces.Discrete(NUM_ACTIONS)
    assert table.action_space.contains(numpy.int64(action_of(Answer.YES)))


def test_stable_baselines3_check_env_passes() -> None:
    """Stable-Baselines3's own check_env (the rl extra) passes without a warning, the action
    space that samples legal actions included."""
    pytest.importorskip("stable_baselines3", reason="the rl extra is not installed")
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    for options in ({}, {"players": 4, "opponents": "greedy", "seat": 2}):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            sb3_check_env(make(**options))
        assert not [str(w.message) for w in caught]
