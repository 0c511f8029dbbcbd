"""End-game bonuses of the Brown cards (assistants)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame, Terms


# "5 for each Gold. Ignore any lost points from Golds."
def artisan_chef(g: EndGame) -> Terms:
    """The second term scores nothing itself: the scorer cancels the Golds' lost points
    (RULING-A20, ``rr.scoring.registry.end_game_points``)."""
    return (5 * g.count(Color.GOLD), 0)


# "10 for each Obsidian."
def assassin(g: EndGame) -> Terms:
    return (10 * g.count(Color.OBSIDIAN),)


# "5 for each Violet & Pink."
def gardener(g: EndGame) -> Terms:
    return (5 * g.count(Color.VIOLET, Color.PINK),)


# "5 for each Green, Yellow, and Blue."
def janitor(g: EndGame) -> Terms:
    return (5 * g.count(Color.GREEN, Color.YELLOW, Color.BLUE),)


# "5 for each Gray and Orange."
def mess_hall_cook(g: EndGame) -> Terms:
    """A Gray declared Orange counts once (RULING-A7)."""
    return (5 * g.count(Color.GRAY, Color.ORANGE),)


# "5 for each Red and Brown (including Modjob)."
def modjob(g: EndGame) -> Terms:
    """Modjob itself is a Brown, so it always scores at least 5 (RULING-A17)."""
    return (5 * (1 + g.count(Color.RED, Color.BROWN)),)


# "5 for each Silver, White, and Copper."
def nanny(g: EndGame) -> Terms:
    return (5 * g.count(Color.SILVER, Color.WHITE, Color.COPPER),)


BONUSES_BROWN: Mapping[CardId, EndGameBonus] = {
    CardId("artisan_chef"): EndGameBonus(artisan_chef, colors={Color.GOLD}),
    CardId("assassin"): EndGameBonus(assassin, colors={Color.OBSIDIAN}),
    CardId("gardener"): EndGameBonus(gardener, colors={Color.VIOLET, Color.PINK}),
    CardId("janitor"): EndGameBonus(janitor, colors={Color.GREEN, Color.YELLOW, Color.BLUE}),
    CardId("mess_hall_cook"): EndGameBonus(mess_hall_cook, colors={Color.GRAY, Color.ORANGE}),
    CardId("modjob"): EndGameBonus(modjob, colors={Color.RED, Color.BROWN}),
    CardId("nanny"): EndGameBonus(nanny, colors={Color.SILVER, Color.WHITE, Color.COPPER}),
}
