"""End-game bonuses of the Yellow cards (doctors).

"Banished cards" means the whole banished pile as scoring begins, after every end-of-game
ability and Ceres' banish (RR-SCORE-5, RR-SCORE-16, RULING-A3).
"""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import CardId, Color
from rr.scoring.bonuses import NO_BONUS, EndGameBonus, EndGame, Terms


# "-1 per banished card."
def group_counselor(g: EndGame) -> Terms:
    return (-g.banished_count,)


# "10 if there are 5-9 banished cards at the beginning of end-game scoring.
#  25 if there are at least 10 banished cards at the beginning of end-game scoring."
def pathologist(g: EndGame) -> Terms:
    n = g.banished_count
    return (10 if 5 <= n <= 9 else 0, 25 if n >= 10 else 0)


# "17 if there are 4 or fewer banished cards at the beginning of end-game scoring."
def researcher(g: EndGame) -> Terms:
    return (17 if g.banished_count <= 4 else 0,)


# "5 for each Gold."
def surgeon(g: EndGame) -> Terms:
    return (5 * g.count(Color.GOLD),)


BONUSES_YELLOW: Mapping[CardId, EndGameBonus] = {
    # (no end-game text; its end-of-game ability resolves before scoring)
    CardId("dr_virany"): NO_BONUS,
    CardId("group_counselor"): EndGameBonus(group_counselor),
    # (no end-game text; its end-of-game ability resolves before scoring)
    CardId("hypnotist"): NO_BONUS,
    CardId("pathologist"): EndGameBonus(pathologist),
    # (no end-game text; its end-of-game ability resolves before scoring)
    CardId("psychologist"): NO_BONUS,
    CardId("researcher"): EndGameBonus(researcher),
    CardId("surgeon"): EndGameBonus(surgeon, colors={Color.GOLD}),
}
