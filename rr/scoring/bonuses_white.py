"""End-game bonuses of the White cards (arbitrators)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId
from rr.scoring.bonuses import NO_BONUS, EndGameBonus, EndGame, Terms


# "3 for each of your cards."
def judge(g: EndGame) -> Terms:
    """Every card in hand, Judge included (RULING-A17)."""
    return (3 * len(g.hand),)


# "15 if you have at least 3 Helium, 3 Influence on the Institute, and at least level 3 on
#  the Fleet Track."
def magistrate(g: EndGame) -> Terms:
    me = g.me
    return (15 if me.helium >= 3 and me.influence >= 3 and me.fleet >= 3 else 0,)


# "21 if you don't have the Sovereign token."
def orator(g: EndGame) -> Terms:
    return (0 if g.has_sovereign else 21,)


# "20 if with only cards having core values of at least 20 points."
def priestess(g: EndGame) -> Terms:
    """Every card in hand, Priestess included (RULING-A17)."""
    return (20 if all(c.core >= 20 for c in g.hand) else 0,)


# "11 if you have the Sovereign token."
def seer(g: EndGame) -> Terms:
    return (11 if g.has_sovereign else 0,)


BONUSES_WHITE: Mapping[CardId, EndGameBonus] = {
    CardId("judge"): EndGameBonus(judge),
    # (no end-game text; its end-of-game ability resolves before scoring)
    CardId("justice"): NO_BONUS,
    CardId("magistrate"): EndGameBonus(magistrate),
    # (no end-game text; its end-of-game ability resolves before scoring)
    CardId("martyr"): NO_BONUS,
    CardId("orator"): EndGameBonus(orator),
    CardId("priestess"): EndGameBonus(priestess),
    CardId("seer"): EndGameBonus(seer),
}
