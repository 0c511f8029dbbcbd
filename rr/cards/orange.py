"""Orange cards: one small handler per printed ability, the printed text quoted above it.

All seven share one deploy shape — "You may gain a <colour> from this location. If you do, end
your turn." — so one function serves them, given the colours. "A <colour> from this location"
is a card of that colour at any position of the stack the Orange was deployed to (RULING-A15);
a face-down card has no colour and never qualifies (RULING-A1). Their end-of-game text ("You
may treat this card as having the same name as any specific character") is a scoring
declaration (RULING-B3), not an ability here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rr.cards.violet import may_pick
from rr.effects import END_TURN, Abilities, Ability, Play, gain, is_color
from rr.model import CardId, Color


def may_gain_from_this_location(*colors: Color) -> Callable[[Play], Ability]:
    def deploy(p: Play) -> Ability:
        # "You may gain a <colour> [or any other Orange] from this location." The Orange itself
        # never qualifies: Artificer says "any other Orange", and no other of these names Orange.
        assert p.location is not None
        state = p.state
        cards = [c for c in state.stack(p.location)
                 if c != p.card and is_color(state, c, *colors) and p.can_gain(c)]
        card = yield from may_pick(p, "Gain a card from this location and end your turn?", cards)
        if card is None:
            return None
        yield from gain(p.table, p.seat, card)
        # "If you do, end your turn."
        return END_TURN

    return deploy


ABILITIES: Mapping[CardId, Abilities] = {
    # "You may gain a Gold from this location. If you do, end your turn."
    CardId("aegis_craftsman"): Abilities(deploy=may_gain_from_this_location(Color.GOLD)),
    # "You may gain a Gold or any other Orange from this location. If you do, end your turn."
    CardId("artificer"): Abilities(deploy=may_gain_from_this_location(Color.GOLD, Color.ORANGE)),
    # "You may gain a Blue from this location. If you do, end your turn."
    CardId("cyther"): Abilities(deploy=may_gain_from_this_location(Color.BLUE)),
    # "You may gain a Gold or Gray from this location. If you do, end your turn."
    CardId("gravboot_cobbler"): Abilities(deploy=may_gain_from_this_location(Color.GOLD,
                                                                             Color.GRAY)),
    # "You may gain a Gray from this location. If you do, end your turn."
    CardId("pulse_armorer"): Abilities(deploy=may_gain_from_this_location(Color.GRAY)),
    # "You may gain an Obsidian from this location. If you do, end your turn."
    CardId("pulse_fist_engineer"): Abilities(deploy=may_gain_from_this_location(Color.OBSIDIAN)),
    # "You may gain a Gold from this location. If you do, end your turn."
    CardId("razor_designer"): Abilities(deploy=may_gain_from_this_location(Color.GOLD)),
}
