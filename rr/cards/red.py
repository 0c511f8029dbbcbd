"""Red cards: one small handler per printed ability, the printed text quoted above it."""

from __future__ import annotations

from typing import Mapping

from rr.effects.play import Abilities
from rr.model import CardId

ABILITIES: Mapping[CardId, Abilities] = {}
