"""What one player (or a spectator) may see: RR-VIEW-1.

Hands are private until the game is over (they are shown for scoring; declarations of Gray
colours and Orange names are made openly just before), the deck's order is hidden, a face-down
card on a location is known only to the player who put it there (RR-VIEW-4), everything else
is public. A pending decision's options are shown only to the player who must decide.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from attrs import evolve, frozen

from rr.decisions import Ask, Decision
from rr.events.types import (
    AutomaCardsSetAside,
    AutomaDeckShuffled,
    CardsPutOnTop,
    HandLookedAt,
    CardDealt,
    CardGained,
    CardMoved,
    CardPassed,
    CardPlaced,
    CardReturnedToDeck,
    CardSelectedAtRandom,
    CardsShuffled,
    DecisionMade,
    DeckShuffled,
    Event,
    Phase,
)
from rr.model import LOCATIONS, CardId, House, Location, Seat, ZoneKind
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
    solo: SoloView | None = None
    """Au Toma's public components in a solo game (RR-SOLO-*)."""

    def card_ids(self) -> set[CardId]:
        """Every card identity this view shows."""
        shown = set(self.hand or ()) | set(self.banished)
        for hand in self.final_hands or ():
            shown |= set(hand)
        for _, stack in self.locations:
            shown |= set(stack)
        return shown - {HIDDEN}


def view(state: GameState, seat: Seat | None = None, pending: Decision | None = None) -> View:
    """The view of ``state`` for ``seat`` (``None``: a spectator)."""
    players = tuple(
        PublicPlayer(p.name, p.house, len(p.hand), p.helium, p.fleet, p.influence, p.turns,
                     state.sovereign == s, state.first_player == s)
        for s, p in enumerate(state.players))
    known = {c for c, s in state.face_down_known if s == seat}
    locations = tuple(
        (loc, tuple(HIDDEN if c in state.face_down and c not in known else c
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
        solo=solo_view(state),
    )


def _hidden_option(option: Option, state: GameState, seat: Seat | None) -> bool:
    """Whether the card an option names is one ``seat`` may not see (a Lead's card is
    deployed face up at once, so it is never hidden)."""
    if not isinstance(option, PickCard):
        return False
    zone = state.zone_of(option.card)
    if zone is None:
        return False
    if zone.kind is ZoneKind.HAND:
        return zone.seat != seat
    return zone.kind is ZoneKind.DECK or option.card in state.face_down


def redact(event: Event, before: GameState, seat: Seat | None) -> Event:
    """``event`` with every card identity ``seat`` may not see replaced by :data:`HIDDEN`."""
    if isinstance(event, DeckShuffled):
        return evolve(event, order=())
    if isinstance(event, CardsShuffled):
        return evolve(event, cards=())
    if isinstance(event, CardReturnedToDeck) and event.source.kind is ZoneKind.DECK:
        return evolve(event, card=HIDDEN)  # the deck's order is hidden
    if isinstance(event, CardDealt) and event.to.kind is ZoneKind.HAND and event.to.seat != seat:
        return evolve(event, card=HIDDEN)
    if isinstance(event, CardGained) and event.seat != seat and (
            event.source.kind is ZoneKind.DECK or event.card in before.face_down):
        return evolve(event, card=HIDDEN)
    if isinstance(event, CardPassed) and seat not in (event.giver, event.receiver):
        return evolve(event, card=HIDDEN)
    if isinstance(event, CardPlaced) and event.face_down and (event.seat is None
                                                              or event.seat != seat):
        return evolve(event, card=HIDDEN)
    if isinstance(event, CardMoved) and event.card in before.face_down \
            and (event.card, seat) not in before.face_down_known:
        return evolve(event, card=HIDDEN)  # a face-down card stays face down when moved
    if isinstance(event, CardSelectedAtRandom) and event.source.kind is ZoneKind.HAND \
            and event.source.seat != seat:
        return evolve(event, card=HIDDEN)
    if isinstance(event, (AutomaDeckShuffled, AutomaCardsSetAside)):
        return _redact_solo(event)  # RR-SOLO-2: her deck is face down, set-aside unseen
    if isinstance(event, CardsPutOnTop) and seat != event.seen_by:
        return evolve(event, cards=tuple(HIDDEN for _ in event.cards))
    if isinstance(event, HandLookedAt) and seat != event.seat:
        return evolve(event, cards=tuple(HIDDEN for _ in event.cards))
    if isinstance(event, DecisionMade) and event.seat != seat \
            and _hidden_option(event.option, before, seat):
        return evolve(event, option=PickCard(HIDDEN))
    return event


def _redact_solo(event: AutomaDeckShuffled | AutomaCardsSetAside) -> Event:
    if isinstance(event, AutomaDeckShuffled):
        return evolve(event, order=())
    return evolve(event, cards=())


def redacted(events: Iterable[Event], seat: Seat | None) -> Iterator[Event]:
    """The events of a log as ``seat`` may see them."""
    state = GameState()
    for event in events:
        yield redact(event, state, seat)
        state = apply(state, event)


