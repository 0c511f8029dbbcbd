"""What one player (or a spectator) may see: RR-VIEW-1..6, derived from ``rr.knowledge``.

Hands are private until the game is over, the deck's order is hidden, a face-down card on a
location is known only to those who know it (its placer, RR-VIEW-4), everything else is
public. Every card a view, a pending decision or a redacted event names is one the seat
knows (:func:`rr.knowledge.knows`); a card it does not know is :data:`HIDDEN`. A pending
decision's options are shown only to the player who must decide.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import Any, cast

from attrs import evolve, frozen

from rr.decisions import Ask, ByCard, Decision, Source
from rr.events.card_fields import CARD_FIELDS, Holds, card_fields
from rr.events.parts import REDACTIONS
from rr.events.words import HIDDEN as HIDDEN
from rr.events.types import (
    CardSelectedAtRandom,
    CardsPutOnTop,
    CardsSeen,
    CardsShuffled,
    DecisionMade,
    DeckShuffled,
    Event,
    Phase,
)
from rr.knowledge import is_public, known_cards, knows
from rr.model import LOCATIONS, CardId, House, Location, Seat, Zone, ZoneKind
from rr.options import Option, PickCard
from rr.quick_init import quick_init
from rr.randomness import SeedOrigin
from rr.state import GameState, apply

__all__ = [
    "KnownCard",
    "PendingView",
    "PublicPlayer",
    "SoloView",
    "View",
    "redact",
    "redacted",
    "solo_view",
    "view",
]


@frozen
class PublicPlayer:
    """What every seat sees of a player: name, house, hand size, tokens and tracks."""
    name: str
    house: House | None
    hand_size: int
    helium: int
    fleet: int
    influence: int
    turns: int
    sovereign: bool
    first_player: bool


@quick_init  # one for every decision a bot is shown (see rr.quick_init)
@frozen
class PendingView:
    """The decision waiting, as a seat sees it: whose it is, what it asks and why."""
    seat: Seat
    ask: Ask
    source: Source
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
class SoloView:
    """Tull Au Toma's public components in a solo game (RR-SOLO-*). Her hand's size is public
    (``PublicPlayer.hand_size``); its cards, her deck's order and the set-aside cards are not."""

    seat: Seat
    level: int
    priority: tuple[tuple[Location, str], ...]
    """The priority letter at each location (RR-SOLO-3)."""
    luna_card: Location | None
    """The location shown on the Luna bonus card (RR-SOLO-4)."""
    parity: str | None
    """"odd" or "even": the side of the odd/even card that shows (RR-SOLO-7)."""
    deck_size: int
    set_aside: int
    discard: tuple[int, ...]
    """Her discarded Au Toma cards, which anyone may look through (RR-SOLO-8)."""
    drawn: tuple[int, ...]
    """The Au Toma cards of the turn under way."""
    removed: tuple[CardId, ...]
    """Characters out of the game (RR-SOLO-5)."""


def solo_view(state: GameState) -> SoloView | None:
    """The public part of the solo state, or ``None`` in a game between players."""
    solo = state.solo
    if solo is None:
        return None
    return SoloView(
        seat=solo.seat, level=solo.level, priority=tuple(zip(LOCATIONS, solo.priority)),
        luna_card=solo.luna_card() if solo.priority else None,
        parity=solo.parity.value if solo.parity is not None else None,
        deck_size=len(solo.deck), set_aside=len(solo.set_aside), discard=solo.discard,
        drawn=solo.drawn, removed=solo.removed)


@quick_init  # one for every decision a bot is shown (see rr.quick_init)
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
    solo: SoloView | None = None
    """Au Toma's public components in a solo game (RR-SOLO-*)."""
    commitment: str | None = None
    """The commitment to the game's randomness, published before the first decision
    (RR-VIEW-10); the seed itself is shown to nobody before the end."""
    seed_origin: SeedOrigin = SeedOrigin.NONE
    """Where the seed came from: drawn at random, or chosen by the creator (who may then
    know every card), or none (outcomes given from outside)."""

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
    sovereign, first = state.sovereign, state.first_player
    players = tuple([
        _public_player(p.name, p.house, len(p.hand), p.helium, p.fleet, p.influence, p.turns,
                       sovereign == s, first == s)
        for s, p in enumerate(state.players)])
    locations = tuple([(loc, _shown_stack(state, seat, state.stack(loc))) for loc in LOCATIONS])
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
        solo=solo_view(state), commitment=state.commitment, seed_origin=state.seed_origin,
    )


@functools.lru_cache(maxsize=4096)
def _public_player(name: str, house: House | None, hand_size: int, helium: int, fleet: int,
                   influence: int, turns: int, sovereign: bool, first_player: bool
                   ) -> PublicPlayer:
    """A player as everyone sees them (immutable, so one object serves every view that shows
    the same: most of a view's players have not changed since the last one)."""
    return PublicPlayer(name, house, hand_size, helium, fleet, influence, turns, sovereign,
                        first_player)


def _shown_stack(state: GameState, seat: Seat | None, stack: tuple[CardId, ...]
                 ) -> tuple[CardId, ...]:
    """A location's cards as ``seat`` sees them: a stack with no face-down card (the most
    common) is shown as it is, without asking who knows each card."""
    face_down = state.face_down
    if not face_down or face_down.isdisjoint(stack):
        return tuple(stack)
    return tuple([c if c not in face_down or knows(state, seat, c) else HIDDEN for c in stack])


