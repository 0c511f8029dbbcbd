"""Decisions: the rules stop and ask one player to pick one of a complete list of options."""

from __future__ import annotations

import enum
from typing import Union, cast

from attrs import frozen

from rr.model import CardId, Seat
from rr.once import made_once
from rr.options import Option, card_name
from rr.quick_init import quick_init

__all__ = [
    "Ask", "ByCard", "ByRule", "Decision", "Source",
]


class Ask(enum.Enum):
    """The shape of a decision, so a front-end knows what to show."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__

    TURN = "turn"
    """Lead (a card and a location) or Scout (RR-TURN-1)."""
    GAIN = "gain"
    """The final step of a Lead: which location's top card, or the deck (RR-LEAD-3/4)."""
    LOCATION = "location"
    PLAYER = "player"
    CARD = "card"
    COLOR = "color"
    FACE = "face"
    """A face of the Rising die (Minerva's substitute for the Sovereign face)."""
    BONUS = "bonus"
    """One of several bonuses to gain (Auctioneer: Helium, the Fleet Track or Influence)."""
    CONFIRM = "confirm"
    """A "you may": yes or no."""
    BLOCK = "block"
    """Whether to reveal a block card against an opponent's attempt (RR-BLOCK-1)."""
    POSITION = "position"
    NAME = "name"
    DECLARE = "declare"
    """An end-of-game Gray colour or Orange name declaration (RULING-B3)."""


@quick_init
@frozen
class ByRule:
    """A decision asked by a rule of the game (spec/rules.md: ``RR-TURN-1``) or a ruling
    (spec/rulings.md)."""

    rule: str

    def __str__(self) -> str:
        return self.rule


@quick_init
@frozen
class ByCard:
    """A decision asked by a card's printed ability (its id, spec/cards.md)."""

    card: CardId

    def __str__(self) -> str:
        return self.card


Source = Union[ByRule, ByCard]
"""Which rule or card asks a decision."""


@made_once  # a dict read in C, not functools.cache (issue #30, rr.once)
def by_card(card: CardId) -> ByCard:
    """``ByCard(card)``, made once per card: every question a card's ability asks names it
    (issue #12)."""
    return ByCard(card)


@quick_init
@frozen
class Decision:
    """A pending choice: who decides, what kind, which rule or card asks, and the options.

    >>> import rr
    >>> decision = rr.Game.new(["Ana", "Bo"], seed=2).pending
    >>> decision.seat, decision.ask, decision.rule, len(decision.options)
    (1, <Ask.TURN: 'turn'>, 'RR-TURN-1', 21)
    >>> str(decision.options[0])
    'lead Gravboot Cobbler on Jupiter'
    """

    seat: Seat
    ask: Ask
    source: Source
    """The rule (:class:`ByRule`) or card (:class:`ByCard`) that asks for this choice."""
    prompt: str
    options: tuple[Option, ...]

    @property
    def rule(self) -> str | None:
        """The id of the rule that asks, ``None`` when a card asks: the rule a choice the
        decision refuses breaks (the card is named in the prompt)."""
        return self.source.rule if type(self.source) is ByRule else None

    def __str__(self) -> str:
        """The decision in words: who decides (counting players from 1), which rule or card
        asks, the prompt and the first options, as ``str()`` of each gives them."""
        listed = ", ".join(str(o) for o in self.options[:12])
        more = f", … ({len(self.options)} options)" if len(self.options) > 12 else ""
        asks = (self.source.rule if type(self.source) is ByRule
                else card_name(cast(ByCard, self.source).card))
        return f"player {self.seat + 1} ({asks}) {self.prompt}: {listed}{more}"
