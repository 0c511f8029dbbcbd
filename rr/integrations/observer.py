"""The observations of one environment's game, kept up to date instead of rebuilt (issue #30
point 5): what the PettingZoo and Gymnasium environments hand out at every step. Needs numpy.

An :class:`Observer` returns exactly :func:`rr.observation.observation_array` (the same
values, byte for byte, a new array each time: ``tests/integrations/test_observer.py``
compares them for every seat at every step of random games of 1 to 6 players and solo), from
the same reads of what the seat knows. Only the writing differs:

- Most of an observation is public and changes little from step to step: the stacks that
  hold no face-down card, the banished pile, Au Toma's components and the cards out of a solo
  game, the players' rows (in seat order), the table and the pending decision's kind. They
  are kept in one ``array("f")`` and a part is rewritten only when what it is read from
  changed (the state is immutable: an unchanged part of it is the same object), and then by
  difference, found in C where it can be: a stack by difference (cards that left cleared,
  cards that came set, every height and the size written again; its entries kept as sets and
  diffed in C cost more in the AEC loop, where every changed stack is a new one), a player's
  row in place (its five counts from a block kept by their values, its house only when it
  changes), the players' flags (Sovereign, whose turn, who decides, ...) as a set of entries
  kept by who holds them, the table and pending segments written whole from a block kept by
  value.
- A seat's observation is a copy of that array, its players' rows turned so that the seat's
  own comes first, with what depends on the seat written over it: its hand, the cards it
  knows in another hand or in the deck (kept in the seat's own copy of those segments, found
  by set operations again only for a hand, or the deck, that changed or holds a card whose
  knowledge changed), each stack holding a face-down card as the seat sees it, and whether
  it decides now.

Keeping a whole observation per seat instead, brought up to date when the seat looks, was
tried and costs more: it saves the copy, the turn and the seat's writes at each look, but
the AEC loop looks at one seat a step, so a change is written again into each seat's array
that looks after it (20 random 4-player games: 98k instructions a look against 87k, the
other choices here made in both).

Python's ``array`` stores a float as numpy does (the nearest ``float32``), and
the cost is in writing single entries: a numpy call costs thousands of instructions, an
``array`` item a few hundred.
"""
from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy
import numpy.typing

from rr.decisions import Decision
from rr.engine import Game
from rr.events.types import Phase
from rr.model import LOCATIONS, MAX_PLAYERS, CardId, Seat
from rr.observation import (
    _HAND,
    _IN_DECK,
    _IN_HANDS,
    _PENDING,
    _PLAYERS,
    _REMOVED,
    _LOCATION,
    _HEIGHT,
    _SIZES,
    _PLACES,
    CARDS,
    _TABLE,
    LAYOUT,
    OBSERVATION_SIZE,
    PLAYER_FIELDS,
    _banished_entries,
    _cards,
    _check_seat,
    _Marks,
    _marks,
    MARK_FIELDS,
    WINNER_FIELD,
    _HOUSES,
    HOUSE_FIELD,
    TOTAL_FIELD,
    _player_values,
    _total,
    _solo_part,
    _stack_part,
    _table_part,
)
from rr.state import GameState, PlayerState
from rr.views import solo_view

Values = numpy.typing.NDArray[numpy.float32]
if TYPE_CHECKING:
    Floats = array[float]
else:  # array.array takes no type argument at run time before Python 3.12
    Floats = array
Entries = tuple[Sequence[int], Sequence[int], Sequence[float]]
"""A part's entries: the indices that are 1, then indices and their values."""
_EMPTY: Entries = ((), (), ())
_NOTHING = object()
"""The key of a part never written."""
BANISHED, SOLO = range(2)
"""The public parts besides the stacks, the players' rows and the table (Au Toma's
includes the cards out of a solo game)."""
PARTS = 2
KEPT = 4096
"""How many tables' entries are remembered (then all are forgotten)."""
_KNOWN_SIZE = LAYOUT["known_in_deck"][0] + LAYOUT["known_in_deck"][1] - LAYOUT["known_in_hands"][0]
"""The ``known_in_hands`` and ``known_in_deck`` segments, which follow each other."""
_tables: dict[tuple[int, ...], Floats] = {}
_FLOAT32 = numpy.dtype(numpy.float32)
"""The observation's dtype, made once: ``frombuffer`` given the type makes it at every call."""
_TABLE_END = LAYOUT["pending"][0] + LAYOUT["pending"][1]
"""The end of the ``table`` and ``pending`` segments, which follow each other."""


