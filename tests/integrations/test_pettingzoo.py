"""The PettingZoo environment (rr.integrations.pettingzoo, issue #13) passes PettingZoo's own
API and seed tests, and plays rr's games: same seed, same game; rewards by rank at the end;
each agent shown only what it knows."""

from __future__ import annotations

import copy
import functools
import itertools
import pickle
import re
import warnings
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
numpy = pytest.importorskip("numpy")

from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)
from gymnasium import spaces  # noqa: E402
from pettingzoo.utils.conversions import parallel_to_aec  # noqa: E402

from rr.actions import NUM_ACTIONS, action_of  # noqa: E402
from rr.cards.catalogue import card  # noqa: E402
from rr.engine import Game  # noqa: E402
from rr.errors import (  # noqa: E402
    AgentError,
    BadInputError,
    IllegalChoiceError,
    UnknownActionError,
)
from rr.integrations.pettingzoo import (  # noqa: E402
    RedRisingEnv,
    env,
    parallel_env,
    rewards_by_rank,
)
from rr.observation import observation, state_vector  # noqa: E402
from rr.options import Answer  # noqa: E402

# api_test warns that any dict observation "is not a NumPy array" (it lists the dict
# observations of PettingZoo's own games by name) and that a Dict space "probably should be"
# a Box: both are the documented action-mask convention this environment follows.
EXPECTED_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent")


def play(table: RedRisingEnv, seed: int) -> tuple[dict[str, float], list[str]]:
    """Plays ``table`` to the end with random legal actions; the final rewards and the agents
    selected, in order."""
    rng = numpy.random.default_rng(seed)
    final: dict[str, float] = {}
    selected = []
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        selected.append(agent)
        if terminated or truncated:
            final[agent] = reward
            table.step(None)
        else:
            table.step(int(rng.choice(numpy.flatnonzero(obs["action_mask"]))))
    return final, selected


