"""What each card of a seat's hand would score now (issue #28): its line of the scorepad's
cards row if the game ended now with the hand as it is, and the row with and without it.

Read from the seat's :class:`~rr.views.View` only, so nothing it does not know goes in: its
hand, everyone's tokens, the board as it sees it and the banished pile (all public), and the
ruleset (public). Opponents' hands never enter (no end-game text reads them: RR-SCORE-3). The
one thing a seat may not see that a score can read is the core value of a face-down card on
top of a location it does not know (Developer, RULING-A2): such a card is scored once as the
lowest core value of the catalogue and once as the highest, and a card whose points differ
between the two is not :attr:`CardNow.exact` (its figure is the lower, "at least").

End-of-game abilities (Hacker, Justice, ...) are not run: they happen after the last turn and
may still change the hand. Declarations are those the scorepad would choose (RULING-B3).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from attrs import frozen

from rr.cards.catalogue import catalogue
from rr.model import CardId
from rr.ruleset import Ruleset
from rr.scoring.bonuses import Surroundings, Tokens
from rr.scoring.scorepad import CardScore, hand_lines
from rr.scoring.table import LocationCard
from rr.views import HIDDEN, PublicPlayer, View


@frozen
class CardNow:
    """One card of the hand, scored now."""

    card: CardId
    core: int
    bonus: int
    """Its end-game points among the hand and the board as they are."""
    without: int
    """The hand's cards row without this card (the rest of the hand scored again)."""
    exact: bool
    """False when a face-down top card the seat does not know could raise :attr:`bonus`."""

    @property
    def points(self) -> int:
        return self.core + self.bonus


@frozen
class HandNow:
    """The seat's hand scored now: each card's line and the cards row."""

    cards: tuple[CardNow, ...]
    total: int
    """The cards row: the sum of :attr:`cards`' points."""
    exact: bool


@cache
def _extremes() -> tuple[CardId, CardId]:
    """The cards of the lowest and the highest core value: what an unknown face-down card is
    scored as."""
    ranked = sorted(catalogue().values(), key=lambda c: (c.core_value, c.id))
    return ranked[0].id, ranked[-1].id


def _tokens(player: PublicPlayer) -> Tokens:
    return Tokens(player.helium, player.fleet, player.influence, player.sovereign)


def _around(seen: View, face_down: Sequence[Sequence[bool]], ruleset: Ruleset,
            unknown: CardId) -> Surroundings:
    assert seen.seat is not None
    return Surroundings(
        me=_tokens(seen.players[seen.seat]),
        opponents=tuple(_tokens(p) for s, p in enumerate(seen.players) if s != seen.seat),
        neutral_influence=seen.neutral_influence,
        locations={loc: tuple(LocationCard(unknown if c == HIDDEN else c, down)
                              for c, down in zip(stack, flags, strict=True))
                   for (loc, stack), flags in zip(seen.locations, face_down, strict=True)},
        banished=seen.banished, ruleset=ruleset)


def _scored(hand: tuple[CardId, ...], around: Surroundings) -> tuple[CardScore, ...]:
    return hand_lines(hand, around) if hand else ()


def hand_now(seen: View, face_down: Sequence[Sequence[bool]], ruleset: Ruleset
             ) -> HandNow | None:
    """The hand of ``seen``'s seat scored now (``None`` for a spectator's view).
    ``face_down``: per location, which cards of its stack lie face down (public)."""
    if seen.seat is None or seen.hand is None:
        return None
    hand = seen.hand
    low, high = _extremes()
    hidden = any(c == HIDDEN for _, stack in seen.locations for c in stack)
    around = _around(seen, face_down, ruleset, low)
    lines = _scored(hand, around)
    highs = _scored(hand, _around(seen, face_down, ruleset, high)) if hidden else lines
    cards = []
    for i, line in enumerate(lines):
        rest = hand[:i] + hand[i + 1:]
        cards.append(CardNow(line.id, line.core, line.bonus,
                             without=sum(x.points for x in _scored(rest, around)),
                             exact=highs[i].points == line.points))
    return HandNow(tuple(cards), sum(c.points for c in cards),
                   all(c.exact for c in cards))