def _known_elsewhere(state: GameState, seat: Seat | None) -> tuple[KnownCard, ...]:
    mine = known_cards(state, seat)
    if not mine:
        return ()
    found: list[KnownCard] = []
    for other, player in enumerate(state.players):
        if other != seat and not mine.isdisjoint(player.hand):
            found += [_in_hand(c, other) for c in player.hand if c in mine]
    deck = state.deck
    in_deck = mine.intersection(deck)
    if in_deck:
        # In the deck's order, bottom first (each card is in it once): a few look-ups of the
        # known cards rather than a walk down the whole deck.
        depth = len(deck) - 1
        found += [_in_deck(deck[i], depth - i) for i in sorted(map(deck.index, in_deck))]
    return tuple(found)


@functools.cache
def _in_hand(card: CardId, seat: Seat) -> KnownCard:
    """A known card in ``seat``'s hand (immutable, so made once: views are built often)."""
    return KnownCard(card, Zone.hand(seat))


@functools.cache
def _in_deck(card: CardId, depth: int) -> KnownCard:
    """A known card ``depth`` cards under the deck's top (made once, like :func:`_in_hand`)."""
    return KnownCard(card, Zone.deck(), depth)


def redact(event: Event, before: GameState, seat: Seat | None,
           after: GameState | None = None) -> Event:
    """``event`` with every card identity ``seat`` may not see replaced by :data:`HIDDEN`.

    The cards are those of the event type's declared card fields
    (:mod:`rr.events.card_fields`), whatever their names. A card an event moves or shows is
    shown to the seats that know it once the event has happened (``after``, folded from
    ``before`` if not given); a card a decision picks, to its decider, and to the others if it
    lay face up or banished when it was chosen; the card that asked a decision, to the seats
    that knew it then. Shuffles show no order. An event type may declare its own redaction
    (:func:`rr.events.parts.redacts`)."""
    own = REDACTIONS.get(type(event))
    if own is not None:
        return cast(Event, own(event, before, seat, after))
    if isinstance(event, DeckShuffled):
        return evolve(event, order=())
    if isinstance(event, CardsShuffled):
        return evolve(event, cards=())
    if isinstance(event, CardsSeen):
        return event if event.seat == seat else evolve(event, cards=(HIDDEN,) * len(event.cards))
    if isinstance(event, CardsPutOnTop):
        return _redact_put_on_top(event, apply(before, event) if after is None else after, seat)
    if isinstance(event, DecisionMade):
        # A card picked is seen by the others only if it lay where everyone sees it: a pick
        # among hidden cards (which card to give Tactus, where a looked-at card goes) is the
        # decider's alone, even if the others know the card; a pick that is then revealed,
        # banished or deployed is named by the event that does it (RR-VIEW-6).
        # A Lead's card is deployed face up at once (RR-LEAD-1).
        option, source = event.option, event.source
        if isinstance(option, PickCard) and not (
                is_public(before, option.card) if event.seat != seat
                else knows(before, seat, option.card)):
            event = evolve(event, option=PickCard(HIDDEN))
        if type(source) is ByCard and not knows(before, seat, source.card):
            event = evolve(event, source=ByCard(HIDDEN))
        return event
    fields = CARD_FIELDS.get(type(event))
    if fields is None:
        fields = card_fields(type(event))  # a type made elsewhere (a test's)
    if not fields:
        return event
    if after is None:
        after = apply(before, event)
    if isinstance(event, CardSelectedAtRandom) and event.source.kind is ZoneKind.HAND:
        # A random pick from a hand is seen by whoever holds or knows the whole hand.
        hand = before.cards_in(event.source)
        if all(knows(before, seat, c) for c in hand):
            return event
        return evolve(event, card=HIDDEN)
    changes: dict[str, Any] = {}
    for field in fields:
        value = getattr(event, field.name)
        if field.holds is _CARD:
            if value is not None and not knows(after, seat, value):
                changes[field.name] = HIDDEN
        elif field.holds is _CARDS:
            if not all(knows(after, seat, c) for c in value):
                changes[field.name] = tuple(c if knows(after, seat, c) else HIDDEN
                                            for c in value)
        else:  # an option, a source or Au Toma's cards outside the events read above
            raise TypeError(f"rr.views.redact has no reading of {type(event).__name__}."
                            f"{field.name} ({field.holds.value})")
    return evolve(cast(Any, event), **changes) if changes else event


_CARD, _CARDS = Holds.CARD, Holds.CARDS

READ_APART: tuple[type, ...] = (
    DeckShuffled, CardsShuffled, CardsSeen, CardsPutOnTop, DecisionMade)
"""The event types :func:`redact` reads by their own rules, besides those that declare their
own redaction (:data:`rr.events.parts.REDACTIONS`, Au Toma's in :mod:`rr.events.solo`); it
reads every other one's card fields by kind (one card or a tuple of cards)."""


def _redact_put_on_top(event: CardsPutOnTop, after: GameState, seat: Seat | None) -> Event:
    """Cards put back on top of her hand are shown to the seats that know them (RR-SOLO-14)."""
    return evolve(event, cards=tuple(c if knows(after, seat, c) else HIDDEN
                                     for c in event.cards))


def redacted(events: Iterable[Event], seat: Seat | None) -> Iterator[Event]:
    """The events of a log as ``seat`` may see them."""
    state = GameState()
    for event in events:
        after = apply(state, event)
        yield redact(event, state, seat, after)
        state = after


