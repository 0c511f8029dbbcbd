"""The observations of one environment's game, kept up to date instead of rebuilt (issue #30
point 5): what the PettingZoo and Gymnasium environments hand out at every step. Needs numpy.

An :class:`Observer` returns exactly :func:`rr.observation.observation_array` (the same
values, byte for byte, a new array each time: ``tests/integrations/test_observer.py``
compares them for every seat at every step of random games of 1 to 6 players and solo), from
the same reads of what the seat knows. Only the writing differs:

- Most of an observation is public and changes little from step to step: the stacks (a
  stack holding a face-down card as a seat that knows none of its face-down cards sees it),
  the banished pile, Au Toma's components and the cards out of a solo game, the players'
  rows (in seat order), the table and the pending decision's kind. They are kept in one
  ``array("f")`` and a part is rewritten only when what it is read from changed (the state
  is immutable: an unchanged part of it is the same object), and then by difference: a
  stack that changed by difference (cards that left cleared, cards that came set, every
  height and the size written again; a card put on top, most changes, found without sets;
  its entries kept as sets and diffed in C cost more in the AEC loop, where every changed
  stack is a new one), a stack holding a face-down card whole, a player's row in place (its
  five counts computed again, its house only when it changes), a flag (Sovereign, whose
  turn, who decides, ...) moved alone from the row it left to the row it marks, the table
  and pending segments written whole from a block kept by value, and then the pending
  decision's kind alone (it changes at most steps, the table seldom).
- A seat's observation is a copy of that array, its players' rows turned so that the seat's
  own comes first, with what depends on the seat written over it: its hand, the cards it
  knows in another hand or in the deck (kept in the seat's own copy of those segments, found
  by set operations again only for a hand, or the deck, that changed or holds a card whose
  knowledge changed), the face-down cards it knows where they lie (kept for the seat while
  the stacks and what it knows are the same objects), and whether it decides now.

Keeping a whole observation per seat instead, brought up to date when the seat looks, was
tried and costs more: it saves the copy, the turn and the seat's writes at each look, but
the AEC loop looks at one seat a step, so a change is written again into each seat's array
that looks after it (20 random 4-player games: 98k instructions a look against 87k, the
other choices here made in both).

Python's ``array`` stores a float as numpy does (the nearest ``float32``), and
the cost is in writing single entries: a numpy call costs thousands of instructions, an
``array`` item a few hundred, of which ~200 parse the value: the kept arrays are written
through memoryviews, which do not (a memoryview made at each look for the seat's own
writes cost more than it saved).

Tried in the live AEC loop (60 random 4-player games) and left out, for they cost more:
looking at every other hand again whenever a player or what the seat knows changed
(+6k instructions a step), comparing all the hands at once in C to skip the look when none
changed (+1.7k), finding the hands and the deck to look at again without the difference of
what the seat knew and knows (+1k), writing the table's entries anew instead of keeping its
block by value (+4k: ``_table_part`` hashes enum members in Python), copying the public
array with ``__copy__`` rather than a slice (+0.7k).
"""
from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from rr.errors import MissingExtraError

try:
    import numpy
    import numpy.typing
except ModuleNotFoundError as missing:  # the extra's name, not a bare ModuleNotFoundError
    raise MissingExtraError("rr.integrations.observer", "pettingzoo", missing.name) from missing

from rr.decisions import Ask, Decision
from rr.engine import Game
from rr.events.types import Phase
from rr.model import LOCATIONS, MAX_PLAYERS, CardId, House, Seat
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
    _stack_entries,
    _KNOWN_DOWN,
    _SLOTS,
    SLOTS,
    _table_part,
    ask_entry,
)
from rr.state import GameState, PlayerState
from rr.knowledge import knows
from rr.views import HIDDEN, solo_view

Values = numpy.typing.NDArray[numpy.float32]
if TYPE_CHECKING:
    Floats = array[float]
else:  # array.array takes no type argument at run time before Python 3.12
    Floats = array
Entries = tuple[Sequence[int], Sequence[int], Sequence[float]]
"""A part's entries: the indices that are 1, then indices and their values."""
_EMPTY: Entries = ((), (), ())
_Down = tuple[int, int, int, float, int]
"""The entries of a face-down card a seat knows: its ``face_down_slots`` entry cleared (-1:
none), its ``location`` and ``height`` entries (and the height), its ``known_face_down``."""
_NOTHING = object()
"""The key of a part never written."""
BANISHED, SOLO = range(2)
"""The public parts besides the stacks, the players' rows and the table (Au Toma's
includes the cards out of a solo game)."""
PARTS = 2
_KNOWN_SIZE = LAYOUT["known_in_deck"][0] + LAYOUT["known_in_deck"][1] - LAYOUT["known_in_hands"][0]
"""The ``known_in_hands`` and ``known_in_deck`` segments, which follow each other."""
_FLOAT32 = numpy.dtype(numpy.float32)
"""The observation's dtype, made once: ``frombuffer`` given the type makes it at every call."""
_ASK_ENTRIES = {id(ask): ask_entry(ask) for ask in Ask}
"""Each kind of decision's entry, by the member's id (an enum member hashes in Python)."""
_TABLE_END = LAYOUT["pending"][0] + LAYOUT["pending"][1]
"""The end of the ``table`` and ``pending`` segments, which follow each other."""
KEPT = 4096
"""How many tables' entries are remembered (then all are forgotten)."""
_tables: dict[tuple[int, ...], Floats] = {}


