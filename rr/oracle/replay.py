"""Replay: the state a log records at any record, as one player (or a spectator) may see it.

Replaying only folds the recorded events (``rr.state.fold``); no rule runs. To say whose
decision is pending at that point, the rules are re-run over the log's prefix
(``Game.resume``); a log that does not re-adjudicate still replays, without that line.

A log whose records stop folding (a tampered log that still decodes: a card gained from where
it is not) replays up to the last record that folds (:func:`replay_log`), with where and why
it stops: the fold's refusal and ``rr audit``'s report of its first divergence, at or before
that record — as the web replay viewer shows it (``POST /api/replay``'s ``unfolded``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import evolve, frozen

from rr.causes import rule_cause
from rr.decisions import ByCard, Decision
from rr.engine import Game
from rr.errors import BadInputError, CorruptLogError, EngineBugError, RRError
from rr.events.types import Event
from rr.jsonforms import to_json
from rr.model import Seat
from rr.narrate import Told, card_name, option_text, player, words
from rr.oracle.audit import AuditReport, audit
from rr.seat_answer import Position, ScoreColumn, SeatAnswer, seat_answer
from rr.state import EMPTY, GameState, apply, fold
from rr.views import View

__all__ = [
    "Pending", "Replay", "replay", "replay_json", "replay_log",
]


@frozen
class Pending:
    """The decision the rules wait for right after the replayed record, if any."""

    decision: Decision | None
    """``None`` when nothing is pending at this exact point (see ``note``)."""
    note: str
    """A sentence saying whose decision is pending, or why none is shown."""


@frozen
class Replay:
    """A log replayed up to record ``at`` (inclusive), seen by ``seat``."""

    at: int
    records: int
    """How many records the whole log holds."""
    seat: Seat | None
    state: GameState
    pending: Pending
    answer: SeatAnswer
    """What the viewer is shown there: the seat answer of the log's first ``at + 1``
    records, its story from record 0 (:func:`rr.seat_answer.seat_answer`)."""

    @property
    def view(self) -> View:
        return self.answer.view

    @property
    def story(self) -> tuple[Told, ...]:
        return self.answer.new

    @property
    def scorepad(self) -> tuple[ScoreColumn, ...] | None:
        """The scorepad of a finished game (``None`` before the end)."""
        return self.answer.scorepad


def resolve_seat(state: GameState, text: str) -> Seat:
    """A player named by name (case-insensitive) or by number (1 = the first seat)."""
    wanted = text.strip()
    for seat, p in enumerate(state.players):
        if p.name == wanted:
            return seat
    for seat, p in enumerate(state.players):
        if p.name.casefold() == wanted.casefold():
            return seat
    # A few ASCII digits only: "²" is a digit to str.isdigit, and not to int (nor are 5,000
    # digits, past int's limit).
    if (wanted.isascii() and wanted.isdigit() and len(wanted) <= 3
            and 1 <= int(wanted) <= len(state.players)):
        return int(wanted) - 1
    names = ", ".join(f"{n + 1} = {p.name}" for n, p in enumerate(state.players))
    raise BadInputError(f"no player {text!r} in this game (players: {names})")


def resolve_at(records: int, at: int | None) -> int:
    """Record number ``at`` checked against a log of ``records`` records (None: the last)."""
    if at is None:
        return records - 1
    if not 0 <= at < records:
        raise BadInputError(f"--at {at} is out of range: the log has records 0 to {records - 1}")
    return at


def pending_after(prefix: Sequence[Event]) -> Pending:
    """Whose decision the rules wait for after ``prefix`` (re-running the rules over it)."""
    try:
        game = Game.resume(prefix)
    except EngineBugError as err:
        return Pending(None, f"unknown: the rules failed while re-running the log ({err!r})")
    except RRError as err:
        return Pending(None, f"unknown: the log does not re-adjudicate here ({err})")
    except Exception as err:  # noqa: BLE001 - a rules failure while re-running is an engine bug, not ours
        return Pending(None, f"unknown: the rules failed while re-running the log ({err!r})")
    if len(game.events) > len(prefix):
        return Pending(None, "none at this point: the rules go on without a decision "
                             f"(next: {words(game.events[len(prefix)], fold(prefix))})")
    decision = game.pending
    if decision is None:
        return Pending(None, "none: the game is over")
    source = decision.source
    cause = (card_name(source.card) if isinstance(source, ByCard)
             else found.name if (found := rule_cause(source.rule)) is not None else None)
    return Pending(decision, f"{player(game.state, decision.seat)} to decide: {decision.prompt}"
                             f"{f' ({cause})' if cause else ''}, "
                             f"{len(decision.options)} options")


def replay(events: Sequence[Event], at: int | None = None, seat: Seat | None = None,
           everything: bool = False, since: int = 0) -> Replay:
    """Fold ``events`` up to record ``at`` (default: all) and describe it for ``seat``
    (``everything``: for the holder of the whole log, every card named), with the story of
    the records from ``since`` to ``at``.

    >>> import rr
    >>> game = rr.play_out(rr.Game.new(["Ana", "Bo"], seed=2),
    ...                    [rr.GreedyAgent(1), rr.RandomAgent(2)])
    >>> position = rr.replay(game.events, at=20, seat=0)
    >>> position.at, position.records, len(position.view.hand)
    (20, 385, 5)
    """
    if not events:
        raise BadInputError("the log holds no events")
    at = resolve_at(len(events), at)
    prefix = events[:at + 1]
    state = fold(prefix)
    pending = pending_after(prefix)
    answer = seat_answer(Position(prefix, state, pending.decision), seat, min(since, at + 1),
                         everything=everything)
    return Replay(at=at, records=len(events), seat=seat, state=state, pending=pending,
                  answer=answer)


@frozen
class Unfolded:
    """Where a log's records stop folding."""

    record: int
    """The first record the fold refuses (records 0 to ``record - 1`` fold)."""
    problem: str
    """The fold's reason ("event 56: card_gained/1: sevro is not in Luna")."""
    audit: AuditReport
    """``rr audit``'s report of the whole log: its first divergence, at or before
    :attr:`record`."""


