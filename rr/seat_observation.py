"""One seat's observation kept up to date, for the environments (issue #30, point 5).

:func:`rr.observation.observation_array` builds the whole observation at every call (about
30 µs). A learner's environment asks for the same seat's observation again and again while a
step changes little of it: one or two stacks, a player's tokens, who decides. A
:class:`SeatObservation` keeps the seat's observation in a buffer and, when asked again,
writes only the parts whose inputs changed since it last looked (the first entries of each
part are cleared, then the new ones written, so two parts sharing a card's row — a card moved
from one stack to another — stay right).

It finds what changed by identity, not from the events: the state is frozen and the fold
copies only what an event changes (a stack, a player, the known sets), so a part whose inputs
are the very objects it last read is unchanged, whatever happened in between (several steps,
another agent's turns, a new game). That needs no event-by-event bookkeeping to fall out of
step with the fold. Every part is computed by the same functions as
:func:`rr.observation.observation`, so the values are those, bit for bit;
``tests/integrations/test_seat_observation.py`` checks it at every step of random games, for
every seat. A stack holding a face-down card is computed again whenever the state changes
(whether the seat knows that card can change without the stack changing).

Needs numpy (the ``pettingzoo`` extra).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy

from rr.engine import Game
from rr.model import LOCATIONS, MAX_PLAYERS, CardId, Seat
from rr.observation import (
    _ASKS,
    _HAND,
    _HOUSES,
    _IN_DECK,
    _IN_HANDS,
    _PENDING,
    _PHASES,
    _REMOVED,
    _TABLE,
    OBSERVATION_SIZE,
    _banished_entries,
    _cards,
    _check_seat,
    _known_by,
    _marks_part,
    _player_values,
    _slot_base,
    _solo_part,
    _stack_entries,
    _stack_seen,
    _table_values,
)
from rr.views import solo_view

Ones = tuple[int, ...]
Arrays = tuple["numpy.typing.NDArray[numpy.intp]", "numpy.typing.NDArray[numpy.intp]",
               "numpy.typing.NDArray[numpy.intp]", "numpy.typing.NDArray[numpy.float32]"]
"""A stack's entries as arrays: every index (to clear), the ones, the others, their values."""

_NOTHING: Any = object()
"""What a part last read before it read anything (the same as no input)."""
_STACKS = tuple(range(len(LOCATIONS)))


