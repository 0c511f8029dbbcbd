"""Replay: the state a log records at any record, as one player (or a spectator) may see it.

Replaying only folds the recorded events (``rr.state.fold``); no rule runs. To say whose
decision is pending at that point, the rules are re-run over the log's prefix
(``Game.resume``); a log that does not re-adjudicate still replays, without that line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from rr.decisions import Decision
from rr.engine import Game
from rr.errors import BadInputError, RRError
from rr.events.codec import converter, unstructure
from rr.events.types import Event
from rr.model import Seat
from rr.narrate import player, words
from rr.options import Option
from rr.oracle.narrate import Line, narration, option_text, source_text
from rr.rules.final import FinalScore, scorepad_of
from rr.state import GameState, fold
from rr.views import View, view


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
    view: View
    pending: Pending
    story: tuple[Line, ...]
    scorepad: FinalScore | None
    """The scorepad of a finished game (``None`` before the end)."""


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
    return Pending(decision, f"{player(game.state, decision.seat)} to decide: {decision.prompt} "
                             f"[{source_text(decision.source)}], {len(decision.options)} options")


def replay(events: Sequence[Event], at: int | None = None, seat: Seat | None = None) -> Replay:
    """Fold ``events`` up to record ``at`` (default: all) and describe it for ``seat``."""
    if not events:
        raise BadInputError("the log holds no events")
    at = resolve_at(len(events), at)
    prefix = events[:at + 1]
    state = fold(prefix)
    pending = pending_after(prefix)
    scored = scorepad_of(state) if state.is_over else None
    return Replay(at=at, records=len(events), seat=seat, state=state,
                  view=view(state, seat, pending.decision), pending=pending,
                  story=tuple(narration(prefix, seat)), scorepad=scored)


def replay_json(r: Replay) -> dict[str, Any]:
    """The replay as one JSON-ready object."""
    state = r.state
    out: dict[str, Any] = {
        "record": r.at,
        "records": r.records,
        "viewer": None if r.seat is None else {"seat": r.seat, "name": player(state, r.seat)},
        "ruleset": state.ruleset.describe(),
        "view": unstructure(r.view),
        "pending": {
            "note": r.pending.note,
            "decision": None if r.pending.decision is None else {
                "seat": r.pending.decision.seat,
                "player": player(state, r.pending.decision.seat),
                "ask": r.pending.decision.ask.value,
                "source": unstructure(r.pending.decision.source),
                "prompt": r.pending.decision.prompt,
                "options": (converter.unstructure(r.pending.decision.options,
                                                  unstructure_as=tuple[Option, ...])
                            if r.pending.decision.seat == r.seat else None),
            },
        },
        "story": [{"record": ln.index, "text": ln.text} for ln in r.story],
        "scorepad": None,
    }
    if r.scorepad is not None:
        out["scorepad"] = {
            "players": [{"name": p.name, "rows": dict(p.rows.items()), "total": p.total}
                        for p in r.scorepad.pad.players],
            "totals": list(r.scorepad.totals),
            "winners": [player(state, s) for s in r.scorepad.winners],
        }
    return out


def describe_options(decision: Decision, state: GameState, limit: int = 12) -> str:
    """The first ``limit`` options of ``decision`` in words."""
    shown = [option_text(o, state) for o in decision.options[:limit]]
    more = f", … ({len(decision.options)} in all)" if len(decision.options) > limit else ""
    return ", ".join(shown) + more



