"""The 112 character cards as data: id, name, colour, core value and printed texts.

The data file ``rr/data/cards.json`` is the project's own copy of the verified card list
(spec/cards.md); it is read once, on first use.
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Iterable, Mapping
from importlib import resources

from attrs import frozen

from rr.errors import UnknownCardError
from rr.model import CardId, Color, House
from rr.once import made_once

__all__ = [
    "BlockKind", "Card", "EndGamePart", "HouseTile", "all_ids", "card", "catalogue", "houses",
    "lookup", "names",
]


class BlockKind(enum.Enum):
    """What a block ability blocks (RR-BLOCK-2, RR-BLOCK-3)."""

    STEAL_OR_BANISH = "steal_or_banish"
    """The Howlers, Pax au Telemanus, Judge: an opponent's steal or banish of your cards."""
    SOVEREIGN = "sovereign"
    """Martyr, Justice: an opponent taking the Sovereign token from you."""


@frozen
class EndGamePart:
    """One printed end-game term: its points (``None`` where the laurel shows "?") and text."""

    vp: int | None
    text: str


@frozen
class Card:
    """A character card exactly as printed."""

    id: CardId
    name: str
    color: Color
    core_value: int
    role: str
    deploy: str | None
    """Deploy ability text, or ``None``."""
    end_game: str | None
    """End-game bonus text (scored at the end), or ``None``."""
    end_of_game: str | None
    """End-of-game ability text (resolved before scoring), or ``None``."""
    block: str | None
    """Block ability text, or ``None``."""
    end_game_parts: tuple[EndGamePart, ...]

    @property
    def block_kind(self) -> BlockKind | None:
        """What this card's printed block ability blocks, if it has one."""
        if self.block is None:
            return None
        if "Sovereign token" in self.block:
            return BlockKind.SOVEREIGN
        return BlockKind.STEAL_OR_BANISH

    @property
    def is_gray_mimic(self) -> bool:
        """Gray cards: "You may treat this card as if it is any one other color"."""
        return self.color is Color.GRAY

    @property
    def is_orange_mimic(self) -> bool:
        """Orange cards: "You may treat this card as having the same name as any ..."."""
        return self.color is Color.ORANGE


def _part(raw: Mapping[str, object]) -> EndGamePart:
    vp = raw["vp"]
    return EndGamePart(vp=vp if isinstance(vp, int) else None, text=str(raw["text"]))


def _card(raw: Mapping[str, object]) -> Card:
    parts = raw.get("end_game_parts") or []
    assert isinstance(parts, list)
    core = raw["core_value"]
    assert isinstance(core, int)

    def text(key: str) -> str | None:
        value = raw.get(key)
        return None if value is None else str(value)

    return Card(
        id=CardId(str(raw["id"])),
        name=str(raw["name"]),
        color=Color(raw["color"]),
        core_value=core,
        role=str(raw.get("caste_role", "")),
        deploy=text("deploy"),
        end_game=text("end_game"),
        end_of_game=text("end_of_game"),
        block=text("block"),
        end_game_parts=tuple(_part(p) for p in parts),
    )


@functools.cache
def catalogue() -> Mapping[CardId, Card]:
    """All 112 cards by id, in the data file's order."""
    raw = json.loads(resources.files("rr").joinpath("data/cards.json").read_text("utf-8"))
    return {card.id: card for card in map(_card, raw)}


@made_once  # a dict read in C: the rules ask about three cards a decision (#12, #30)
def card(card_id: str) -> Card:
    """The card with this id; raises :class:`UnknownCardError` for any other string."""
    found = catalogue().get(CardId(card_id))
    if found is None:
        raise UnknownCardError(card_id)
    return found


@functools.cache
def _by_name() -> Mapping[str, CardId]:
    return {c.name.casefold(): c.id for c in catalogue().values()}


def lookup(text: str) -> Card:
    """A card by id or printed name, case-insensitively ("judge", "The Jackal", "the_jackal")."""
    key = text.strip()
    found = catalogue().get(CardId(key.casefold()))
    if found is not None:
        return found
    by_name = _by_name().get(key.casefold())
    if by_name is None:
        raise UnknownCardError(text)
    return catalogue()[by_name]


def all_ids() -> tuple[CardId, ...]:
    """Every card id, in catalogue order (the order of a fresh, unshuffled deck)."""
    return tuple(catalogue())


@functools.cache
def names() -> tuple[str, ...]:
    """Every printed character name (for Orange "same name as any specific character")."""
    return tuple(sorted({c.name for c in catalogue().values()}))


def names_first(cards: Iterable[CardId]) -> tuple[str, ...]:
    """Every printed character name, the names of ``cards`` first (in their order): Roque's
    guesses, offered by name whether or not the card is in the hand looked at (RULING-B10)."""
    first = tuple(dict.fromkeys(card(c).name for c in cards))
    return first + tuple(n for n in names() if n not in first)


@frozen
class HouseTile:
    """A house tile: its printed ability (RR-HOUSE-2..7)."""

    house: House
    name: str
    ability: str


@functools.cache
def houses() -> Mapping[House, HouseTile]:
    """The six house tiles, from ``rr/data/houses.json``."""
    raw = json.loads(resources.files("rr").joinpath("data/houses.json").read_text("utf-8"))
    tiles = (HouseTile(House(h["id"]), str(h["name"]), str(h["ability"])) for h in raw)
    return {t.house: t for t in tiles}
