"""Tull Au Toma's own events (RR-SOLO-*), each declared whole: its fields, how it folds into
the state, its line of story and how a seat is shown it (:mod:`rr.events.parts`).

Au Toma's own cards are numbered 1..22 (``AutomaCardNumber``): fields typed so are hers,
fields typed ``CardId`` character cards (:mod:`rr.events.card_fields`). The events sit below
the state: the state reaches the parts here as ``Any`` (a :class:`rr.state.GameState`), and
the fields the fold writes as :data:`rr.state.Fields`.

:class:`CardsPutOnTop` folds in :mod:`rr.state` and is shown in :mod:`rr.views`: it changes a
player's hand, and a seat sees the cards it knows (:mod:`rr.knowledge`), both above this layer.
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import evolve, frozen

from rr.automa import AutomaCardId, Parity, SoloState, automa_table
from rr.errors import CorruptLogError
from rr.events.parts import folds, redacts, tells
from rr.events.words import card_name, player
from rr.model import LOCATIONS, AutomaCardNumber, CardId, Seat

__all__ = ["AutomaCardDrawn", "AutomaCardsDiscarded", "AutomaCardsSetAside",
           "AutomaDeckShuffled", "CardsPutOnTop", "CardsRemoved", "OddEvenCardPlaced",
           "PriorityCardsDealt"]

Fields = dict[str, Any]


@frozen
class CardsRemoved:
    """Character cards taken out of the game before the shuffle (RR-SOLO-5)."""

    TAG: ClassVar[str] = "cards_removed/1"
    cards: tuple[CardId, ...]


@frozen
class AutomaDeckShuffled:
    """All Au Toma cards shuffled into her deck, bottom to top (a random outcome, RR-SOLO-2)."""

    TAG: ClassVar[str] = "automa_deck_shuffled/1"
    automa_cards: tuple[AutomaCardNumber, ...]


@frozen
class AutomaCardsSetAside:
    """The top Au Toma cards set aside unseen until the next reshuffle (RR-SOLO-2)."""

    TAG: ClassVar[str] = "automa_cards_set_aside/1"
    automa_cards: tuple[AutomaCardNumber, ...]


@frozen
class PriorityCardsDealt:
    """The priority letter put at each location, in board order (a random outcome,
    RR-SOLO-3)."""

    TAG: ClassVar[str] = "priority_cards_dealt/1"
    letters: tuple[str, ...]


@frozen
class OddEvenCardPlaced:
    """The side of the odd/even card that shows for the whole game (RR-SOLO-7)."""

    TAG: ClassVar[str] = "odd_even_card_placed/1"
    odd: bool


@frozen
class AutomaCardDrawn:
    """Au Toma's top card drawn and shown, to be carried out (RR-SOLO-8)."""

    TAG: ClassVar[str] = "automa_card_drawn/1"
    automa_card: AutomaCardNumber


@frozen
class AutomaCardsDiscarded:
    """The Au Toma cards of her turn put face up on her discard pile (RR-SOLO-8)."""

    TAG: ClassVar[str] = "automa_cards_discarded/1"
    automa_cards: tuple[AutomaCardNumber, ...]


@frozen
class CardsPutOnTop:
    """Cards of ``seat``'s hand put back on top of it, in this order (the last is the top):
    Au Toma's hand after a reveal or a look (RR-SOLO-14, RR-SOLO-17). ``seen_by`` may know
    the cards; nobody else does."""

    TAG: ClassVar[str] = "cards_put_on_top/1"
    seat: Seat
    cards: tuple[CardId, ...]
    seen_by: Seat | None = None


_Solo = (CardsRemoved | AutomaDeckShuffled | AutomaCardsSetAside | PriorityCardsDealt
         | OddEvenCardPlaced | AutomaCardDrawn | AutomaCardsDiscarded)


# --- how they fold --------------------------------------------------------------------------


def _bad(event: _Solo, why: str) -> CorruptLogError:
    return CorruptLogError(f"{type(event).TAG}: {why}")


def _solo(state: Any, event: _Solo) -> SoloState:
    solo: SoloState | None = state.solo
    if solo is None:
        raise _bad(event, "not a solo game")
    return solo


@folds(CardsRemoved)
def _cards_removed(s: Any, w: Fields, e: CardsRemoved) -> None:
    solo = _solo(s, e)
    if s.deck or any(s.zone_of(c) is not None for c in e.cards):
        raise _bad(e, "cards are removed before the deck is shuffled")
    w["solo"] = evolve(solo, removed=solo.removed + e.cards)


@folds(AutomaDeckShuffled)
def _automa_deck_shuffled(s: Any, w: Fields, e: AutomaDeckShuffled) -> None:
    solo = _solo(s, e)
    if sorted(e.automa_cards) != sorted(solo.to_shuffle):
        raise _bad(e, "the order is not a permutation of every Au Toma card")
    if solo.drawn:
        raise _bad(e, "Au Toma's deck is shuffled between her cards, not during one")
    w["solo"] = evolve(solo, deck=e.automa_cards, set_aside=(), discard=())


