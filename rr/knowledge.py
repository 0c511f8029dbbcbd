"""What each seat knows (RR-VIEW-1..6): folded from the events, like the rest of the state.

Internal (no stable API).

A card lies either in a **public** place — face up on a location, or on the banished pile —
where everyone sees it, or in a **hidden** one: the deck, a hand, or face down on a location.
For every seat the state keeps the set of cards whose hidden place that seat knows
(``GameState.known``): its own hand, the face-down cards it placed, the cards an ability let it
look at, every card revealed or moved before everyone's eyes. One more set follows the seats':
the table's, what everyone at it was shown (every card revealed, blocked with or declared, and
followed as everyone saw it move), which is what a spectator knows (RR-VIEW-8). What a seat
knows stays known while the card moves in ways the seat can follow (from a known place to a
public position: the top of the deck, a hand, a stack), and is forgotten when the card moves
where the seat cannot follow it: a shuffle, a card passed between two other hands unseen, or
cards taken up from the deck by a player who alone decides where each goes (RR-VIEW-9).

Every view, prompt, option and redacted event a seat receives is derived from :func:`knows`.

**Knowledge of sets** (RR-VIEW-11). Besides places, a seat learns facts about sets of cards,
which :func:`knows` cannot say and views do not show, but which an information set must
respect. They are folded by :mod:`rr.inferences` (the same layer as this module; it reads
:func:`knows`), for every seat and the table, from the log when ``Game.sample_for`` draws a
sample, so that play and views pay nothing for them. Modelled:

* *a hand holds none of these*: the hand that answered Eo's "reveal a Red" with no (no Red,
  RULING-B8); the hand whose end-of-game step is over (no end-of-game card beyond those shown,
  RULING-B9); the hand Dancer was deployed from when it revealed nothing (at most 1 other Red);
  the card Roque's player picked at random, which the table sees is, or is not, the card named
  (RULING-B10);
* *this card is one of those*: the cards shuffled back where they lay (Online Gambler's deck
  top, Au Toma's top cards) are the same set in an order nobody saw; a card a seat knew in a
  hand that passes a card unseen (RR-VIEW-5) is the card passed or still in that hand; the
  cards taken up from the deck and placed by one player (RR-VIEW-9) are the cards placed;
  a shuffled deck holds the cards it held.

``Game.sample_for`` (:mod:`rr.dealing`) deals only samples that agree with all of it, each
fact at the moment it was learnt, and plays the sample's whole history so that, replayed from
its first event, it shows the seat exactly what the seat was shown (``fuzz/histories.py``
checks this over whole random games). Not modelled: inferences from how players choose (a
player who may block and does not may still hold a block card; no opponent model), and the
odds — a sample agrees with every fact but the deals are not drawn in proportion to how likely
each is given what the seat saw (a route or deal that fits is drawn uniformly at each step).
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import TYPE_CHECKING

from rr.events.parts import LESSONS, TEACHING, teaches
from rr.events.types import (
    BlockUsed,
    CardDealt,
    CardDeclared,
    CardGained,
    CardPassed,
    CardPlaced,
    CardReturnedToDeck,
    CardRevealed,
    CardsSeen,
    CardsShuffled,
    DeckShuffled,
    Event,
    GameStarted,
    Phase,
)
from rr.model import CardId, Seat, Zone, ZoneKind
from rr.once import made_once

if TYPE_CHECKING:
    from rr.state import GameState

Known = tuple[frozenset[CardId], ...]


# Enum members the rules read on every decision, as globals: in Python 3.11 reading a
# member from its class takes the slow path EnumType.__getattr__ puts every class
# attribute on, about 90 ns a read (issue #12).
_OVER = Phase.OVER
_BANISHED, _LOCATION, _HAND, _DECK = (ZoneKind.BANISHED, ZoneKind.LOCATION, ZoneKind.HAND,
                                      ZoneKind.DECK)


def is_public(state: GameState, card: CardId) -> bool:
    """Whether ``card`` lies where everyone sees it: face up on a location, banished, or out
    of a solo game (RR-SOLO-5)."""
    if state.solo is not None and card in state.solo.removed:
        return True  # out of a solo game, openly (RR-SOLO-5)
    zone = state.zone_of(card)
    return zone is not None and _is_public_zone(state, card, zone)


def knows(state: GameState, seat: Seat | None, card: CardId) -> bool:
    """RR-VIEW-1..6: whether ``seat`` (``None``: a spectator, who knows what the whole table
    was shown, RR-VIEW-8) knows ``card`` where it lies now."""
    if state.phase is _OVER and any(card in p.hand for p in state.players):
        return True  # RR-VIEW-5: every hand is shown for scoring
    known = state.known
    if seat is None:
        table = len(state.players)
        if table < len(known) and card in known[table]:
            return True
    else:
        if card in state.players[seat].hand:
            return True
        if seat < len(known) and card in known[seat]:
            return True
    return is_public(state, card)


def known_cards(state: GameState, seat: Seat | None) -> frozenset[CardId]:
    """Every card ``seat`` (``None``: a spectator) knows in a hidden place (its hand
    included)."""
    known = state.known
    if seat is None:
        table = len(state.players)
        return known[table] if table < len(known) else frozenset()
    mine = frozenset(state.players[seat].hand)
    return mine | (known[seat] if seat < len(known) else frozenset())


def _is_public_zone(state: GameState, card: CardId, zone: Zone) -> bool:
    if zone.kind is _BANISHED:
        return True
    return zone.kind is _LOCATION and card not in state.face_down


def _add(known: Known, seats: Iterable[Seat], cards: Iterable[CardId]) -> Known:
    add = frozenset(cards)
    targets = set(seats)
    # A seat that knows them already keeps its set: a union copies the whole set, and about
    # half of the cards learnt are known already (issue #12).
    return tuple(k | add if s in targets and not add <= k else k for s, k in enumerate(known))


def _add_card(known: Known, seat: Seat | None, card: CardId) -> Known:
    """:func:`_add` of one card, to one seat or (``None``) to every seat and the table: most
    of what is learnt, made without the general case's sets (issue #12)."""
    if seat is None:
        for k in known:
            if card not in k:
                break
        else:
            return known  # everyone knew it: about a third of the cards everyone learns
        add = _one(card)
        return tuple([k if card in k else k | add for k in known])  # a list: faster here
    if not 0 <= seat < len(known) or card in known[seat]:
        return known
    return known[:seat] + (known[seat] | _one(card),) + known[seat + 1:]


