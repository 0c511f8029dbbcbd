"""What one player (or a spectator) may see: RR-VIEW-1..6, derived from ``rr.knowledge``.

Hands are private until the game is over, the deck's order is hidden, a face-down card on a
location is known only to those who know it (its placer, RR-VIEW-4), everything else is
public. Every card a view, a pending decision or a redacted event names is one the seat
knows (:func:`rr.knowledge.knows`); a card it does not know is :data:`HIDDEN`. A pending
decision's options are shown only to the player who must decide.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, cast

from attrs import evolve, frozen

from rr.decisions import Ask, Decision
from rr.events.types import (
    CardSelectedAtRandom,
    CardsSeen,
    CardsShuffled,
    DecisionMade,
    DeckShuffled,
    Event,
    Phase,
)
from rr.knowledge import known_cards, knows
from rr.model import LOCATIONS, CardId, House, Location, Seat, Zone, ZoneKind
from rr.options import Option, PickCard
from rr.state import GameState, apply

HIDDEN = CardId("?")
"""Stands for a card the viewer may not see."""


@frozen
class PublicPlayer:
    name: str
    house: House | None
    hand_size: int
    helium: int
    fleet: int
    influence: int
    turns: int
    sovereign: bool
    first_player: bool


@frozen
class PendingView:
    seat: Seat
    ask: Ask
    source: str
    prompt: str
    options: tuple[Option, ...] | None
    """``None`` unless the viewer is the player who decides."""


@frozen
class KnownCard:
    """A card the viewer knows in a place hidden from others: another player's hand, or the
    deck (``depth`` 0 is its top card)."""

    card: CardId
    zone: Zone
    depth: int | None = None


@frozen
class View:
    """The game as ``seat`` sees it (``seat`` None: a spectator)."""

    seat: Seat | None
    players: tuple[PublicPlayer, ...]
    hand: tuple[CardId, ...] | None
    locations: tuple[tuple[Location, tuple[CardId, ...]], ...]
    """Each location's cards bottom to top; face-down cards are :data:`HIDDEN`."""
    deck_size: int
    banished: tuple[CardId, ...]
    neutral_influence: int
    phase: Phase
    turn_seat: Seat | None
    end_triggered_by: Seat | None
    totals: tuple[int, ...] | None
    winners: tuple[Seat, ...] | None
    pending: PendingView | None
    final_hands: tuple[tuple[CardId, ...], ...] | None = None
    """Every player's hand, once the game is over: hands are shown for scoring."""
    known_elsewhere: tuple[KnownCard, ...] = ()
    """Cards the viewer knows in other hands and in the deck (revealed, looked at, given)."""

    def card_ids(self) -> set[CardId]:
        """Every card identity this view shows."""
        shown = set(self.hand or ()) | set(self.banished)
        shown |= {k.card for k in self.known_elsewhere}
        for hand in self.final_hands or ():
            shown |= set(hand)
        for _, stack in self.locations:
            shown |= set(stack)
        return shown - {HIDDEN}


def view(state: GameState, seat: Seat | None = None, pending: Decision | None = None) -> View:
    """The view of ``state`` for ``seat`` (``None``: a spectator), from what it knows."""
    players = tuple(
        PublicPlayer(p.name, p.house, len(p.hand), p.helium, p.fleet, p.influence, p.turns,
                     state.sovereign == s, state.first_player == s)
        for s, p in enumerate(state.players))
    locations = tuple(
        (loc, tuple(c if c not in state.face_down or knows(state, seat, c) else HIDDEN
                    for c in state.stack(loc)))
        for loc in LOCATIONS)
    shown = None
    if pending is not None:
        shown = PendingView(pending.seat, pending.ask, pending.source, pending.prompt,
                            pending.options if pending.seat == seat else None)
    return View(
        seat=seat, players=players, hand=None if seat is None else state.hand(seat),
        locations=locations, deck_size=len(state.deck), banished=state.banished,
        neutral_influence=state.neutral_influence, phase=state.phase,
        turn_seat=state.turn_seat, end_triggered_by=state.end_triggered_by,
        totals=state.totals, winners=state.winners, pending=shown,
        final_hands=tuple(p.hand for p in state.players) if state.is_over else None,
        known_elsewhere=() if state.is_over else _known_elsewhere(state, seat),
    )


def _known_elsewhere(state: GameState, seat: Seat | None) -> tuple[KnownCard, ...]:
    mine = known_cards(state, seat)
    found: list[KnownCard] = []
    for other, player in enumerate(state.players):
        if other != seat:
            found += [KnownCard(c, Zone.hand(other)) for c in player.hand if c in mine]
    depth = len(state.deck) - 1
    found += [KnownCard(c, Zone.deck(), depth - i) for i, c in enumerate(state.deck) if c in mine]
    return tuple(found)


def redact(event: Event, before: GameState, seat: Seat | None,
           after: GameState | None = None) -> Event:
    """``event`` with every card identity ``seat`` may not see replaced by :data:`HIDDEN`.

    A card an event moves or shows is shown to the seats that know it once the event has
    happened (``after``, folded from ``before`` if not given); a card a decision names, to the
    seats that knew it when it was chosen. Shuffles show no order."""
    if isinstance(event, DeckShuffled):
        return evolve(event, order=())
    if isinstance(event, CardsShuffled):
        return evolve(event, cards=())
    if isinstance(event, CardsSeen):
        return event if event.seat == seat else evolve(event, cards=(HIDDEN,) * len(event.cards))
    if isinstance(event, DecisionMade):
        option = event.option
        if isinstance(option, PickCard) and not knows(before, seat, option.card):
            return evolve(event, option=PickCard(HIDDEN))
        return event
    card = getattr(event, "card", None)
    if not isinstance(card, str):
        return event
    if after is None:
        after = apply(before, event)
    if isinstance(event, CardSelectedAtRandom) and event.source.kind is ZoneKind.HAND:
        # A random pick from a hand is seen by whoever holds or knows the whole hand.
        hand = before.cards_in(event.source)
        if all(knows(before, seat, c) for c in hand):
            return event
        return evolve(event, card=HIDDEN)
    if knows(after, seat, CardId(card)):
        return event
    return _hide_card(event)


def _hide_card(event: Event) -> Event:
    hidden: Event = evolve(cast(Any, event), card=HIDDEN)
    return hidden


def redacted(events: Iterable[Event], seat: Seat | None) -> Iterator[Event]:
    """The events of a log as ``seat`` may see them."""
    state = GameState()
    for event in events:
        after = apply(state, event)
        yield redact(event, state, seat, after)
        state = after


