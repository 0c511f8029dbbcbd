"""What each seat learns about *sets* of cards (RR-VIEW-11): "this hand holds no Red", "this
card is one of those placed".

:mod:`rr.knowledge` follows cards to exact places. Some of what the rules show a seat is not a
place: that a hand holds none of some cards, or that a card it knew is now one of several
places without saying which. This module folds those facts from the events, for every seat and
for the table (a spectator, RR-VIEW-8), as two kinds of fact:

* :class:`Among` — "each of these cards is one of those places": the cards a seat knew where
  they lay, lost from sight when they were mixed with others (a card passed unseen from the
  hand they were in, RR-VIEW-5; cards shuffled back, Online Gambler; cards taken up to be
  placed, Firewall Expert, RR-VIEW-9), with each :class:`Mixing` that mixed them, so that a
  sample can route them again.
* :class:`AtMost` — "these places held at most so many of these cards" when an event showed
  it: a hand that answered Eo's "reveal a Red" with no, a hand whose end-of-game step is over
  (RULING-B9), the hand Dancer was deployed from, the card Roque picked at random.

A *place* is named by the card that lies there (a token): the card's own id, which moves with
it wherever it goes before everyone's eyes. A fact names places that way, so it stays true as
the cards move; a seat can tell those places apart from the others (they are a hand, the
passed card, the cards placed), even though it may not know which card lies where. Only
``Game.sample_for`` reads these facts (``rr.sampling``), so they are folded from the log when
a sample is drawn (:class:`SetsLearnt`) rather than kept in every state: play, views and logs
do not change. Which inferences are modelled, and which are not, is listed in
:mod:`rr.knowledge`.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

from attrs import frozen

from rr.cards.catalogue import catalogue
from rr.decisions import ByCard
from rr.events.types import (
    CardDeployed,
    CardPassed,
    CardSelectedAtRandom,
    CardsSeen,
    CardsShuffled,
    DecisionMade,
    DeckShuffled,
    Event,
    GameStarted,
    Phase,
    TurnEnded,
    TurnKind,
)
from rr.knowledge import knows
from rr.model import CardId, Color, Seat, ZoneKind
from rr.options import Answer, PickName
from rr.state import GameState


@frozen
class Mixing:
    """Event ``at`` mixed the cards lying in ``places`` so that a seat could no longer tell
    which lies where: a card passed from a hand (``passed``: the card that went, ``places``:
    the hand before, slot by slot), or some cards shuffled or taken up (``places``: those
    cards, by where they lay). ``lost``: the cards of ``places`` the seat knew just before."""

    at: int
    places: tuple[CardId, ...]
    passed: CardId | None
    lost: frozenset[CardId]


@frozen
class Among:
    """Each card of ``cards`` lies in one of ``places`` ("this card is one of those"), put
    there by ``mixings`` (oldest first). A fact with no cards records mixings of places that
    an :class:`AtMost` fact names, so that a sample routes them too."""

    cards: frozenset[CardId]
    places: frozenset[CardId]
    mixings: tuple[Mixing, ...]


@frozen
class AtMost:
    """When event ``at`` happened, ``places`` held at most ``count`` of ``cards`` ("this hand
    holds no Red": ``count`` 0)."""

    at: int
    places: frozenset[CardId]
    cards: frozenset[CardId]
    count: int


@frozen
class Sets:
    """What one seat (or the table) has learnt about sets of cards."""

    among: tuple[Among, ...] = ()
    at_most: tuple[AtMost, ...] = ()


def _with_color(color: Color) -> frozenset[CardId]:
    return frozenset(c.id for c in catalogue().values() if c.color is color)


@cache
def reds() -> frozenset[CardId]:
    """The Reds (Eo, Dancer)."""
    return _with_color(Color.RED)


@cache
def end_of_game_icons() -> frozenset[CardId]:
    """The cards with the end-of-game icon: an ability, or a Gray's or Orange's mimic text
    (RULING-B9 shows them all at the start of their holder's step)."""
    return frozenset(c.id for c in catalogue().values() if c.end_of_game is not None)


@cache
def _named() -> dict[str, frozenset[CardId]]:
    found: dict[str, set[CardId]] = {}
    for c in catalogue().values():
        found.setdefault(c.name, set()).add(c.id)
    return {name: frozenset(ids) for name, ids in found.items()}


def named(name: str) -> frozenset[CardId]:
    """The cards printed with ``name`` (Roque's guess)."""
    return _named().get(name, frozenset())


class SetsLearnt:
    """Folds :class:`Sets` over a log: call :meth:`feed` with every event and the states
    around it. ``sets`` holds one :class:`Sets` per seat, then the table's (RR-VIEW-8)."""

    def __init__(self) -> None:
        self.sets: list[Sets] = []
        self._guess: tuple[Seat, str] | None = None  # Roque's name said aloud, until the pick

    def copy(self) -> SetsLearnt:
        """A copy to feed on, leaving this one as it is (its facts are frozen)."""
        other = SetsLearnt()
        other.sets = list(self.sets)
        other._guess = self._guess
        return other

    def of(self, observer: Seat | None) -> Sets:
        """The facts of ``observer`` (``None``: the table)."""
        if not self.sets:
            return Sets()
        return self.sets[len(self.sets) - 1 if observer is None else observer]

    def feed(self, before: GameState, event: Event, after: GameState) -> None:
        how = _LEARN.get(type(event))
        if how is not None:
            how(self, before, event, after)

    # --- facts -------------------------------------------------------------------------------

    def _observers(self, but: Iterable[Seat | None] = ()) -> list[tuple[int, Seat | None]]:
        """(index into ``sets``, observer) for every observer not in ``but``."""
        table = len(self.sets) - 1
        left = set(but)
        return [(i, None if i == table else i) for i in range(len(self.sets))
                if (None if i == table else i) not in left]

    def mixed(self, before: GameState, after: GameState, places: Sequence[CardId],
              passed: CardId | None, but: Iterable[Seat | None] = ()) -> None:
        """``places`` were mixed (see :class:`Mixing`) for every observer not in ``but``."""
        at = before.events
        spread = frozenset(places)
        for i, observer in self._observers(but):
            lost = frozenset(c for c in places if knows(before, observer, c)
                             and not knows(after, observer, c))
            facts = self.sets[i]
            touched = [f for f in facts.among if not f.places.isdisjoint(spread)]
            named_too = any(not f.places.isdisjoint(spread) for f in facts.at_most)
            if not (lost or touched or named_too):
                continue  # mixing cards it knows nothing of tells it nothing
            kept = tuple(f for f in facts.among if f.places.isdisjoint(spread))
            merged = Among(
                cards=frozenset().union(lost, *(f.cards for f in touched)),
                places=spread.union(*(f.places for f in touched)),
                mixings=tuple(sorted([m for f in touched for m in f.mixings]
                                     + [Mixing(at, tuple(places), passed, lost)],
                                     key=lambda m: m.at)))
            self.sets[i] = Sets(kept + (merged,), facts.at_most)

    def at_most(self, before: GameState, places: Iterable[CardId], cards: frozenset[CardId],
                count: int, but: Iterable[Seat | None] = ()) -> None:
        """Every observer not in ``but`` learns that ``places`` hold at most ``count`` of
        ``cards`` (a fact that says nothing is not kept)."""
        spread = frozenset(places)
        if count >= len(spread):
            return
        fact = AtMost(before.events, spread, cards, count)
        for i, _ in self._observers(but):
            facts = self.sets[i]
            self.sets[i] = Sets(facts.among, facts.at_most + (fact,))


# --- what each event teaches ------------------------------------------------------------------


def _started(learnt: SetsLearnt, before: GameState, e: GameStarted, after: GameState) -> None:
    learnt.sets = [Sets() for _ in range(len(e.players) + 1)]
    learnt._guess = None


def _deck_shuffled(learnt: SetsLearnt, before: GameState, e: DeckShuffled, after: GameState
                   ) -> None:
    if before.deck:
        learnt.mixed(before, after, before.deck, None)


def _cards_shuffled(learnt: SetsLearnt, before: GameState, e: CardsShuffled, after: GameState
                    ) -> None:
    """Shuffled back where they lay (Online Gambler's deck top, Au Toma's top cards, RR-SOLO-17):
    the same places, in an order nobody saw."""
    zone = before.zone_of(e.cards[0]) if e.cards else None
    if zone is None:
        return
    shuffled = set(e.cards)
    learnt.mixed(before, after, [c for c in before.cards_in(zone) if c in shuffled], None)


def _seen(learnt: SetsLearnt, before: GameState, e: CardsSeen, after: GameState) -> None:
    """RR-VIEW-9: cards taken up from the deck by one player, who alone decides where each goes
    (Firewall Expert): for the others, each is one of the cards placed."""
    if e.source.kind is ZoneKind.DECK and len(e.cards) > 1:
        learnt.mixed(before, after, e.cards, None, but=(e.seat,))


def _passed(learnt: SetsLearnt, before: GameState, e: CardPassed, after: GameState) -> None:
    """RR-VIEW-5: the others see a card change hands, not which (unless it is shown)."""
    learnt.mixed(before, after, before.hand(e.giver), e.card, but=(e.giver, e.receiver))


def _decided(learnt: SetsLearnt, before: GameState, e: DecisionMade, after: GameState) -> None:
    option = e.option
    if e.source == ByCard(CardId("eo")) and option is Answer.NO:
        # "Each opponent must reveal a Red. If they can't, they lose 1 Helium": no (RULING-B8).
        learnt.at_most(before, before.hand(e.seat), reds(), 0, but=(e.seat,))
    elif e.source == ByCard(CardId("roque")) and isinstance(option, PickName):
        learnt._guess = (e.seat, option.name)  # "name a card" aloud (RULING-B10)


def _deployed(learnt: SetsLearnt, before: GameState, e: CardDeployed, after: GameState
              ) -> None:
    """Dancer: "If you have 2 or more other Reds, reveal them": every other Red of the hand is
    revealed (the reveals follow at once), or the hand holds at most 1 Red."""
    if e.card != "dancer" or before.is_automa(e.seat):
        return  # Au Toma's deployed cards have no ability (RR-SOLO-9)
    hand = after.hand(e.seat)
    held = sum(1 for c in hand if c in reds())
    if held >= 2 and before.solo is not None:
        return  # RULING-T10: the reveals are not made against Au Toma (not modelled)
    learnt.at_most(before, hand, reds(), held if held >= 2 else 1, but=(e.seat,))


def _turn_ended(learnt: SetsLearnt, before: GameState, e: TurnEnded, after: GameState) -> None:
    """RULING-B9: an end-of-game step shows every card of the hand with the end-of-game icon;
    once it is over, the rest of that hand holds none."""
    if before.phase is not Phase.END_OF_GAME or not before.turns \
            or before.turns[-1] != (e.seat, TurnKind.END_OF_GAME):
        return
    hand = before.hand(e.seat)
    shown = sum(1 for c in hand if c in end_of_game_icons())
    learnt.at_most(before, hand, end_of_game_icons(), shown, but=(e.seat,))


def _picked(learnt: SetsLearnt, before: GameState, e: CardSelectedAtRandom, after: GameState
            ) -> None:
    """Roque: "randomly select a card from their hand. If you select the named card, banish
    it": whether the pick is the named card is seen by all (a banish, or the block question),
    which card it is only by the looker and the victim."""
    guess, learnt._guess = learnt._guess, None
    if guess is None or e.source.kind is not ZoneKind.HAND:
        return
    looker, name = guess
    hit = named(name)
    others = frozenset(catalogue()) - {e.card}
    learnt.at_most(before, (e.card,), others if e.card in hit else hit, 0,
                   but=(looker, e.source.seat))


_LEARN: dict[type, Callable[[SetsLearnt, GameState, Any, GameState], None]] = {
    GameStarted: _started,
    DeckShuffled: _deck_shuffled,
    CardsShuffled: _cards_shuffled,
    CardsSeen: _seen,
    CardPassed: _passed,
    DecisionMade: _decided,
    CardDeployed: _deployed,
    TurnEnded: _turn_ended,
    CardSelectedAtRandom: _picked,
}
