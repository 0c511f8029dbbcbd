"""The OpenSpiel game (rr.integrations.openspiel, issues #13, #30): it passes OpenSpiel's own
random-simulation test with and without serialisation, OpenSpiel's ISMCTS bot plays it to the
end (under evaluate_bots too), its chance nodes are the engine's random outcomes, its
observers honour the observation type asked for (public, private, perfect recall), and
resampled states serialise."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
numpy = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from rr.actions import NUM_ACTIONS, action_of  # noqa: E402
from rr.events.types import DecisionMade  # noqa: E402
from rr.integrations import openspiel  # noqa: E402
from rr.integrations.openspiel import (  # noqa: E402
    MAX_CHANCE_OUTCOMES,
    NAME,
    RedRisingState,
)
from rr.narrate import card_name  # noqa: E402
from rr.observation import (  # noqa: E402
    OBSERVATION_SIZE,
    observation,
    observation_string,
    private_observation,
    public_observation,
)
from rr.options import Scout  # noqa: E402
from tools.resample_recall import play as play_randomly  # noqa: E402


def load(players: int = 2, ruleset: str = "official") -> Any:
    return pyspiel.load_game(NAME, {"players": players, "ruleset": ruleset})


def test_the_game_is_registered_with_its_type_and_bounds() -> None:
    """Importing the module registers python_red_rising: sequential, explicit chance,
    imperfect information, zero-sum, terminal rewards; actions are rr.actions'."""
    game = load(3, "protect_small_hands=true")
    kind = game.get_type()
    assert kind.short_name == NAME and NAME in [g.short_name for g in pyspiel.registered_games()]
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == 3 and game.num_distinct_actions() == NUM_ACTIONS
    assert game.max_chance_outcomes() == 112 == MAX_CHANCE_OUTCOMES
    assert game.ruleset.protect_small_hands
    assert kind.provides_information_state_string and kind.provides_observation_tensor
    assert not kind.provides_information_state_tensor  # no fixed-size perfect recall
    assert game.observation_tensor_shape() == [OBSERVATION_SIZE]


@pytest.mark.parametrize("players", [2, 4])
def test_random_sim_test_passes(players: int) -> None:
    """OpenSpiel's own random-simulation test passes, without serialisation."""
    pyspiel.random_sim_test(load(players), num_sims=1, serialize=False, verbose=False)


def test_random_sim_test_passes_with_serialisation() -> None:
    """... and with serialisation and deserialisation at every step (a ruleset other than
    the official one, so the game string carries it)."""
    game = load(2, "protect_small_hands=true,hypnotist_blockable=false")
    assert str(game) == ("python_red_rising(players=2,ruleset=hypnotist_blockable:false+"
                         "protect_small_hands:true)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    again = pyspiel.load_game(str(game))
    assert again.ruleset == game.ruleset and not again.ruleset.hypnotist_blockable


def test_a_serialised_state_comes_back_the_same() -> None:
    """serialize_game_and_state / deserialize_game_and_state round trip mid-game: the same
    history, events and pending decision, and play goes on alike."""
    game = load(3)
    state = play_randomly(game.new_initial_state(), numpy.random.RandomState(5), 40)
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history() and str(back) == str(state)
    assert back.engine.events == state.engine.events
    assert back.engine.pending == state.engine.pending
    action = state.legal_actions()[0]
    state.apply_action(action)
    back.apply_action(action)
    assert back.engine.events == state.engine.events


@pytest.mark.rule("RR-SETUP-1")
def test_the_deck_is_shuffled_one_card_at_a_time() -> None:
    """The first chance nodes are the deck's shuffle: 112 picks, each uniform among the
    cards left (112, 111, ... outcomes), then the board is dealt from that order."""
    state = load(2).new_initial_state()
    for left in (112, 111, 110):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == left and sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[-1][0])
    for _ in range(109):
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(state.engine.events) > 2  # the deck's shuffle is recorded, the deal follows


@pytest.mark.rule("RR-END-7")
def test_returns_are_by_rank_and_sum_to_zero() -> None:
    """At the end the winners share +1 and the others -1; nothing before the end."""
    state = load(3).new_initial_state()
    play_randomly(state, numpy.random.RandomState(1), 10)
    assert state.returns() == [0.0, 0.0, 0.0]
    play_randomly(state, numpy.random.RandomState(1))
    winners = state.engine.state.winners
    assert state.is_terminal() and winners
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    assert all(returns[s] > 0 for s in winners)
    assert all(returns[s] < 0 for s in range(3) if s not in winners)


