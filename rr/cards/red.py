"""Red cards: one small handler per printed ability, the printed text quoted above it."""

from __future__ import annotations

from typing import Mapping

from rr.effects import Abilities, Ability, Play, gain_helium
from rr.model import CardId


def uncle_narol(p: Play) -> Ability:
    # "Gain 2 Helium."
    yield from gain_helium(p.table, p.seat, 2)
    return None


ABILITIES: Mapping[CardId, Abilities] = {
    CardId("uncle_narol"): Abilities(deploy=uncle_narol),
}
