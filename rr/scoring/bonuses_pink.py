"""End-game bonuses of the Pink cards (companions)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame, Terms


# "20 if with The Jackal."
def calliope(g: EndGame) -> Terms:
    return (20 if g.is_with_named("The Jackal") else 0,)


# "15 if with a White."
def conversationalist(g: EndGame) -> Terms:
    return (15 if g.is_with(Color.WHITE) else 0,)


# "15 if with Darrow. -15 if with Mickey."
def evey(g: EndGame) -> Terms:
    """ "Mickey" is the character Mickey the Carver."""
    return (
        15 if g.is_with_named("Darrow") else 0,
        -15 if g.is_with_named("Mickey the Carver") else 0,
    )


# "14 if with a Silver."
def garden_trained_rose(g: EndGame) -> Terms:
    return (14 if g.is_with(Color.SILVER) else 0,)


# "16 if with a Copper."
def masseuse(g: EndGame) -> Terms:
    return (16 if g.is_with(Color.COPPER) else 0,)


# "17 if with a Pink or Quicksilver."
def matteo(g: EndGame) -> Terms:
    """Another Pink: Matteo itself does not count (RR-SCORE-3)."""
    return (17 if g.is_with(Color.PINK) or g.is_with_named("Quicksilver") else 0,)


# "14 if with a Gold or Red (but not both)."
def theodora(g: EndGame) -> Terms:
    return (14 if g.is_with(Color.GOLD) != g.is_with(Color.RED) else 0,)


BONUSES_PINK: Mapping[CardId, EndGameBonus] = {
    CardId("calliope"): EndGameBonus(calliope, names={"The Jackal"}),
    CardId("conversationalist"): EndGameBonus(conversationalist, colors={Color.WHITE}),
    CardId("evey"): EndGameBonus(evey, names={"Darrow", "Mickey the Carver"}),
    CardId("garden_trained_rose"): EndGameBonus(garden_trained_rose, colors={Color.SILVER}),
    CardId("masseuse"): EndGameBonus(masseuse, colors={Color.COPPER}),
    CardId("matteo"): EndGameBonus(matteo, colors={Color.PINK}, names={"Quicksilver"}),
    CardId("theodora"): EndGameBonus(theodora, colors={Color.GOLD, Color.RED}),
}
