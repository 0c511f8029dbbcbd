"""The PettingZoo environment (rr.integrations.pettingzoo, issue #13) passes PettingZoo's own
API and seed tests, and plays rr's games: same seed, same game; rewards by rank at the end;
each agent shown only what it knows."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
numpy = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from rr.actions import NUM_ACTIONS, action_of  # noqa: E402
from rr.cards.catalogue import card  # noqa: E402
from rr.engine import Game  # noqa: E402
from rr.errors import BadInputError, IllegalChoiceError, UnknownActionError  # noqa: E402
from rr.integrations.pettingzoo import RedRisingEnv, env, rewards_by_rank  # noqa: E402
from rr.observation import observation  # noqa: E402
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
    """Two environments made with the same seed play the same run of episodes, and the
    episodes of a run differ from each other."""
    one, two = env(players=2, seed=3), env(players=2, seed=3)
    runs = []
    for table in (one, two):
        games = []
        for _ in range(3):
            table.reset()
            assert table.game is not None
            games.append(table.game.seed)
        runs.append(games)
    assert runs[0] == runs[1] and runs[0][0] == 3 and len(set(runs[0])) == 3


@pytest.mark.rule("RR-END-7")
def test_rewards_come_at_the_end_by_rank() -> None:
    """Nothing is rewarded before the end; then the game's winners share +1 and the others -1,
    summing to zero; the same agent is often asked twice in a row."""
    table = env(players=4, seed=8)
    table.reset()
    final, selected = play(table, seed=8)
    assert set(final) == set(table.possible_agents) and abs(sum(final.values())) < 1e-9
    assert any(a == b for a, b in zip(selected, selected[1:]))
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
        assert seen["observation"].tolist() == observation(table.game, seat)
        legal = numpy.flatnonzero(seen["action_mask"]).tolist()
        assert legal == (table.game.legal_actions() if agent == decider else [])
        assert table.observation_space(agent).contains(seen)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    """An action that is not legal now, or not an action, raises a typed error and leaves
    the game, the selection and the rewards as they were."""
    table = env(players=2, seed=6)
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
    """render() tells the events since the last call, naming no card in anyone's hand."""
    table = env(players=3, seed=9, render_mode="ansi")
    table.reset()
    assert table.game is not None
    story = table.render()
    assert story
    hands = [card(c).name for p in table.game.state.players for c in p.hand]
    assert not [name for name in hands if name in story]
    assert table.render() == ""  # nothing happened since
    table.step(table.game.legal_actions()[-1])  # Scout
    assert table.render()


def test_bad_arguments_are_refused() -> None:
    """Too many players, none, an unknown render mode, a bad level or a level for a game
    between players, and using the environment before reset() are typed errors."""
    for players in (0, 7):
        with pytest.raises(BadInputError, match="players must be 1"):
            env(players=players)
    with pytest.raises(BadInputError, match="render_mode"):
        env(render_mode="human")
    with pytest.raises(BadInputError, match="RR-SOLO-16"):
        env(players=1, level=7)
    with pytest.raises(BadInputError, match="a level is for a solo game"):
        env(players=3, level=2)
    with pytest.raises(BadInputError, match="reset"):
        env().observe("player_0")