@folds(AutomaCardsSetAside)
def _automa_set_aside(s: Any, w: Fields, e: AutomaCardsSetAside) -> None:
    solo = _solo(s, e)
    n = len(e.automa_cards)
    if n > len(solo.deck) or solo.deck[len(solo.deck) - n:] != e.automa_cards:
        raise _bad(e, "the cards set aside are not the top of Au Toma's deck")
    w["solo"] = evolve(solo, deck=solo.deck[:len(solo.deck) - n],
                       set_aside=solo.set_aside + e.automa_cards)


@folds(PriorityCardsDealt)
def _priority_dealt(s: Any, w: Fields, e: PriorityCardsDealt) -> None:
    solo = _solo(s, e)
    if len(e.letters) != len(LOCATIONS) or len(set(e.letters)) != len(e.letters):
        raise _bad(e, "one distinct priority card per location")
    w["solo"] = evolve(solo, priority=e.letters)


@folds(OddEvenCardPlaced)
def _odd_even(s: Any, w: Fields, e: OddEvenCardPlaced) -> None:
    solo = _solo(s, e)
    w["solo"] = evolve(solo, parity=Parity.ODD if e.odd else Parity.EVEN)


def _piles(solo: SoloState, deck: tuple[AutomaCardId, ...],
           discard: tuple[AutomaCardId, ...], drawn: tuple[AutomaCardId, ...]) -> SoloState:
    """``evolve(solo, deck=deck, discard=discard, drawn=drawn)`` without evolve's lookup of
    the fields at every call: Au Toma draws or discards about once a solo decision, and evolve
    was about 5% of solo play. Fields in the order of their declaration
    (``tests/solo/test_setup.py`` checks it against evolve)."""
    return SoloState(solo.seat, solo.level, deck, solo.set_aside, discard, drawn,
                     solo.priority, solo.parity, solo.removed)


@folds(AutomaCardDrawn)
def _automa_drawn(s: Any, w: Fields, e: AutomaCardDrawn) -> None:
    solo = _solo(s, e)
    if not solo.deck or solo.deck[-1] != e.automa_card:
        raise _bad(e, f"Au Toma card {e.automa_card} is not the top of her deck")
    w["solo"] = _piles(solo, solo.deck[:-1], solo.discard, solo.drawn + (e.automa_card,))


@folds(AutomaCardsDiscarded)
def _automa_discarded(s: Any, w: Fields, e: AutomaCardsDiscarded) -> None:
    solo = _solo(s, e)
    if sorted(e.automa_cards) != sorted(solo.drawn):
        raise _bad(e, "only the Au Toma cards of this turn are discarded")
    w["solo"] = _piles(solo, solo.deck, solo.discard + e.automa_cards, ())


# --- their lines of story -------------------------------------------------------------------


@tells(CardsRemoved)
def _removed_line(event: CardsRemoved, before: Any, after: Any) -> str:
    return "Out of the game: " + ", ".join(card_name(c) for c in event.cards)


@tells(AutomaDeckShuffled)
def _shuffled_line(event: AutomaDeckShuffled, before: Any, after: Any) -> str:
    return "Au Toma's deck is shuffled"


@tells(AutomaCardsSetAside)
def _set_aside_line(event: AutomaCardsSetAside, before: Any, after: Any) -> str:
    return f"{len(after.solo.set_aside) if after.solo else 4} Au Toma cards are set aside"


@tells(PriorityCardsDealt)
def _priority_line(event: PriorityCardsDealt, before: Any, after: Any) -> str:
    return "Priority cards: " + ", ".join(
        f"{loc.title} {letter}" for loc, letter in zip(LOCATIONS, event.letters))


@tells(OddEvenCardPlaced)
def _odd_even_line(event: OddEvenCardPlaced, before: Any, after: Any) -> str:
    return f"The odd/even card shows {'ODD' if event.odd else 'EVEN'}"


@tells(AutomaCardDrawn)
def _drawn_line(event: AutomaCardDrawn, before: Any, after: Any) -> str:
    data = automa_table().card(event.automa_card)
    return (f"Au Toma card {event.automa_card}: deploy {data.deploy}, gain {data.gain}, "
            f"arrow {data.arrow.value}, {data.extra.value}")


@tells(AutomaCardsDiscarded)
def _discarded_line(event: AutomaCardsDiscarded, before: Any, after: Any) -> str:
    return "Au Toma discards " + " and ".join(f"card {c}" for c in event.automa_cards)


@tells(CardsPutOnTop)
def _put_on_top_line(event: CardsPutOnTop, before: Any, after: Any) -> str:
    shown = ", ".join(card_name(c) for c in event.cards)
    return f"{player(after, event.seat)} puts {shown} back on top of her hand"


# --- how a seat is shown them ---------------------------------------------------------------


@redacts(AutomaDeckShuffled, AutomaCardsSetAside)
def _unseen(event: AutomaDeckShuffled | AutomaCardsSetAside, before: Any, seat: Seat | None,
            after: Any) -> AutomaDeckShuffled | AutomaCardsSetAside:
    """RR-SOLO-2: her deck is face down and the set-aside cards unseen."""
    return evolve(event, automa_cards=())


@redacts(AutomaCardDrawn, AutomaCardsDiscarded)
def _face_up(event: AutomaCardDrawn | AutomaCardsDiscarded, before: Any, seat: Seat | None,
             after: Any) -> AutomaCardDrawn | AutomaCardsDiscarded:
    """RR-SOLO-8: her cards are drawn and discarded face up."""
    return event