@pytest.mark.parametrize("players", [1, 2, 4, 6])  # 1: solo against Au Toma
def test_pettingzoo_api_test_passes(players: int) -> None:
    """pettingzoo.test.api_test passes on whole games, warning only about the dict
    observation it does not know."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(players=players, seed=players), num_cycles=3000)
    unexpected = {str(w.message) for w in caught
                  if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected, unexpected


@pytest.mark.parametrize("players", [1, 3, 5])
def test_pettingzoo_seed_test_passes(players: int) -> None:
    """pettingzoo.test.seed_test passes: the same seed gives the same observations, masks,
    rewards and agents, through whole games."""
    seed_test(lambda: env(players=players), num_cycles=1000)


def test_a_seed_plays_the_game_rr_plays_with_that_seed() -> None:
    """reset(seed=s) deals the game Game.new(..., seed=s) deals, and the same actions make the
    same events."""
    table = env(players=3)
    table.reset(seed=11)
    game = Game.new(["player_0", "player_1", "player_2"], seed=11)
    assert table.game is not None and table.game.events == game.events
    for _ in range(40):
        action = table.game.legal_actions()[0]
        table.step(action)
        game.choose_action(action)
    assert table.game.events == game.events


def test_episodes_follow_from_the_first_seed() -> None:
    """Two environments made with the same seed play the same run of episodes, the first
    being the game of that seed, and the episodes of a run differ from each other."""
    one, two = env(players=2, seed=3), env(players=2, seed=3)
    runs = []
    for table in (one, two):
        games = []
        for _ in range(3):
            table.reset()
            assert table.game is not None
            games.append(table.game.events)
        runs.append(games)
    assert runs[0] == runs[1] and len({tuple(g) for g in runs[0]}) == 3
    assert runs[0][0] == Game.new(["player_0", "player_1"], seed=3).events


@pytest.mark.rule("RR-END-7")
def test_rewards_come_at_the_end_by_rank() -> None:
    """Nothing is rewarded before the end; then the game's winners share +1 and the others -1,
    summing to zero; the same agent is often asked twice in a row."""
    table = env(players=4, seed=8)
    table.reset()
    final, selected = play(table, seed=8)
    assert set(final) == set(table.possible_agents) and abs(sum(final.values())) < 1e-9
    assert any(a == b for a, b in itertools.pairwise(selected))
    assert table.game is not None and table.game.state.winners
    winners = {f"player_{s}" for s in table.game.state.winners}
    assert all((final[a] > 0) == (a in winners) for a in final)
    assert table.agents == []


def test_rewards_by_rank() -> None:
    """k winners share +1, the n-k others share -1; a game everyone wins gives nothing."""
    assert rewards_by_rank(2, (1,)) == [-1.0, 1.0]
    assert rewards_by_rank(4, (0, 2)) == [0.5, -0.5, 0.5, -0.5]
    assert rewards_by_rank(3, (0,)) == [1.0, -0.5, -0.5]
    assert rewards_by_rank(3, (0, 1, 2)) == [0.0, 0.0, 0.0]


def test_solo_rewards_the_player_against_au_toma() -> None:
    """In a solo game the one agent, at the level asked, is rewarded +1 for beating Au Toma,
    -1 for losing."""
    table = env(players=1, seed=2, level=1)
    table.reset()
    final, _ = play(table, seed=2)
    assert table.game is not None and table.game.state.winners is not None
    assert table.game.state.solo is not None and table.game.state.solo.level == 1
    assert final == {"player_0": 1.0 if table.game.state.winners == (0,) else -1.0}


@pytest.mark.rule("RR-VIEW-1")
def test_each_agent_sees_its_own_observation_and_only_the_decider_a_mask() -> None:
    """An agent's observation is rr.observation's for its seat; the action mask is the legal
    actions for the selected agent and all zeros for the others."""
    table = env(players=3, seed=5)
    table.reset()
    assert table.game is not None
    decider = table.agent_selection
    for seat, agent in enumerate(table.possible_agents):
        seen: dict[str, Any] = table.observe(agent)
        assert seen["observation"].dtype == numpy.float32
        assert numpy.array_equal(seen["observation"],
                                 numpy.array(observation(table.game, seat), numpy.float32))
        legal = numpy.flatnonzero(seen["action_mask"]).tolist()
        assert legal == (table.game.legal_actions() if agent == decider else [])
        assert table.observation_space(agent).contains(seen)
        assert table.infos[agent]["action_mask"] is seen["action_mask"]


def test_an_illegal_action_ends_the_episode_by_default() -> None:
    """By default an illegal action ends the episode as PettingZoo's TerminateIllegalWrapper
    does: nothing is played, every agent is terminated, the agent who chose it gets -1 and
    the others 0, every mask is zeros; each agent then takes its dead step."""
    table = env(players=3, seed=6)
    table.reset()
    assert table.game is not None
    before, agent = table.game.events, table.agent_selection
    table.step(action_of(Answer.YES))
    assert table.game.events == before and not table.game.is_over
    assert all(table.terminations.values()) and not any(table.truncations.values())
    assert table.rewards == {a: (-1.0 if a == agent else 0.0) for a in table.agents}
    assert table._cumulative_rewards[agent] == -1.0
    assert table.infos[agent]["illegal_action"] is True
    assert not any(table.infos[a]["action_mask"].any() for a in table.agents)
    finals = {}
    for name in table.agent_iter():
        obs, reward, terminated, _, _ = table.last()
        assert terminated and not obs["action_mask"].any()
        finals[name] = reward
        table.step(None)
    assert finals == {a: (-1.0 if a == agent else 0.0) for a in table.possible_agents}
    assert table.agents == []
    assert env(players=2, illegal_action="terminate", illegal_reward=-3).illegal_reward == -3


def test_an_illegal_action_ends_the_parallel_episode_too() -> None:
    """The parallel environment ends the same way: every agent terminated at once."""
    table = parallel_env(players=2, seed=6)
    table.reset()
    selected = table.aec.agent_selection
    _, rewards, terminations, _, _ = table.step(
        {a: action_of(Answer.YES) for a in table.agents})
    assert all(terminations.values()) and table.agents == []
    assert rewards[selected] == -1.0 and sum(rewards.values()) == -1.0


def test_parallel_seed_and_state_tests_pass_on_the_default_environment() -> None:
    """PettingZoo's parallel_seed_test and state_test (both sample actions without the mask)
    pass on the environments as made by default."""
    for players in (2, 4):
        parallel_seed_test(functools.partial(parallel_env, players=players))
        state_test(env(players=players), parallel_env(players=players))


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    """With illegal_action="raise" (the strict setting) an action that is not legal now, or
    not an action, raises a typed error and leaves the game, the selection and the rewards as
    they were."""
    table = env(players=2, seed=6, illegal_action="raise")
    table.reset()
    assert table.game is not None
    before, agent = table.game.events, table.agent_selection
    with pytest.raises(IllegalChoiceError, match="'yes' is not a legal option"):
        table.step(action_of(Answer.YES))
    with pytest.raises(UnknownActionError):
        table.step(NUM_ACTIONS)
    assert table.game.events == before and table.agent_selection == agent
    table.step(numpy.int64(table.game.legal_actions()[0]))  # numpy integers are actions
    assert len(table.game.events) > len(before)


def test_ansi_render_narrates_what_a_spectator_sees() -> None:
    """render() tells the events since the last call, then draws the board (the four
    stacks, each player's tokens and hand size, who decides), naming no card in anyone's
    hand."""
    table = env(players=3, seed=9, render_mode="ansi")
    table.reset()
    assert table.game is not None
    story = table.render()
    assert story and "Jupiter" in story and "P0 player_0" in story and "decides:" in story
    hands = [card(c).name for p in table.game.state.players for c in p.hand]
    assert not [name for name in hands if name in story]
    again = table.render()
    assert again is not None and again.startswith("\n")  # nothing happened since: the board
    table.step(table.game.legal_actions()[-1])  # Scout
    assert len(table.render() or "") > len(again)


def test_human_render_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    """render_mode "human" prints what "ansi" returns, and returns None."""
    table = env(players=2, seed=9, render_mode="human")
    table.reset()
    assert table.render() is None
    out = capsys.readouterr().out
    assert "The Institute" in out and "decides:" in out


def test_bad_arguments_are_refused() -> None:
    """Too many players, none, an unknown render mode, a bad level or a level for a game
    between players, and using the environment before reset() are typed errors."""
    for players in (0, 7):
        with pytest.raises(BadInputError, match="players must be 1"):
            env(players=players)
    with pytest.raises(BadInputError, match="render_mode"):
        env(render_mode="rgb")
    with pytest.raises(BadInputError, match="max_cycles"):
        env(max_cycles=0)
    with pytest.raises(BadInputError, match="illegal_action"):
        env(illegal_action="ignore")
    with pytest.raises(BadInputError, match="no seat 4"):
        env(players=2, opponents={4: "random"})
    with pytest.raises(BadInputError, match="unknown agent"):
        env(players=2, opponents={1: "bogus"})
    with pytest.raises(BadInputError, match="no agent is left"):
        env(players=2, opponents={0: "random", 1: "random"})
    with pytest.raises(BadInputError, match="RR-SOLO-16"):
        env(players=1, level=7)
    with pytest.raises(BadInputError, match="a level is for a solo game"):
        env(players=3, level=2)
    with pytest.raises(BadInputError, match="reset"):
        env().observe("player_0")


def test_every_use_before_reset_is_a_typed_error() -> None:
    """step(), last(), agent_iter(), observe(), state() of the AEC environment, and the
    parallel environment's step(), before any reset(), each say to reset() first (step and
    last were a bare AttributeError, agent_iter one too)."""
    table = env(players=2)
    uses = [lambda: table.step(0), table.last, table.agent_iter,
            lambda: table.observe("player_0"), table.state,
            lambda: parallel_env(players=2).step({"player_0": 0})]
    for use in uses:
        with pytest.raises(BadInputError, match=r"reset\(\) the environment"):
            use()
    table.reset(seed=3)
    assert next(iter(table.agent_iter())) == table.agent_selection
    assert table.last()[1:4] == (0.0, False, False)


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_parallel_api_test_passes(players: int) -> None:
    """pettingzoo.test.parallel_api_test passes on whole games of the parallel environment
    (PettingZoo's turn-based convention: the selected agent's action is played)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(players=players, seed=players), num_cycles=3000)
    unexpected = {str(w.message) for w in caught
                  if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected, unexpected


def test_render_test_passes() -> None:
    """pettingzoo.test.render_test passes for both render modes, "ansi" and "human"."""
    render_test(lambda render_mode=None: env(players=3, seed=1, render_mode=render_mode))


def test_max_cycles_test_passes_on_the_default_environment() -> None:
    """pettingzoo.test.max_cycles_test passes on the parallel environment as made by default
    (illegal actions end the episode): the test samples action_space(agent).sample() without
    a mask, and that draws one of the agent's legal actions. Its AEC half counts every agent
    once a cycle, so it runs on PettingZoo's parallel_to_aec of the parallel environment (the
    native AEC environment, where one agent often decides several times in a row, cannot
    give that count: test_max_cycles_truncates_the_aec_environment checks that one)."""
    module = SimpleNamespace(parallel_env=parallel_env,
                             env=lambda **kw: parallel_to_aec(parallel_env(**kw)))
    max_cycles_test(module)
    for players in (2, 6):  # and at other sizes than the default 4
        max_cycles_test(SimpleNamespace(
            parallel_env=functools.partial(parallel_env, players=players),
            env=lambda players=players, **kw: parallel_to_aec(parallel_env(players, **kw))))


def test_sampling_the_action_space_plays_legal_games() -> None:
    """action_space(agent).sample() without a mask draws among the agent's legal actions now
    (the default environment never ends a game for an illegal action then), repeatably from
    the space's seed; sample(mask) honours the mask given; contains() is the whole range;
    one space object per agent."""
    def games(seed: int) -> list[int]:
        table = env(players=3, seed=seed)
        table.reset()
        for i, agent in enumerate(table.possible_agents):
            table.action_space(agent).seed(100 + i)
        taken = []
        for agent in table.agent_iter():
            _, _, terminated, truncated, info = table.last()
            if terminated or truncated:
                assert "illegal_action" not in info
                table.step(None)
                continue
            action = table.action_space(agent).sample()
            assert info["action_mask"][action] == 1
            taken.append(int(action))
            table.step(action)
        assert table.game is not None and table.game.is_over
        return taken

    first = games(4)
    assert games(4) == first and games(5) != first
    table = env(players=2, seed=1)
    table.reset()
    agent = table.agent_selection
    space = table.action_space(agent)
    assert space is table.action_space(agent) and space == spaces.Discrete(NUM_ACTIONS)
    assert all(space.contains(numpy.int64(a)) for a in (0, action_of(Answer.YES),
                                                         NUM_ACTIONS - 1))
    legal = set(numpy.flatnonzero(table.last()[0]["action_mask"]).tolist())
    only = numpy.zeros(NUM_ACTIONS, numpy.int8)
    only[action_of(Answer.YES)] = 1  # not legal now: the mask given is still honoured
    assert action_of(Answer.YES) not in legal and space.sample(only) == action_of(Answer.YES)
    other = next(a for a in table.possible_agents if a != agent)
    assert {int(table.action_space(other).sample()) for _ in range(50)} - legal  # the range
    assert {int(space.sample()) for _ in range(50)} <= legal


def test_a_copied_space_samples_the_same_and_a_pickled_one_is_plain() -> None:
    """copy.deepcopy of a space (wrappers copy spaces) samples the same agent's legal actions
    of the same environment; a pickled space (to another process) samples as a plain
    Discrete."""
    table = env(players=2, seed=3)
    table.reset()
    agent = table.agent_selection
    twin = copy.deepcopy(table.action_space(agent))
    assert twin.table is table and twin == table.action_space(agent)
    assert {int(twin.sample()) for _ in range(20)} <= set(
        numpy.flatnonzero(table.last()[0]["action_mask"]).tolist())
    moved = pickle.loads(pickle.dumps(table.action_space(agent)))
    assert moved.table is None and moved == table.action_space(agent)
    assert {int(moved.sample()) for _ in range(20)} - set(
        numpy.flatnonzero(table.last()[0]["action_mask"]).tolist())


def test_max_cycles_truncates_the_aec_environment() -> None:
    """With max_cycles=N the AEC environment takes N steps, then truncates every agent
    (reward 0, all masks zeros), each of whom then takes its dead step."""
    table = env(players=3, seed=2, max_cycles=7)
    table.reset()
    played = 0
    for _ in table.agent_iter():
        obs, reward, terminated, truncated, info = table.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            assert not obs["action_mask"].any() and not info["action_mask"].any()
            table.step(None)
        else:
            table.step(int(numpy.flatnonzero(obs["action_mask"])[0]))
            played += 1
    assert played == 7 and table.agents == []


def test_an_illegal_action_can_cost_a_penalty_instead() -> None:
    """With illegal_action="penalty" an illegal action changes nothing in the game, costs the
    agent illegal_reward, and the same agent is asked again."""
    table = env(players=2, seed=6, illegal_action="penalty", illegal_reward=-0.25)
    table.reset()
    assert table.game is not None
    before, agent = table.game.events, table.agent_selection
    table.step(action_of(Answer.YES))
    assert table.game.events == before and table.agent_selection == agent
    assert table.rewards[agent] == -0.25 and table._cumulative_rewards[agent] == -0.25
    table.step(table.game.legal_actions()[0])
    assert len(table.game.events) > len(before) and table.rewards[agent] == 0.0


def test_an_opponent_s_illegal_option_is_not_the_learner_s() -> None:
    """An opponent (a user's agent) that answers with an option that is not legal is an
    AgentError naming it and its seat: not the IllegalChoiceError that the learner's own
    illegal action raises, though the learner's action here was legal."""
    table = env(players=2, seed=2, opponents={1: "tests.agents.bots:Illegal"})
    with pytest.raises(AgentError, match=re.escape(
            "seat 1's agent 'tests.agents.bots:Illegal' chose")):
        table.reset()
        for _ in range(400):  # until the opponent's first decision
            table.step(int(numpy.flatnonzero(table.last()[0]["action_mask"])[0]))


def test_state_is_the_whole_game_in_its_space() -> None:
    """state() is rr.observation.state_vector, in state_space (Box(0, 1)), in both
    environments: privileged, it holds every hand."""
    table = env(players=4, seed=5)
    table.reset()
    assert table.game is not None
    state = table.state()
    assert table.state_space.contains(state)
    assert numpy.array_equal(state, numpy.array(state_vector(table.game), numpy.float32))
    parallel = parallel_env(players=2, seed=5)
    parallel.reset()
    assert parallel.state_space.contains(parallel.state())


def test_opponents_play_their_seats_inside_the_environment() -> None:
    """Seats given to opponents are no agents: the greedy agent plays seat 1 and a user's
    agent (module:Class) seat 2, each seeing only its own seat, while player_0 plays; the
    rewards still sum to zero over the table."""
    table = env(players=3, seed=4,
                opponents={1: "greedy", 2: "tests.agents.bots:FirstOption"})
    assert table.possible_agents == ["player_0"]
    table.reset()
    final, selected = play(table, seed=4)
    assert set(selected) == {"player_0"} and set(final) == {"player_0"}
    assert table.game is not None and table.game.is_over
    winners = table.game.state.winners or ()
    assert (final["player_0"] > 0) == (0 in winners)
    seen = [seat for bot in table.opponents.playing.values()
            for seat in getattr(bot, "seats", [])]
    assert seen and set(seen) == {2}
