"""Re-run a recorded game under another ruleset, from its recorded inputs.

The recorded inputs of a game are its decisions (``DecisionMade``) and its random outcomes
(``DeckShuffled``, ``DieRolled``, ...), each in log order. The re-runner starts the game from
the recorded ``GameStarted`` with its ruleset replaced, runs the rules program, and answers
every decision with the next recorded decision and every random draw with the next recorded
outcome. Where the other ruleset asks a different question (another player, another rule or
card, an option that is not legal any more) or needs a random outcome the log does not hold,
the re-run stops there: the game *diverges*.

This is not :meth:`rr.engine.Game.resume`, which insists that every event matches the log: a
re-run under another ruleset is expected to produce other events.

**Rules version.** A log whose first record names no rules version (a ``game_started/2``
written before versions were recorded) was played under one of
:data:`rr.ruleset.UNNAMED_RULES_VERSIONS`, and only re-running it tells which. The re-run, the
seed check (:func:`rr.oracle.seed.check_seed`) and the blame (:func:`rr.oracle.blame.blame`)
do not guess: for such a log they must be told the version (``rules_version``; a
:class:`BadInputError` says so otherwise). :func:`rules_version_of` finds the one the log
re-runs under; ``rr audit`` uses the one the resume found, and says which it judged under
(``AuditReport.rules_note``); ``rr regress`` re-runs under the one :func:`rules_version_of`
finds, and under the newest, saying so, when none re-runs the log.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from attrs import evolve, frozen

from rr.decisions import Decision
from rr.effects.program import Chance, Table
from rr.errors import BadInputError, CorruptLogError
from rr.events.types import RANDOM_OUTCOMES, DecisionMade, Event, GameStarted, SeedRevealed
from rr.narrate import player, words
from rr.narrate import option_text, source_text
from rr.rules.game import play
from rr.ruleset import UNNAMED_RULES_VERSIONS, Ruleset
from rr.state import GameState, apply, fold


@frozen
class Stop:
    """Why a re-run stopped before the game's end."""

    record: int
    """The number the next event would have had in the re-run."""
    reason: str
    diverged: bool
    """True: the ruleset asks something the log cannot answer. False: the log simply ends
    (the recorded game was not finished)."""


@frozen
class Rerun:
    """The events a re-run produced, and how it ended."""

    ruleset: Ruleset
    events: tuple[Event, ...]
    state: GameState
    stop: Stop | None
    """``None``: the game ran to its end."""

    @property
    def finished(self) -> bool:
        return self.stop is None

    @property
    def totals(self) -> tuple[int, ...] | None:
        return self.state.totals


def needs_rules_version(events: Sequence[Event], rules_version: int | None, what: str) -> None:
    """Raise :class:`BadInputError` if the first of ``events`` names no rules version and
    ``rules_version`` does not say which (module notes); ``what``: who needs it."""
    started = events[0] if events else None
    if isinstance(started, GameStarted) and started.rules_version is None \
            and rules_version is None:
        versions = " or ".join(str(v) for v in UNNAMED_RULES_VERSIONS)
        raise BadInputError(
            f"record 0 names no rules version (a game_started/2 written before versions were "
            f"recorded, played under version {versions}): {what} must be told which "
            "(rules_version; rr.oracle.rerun.rules_version_of finds the one the log re-runs "
            "under)")


def rules_version_of(events: Sequence[Event]) -> int | None:
    """The rules version a log whose first event names none was played under: the first of
    :data:`rr.ruleset.UNNAMED_RULES_VERSIONS` under which its own ruleset re-runs it without
    diverging (``None`` if its first event names one, or none does)."""
    if not events or not isinstance(events[0], GameStarted) or events[0].rules_version is not None:
        return None
    for version in UNNAMED_RULES_VERSIONS:
        stop = rerun(events, None, version).stop
        if stop is None or not stop.diverged:
            return version
    return None