def test_a_game_past_max_game_length_is_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The length bound is enforced: after MAX_GAME_LENGTH decisions the game ends, every
    return 0."""
    monkeypatch.setattr(openspiel, "MAX_GAME_LENGTH", 12)
    state = play_randomly(load(2).new_initial_state(), numpy.random.RandomState(0))
    assert state.is_terminal() and not state.engine.is_over
    assert state.returns() == [0.0, 0.0]
    assert sum(1 for made in state.full_history() if made.player >= 0) == 12


@pytest.mark.rule("RR-VIEW-7")
def test_resampled_states_have_the_seat_s_observation() -> None:
    """Two resamples of what a seat knows give that seat the same observation string and
    tensor as the real state, the same perfect-recall information state string (the seat's
    history as it saw it; rr.integrations.openspiel quotes how often over many games:
    python -m tools.resample_recall) and the same legal actions, and play on to the end."""
    state = play_randomly(load(3).new_initial_state(), numpy.random.RandomState(3), 25)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(seat, sampler) for _ in range(2)]
    for sample in samples:
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.legal_actions() == state.legal_actions()
    hands = {tuple(s.engine.state.hand((seat + 1) % 3)) for s in [state, *samples]}
    assert len(hands) > 1  # the others' hands were dealt again
    play_randomly(samples[0].clone(), numpy.random.RandomState(0))


@pytest.mark.rule("RR-VIEW-1")
def test_a_seat_s_observation_is_its_view() -> None:
    """A seat's observation is rr.observation's, from its view only: the other hand is not
    in it."""
    state = play_randomly(load(2).new_initial_state(), numpy.random.RandomState(8), 3)
    for seat in (0, 1):
        assert state.observation_string(seat) == observation_string(state.engine, seat)
        assert state.observation_tensor(seat) == pytest.approx(observation(state.engine, seat))
    other = state.engine.state.hand(1)
    text = state.observation_string(0)
    from rr.cards.catalogue import card

    assert not any(f"hand: {card(c).name}" in text for c in other)


@pytest.mark.rule("RR-VIEW-1")
@pytest.mark.parametrize("players", [2, 4])
def test_public_information_is_the_same_for_every_player(players: int) -> None:
    """An observer asked for public information only gives every player the same string and
    tensor (rr.observation.public_observation), naming no card of any hand; one asked for
    private information only gives each player its own, different from the others'."""
    public = make_observation(load(players), pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(load(players), pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    rng = numpy.random.RandomState(players)
    state = load(players).new_initial_state()
    for _ in range(6):
        state = play_randomly(state, rng, 7)
        if state.is_terminal():
            break
        strings, tensors = set(), []
        for seat in range(players):
            public.set_from(state, seat)
            strings.add(public.string_from(state, seat))
            tensors.append(public.tensor.copy())
        assert len(strings) == 1 and all((t == tensors[0]).all() for t in tensors)
        assert tensors[0].tolist() == pytest.approx(public_observation(state.engine))
        hands = [c for p in state.engine.state.players for c in p.hand]
        text = strings.pop()
        assert not any(card_name(c) in text for c in hands)
        mine = set()
        for seat in range(players):
            private.set_from(state, seat)
            assert private.tensor.tolist() == pytest.approx(
                private_observation(state.engine, seat))
            mine.add(private.string_from(state, seat))
        assert len(mine) == players


def test_the_information_state_has_perfect_recall() -> None:
    """The information-state string is the seat's redacted log: it only grows (nothing seen
    is forgotten, even once the rules shuffle it away), it holds the seat's own choices, and
    it differs between the seats of one state."""
    state = load(3).new_initial_state()
    rng = numpy.random.RandomState(5)
    earlier = ""
    for _ in range(8):
        state = play_randomly(state, rng, 15)
        if state.is_terminal():
            break
        now = state.information_state_string(0)
        assert now.startswith(earlier) and len(now) > len(earlier)
        assert now == openspiel.recalled(state.engine, 0)
        earlier = now
    mine = [e for e in state.engine.events if isinstance(e, DecisionMade) and e.seat == 0]
    assert mine and all('"seat":0' in earlier for _ in mine[:1])
    assert len({state.information_state_string(s) for s in range(3)}) == 3


def test_player_actions_are_the_engine_s() -> None:
    """Legal actions are Game.legal_actions(); applying one is Game.choose_action()."""
    state = play_randomly(load(2).new_initial_state(), numpy.random.RandomState(2), 0)
    assert not state.is_chance_node()
    assert state.legal_actions() == state.engine.legal_actions()
    assert action_of(Scout()) in state.legal_actions()
    state.apply_action(action_of(Scout()))
    made = [e for e in state.engine.events if isinstance(e, DecisionMade)]
    assert made[-1].option == Scout()
    assert state.action_to_string(0, action_of(Scout())) == "scout"


def test_ismcts_plays_whole_games() -> None:
    """OpenSpiel's ISMCTS bot (random-rollout evaluator, a small budget, its tree keyed on
    observation strings: a resample has the seat's observation, not always its perfect
    recall) plays two whole 2-player games to the end, once in each seat, against a uniform
    random player (each
    simulation rolls a random game out to its end, so a bot in both seats would double the
    time and test nothing more)."""
    rng = numpy.random.RandomState(0)
    game = load(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    for seat in (0, 1):
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=2, random_state=rng,
                               use_observation_string=True)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            elif state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert state.engine.is_over
        winners = state.engine.state.winners
        assert state.returns() == ([0.0, 0.0] if len(winners) == 2 else
                                   [1.0 if s in winners else -1.0 for s in (0, 1)])


@pytest.mark.rule("RR-ABIL-13")
def test_every_random_outcome_of_many_games_is_a_chance_node() -> None:
    """Random games at 2-6 players meet the engine's random outcomes (the deck, the houses,
    the first player, the die, random picks, shuffles of revealed cards) only as chance
    nodes of at most 112 equally likely outcomes, and reach the end."""
    seen: set[str] = set()
    rng = numpy.random.RandomState(7)
    for players in (2, 3, 4, 5, 6, 2, 3, 4):
        state = load(players).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert 1 <= len(outcomes) <= MAX_CHANCE_OUTCOMES
                assert {p for _, p in outcomes} == {1.0 / len(outcomes)}
                seen.add(state.engine.pending_chance.what.split(" of ")[0])
                state.apply_action(int(rng.choice([a for a, _ in outcomes])))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert state.engine.is_over
    assert {"the deck's shuffle", "the house tiles", "the first player",
            "the Rising die"} <= seen


@pytest.mark.parametrize("draw", [0, 13, 18])
def test_a_resampled_state_serialises(draw: int) -> None:
    """A resampled state, before and after moves of its own (and a resample of a resample),
    goes through OpenSpiel's serialisation and pickle and comes back the same — also when
    its moves met random outcomes (sampler seeds 13: a random card of a hand; 18: the Rising
    die), which its recipe must give again (an unseeded sampler failed 1 time in 5)."""
    game = load(2)
    state = play_randomly(game.new_initial_state(), numpy.random.RandomState(4), 9)
    sampler = pyspiel.UniformProbabilitySampler(draw, 0.0, 1.0)
    sample = state.resample_from_infostate(state.current_player(), sampler)
    assert isinstance(sample, RedRisingState)
    for _ in range(2):
        text = pyspiel.serialize_game_and_state(game, sample)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert back.engine.events == sample.engine.events and str(back) == str(sample)
        assert pickle.loads(pickle.dumps(sample.engine)).events == sample.engine.events
        sample = play_randomly(sample, numpy.random.RandomState(1), 4)
        sample = sample.resample_from_infostate(sample.current_player(), sampler)


def test_evaluate_bots_plays_openspiel_s_ismcts() -> None:
    """OpenSpiel's evaluate_bots plays a whole 2-player game between its ISMCTS bot (through
    ismcts_bot, which gives it restart_at) and its uniform random bot; the bare bot fails
    there for want of restart_at."""
    game = load(2)
    bots = [openspiel.ismcts_bot(game, seed=1, simulations=2),
            pyspiel.make_uniform_random_bot(1, 5)]
    returns = evaluate_bots(game.new_initial_state(), bots, numpy.random.RandomState(3))
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    bare = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, numpy.random.RandomState(0)),
                            2.0, max_simulations=2, random_state=numpy.random.RandomState(0))
    with pytest.raises(Exception, match="RestartAt"):
        evaluate_bots(game.new_initial_state(), [bare, bots[1]], numpy.random.RandomState(3))


def test_the_information_state_tensor_is_refused_saying_why() -> None:
    """information_state_tensor() raises NotImplementedError saying why (a perfect-recall
    tensor would be the seat's whole history) and what to use instead, rather than returning
    an empty list; the string and the observation tensor are there."""
    state = load(2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(NotImplementedError, match=r"whole history.*information_state_string"):
        state.information_state_tensor(0)
    assert state.information_state_string(0) and len(state.observation_tensor(0)) == \
        OBSERVATION_SIZE
