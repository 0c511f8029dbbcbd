"""The explicit registry of the 112 end-game bonuses, and one card's end-game points."""

from __future__ import annotations

from collections.abc import Mapping

from rr.cards.catalogue import card
from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame
from rr.scoring.bonuses_blue import BONUSES_BLUE
from rr.scoring.bonuses_brown import BONUSES_BROWN
from rr.scoring.bonuses_copper import BONUSES_COPPER
from rr.scoring.bonuses_gold import BONUSES_GOLD
from rr.scoring.bonuses_gray import BONUSES_GRAY
from rr.scoring.bonuses_green import BONUSES_GREEN
from rr.scoring.bonuses_obsidian import BONUSES_OBSIDIAN
from rr.scoring.bonuses_orange import BONUSES_ORANGE
from rr.scoring.bonuses_pink import BONUSES_PINK
from rr.scoring.bonuses_red import BONUSES_RED
from rr.scoring.bonuses_silver import BONUSES_SILVER
from rr.scoring.bonuses_violet import BONUSES_VIOLET
from rr.scoring.bonuses_white import BONUSES_WHITE
from rr.scoring.bonuses_yellow import BONUSES_YELLOW

ARTISAN_CHEF = CardId("artisan_chef")


def _merged(*tables: Mapping[CardId, EndGameBonus]) -> Mapping[CardId, EndGameBonus]:
    merged: dict[CardId, EndGameBonus] = {}
    for table in tables:
        for card_id, bonus in table.items():
            if card_id in merged:
                raise ValueError(f"two end-game bonuses for {card_id}")
            merged[card_id] = bonus
    return merged


BONUSES: Mapping[CardId, EndGameBonus] = _merged(
    BONUSES_BLUE,
    BONUSES_BROWN,
    BONUSES_COPPER,
    BONUSES_GOLD,
    BONUSES_GRAY,
    BONUSES_GREEN,
    BONUSES_OBSIDIAN,
    BONUSES_ORANGE,
    BONUSES_PINK,
    BONUSES_RED,
    BONUSES_SILVER,
    BONUSES_VIOLET,
    BONUSES_WHITE,
    BONUSES_YELLOW,
)
"""Every card's end-game bonus by card id; a card without end-game text maps to ``NO_BONUS``."""


def end_game_points(g: EndGame) -> int:
    """RR-SCORE-2: the end-game points of one card, its printed terms added up, with Artisan
    Chef's "Ignore any lost points from Golds" cancelling negative terms (RULING-A20)."""
    bonus = BONUSES[g.hand[g.index].id]
    terms = bonus.score(g)
    # One term is the commonest case: added up without a generator (the bots score often).
    if len(terms) == 1:
        (only,) = terms
        if only > 0:
            return only
    if any(term < 0 for term in terms) and _artisan_chef_ignores_losses(g, bonus):
        return sum(term for term in terms if term > 0)
    return sum(terms)


def _artisan_chef_ignores_losses(g: EndGame, bonus: EndGameBonus) -> bool:
    """RULING-A20: the negative terms printed on Gold cards, and under
    ``artisan_chef_gold_cards_only=False`` also those that count Golds (Sefi)."""
    if not any(other.id == ARTISAN_CHEF for other in g.others):
        return False
    if card(g.this.id).color is Color.GOLD:
        return True
    return bonus.loses_for_golds and not g.around.ruleset.artisan_chef_gold_cards_only
