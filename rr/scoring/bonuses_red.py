"""End-game bonuses of the Red cards (laborers)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame, Terms

_HARMONY_COLORS = (Color.RED, Color.PINK, Color.BROWN, Color.OBSIDIAN)


# "25 if with no Golds."
def arlus(g: EndGame) -> Terms:
    return (0 if g.is_with(Color.GOLD) else 25,)


# "11 if with no Grays. 11 if with no Golds."
def dancer(g: EndGame) -> Terms:
    return (0 if g.is_with(Color.GRAY) else 11, 0 if g.is_with(Color.GOLD) else 11)


# "30 if you have 7 or more cards (including Darrow)."
def darrow(g: EndGame) -> Terms:
    return (30 if len(g.hand) >= 7 else 0,)


# "26 if with another Red."
def deanna(g: EndGame) -> Terms:
    return (26 if g.is_with(Color.RED) else 0,)


# "10 for each other Red. -10 if with a Gray (except Bridge)."
def eo(g: EndGame) -> Terms:
    gray = any(Color.GRAY in c.colors and c.name != "Bridge" for c in g.others)
    return (10 * g.count(Color.RED), -10 if gray else 0)


# "33 if with only Reds, Pinks, Browns, and/or Obsidians."
def harmony(g: EndGame) -> Terms:
    """Every card in hand has one of these colours (RULING-A17: met with no other cards).
    Our reading: a Gray declared Red (or Pink, Brown, Obsidian) *is* a Red and qualifies,
    although it stays Gray too — a Gray's colour is "in addition to Gray" (RR-SCORE-6)."""
    return (33 if all(c.is_any(_HARMONY_COLORS) for c in g.hand) else 0,)


# "40 if with only cards having core values of 10 points or less."
def uncle_narol(g: EndGame) -> Terms:
    """Every card in hand, Uncle Narol included (RULING-A17)."""
    return (40 if all(c.core <= 10 for c in g.hand) else 0,)


BONUSES_RED: Mapping[CardId, EndGameBonus] = {
    CardId("arlus"): EndGameBonus(arlus, colors={Color.GOLD}),
    CardId("dancer"): EndGameBonus(dancer, colors={Color.GRAY, Color.GOLD}),
    CardId("darrow"): EndGameBonus(darrow),
    CardId("deanna"): EndGameBonus(deanna, colors={Color.RED}),
    CardId("eo"): EndGameBonus(eo, colors={Color.RED, Color.GRAY}, names={"Bridge"}),
    CardId("harmony"): EndGameBonus(harmony, colors=_HARMONY_COLORS),
    CardId("uncle_narol"): EndGameBonus(uncle_narol),
}
