"""Value types shared by every layer: colours, locations, houses, die faces, zones.

Nothing here knows a rule; these are the nouns of the rulebook.
"""

from __future__ import annotations

import enum
from typing import NewType

from attrs import frozen

__all__ = [
    "DIE_FACES",
    "LOCATIONS",
    "LOCATION_BONUS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Bonus",
    "CardId",
    "Color",
    "Declaration",
    "House",
    "Location",
    "Seat",
    "Zone",
    "ZoneKind",
]

CardId = NewType("CardId", str)
"""A card's stable id, e.g. ``"the_jackal"`` (spec/cards.md)."""

AutomaCardNumber = NewType("AutomaCardNumber", int)
"""One of Tull Au Toma's own cards in an event, by its printed id 1..22 (RR-SOLO-2,
RULING-T3; ``rr.automa.AutomaCardId`` elsewhere): not a character card, but hidden while it
lies in her deck or is set aside (``rr.events.card_fields``)."""

Seat = int
"""A player's seat: 0 is the first seat, play goes clockwise in increasing seat order."""


class Color(enum.Enum):
    """The 14 castes. A card's colour is its caste (rulebook, Anatomy of a Character Card)."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__

    GOLD = "gold"
    SILVER = "silver"
    COPPER = "copper"
    WHITE = "white"
    BLUE = "blue"
    YELLOW = "yellow"
    GREEN = "green"
    VIOLET = "violet"
    ORANGE = "orange"
    GRAY = "gray"
    BROWN = "brown"
    OBSIDIAN = "obsidian"
    PINK = "pink"
    RED = "red"

    def __str__(self) -> str:
        """The colour in words, as printed: ``str(Color.BROWN)`` is ``"Brown"`` (its
        ``value``, ``"brown"``, is the machine text)."""
        return self.value.capitalize()


class Location(enum.Enum):
    """The four locations, in board order. The deck is not a location (RR-LOC-1)."""

    JUPITER = "jupiter"
    MARS = "mars"
    LUNA = "luna"
    INSTITUTE = "institute"

    __hash__ = object.__hash__
    """By identity, like equality (members are singletons): ``Enum.__hash__`` hashes the
    name in Python code, and locations are hashed in the rules' inner loops (stacks, options,
    zones; issue #12)."""

    @property
    def title(self) -> str:
        """The location's printed name: ``"Jupiter"``, ``"The Institute"``."""
        return "The Institute" if self is Location.INSTITUTE else self.value.capitalize()

    def __str__(self) -> str:
        return self.title


LOCATIONS: tuple[Location, ...] = tuple(Location)
"""The four locations in board order."""


class Bonus(enum.Enum):
    """What a location bonus or a face of the Rising die gives (RR-BONUS-*, RR-DIE-*)."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__

    FLEET = "fleet"
    HELIUM = "helium"
    SOVEREIGN = "sovereign"
    INFLUENCE = "influence"
    BANISH = "banish"
    REVEAL_PLACE = "reveal_place"

    def __str__(self) -> str:
        """The bonus in words: ``str(Bonus.FLEET)`` is ``"advance on the Fleet Track"``."""
        return _BONUS_WORDS[self]


_BONUS_WORDS = {
    Bonus.FLEET: "advance on the Fleet Track", Bonus.HELIUM: "gain 1 Helium",
    Bonus.SOVEREIGN: "take the Sovereign token", Bonus.INFLUENCE: "place 1 Influence",
    Bonus.BANISH: "banish a location's top card",
    Bonus.REVEAL_PLACE: "reveal and place the deck's top card",
}


LOCATION_BONUS: dict[Location, Bonus] = {
    Location.JUPITER: Bonus.FLEET,
    Location.MARS: Bonus.HELIUM,
    Location.LUNA: Bonus.SOVEREIGN,
    Location.INSTITUTE: Bonus.INFLUENCE,
}
"""The bonus each location gives when a card is deployed there (RR-BONUS-*)."""

DIE_FACES: tuple[Bonus, ...] = tuple(Bonus)
"""The six faces of the Rising die, one bonus each (spec RR-DIE-1)."""


class House(enum.Enum):
    """The six houses (house tiles)."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__

    APOLLO = "apollo"
    CERES = "ceres"
    DIANA = "diana"
    JUPITER = "jupiter"
    MARS = "mars"
    MINERVA = "minerva"

    def __str__(self) -> str:
        """The house in words: ``str(House.CERES)`` is ``"Ceres"``."""
        return self.value.capitalize()


@frozen
class Declaration:
    """A Gray card's extra colour and/or an Orange card's borrowed name (RULING-A8, A9).

    ``Declaration()`` declares nothing."""

    color: Color | None = None
    name: str | None = None


class ZoneKind(enum.Enum):
    """The kinds of place a card can be: the deck, a hand, a location, the banished pile."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__
    DECK = "deck"
    HAND = "hand"
    LOCATION = "location"
    BANISHED = "banished"


@frozen
class Zone:
    """Where a card is: the deck, a player's hand, a location, or the banished pile."""

    kind: ZoneKind
    seat: int | None = None
    location: Location | None = None

    @staticmethod
    def deck() -> Zone:
        return _DECK

    @staticmethod
    def banished() -> Zone:
        return _BANISHED

    @staticmethod
    def hand(seat: Seat) -> Zone:
        if 0 <= seat < len(_HANDS):
            return _HANDS[seat]  # made once: the fold asks for hands at every card move
        return Zone(ZoneKind.HAND, seat=seat)

    @staticmethod
    def at(location: Location) -> Zone:
        return _AT[location]

    def __str__(self) -> str:
        if self.kind is ZoneKind.HAND:
            return f"hand of P{self.seat}"
        if self.kind is ZoneKind.LOCATION:
            assert self.location is not None
            return self.location.title
        return str(self.kind.value)


_DECK = Zone(ZoneKind.DECK)
_BANISHED = Zone(ZoneKind.BANISHED)
_AT = {loc: Zone(ZoneKind.LOCATION, location=loc) for loc in Location}

MIN_PLAYERS = 2
"""RR-SETUP-7: the fewest players of a game rr plays, scores or audits (the one place the
bound lives; the solo mode, being added, lowers it)."""
MAX_PLAYERS = 6
"""RR-SETUP-7: the most players of a game."""

_HANDS = tuple(Zone(ZoneKind.HAND, seat=seat) for seat in range(MAX_PLAYERS))

FLEET_MAX = 10
INFLUENCE_TOKENS = 10
STARTING_HAND = 5


def starting_hand(house: House | None) -> int:
    """RR-SETUP-2: 5 cards, 6 for House Ceres (RR-HOUSE-3)."""
    return STARTING_HAND + 1 if house is House.CERES else STARTING_HAND
