"""What the scorer reads: a final position, from an engine game or typed in from a physical one."""

from __future__ import annotations

from collections.abc import Mapping

from attrs import field, frozen

from rr.model import CardId, House, Location
from rr.model import Declaration as Declaration  # re-exported: the scorer names it from here
from rr.scoring.solo import AutomaScoring


@frozen
class LocationCard:
    """A card on a location; a face-down card is colourless (Firewall Expert)."""

    card: CardId
    face_down: bool = False


@frozen
class FinalPlayer:
    """One player's hand and tokens at scoring time."""

    name: str
    hand: tuple[CardId, ...]
    helium: int = 0
    fleet: int = 0
    influence: int = 0
    """Influence tokens this player has placed on the Institute."""
    sovereign: bool = False
    house: House | None = None
    declarations: Mapping[CardId, Declaration] = field(factory=dict)
    """Declarations the player gave; a missing one is chosen by the optimiser."""
    extra_points: Mapping[CardId, int] = field(factory=dict)
    """Points won by end-of-game abilities before scoring (Hacker: the revealed core value)."""
    automa: AutomaScoring | None = None
    """Set for Tull Au Toma in a solo game: her hand scores by RR-SOLO-15."""


@frozen
class FinalTable:
    """The whole final position: players in seat order, the board, the banished pile."""

    players: tuple[FinalPlayer, ...]
    locations: Mapping[Location, tuple[LocationCard, ...]] = field(factory=dict)
    """Each location's cards, bottom to top."""
    banished: tuple[CardId, ...] = ()
    neutral_influence: int = 0
    """The 2-player neutral house's Influence on the Institute (RR-SETUP-5)."""
