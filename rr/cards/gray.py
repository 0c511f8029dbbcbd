"""Gray cards: one small handler per printed ability, the printed text quoted above it.

All seven share one deploy shape — "Move a <colour> or <colour> from any location to
(directly) under this card. You may gain that card; if you do, end your turn." — so one
function serves them, given the two colours. Their end-of-game text ("You may treat this card
as if it is any one other color") is a scoring declaration (RULING-B3), not an ability here.
"""

from __future__ import annotations

from typing import Callable, Mapping

from rr.decisions import Ask
from rr.effects import END_TURN, Abilities, Ability, Play, gain, is_color, move_under
from rr.model import LOCATIONS, CardId, Color
from rr.options import Answer, PickCard


def move_under_then_may_gain(*colors: Color) -> Callable[[Play], Ability]:
    def deploy(p: Play) -> Ability:
        # "Move a <colour> from any location to directly under this card." Any position of
        # any stack (RULING-A15); face-down cards are colourless.
        state = p.state
        cards = [c for loc in LOCATIONS for c in state.stack(loc)
                 if c != p.card and is_color(state, c, *colors)]
        if not cards:
            return None
        choice = yield from p.ask(Ask.CARD, "Move a card to directly under this card",
                                  [PickCard(c) for c in cards])
        yield from move_under(p.table, p.card, choice.card)
        # "You may gain that card; if you do, end your turn."
        if not p.can_gain(choice.card):
            return None
        again = yield from p.ask(Ask.CONFIRM, f"Gain {choice.card} and end your turn?",
                                 [Answer.YES, Answer.NO])
        if again is Answer.YES:
            yield from gain(p.table, p.seat, choice.card)
            return END_TURN
        return None

    return deploy


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("colonel_valentin"): Abilities(deploy=move_under_then_may_gain(Color.GOLD)),
}