_HEIGHTS = [1.0 / (1 + depth) for depth in range(int(CARDS))]
"""A card's ``height`` at each depth from the top of its stack."""


_flag_sets: dict[tuple[_Marks, int], frozenset[int]] = {}


def _flags(marks: _Marks, seats: int) -> frozenset[int]:
    """The entries of the players' rows (in seat order) that :func:`rr.observation._marks`
    sets to 1 (Au Toma, Sovereign, first player, whose turn, who decides, who triggered the
    end, the winners), kept by the marks: few combinations recur all game, and diffing two
    sets (in C) finds the few flags that moved."""
    flags = _flag_sets.get((marks, seats))
    if flags is None:
        on = [_PLAYERS + who * PLAYER_FIELDS + field
              for field, who in zip(MARK_FIELDS, marks[:6]) if who is not None and who < seats]
        on += [_PLAYERS + who * PLAYER_FIELDS + WINNER_FIELD for who in marks[-1]]
        if len(_flag_sets) > KEPT:
            _flag_sets.clear()
        flags = _flag_sets[marks, seats] = frozenset(on)
    return flags


_counts: dict[tuple[int, int, int, int, int], Floats] = {}


def _counts_block(p: PlayerState) -> Floats:
    """Fields 2-6 of ``p``'s row (:func:`rr.observation._player_values`: Helium, Fleet,
    Influence, hand size, turns) as a block, kept by those five counts, which are all it is
    computed from: few values recur all game, and a slice assignment of a kept block costs
    less than computing and packing them again."""
    counts = (p.helium, p.fleet, p.influence, len(p.hand), p.turns)
    block = _counts.get(counts)
    if block is None:
        if len(_counts) > KEPT:
            _counts.clear()
        block = _counts[counts] = array("f", _player_values(p))
    return block


_KNOWN_AT: tuple[dict[CardId, int], ...] = (
    {card: _IN_DECK - _IN_HANDS + i for card, i in _cards().items()},
    *({card: i * (MAX_PLAYERS - 1) + slot - 1 for card, i in _cards().items()}
      for slot in range(1, MAX_PLAYERS)))
"""Each card's entry in a seat's ``known_in_hands`` and ``known_in_deck`` block: in the deck
(0), then in the hand of the player in slot 1 (the next seat clockwise), 2, ..."""


class _Known:
    """A seat's ``known_in_hands`` and ``known_in_deck`` segments (``block``) and what they
    were written from: what the seat knew, each hand and the entries found in it, the deck
    and the cards of it found known."""

    __slots__ = ("block", "deck", "hands", "in_deck", "mine")

    def __init__(self) -> None:
        self.block: Floats = array("f", bytes(4 * _KNOWN_SIZE))
        self.mine: frozenset[CardId] = frozenset()
        self.hands: list[tuple[object, frozenset[int]]] = [(_NOTHING, frozenset())] * MAX_PLAYERS
        self.deck: object = _NOTHING
        self.in_deck: frozenset[CardId] = frozenset()


