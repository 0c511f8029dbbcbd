"""RR-SOLO-15, RR-SOLO-16: Tull Au Toma's hand on the scorepad.

Her tokens score as a player's do; her hand does not: from a base of 70, each card scores a
fixed number of points by whether its core value's parity matches the odd/even card, after
she discards down to 20 cards, nonmatching ones first. She has no excess-card penalty.
"""

from __future__ import annotations

from attrs import frozen

from rr.automa import Parity, automa_table
from rr.cards.catalogue import card
from rr.model import CardId


@frozen
class AutomaScoring:
    """What the scorer needs to score Au Toma's hand: her level and the odd/even card."""

    level: int
    parity: Parity


def automa_hand_points(hand: tuple[CardId, ...], automa: AutomaScoring
                       ) -> tuple[int, tuple[tuple[CardId, int], ...]]:
    """RR-SOLO-15: her base score, and each card's points (0 for a card she discards)."""
    data = automa_table()
    level = data.level(automa.level)
    matching = [c for c in hand if Parity.of(card(c).core_value) is automa.parity]
    nonmatching = [c for c in hand if c not in set(matching)]
    # "Reduce Au Toma's hand to 20 cards. Discard non-matching cards first, then matching."
    excess = max(0, len(hand) - data.card_cap)
    dropped_non = min(excess, len(nonmatching))
    dropped_match = excess - dropped_non
    kept_non = set(nonmatching[dropped_non:])
    kept_match = set(matching[dropped_match:])
    lines = tuple(
        (c, level.matching if c in kept_match else level.nonmatching if c in kept_non else 0)
        for c in hand)
    return data.base_score, lines
