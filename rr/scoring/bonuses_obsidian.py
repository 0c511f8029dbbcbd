"""End-game bonuses of the Obsidian cards (assassins)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame, Terms

_ALIA_COLORS = (Color.GOLD, Color.GRAY, Color.OBSIDIAN)


# "10 if with Nero. 10 if with Jopho."
def alfrun(g: EndGame) -> Terms:
    return (10 if g.is_with_named("Nero") else 0, 10 if g.is_with_named("Jopho") else 0)


# "24 if only with Golds, Grays, and/or Obsidians."
def alia_snowsparrow(g: EndGame) -> Terms:
    """Every card in hand has one of these colours (RULING-A17: met with no other cards);
    a Gray always does."""
    return (24 if all(c.is_any(_ALIA_COLORS) for c in g.hand) else 0,)


# "16 if with Pax au Telemanus or The Pax."
def helga(g: EndGame) -> Terms:
    return (16 if g.is_with_named("Pax au Telemanus", "The Pax") else 0,)


# "10 if with Alfrun. 10 if with Nero."
def jopho(g: EndGame) -> Terms:
    return (10 if g.is_with_named("Alfrun") else 0, 10 if g.is_with_named("Nero") else 0)


# "10 if with an Orange. 10 if with Sefi."
def ragnar(g: EndGame) -> Terms:
    return (10 if g.is_with(Color.ORANGE) else 0, 10 if g.is_with_named("Sefi") else 0)


# "20 if with Ragnar. -5 for each Gold."
def sefi(g: EndGame) -> Terms:
    return (20 if g.is_with_named("Ragnar") else 0, -5 * g.count(Color.GOLD))


# "15 if this is your only Obsidian."
def stained(g: EndGame) -> Terms:
    """No other card in hand is an Obsidian, a Gray declared Obsidian included."""
    return (0 if g.is_with(Color.OBSIDIAN) else 15,)


BONUSES_OBSIDIAN: Mapping[CardId, EndGameBonus] = {
    CardId("alfrun"): EndGameBonus(alfrun, names={"Nero", "Jopho"}),
    CardId("alia_snowsparrow"): EndGameBonus(alia_snowsparrow, colors=_ALIA_COLORS),
    CardId("helga"): EndGameBonus(helga, names={"Pax au Telemanus", "The Pax"}),
    CardId("jopho"): EndGameBonus(jopho, names={"Alfrun", "Nero"}),
    CardId("ragnar"): EndGameBonus(ragnar, colors={Color.ORANGE}, names={"Sefi"}),
    CardId("sefi"): EndGameBonus(sefi, colors={Color.GOLD}, names={"Ragnar"}, loses_for_golds=True),
    CardId("stained"): EndGameBonus(stained, colors={Color.OBSIDIAN}),
}