_OVER = Phase.OVER
"""A global: reading a member from its enum class takes Python 3.11's slow path (issue #12)."""
_HEIGHTS = [1.0 / (1 + depth) for depth in range(int(CARDS))]
"""A card's ``height`` at each depth from the top of its stack."""


_HAND_AT = {card: _HAND + i for card, i in _cards().items()}
"""Each card's entry in the ``hand`` segment."""
_TURNS = [[(_PLAYERS + seat * PLAYER_FIELDS, _PLAYERS + seats * PLAYER_FIELDS,
            _PLAYERS + (seats - seat) * PLAYER_FIELDS) for seat in range(seats)]
          for seats in range(MAX_PLAYERS + 1)]
"""For each number of players and seat: where the seat's row is and where the rows end in
seat order, and where the row of the first seat (seat 0) goes in the seat's observation."""
_HEIGHT_AT = {card: _HEIGHT + i for card, i in _cards().items()}
"""Each card's entry in the ``height`` segment."""
_LOCATION_AT = [{card: _LOCATION + i * _PLACES + li for card, i in _cards().items()}
                for li in range(_PLACES)]
"""Each card's entry in the ``location`` segment, for each location."""
_STACK_HEIGHTS = [tuple(_HEIGHTS[size - 1 - position] for position in range(size))
                  for size in range(int(CARDS) + 1)]
"""The heights of a stack's cards, bottom to top, for each size."""


_KNOWN_AT: tuple[dict[CardId, int], ...] = (
    {card: _IN_DECK - _IN_HANDS + i for card, i in _cards().items()},
    *({card: i * (MAX_PLAYERS - 1) + slot - 1 for card, i in _cards().items()}
      for slot in range(1, MAX_PLAYERS)))
"""Each card's entry in a seat's ``known_in_hands`` and ``known_in_deck`` block: in the deck
(0), then in the hand of the player in slot 1 (the next seat clockwise), 2, ..."""


