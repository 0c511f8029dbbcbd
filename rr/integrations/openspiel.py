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
- **Observers** honour the ``IIGObservationType`` they are given (issue #30):

  ==============================  ==============================================================
  asked for                       string / tensor
  ==============================  ==============================================================
  public info only                what a spectator sees (the board, tokens, hand sizes, who
                                  decides): the same for every player;
                                  :func:`rr.observation.public_observation`
  private info only (one player)  the player's hand, the face-down cards it knows, the cards
                                  it knows elsewhere; :func:`rr.observation.private_observation`
  both (the observation)          :func:`rr.observation.observation_string` /
                                  :func:`rr.observation.observation`: what the seat knows now
  perfect recall                  the string is the seat's whole history as it saw it — every
                                  event of the log redacted for the seat (``rr.views.redacted``),
                                  its own choices included, one JSON form a line; no tensor
  ==============================  ==============================================================

  ``information_state_string`` is therefore the perfect-recall string: two histories give the
  same string exactly when the seat saw the same things happen and did the same things. No
  information-state *tensor* is provided (``provides_information_state_tensor`` is false, and
  ``information_state_tensor()`` raises ``NotImplementedError`` saying why): a fixed-size
  tensor with perfect recall would have to hold the whole redacted log of a game of up to
  4,000 decisions, each of 1,163 actions, with what each showed the seat — millions of entries,
  nearly all zeros, of which no learner would make use. The observation tensor (what the seat
  knows now, which forgets as the rules say: a shuffle, an unseen pass) is there for
  tensor-based algorithms, and the perfect-recall string for tabular ones (CFR).
- **Resampling**: ``resample_from_infostate(player, sampler)`` is
  ``Game.sample_for(player, ...)`` seeded with a number drawn from ``sampler``: a state from
  what the seat knows (:mod:`rr.knowledge`, RR-VIEW-7) whose whole log is relabelled so that
  it shows the seat exactly what this state's showed it. Its observation (string and tensor)
  is this state's, and so is its perfect-recall ``information_state_string``: all 652
  resamples measured kept it (``python -m tools.resample_recall``: 100 random games each of
  2, 3, 4 and 6 players cut after 5 to 199 decisions, the 326 not over by then resampled
  twice; 2026-11-26). Algorithms that need samples from the perfect-recall information set
  can use it, as can OpenSpiel's ISMCTS, keyed on observation strings (:func:`ismcts_bot`).
  The resampled state plays on, clones, is observed and serialises like any other; its
  ``history()`` is empty (the sample was dealt, not played), and its random outcomes after
  the sample are chance nodes like any other's.
- **Serialisation**: OpenSpiel's (the action history, and the state's attributes pickled): a
  state reached by actions pickles its game as its log; a resampled one as the recipe that
  draws it again (the state it was drawn from, the player, the seed, and the choices made
  and random outcomes given since), so it deserialises to the same state.
- **Bots**: OpenSpiel's Python ISMCTS bot (``open_spiel.python.algorithms.ismcts``)
  implements no ``restart_at``, which ``evaluate_bots`` calls first, so it fails there on any
  game ("RestartAt(state) not implemented"); :func:`ismcts_bot` wraps it into a bot that does
  (its search keeps nothing between steps), keys its tree on observation strings (see
  Resampling), and plays this game under ``evaluate_bots``. The C++ ``pyspiel.ISMCTSBot``
  crashes (a segmentation fault) on Python games in open_spiel 2.0.2, OpenSpiel's own
  ``python_kuhn_poker`` included, so it is not offered.
"""

from __future__ import annotations

import json
from typing import Any, cast

from rr.errors import MissingExtraError

try:
    import numpy
    import pyspiel
except ModuleNotFoundError as missing:  # the extra's name, not a bare ModuleNotFoundError
    raise MissingExtraError("rr.integrations.openspiel", "openspiel", missing.name) from missing

from rr.actions import NUM_ACTIONS, option_of
from rr.cards.catalogue import all_ids
from rr.chances import outcome_of, sample_seeded
from rr.engine import Game
from rr.events.types import RANDOM_OUTCOMES, DecisionMade, Event, SeedRevealed
from rr.integrations.table import board, rewards_by_rank
from rr.jsonforms import to_json
from rr.narrate import card_name
from rr.views import redacted
from rr.errors import BadInputError
from rr.model import MAX_PLAYERS, MIN_PLAYERS
from rr.observation import (
    OBSERVATION_SIZE,
    observation,
    observation_string,
    private_observation,
    public_observation,
)
from rr.options import describe
from rr.ruleset import Ruleset

__all__ = [
    "NAME", "RedRisingGame", "RedRisingObserver", "RedRisingState", "ismcts_bot",
]

NAME = "python_red_rising"
"""The name the game is registered under (``pyspiel.load_game(NAME)``)."""
MAX_GAME_LENGTH = 4000
"""Player actions after which a game is cut off (every return 0); see the module docstring."""
NO_INFORMATION_STATE_TENSOR = (
    "python_red_rising has no information-state tensor: with perfect recall it would hold the "
    "seat's whole history (up to 4,000 decisions of 1,163 actions each, and what each showed "
    "the seat), millions of entries for one state. Use information_state_string() (perfect "
    "recall) or observation_tensor() (what the seat knows now); rr.integrations.openspiel's "
    "docstring says more.")
"""What ``information_state_tensor()`` raises (``NotImplementedError``) with."""
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
    provides_information_state_tensor=False,
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
        return RedRisingObserver(iig_obs_type, params)


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
        engine = _Sample.drawn(recipe_of(self.engine), player_id, seed)
        sample = RedRisingState.__new__(RedRisingState)
        pyspiel.State.__init__(sample, self.get_game())
        sample.engine = engine
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
    """Observes what the ``IIGObservationType`` asks for (module docstring)."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = bool(kind.perfect_recall)
        self.public = bool(kind.public_info)
        self.private = kind.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if kind.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("every player's private information at once is not offered: it "
                             "is the whole state (use the state itself)")
        size = 0 if self.perfect_recall or not (self.public or self.private) \
            else OBSERVATION_SIZE
        self.tensor = numpy.zeros(size, numpy.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state: RedRisingState, player: int) -> None:
        if self.perfect_recall:
            raise NotImplementedError(NO_INFORMATION_STATE_TENSOR)
        if not len(self.tensor):
            return
        if self.public and self.private:
            self.tensor[:] = observation(state.engine, player)
        elif self.public:
            self.tensor[:] = public_observation(state.engine)
        else:
            self.tensor[:] = private_observation(state.engine, player)

    def string_from(self, state: RedRisingState, player: int) -> str:
        game = state.engine
        if self.perfect_recall:
            return recalled(game, player)
        if self.public and self.private:
            return observation_string(game, player)
        if self.public:
            return board(game)
        if self.private:
            return private_string(game, player)
        return ""