class SeatObservation:
    """The observation of ``seat`` (:func:`rr.observation.observation`), brought up to date
    part by part: :meth:`array` returns it as a new ``numpy.float32`` array."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self._array = numpy.zeros(OBSERVATION_SIZE, dtype=numpy.float32)
        # Writes one entry about twice as fast as numpy's item assignment.
        self._cells = self._array.data.cast("B").cast("f")
        self._seats = -1
        self._state: Any = _NOTHING
        self._pending: Any = _NOTHING
        self._banished: Any = _NOTHING
        self._solo: Any = _NOTHING

    def array(self, game: Game) -> numpy.typing.NDArray[numpy.float32]:
        """The seat's observation of ``game`` now: a new array, the caller's to keep."""
        self.update(game)
        return self._array.copy()

    def update(self, game: Game) -> None:
        """Bring the buffer up to date with ``game``."""
        state, pending = game.state, game.pending
        if state is self._state:
            if pending is not self._pending:
                self._pending = pending
                self._marks(state, pending)
                self._asked(pending)
            return
        players = state.players
        if len(players) != self._seats:
            _check_seat(game, self.seat)
            self._start(len(players))
        if state.locations is not self._locations or self._hidden:
            self._stacks(state)
        if players is not self._players:
            self._players_changed(players)
        self._known(state, players)
        if state.banished is not self._banished:
            self._banished = banished = state.banished
            self._ones(-1, _banished_entries(banished) if banished else ())
        solo = state.solo
        if solo is not self._solo:
            self._solo = solo
            index = _cards()
            removed = solo.removed if solo is not None else ()
            self._ones(-2, tuple([_REMOVED + index[c] for c in removed]))
            self._solo_changed(state)
        self._marks(state, pending)
        self._table(state)
        self._asked(pending)
        self._state, self._pending = state, pending

    def _start(self, seats: int) -> None:
        """A clear buffer for a game of ``seats`` players (the slots depend on it)."""
        self._array.fill(0.0)
        self._seats = seats
        self._bases = [_slot_base(other, self.seat, seats) for other in range(seats)]
        self._locations: Any = _NOTHING
        self._hidden = False
        self._stack_keys: list[Any] = [_NOTHING] * len(_STACKS)
        self._stack_written: list[Arrays | None] = [None] * len(_STACKS)
        self._players: Any = (_NOTHING,) * seats
        self._values: list[Any] = [(-1.0,) * 5] * seats
        self._houses: list[int | None] = [None] * seats
        self._written: dict[int, Ones] = {}
        self._mine: Any = _NOTHING
        self._players_known: Any = _NOTHING
        self._hands: list[Any] = [_NOTHING] * seats
        self._deck: Any = _NOTHING
        self._banished = _NOTHING
        self._solo = _NOTHING
        self._solo_at: tuple[int, ...] = ()
        self._marks_key: Any = _NOTHING
        self._marks_at: tuple[int, ...] = ()
        self._table_key: Any = _NOTHING
        self._table_values: Any = (-1.0, -1.0, -1.0)
        self._asked_key: Any = _NOTHING

    def _ones(self, part: int, ones: Ones) -> None:
        """Part ``part``'s ones are now ``ones`` (flags only: each part its own indices)."""
        old = self._written.get(part, ())
        if ones == old:
            return
        cells = self._cells
        # Most changes are a card or two: write only what differs.
        for i in old:
            if i not in ones:
                cells[i] = 0.0
        for i in ones:
            if i not in old:
                cells[i] = 1.0
        self._written[part] = ones

    def _stacks(self, state: Any) -> None:
        stack_keys, written, seat = self._stack_keys, self._stack_written, self.seat
        locations, face_down = state.locations, state.face_down
        hidden = False
        changed: list[tuple[int, Arrays | None]] = []
        for li in _STACKS:
            real = locations[li]
            # With a face-down card, whether the seat knows it can change while the stack
            # does not: then the whole state is part of the key.
            marker = state if face_down and not face_down.isdisjoint(real) else None
            hidden = hidden or marker is not None
            old = stack_keys[li]
            if old is not _NOTHING and old[0] is real and old[1] is marker:
                continue
            stack_keys[li] = (real, marker)
            arrays = _stack_arrays(*_stack_seen(state, seat, li)) if real else None
            if arrays is not written[li]:
                changed.append((li, arrays))
        self._locations, self._hidden = locations, hidden
        view = self._array
        # Every old entry cleared before any new one is written: the stacks share the rows
        # of "height" and "known_face_down", and a card may pass from one to another.
        for li, _ in changed:
            old_arrays = written[li]
            if old_arrays is not None:
                view[old_arrays[0]] = 0.0
        for li, arrays in changed:
            if arrays is not None:
                view[arrays[1]] = 1.0
                view[arrays[2]] = arrays[3]
            written[li] = arrays

    def _players_changed(self, players: Any) -> None:
        cells, olds, bases = self._cells, self._players, self._bases
        for other, p in enumerate(players):
            if p is olds[other]:
                continue
            base = bases[other]
            values, old_values = _player_values(p), self._values[other]
            if values != old_values:
                for field in range(5):
                    if values[field] != old_values[field]:
                        cells[base + 2 + field] = values[field]
                self._values[other] = values
            house = base + 14 + _HOUSES[p.house] if p.house is not None else None
            if house != self._houses[other]:
                old_house = self._houses[other]
                if old_house is not None:
                    cells[old_house] = 0.0
                if house is not None:
                    cells[house] = 1.0
                self._houses[other] = house
            cells[base] = 1.0
            if other == self.seat and p.hand is not getattr(olds[other], "hand", None):
                index = _cards()
                self._ones(-3, tuple([_HAND + index[c] for c in p.hand]))
        self._players = players

    def _known(self, state: Any, players: Any) -> None:
        """``known_in_hands`` and ``known_in_deck`` (:func:`rr.observation._known_part`)."""
        seat = self.seat
        mine = _known_by(state, seat)
        fresh = mine is not self._mine
        if fresh or players is not self._players_known:
            self._players_known = players
            index, hands, seats = _cards(), self._hands, self._seats
            for other, player in enumerate(players):
                if other == seat or (player.hand is hands[other] and not fresh):
                    continue
                hands[other] = hand = player.hand
                if mine and not mine.isdisjoint(hand):
                    at = _IN_HANDS + ((other - seat) % seats) - 1
                    self._ones(other, tuple([at + index[c] * (MAX_PLAYERS - 1)
                                             for c in hand if c in mine]))
                else:
                    self._ones(other, ())
        deck = state.deck
        if fresh or deck is not self._deck:
            self._deck = deck
            index = _cards()
            self._ones(-4, tuple([_IN_DECK + index[c] for c in mine.intersection(deck)])
                       if mine else ())
        self._mine = mine

    def _marks(self, state: Any, pending: Any) -> None:
        solo = state.solo
        key = (solo.seat if solo is not None else None, state.sovereign, state.first_player,
               state.turns[-1][0] if state.turns else None,
               pending.seat if pending is not None else None,
               state.end_triggered_by, state.winners, state.totals)
        if key == self._marks_key:
            return
        self._marks_key = key
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        _marks_part(state, pending, self.seat, ones, at, values)
        self._ones(-5, tuple(ones))
        cells = self._cells
        for i in self._marks_at:
            cells[i] = 0.0
        for i, value in zip(at, values):
            cells[i] = value
        self._marks_at = tuple(at)

    def _table(self, state: Any) -> None:
        values, old = _table_values(state), self._table_values
        if values != old:
            cells = self._cells
            for field in range(3):
                if values[field] != old[field]:
                    cells[_TABLE + field] = values[field]
            self._table_values = values
        key = (state.end_triggered_by is not None, state.phase)
        if key != self._table_key:
            self._table_key = key
            phase = _TABLE + 4 + _PHASES[key[1]]
            self._ones(-6, (_TABLE + 3, phase) if key[0] else (phase,))

    def _asked(self, pending: Any) -> None:
        key = None if pending is None else (pending.seat == self.seat, pending.ask)
        if key != self._asked_key:
            self._asked_key = key
            if key is None:
                self._ones(-7, ())
            else:
                ask = _PENDING + 1 + _ASKS[key[1]]
                self._ones(-7, (_PENDING, ask) if key[0] else (ask,))

    def _solo_changed(self, state: Any) -> None:
        cells = self._cells
        for i in self._solo_at:
            cells[i] = 0.0
        solo = solo_view(state)
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        if solo is not None:
            _solo_part(solo, ones, at, values)
        self._ones(-8, tuple(ones))
        for i, value in zip(at, values):
            cells[i] = value
        self._solo_at = tuple(at)


@functools.lru_cache(maxsize=1 << 16)
def _stack_arrays(li: int, stack: tuple[CardId, ...], downs: tuple[int, ...]) -> Arrays:
    """:func:`rr.observation._stack_entries` as arrays (remembered as they are)."""
    ones, at, values = _stack_entries(li, stack, downs)
    return (numpy.array(ones + at, dtype=numpy.intp), numpy.array(ones, dtype=numpy.intp),
            numpy.array(at, dtype=numpy.intp), numpy.array(values, dtype=numpy.float32))
