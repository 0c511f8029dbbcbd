"""End-game bonuses of the Silver cards (financiers)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId
from rr.scoring.bonuses import NO_BONUS, EndGameBonus, EndGame, Terms


# "18 if you have at least 5 Helium."
def ceo(g: EndGame) -> Terms:
    return (18 if g.me.helium >= 5 else 0,)


# "7 if you have at least 7 cards."
def loan_shark(g: EndGame) -> Terms:
    """Cards in hand, Loan Shark included."""
    return (7 if len(g.hand) >= 7 else 0,)


# "-30 if any opponent has more Helium than you."
def quicksilver(g: EndGame) -> Terms:
    """Strictly more (RULING-A6)."""
    return (-30 if g.an_opponent_has_more_helium() else 0,)


# "2 for each of your Influence tokens on the Institute."
def sponsor(g: EndGame) -> Terms:
    return (2 * g.me.influence,)


# "5 for each Helium (max 25 points)."
def stock_broker(g: EndGame) -> Terms:
    return (min(5 * g.me.helium, 25),)


BONUSES_SILVER: Mapping[CardId, EndGameBonus] = {
    # (no end-game text; its end-of-game ability resolves before scoring)
    CardId("banker"): NO_BONUS,
    CardId("ceo"): EndGameBonus(ceo),
    # (no end-game text; its end-of-game ability resolves before scoring)
    CardId("investor"): NO_BONUS,
    CardId("loan_shark"): EndGameBonus(loan_shark),
    CardId("quicksilver"): EndGameBonus(quicksilver),
    CardId("sponsor"): EndGameBonus(sponsor),
    CardId("stock_broker"): EndGameBonus(stock_broker),
}
