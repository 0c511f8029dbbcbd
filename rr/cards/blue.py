"""Blue cards: one small handler per printed ability, the printed text quoted above it.

Four Blues share one shape — "If deployed on <location>, advance once on the Fleet Track." —
and two more share another (Pelus, Virga), so a function serves each shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rr.decisions import Ask
from rr.effects import Abilities, Ability, Play, advance, is_color
from rr.model import CardId, Color, Location
from rr.options import PickCard


def advance_if_deployed_on(location: Location) -> Callable[[Play], Ability]:
    def deploy(p: Play) -> Ability:
        # "If deployed on <location>, advance once on the Fleet Track."
        if p.location is location:
            yield from advance(p.table, p.seat)
        return None

    return deploy


def advance_twice_then_others_once(p: Play) -> Ability:
    """The other players advance in clockwise order from you; each advance is capped at 10
    (RULING-A26) and may trigger the game end (RULING-A22)."""
    # "Advance twice on the Fleet Track, ..."
    yield from advance(p.table, p.seat, 2)
    # "... then all other players advance once on the Fleet Track." (clockwise from you)
    for seat in p.opponents:
        yield from advance(p.table, seat)
    return None


ORION_FROM = (Location.MARS, Location.LUNA, Location.INSTITUTE)


def orion(p: Play) -> Ability:
    """The other Blue may lie at any position of this location (RULING-A15); face-down cards
    are colourless (RULING-A1). The deployed Blue's ability resolves and ends the deployment
    (RULING-A24), so its result (e.g. "end your turn") is Orion's."""
    # "If this is deployed on Mars, Luna, or The Institute, deploy one other Blue from this
    # location to Jupiter."
    if p.location not in ORION_FROM:
        return None
    blues = [c for c in p.state.stack(p.location)
             if c != p.card and is_color(p.state, c, Color.BLUE)]
    if not blues:
        return None
    choice = yield from p.ask(Ask.CARD, "Deploy another Blue from this location to Jupiter",
                              [PickCard(c) for c in blues])
    return (yield from p.hooks.deploy(p, choice.card, Location.JUPITER))


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("invictus"): Abilities(deploy=advance_if_deployed_on(Location.MARS)),
    CardId("morning_star"): Abilities(deploy=advance_if_deployed_on(Location.JUPITER)),
    CardId("orion"): Abilities(deploy=orion),
    CardId("pelus"): Abilities(deploy=advance_twice_then_others_once),
    CardId("quietus"): Abilities(deploy=advance_if_deployed_on(Location.INSTITUTE)),
    CardId("the_pax"): Abilities(deploy=advance_if_deployed_on(Location.LUNA)),
    CardId("virga"): Abilities(deploy=advance_twice_then_others_once),
}
