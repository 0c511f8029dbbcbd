"""Red Rising as an OpenSpiel game: importing this module registers ``python_red_rising``.

Needs the ``openspiel`` extra (``pip install 'red-rising-engine[openspiel]'``)::

    import pyspiel
    import rr.integrations.openspiel  # registers the game
    game = pyspiel.load_game("python_red_rising", {"players": 3})

Choices made here:

- **Parameters**: ``players``, 2-6 (default 2); ``ruleset``, ``"official"`` (the default) or
  overrides of it, each ``name:true`` or ``name:false`` joined by ``+``, such as
  ``"protect_small_hands:true+hypnotist_blockable:false"`` (the names are the fields of
  :class:`rr.ruleset.Ruleset`, spec/rulings.md). OpenSpiel's game strings
  (``python_red_rising(players=3,ruleset=...)``, written by serialisation) cannot hold ``=``
  or ``,`` in a value, hence ``:`` and ``+``; rr's own form
  (``"protect_small_hands=true"``) is read too, and the game keeps the ``:``/``+`` form. A
  solo game is not offered: Au Toma is never asked anything, so it is a one-player game.
- **Type**: sequential, explicit stochastic chance, imperfect information, zero-sum, terminal
  rewards. ``num_distinct_actions`` is :data:`rr.actions.NUM_ACTIONS`: a player's action is
  its option's integer (``docs/ACTIONS.md``), and ``legal_actions()`` is
  ``Game.legal_actions()``.
- **Chance**: the engine runs with ``given_chances`` and stops at every random outcome the
  rules need (the deck's shuffle, the house tiles, the first player, the Rising die, random
  picks from a hand or the banished pile, revealed cards shuffled back). Each outcome is a run
  of chance nodes, one per elementary pick (:mod:`rr.chances`): a chance action is the index,
  in the list the rule draws from, of the item drawn — a die face's index among the die's six
  faces, a seat for the first player, and for a shuffle one card at a time, each uniform
  among those not yet drawn (its index in the list shuffled). So every chance node has at most
  112 outcomes (``max_chance_outcomes``), all equally likely, and the product of the
  probabilities is the live draw's.
- **Returns** are those of the PettingZoo environment: the game's winners (ties included)
  share +1 and the others share -1, so they sum to zero and two players get exactly +1/-1.
- **Length**: ``max_game_length`` (:data:`MAX_GAME_LENGTH` player actions; chance actions are
  not counted, as OpenSpiel counts) is enforced: a game that has not ended after that many
  decisions is cut off there, every return 0. Random games end far sooner (the longest of 30
  at 6 players took 397 decisions, at 2 players 209).
- **Information**: the information state *is* the observation: rr's information state of a
  seat is its knowledge (:mod:`rr.knowledge`), which forgets as the rules say (a shuffle, an
  unseen pass), and ``Game.sample_for`` draws from exactly that set. Both strings are
  :func:`rr.observation.observation_string` and both tensors :func:`rr.observation.observation`
  (``OBSERVATION_SIZE`` floats, ``docs/OBSERVATION.md``), built from the seat's view only. So
  the strings of a state and of any ``resample_from_infostate`` of it agree, which is what
  OpenSpiel's ISMCTS asserts.
- **Resampling**: ``resample_from_infostate(player, sampler)`` is
  ``Game.sample_for(player, ...)`` seeded with a number drawn from ``sampler``. The resampled
  state plays on, clones and is observed like any other, but its ``history()`` is empty: its
  past is the sample's event log, which OpenSpiel's action list cannot express (the sample
  was dealt, not played). Serialise states reached by applying actions.
- **Serialisation** is OpenSpiel's default, the action history: every action, chance
  included, is an integer, and replaying them rebuilds the state exactly.
"""

from __future__ import annotations

from typing import Any

import numpy
import pyspiel

from rr.actions import NUM_ACTIONS, option_of
from rr.cards.catalogue import all_ids
from rr.chances import outcome_of, sample_seeded
from rr.engine import Game
from rr.errors import BadInputError
from rr.model import MAX_PLAYERS, MIN_PLAYERS
from rr.observation import OBSERVATION_SIZE, observation, observation_string
from rr.options import describe
from rr.ruleset import Ruleset

NAME = "python_red_rising"
MAX_GAME_LENGTH = 4000
"""Player actions after which a game is cut off (every return 0); see the module docstring."""
MAX_CHANCE_OUTCOMES = len(all_ids())
"""The most outcomes of one chance node: a pick from the whole deck."""

_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Red Rising (rr)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "ruleset": "official"},
)


