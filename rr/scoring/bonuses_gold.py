"""End-game bonuses of the Gold cards (elite)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame, Terms


# "15 if with Octavia."
def aja(g: EndGame) -> Terms:
    return (15 if g.is_with_named("Octavia") else 0,)


# "15 if with The Jackal or 2 other Golds. -10 if with Victra or Sevro."
def antonia(g: EndGame) -> Terms:
    return (
        15 if g.is_with_named("The Jackal") or g.count(Color.GOLD) >= 2 else 0,
        -10 if g.is_with_named("Victra", "Sevro") else 0,
    )


# "5 for each Blue. 5 for each banished Blue."
def ash_lord(g: EndGame) -> Terms:
    return (5 * g.count(Color.BLUE), 5 * g.banished_of(Color.BLUE))


# "15 if with The Jackal or a Gray."
def boneriders(g: EndGame) -> Terms:
    return (15 if g.is_with_named("The Jackal") or g.is_with(Color.GRAY) else 0,)


# "40 if with both Mustang & Darrow. -20 if with Darrow (but not Mustang)."
def cassius(g: EndGame) -> Terms:
    darrow, mustang = g.is_with_named("Darrow"), g.is_with_named("Mustang")
    return (40 if darrow and mustang else 0, -20 if darrow and not mustang else 0)


# "10 if with a Red. 10 if with Sevro."
def fitchner(g: EndGame) -> Terms:
    return (10 if g.is_with(Color.RED) else 0, 10 if g.is_with_named("Sevro") else 0)


# "30 if with Cassius. -15 if with Mustang, The Jackal, or Nero."
def karnus(g: EndGame) -> Terms:
    return (
        30 if g.is_with_named("Cassius") else 0,
        -15 if g.is_with_named("Mustang", "The Jackal", "Nero") else 0,
    )


# "15 if with no other Golds."
def lorn(g: EndGame) -> Terms:
    return (0 if g.is_with(Color.GOLD) else 15,)


# "20 if you have the Sovereign token, Octavia, or Cassius."
def lysander(g: EndGame) -> Terms:
    return (20 if g.has_sovereign or g.is_with_named("Octavia", "Cassius") else 0,)


# "5 for each different color."
def mustang(g: EndGame) -> Terms:
    """Literal reading of "for each" (RR-SCORE-3): the different colours among the *other*
    cards; a Gray's extra colour may add one (RULING-A7)."""
    colors: set[Color] = set()
    for other in g.others:
        colors |= other.colors
    return (5 * len(colors),)


# "10 if you have the Sovereign token. -5 each for Cassius, Karnus, and Octavia."
def nero(g: EndGame) -> Terms:
    """A name held twice (an Orange renamed) costs once (RULING-A9)."""
    return (
        10 if g.has_sovereign else 0,
        -5 * g.count_named("Cassius", "Karnus", "Octavia"),
    )


# "-30 if you don't have either the Sovereign token or Lysander."
def octavia(g: EndGame) -> Terms:
    return (0 if g.has_sovereign or g.is_with_named("Lysander") else -30,)


# "20 if with an Obsidian or Mustang."
def pax_au_telemanus(g: EndGame) -> Terms:
    return (20 if g.is_with(Color.OBSIDIAN) or g.is_with_named("Mustang") else 0,)


# "15 if you have the Sovereign Token. -25 if with Roque or Octavia or without a Blue."
def romulus(g: EndGame) -> Terms:
    """The −25 is lost once however many of its conditions hold."""
    penalty = g.is_with_named("Roque", "Octavia") or not g.is_with(Color.BLUE)
    return (15 if g.has_sovereign else 0, -25 if penalty else 0)


# "5 for each Blue."
def roque(g: EndGame) -> Terms:
    return (5 * g.count(Color.BLUE),)


# "20 if with Victra, The Howlers, or a Red."
def sevro(g: EndGame) -> Terms:
    return (20 if g.is_with_named("Victra", "The Howlers") or g.is_with(Color.RED) else 0,)


# "20 if with Octavia, Darrow, or a Pink."
def tactus(g: EndGame) -> Terms:
    return (20 if g.is_with_named("Octavia", "Darrow") or g.is_with(Color.PINK) else 0,)


# "15 if with Sevro."
def the_howlers(g: EndGame) -> Terms:
    return (15 if g.is_with_named("Sevro") else 0,)


# "30 if you have the Sovereign Token. -30 if with Darrow or Octavia."
def the_jackal(g: EndGame) -> Terms:
    return (
        30 if g.has_sovereign else 0,
        -30 if g.is_with_named("Darrow", "Octavia") else 0,
    )


# "15 if with Pax au Telemanus or The Pax."
def the_telemanuses(g: EndGame) -> Terms:
    return (15 if g.is_with_named("Pax au Telemanus", "The Pax") else 0,)


# "10 if with the Howlers. 10 if with Sevro or Darrow."
def victra(g: EndGame) -> Terms:
    return (
        10 if g.is_with_named("The Howlers") else 0,
        10 if g.is_with_named("Sevro", "Darrow") else 0,
    )


BONUSES_GOLD: Mapping[CardId, EndGameBonus] = {
    CardId("aja"): EndGameBonus(aja, names={"Octavia"}),
    CardId("antonia"): EndGameBonus(
        antonia, colors={Color.GOLD}, names={"The Jackal", "Victra", "Sevro"}
    ),
    CardId("ash_lord"): EndGameBonus(ash_lord, colors={Color.BLUE}),
    CardId("boneriders"): EndGameBonus(boneriders, colors={Color.GRAY}, names={"The Jackal"}),
    CardId("cassius"): EndGameBonus(cassius, names={"Mustang", "Darrow"}),
    CardId("fitchner"): EndGameBonus(fitchner, colors={Color.RED}, names={"Sevro"}),
    CardId("karnus"): EndGameBonus(karnus, names={"Cassius", "Mustang", "The Jackal", "Nero"}),
    CardId("lorn"): EndGameBonus(lorn, colors={Color.GOLD}),
    CardId("lysander"): EndGameBonus(lysander, names={"Octavia", "Cassius"}),
    CardId("mustang"): EndGameBonus(mustang, every_color=True),
    CardId("nero"): EndGameBonus(nero, names={"Cassius", "Karnus", "Octavia"}),
    CardId("octavia"): EndGameBonus(octavia, names={"Lysander"}),
    CardId("pax_au_telemanus"): EndGameBonus(
        pax_au_telemanus, colors={Color.OBSIDIAN}, names={"Mustang"}
    ),
    CardId("romulus"): EndGameBonus(romulus, colors={Color.BLUE}, names={"Roque", "Octavia"}),
    CardId("roque"): EndGameBonus(roque, colors={Color.BLUE}),
    CardId("sevro"): EndGameBonus(sevro, colors={Color.RED}, names={"Victra", "The Howlers"}),
    CardId("tactus"): EndGameBonus(tactus, colors={Color.PINK}, names={"Octavia", "Darrow"}),
    CardId("the_howlers"): EndGameBonus(the_howlers, names={"Sevro"}),
    CardId("the_jackal"): EndGameBonus(the_jackal, names={"Darrow", "Octavia"}),
    CardId("the_telemanuses"): EndGameBonus(the_telemanuses, names={"Pax au Telemanus", "The Pax"}),
    CardId("victra"): EndGameBonus(victra, names={"The Howlers", "Sevro", "Darrow"}),
}
