"""End-game bonuses of the Blue cards (pilots)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId
from rr.scoring.bonuses import EndGameBonus, EndGame, Terms


# "16 if you are the most advanced on the Fleet Track (or tied for the most).
#  -9 if an opponent is more advanced on the Fleet Track."
def invictus(g: EndGame) -> Terms:
    """Exactly one of the two terms applies (RULING-A6)."""
    return (
        16 if g.is_furthest_on_fleet() else 0,
        -9 if g.an_opponent_is_further_on_fleet() else 0,
    )


# "-15 unless with Orion, Virga, or Pelus."
def morning_star(g: EndGame) -> Terms:
    return (0 if g.is_with_named("Orion", "Virga", "Pelus") else -15,)


# "10 if with Pax au Telemanus or The Pax.
#  [?] Gain points equal to your position on the Fleet Track (0-10)."
def orion(g: EndGame) -> Terms:
    """The "?" term is the Fleet Track position (RR-SCORE-15)."""
    return (10 if g.is_with_named("Pax au Telemanus", "The Pax") else 0, g.me.fleet)


# "20 if your Fleet Track position is 5-7. 35 if your Fleet Track position is 8-10."
def pelus(g: EndGame) -> Terms:
    return (20 if 5 <= g.me.fleet <= 7 else 0, 35 if 8 <= g.me.fleet <= 10 else 0)


# "16 if you have the most Influence on the Institute (or tied for the most)."
def quietus(g: EndGame) -> Terms:
    return (16 if g.has_most_influence() else 0,)


# "15 if with Darrow, Sevro, Orion, Virga, or Pelus."
def the_pax(g: EndGame) -> Terms:
    return (15 if g.is_with_named("Darrow", "Sevro", "Orion", "Virga", "Pelus") else 0,)


# "15 if your Fleet Track position is 6-8. 30 if your Fleet Track position is 9 or 10."
def virga(g: EndGame) -> Terms:
    return (15 if 6 <= g.me.fleet <= 8 else 0, 30 if g.me.fleet >= 9 else 0)


BONUSES_BLUE: Mapping[CardId, EndGameBonus] = {
    CardId("invictus"): EndGameBonus(invictus),
    CardId("morning_star"): EndGameBonus(morning_star, names={"Orion", "Virga", "Pelus"}),
    CardId("orion"): EndGameBonus(orion, names={"Pax au Telemanus", "The Pax"}),
    CardId("pelus"): EndGameBonus(pelus),
    CardId("quietus"): EndGameBonus(quietus),
    CardId("the_pax"): EndGameBonus(the_pax, names={"Darrow", "Sevro", "Orion", "Virga", "Pelus"}),
    CardId("virga"): EndGameBonus(virga),
}
