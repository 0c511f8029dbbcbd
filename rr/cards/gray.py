"""Gray cards: one small handler per printed ability, the printed text quoted above it.

All seven share one deploy shape — "Move a <colour> or <colour> from any location to
(directly) under this card. You may gain that card; if you do, end your turn." — so one
function serves them, given the colours. Trigg and Ugly Dan print "to under this card" without
"directly"; read literally that is the same place, the card directly under it (RR-LOC-3).
The Gray itself never moves under itself (Trigg is a Gray), and a matching card may come from
the Gray's own location, even from directly under it (RULING-A15), which moves it nowhere.
Their end-of-game text ("You may treat this card as if it is any one other color") is a
scoring declaration (RULING-B3), not an ability here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rr.decisions import Ask
from rr.effects import END_TURN, Abilities, Ability, Play, gain, is_color, move_under, named
from rr.model import LOCATIONS, CardId, Color
from rr.options import Answer, PickCard


def move_under_then_may_gain(*colors: Color) -> Callable[[Play], Ability]:
    def deploy(p: Play) -> Ability:
        # "Move a <colour> or <colour> from any location to (directly) under this card." Any
        # position of any stack (RULING-A15); face-down cards are colourless.
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
        again = yield from p.ask(Ask.CONFIRM,
                                 f"Gain {named(p.state, choice.card)} and end your turn?",
                                 [Answer.YES, Answer.NO])
        if again is Answer.YES:
            yield from gain(p.table, p.seat, choice.card)
            return END_TURN
        return None

    return deploy


ABILITIES: Mapping[CardId, Abilities] = {
    # "Move a Pink or Violet from any location to directly under this card. You may gain that
    # card; if you do, end your turn."
    CardId("bridge"): Abilities(deploy=move_under_then_may_gain(Color.PINK, Color.VIOLET)),
    # "Move a Gold from any location to directly under this card. You may gain that card; if
    # you do, end your turn."
    CardId("colonel_valentin"): Abilities(deploy=move_under_then_may_gain(Color.GOLD)),
    # "Move a Copper or White from any location to directly under this card. You may gain that
    # card; if you do, end your turn."
    CardId("danto"): Abilities(deploy=move_under_then_may_gain(Color.COPPER, Color.WHITE)),
    # "Move an Orange or Blue from any location to directly under this card. You may gain that
    # card; if you do, end your turn."
    CardId("holiday"): Abilities(deploy=move_under_then_may_gain(Color.ORANGE, Color.BLUE)),
    # "Move an Obsidian or Green from any location to directly under this card. You may gain
    # that card; if you do, end your turn."
    CardId("sun_hwa"): Abilities(deploy=move_under_then_may_gain(Color.OBSIDIAN, Color.GREEN)),
    # "Move a Gray or Yellow from any location to under this card. You may gain that card; if
    # you do, end your turn."
    CardId("trigg"): Abilities(deploy=move_under_then_may_gain(Color.GRAY, Color.YELLOW)),
    # "Move a Red or Brown from any location to under this card. You may gain that card; if
    # you do, end your turn."
    CardId("ugly_dan"): Abilities(deploy=move_under_then_may_gain(Color.RED, Color.BROWN)),
}
