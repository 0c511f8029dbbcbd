"""The façade front-ends use: start a game, read the pending decision, choose, view, resume.

>>> game = Game.new(["Ana", "Bo"], seed=7)
>>> decision = game.pending
>>> events = game.choose(decision.options[0])

A :class:`Game` runs the rules program (``rr.rules.game.play``). Live, random outcomes come
from a seeded generator: draw *n* of a game with seed *s* uses ``Random(f"{s}:{n}")``, so the
same seed and the same choices give the same log byte for byte. Resumed from a log, the rules
run again over the recorded choices and random outcomes, and every event they produce must
equal the recorded one (that is the audit); the game then goes on live.

The seed is the game's secret (RR-VIEW-10, :mod:`rr.randomness`): a :class:`Game` holds it
(:attr:`Game.secret`, for the host), its first event holds only a commitment to it, and the
engine reveals it (``SeedRevealed``) after the rules have ended the game. A game resumed
from the log of a game not yet over needs the secret to draw anything more.
"""

from __future__ import annotations

import _random
import random
from hashlib import sha512
from itertools import repeat
from operator import is_
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from attrs import evolve


from rr.actions import actions_of, mask_of, option_of
from rr.automa import AU_TOMA, LEVELS, automa_table
from rr.decisions import ByCard, ByRule, Decision, Source
from rr.effects.program import Chance, Program, Table
from rr.errors import (
    BadInputError,
    CorruptLogError,
    DivergenceError,
    IllegalChoiceError,
    NoDecisionPendingError,
    SeedUnknownError,
    WrongPlayerError,
)
from rr.errors import EngineBugError as EngineBugError  # importable from here, as before
from rr.errors import SamplingError as SamplingError
from rr.events.codec import decode_event, encode_event
from rr.events.types import DecisionMade, Event, GameStarted, SeedRevealed, TurnStarted
from rr.model import MAX_PLAYERS, MIN_PLAYERS, CardId, House, Seat
from rr.names import check_players, normalise
from rr.narrate import option_text, player, words
from rr.options import Option, describe
from rr.randomness import Secret, SeedOrigin
from rr.rules.game import play
from rr.ruleset import UNNAMED_RULES_VERSIONS, Ruleset
from rr.dealing import Stretches, deal
from rr.sampling import (
    Restart,
    automa_by_place,
    relabel_state,
    relabelled_stretches,
    sample_knowledge,
    stretch_at,
    turn_program,
    Walk,
    walk,
)
from rr.state import EMPTY, GameState, apply, fold
from rr.views import View, view

__all__ = [
    "Game", "Point", "replay",
]


Point = tuple[int, GameState, Restart]
"""Where a rules program can be started again: the index of an event in the log, the state
just before it, and the program that plays on from there."""


def _whole_game(started: GameStarted) -> Restart:
    return lambda table: play(table, started.houses)


