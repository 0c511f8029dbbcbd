"""A whole game, as one rules program: setup, turns until the end, then the end of the game.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from rr.effects.program import Program, Table
from rr.effects.tokens import NO_CARD_LEFT
from rr.events.types import GameEndTriggered, TurnKind
from rr.model import House
from rr.rules.end import end_of_game
from rr.rules.setup import setup
from rr.rules.solo import automa_turn, solo_setup
from rr.rules.turn import take_turn
from rr.state import GameState


def play(table: Table, houses: tuple[House, ...] | None = None) -> Program[None]:
    """The program of a game whose ``GameStarted`` event is already folded into the table."""
    return _game(table, houses, None)


def play_from(table: Table, seat: int) -> Program[None]:
    """The rest of a game, from the start of ``seat``'s turn to the final scores."""
    return _game(table, None, seat)


def _game(table: Table, houses: tuple[House, ...] | None, seat: int | None) -> Program[None]:
    """:func:`play` (``seat`` None: setup first) or :func:`play_from`: one program, not a
    program that runs the other, as every event and decision of a game passes through each
    program it is nested in (about 750 machine instructions a decision; issue #30)."""
    if seat is None:
        if table.state.solo is not None:
            yield from solo_setup(table, houses)  # RR-SOLO-1
        else:
            yield from setup(table, houses)
        seat = table.state.first_player
        assert seat is not None
    solo = table.state.solo
    automa = None if solo is None else solo.seat  # her seat, read once (is_automa; #30)
    while True:
        if is_deadlocked(table.state) and not table.state.end_triggered:
            yield GameEndTriggered(seat, NO_CARD_LEFT)
        if seat == automa:
            yield from automa_turn(table, seat)  # RR-SOLO-8
        else:
            yield from take_turn(table, seat)
        if is_round_complete(table.state):
            break
        seat = next_to_play(table.state, seat)
    apollo = [s for s in table.state.seats if table.state.players[s].house is House.APOLLO]
    if apollo:
        yield from take_turn(table, apollo[0], TurnKind.APOLLO_LAST)  # RR-END-4
    yield from end_of_game(table)


def next_to_play(state: GameState, seat: int) -> int:
    """RR-TURN-2: the next player clockwise. After the end is triggered, a player who is
    already ahead on turns is passed over (RR-END-3): possible only when out-of-order turns
    count (``loan_shark_turn_counts``, RULING-A12)."""
    seat = state.next_seat(seat)
    if state.end_triggered_by is not None:  # end_triggered, without its call (issue #30)
        fewest = min(p.turns for p in state.players)
        while state.players[seat].turns > fewest:
            seat = state.next_seat(seat)
    return seat


def is_deadlocked(state: GameState) -> bool:
    """RULING-B7: with the deck, every location and every hand empty, no turn can change
    anything, so no end condition could ever be met. Au Toma's hand does not count: she
    never plays from it."""
    return (not state.deck and not any(state.locations)
            and not any(p.hand for s, p in enumerate(state.players)
                        if not state.is_automa(s)))  # RR-SOLO-9: she never plays her hand


def is_round_complete(state: GameState) -> bool:
    """RR-END-3: the end is triggered and every player has taken the same number of turns."""
    # end_triggered_by read, not the end_triggered property: after every turn (issue #30)
    return state.end_triggered_by is not None and len({p.turns for p in state.players}) == 1