class _Writer(Protocol):
    """A memoryview of ``Floats``, as written here (typeshed types its items as ints)."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


def _writer(floats: Floats) -> _Writer:
    """What writes ``floats``: an item written through a memoryview costs ~200 instructions
    less than through the array, which parses its argument (live AEC loop: -2.4k
    instructions a step)."""
    return cast(_Writer, memoryview(floats))


class _Known:
    """A seat's ``known_in_hands`` and ``known_in_deck`` segments (``block``) and what they
    were written from: what the seat knew, each hand and the entries found in it, the deck
    and the cards of it found known."""

    __slots__ = ("block", "deck", "hands", "in_deck", "mine", "view")

    def __init__(self) -> None:
        self.block: Floats = array("f", bytes(4 * _KNOWN_SIZE))
        self.view = _writer(self.block)
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
        self._view = _writer(self._public)
        self._keys: list[Any] = [_NOTHING] * PARTS
        self._written: list[Sequence[int]] = [()] * PARTS
        self._rows: list[PlayerState | None] = [None] * MAX_PLAYERS
        self._houses: list[House | None] = [None] * MAX_PLAYERS
        self._players: object = _NOTHING
        self._totals: object = _NOTHING
        self._state: object = _NOTHING
        self._pending: object = _NOTHING
        self._table: tuple[int, ...] = ()
        self._asked = -1
        self._locations: object = _NOTHING
        self._shown: list[tuple[CardId, ...]] = [()] * len(LOCATIONS)
        self._marks: _Marks = (None, None, None, None, None, None, ())
        self._reals: list[object] = [_NOTHING] * len(LOCATIONS)
        self._face_down: object = _NOTHING
        self._down_parts: list[Sequence[int]] = [()] * len(LOCATIONS)
        self._downs: list[tuple[CardId, *_Down]] = []
        self._downs_known: dict[Seat, tuple[object, object, list[_Down]]] = {}
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
        if self._state is not state or self._pending is not pending:
            self._update(state, pending)
            self._state, self._pending = state, pending
        public = self._public
        out = public[:]
        players = state.players
        if seat:  # the players' rows from the seat's own (kept in seat order)
            cut, end, middle = _TURNS[len(players)][seat]
            out[_PLAYERS:middle] = public[cut:end]
            out[middle:end] = public[_PLAYERS:cut]
        hand = players[seat].hand
        if hand_seen[0] is not hand:
            hand_seen = self._hands[seat] = (hand, list(map(_HAND_AT.__getitem__, hand)))
        for i in hand_seen[1]:
            out[i] = 1.0
        known = state.known
        mine = known[seat] if seat < len(known) else None
        if mine and state.phase is not _OVER:
            out[_IN_HANDS:_IN_HANDS + _KNOWN_SIZE] = self._known_block(state, seat, mine)
        downs = self._downs
        if downs:
            # The face-down cards the seat knows, as it sees them over how a seat that knows
            # none sees them, kept while the stacks and what the seat knows are the same.
            knew = self._downs_known.get(seat)
            if knew is None or knew[0] is not downs or knew[1] is not mine:
                knew = self._downs_known[seat] = (downs, mine, [
                    entries[1:] for entries in downs if knows(state, seat, entries[0])])
            for slot, location, height, value, known_down in knew[2]:
                if slot >= 0:
                    out[slot] = 0.0
                out[location] = 1.0
                out[height] = value
                out[known_down] = 1.0
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
        block, view, before = kept.block, kept.view, kept.mine
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
                    view[i] = 0.0
                for i in found - was:
                    view[i] = 1.0
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
                view[_KNOWN_AT[0][card]] = 0.0
            for card in has - had:
                view[_KNOWN_AT[0][card]] = 1.0
        return block

    def _restack(self, locations: tuple[tuple[CardId, ...], ...],
                 face_down: frozenset[CardId]) -> None:
        """Rewrites the stacks that changed (all of them when the face-down cards changed):
        :func:`rr.observation._stack_entries` of a stack holding no face-down card, by
        difference (a card that left is cleared, one that came is set, every card's height
        and the stack's size written again); a stack holding a face-down card whole, as a
        seat that knows none of its face-down cards sees it (the cards each seat knows are
        written over that at each look: ``_downs``). Every entry that left is cleared before
        any is written: a card moved from one stack to another keeps its index in the
        ``height`` segment."""
        public, shown, reals, down_parts = self._view, self._shown, self._reals, self._down_parts
        every = face_down is not self._face_down
        self._face_down = face_down
        changed: list[tuple[int, tuple[CardId, ...], Sequence[CardId]]] = []
        redown = []
        for li, real in enumerate(locations):
            if real is reals[li] and not every:
                continue  # the stacks left as they were are the same objects
            reals[li] = real
            down = bool(real) and bool(face_down) and not face_down.isdisjoint(real)
            if down or down_parts[li]:
                redown.append(li)
            cards = () if down else real
            before = shown[li]
            if cards == before:
                continue
            shown[li] = cards
            count = len(before)
            if len(cards) == count + 1 and cards[:count] == before:
                changed.append((li, cards, cards[count:]))  # a card put on top: most changes
                continue
            staying = set(cards)
            location_at = _LOCATION_AT[li]
            for card in before:
                if card not in staying:
                    public[location_at[card]] = 0.0
                    public[_HEIGHT_AT[card]] = 0.0
            before_set = set(before)
            changed.append((li, cards, [card for card in cards if card not in before_set]))
        for li in redown:
            for i in down_parts[li]:
                public[i] = 0.0
        for li, cards, came in changed:
            location_at = _LOCATION_AT[li]
            for card in came:
                public[location_at[card]] = 1.0
            for card, height in zip(cards, _STACK_HEIGHTS[len(cards)]):
                public[_HEIGHT_AT[card]] = height
            public[_SIZES + li] = len(cards) / CARDS
        if redown:
            self._redown(locations, face_down, redown)

    def _redown(self, locations: tuple[tuple[CardId, ...], ...], face_down: frozenset[CardId],
                redown: list[int]) -> None:
        """Writes the stacks ``redown`` that hold a face-down card (their entries cleared
        already), and finds again the face-down cards on every stack (``_downs``)."""
        public, down_parts = self._view, self._down_parts
        for li in redown:
            real = locations[li]
            if not real or face_down.isdisjoint(real):
                down_parts[li] = ()
                continue
            ones, at, values = _stack_entries(
                li, tuple([HIDDEN if c in face_down else c for c in real]),
                tuple([i for i, c in enumerate(real) if c in face_down]))
            for i in ones:
                public[i] = 1.0
            for i, value in zip(at, values):
                public[i] = value
            down_parts[li] = (*ones, *at)
        index = _cards()
        downs: list[tuple[CardId, *_Down]] = []
        for li, real in enumerate(locations):
            if down_parts[li]:
                top = len(real) - 1
                for position, card in enumerate(real):
                    if card in face_down:
                        i, depth = index[card], top - position
                        downs.append((card, _SLOTS + li * SLOTS + depth if depth < SLOTS else -1,
                                      _LOCATION + i * _PLACES + li, _HEIGHT + i,
                                      _HEIGHTS[depth], _KNOWN_DOWN + i))
        self._downs = downs  # a new list: the seats' known entries are found again

    def _rewrite(self, part: int, entries: Entries) -> None:
        """Rewrites a public part whole: the entries it wrote cleared, then ``entries``."""
        public, ones, at, values = self._view, *entries
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
        keys, public = self._keys, self._view
        locations, face_down = state.locations, state.face_down
        if self._locations is not locations or self._face_down is not face_down:
            self._locations = locations
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
                 state.end_triggered_by is None, id(state.phase))
        if self._table != table:
            # The table and pending segments, side by side, written whole.
            self._table = table
            block = _tables.get(table)
            if block is None:
                ones, at, values = [], [], []
                _table_part(state, None, None, ones, at, values)  # the decision's kind apart
                dense = [0.0] * (_TABLE_END - _TABLE)
                for i in ones:
                    dense[i - _TABLE] = 1.0
                for i, value in zip(at, values):
                    dense[i - _TABLE] = value
                if len(_tables) > KEPT:
                    _tables.clear()
                block = _tables[table] = array("f", dense)
            self._public[_TABLE:_TABLE_END] = block
            self._asked = -1
        # The pending decision's kind apart from the table: it changes at most steps, the
        # table seldom (with it in the table's key, 48% of the steps made a block anew).
        asked = -1 if pending is None else _ASK_ENTRIES[id(pending.ask)]
        if asked != self._asked:
            if self._asked >= 0:
                public[self._asked] = 0.0
            if asked >= 0:
                public[asked] = 1.0
            self._asked = asked

        # The players' rows (in seat order): what a player's own state gives (its tokens,
        # hand size, turns, total, house) is rewritten when the player changes; a flag (who
        # is Sovereign, whose turn it is, who decides, ...) moves from row to row alone.
        players, totals = state.players, state.totals
        if players is not self._players:
            self._players = players
            self._rerow(players)
        if totals is not self._totals:  # at the end of the game
            self._totals = totals
            for other in range(len(players)):
                public[_PLAYERS + other * PLAYER_FIELDS + TOTAL_FIELD] = (
                    0.0 if totals is None else _total(totals[other]))
        marks = _marks(state, pending)
        before = self._marks
        if marks != before:
            # A flag moves alone, from the row of the seat it marked to the one it marks:
            # few change a step (keeping the flags as sets kept by the marks cost ~6k
            # instructions a step, most of that diffing them).
            self._marks, seats = marks, len(players)
            # The first six (as many as MARK_FIELDS), not sliced: a slice is a copy.
            flags: tuple[Any, ...] = marks
            flags_before: tuple[Any, ...] = before
            for field, was, now in zip(MARK_FIELDS, flags_before, flags):
                if was != now:
                    if was is not None and was < seats:
                        public[_PLAYERS + was * PLAYER_FIELDS + field] = 0.0
                    if now is not None and now < seats:
                        public[_PLAYERS + now * PLAYER_FIELDS + field] = 1.0
            if marks[-1] != before[-1]:
                for who in before[-1]:
                    public[_PLAYERS + who * PLAYER_FIELDS + WINNER_FIELD] = 0.0
                for who in marks[-1]:
                    public[_PLAYERS + who * PLAYER_FIELDS + WINNER_FIELD] = 1.0

    def _rerow(self, players: tuple[PlayerState, ...]) -> None:
        """Rewrites the rows (in seat order) of the players that changed: what a player's
        own state gives (its counts and house)."""
        public, rows, houses = self._view, self._rows, self._houses
        for other, p in enumerate(players):
            if p is rows[other]:
                continue
            base = _PLAYERS + other * PLAYER_FIELDS
            if rows[other] is None:
                public[base] = 1.0  # present
            rows[other] = p
            # Computed again (kept by their values, 59% of the rows missed, 120 games) and
            # written one by one: making an array costs ~4k instructions (its arguments parsed).
            (public[base + 2], public[base + 3], public[base + 4], public[base + 5],
             public[base + 6]) = _player_values(p)
            house, was = p.house, houses[other]
            if house is not was:
                houses[other] = house
                if was is not None:
                    public[base + HOUSE_FIELD + _HOUSES[was]] = 0.0
                if house is not None:
                    public[base + HOUSE_FIELD + _HOUSES[house]] = 1.0
