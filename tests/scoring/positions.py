"""Short final positions for scoring tests: one scored hand, a few opponents, a board."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rr.cards.catalogue import lookup
from rr.model import CardId, Location
from rr.ruleset import Ruleset
from rr.scoring.bonuses import Tokens
from rr.scoring.scorepad import PlayerScore, Scorepad, score
from rr.scoring.table import Declaration, FinalPlayer, FinalTable, LocationCard

Board = Mapping[Location, Sequence[str | LocationCard]]


def ids(cards: Iterable[str]) -> tuple[CardId, ...]:
    """Card ids from ids or printed names."""
    return tuple(lookup(c).id for c in cards)


def down(card: str) -> LocationCard:
    """A face-down card on a location."""
    return LocationCard(lookup(card).id, face_down=True)


def table(
    hand: Sequence[str],
    *,
    helium: int = 0,
    fleet: int = 0,
    influence: int = 0,
    sovereign: bool = False,
    opponents: Sequence[Tokens] = (),
    neutral: int = 0,
    board: Board | None = None,
    banished: Sequence[str] = (),
    declare: Mapping[str, Declaration] | None = None,
    best: bool = False,
    extra_points: Mapping[str, int] | None = None,
) -> FinalTable:
    """A position whose first player ("me") holds ``hand``; each opponent holds no cards.

    Grays and Oranges declare nothing unless ``declare`` says otherwise or ``best`` asks the
    optimiser."""
    cards = ids(hand)
    given = {lookup(k).id: v for k, v in (declare or {}).items()}
    if not best:
        for card_id in cards:
            if lookup(card_id).color.value in ("gray", "orange"):
                given.setdefault(card_id, Declaration())
    me = FinalPlayer(
        "me", cards, helium, fleet, influence, sovereign,
        declarations=given,
        extra_points={lookup(k).id: v for k, v in (extra_points or {}).items()},
    )  # fmt: skip
    others = tuple(
        FinalPlayer(f"opponent {i + 1}", (), o.helium, o.fleet, o.influence, o.sovereign)
        for i, o in enumerate(opponents)
    )
    stacks = {
        location: tuple(
            c if isinstance(c, LocationCard) else LocationCard(lookup(c).id) for c in stack
        )
        for location, stack in (board or {}).items()
    }
    return FinalTable((me, *others), stacks, ids(banished), neutral)


OFFICIAL = Ruleset()


def scored(hand: Sequence[str], ruleset: Ruleset = OFFICIAL, **position: object) -> PlayerScore:
    """The first player's scorepad column."""
    pad: Scorepad = score(table(hand, **position), ruleset)  # type: ignore[arg-type]
    return pad.players[0]


def bonus(card: str, *others: str, ruleset: Ruleset = OFFICIAL, **position: object) -> int:
    """The end-game points of ``card`` in a hand of ``card`` and ``others``."""
    player = scored([card, *others], ruleset, **position)
    return player.cards[0].bonus
