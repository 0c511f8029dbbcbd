"""What a seat was shown over a whole history, for the information-set property (issue 31).

A sample of seat *s*'s information set (``Game.sample_for``) must be a game *s* cannot tell
from the real one by anything it was ever shown — not only by its view now. So its own log is
played again from its first record by the rules (a game whose every random outcome is given:
the sample's own shuffles, rolls and picks, its players' own decisions), and everything *s*
is shown on the way is written down: every record as ``rr.views.redact`` tells it, its line of
the story (``rr.narrate``), and at every decision the view and the pending decision as
*s* sees them (``rr.jsonforms`` forms, as the server sends them). The real game's transcript
is written the same way; the two must be equal, record for record. A sample whose history the
rules do not replay (a decision that was not legal there, an outcome the rules could not have
drawn, a record the rules would not have written: a hand that said it held no Red and does)
fails too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rr.engine import Game
from rr.errors import RRError
from rr.events.types import RANDOM_OUTCOMES, DecisionMade, Event, GameStarted
from rr.jsonforms import to_json
from rr.model import Seat
from rr.narrate import story_line as narrate
from rr.state import GameState, apply
from rr.views import redact

Observation = tuple[str, int, Any]
"""``("record", index, (redacted record, story line))`` or ``("view", index, view)``: a view
is written when a decision waits, ``index`` records into the game."""


def transcript(events: Sequence[Event], seat: Seat | None) -> list[Observation]:
    """Everything ``seat`` (``None``: a spectator) is shown while the rules play ``events``
    again from the first: raises ``AssertionError`` if they do not replay them."""
    started = events[0]
    assert isinstance(started, GameStarted), "a history starts with its game_started record"
    game = Game(started, given_chances=True)
    shown: list[Observation] = []
    state = GameState()
    done = 0

    def catch_up() -> None:
        nonlocal state, done
        made = game.events
        for index in range(done, len(made)):
            if index >= len(events) or made[index] != events[index]:
                theirs = events[index] if index < len(events) else "nothing"
                raise AssertionError(f"the rules replay record {index} as {made[index]!r}, "
                                     f"not {theirs!r}")
            event = made[index]
            after = apply(state, event)
            told = redact(event, state, seat, after)
            shown.append(("record", index, (to_json(told), narrate(told, state, after))))
            state = after
        done = len(made)
        if game.pending is not None:
            shown.append(("view", done, to_json(game.view(seat))))

    catch_up()
    while done < len(events):
        record = events[done]
        try:
            if isinstance(record, DecisionMade):
                game.choose(record.option, seat=record.seat)
            elif isinstance(record, RANDOM_OUTCOMES):
                game.give_chance(record)
            else:
                raise AssertionError(f"the rules do not write record {done} {record!r} "
                                     "here")
        except RRError as err:
            raise AssertionError(f"record {done} {record!r} does not replay: {err}") from None
        catch_up()
    return shown


def first_difference(truth: Sequence[Observation], other: Sequence[Observation]
                     ) -> str | None:
    """Where two transcripts first differ, in words; ``None`` if they are equal."""
    for mine, theirs in zip(truth, other):
        if mine != theirs:
            return f"at {mine[0]} {mine[1]}: {_diff(mine[2], theirs[2])}"
    if len(truth) != len(other):
        return f"{len(truth)} observations in the game, {len(other)} in the sample"
    return None


def _diff(a: Any, b: Any) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        keys = [k for k in a if a.get(k) != b.get(k)]
        return "; ".join(f"{k}: {a.get(k)!r} / {b.get(k)!r}" for k in keys)
    return f"{a!r} / {b!r}"


def sample_problem(game: Game, sample: Game, seat: Seat | None,
                   truth: Sequence[Observation] | None = None) -> str | None:
    """What ``seat`` could tell apart between ``game`` and ``sample`` over the whole history
    (``truth``: the game's transcript, if already written), or ``None``."""
    if truth is None:
        truth = transcript(game.events, seat)
    try:
        other = transcript(sample.events, seat)
    except AssertionError as err:
        return f"the sample's history does not replay: {err}"
    return first_difference(truth, other)
