"""Observations for learning agents: a fixed-size vector and a string, from one seat's view.

:func:`observation` is a list of :data:`OBSERVATION_SIZE` floats for ``seat``; the PettingZoo
environment and :func:`observation_array` give it as a ``numpy.float32`` array (numpy is
imported only there, so the core install does not need it). :func:`observation_string` is
the same information as text.

Choices made here:

- Everything is what ``game.view(seat)`` shows (:mod:`rr.views`), read from the state with
  the view's own knowledge functions (:mod:`rr.knowledge`) without building the view (it
  runs at every step of a learner), and, for which positions of a stack lie face down, from
  the state: a face-down card's *place* is public, only its identity is hidden (RR-VIEW-4).
  So two games the seat cannot tell apart — two samples of its information set
  (``Game.sample_for``), or the game with another hand dealt differently — give the same
  observation; ``tests/integrations/test_observation.py`` checks that and checks every
  segment against the view.
- Players are ordered relative to the observer (slot 0 is the observer, slot 1 the next seat
  clockwise, ...), so one policy can play any seat; slots past the game's players are zeros.
- Every value is in [0, 1] (issue #30): flags are 0 or 1, a count with a bound is divided
  by it (cards by 112, Fleet and Influence by 10), a count with none is squashed by
  :func:`scaled` (``x / (x + half)``, the halves below); ``docs/OBSERVATION.md`` gives each.
- Cards are indexed as in :mod:`rr.actions` (card ids sorted), so index *i* is the same card
  in the hand, on a location and in an action.

The layout (offsets are :data:`LAYOUT`; ``docs/OBSERVATION.md`` shows them):

==================  =========  ===================================================================
segment             size       value
==================  =========  ===================================================================
hand                112        1 where the card is in the observer's hand
location            112 x 4    card index x 4 + location index: 1 where the card lies on that
                               location, known to the observer (face up, or face down and known)
height              112        1 / (1 + depth) of a known card on a location (1: the top card)
known_face_down     112        1 where the card lies face down on a location and the observer
                               knows it
face_down_slots     4 x 8      location index x 8 + depth: 1 where the card at that depth from
                               the top (the first 8) lies face down and is unknown to the observer
stack_sizes         4          cards on each location / 112
face_down_counts    4          face-down cards on each location / 112
known_in_hands      112 x 5    card index x 5 + slot - 1: the observer knows the card is in the
                               hand of the player in slot 1-5
known_in_deck       112        the observer knows the card is in the deck
banished            112        the card is on the banished pile
removed             112        the card is out of a solo game (RR-SOLO-5)
players             6 x 20     per slot: present, is Au Toma, Helium, Fleet, Influence, hand
                               size, turns, Sovereign, first player, whose turn, decides now,
                               triggered the end, total score, winner, then the house one-hot (6)
table               8          neutral Influence, deck size, banished pile size, end triggered,
                               then the phase one-hot (setup, play, end of game, over)
pending             1 + 13     the observer decides now, then the pending decision's kind (Ask)
solo                28 + 44    a solo game, level, Au Toma's deck size, set-aside count, odd,
                               even, the Luna card's location (4), the priority letter A-D at
                               each location (4 x 4), 2 unused; then her discard (22) and the
                               cards of her turn under way (22), by Au Toma card id
==================  =========  ===================================================================
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rr.automa import LEVELS, automa_table
from rr.cards.catalogue import all_ids
from rr.decisions import Ask, Decision
from rr.engine import Game
from rr.errors import BadInputError
from rr.events.types import Phase
from rr.model import (
    FLEET_MAX,
    INFLUENCE_TOKENS,
    LOCATIONS,
    MAX_PLAYERS,
    CardId,
    House,
    Seat,
)
from rr.narrate import card_name
from rr.options import describe
from rr.knowledge import knows
from rr.state import GameState, PlayerState
from rr.views import HIDDEN, SoloView, solo_view

__all__ = [
    "LAYOUT", "OBSERVATION_SIZE", "STATE_SIZE", "observation", "observation_array",
    "observation_string", "private_observation", "public_observation", "state_vector",
]

if TYPE_CHECKING:
    import numpy

SLOTS = 8
"""How many positions from the top of each stack ``face_down_slots`` shows."""
PLAYER_FIELDS = 14 + len(House)
SOLO_FIELDS = 6 + len(LOCATIONS) + len(LOCATIONS) * 4 + 2


@functools.cache
def _cards() -> Mapping[CardId, int]:
    return {card: index for index, card in enumerate(sorted(all_ids()))}


@functools.cache
def _automa_ids() -> Mapping[int, int]:
    return {card: index for index, card in enumerate(automa_table().ids())}


def _segments() -> tuple[tuple[str, int], ...]:
    cards, automa = len(_cards()), len(_automa_ids())
    return (
        ("hand", cards), ("location", cards * len(LOCATIONS)), ("height", cards),
        ("known_face_down", cards), ("face_down_slots", len(LOCATIONS) * SLOTS),
        ("stack_sizes", len(LOCATIONS)), ("face_down_counts", len(LOCATIONS)),
        ("known_in_hands", cards * (MAX_PLAYERS - 1)), ("known_in_deck", cards),
        ("banished", cards), ("removed", cards), ("players", MAX_PLAYERS * PLAYER_FIELDS),
        ("table", 4 + len(Phase)), ("pending", 1 + len(Ask)),
        ("solo", SOLO_FIELDS + 2 * automa),
    )


def _layout() -> dict[str, tuple[int, int]]:
    offsets, at = {}, 0
    for name, size in _segments():
        offsets[name] = (at, size)
        at += size
    return offsets


LAYOUT: Mapping[str, tuple[int, int]] = _layout()
"""Each segment's ``(offset, size)`` in the vector."""
OBSERVATION_SIZE: int = sum(size for _, size in LAYOUT.values())
"""The length of every observation."""