@made_once  # a dict read in C, not functools.cache (issue #30, rr.once)
def _one(card: CardId) -> frozenset[CardId]:
    """The set of one card, made once for each card (issue #32)."""
    return frozenset((card,))


def _forget(known: Known, seats: Iterable[Seat], cards: Iterable[CardId]) -> Known:
    drop = frozenset(cards)
    targets = set(seats)
    return tuple(k - drop if s in targets else k for s, k in enumerate(known))


def learn(before: GameState, event: Event) -> Known:
    """The seats' knowledge once ``event`` has happened (``before``: the state before it).

    Moves of a card whose identity the event does not show to everyone (a card dealt, gained
    or placed from the deck or a face-down place, a face-down card moved) are followed by the
    seats that already knew the card, by its public position: nothing changes for them.
    ``known`` has one set per seat, then the table's (RR-VIEW-8): "every seat" below always
    includes the table.

    Dispatched on the event's type: most events teach nothing, and this runs once per event
    folded, so they cost one dict lookup (issue #12)."""
    known = before.known
    if len(known) <= len(before.players):  # a position built by hand (rr.scenario)
        known = known + tuple(frozenset() for _ in range(len(before.players) + 1 - len(known)))
    how = _LEARN.get(type(event))
    return known if how is None else how(before, known, event)


