"""Tull Au Toma, the solo mode's automaton (RR-SOLO-*): her cards and levels as data.

The table is ``rr/data/au_toma.json`` (the project's own copy, never ../shared at run time).
Its rows are single-source and two of them look like a transcription error (RULING-T1); the
arrows' direction is inferred (RULING-T2). A corrected table is a data change only: nothing
here hard-codes a row.

Also here: :class:`SoloState`, the solo part of the game state (Au Toma's deck, priority
cards, odd/even card), which the fold in ``rr.state`` keeps.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from attrs import field, frozen

from rr.model import LOCATIONS, CardId, Location, Seat

AU_TOMA = "Tull Au Toma"
"""Her name in a solo game's player list; she always sits in the last seat (seat 1)."""

AutomaCardId = int
"""An Au Toma card's printed id, 1..22 (RULING-T3)."""


class Arrow(enum.Enum):
    """An Au Toma card's tiebreaker arrow (RR-SOLO-11, RULING-T2)."""

    LEFT = "left"
    """Toward Jupiter, wrapping from Jupiter to The Institute."""
    RIGHT = "right"
    """Toward The Institute, wrapping from The Institute to Jupiter."""

    @property
    def step(self) -> int:
        return -1 if self is Arrow.LEFT else 1


class Extra(enum.Enum):
    """An Au Toma card's extras section (RR-SOLO-10)."""

    BONUS = "bonus"
    BANISH = "banish"
    NONE = "none"


@frozen
class Pick:
    """A deploy or gain section: a location icon, or a priority letter A-D."""

    location: Location | None = None
    letter: str | None = None

    def __str__(self) -> str:
        return self.location.title if self.location is not None else str(self.letter)


@frozen
class AutomaCard:
    """One of the 22 normal Au Toma cards."""

    id: AutomaCardId
    deploy: Pick
    gain: Pick
    arrow: Arrow
    extra: Extra
    doubt: str | None = None
    """The ruling that records a doubt about this row, if any."""


@frozen
class Level:
    """A difficulty level: her points per matching and nonmatching card (RR-SOLO-16)."""

    level: int
    name: str
    matching: int
    nonmatching: int


@frozen
class AutomaTable:
    """Everything of the solo mode that is a number or a list on her cards."""

    cards: tuple[AutomaCard, ...]
    set_aside: int
    cards_per_turn: int
    letters: tuple[str, ...]
    luna_pairing: Mapping[str, str]
    starting_hand: int
    removed: tuple[CardId, ...]
    variant_keeps: tuple[CardId, ...]
    variant_look: int
    variant_psychologist_divisor: int
    bonus_cap: int
    """RR-SOLO-12: a bonus she has this many of is replaced (10 Helium, Fleet 10, 10 Influence)."""
    base_score: int
    card_cap: int
    levels: tuple[Level, ...]
    normal_level: int

    _positions: Mapping[AutomaCardId, int] = field(init=False, eq=False, repr=False)
    """Where each card is in :attr:`cards`, by id: found once, not by searching the cards at
    each of hers Au Toma carries out (about twice a solo decision; issue #32)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_positions", {c.id: i for i, c in enumerate(self.cards)})

    def card(self, card_id: AutomaCardId) -> AutomaCard:
        return self.cards[self._positions[card_id]]

    def ids(self) -> tuple[AutomaCardId, ...]:
        return tuple(self._positions)  # the ids in the order of the cards

    def level(self, number: int) -> Level:
        for level in self.levels:
            if level.level == number:
                return level
        raise KeyError(number)

    def removed_characters(self, variant: bool) -> tuple[CardId, ...]:
        """RR-SOLO-5 / RR-SOLO-17: the characters taken out of the game."""
        keep = set(self.variant_keeps) if variant else set()
        return tuple(c for c in self.removed if c not in keep)


def _pick(text: str, locations: Mapping[str, str]) -> Pick:
    if text in locations:
        return Pick(location=Location(locations[text]))
    return Pick(letter=text)


@functools.cache
def automa_table() -> AutomaTable:
    """The table of ``rr/data/au_toma.json``, read once."""
    raw: dict[str, Any] = json.loads(
        resources.files("rr").joinpath("data/au_toma.json").read_text("utf-8"))
    locations = raw["locations"]
    cards = tuple(
        AutomaCard(int(c["id"]), _pick(c["deploy"], locations), _pick(c["gain"], locations),
                   Arrow(c["arrow"]), Extra(c["extra"]), c.get("doubt"))
        for c in raw["cards"])
    return AutomaTable(
        cards=cards, set_aside=int(raw["set_aside"]), cards_per_turn=int(raw["cards_per_turn"]),
        letters=tuple(raw["priority_letters"]), luna_pairing=dict(raw["luna_pairing"]),
        starting_hand=int(raw["starting_hand"]),
        removed=tuple(CardId(c) for c in raw["removed_characters"]),
        variant_keeps=tuple(CardId(c) for c in raw["variant_keeps"]),
        variant_look=int(raw["variant_look"]),
        variant_psychologist_divisor=int(raw["variant_psychologist_divisor"]),
        bonus_cap=int(raw["bonus_cap"]),
        base_score=int(raw["base_score"]), card_cap=int(raw["card_cap"]),
        levels=tuple(Level(int(v["level"]), v["name"], int(v["matching"]),
                           int(v["nonmatching"])) for v in raw["levels"]),
        normal_level=int(raw["normal_level"]),
    )


LEVELS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The six difficulty levels (RR-SOLO-16)."""


class Parity(enum.Enum):
    """The side of the odd/even card that shows (RR-SOLO-7)."""

    ODD = "odd"
    EVEN = "even"

    @staticmethod
    def of(value: int) -> Parity:
        return Parity.ODD if value % 2 else Parity.EVEN


@frozen
class SoloState:
    """The solo part of the game (RR-SOLO-*): who Au Toma is and her own components.

    Piles run bottom to top; the top Au Toma card is ``deck[-1]``."""

    seat: Seat
    level: int
    deck: tuple[AutomaCardId, ...] = ()
    set_aside: tuple[AutomaCardId, ...] = ()
    discard: tuple[AutomaCardId, ...] = ()
    drawn: tuple[AutomaCardId, ...] = ()
    """The Au Toma cards of the turn under way, in the order drawn (RR-SOLO-8)."""
    priority: tuple[str, ...] = ()
    """The priority letter at each location, in board order (RR-SOLO-3); () before setup."""
    parity: Parity | None = None
    """The side of the odd/even card that shows (RR-SOLO-7); None before it is placed."""
    removed: tuple[CardId, ...] = ()
    """Character cards out of the game (RR-SOLO-5)."""

    @property
    def all_cards(self) -> tuple[AutomaCardId, ...]:
        return self.deck + self.set_aside + self.discard + self.drawn

    @property
    def to_shuffle(self) -> tuple[AutomaCardId, ...]:
        """The Au Toma cards her next shuffle holds (RR-SOLO-2): all of hers in play, or, at
        setup, every card of the table."""
        return self.all_cards or automa_table().ids()

    def location_of(self, letter: str) -> Location:
        """RR-SOLO-11: the location holding priority card ``letter``."""
        return LOCATIONS[self.priority.index(letter)]

    def luna_card(self) -> Location:
        """RR-SOLO-4: the location whose icon the Luna bonus card shows."""
        luna = self.priority[LOCATIONS.index(Location.LUNA)]
        return self.location_of(automa_table().luna_pairing[luna])