def _check_seat(game: Game, seat: Seat) -> None:
    if not isinstance(seat, int) or not 0 <= seat < len(game.state.players):
        raise BadInputError(f"no seat {seat!r} in a game of {len(game.state.players)} players")


def observation(game: Game, seat: Seat) -> list[float]:
    """The observation of ``seat``: :data:`OBSERVATION_SIZE` floats in [0, 1] laid out as
    :data:`LAYOUT` says, from what ``seat`` knows only."""
    return _filled(*nonzero(game, seat))


def nonzero(game: Game, seat: Seat | None) -> tuple[list[int], list[int], list[float]]:
    """The observation of ``seat`` as its non-zero entries: the indices that are 1, then the
    indices and values of the others (a few hundred entries of the 1934; what
    :func:`observation` and :func:`observation_array` fill in). ``seat`` ``None``: the public
    observation (:func:`public_observation`)."""
    if seat is None:
        return _public_nonzero(game)
    _check_seat(game, seat)
    state = game.state
    ones: list[int] = []
    at: list[int] = []
    values: list[float] = []
    _cards_part(state, seat, ones, at, values)
    _players_part(state, game.pending, seat, ones, at, values)
    _table_part(state, game.pending, seat, ones, at, values)
    solo = solo_view(state)
    if solo is not None:
        _solo_part(solo, ones, at, values)
    return ones, at, values


def _public_nonzero(game: Game) -> tuple[list[int], list[int], list[float]]:
    """What everyone sees: no hand, no face-down card named, nothing known elsewhere; players
    in seat order (as seat 0 would have them) and nobody "the observer"."""
    state = game.state
    ones: list[int] = []
    at: list[int] = []
    values: list[float] = []
    _stacks(state, None, ones, at, values)
    if state.banished:
        ones += _banished_entries(state.banished)
    index = _cards()
    for card in state.solo.removed if state.solo is not None else ():
        ones.append(_REMOVED + index[card])
    _players_part(state, game.pending, 0, ones, at, values)
    _table_part(state, game.pending, None, ones, at, values)
    solo = solo_view(state)
    if solo is not None:
        _solo_part(solo, ones, at, values)
    return ones, at, values


def public_observation(game: Game) -> list[float]:
    """Public information only (RR-VIEW-1: what a spectator sees), in :data:`LAYOUT`: the
    same for every seat — no hand, face-down cards unnamed, nothing known elsewhere, players
    in seat order, and the ``pending`` segment's "the observer decides" always 0."""
    return _filled(*_public_nonzero(game))


