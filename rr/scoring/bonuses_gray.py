"""End-game bonuses of the Gray cards (security).

Every Gray bonus counts cards on the board ("on all locations", RR-SCORE-4), never the hand, so
no declaration can change a Gray's own bonus. The Grays' "treat this card as any one other
colour" is a declaration (RR-SCORE-6), handled by ``rr.scoring.optimise``.
"""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame, Terms


# "5 for each Pink & Violet on all locations."
def bridge(g: EndGame) -> Terms:
    return (5 * g.on_all_locations(Color.PINK, Color.VIOLET),)


# "5 for each Gold on all locations."
def colonel_valentin(g: EndGame) -> Terms:
    return (5 * g.on_all_locations(Color.GOLD),)


# "5 for each Copper & White on all locations."
def danto(g: EndGame) -> Terms:
    return (5 * g.on_all_locations(Color.COPPER, Color.WHITE),)


# "5 for each Orange & Blue on all locations."
def holiday(g: EndGame) -> Terms:
    return (5 * g.on_all_locations(Color.ORANGE, Color.BLUE),)


# "5 for each Obsidian & Green on all locations."
def sun_hwa(g: EndGame) -> Terms:
    return (5 * g.on_all_locations(Color.OBSIDIAN, Color.GREEN),)


# "5 for each Gray & Yellow on all locations."
def trigg(g: EndGame) -> Terms:
    return (5 * g.on_all_locations(Color.GRAY, Color.YELLOW),)


# "5 for each Red & Brown on all locations."
def ugly_dan(g: EndGame) -> Terms:
    return (5 * g.on_all_locations(Color.RED, Color.BROWN),)


BONUSES_GRAY: Mapping[CardId, EndGameBonus] = {
    CardId("bridge"): EndGameBonus(bridge),
    CardId("colonel_valentin"): EndGameBonus(colonel_valentin),
    CardId("danto"): EndGameBonus(danto),
    CardId("holiday"): EndGameBonus(holiday),
    CardId("sun_hwa"): EndGameBonus(sun_hwa),
    CardId("trigg"): EndGameBonus(trigg),
    CardId("ugly_dan"): EndGameBonus(ugly_dan),
}