class Game:
    """A game in progress (or over): its events, its state and the decision it waits for.

    >>> import rr
    >>> game = rr.Game.new(["Ana", "Bo"], seed=2)
    >>> decision = game.pending                      # whose choice, and its legal options
    >>> decision.seat, decision.prompt
    (1, 'Lead or Scout')
    >>> events = game.choose(decision.options[0], seat=decision.seat)
    >>> len(game.events) > 1, game.is_over
    (True, False)
    """

    def __init__(self, started: GameStarted, recorded: Sequence[Event] = (), *,
                 given_chances: bool = False, secret: Secret | None = None,
                 rules_version: int | None = None) -> None:
        """``rules_version``: the version of the rulings to play a ``started`` that names
        none under (one of :data:`rr.ruleset.UNNAMED_RULES_VERSIONS`; by default the newest)."""
        self._start((1, _first_state(started, rules_version), _whole_game(started)), [started],
                    secret, recorded, whole_game=True, given_chances=given_chances)

    def _start(self, point: Point, events: list[Event], secret: Secret | None,
               recorded: Sequence[Event], whole_game: bool, given_chances: bool = False,
               reveals: bool = True) -> None:
        """Run the program ``point`` names from its state, over ``events`` (those before it)
        and then the ``recorded`` ones after it; stop at the first decision past them (or,
        with ``given_chances``, at the first random outcome past them). ``secret`` draws
        what is live; ``reveals``: the game reveals it at the end (not a sample's, whose
        secret is not the one its first event commits to)."""
        _, state, restart = point
        self._given_chances = given_chances
        self._sampled = False
        self._chance: Chance | None = None
        self._table = table = Table(state)
        self._events = events
        self._log: tuple[Event, ...] = ()  # the events as a tuple, once asked (events)
        self._program = restart(table)
        self._point = point
        self._whole_game = whole_game
        # The last turn started with no other under way: a later point to restart from.
        self._turn: tuple[int, GameState, TurnStarted] | None = None
        self._secret = secret
        self._seed = None if secret is None else secret.seed
        self._reveals = reveals
        self._draws = 0
        # The generator of every live draw, seeded again for each (see the module's notes):
        # one object, not a new one per draw (a generator's state is 2.5 kB; issue #12).
        # Made by the C constructor alone, unseeded: ``_seed`` seeds it before every draw,
        # and ``Random(0)``'s seeding through Python was about 1.5% of Game.new (#30).
        self._rng = _new_generator(random.Random, 0)  # type: ignore[call-arg]
        self._pending: Decision | None = None
        self._recorded = recorded
        self._asked_by: Source = _SETUP
        # sample_for's cache: (n, the restart point of the log's first n events, and what
        # each seat learnt about sets of cards in them).
        self._restart: tuple[int, Walk] | None = None
        self._run(None)
        self._recorded = ()

    @classmethod
    def from_position(cls, state: GameState, program: Callable[[Table], Program[None]],
                      seed: int = 0) -> Game:
        """A game that runs ``program`` (a turn, an ability, the end of the game) from ``state``,
        drawing from ``seed``.

        For tests and analysis: its log holds only the events after ``state``, so it cannot be
        resumed or audited from the log alone, and it reveals no seed at its end.
        """
        game = cls.__new__(cls)
        game._start((0, state, program), [], Secret.chosen(seed), (), whole_game=False,
                    reveals=False)
        return game

    # --- creating -----------------------------------------------------------------------------

    @classmethod
    def new(cls, players: Sequence[str] | int, *, seed: int | None = None,
            salt: bytes | None = None, ruleset: Ruleset | None = None,
            houses: Sequence[House | str] | None = None,
            level: int | None = None, given_chances: bool = False) -> Game:
        """A new game. ``players`` are names (or a count: P1, P2, ...); ``houses`` optional.

        Without ``seed`` the game's seed is drawn from the operating system's randomness
        (:mod:`secrets`): nobody chose it, and nobody knows it but this object
        (:attr:`secret`) until the game is over (RR-VIEW-10). A ``seed`` given here is
        *chosen* (for tests, corpora and practice games; the first event says so): the same
        seed and choices give the same log byte for byte. Its commitment's ``salt`` is then
        derived from the seed unless one is given (:meth:`rr.randomness.Secret.chosen`).

        With ``given_chances`` the game draws nothing itself: it has no seed, and stops at
        every random outcome the rules need (:attr:`pending_chance`) until
        :meth:`give_chance` supplies one — for frameworks that model chance as a player
        (OpenSpiel). Its samples and clones do too.

        One player plays solo against Tull Au Toma (RR-SOLO-1), who takes the second seat;
        ``level`` is her difficulty, 1 to 6 (default 2, "Stained", RR-SOLO-16), and the Au Toma
        variant is the ruleset option ``au_toma_variant`` (RR-SOLO-17)::

            Game.new(["Ana"], level=4, seed=1)
        """
        names = ([f"P{i + 1}" for i in range(players)] if isinstance(players, int)
                 else [normalise(str(p)) for p in players])
        solo = len(names) == 1
        if solo:
            level = automa_table().normal_level if level is None else level
            if level not in LEVELS:
                raise BadInputError(f"Au Toma's level is 1 to 6, not {level}", "RR-SOLO-16")
            names.append(AU_TOMA)
        elif level is not None:
            raise BadInputError("a level is for a solo game against Tull Au Toma (one player)",
                                "RR-SOLO-1")
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise BadInputError(f"a game needs 2 to 6 players, not {len(names)} (or 1, solo "
                                "against Tull Au Toma)", "RR-SETUP-7")
        check_players(names[:-1] if solo else names)  # one name each, none the automaton's
        given: tuple[House, ...] | None = None
        if houses is not None:
            try:
                given = tuple(h if isinstance(h, House) else House(str(h).lower())
                              for h in houses)
            except ValueError as err:
                raise BadInputError(f"{err}; houses are: "
                                    f"{', '.join(h.value for h in House)}") from None
            wanted = len(names) - 1 if solo else len(names)
            if len(given) != wanted or len(set(given)) != len(given):
                raise BadInputError("give one distinct house per player", "RR-SETUP-3")
        secret: Secret | None
        if given_chances:
            if seed is not None or salt is not None:
                raise BadInputError("a game whose random outcomes are given has no seed")
            secret, origin = None, SeedOrigin.NONE
        elif seed is None:
            if salt is not None:
                raise BadInputError("a salt is for a chosen seed")
            secret, origin = Secret.drawn(), SeedOrigin.DRAWN
        else:
            secret, origin = Secret.chosen(seed, salt), SeedOrigin.CHOSEN
        started = GameStarted(tuple(names), ruleset or Ruleset(),
                              None if secret is None else secret.commitment, given,
                              level if solo else None, origin)
        return cls(started, given_chances=given_chances, secret=secret)

    @classmethod
    def resume(cls, events: Sequence[Event], secret: Secret | None = None) -> Game:
        """The game a log records, re-adjudicated, ready to go on from its last event.

        ``secret`` is the game's seed and salt (:attr:`secret`; a log from before
        commitments: its header's seed, without salt). Without it, a game whose log ends
        before the seed was revealed re-adjudicates and shows as usual, but cannot draw a
        random outcome (:class:`rr.errors.SeedUnknownError`). Raises :class:`DivergenceError`
        at the first recorded event the rules do not produce, and :class:`BadInputError`
        for a secret that does not open the log's commitment.
        """
        if not events or not isinstance(events[0], GameStarted):
            raise DivergenceError(0, _show(events[0]) if events else "nothing",
                                  "the start of a game", None)
        started = events[0]
        if secret is not None:
            _check_secret(started, secret)
        game = _replaying(started, events, secret=secret)
        if len(game._events) < len(events):
            extra = events[len(game._events)]
            pending = game._pending
            raise DivergenceError(len(game._events), _show(extra, game.state),
                                  "no further event (the game is over)" if pending is None
                                  else f"a decision of {player(game.state, pending.seat)}: "
                                       f"{pending.prompt}", *_rule_and_card(game._asked_by))
        return game

    # --- reading ------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._table.state

    @property
    def events(self) -> tuple[Event, ...]:
        """The log so far. Made once for each length of the log and kept until it grows (the
        log only grows: a failed choice rebuilds the game, :meth:`_restore`), so that reading
        it again, or its length, does not copy it again: the server reads it several times a
        request (issue #32)."""
        log = self._log
        if len(log) != len(self._events):
            log = self._log = tuple(self._events)
        return log

    @property
    def secret(self) -> Secret | None:
        """The game's seed and salt, for the host alone until the game is over (RR-VIEW-10):
        never give them to a seat. ``None`` for a game without a seed (``given_chances``)
        or resumed without its secret."""
        return self._secret

    @property
    def seed(self) -> int | None:
        """The seed of :attr:`secret` (the host's: ``Game.new(..., seed=game.seed)`` with the
        same choices plays the same game again)."""
        return self._seed

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for; ``None`` once the game is over."""
        return self._pending

    @property
    def pending_chance(self) -> Chance | None:
        """The random outcome the game waits for (only a game made with ``given_chances``)."""
        return self._chance

    @property
    def is_over(self) -> bool:
        return self._pending is None and self._chance is None

    def view(self, seat: Seat | None = None) -> View:
        """RR-VIEW-1: what ``seat`` may see (``None``: a spectator)."""
        return view(self.state, seat, self._pending)

    def sample_for(self, seat: Seat, rng: random.Random, tries: int = 200, *,
                   history: bool = True) -> Game:
        """RR-VIEW-7: a game drawn from ``seat``'s information set, ready to play on.

        Every card ``seat`` does not know where it lies (the deck's order, the other players'
        hands, the face-down cards it did not place, and in a solo game Au Toma's hand and the
        order of her own deck and set-aside cards) is dealt again at random among those
        places, consistently with everything ``seat`` was shown since the start: where the
        cards it knew lay (RR-VIEW-5) and what it learnt about sets of cards (RR-VIEW-11: a
        hand that told Eo no holds no Red, ...; see :mod:`rr.knowledge`). The sample's whole
        log is relabelled stretch by stretch (:mod:`rr.dealing`), so that, played again from
        its first record, it shows ``seat`` exactly what this game showed it; the rules
        re-adjudicate it from the start of the turn under way (see :mod:`rr.sampling`). Its
        future random draws come from a seed drawn from ``rng``. For search and determinising
        bots: the history is not re-adjudicated before that turn (``fuzz/test_histories.py``
        checks that it would be). Raises :class:`SamplingError` if ``tries`` deals all
        contradict what ``seat`` learnt or the events since that turn began (never seen in
        the fuzzer).

        A sample depends only on what ``seat`` knows and on ``rng``: every game of ``seat``'s
        information set (this one, or any sample of it for ``seat``) gives the same sample
        for the same generator state. A search bot that sees a game only through its samples
        therefore cannot read a hidden card.

        ``history=False`` (for search, issue #32): the same sample, but its log holds only the
        events since the start of the turn under way, relabelled alike; the history before
        is left out rather than relabelled (most of a sample's cost late in a game). It plays
        on and clones like any sample, but cannot be sampled from or pickled.
        """
        if not 0 <= seat < len(self.state.players):
            raise BadInputError(f"there is no seat {seat}")
        if not self._events or not isinstance(self._events[0], GameStarted):
            raise SamplingError("a game started from a position has no log to sample from")
        # The unknown cards are dealt to the places they lie in, drawn place by place and
        # never by name, so that the sample is a function of what the seat knows and of
        # ``rng`` alone: the same for every game of the seat's information set (rr.dealing).
        if self._restart is None or self._restart[0] != len(self._events):
            # Walked on from the last walk: a game's log only grows (rr.sampling.walk checks).
            since = None if self._restart is None else self._restart[1]
            self._restart = (len(self._events), walk(self._events, since))
        walked = self._restart[1]
        tokens = walked.unknown_of(self.state, seat)
        point, sets = walked.point, walked.learnt.of(seat)
        automa_places = automa_by_place(self.state)
        automa = sorted(automa_places)
        for _ in range(max(tries, 1)):
            stretches = deal(self.state, seat, tokens, sets, self._events, rng)
            order = list(automa)
            rng.shuffle(order)
            tau = {a: b for a, b in zip(automa_places, order) if a != b}  # RR-SOLO-2
            secret = Secret.chosen(rng.getrandbits(63))
            if stretches is None:
                continue  # the deal contradicts what the seat learnt: draw again
            sample = self._relabelled(stretches, point, secret, tau, walked.automa_from,
                                      history, taught=walked.taught)
            if sample is not None:
                return sample
        raise SamplingError(f"no sample of seat {seat}'s information set replays the turn "
                            f"in {tries} tries")

    def _relabelled(self, stretches: Stretches,
                    point: tuple[int, GameState, Restart] | None, secret: Secret,
                    tau: dict[int, int] | None = None, tau_from: int = 0,
                    history: bool = True, *,
                    taught: Sequence[tuple[int, GameState, Event]]) -> Game | None:
        # Without history, the log starts at the restart point (as a game from a position).
        since = 0 if history or point is None else point[0]
        events = relabelled_stretches(self._events, stretches, tau, tau_from, since)
        game = Game.__new__(Game)
        given = None if self._given_chances else secret
        try:
            if point is None:
                assert isinstance(events[0], GameStarted)
                game._start((1, _first_state(events[0], self.state.rules_version),
                             _whole_game(events[0])), events[:1], given,
                            events, whole_game=True, given_chances=self._given_chances,
                            reveals=False)
            else:
                index, state, restart = point
                sigma = stretch_at(stretches, index)
                # RULING-B11's positions name only cards public when each was met, which
                # every stretch of the sample leaves where they were (rr.dealing): kept.
                # What the seats know is the sample's own, followed through its stretches
                # (rr.sampling.sample_knowledge), not the real game's relabelled.
                known = sample_knowledge(taught, stretches, index, state.known)
                start = evolve(relabel_state(evolve(state, positions=(), known=known), sigma,
                                             tau if index > tau_from else None),
                               positions=state.positions)
                game._start((index - since, start, restart),
                            events[:index - since], given, events, whole_game=True,
                            given_chances=self._given_chances, reveals=False)
        except (DivergenceError, CorruptLogError):
            return None
        if len(game._events) != len(events) or game.is_over != self.is_over:
            return None
        game._sampled = True
        return game

    def clone(self) -> Game:
        """An independent copy of this game, for search: choices made on either never reach
        the other, and its pending decision, state, events and future random draws are this
        game's.

        A rules program is a suspended generator, which cannot be copied, so the copy runs the
        rules again, but only from the last point they can restart from (the start of the turn
        under way; see :mod:`rr.sampling`) over the events since: a few dozen events, not the
        whole log that :meth:`resume` re-adjudicates. ``copy.copy`` and ``copy.deepcopy`` make
        the same copy.
        """
        point = self._point
        if self._turn is not None:
            index, state, started = self._turn
            point = (index, state, turn_program(started))
        game = Game.__new__(Game)
        try:
            game._start(point, self._events[:point[0]], self._secret, self._events,
                        self._whole_game, self._given_chances, self._reveals)
        except (DivergenceError, CorruptLogError) as err:
            raise EngineBugError(f"the rules did not replay this game's turn: {err}") from err
        if (len(game._events) != len(self._events) or game._pending != self._pending
                or (game._chance is None) != (self._chance is None)):
            raise EngineBugError("the rules did not replay this game's turn to the same "
                                 "decision")
        game._draws = self._draws  # draws before the restart point are not replayed
        game._restart = self._restart
        game._sampled = self._sampled
        return game

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling keeps the log, the secret (a pickle is the host's, like the game itself)
        and whether chances are given: unpickling resumes it, so a game re-adjudicates as it
        loads. A sample (:meth:`sample_for`) or a game started from a position has no log the
        rules replay, so pickling it raises :class:`TypeError`."""
        if not self._events or not isinstance(self._events[0], GameStarted):
            raise TypeError("a game started from a position cannot be pickled")
        if self._sampled:
            raise TypeError("a sample of an information set cannot be pickled: its log "
                            "before the turn under way is not one the rules replay")
        return (_unpickle, (tuple(self._events), self._given_chances, self._secret))

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # Events, states and decisions are immutable: shared, not copied.
        clone = memo[id(self)] = self.clone()
        return clone

    # --- acting -------------------------------------------------------------------------------

    def choose(self, option: Option, seat: Seat | None = None) -> tuple[Event, ...]:
        """Pick ``option`` for the pending decision (as ``seat``, if given); returns the new events.

        An option that is not listed, or a seat that is not the one asked, raises a typed error
        and changes nothing.
        """
        decision = self._pending
        if decision is None:
            raise NoDecisionPendingError(self._no_decision())
        if seat is not None and seat != decision.seat:
            raise WrongPlayerError(
                f"seat {seat} may not choose now: the decision is seat {decision.seat}'s "
                f"({self.state.players[decision.seat].name})",
                decision.rule)
        if not _listed(option, decision.options):
            raise IllegalChoiceError(
                f"{_describe(option)!r} is not a legal option for: {decision.prompt} "
                f"(legal: {', '.join(describe(o) for o in decision.options[:20])}"
                f"{', ...' if len(decision.options) > 20 else ''})",
                decision.rule)
        events = self._events
        before = len(events)
        try:
            made = DecisionMade(decision.seat, decision.source, option)
            events.append(made)
            self._pending = None
            # folds ``made``: with the next event, when it can. Past ``_start`` nothing is
            # recorded, so a game whose chances are drawn here runs live without the step
            # through ``_run`` (about 700 machine instructions a decision; issue #30).
            if self._given_chances:
                self._run(option, made)
            else:
                self._run_live(option, made)
        except SeedUnknownError:
            self._restore(before)
            raise
        except Exception as err:
            self._restore(before)
            raise EngineBugError(f"the rules failed after {describe(option)}: {err!r}") from err
        return tuple(events[before:])

    def choose_index(self, index: int) -> tuple[Event, ...]:
        """Pick the pending decision's option number ``index``."""
        decision = self._pending
        if decision is None:
            raise NoDecisionPendingError(self._no_decision())
        if not 0 <= index < len(decision.options):
            raise IllegalChoiceError(
                f"option {index} does not exist: there are {len(decision.options)}")
        return self.choose(decision.options[index])

    # --- the integer action space (rr.actions) ----------------------------------------------

    def legal_actions(self) -> list[int]:
        """The pending decision's options as actions (:mod:`rr.actions`), ascending; ``[]``
        when the game is over. They are the options its seat is shown, so they tell it only
        what it knows (a face-down card is a place, RULING-B8)."""
        return [] if self._pending is None else actions_of(self._pending.options)

    def action_mask(self) -> list[bool]:
        """:data:`rr.actions.NUM_ACTIONS` flags, ``True`` at each legal action (all ``False``
        when the game is over). A plain list, so the core needs no numpy; wrap it with
        ``numpy.array(mask, dtype=numpy.int8)`` where an array is wanted."""
        return mask_of(() if self._pending is None else self._pending.options)

    def choose_action(self, action: int, seat: Seat | None = None) -> tuple[Event, ...]:
        """:meth:`choose` the option of ``action``; returns the new events.

        An integer outside the action space raises :class:`rr.errors.UnknownActionError`; an
        action that is not legal now, :class:`IllegalChoiceError` naming its option; a wrong
        seat or a finished game, what :meth:`choose` raises. Any error changes nothing."""
        if self._pending is None:
            raise NoDecisionPendingError("the game is over; no decision is pending")
        return self.choose(option_of(action), seat)

    def give_chance(self, outcome: Event) -> tuple[Event, ...]:
        """Supply the random outcome the game waits for (:attr:`pending_chance`); returns the
        new events, ``outcome`` first. An outcome the rules could not have drawn (a die face
        for a shuffle, a card not in the hand picked from) raises :class:`BadInputError` and
        changes nothing, as a recorded outcome that does not fit is a divergence."""
        chance = self._chance
        if chance is None:
            raise BadInputError("no random outcome is pending"
                                + (": the game is over" if self.is_over
                                   else "; a decision is"))
        given = _as_recorded(outcome)  # read as a logged outcome is: no junk values
        if given is None or not chance.accepts(given):
            raise BadInputError(f"{_given(outcome, self.state)} is not an outcome of "
                                f"{chance.what}")
        before = len(self._events)
        try:
            self._append(given)
        except CorruptLogError as err:  # the fold refuses it: two players of one house
            raise BadInputError(f"{_given(given, self.state)} is not an outcome of "
                                f"{chance.what}: {err}") from None
        try:
            self._chance = None
            self._draws += 1
            self._run(given)
        except Exception as err:
            self._restore(before)
            raise EngineBugError(f"the rules failed after {chance.what}: {err!r}") from err
        return tuple(self._events[before:])

    def _no_decision(self) -> str:
        if self._chance is not None:
            return f"no decision is pending: the game waits for {self._chance.what}"
        return "the game is over; no decision is pending"

    # --- the runner ---------------------------------------------------------------------------

    def _restore(self, length: int) -> None:
        if not self._events or not isinstance(self._events[0], GameStarted):
            return  # a game from a position cannot be rebuilt from its events
        started = self._events[0]
        again = Game.__new__(Game)
        again._start((1, _first_state(started, self.state.rules_version), _whole_game(started)),
                     [started], self._secret,
                     self._events[:length], True, self._given_chances, self._reveals)
        again._sampled = self._sampled
        self.__dict__.update(again.__dict__)

    def _append(self, event: Event) -> None:
        self._table.state = apply(self._table.state, event)
        self._events.append(event)

    def _run(self, value: Any, made: DecisionMade | None = None) -> None:
        """Run the program on, sending it ``value``. ``made``: the decision just made, the
        last event of the log, not yet folded into the state (see :meth:`_run_live`)."""
        # The loop every event and decision goes through: names are looked up once, and an
        # event is folded here rather than through _append (issue #12).
        if not self._recorded and not self._given_chances:
            self._run_live(value, made)
            return
        if made is not None:
            self._table.state = apply(self._table.state, made)
        send, events, recorded_log, table = (self._program.send, self._events, self._recorded,
                                             self._table)
        length = len(recorded_log)
        request: Any  # a Decision, a Chance or an event, told apart by ``kind``
        while True:
            try:
                request = send(value)
            except StopIteration:
                self._end()
                return
            value = None
            index = len(events)
            recorded = recorded_log[index] if index < length else None
            kind = type(request)
            if kind is Decision:
                self._asked_by = request.source
                if recorded is None:
                    self._pending = request
                    return
                if (type(recorded) is DecisionMade and recorded.seat == request.seat
                        and recorded.source == request.source
                        and _listed(recorded.option, request.options)):
                    table.state = apply(table.state, recorded)  # re-adjudicated (#12)
                    events.append(recorded)
                    value = recorded.option
                else:
                    value = self._replay_decision(request, recorded)  # raises
            elif kind is Chance:
                if recorded is None and self._given_chances:
                    self._chance = request
                    return
                value = self._draw(request, recorded)
            else:
                if recorded is not None and not recorded == request:  # noqa: SIM201 (one call, not two)
                    self._diverge(recorded, _show(request, self.state))
                if kind is TurnStarted and not table.state.turns and self._whole_game:
                    # A point the rules can restart from, for clone (see rr.sampling).
                    self._turn = (index, table.state, request)
                table.state = apply(table.state, request)
                events.append(request)

    def _run_live(self, value: Any, made: DecisionMade | None = None) -> None:
        """:meth:`_run` with nothing recorded to check against and every chance drawn here:
        live play, the loop bots and trainers spend their time in (issue #12). It does what
        ``_run`` does, with exact type tests (a request is a Decision, a Chance or an event,
        never a subclass of the first two).

        A decision ``made`` is folded together with the first event after it, in one copy of
        the state (``apply(..., decided=1)``; a ``DecisionMade`` changes nothing but the count
        of events, and a third of the events are decisions; issue #32). Until then the program
        reads the state before it, which differs only by that count: no rule reads it
        (``tests/meta/test_architecture.py`` checks that no rules module does). It is folded
        on its own before anything else can see the state: a decision asked, a chance drawn,
        a restart point kept, the end of the program."""
        send, events, table = self._program.send, self._events, self._table
        state = table.state
        whole_game = self._whole_game
        request: Any  # a Decision, a Chance or an event, told apart by ``kind``
        while True:
            try:
                request = send(value)
            except StopIteration:
                if made is not None:
                    table.state = apply(state, made)
                self._end()
                return
            kind = type(request)
            if kind is Decision:
                if made is not None:
                    table.state = apply(state, made)
                self._asked_by = request.source
                self._pending = request
                return
            if kind is Chance:
                if made is not None:
                    table.state = apply(state, made)
                    made = None
                value = self._draw(request, None)
                state = table.state
                continue
            value = None
            if kind is TurnStarted and not state.turns and whole_game:
                if made is not None:
                    state = apply(state, made)
                    made = None
                # A point the rules can restart from, for clone (see rr.sampling).
                self._turn = (len(events), state, request)
            if made is None:
                table.state = state = apply(state, request)
            else:
                table.state = state = apply(state, request, 1)
                made = None
            events.append(request)

    def _end(self) -> None:
        """The rules have ended the game: reveal the seed its first event committed to
        (RR-VIEW-10) — the recorded reveal, which the fold checks opens the commitment, or
        the secret's (not a sample's or a position's: theirs is not the one committed to).
        A game whose outcomes are given waits for the reveal like any outcome; one resumed
        without its secret stays unrevealed."""
        self._pending = None
        state = self._table.state
        if state.commitment is None or state.revealed_seed is not None:
            return
        index = len(self._events)
        recorded = self._recorded[index] if index < len(self._recorded) else None
        if recorded is not None:
            if type(recorded) is not SeedRevealed:
                self._diverge(recorded, "the seed revealed at the end of the game")
            try:
                self._append(recorded)
            except CorruptLogError as err:
                raise DivergenceError(index, _show(recorded, state),
                                      "a seed and salt that open the game's commitment "
                                      f"({err})", "RR-VIEW-10") from None
        elif self._reveals and self._secret is not None and self._secret.salt is not None:
            self._append(SeedRevealed(self._secret.seed, self._secret.salt.hex()))
        elif self._given_chances:
            self._chance = _REVEAL  # the host gives the reveal, as it gives every outcome

    def _replay_decision(self, decision: Decision, recorded: Event) -> Option:
        if not (isinstance(recorded, DecisionMade) and recorded.seat == decision.seat
                and recorded.source == decision.source and recorded.option in decision.options):
            self._diverge(recorded, f"a decision of {player(self.state, decision.seat)} "
                                    f"({decision.prompt}) among "
                                    + ", ".join(option_text(o, self.state)
                                                for o in decision.options[:8]))
        assert isinstance(recorded, DecisionMade)
        self._append(recorded)
        return recorded.option

    def _draw(self, chance: Chance, recorded: Event | None) -> Event:
        if recorded is None:
            if self._seed is None:
                raise SeedUnknownError(f"{chance.what} needs the game's seed, which is secret: "
                                       "resume the game with its secret", "RR-VIEW-10")
            rng = self._rng
            _seed(rng, f"{self._seed}:{self._draws}".encode())
            outcome = chance.draw(rng)
        elif chance.accepts(recorded):
            outcome = recorded
        else:
            self._diverge(recorded, f"a random outcome for {chance.what}")
        self._draws += 1
        self._append(outcome)
        return outcome

    def _diverge(self, recorded: Event, expected: str) -> None:
        raise DivergenceError(len(self._events), _show(recorded, self.state), expected,
                              *_rule_and_card(self._asked_by))


def _seed(rng: random.Random, text: bytes) -> None:
    """Give ``rng`` the state ``Random(text.decode())`` starts in: what ``Random.seed`` does
    with a string (version 2: the string's bytes and their SHA-512 as one big integer, read
    by the C generator), without its Python frame and type tests: a game draws about 25
    times (issue #32). Tested against ``Random.seed``."""
    _seed_integer(rng, int.from_bytes(text + sha512(text).digest(), "big"))
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed leaves it


_seed_integer = _random.Random.seed
_new_generator = _random.Random.__new__


def _no_draw(rng: random.Random) -> Event:
    raise SeedUnknownError("the seed revealed at the end is the host's to give", "RR-VIEW-10")


def _first_state(started: GameStarted, rules_version: int | None) -> GameState:
    """The state after ``started``, played under ``rules_version`` if it names none."""
    state = fold([started])
    if started.rules_version is not None or rules_version in (None, state.rules_version):
        return state
    assert rules_version in UNNAMED_RULES_VERSIONS, rules_version
    changed: GameState = evolve(state, rules_version=rules_version)
    return changed


def _replaying(started: GameStarted, events: Sequence[Event], *, given_chances: bool = False,
               secret: Secret | None = None) -> Game:
    """The game ``events`` record, re-adjudicated. A ``started`` that names no rules version
    was played under one of :data:`rr.ruleset.UNNAMED_RULES_VERSIONS`: each is tried, the
    newest first, and the first that replays every event is the log's (RULING-B10's
    corrections made the rules ask other questions: an old log replays under only one). If
    none does, the newest's game or divergence is the answer."""
    versions = UNNAMED_RULES_VERSIONS if started.rules_version is None else (None,)
    first: Game | DivergenceError | None = None
    for version in versions:
        try:
            game = Game(started, events, given_chances=given_chances, secret=secret,
                        rules_version=version)
        except DivergenceError as err:
            first = err if first is None else first
            continue
        if len(game._events) == len(events):
            return game
        first = game if first is None else first
    if isinstance(first, DivergenceError):
        raise first
    assert first is not None
    return first


_SETUP = ByRule("RR-SETUP-1")
"""What a divergence before the first decision names."""

_REVEAL = Chance("the seed revealed at the end of the game", _no_draw,
                 lambda event: type(event) is SeedRevealed)
"""What a game whose outcomes are given, and whose first event commits to a seed, waits for
once the rules have ended it: the reveal (which the fold checks opens the commitment)."""


def _unpickle(events: tuple[Event, ...], given_chances: bool,
              secret: Secret | None = None) -> Game:
    started = events[0]
    assert isinstance(started, GameStarted)
    game = _replaying(started, events, given_chances=given_chances, secret=secret)
    if len(game._events) != len(events):
        raise DivergenceError(len(game._events), _show(events[len(game._events)]),
                              "no further event", None)
    return game


def _check_secret(started: GameStarted, secret: Secret) -> None:
    """:class:`BadInputError` unless ``secret`` is the one ``started`` committed to (a log from
    before commitments takes its header's seed as it is)."""
    if started.seed_origin is SeedOrigin.PUBLIC:
        return
    if started.commitment is None:
        raise BadInputError("this game has no seed: its random outcomes are given")
    if not secret.opens(started.commitment):
        raise BadInputError("this seed and salt do not open the game's commitment",
                            "RR-VIEW-10")


def _listed(option: Option, options: tuple[Option, ...]) -> bool:
    """Whether ``option`` is one of ``options``: by identity first (a bot hands back the
    listed object, found without calling an option's ``__eq__`` on every one before it; a
    turn lists about 20 Leads), then by equality (issue #12)."""
    return any(map(is_, options, repeat(option))) or option in options  # both in C


def _rule_and_card(source: Source) -> tuple[str | None, CardId | None]:
    """A decision's source as a divergence names it: the rule's id, or the card."""
    return (source.rule, None) if type(source) is ByRule else (None, cast(ByCard, source).card)


def _show(event: Event, state: GameState = EMPTY) -> str:
    """A recorded or expected event in words, players named (never a repr)."""
    return words(event, state)


def _as_recorded(outcome: Event) -> Event | None:
    """``outcome`` as the codec reads it back from a log (``None`` if it cannot be written
    and read: a field of the wrong type, a house or die face that does not exist)."""
    try:
        return decode_event(encode_event(outcome))
    except Exception:  # noqa: BLE001 - whatever the codec cannot take is no outcome
        return None


def _given(outcome: Event, state: GameState) -> str:
    """An outcome given from outside, in words, even when it is malformed (its repr)."""
    try:
        return _show(outcome, state)
    except Exception:  # noqa: BLE001 - a malformed outcome is reported, not a crash
        return repr(outcome)


def _describe(option: object) -> str:
    """An option submitted from outside, described for an error message even when it is
    malformed (``Lead(card, None)``) or not an option at all."""
    try:
        return describe(option)  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - a rules bug becomes a typed report, not a crash
        return repr(option)


def replay(events: Iterable[Event]) -> GameState:
    """RR replay: the state a log records, by folding its events (no rules run)."""
    return fold(events)

