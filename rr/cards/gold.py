"""Gold cards: one small handler per printed ability, the printed text quoted above it."""

from __future__ import annotations

from typing import Mapping

from rr.decisions import Ask
from rr.effects import (
    END_TURN, Abilities, Ability, Play, banish, choose_from_hand, is_blocked, steal, targets,
)
from rr.model import CardId
from rr.options import Answer, PickPlayer


def tactus(p: Play) -> Ability:
    # "You may steal 1 card from an opponent (they choose the card)."
    victims = [s for s in targets(p.state, p.seat, p.opponents) if p.state.hand(s)]
    if not victims:
        return None
    options: list[Answer | PickPlayer] = [Answer.NO, *(PickPlayer(s) for s in victims)]
    choice = yield from p.ask(Ask.PLAYER, "Steal 1 card from an opponent?", options)
    if not isinstance(choice, PickPlayer):
        return None
    if (yield from is_blocked(p.table, p.seat, choice.seat, "steal a card from your hand")):
        return None  # RULING-A13: you did not steal, so Tactus stays and the turn goes on
    card = yield from choose_from_hand(p.table, choice.seat, p.card,
                                       "Tactus: choose the card to give")
    assert card is not None
    yield from steal(p.table, p.seat, choice.seat, card)
    # "If you do, banish Tactus and end your turn."
    yield from banish(p.table, p.card)
    return END_TURN


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("tactus"): Abilities(deploy=tactus),
}
