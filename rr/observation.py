"""Observations for learning agents: a fixed-size vector and a string, from one seat's view.

:func:`observation` is a list of :data:`OBSERVATION_SIZE` floats for ``seat``; the PettingZoo
environment and :func:`observation_array` give it as a ``numpy.float32`` array (numpy is
imported only there, so the core install does not need it). :func:`observation_string` is
the same information as text.

Choices made here:

- Everything comes from ``game.view(seat)`` (:mod:`rr.views`, derived from
  :mod:`rr.knowledge`) and, for which positions of a stack lie face down, from the state: a
  face-down card's *place* is public, only its identity is hidden (RR-VIEW-4). So two games
  the seat cannot tell apart — two samples of its information set (``Game.sample_for``), or
  the game with another hand dealt differently — give the same observation.
- Players are ordered relative to the observer (slot 0 is the observer, slot 1 the next seat
  clockwise, ...), so one policy can play any seat; slots past the game's players are zeros.
- Counts are raw numbers (Helium, turns, deck size...), not scaled: a learner's own
  normalisation knows its needs better than a guess here.
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
stack_sizes         4          cards on each location
face_down_counts    4          face-down cards on each location
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
pending             1 + 14     the observer decides now, then the pending decision's kind (Ask)
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

from rr.automa import automa_table
from rr.cards.catalogue import all_ids
from rr.decisions import Ask
from rr.engine import Game
from rr.errors import BadInputError
from rr.events.types import Phase
from rr.model import LOCATIONS, MAX_PLAYERS, CardId, House, Seat, ZoneKind
from rr.narrate import card_name
from rr.options import describe
from rr.views import HIDDEN, View

if TYPE_CHECKING:
    import numpy

SLOTS = 8
"""How many positions from the top of each stack ``face_down_slots`` shows."""
PLAYER_FIELDS = 14 + len(House)
SOLO_FIELDS = 6 + len(LOCATIONS) + len(LOCATIONS) * 4 + 2


@functools.cache
def _cards() -> Mapping[CardId, int]:
    return {card: index for index, card in enumerate(sorted(all_ids()))}


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
    """The observation of ``seat``: :data:`OBSERVATION_SIZE` floats laid out as :data:`LAYOUT`
    says, from what ``seat`` knows only."""
    _check_seat(game, seat)
    out = [0.0] * OBSERVATION_SIZE
    v = game.view(seat)
    _cards_part(game, v, seat, out)
    _players_part(v, seat, out)
    _table_part(v, seat, out)
    _solo_part(v, out)
    return out


def _at(segment: str) -> int:
    return LAYOUT[segment][0]


def _cards_part(game: Game, v: View, seat: Seat, out: list[float]) -> None:
    # Plain offsets, no helper calls: this runs at every step of a learner (about 0.2 ms).
    index, places = _cards(), len(LOCATIONS)
    for card in v.hand or ():
        out[_at("hand") + index[card]] = 1.0
    where, height, known_down = _at("location"), _at("height"), _at("known_face_down")
    slots = _at("face_down_slots")
    face_down = game.state.face_down
    for li, (location, stack) in enumerate(v.locations):
        real = game.state.stack(location)  # only which positions lie face down is read
        out[_at("stack_sizes") + li] = float(len(stack))
        out[_at("face_down_counts") + li] = float(sum(c in face_down for c in real))
        for position, card in enumerate(stack):
            depth = len(stack) - 1 - position
            if card == HIDDEN:
                if depth < SLOTS:
                    out[slots + li * SLOTS + depth] = 1.0
                continue
            out[where + index[card] * places + li] = 1.0
            out[height + index[card]] = 1.0 / (1 + depth)
            if real[position] in face_down:
                out[known_down + index[card]] = 1.0
    seats = len(v.players)
    for known in v.known_elsewhere:
        if known.zone.kind is ZoneKind.HAND and known.zone.seat is not None:
            slot = (known.zone.seat - seat) % seats
            out[_at("known_in_hands") + index[known.card] * (MAX_PLAYERS - 1) + slot - 1] = 1.0
        elif known.zone.kind is ZoneKind.DECK:
            out[_at("known_in_deck") + index[known.card]] = 1.0
    for card in v.banished:
        out[_at("banished") + index[card]] = 1.0
    for card in v.solo.removed if v.solo is not None else ():
        out[_at("removed") + index[card]] = 1.0


def _players_part(v: View, seat: Seat, out: list[float]) -> None:
    houses = list(House)
    seats = len(v.players)
    for other, p in enumerate(v.players):
        base = _at("players") + ((other - seat) % seats) * PLAYER_FIELDS
        fields = (
            1.0, float(v.solo is not None and v.solo.seat == other), float(p.helium),
            float(p.fleet), float(p.influence), float(p.hand_size), float(p.turns),
            float(p.sovereign), float(p.first_player), float(v.turn_seat == other),
            float(v.pending is not None and v.pending.seat == other),
            float(v.end_triggered_by == other),
            float(v.totals[other]) if v.totals is not None else 0.0,
            float(v.winners is not None and other in v.winners),
        )
        out[base:base + len(fields)] = fields
        if p.house is not None:
            out[base + len(fields) + houses.index(p.house)] = 1.0


def _table_part(v: View, seat: Seat, out: list[float]) -> None:
    table = _at("table")
    out[table:table + 4] = (float(v.neutral_influence), float(v.deck_size),
                            float(len(v.banished)), float(v.end_triggered_by is not None))
    out[table + 4 + list(Phase).index(v.phase)] = 1.0
    if v.pending is not None:
        pending = _at("pending")
        out[pending] = float(v.pending.seat == seat)
        out[pending + 1 + list(Ask).index(v.pending.ask)] = 1.0


def _solo_part(v: View, out: list[float]) -> None:
    solo = v.solo
    if solo is None:
        return
    at = _at("solo")
    letters = automa_table().letters
    out[at:at + 6] = (1.0, float(solo.level), float(solo.deck_size), float(solo.set_aside),
                      float(solo.parity == "odd"), float(solo.parity == "even"))
    if solo.luna_card is not None:
        out[at + 6 + LOCATIONS.index(solo.luna_card)] = 1.0
    for location, letter in solo.priority:
        out[at + 10 + LOCATIONS.index(location) * 4 + letters.index(letter)] = 1.0
    ids = _automa_ids()
    for card in solo.discard:
        out[at + SOLO_FIELDS + ids[card]] = 1.0
    for card in solo.drawn:
        out[at + SOLO_FIELDS + len(ids) + ids[card]] = 1.0


def observation_array(game: Game, seat: Seat) -> numpy.typing.NDArray[numpy.float32]:
    """:func:`observation` as a ``numpy.float32`` array (needs the ``pettingzoo`` extra)."""
    import numpy

    return numpy.asarray(observation(game, seat), dtype=numpy.float32)


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