def inputs(events: Sequence[Event]) -> tuple[list[DecisionMade], list[Event]]:
    """The recorded decisions and the recorded random outcomes, each in log order."""
    decisions = [e for e in events if isinstance(e, DecisionMade)]
    outcomes = [e for e in events if isinstance(e, RANDOM_OUTCOMES)]
    return decisions, outcomes


def rerun(events: Sequence[Event], ruleset: Ruleset | None = None,
          rules_version: int | None = None) -> Rerun:
    """Re-run the game ``events`` record under ``ruleset`` (default: its own), and, if its
    first event names no rules version, under ``rules_version``, which must then be given
    (:class:`BadInputError` otherwise; :func:`rules_version_of` finds the log's)."""
    if not events or not isinstance(events[0], GameStarted):
        raise CorruptLogError("a log starts with a game_started event")
    needs_rules_version(events, rules_version, "a re-run")
    started = events[0] if ruleset is None else evolve(events[0], ruleset=ruleset)
    assert isinstance(started, GameStarted)
    recorded_decisions, recorded_outcomes = inputs(events)
    decisions, outcomes = deque(recorded_decisions), deque(recorded_outcomes)
    first = fold([started])
    if started.rules_version is None and rules_version is not None:
        first = evolve(first, rules_version=rules_version)
    table = Table(first)
    program = play(table, started.houses)
    out: list[Event] = [started]

    def result(stop: Stop | None) -> Rerun:
        return Rerun(started.ruleset, tuple(out), table.state, stop)

    value: object = None
    while True:
        try:
            request = program.send(value)
        except StopIteration:
            last = events[-1]
            if isinstance(last, SeedRevealed):  # RR-VIEW-10: the recorded secret, revealed
                try:
                    table.state = apply(table.state, last)
                except CorruptLogError as err:
                    return result(Stop(len(out), f"the revealed seed cannot be: {err}", True))
                out.append(last)
            return result(None)
        except CorruptLogError as err:
            return result(Stop(len(out), f"the rules cannot go on: {err}", True))
        value = None
        if isinstance(request, Decision):
            if not decisions:
                return result(Stop(len(out), _asks(request, table.state)
                                   + "; the log holds no more decisions", False))
            made = decisions.popleft()
            if not (made.seat == request.seat and made.source == request.source
                    and made.option in request.options):
                return result(Stop(len(out), _misfit(made, request, table.state), True))
            request = made
            value = made.option
        elif isinstance(request, Chance):
            if not outcomes:
                return result(Stop(len(out), f"the rules draw {request.what}; the log holds "
                                             "no more random outcomes", True))
            outcome = outcomes.popleft()
            if not request.accepts(outcome):
                return result(Stop(len(out), f"the rules draw {request.what}; the next "
                                             f"recorded outcome is: "
                                             f"{words(outcome, table.state)}", True))
            request = outcome
            value = outcome
        elif isinstance(request, RANDOM_OUTCOMES) and outcomes and outcomes[0] == request:
            # Some outcomes are random only sometimes: with House Apollo the first player
            # is given, with houses chosen by the players the deal is given. The recorded
            # game then holds them as plain events, and they are not inputs.
            outcomes.popleft()
        try:
            table.state = apply(table.state, request)
        except CorruptLogError as err:
            return result(Stop(len(out), f"a recorded outcome cannot happen here: {err}", True))
        out.append(request)


def _asks(decision: Decision, state: GameState) -> str:
    return (f"the rules ask {player(state, decision.seat)}: {decision.prompt} "
            f"[{source_text(decision.source)}]")


def _misfit(made: DecisionMade, decision: Decision, state: GameState) -> str:
    recorded = (f"{player(state, made.seat)} chose {option_text(made.option, state)} "
                f"[{source_text(made.source)}]")
    if made.seat == decision.seat and made.source == decision.source:
        return f"{_asks(decision, state)}; the recorded choice ({recorded}) is not legal there"
    return f"{_asks(decision, state)}; the next recorded decision is another one ({recorded})"