class Observer:
    """The observations of one game's seats (:meth:`reset` for a new game)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forgets the game: the next observation is made anew."""
        self._public = array("f", bytes(4 * OBSERVATION_SIZE))
        self._keys: list[Any] = [_NOTHING] * PARTS
        self._written: list[Sequence[int]] = [()] * PARTS
        self._rows: list[Any] = [_NOTHING] * MAX_PLAYERS
        self._players: object = _NOTHING
        self._totals: object = _NOTHING
        self._seen: tuple[object, object] = (_NOTHING, _NOTHING)
        self._table: tuple[int, ...] = ()
        self._stacks: tuple[object, object] = (_NOTHING, _NOTHING)
        self._shown: list[tuple[CardId, ...]] = [()] * len(LOCATIONS)
        self._marks: _Marks = (None, None, None, None, None, None, ())
        self._flags: frozenset[int] = frozenset()
        self._down: list[int] = []
        self._deck: tuple[object, frozenset[CardId]] = (_NOTHING, frozenset())
        self._hands: dict[Seat, tuple[object, list[int]]] = {}
        self._known: dict[Seat, _Known] = {}

    def observe(self, game: Game, seat: Seat) -> Values:
        """:func:`rr.observation.observation_array` of ``seat``, a new array."""
        hand_seen = self._hands.get(seat)
        if hand_seen is None:
            _check_seat(game, seat)
            hand_seen = self._hands[seat] = (_NOTHING, [])
        state, pending = game.state, game.pending
        seen = self._seen
        if seen[0] is not state or seen[1] is not pending:
            self._update(state, pending)
            self._seen = (state, pending)
        public = self._public
        out = public[:]
        players = state.players
        if seat:  # the players' rows from the seat's own (kept in seat order)
            start = _PLAYERS
            cut, end = start + seat * PLAYER_FIELDS, start + len(players) * PLAYER_FIELDS
            out[start:end - cut + start] = public[cut:end]
            out[end - cut + start:end] = public[start:cut]
        hand = players[seat].hand
        if hand_seen[0] is not hand:
            index = _cards()
            hand_seen = self._hands[seat] = (hand, [_HAND + index[card] for card in hand])
        for i in hand_seen[1]:
            out[i] = 1.0
        known = state.known
        mine = known[seat] if seat < len(known) else None
        if mine and state.phase is not Phase.OVER:
            out[_IN_HANDS:_IN_HANDS + _KNOWN_SIZE] = self._known_block(state, seat, mine)
        for li in self._down:
            ones, at, values = _stack_part(state, seat, li)
            for i in ones:
                out[i] = 1.0
            for i, value in zip(at, values):
                out[i] = value
        if pending is not None and pending.seat == seat:
            out[_PENDING] = 1.0
        return numpy.frombuffer(out, _FLOAT32)  # out is this call's own array

    def _known_block(self, state: GameState, seat: Seat, mine: frozenset[CardId]
                     ) -> Floats:
        """The ``known_in_hands`` and ``known_in_deck`` segments (side by side) of ``seat``:
        :func:`rr.observation._known_part`'s entries, kept in the seat's own copy of the
        segments. Most changes of what the seat knows are a card learnt where everyone sees
        it (a card played face up), which is in no hand nor the deck: so only a hand, or the
        deck, that changed or holds a card whose knowledge changed is looked at again. The
        cards known there are found, and their entries diffed, by set operations (in C), so
        only the entries that changed are written."""
        kept = self._known.get(seat)
        if kept is None:
            kept = self._known[seat] = _Known()
        block, before = kept.block, kept.mine
        delta = None if mine is before else mine ^ before
        kept.mine = mine
        players = state.players
        seats = len(players)
        hands = kept.hands
        for other, player in enumerate(players):
            hand = player.hand
            part = hands[other]
            if other == seat or (part[0] is hand and (delta is None
                                                      or delta.isdisjoint(hand))):
                continue
            # In C: the cards the seat knows in the hand, as their entries for its slot.
            found = frozenset(map(_KNOWN_AT[(other - seat) % seats].__getitem__,
                                  mine.intersection(hand)))
            was = part[1]
            if found != was:
                for i in was - found:
                    block[i] = 0.0
                for i in found - was:
                    block[i] = 1.0
            hands[other] = (hand, found)
        deck = state.deck
        if kept.deck is deck and delta is None:
            return block
        if self._deck[0] is not deck:
            self._deck = (deck, frozenset(deck))
        in_deck = self._deck[1]
        if kept.deck is deck and delta is not None and delta.isdisjoint(in_deck):
            return block
        kept.deck = deck
        had, has = kept.in_deck, mine & in_deck
        if has != had:
            kept.in_deck = has
            for card in had - has:
                block[_KNOWN_AT[0][card]] = 0.0
            for card in has - had:
                block[_KNOWN_AT[0][card]] = 1.0
        return block

    def _restack(self, locations: tuple[tuple[CardId, ...], ...],
                 face_down: frozenset[CardId]) -> None:
        """Rewrites the stacks that changed: :func:`rr.observation._stack_entries` of a stack
        holding no face-down card, by difference (a card that left is cleared, one that came
        is set, every card's height and the stack's size written again); a stack holding a
        face-down card is written for each seat as it sees it (``_down``), so it is clear
        here. Every card that left any stack is cleared before any is written: a card moved
        from one stack to another keeps its index in the ``height`` segment."""
        public, shown, index = self._public, self._shown, _cards()
        self._down = down_stacks = []
        changed = []
        for li, real in enumerate(locations):
            down = bool(real) and bool(face_down) and not face_down.isdisjoint(real)
            if down:
                down_stacks.append(li)
            cards = () if down else real
            before = shown[li]
            if cards is before or cards == before:
                continue
            shown[li] = cards
            staying = set(cards)
            for card in before:
                if card not in staying:
                    i = index[card]
                    public[_LOCATION + i * _PLACES + li] = 0.0
                    public[_HEIGHT + i] = 0.0
            changed.append((li, cards, set(before)))
        for li, cards, before_set in changed:
            for card in cards:
                if card not in before_set:
                    public[_LOCATION + index[card] * _PLACES + li] = 1.0
            top = len(cards) - 1
            for position, card in enumerate(cards):
                public[_HEIGHT + index[card]] = _HEIGHTS[top - position]
            public[_SIZES + li] = len(cards) / CARDS

    def _rewrite(self, part: int, entries: Entries) -> None:
        """Rewrites a public part whole: the entries it wrote cleared, then ``entries``."""
        public, ones, at, values = self._public, *entries
        for i in self._written[part]:
            public[i] = 0.0
        for i in ones:
            public[i] = 1.0
        for i, value in zip(at, values):
            public[i] = value
        self._written[part] = (*ones, *at)

    def _update(self, state: GameState, pending: Decision | None) -> None:
        """Rewrites the public parts whose sources changed. A source unchanged is the same
        object (the state is immutable), so most are checked by identity: the stacks, the
        banished pile, Au Toma's components, the players (and their totals) as a whole and
        then one by one."""
        keys, public = self._keys, self._public
        locations, face_down = state.locations, state.face_down
        if self._stacks[0] is not locations or self._stacks[1] is not face_down:
            self._stacks = (locations, face_down)
            self._restack(locations, face_down)

        banished = state.banished
        if keys[BANISHED] is not banished:
            keys[BANISHED] = banished
            self._rewrite(BANISHED, (_banished_entries(banished), (), ()))

        solo = state.solo
        if keys[SOLO] is not solo:
            keys[SOLO] = solo
            ones: list[int] = []
            at: list[int] = []
            values: list[float] = []
            view = solo_view(state)
            if view is not None:
                _solo_part(view, ones, at, values)
                index = _cards()
                ones += [_REMOVED + index[card] for card in view.removed]
            self._rewrite(SOLO, (ones, at, values))

        table = (state.neutral_influence, len(state.deck), len(banished),
                 state.end_triggered_by is None, id(state.phase),
                 -1 if pending is None else id(pending.ask))
        if self._table != table:
            # The table and pending segments, side by side, written whole.
            self._table = table
            block = _tables.get(table)
            if block is None:
                ones, at, values = [], [], []
                _table_part(state, pending, None, ones, at, values)  # not whose decision
                dense = [0.0] * (_TABLE_END - _TABLE)
                for i in ones:
                    dense[i - _TABLE] = 1.0
                for i, value in zip(at, values):
                    dense[i - _TABLE] = value
                if len(_tables) > KEPT:
                    _tables.clear()
                block = _tables[table] = array("f", dense)
            public[_TABLE:_TABLE_END] = block

        # The players' rows (in seat order): what a player's own state gives (its tokens,
        # hand size, turns, total, house) is rewritten when the player changes; a flag (who
        # is Sovereign, whose turn it is, who decides, ...) moves from row to row alone.
        players, totals = state.players, state.totals
        if players is not self._players or totals is not self._totals:
            self._players, self._totals = players, totals
            self._rerow(players, totals)
        marks = _marks(state, pending)
        if marks != self._marks:
            self._marks = marks
            before, now = self._flags, _flags(marks, len(players))
            self._flags = now
            for i in before - now:
                public[i] = 0.0
            for i in now - before:
                public[i] = 1.0

    def _rerow(self, players: tuple[PlayerState, ...], totals: tuple[int, ...] | None
               ) -> None:
        """Rewrites the rows (in seat order) of the players that changed: what a player's
        own state gives (its counts, total, house)."""
        public, rows = self._public, self._rows
        for other, p in enumerate(players):
            total = None if totals is None else totals[other]
            row = rows[other]
            if row is not _NOTHING and row[0] is p and row[1] == total:
                continue
            base = _PLAYERS + other * PLAYER_FIELDS
            public[base] = 1.0  # present
            public[base + 2:base + 7] = _counts_block(p)
            public[base + TOTAL_FIELD] = 0.0 if total is None else _total(total)
            house = p.house
            if row is _NOTHING or row[2] is not house:
                if row is not _NOTHING and row[2] is not None:
                    public[base + HOUSE_FIELD + _HOUSES[row[2]]] = 0.0
                if house is not None:
                    public[base + HOUSE_FIELD + _HOUSES[house]] = 1.0
            rows[other] = (p, total, house)