def private_observation(game: Game, seat: Seat) -> list[float]:
    """Private information only, in :data:`LAYOUT`: what ``seat`` knows that not everyone
    does — its hand, the face-down cards it knows (where they lie, their height, and the
    ``known_face_down`` flag), and the cards it knows in another hand or in the deck; every
    other entry 0."""
    _check_seat(game, seat)
    state = game.state
    index = _cards()
    ones = [_HAND + index[card] for card in state.players[seat].hand]
    at: list[int] = []
    values: list[float] = []
    face_down = state.face_down
    for li, real in enumerate(state.locations):
        top = len(real) - 1
        for position, card in enumerate(real):
            if card in face_down and knows(state, seat, card):
                i = index[card]
                ones += (_LOCATION + i * _PLACES + li, _KNOWN_DOWN + i)
                at.append(_HEIGHT + i)
                values.append(1.0 / (1 + top - position))
    ones += _known_part(state, seat)
    return _filled(ones, at, values)


def _filled(ones: list[int], at: list[int], values: list[float]) -> list[float]:
    out = [0.0] * OBSERVATION_SIZE
    for i in ones:
        out[i] = 1.0
    for i, value in zip(at, values):
        out[i] = value
    return out


def scaled(count: float, half: float) -> float:
    """A count of no fixed bound squashed into [0, 1): ``count / (count + half)`` (``half``
    maps to 0.5; order is kept, nothing is clipped)."""
    return count / (count + half)


HELIUM_HALF, HAND_HALF, TURNS_HALF, NEUTRAL_HALF, TOTAL_HALF = 10.0, 8.0, 20.0, 5.0, 100.0
"""The count that :func:`scaled` maps to one half, for Helium, a hand's size, turns taken,
neutral Influence, and a total's distance from 0 (``docs/OBSERVATION.md``)."""
CARDS = 112.0
"""Every count of cards (a stack, the deck, the banished pile) is divided by the cards in the
game."""


def _total(total: int) -> float:
    """A total, which may be negative, into (0, 1): 0.5 at 0."""
    return 0.5 + 0.5 * total / (abs(total) + TOTAL_HALF)


_HAND, _LOCATION, _HEIGHT, _KNOWN_DOWN = (LAYOUT[k][0] for k in (
    "hand", "location", "height", "known_face_down"))
_SLOTS, _SIZES, _DOWN_COUNTS, _IN_HANDS, _IN_DECK = (LAYOUT[k][0] for k in (
    "face_down_slots", "stack_sizes", "face_down_counts", "known_in_hands", "known_in_deck"))
_BANISHED, _REMOVED, _PLAYERS, _TABLE, _PENDING, _SOLO = (LAYOUT[k][0] for k in (
    "banished", "removed", "players", "table", "pending", "solo"))
_PLACES = len(LOCATIONS)
_HOUSES = {house: i for i, house in enumerate(House)}
_PHASES = {phase: i for i, phase in enumerate(Phase)}
_ASKS = {ask: i for i, ask in enumerate(Ask)}


def _cards_part(state: GameState, seat: Seat, ones: list[int], at: list[int],
                values: list[float]) -> None:
    # What game.view(seat) shows of the cards, read from the state with the view's own
    # knowledge functions (rr.knowledge), without building the view: this runs at every step
    # of a learner. tests/integrations/test_observation.py checks it against the view.
    index = _cards()
    ones += [_HAND + index[card] for card in state.players[seat].hand]
    _stacks(state, seat, ones, at, values)
    ones += _known_part(state, seat)
    if state.banished:
        ones += _banished_entries(state.banished)
    for card in state.solo.removed if state.solo is not None else ():
        ones.append(_REMOVED + index[card])


def _stacks(state: GameState, seat: Seat | None, ones: list[int], at: list[int],
            values: list[float]) -> None:
    """Add the entries of every stack that holds cards, as ``seat`` sees it."""
    for li in range(len(LOCATIONS)):
        if state.locations[li]:
            stack_ones, stack_at, stack_values = _stack_part(state, seat, li)
            ones += stack_ones
            at += stack_at
            values += stack_values


