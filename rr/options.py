"""Options: the typed values a player picks from a pending decision.

A decision lists its options completely; a choice is always one of them. Options are
plain frozen values so they can be compared, hashed, logged and sent over the wire.

Each option has two texts. ``str(option)`` is in words for people, with card names and
locations as printed; :func:`describe` is the machine text: the ``text`` of an option on the
wire (docs/JSON.md), docs/ACTIONS.md and OpenSpiel's action strings, which never change with
the words.

>>> from rr.model import Location
>>> option = Lead("mess_hall_cook", Location.JUPITER)
>>> str(option), describe(option)
('lead Mess Hall Cook on Jupiter', 'lead mess_hall_cook on Jupiter')
"""

from __future__ import annotations

import enum
import functools
from typing import Union

from attrs import frozen

from rr.cards.catalogue import catalogue
from rr.model import Bonus, CardId, Color, Location, Seat
from rr.once import made_once
from rr.quick_init import quick_init

__all__ = [
    "OPTION_TYPES",
    "Answer",
    "GainTop",
    "Lead",
    "Option",
    "PickCard",
    "PickFaceDown",
    "PickName",
    "PickPlayer",
    "Position",
    "Scout",
    "card_name",
    "describe",
]


@quick_init
@frozen
class Lead:
    """Lead: deploy ``card`` on ``location`` (both ``None`` with an empty hand, RR-LEAD-5)."""

    card: CardId | None
    location: Location | None

    @property
    def text(self) -> str:
        """The machine text (:func:`describe`): the card by id."""
        if self.card is None:
            return "lead (nothing to deploy)"
        assert self.location is not None
        return f"lead {self.card} on {self.location.title}"

    def __str__(self) -> str:
        if self.card is None or self.location is None:
            return "lead (nothing to deploy)"
        return f"lead {card_name(self.card)} on {self.location.title}"


@frozen
class Scout:
    """Scout: reveal the deck's top card and place it on a location (RR-SCOUT-1)."""

    text = "scout"
    """The machine text (:func:`describe`), the same as the words."""

    def __str__(self) -> str:
        return "scout"


@quick_init
@frozen
class GainTop:
    """Final step of a Lead: gain the top card of ``location``, or of the deck if ``None``."""

    location: Location | None

    @property
    def text(self) -> str:
        """The machine text (:func:`describe`)."""
        return f"gain from {self.location.title if self.location else 'the deck'}"

    def __str__(self) -> str:
        return f"gain the top card of {self.location.title if self.location else 'the deck'}"


@quick_init
@frozen
class PickCard:
    """A card, wherever the decision says it is."""

    card: CardId

    @property
    def text(self) -> str:
        """The machine text (:func:`describe`): the card's id."""
        return self.card

    def __str__(self) -> str:
        return card_name(self.card)


@made_once  # a dict read in C, not functools.cache (issue #30, rr.once)
def pick_card(card: CardId) -> PickCard:
    """``PickCard(card)``, made once per card: options are frozen values, and the rules offer
    whole stacks of them (Ceres' banish, the blocks, the end of the game; issue #12)."""
    return PickCard(card)


@quick_init
@frozen
class PickFaceDown:
    """A face-down card, by where it lies: ``depth`` 0 is the top card of ``location``.

    Face-down cards are always offered this way, never by id, so that neither the options
    nor the recorded choice tell anyone what the card is (RULING-B8)."""

    location: Location
    depth: int

    @property
    def text(self) -> str:
        """The machine text (:func:`describe`), the same as the words."""
        where = "on top" if self.depth == 0 else f"{_ordinal(self.depth + 1)} from the top"
        return f"the face-down card {where} of {self.location.title}"

    def __str__(self) -> str:
        return self.text


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@quick_init
@frozen
class PickPlayer:
    """A player, by seat (counting from 0, as the API does)."""

    seat: Seat

    @property
    def text(self) -> str:
        """The machine text (:func:`describe`), the same as the words."""
        return f"player {self.seat + 1}"  # in people's words, counting from 1 as P1, P2, ... do

    def __str__(self) -> str:
        return self.text


@quick_init
@frozen
class PickName:
    """A character's printed name (Orange cards: "the same name as any specific character")."""

    name: str

    @property
    def text(self) -> str:
        """The machine text (:func:`describe`), the same as the words."""
        return self.name

    def __str__(self) -> str:
        return self.name


@functools.cache
def pick_name(name: str) -> PickName:
    """``PickName(name)``, made once per name: an Orange's declaration offers every printed
    name (issue #12)."""
    return PickName(name)


class Answer(enum.Enum):
    """Yes/no questions, "stop" in a sequence of picks, and "best" declarations."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__

    YES = "yes"
    NO = "no"
    DONE = "done"
    BEST = "best"

    def __str__(self) -> str:
        return self.value


class Position(enum.Enum):
    """Where a card goes in a stack."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__

    TOP = "top"
    BOTTOM = "bottom"

    def __str__(self) -> str:
        return self.value


Option = Union[Lead, Scout, GainTop, PickCard, PickFaceDown, PickPlayer, PickName, Location,
               Color, Bonus, Answer, Position]
"""Every kind of option a decision can list."""

OPTION_TYPES: tuple[type, ...] = (Lead, Scout, GainTop, PickCard, PickFaceDown, PickPlayer,
                                  PickName, Location, Color, Bonus, Answer, Position)
"""The classes of :data:`Option`, for ``isinstance``."""


def describe(option: Option) -> str:
    """The option's machine text: its ``text`` on the wire, in docs/ACTIONS.md and in
    OpenSpiel's action strings (cards by id, colours and bonuses by value). ``str(option)``
    is the same option in words for people."""
    if isinstance(option, enum.Enum):
        return str(option.value)
    try:
        return option.text
    except AttributeError:  # not an option: an error message shows what was sent
        return str(option)


def card_name(card: CardId | str) -> str:
    """The printed name of ``card``; its id when the catalogue has no such card (a hidden
    card's placeholder, for one)."""
    found = catalogue().get(CardId(card))
    return found.name if found is not None else str(card)
