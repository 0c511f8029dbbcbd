"""End-game bonuses of the Orange cards (engineers).

No Orange bonus tests a name, so an Orange's own bonus never depends on the names the Oranges
take. The Oranges' "same name as any specific character" is a declaration (RR-SCORE-7),
handled by ``rr.scoring.optimise``.
"""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame, Terms


# "10 if with a Gold. 10 if with no Obsidians."
def aegis_craftsman(g: EndGame) -> Terms:
    return (10 if g.is_with(Color.GOLD) else 0, 0 if g.is_with(Color.OBSIDIAN) else 10)


# "20 if with both another Orange and a Gold."
def artificer(g: EndGame) -> Terms:
    return (20 if g.is_with(Color.ORANGE) and g.is_with(Color.GOLD) else 0,)


# "16 if with a Blue."
def cyther(g: EndGame) -> Terms:
    return (16 if g.is_with(Color.BLUE) else 0,)


# "14 if with a Gold or Gray."
def gravboot_cobbler(g: EndGame) -> Terms:
    return (14 if g.is_with(Color.GOLD, Color.GRAY) else 0,)


# "17 if with a Gray."
def pulse_armorer(g: EndGame) -> Terms:
    return (17 if g.is_with(Color.GRAY) else 0,)


# "18 if with an Obsidian."
def pulse_fist_engineer(g: EndGame) -> Terms:
    return (18 if g.is_with(Color.OBSIDIAN) else 0,)


# "13 if with a Gold and no Obsidians."
def razor_designer(g: EndGame) -> Terms:
    return (13 if g.is_with(Color.GOLD) and not g.is_with(Color.OBSIDIAN) else 0,)


BONUSES_ORANGE: Mapping[CardId, EndGameBonus] = {
    CardId("aegis_craftsman"): EndGameBonus(aegis_craftsman, colors={Color.GOLD, Color.OBSIDIAN}),
    CardId("artificer"): EndGameBonus(artificer, colors={Color.ORANGE, Color.GOLD}),
    CardId("cyther"): EndGameBonus(cyther, colors={Color.BLUE}),
    CardId("gravboot_cobbler"): EndGameBonus(gravboot_cobbler, colors={Color.GOLD, Color.GRAY}),
    CardId("pulse_armorer"): EndGameBonus(pulse_armorer, colors={Color.GRAY}),
    CardId("pulse_fist_engineer"): EndGameBonus(pulse_fist_engineer, colors={Color.OBSIDIAN}),
    CardId("razor_designer"): EndGameBonus(razor_designer, colors={Color.GOLD, Color.OBSIDIAN}),
}
