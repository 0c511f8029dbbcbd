"""End-game bonuses of the Violet cards (artists)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame, Terms


# "31 if each of your cards is a different color."
def four_d_painter(g: EndGame) -> Terms:
    """Every colour of every card in hand, 4D Painter included (RULING-A17), appears once:
    a Gray's extra colour must not repeat another card's colour (RULING-A7)."""
    colors = [color for c in g.hand for color in c.colors]
    return (31 if len(set(colors)) == len(colors) else 0,)


# "18 if you have the most Influence on the Institute (or tied for the most)."
def holo_host(g: EndGame) -> Terms:
    return (18 if g.has_most_influence() else 0,)


# "10 if there is at least 1 banished Red. 10 if with a Gold."
def mickey_the_carver(g: EndGame) -> Terms:
    return (10 if g.banished_of(Color.RED) >= 1 else 0, 10 if g.is_with(Color.GOLD) else 0)


# "32 if the core value of each of your cards is an even number."
def musician(g: EndGame) -> Terms:
    """Every card in hand, Musician included (RULING-A17); 0 is even."""
    return (32 if all(c.core % 2 == 0 for c in g.hand) else 0,)


# "29 if you have the most Helium (or tied for the most)."
def reporter(g: EndGame) -> Terms:
    return (29 if g.has_most_helium() else 0,)


# "23 if you are the furthest on the Fleet track (or tied for the furthest)."
def vlogger(g: EndGame) -> Terms:
    return (23 if g.is_furthest_on_fleet() else 0,)


# "31 if the core value of each of your cards is an odd number."
def zanzibar(g: EndGame) -> Terms:
    """Every card in hand, Zanzibar included (RULING-A17)."""
    return (31 if all(c.core % 2 == 1 for c in g.hand) else 0,)


BONUSES_VIOLET: Mapping[CardId, EndGameBonus] = {
    CardId("4d_painter"): EndGameBonus(four_d_painter, every_color=True),
    CardId("holo_host"): EndGameBonus(holo_host),
    CardId("mickey_the_carver"): EndGameBonus(mickey_the_carver, colors={Color.GOLD}),
    CardId("musician"): EndGameBonus(musician),
    CardId("reporter"): EndGameBonus(reporter),
    CardId("vlogger"): EndGameBonus(vlogger),
    CardId("zanzibar"): EndGameBonus(zanzibar),
}