def ruleset_of(text: str) -> Ruleset:
    """The ruleset a ``ruleset`` parameter names (``a:true+b:false`` or rr's ``a=true,b=false``)."""
    return Ruleset.parse(text.replace(":", "=").replace("+", ","))


def ruleset_text(ruleset: Ruleset) -> str:
    """The ``ruleset`` parameter of ``ruleset``, in the form OpenSpiel's game strings hold."""
    return ruleset.describe().replace("=", ":").replace(",", "+")


def rewards_by_rank(seats: int, winners: tuple[int, ...]) -> list[float]:
    """The winners share +1, the others -1 (as ``rr.integrations.pettingzoo``)."""
    losers = seats - len(winners)
    if losers == 0:
        return [0.0] * seats
    return [1.0 / len(winners) if s in winners else -1.0 / losers for s in range(seats)]


class RedRisingGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The game: its parameters and the states it starts."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = params.get("players", 2)
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadInputError(f"players is {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}")
        self.ruleset = ruleset_of(str(params.get("ruleset", "official")))
        params["ruleset"] = ruleset_text(self.ruleset)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS, max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=players, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(_TYPE, info, params)
        self.players = players

    def new_initial_state(self) -> RedRisingState:
        return RedRisingState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> RedRisingObserver:
        return RedRisingObserver(params)


class RedRisingState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: an rr :class:`Game` that stops at random outcomes, and the picks
    of the one under way."""

    def __init__(self, game: RedRisingGame, engine: Game | None = None) -> None:
        super().__init__(game)
        self.engine = engine or Game.new(game.players, ruleset=game.ruleset,
                                         given_chances=True)
        self._picks: list[int] = []
        self._legal_picks: tuple[int, ...] = ()
        self._decisions = 0
        self._cut_off = False
        self._settle()

    # --- the contract ---------------------------------------------------------------------

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.engine.pending_chance is not None:
            return int(pyspiel.PlayerId.CHANCE)
        pending = self.engine.pending
        assert pending is not None
        return pending.seat

    def _legal_actions(self, player: int) -> list[int]:
        pending = self.engine.pending
        if self.is_terminal() or pending is None or pending.seat != player:
            return []
        return self.engine.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        legal = self._legal_picks
        return [(pick, 1.0 / len(legal)) for pick in legal]

    def _apply_action(self, action: int) -> None:
        chance = self.engine.pending_chance
        if chance is not None:
            self._picks.append(int(action))
            outcome = outcome_of(chance, self._picks)
            if isinstance(outcome, tuple):
                self._legal_picks = outcome
                return
            self.engine.give_chance(outcome)
            self._picks = []
        else:
            self.engine.choose_action(int(action))
            self._decisions += 1
            self._cut_off = self._decisions >= MAX_GAME_LENGTH and not self.engine.is_over
        self._settle()

    def _settle(self) -> None:
        """Supply every random outcome that needs no pick; list the next pick's values."""
        self._legal_picks = ()
        while (chance := self.engine.pending_chance) is not None:
            outcome = outcome_of(chance, self._picks)
            if isinstance(outcome, tuple):
                self._legal_picks = outcome
                return
            self.engine.give_chance(outcome)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance pick {action}"
        return describe(option_of(int(action)))

    def is_terminal(self) -> bool:
        return self.engine.is_over or self._cut_off

    def returns(self) -> list[float]:
        winners = self.engine.state.winners
        if not self.engine.is_over or winners is None:
            return [0.0] * self.get_game().num_players()
        return rewards_by_rank(len(self.engine.state.players), winners)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> RedRisingState:
        """A state drawn from ``player_id``'s information set (module docstring)."""
        seed = int(probability_sampler() * 2**52)
        sample = RedRisingState.__new__(RedRisingState)
        pyspiel.State.__init__(sample, self.get_game())
        sample.engine = sample_seeded(self.engine, player_id, seed)
        sample._picks = []
        sample._decisions = self._decisions
        sample._cut_off = self._cut_off
        sample._settle()
        return sample

    def __str__(self) -> str:
        """Every seat's observation, one after the other: all hands (a debugging string)."""
        return "\n\n".join(observation_string(self.engine, seat)
                           for seat in range(len(self.engine.state.players)))


class RedRisingObserver:
    """Observation and information state alike: the seat's view (module docstring)."""

    def __init__(self, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = numpy.zeros(OBSERVATION_SIZE, numpy.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RedRisingState, player: int) -> None:
        self.tensor[:] = observation(state.engine, player)

    def string_from(self, state: RedRisingState, player: int) -> str:
        return observation_string(state.engine, player)


pyspiel.register_game(_TYPE, RedRisingGame)
