"""What causes a question, in words: the rule behind a decision asked by a rule (a card's
question names its card, whose printed texts the catalogue holds).

A table names a question's cause beside it ("Banish 1 card from a location — House Ceres")
with the cause's text one click away; this is that text, written here once so no front end
makes up words for a rule id.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from attrs import frozen

from rr.model import House


@frozen
class Cause:
    """A rule that asks questions, as a player reads it."""

    name: str
    """What the table names ("House Ceres", "the Rising die")."""
    text: str
    """What it does, one click away."""
    house: House | None = None
    """The house whose tile prints it, if one does."""


_CAUSES: dict[str, Cause] = {
    "RR-SETUP-1": Cause("the setup", "The deck is shuffled and the four locations filled."),
    "RR-LEAD-3": Cause("the Lead", "A Lead ends by gaining the top card of another location "
                       "or, instead, the deck's top card."),
    "RR-SCOUT-1": Cause("the Scout", "Reveal the deck's top card, place it on a location "
                        "and gain that location's bonus."),
    "RR-DIE-2": Cause("the Rising die", "A rolled bonus is gained as a location's is; the "
                      "Banish face banishes the top card of a location of your choice."),
    "RR-BLOCK-2": Cause("a block", "A card with a block ability, revealed from your hand, "
                        "stops another player stealing or banishing your cards."),
    "RR-BLOCK-3": Cause("a block", "A card with a block ability, revealed from your hand, "
                        "stops another player taking the Sovereign token from you."),
    "RR-END-5": Cause("the end of the game", "Each Gray may take another colour and each "
                      "Orange any character's name before the scoring."),
    "RR-END-6": Cause("House Ceres", "At the end of the game Ceres banishes one card from "
                      "their own hand.", House.CERES),
    "RR-HOUSE-2": Cause("House Apollo", "Whenever Apollo gains the Sovereign token, reveal "
                        "the deck's top card and place it on any location.", House.APOLLO),
    "RR-HOUSE-3": Cause("House Ceres", "Whenever Ceres gains the Sovereign token, banish 1 "
                        "card of your choice from a location.", House.CERES),
    "RR-HOUSE-7": Cause("House Minerva", "Whenever Minerva gains the Sovereign token, roll "
                        "the Rising die and gain its bonus.", House.MINERVA),
}


def rule_cause(rule: str) -> Cause | None:
    """The cause a question asked by ``rule`` names, ``None`` for a rule that asks none."""
    return _CAUSES.get(rule)


def causes() -> dict[str, Cause]:
    """Every rule that asks a question, and its cause in words."""
    return dict(_CAUSES)
