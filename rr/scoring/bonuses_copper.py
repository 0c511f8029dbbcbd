"""End-game bonuses of the Copper cards (bureaucrats)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import NO_BONUS, EndGameBonus, EndGame, Terms


# "15 if you have the least Influence on the Institute (or tied for the least)."
def administrator(g: EndGame) -> Terms:
    """The 2-player neutral house counts as a house with Influence (RULING-A5)."""
    return (15 if g.has_least_influence() else 0,)


# "5 if you have the Sovereign token. 5 if with a Gold."
def bondilus(g: EndGame) -> Terms:
    return (5 if g.has_sovereign else 0, 5 if g.is_with(Color.GOLD) else 0)


# "19 if you and any opponent have the exact same amount of Influence on the Institute."
def diplomat(g: EndGame) -> Terms:
    """The neutral house is no opponent (RULING-A5)."""
    return (19 if g.shares_influence_with_an_opponent() else 0,)


# "12 if with a White (not the Judge). 22 if with the Judge."
def lawyer(g: EndGame) -> Terms:
    """Literal reading: the terms are independent, so a White other than the Judge and the
    Judge together score 12 + 22; the Judge alone scores only the 22."""
    with_white = any(
        Color.WHITE in other.colors and other.name != "Judge" for other in g.others
    )
    return (12 if with_white else 0, 22 if g.is_with_named("Judge") else 0)


# "15 if you have the most Influence on the Institute (or tied for the most)."
def politician(g: EndGame) -> Terms:
    return (15 if g.has_most_influence() else 0,)


# "3 for each of your Influence tokens on the Institute."
def timony(g: EndGame) -> Terms:
    return (3 * g.me.influence,)


BONUSES_COPPER: Mapping[CardId, EndGameBonus] = {
    CardId("administrator"): EndGameBonus(administrator),
    # (no end-game text; its end-of-game ability resolves before scoring)
    CardId("auctioneer"): NO_BONUS,
    CardId("bondilus"): EndGameBonus(bondilus, colors={Color.GOLD}),
    CardId("diplomat"): EndGameBonus(diplomat),
    CardId("lawyer"): EndGameBonus(lawyer, colors={Color.WHITE}, names={"Judge"}),
    CardId("politician"): EndGameBonus(politician),
    CardId("timony"): EndGameBonus(timony),
}