def recalled(game: Game, seat: int) -> str:
    """``seat``'s perfect recall: every event of the log as it saw it, one JSON form a line."""
    return "\n".join(json.dumps(to_json(e), separators=(",", ":"))
                     for e in redacted(game.events, seat))


def private_string(game: Game, seat: int) -> str:
    """What ``seat`` knows that not everyone does, as text (:func:`private_observation`)."""
    v = game.view(seat)
    face_down = game.state.face_down
    lines = ["hand: " + ", ".join(card_name(c) for c in v.hand or ())]
    for location, stack in v.locations:
        known = [card_name(c) for c in stack if c in face_down]
        if known:
            lines.append(f"face down on {location.title}, known: " + ", ".join(known))
    lines += [f"known: {card_name(k.card)} in {k.zone}" for k in v.known_elsewhere]
    return "\n".join(lines)


Recipe = tuple[Any, ...]
"""How to build a game again: ``("log", game)`` for a game of actions (pickled as its log),
``("sample", recipe, seat, seed, inputs)`` for a sample and, since, the options chosen and the
random outcomes given, in their order."""


def recipe_of(game: Game) -> Recipe:
    """The recipe of ``game`` as it is now (a copy: later choices do not change it)."""
    if isinstance(game, _Sample):
        return game.recipe()
    return ("log", game.clone())


_GIVEN = (*RANDOM_OUTCOMES, SeedRevealed)
"""The events a sample is given from outside (it draws nothing itself): random outcomes."""


def rebuilt(recipe: Recipe) -> Game:
    """The game a recipe describes."""
    if recipe[0] == "log":
        return recipe[1].clone()  # type: ignore[no-any-return]
    _, origin, seat, seed, inputs = recipe
    game = _Sample.drawn(origin, seat, seed)
    for given in inputs:  # its choices and the random outcomes it was given, in their order
        if isinstance(given, _GIVEN):
            game.give_chance(cast(Event, given))
        else:
            game.choose(given)
    return game


class _Sample(Game):
    """A sample that remembers how it was drawn, so that it pickles as its recipe (a sample's
    log is not one the rules replay, so :class:`Game` refuses to pickle it)."""

    _origin: Recipe
    _seat: int
    _seed: int
    _from: int

    @classmethod
    def drawn(cls, origin: Recipe, seat: int, seed: int) -> _Sample:
        game = sample_seeded(rebuilt(origin), seat, seed)
        game.__class__ = cls
        assert isinstance(game, _Sample)
        game._origin, game._seat, game._seed = origin, seat, seed
        game._from = len(game.events)
        return game

    def recipe(self) -> Recipe:
        inputs = tuple(e.option if isinstance(e, DecisionMade) else e
                       for e in self.events[self._from:]
                       if isinstance(e, (DecisionMade, *_GIVEN)))
        return ("sample", self._origin, self._seat, self._seed, inputs)

    def clone(self) -> _Sample:
        copy = Game.clone(self)
        copy.__class__ = _Sample
        assert isinstance(copy, _Sample)
        copy._origin, copy._seat, copy._seed, copy._from = (
            self._origin, self._seat, self._seed, self._from)
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        return (rebuilt, (self.recipe(),))


class _Restartable(pyspiel.Bot):  # type: ignore[misc]
    """A bot with the ``restart_at`` and ``inform_action`` that ``evaluate_bots`` calls, around
    one whose search from the state handed to ``step`` keeps nothing between steps."""

    def __init__(self, bot: Any) -> None:
        pyspiel.Bot.__init__(self)
        self._bot = bot

    def step(self, state: Any) -> int:
        return int(self._bot.step(state))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


def ismcts_bot(game: Any, seed: int = 0, simulations: int = 100,
               uct_c: float = 2.0) -> pyspiel.Bot:
    """OpenSpiel's ISMCTS bot (``open_spiel.python.algorithms.ismcts``, random rollouts) for
    ``game``, keyed on observation strings and usable with ``evaluate_bots`` (module
    docstring)."""
    from open_spiel.python.algorithms import ismcts, mcts

    rng = numpy.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return _Restartable(ismcts.ISMCTSBot(game, evaluator, uct_c, max_simulations=simulations,
                                         random_state=rng, use_observation_string=True))


pyspiel.register_game(_TYPE, RedRisingGame)