def foldable(events: Sequence[Event]) -> tuple[int, str | None]:
    """How many of the first records fold (``rr.state.apply``), and, if not all do, the
    fold's reason for refusing the next one ("event 56: card_gained/1: sevro is not in
    Luna")."""
    state = EMPTY
    for index, event in enumerate(events):
        try:
            state = apply(state, event)
        except CorruptLogError as err:
            return index, str(err)
    return len(events), None


def replay_log(events: Sequence[Event], at: int | None = None, seat: Seat | None = None,
               source: str = "log") -> tuple[Replay, Unfolded | None]:
    """:func:`replay` on a log whose records may stop folding: then it replays up to ``at``
    (default: the last record that folds) and says where and why they stop (``source``: the
    log's name in the audit's words); asking for a record from there on is a
    :class:`BadInputError` naming it."""
    folded, problem = foldable(events)
    if problem is None:
        return replay(events, at, seat), None
    resolve_at(len(events), at)
    if folded == 0:
        raise BadInputError(f"no record of this log can be shown: {problem}")
    if at is not None and at >= folded:
        raise BadInputError(f"record {at} cannot be shown: the records stop folding at record "
                            f"{folded} ({problem})")
    shown = evolve(replay(events[:folded], at, seat), records=len(events))
    return shown, Unfolded(folded, problem, audit(events, source))


def replay_json(r: Replay) -> dict[str, Any]:
    """The replay as one JSON-ready object: the record replayed, the log's record count, the
    note on what is pending there, and the seat answer (``rr.jsonforms``'s form)."""
    return {"record": r.at, "records": r.records, "note": r.pending.note,
            "answer": to_json(r.answer)}


def describe_options(decision: Decision, state: GameState, limit: int = 12) -> str:
    """The first ``limit`` options of ``decision`` in words."""
    shown = [option_text(o, state) for o in decision.options[:limit]]
    more = f", … ({len(decision.options)} in all)" if len(decision.options) > limit else ""
    return ", ".join(shown) + more



