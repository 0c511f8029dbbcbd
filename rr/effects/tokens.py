"""Helium, the Fleet Track and Influence, with their caps, and the game-end trigger check."""

from __future__ import annotations

from rr.effects.program import Program, Table
from rr.events.types import (
    EndCondition,
    EndReason,
    EndTrigger,
    FleetAdvanced,
    FleetRegressed,
    GameEndTriggered,
    HeliumGained,
    HeliumLost,
    HeliumPaid,
    InfluencePlaced,
    InfluenceRemoved,
    Phase,
)
from rr.model import FLEET_MAX, INFLUENCE_TOKENS, Seat
from rr.state import GameState, times_met

END_THRESHOLD = 7


# Enum members the rules read on every decision, as globals: in Python 3.11 reading a
# member from its class takes the slow path EnumType.__getattr__ puts every class
# attribute on, about 90 ns a read (issue #12).
_PLAY, _CONDITIONS = Phase.PLAY, EndTrigger.CONDITIONS


_MET: tuple[tuple[EndCondition, ...], ...] = tuple(
    tuple(c for bit, c in zip((1, 2, 4), EndCondition) if met & bit) for met in range(8))
"""RR-END-1: the conditions of each combination met (1: Helium, 2: Influence, 4: Fleet), in
:class:`EndCondition` order, made once."""
_ALL_THREE = EndReason(_CONDITIONS, _MET[7])
"""RR-END-1: all three conditions met between the players."""


def end_reason(state: GameState) -> EndReason | None:
    """RR-END-1: why the game end is triggered now, or ``None`` if it is not: the first seat
    that meets two conditions or more, else all three met between the players."""
    # Counted as bits: this runs after every gain of Helium, Fleet or Influence (issue #12).
    for p in state.players:
        if p.helium >= END_THRESHOLD or p.influence >= END_THRESHOLD or p.fleet >= END_THRESHOLD:
            break
    else:
        return None  # nobody meets any condition: most of the game
    union = 0
    for seat, p in enumerate(state.players):
        met = ((p.helium >= END_THRESHOLD) + 2 * (p.influence >= END_THRESHOLD)
               + 4 * (p.fleet >= END_THRESHOLD))
        if met and met & (met - 1):  # two conditions or more
            return EndReason(_CONDITIONS, _MET[met], seat)
        union |= met
    if union != 7:
        return None
    return _ALL_THREE


def game_end(state: GameState) -> GameEndTriggered | None:
    """RR-END-2: the end is checked after every change; once triggered, it stays triggered.
    The event that triggers it now, if any: a plain function, not a program, which the gains
    below call after every change (a program cost about 600 machine instructions a gain to
    start and end; issue #30)."""
    if state.end_triggered_by is not None or state.phase is not _PLAY or not state.turns:
        return None  # already triggered, or no turn under way
    reason = end_reason(state)
    return None if reason is None else GameEndTriggered(state.turns[-1][0], reason)


REPETITIONS = 3
"""RULING-B11: the position at the start of a round met this many times triggers the end of
the game."""
REPEATED = EndReason(EndTrigger.REPETITION)
"""The reason of a ``GameEndTriggered`` by RULING-B11."""
ROUND_LIMIT = 150
"""RULING-B12: a player beginning this turn of theirs triggers the end of the game."""
LONGEST = EndReason(EndTrigger.ROUND_LIMIT)
"""The reason of a ``GameEndTriggered`` by RULING-B12."""
NO_CARD_LEFT = EndReason(EndTrigger.NO_CARD_LEFT)
"""The reason of a ``GameEndTriggered`` by RULING-B7."""


def endless(state: GameState, seat: Seat) -> GameEndTriggered | None:
    """At the start of ``seat``'s normal turn (after ``TurnStarted``, whose fold counted the
    turn and, at the start of a round, the position): the end RULING-B11 (a round starting in
    a position met for the third time) or RULING-B12 (the 150th turn) triggers, or ``None``.
    A plain function, not a program: it is asked at every turn, and almost always says
    ``None`` (issue #12)."""
    if state.end_triggered_by is not None:
        return None
    if seat == state.first_player and times_met(state.positions) >= REPETITIONS:
        return GameEndTriggered(seat, REPEATED)
    if state.players[seat].turns >= ROUND_LIMIT and state.ruleset.round_limit:
        return GameEndTriggered(seat, LONGEST)
    return None


def gain_helium(table: Table, seat: Seat, amount: int = 1) -> Program[int]:
    """RR-BONUS-2: Helium is unlimited. Returns the amount gained."""
    if amount > 0:
        yield HeliumGained(seat, amount)
        if (ended := game_end(table.state)) is not None:  # RR-END-2
            yield ended
    return max(amount, 0)


def lose_helium(table: Table, seat: Seat, amount: int = 1) -> Program[int]:
    """Lose up to ``amount`` Helium (never below 0, RR-ABIL-1). Returns the amount lost."""
    lost = min(amount, table.state.players[seat].helium)
    if lost > 0:
        yield HeliumLost(seat, lost)
    return lost


def pay_helium(table: Table, payer: Seat, payee: Seat, amount: int) -> Program[int]:
    """``payer`` gives up to ``amount`` Helium to ``payee``. Returns the amount paid."""
    paid = min(amount, table.state.players[payer].helium)
    if paid > 0:
        yield HeliumPaid(payer, payee, paid)
        if (ended := game_end(table.state)) is not None:  # RR-END-2
            yield ended
    return paid


def advance(table: Table, seat: Seat, steps: int = 1) -> Program[int]:
    """RR-BONUS-1: advance on the Fleet Track, never past 10. Returns the steps taken."""
    now = table.state.players[seat].fleet
    new = min(FLEET_MAX, now + max(steps, 0))
    if new > now:
        yield FleetAdvanced(seat, new)
        if (ended := game_end(table.state)) is not None:  # RR-END-2
            yield ended
    return new - now


def regress(table: Table, seat: Seat, steps: int = 1) -> Program[int]:
    """Move back on the Fleet Track, never below 0. Returns the steps taken."""
    now = table.state.players[seat].fleet
    new = max(0, now - steps)
    if new < now:
        yield FleetRegressed(seat, new)
    return now - new


def influence_left(state: GameState, seat: Seat) -> int:
    return INFLUENCE_TOKENS - state.players[seat].influence


def place_influence(table: Table, seat: Seat, count: int = 1) -> Program[int]:
    """RR-BONUS-4: place Influence on the Institute; none beyond 10. Returns how many."""
    placed = min(count, influence_left(table.state, seat))
    if placed > 0:
        yield InfluencePlaced(seat, placed)
        if (ended := game_end(table.state)) is not None:  # RR-END-2
            yield ended
    return placed


def remove_influence(table: Table, seat: Seat, count: int = 1) -> Program[int]:
    """Take Influence back from the Institute into the supply. Returns how many."""
    removed = min(count, table.state.players[seat].influence)
    if removed > 0:
        yield InfluenceRemoved(seat, removed)
    return removed