def learn_from(before: GameState, known: Known, event: Event) -> Known:
    """:func:`learn` from ``known`` rather than ``before.known``: what the seats would know
    once ``event`` has happened had they known ``known`` before it, the cards lying where
    ``before`` has them. What a card's knowledge becomes depends only on what was known of
    that card, the event and where the cards lie, so a sample whose history routed a mixing
    otherwise follows its own knowledge through the real game's states
    (:func:`rr.sampling.sample_knowledge`)."""
    how = _LEARN.get(type(event))
    return known if how is None else how(before, known, event)


@teaches(GameStarted)
def _started(before: GameState, known: Known, e: GameStarted) -> Known:
    return tuple(frozenset() for _ in range(len(e.players) + 1))  # the seats, then the table


@teaches(DeckShuffled)
def _deck_shuffled(before: GameState, known: Known, e: DeckShuffled) -> Known:
    return _forget(known, range(len(known)), before.deck)


@teaches(CardsShuffled)
def _cards_shuffled(before: GameState, known: Known, e: CardsShuffled) -> Known:
    return _forget(known, range(len(known)), e.cards)


@teaches(CardsSeen)
def _seen(before: GameState, known: Known, e: CardsSeen) -> Known:
    known = _add(known, (e.seat,), e.cards)
    if e.source.kind is _DECK and len(e.cards) > 1:
        # RR-VIEW-9: cards looked at in the deck are taken up by the looker, who alone then
        # decides where each goes (Firewall Expert): nobody else can follow any of them.
        return _forget(known, [s for s in range(len(known)) if s != e.seat], e.cards)
    return known


@teaches(CardRevealed, BlockUsed, CardDeclared)
def _shown(before: GameState, known: Known, e: CardRevealed | BlockUsed | CardDeclared
           ) -> Known:
    return _add_card(known, None, e.card)


@teaches(CardDealt)
def _dealt(before: GameState, known: Known, e: CardDealt) -> Known:
    if e.to.kind is _HAND and e.to.seat is not None:
        return _add_card(known, e.to.seat, e.card)
    return known


@teaches(CardGained)
def _gained(before: GameState, known: Known, e: CardGained) -> Known:
    if _is_public_zone(before, e.card, e.source):
        return _add_card(known, None, e.card)
    return _add_card(known, e.seat, e.card)


@teaches(CardPlaced)
def _placed(before: GameState, known: Known, e: CardPlaced) -> Known:
    if not e.face_down:
        return known
    if _is_public_zone(before, e.card, e.source):
        return _add(known, range(len(known)), (e.card,))
    return _add(known, () if e.seat is None else (e.seat,), (e.card,))


@teaches(CardReturnedToDeck)
def _returned(before: GameState, known: Known, e: CardReturnedToDeck) -> Known:
    # Put on the deck from a face-up place or the banished pile before everyone's eyes
    # (Group Counselor): everyone follows it there (RR-VIEW-5).
    if _is_public_zone(before, e.card, e.source):
        return _add_card(known, None, e.card)
    return known


@teaches(CardPassed)
def _passed(before: GameState, known: Known, e: CardPassed) -> Known:
    # The giver and the receiver see the card; the others see a card change hands and cannot
    # tell which, so they lose track of every card they knew in the giver's hand.
    others = [s for s in range(len(known)) if s not in (e.giver, e.receiver)]
    known = _forget(known, others, before.players[e.giver].hand)
    return _add(known, (e.giver, e.receiver), (e.card,))


_LEARN = LESSONS
"""What each event type that can teach teaches: :data:`rr.events.parts.LESSONS`, each
declared by :func:`rr.events.parts.teaches` beside its function."""

TEACHES: Set[type] = TEACHING
"""The events that can change what a seat knows: the fold calls :func:`learn` for these only;
any other event leaves ``known`` as it was, even a short one of a position built by hand
(which :func:`knows` reads as empty for the seats it leaves out; issue #12)."""
