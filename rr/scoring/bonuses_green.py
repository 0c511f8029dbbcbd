"""End-game bonuses of the Green cards (programmers)."""

from __future__ import annotations

from collections.abc import Mapping

from rr.model import LOCATIONS, CardId, Color
from rr.scoring.bonuses import NO_BONUS, EndGameBonus, EndGame, Terms, initial


# "22 if the first letter of the names of your cards are all different."
def codebreaker(g: EndGame) -> Terms:
    """All cards in hand, Codebreaker included (RULING-A17), by the names they carry
    (RULING-A9); "The Jackal" counts as T (RULING-F5)."""
    letters = [initial(c.name) for c in g.hand]
    return (22 if len(set(letters)) == len(letters) else 0,)


# "26 if with a Blue."
def dataport_specialist(g: EndGame) -> Terms:
    return (26 if g.is_with(Color.BLUE) else 0,)


# "[?] Gain the core value of the top card of any location."
def developer(g: EndGame) -> Terms:
    """The best top card of the four locations; a face-down top card scores its own core
    value (RULING-A2); with every location empty, 0 (RR-SCORE-15)."""
    tops = [g.stack(location)[-1] for location in LOCATIONS if g.stack(location)]
    return (max((g.core_value_on_board(top) for top in tops), default=0),)


# "22 if there is at least 1 location with no cards or where the top card is face down."
def firewall_expert(g: EndGame) -> Terms:
    holds = any(not g.stack(loc) or g.stack(loc)[-1].face_down for loc in LOCATIONS)
    return (22 if holds else 0,)


# "28 if with a Violet."
def holo_designer(g: EndGame) -> Terms:
    return (28 if g.is_with(Color.VIOLET) else 0,)


BONUSES_GREEN: Mapping[CardId, EndGameBonus] = {
    CardId("codebreaker"): EndGameBonus(codebreaker, initials=True),
    CardId("dataport_specialist"): EndGameBonus(dataport_specialist, colors={Color.BLUE}),
    CardId("developer"): EndGameBonus(developer),
    CardId("firewall_expert"): EndGameBonus(firewall_expert),
    # (no end-game text; its end-of-game points arrive as FinalPlayer.extra_points)
    CardId("hacker"): NO_BONUS,
    CardId("holo_designer"): EndGameBonus(holo_designer, colors={Color.VIOLET}),
    # (no end-game text; its end-of-game ability resolves before scoring)
    CardId("online_gambler"): NO_BONUS,
}