def _stack_part(state: GameState, seat: Seat | None, li: int
                ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
    """The entries of the stack at location ``li`` as ``seat`` sees it."""
    real = state.locations[li]
    face_down = state.face_down
    if not face_down or face_down.isdisjoint(real):
        return _stack_entries(li, real, ())
    # RR-VIEW-4: a face-down card's place is public, its identity only to who knows it.
    downs = tuple([i for i, c in enumerate(real) if c in face_down])
    stack = tuple([c if c not in face_down or knows(state, seat, c) else HIDDEN for c in real])
    return _stack_entries(li, stack, downs)


def _known_part(state: GameState, seat: Seat) -> list[int]:
    """The cards ``seat`` knows in another hand or in the deck: ``known_cards(state, seat)``
    less its own hand, which is in no other hand nor the deck (RR-VIEW-5)."""
    mine = state.known[seat] if seat < len(state.known) else frozenset()
    if not mine or state.phase is Phase.OVER:
        return []
    index, players = _cards(), state.players
    seats = len(players)
    found: list[int] = []
    for other, player in enumerate(players):
        if other != seat and not mine.isdisjoint(player.hand):
            slot = (other - seat) % seats
            found += [_IN_HANDS + index[c] * (MAX_PLAYERS - 1) + slot - 1
                      for c in player.hand if c in mine]
    found += [_IN_DECK + index[c] for c in mine.intersection(state.deck)]
    return found


@functools.lru_cache(maxsize=1 << 16)
def _stack_entries(li: int, stack: tuple[CardId, ...], downs: tuple[int, ...]
                   ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]:
    """The entries of location ``li`` whose cards, as the observer sees them, are ``stack``
    (bottom to top) with face down the positions ``downs`` (a stack changes one card at a
    time, and most steps change one stack: the others are remembered)."""
    index = _cards()
    ones: list[int] = []
    at = [_SIZES + li]
    values = [len(stack) / CARDS]
    if downs:
        at.append(_DOWN_COUNTS + li)
        values.append(len(downs) / CARDS)
    top = len(stack) - 1
    for position, card in enumerate(stack):
        depth = top - position
        if card == HIDDEN:
            if depth < SLOTS:
                ones.append(_SLOTS + li * SLOTS + depth)
            continue
        i = index[card]
        ones.append(_LOCATION + i * _PLACES + li)
        at.append(_HEIGHT + i)
        values.append(1.0 / (1 + depth))
        if position in downs:
            ones.append(_KNOWN_DOWN + i)
    return tuple(ones), tuple(at), tuple(values)


@functools.lru_cache(maxsize=1 << 12)
def _banished_entries(banished: tuple[CardId, ...]) -> tuple[int, ...]:
    index = _cards()
    return tuple([_BANISHED + index[card] for card in banished])


def _players_part(state: GameState, pending: Decision | None, seat: Seat, ones: list[int],
                  at: list[int], values: list[float]) -> None:
    players = state.players
    seats = len(players)
    solo_seat = state.solo.seat if state.solo is not None else None
    pending_seat = pending.seat if pending is not None else None
    totals, winners = state.totals, state.winners or ()
    turn_seat, ender = state.turn_seat, state.end_triggered_by
    sovereign, first = state.sovereign, state.first_player
    for other, p in enumerate(players):
        base = _PLAYERS + ((other - seat) % seats) * PLAYER_FIELDS
        ones.append(base)
        if other == solo_seat:
            ones.append(base + AU_TOMA_FIELD)
        if other == sovereign:
            ones.append(base + SOVEREIGN_FIELD)
        if other == first:
            ones.append(base + FIRST_FIELD)
        if other == turn_seat:
            ones.append(base + TURN_FIELD)
        if other == pending_seat:
            ones.append(base + DECIDES_FIELD)
        if other == ender:
            ones.append(base + ENDER_FIELD)
        if other in winners:
            ones.append(base + WINNER_FIELD)
        at += (base + 2, base + 3, base + 4, base + 5, base + 6)
        values += _player_values(p)
        if totals is not None:
            at.append(base + TOTAL_FIELD)
            values.append(_total(totals[other]))
        if p.house is not None:
            ones.append(base + HOUSE_FIELD + _HOUSES[p.house])


_Marks = tuple[Seat | None, Seat | None, Seat | None, Seat | None, Seat | None, Seat | None,
               tuple[Seat, ...]]


def _marks(state: GameState, pending: Decision | None) -> _Marks:
    """Who is Au Toma, Sovereign, first player, whose turn it is, who decides now, who
    triggered the end, and the winners: what the players' flags are read from."""
    return (state.solo.seat if state.solo is not None else None, state.sovereign,
            state.first_player, state.turn_seat, pending.seat if pending is not None else None,
            state.end_triggered_by, state.winners or ())


AU_TOMA_FIELD, SOVEREIGN_FIELD, FIRST_FIELD, TURN_FIELD, DECIDES_FIELD, ENDER_FIELD = (
    1, 7, 8, 9, 10, 11)
"""The flags of a player's row: Au Toma, Sovereign, first player, whose turn it is, who
decides now, who triggered the end (:func:`_players_part`)."""
MARK_FIELDS = (AU_TOMA_FIELD, SOVEREIGN_FIELD, FIRST_FIELD, TURN_FIELD, DECIDES_FIELD,
               ENDER_FIELD)
"""The fields of a player's row flagged by the first six of :func:`_marks`, in their order."""
WINNER_FIELD, TOTAL_FIELD, HOUSE_FIELD = 13, 12, 14
"""The fields of a player's row: winner, total score, and the first of the house one-hot."""


def _player_values(p: PlayerState) -> tuple[float, float, float, float, float]:
    """Fields 2-6 of a player's row: Helium, Fleet, Influence, hand size and turns taken."""
    helium, hand, turns = p.helium, len(p.hand), p.turns
    return (helium / (helium + HELIUM_HALF), p.fleet / FLEET_MAX,
            p.influence / INFLUENCE_TOKENS, hand / (hand + HAND_HALF),
            turns / (turns + TURNS_HALF))


def _table_part(state: GameState, pending: Decision | None, seat: Seat | None, ones: list[int],
                at: list[int], values: list[float]) -> None:
    at.extend((_TABLE, _TABLE + 1, _TABLE + 2))
    values.extend((scaled(state.neutral_influence, NEUTRAL_HALF), len(state.deck) / CARDS,
                   len(state.banished) / CARDS))
    if state.end_triggered_by is not None:
        ones.append(_TABLE + 3)
    ones.append(_TABLE + 4 + _PHASES[state.phase])
    if pending is not None:
        if pending.seat == seat:
            ones.append(_PENDING)
        ones.append(ask_entry(pending.ask))


def ask_entry(ask: Ask) -> int:
    """The entry of the ``pending`` segment that is 1 for a pending decision of kind ``ask``."""
    return _PENDING + 1 + _ASKS[ask]


def _solo_part(solo: SoloView, ones: list[int], at: list[int], values: list[float]) -> None:
    base = _SOLO
    letters = automa_table().letters
    ones.append(base)
    at.extend((base + 1, base + 2, base + 3))
    ids = _automa_ids()
    values.extend((solo.level / len(LEVELS), solo.deck_size / len(ids),
                   solo.set_aside / len(ids)))
    if solo.parity == "odd":
        ones.append(base + 4)
    elif solo.parity == "even":
        ones.append(base + 5)
    if solo.luna_card is not None:
        ones.append(base + 6 + LOCATIONS.index(solo.luna_card))
    for location, letter in solo.priority:
        ones.append(base + 10 + LOCATIONS.index(location) * 4 + letters.index(letter))
    for card in solo.discard:
        ones.append(base + SOLO_FIELDS + ids[card])
    for card in solo.drawn:
        ones.append(base + SOLO_FIELDS + len(ids) + ids[card])


def observation_array(game: Game, seat: Seat,
                      out: numpy.typing.NDArray[numpy.float32] | None = None
                      ) -> numpy.typing.NDArray[numpy.float32]:
    """:func:`observation` as a ``numpy.float32`` array (needs numpy: the ``pettingzoo``
    extra), written into ``out`` when given."""
    import numpy

    ones, at, values = nonzero(game, seat)
    if out is None:
        out = numpy.zeros(OBSERVATION_SIZE, dtype=numpy.float32)
    else:
        out.fill(0.0)
    out.put(ones, 1.0)
    out.put(at, values)
    return out


def observation_string(game: Game, seat: Seat) -> str:
    """The observation of ``seat`` as text, from its view: its hand, the stacks (``?`` for a
    face-down card it does not know), the players' tokens, and the pending decision."""
    _check_seat(game, seat)
    v = game.view(seat)
    lines = [f"seat {seat} ({v.players[seat].name}), phase {v.phase.value}"]
    lines.append("hand: " + ", ".join(card_name(c) for c in v.hand or ()))
    for location, stack in v.locations:
        lines.append(f"{location.title}: " + ", ".join(_shown(c) for c in stack))
    lines.append(f"deck: {v.deck_size}; banished: "
                 + ", ".join(card_name(c) for c in v.banished)
                 + f"; neutral influence: {v.neutral_influence}")
    for other, p in enumerate(v.players):
        marks = "".join(m for m, on in (("S", p.sovereign), ("F", p.first_player),
                                         ("T", v.turn_seat == other)) if on)
        total = f" total {v.totals[other]}" if v.totals is not None else ""
        lines.append(f"P{other} {p.name} {p.house.value if p.house else '-'}: helium "
                     f"{p.helium} fleet {p.fleet} influence {p.influence} hand {p.hand_size} "
                     f"turns {p.turns}{' ' + marks if marks else ''}{total}")
    for known in v.known_elsewhere:
        lines.append(f"known: {card_name(known.card)} in {known.zone}"
                     + (f" at depth {known.depth}" if known.depth is not None else ""))
    if v.solo is not None:
        s = v.solo
        lines.append(f"Au Toma: level {s.level}, deck {s.deck_size}, set aside {s.set_aside}, "
                     f"{s.parity or '-'}, discard {list(s.discard)}, drawn {list(s.drawn)}")
    pending = v.pending
    if pending is not None:
        lines.append(f"pending: P{pending.seat} {pending.ask.value} [{pending.source}] "
                     f"{pending.prompt}")
        if pending.options is not None:
            lines.append("options: " + ", ".join(describe(o) for o in pending.options))
    if v.winners is not None:
        lines.append("winners: " + ", ".join(f"P{w}" for w in v.winners))
    return "\n".join(lines)


def _shown(card: CardId) -> str:
    return "?" if card == HIDDEN else card_name(card)


def layout_markdown() -> str:
    """The layout as a markdown table (``docs/OBSERVATION.md``'s table)."""
    rows = ["| segment | offset | size |", "|---|---|---|"]
    rows += [f"| `{name}` | {start} | {size} |" for name, (start, size) in LAYOUT.items()]
    return "\n".join(rows) + "\n"



# --- the full state, for centralised training ----------------------------------------------

CARD_FIELDS = 3 + len(LOCATIONS) + MAX_PLAYERS + 2
"""Per card in :func:`state_vector`: in the deck, on each location, in each seat's hand,
banished, out of a solo game (RR-SOLO-5), then its height (``1 / (1 + depth)`` from the top
of the deck or of its stack) and whether it lies face down."""
STATE_SIZE: int = len(_cards()) * CARD_FIELDS + OBSERVATION_SIZE - LAYOUT["players"][0]
"""The length of :func:`state_vector`."""


def state_vector(game: Game) -> list[float]:
    """The whole state as :data:`STATE_SIZE` floats in [0, 1]: *privileged information*, for a
    centralised critic in training, never for a seat's policy. Per card (:data:`CARD_FIELDS`,
    cards in :mod:`rr.actions` order) where it truly is — deck and its depth, every hand, every
    face-down card — then the public segments of :func:`observation` from ``players`` on, as
    seat 0 sees them (players in seat order)."""
    state = game.state
    index = _cards()
    out = [0.0] * STATE_SIZE
    deck_top = len(state.deck) - 1
    for depth_from_bottom, card in enumerate(state.deck):
        base = index[card] * CARD_FIELDS
        out[base] = 1.0
        out[base + CARD_FIELDS - 2] = 1.0 / (1 + deck_top - depth_from_bottom)
    for li, location in enumerate(LOCATIONS):
        stack = state.stack(location)
        for position, card in enumerate(stack):
            base = index[card] * CARD_FIELDS
            out[base + 1 + li] = 1.0
            out[base + CARD_FIELDS - 2] = 1.0 / (len(stack) - position)
            if card in state.face_down:
                out[base + CARD_FIELDS - 1] = 1.0
    for seat, player in enumerate(state.players):
        for card in player.hand:
            out[index[card] * CARD_FIELDS + 1 + len(LOCATIONS) + seat] = 1.0
    for card in state.banished:
        out[index[card] * CARD_FIELDS + 1 + len(LOCATIONS) + MAX_PLAYERS] = 1.0
    for card in state.solo.removed if state.solo is not None else ():
        out[index[card] * CARD_FIELDS + 2 + len(LOCATIONS) + MAX_PLAYERS] = 1.0
    public = LAYOUT["players"][0]
    out[len(index) * CARD_FIELDS:] = observation(game, 0)[public:]
    return out
