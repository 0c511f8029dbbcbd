"""What each seat and the spectator has seen, followed from the events alone (issue 25).

A second implementation of "who may know which card where" (RR-VIEW-1..9), written from the
rulebook's and the cards' texts and kept apart from the engine's own: it imports neither
``rr.knowledge`` nor ``rr.views`` nor ``rr.sampling``, nor ``rr.state``'s fold. It reads the
true events of a game one by one, keeps its own record of where every card lies, and for every
*observer* (each seat, and ``None``: a spectator, who sees what the whole table sees) the cards
it can follow where they lie:

* everyone sees a card face up on a location, on the banished pile, out of a solo game, or
  revealed, blocked with or declared anywhere (RR-VIEW-1, RR-VIEW-2); a seat sees its own
  hand, the cards dealt or given to it, the cards it gains, places face down or looks at
  (RR-VIEW-3, RR-VIEW-4); at the end every hand is shown (RR-VIEW-5);
* a card seen stays seen while it moves before the observer's eyes — a card's move is public,
  only its face may not be;
* it is lost from sight when it moves where the observer cannot follow it: the deck or some
  cards shuffled (the order is the secret), a card passed from one hand to another between two
  other players (they see a card go, not which, so they lose track of every card they knew in
  the giver's hand), and cards a player takes up from the deck to place where they alone decide
  (Firewall Expert's "Look at the top 3 cards of the deck. Place 1 of them face down ...":
  the others at most know the card is one of those placed, RR-VIEW-9).

``Seen.feed(event)`` returns, for each observer, the cards it may be told in that event's
record; the ``*_problems`` functions check what an observer was shown — a view, a pending
decision, a redacted record, a line of narration, in their JSON forms (``rr.jsonforms``, as
``rr serve`` and ``rr server`` send them) — against that, and return what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from rr.cards.catalogue import catalogue
from rr.decisions import ByCard
from rr.events.card_fields import Holds, card_fields
from rr.events.types import (
    BlockUsed,
    CardBanished,
    CardDealt,
    CardDeclared,
    CardDeployed,
    CardGained,
    CardMoved,
    CardPassed,
    CardPlaced,
    CardReturnedToDeck,
    CardRevealed,
    CardSelectedAtRandom,
    CardsPutOnTop,
    CardsRemoved,
    CardsSeen,
    CardsShuffled,
    DecisionMade,
    DeckShuffled,
    Event,
    GameScored,
    GameStarted,
    Phase,
    PhaseChanged,
)
from rr.model import LOCATIONS, CardId, Location, Seat, Zone, ZoneKind
from rr.options import Lead, PickCard, PickName

Observer = Seat | None
"""A seat, or ``None``: a spectator."""

HIDDEN = "?"
"""How a record or a view shows a card its receiver may not see (rr's wire form)."""

CARDS = catalogue()
NAMES: dict[str, CardId] = {c.name: c.id for c in CARDS.values()}
PRINTED_NAMES: frozenset[str] = frozenset(
    n for n in NAMES
    for c in CARDS.values() for text in (c.deploy, c.end_game, c.end_of_game, c.block)
    if text and n in text)
"""Character names some printed text mentions (Sevro's The Howlers, Dr. Virany's Victra):
in a prompt or a line of narration such a name may be the printed text, not a card."""


class Seen:
    """Where every card lies, and which of them each observer can follow there."""

    def __init__(self) -> None:
        self.players = 0
        self.deck: list[CardId] = []
        """Bottom to top."""
        self.hands: list[list[CardId]] = []
        self.stacks: dict[Location, list[CardId]] = {loc: [] for loc in LOCATIONS}
        self.face_down: set[CardId] = set()
        self.banished: list[CardId] = []
        self.out: set[CardId] = set()
        self.where: dict[CardId, Zone] = {}
        self.over = False
        self.known: dict[Observer, set[CardId]] = {}
        self.ever: dict[Observer, set[CardId]] = {}
        """Every card each observer has seen somewhere, even if it lost sight of it since."""
        self.events = 0

    # --- where cards lie ----------------------------------------------------------------------

    @property
    def observers(self) -> list[Observer]:
        return [None, *range(self.players)]

    def zone(self, card: CardId) -> Zone | None:
        return self.where.get(card)

    def is_public(self, card: CardId) -> bool:
        """Face up on a location, banished, or out of a solo game: everyone sees it."""
        if card in self.out:
            return True
        zone = self.where.get(card)
        if zone is None:
            return False
        return zone.kind is ZoneKind.BANISHED or (
            zone.kind is ZoneKind.LOCATION and card not in self.face_down)

    def knows(self, observer: Observer, card: CardId) -> bool:
        """Whether ``observer`` can tell where ``card`` lies now."""
        if card in self.known.get(observer, ()) or self.is_public(card):
            return True
        zone = self.where.get(card)
        if zone is None or zone.kind is not ZoneKind.HAND:
            return False
        return self.over or zone.seat == observer  # RR-VIEW-5: hands shown at the end

    def _cards(self, zone: Zone) -> list[CardId]:
        if zone.kind is ZoneKind.DECK:
            return self.deck
        if zone.kind is ZoneKind.BANISHED:
            return self.banished
        if zone.kind is ZoneKind.HAND:
            assert zone.seat is not None
            return self.hands[zone.seat]
        assert zone.location is not None
        return self.stacks[zone.location]

    def _move(self, card: CardId, source: Zone, to: Zone, index: int | None = None) -> None:
        """Take ``card`` from ``source`` (asserting it is there) and put it in ``to`` at
        ``index`` (``None``: on top). A card leaving a location for anywhere but another
        location is face up from then on."""
        cards = self._cards(source)
        if card not in cards:
            raise AssertionError(f"record {self.events}: {card} is not in {source}")
        cards.remove(card)
        if to.kind is not ZoneKind.LOCATION:
            self.face_down.discard(card)
        into = self._cards(to)
        into.insert(len(into) if index is None else index, card)
        self.where[card] = to

    # --- who learns and who loses sight -----------------------------------------------------

    def _show(self, cards: Iterable[CardId], to: Iterable[Observer] | None = None) -> None:
        """``to`` (default everyone) sees ``cards`` where they lie, and follows them."""
        shown = set(cards)
        for o in self.observers if to is None else to:
            self.known[o] |= shown
            self.ever[o] |= shown

    def _lose(self, cards: Iterable[CardId], who: Iterable[Observer]) -> None:
        lost = set(cards)
        for o in who:
            self.known[o] -= lost

    def _before(self, cards: Iterable[CardId]) -> dict[Observer, frozenset[CardId]]:
        return {o: frozenset(c for c in cards if self.knows(o, c)) for o in self.observers}

    def feed(self, event: Event) -> dict[Observer, frozenset[CardId]]:
        """Take in the next true record; for each observer, the cards it may be told in it."""
        told = self._learn(event)
        self.events += 1
        named = cards_named(event)
        # A card that lies where everyone sees it is followed by everyone from then on.
        self._show(c for c in named if self.is_public(c))
        if told is None:  # a move or a show: what the observer knows once it happened
            return {o: frozenset(c for c in named if self.knows(o, c)) for o in self.observers}
        return told

    def _learn(self, e: Event) -> dict[Observer, frozenset[CardId]] | None:
        match e:
            case GameStarted():
                self.players = len(e.players)
                self.hands = [[] for _ in e.players]
                self.known = {o: set() for o in self.observers}
                self.ever = {o: set() for o in self.observers}
            case CardsRemoved():
                self.out |= set(e.cards)  # RR-SOLO-5: out of the game, openly
            case DeckShuffled():
                # The order is the secret, at setup and after: nobody is told any of it.
                self._lose(e.order, self.observers)
                if self.deck and sorted(self.deck) != sorted(e.order):
                    raise AssertionError(f"record {self.events}: a shuffle of other cards")
                self.deck = list(e.order)
                self.where.update((c, Zone.deck()) for c in e.order)
                return {o: frozenset() for o in self.observers}
            case CardsShuffled():
                # Put in an order nobody sees: lost from sight — unless they all stay in one
                # hand (Au Toma's top cards, RR-SOLO-17), where they still are.
                zones = {self.where.get(c) for c in e.cards}
                if len(zones) != 1 or any(z is None or z.kind is not ZoneKind.HAND
                                          for z in zones):
                    self._lose(e.cards, self.observers)
                return {o: frozenset() for o in self.observers}
            case CardDealt():
                if not self.deck or self.deck[-1] != e.card:
                    raise AssertionError(f"record {self.events}: {e.card} is not the deck's top")
                self._move(e.card, Zone.deck(), e.to)
                if e.to.kind is ZoneKind.HAND:
                    self._show((e.card,), (e.to.seat,))
            case CardDeployed():  # face up: seen by all
                self._move(e.card, e.source or Zone.hand(e.seat), Zone.at(e.location))
                self.face_down.discard(e.card)
            case CardGained():  # those who saw it where it was follow it; the gainer sees it
                self._move(e.card, e.source, Zone.hand(e.seat))
                self._show((e.card,), (e.seat,))
            case CardPlaced():
                self._move(e.card, e.source, Zone.at(e.location), e.index)
                if e.face_down:
                    self.face_down.add(e.card)
                    if e.seat is not None:
                        self._show((e.card,), (e.seat,))  # RR-VIEW-4
                else:
                    self.face_down.discard(e.card)
            case CardMoved():  # a face-down card stays face down
                self._move(e.card, Zone.at(e.source), Zone.at(e.location), e.index)
            case CardBanished():
                self._move(e.card, e.source, Zone.banished())
            case CardReturnedToDeck():
                self._move(e.card, e.source, Zone.deck(), 0 if e.bottom else None)
            case CardPassed():
                # The others see a card change hands, not which: every card they knew in the
                # giver's hand might be the one that went.
                others = [o for o in self.observers if o not in (e.giver, e.receiver)]
                self._lose(self.hands[e.giver], others)
                self._move(e.card, Zone.hand(e.giver), Zone.hand(e.receiver))
                self._show((e.card,), (e.giver, e.receiver))
            case CardRevealed() | BlockUsed() | CardDeclared():
                self._show((e.card,))  # RR-VIEW-2
            case CardsSeen():
                self._show(e.cards, (e.seat,))  # RR-VIEW-3
                if e.source.kind is ZoneKind.DECK and len(e.cards) > 1:
                    # RR-VIEW-9: taken up to be placed where the looker alone decides.
                    self._lose(e.cards, [o for o in self.observers if o != e.seat])
                return {o: frozenset(e.cards) if o == e.seat else frozenset()
                        for o in self.observers}
            case CardSelectedAtRandom() if e.source.kind is ZoneKind.HAND:
                # A random pick from a hand: told to whoever can tell its cards apart.
                hand = self._cards(e.source)
                before = self._before(hand)
                return {o: frozenset((e.card,)) if len(before[o]) == len(hand) else frozenset()
                        for o in self.observers}
            case CardsPutOnTop():
                hand = self.hands[e.seat]
                hand[:] = [c for c in hand if c not in e.cards] + list(e.cards)
            case DecisionMade():
                return self._decided(e)
            case PhaseChanged() if e.phase is Phase.OVER:
                self._over()
            case GameScored():
                self._over()
        return None

    def _over(self) -> None:
        """RR-VIEW-5: every hand is shown for scoring."""
        self.over = True
        self._show(c for hand in self.hands for c in hand)

    def _decided(self, e: DecisionMade) -> dict[Observer, frozenset[CardId]]:
        """A choice is its decider's; a card it picks is seen by the others only if it lay
        where everyone sees it (a card a Lead deploys is face up at once)."""
        told: dict[Observer, frozenset[CardId]] = {}
        option = e.option
        for o in self.observers:
            cards: set[CardId] = set()
            if isinstance(e.source, ByCard) and self.knows(o, e.source.card):
                cards.add(e.source.card)
            if isinstance(option, Lead) and option.card is not None:
                cards.add(option.card)
            if isinstance(option, PickCard) and (
                    self.knows(o, option.card) if o == e.seat else self.is_public(option.card)):
                cards.add(option.card)
            told[o] = frozenset(cards)
        return told


def cards_named(event: Event, choices: bool = False) -> set[CardId]:
    """The card ids in the fields an event's type declares to hold one card or cards
    (:mod:`rr.events.card_fields`, whatever their names); with ``choices``, also the card a
    decision's option picks and the card its source names (here they are
    :meth:`Seen._decided`'s). ``fuzz.oracle`` counts with this one too: it uses nothing of
    the engine's knowledge."""
    found: set[CardId] = set()
    for field in card_fields(type(event)):
        value = getattr(event, field.name)
        if field.holds is Holds.CARD and value is not None:
            found.add(value)
        elif field.holds is Holds.CARDS:
            found |= set(value)
        elif choices and ((field.holds is Holds.OPTION and isinstance(value, PickCard))
                          or (field.holds is Holds.SOURCE and isinstance(value, ByCard))):
            found.add(value.card)
    return found


# --- checking what an observer was shown (JSON forms) ----------------------------------------


def card_ids(data: Any) -> set[str]:
    """Every card id ``data`` names: a whole string, or a word of a sentence."""
    found: set[str] = set()
    for text in _strings(data):
        if text in CARDS:
            found.add(text)
        elif " " in text:
            found |= {t for t in re.findall(r"[a-z0-9][a-z0-9_]*", text) if t in CARDS}
    return found


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from _strings(value)


def names_in(text: str) -> set[str]:
    """The character names in ``text``, less those found only inside a longer one."""
    found = {n for n in NAMES if n in text}
    return {n for n in found if not any(n != m and n in m for m in found)}


def view_problems(seen: Seen, observer: Observer, view: dict[str, Any],
                  face_down: Sequence[Sequence[bool]] | None = None,
                  exact: bool = True) -> list[str]:
    """What is wrong with ``view`` (``to_json(View)``, or a view answer's ``view``) as shown to
    ``observer`` now: a card it cannot see, a card misplaced, and with ``exact`` a card it sees
    that the view hides. ``face_down``: a seat answer's flags (``rr.seat_answer``)."""
    wrong: list[str] = []
    who = "the spectator" if observer is None else f"seat {observer}"
    if view.get("seat") != observer:
        wrong.append(f"a view for {view.get('seat')} sent to {who}")
    mine = None if observer is None else seen.hands[observer]
    if view.get("hand") != mine:
        wrong.append(f"{who}'s hand shown as {view.get('hand')}, not {mine}")
    if view.get("banished") != seen.banished:
        wrong.append(f"the banished pile shown as {view.get('banished')}")
    if view.get("deck_size") != len(seen.deck):
        wrong.append(f"the deck shown with {view.get('deck_size')} cards, not {len(seen.deck)}")
    for (loc, shown), place in zip(view.get("locations", ()), LOCATIONS):
        stack = seen.stacks[place]
        if loc != place.value or len(shown) != len(stack):
            wrong.append(f"{loc} shown as {shown}, not {len(stack)} cards")
            continue
        for card, there in zip(shown, stack):
            if card != HIDDEN and card != there:
                wrong.append(f"{who} is shown {card} on {loc} where {there} lies")
            elif card == there and not seen.knows(observer, there):
                wrong.append(f"{who} is shown {there} face down on {loc}")
            elif card == HIDDEN and (there not in seen.face_down or
                                     (exact and seen.knows(observer, there))):
                wrong.append(f"{who} is not shown {there} on {loc}, which it sees")
    if face_down is not None:
        flags = [[c in seen.face_down for c in seen.stacks[loc]] for loc in LOCATIONS]
        if [list(f) for f in face_down] != flags:
            wrong.append(f"face-down flags {face_down}, not {flags}")
    elsewhere = {(k["card"], _zone_key(k["zone"]), k.get("depth"))
                 for k in view.get("known_elsewhere") or ()}
    expected = set() if seen.over else _elsewhere(seen, observer)
    for item in sorted(elsewhere - expected, key=str):
        wrong.append(f"{who} is shown {item[0]} in {item[1]} (depth {item[2]}), "
                     "which it cannot see there")
    if exact:
        for item in sorted(expected - elsewhere, key=str):
            wrong.append(f"{who} is not shown {item[0]} in {item[1]}, which it sees")
    final = view.get("final_hands")
    if seen.over and final != [list(h) for h in seen.hands]:
        wrong.append(f"the final hands shown as {final}")
    if not seen.over and final is not None:
        wrong.append(f"hands shown before the end: {final}")
    return wrong


def _zone_key(zone: dict[str, Any]) -> tuple[str, int | None]:
    return zone["kind"], zone.get("seat")


def _elsewhere(seen: Seen, observer: Observer) -> set[tuple[str, tuple[str, int | None],
                                                          int | None]]:
    """The cards ``observer`` sees in other hands and in the deck, as a view lists them."""
    found: set[tuple[str, tuple[str, int | None], int | None]] = set()
    for seat, hand in enumerate(seen.hands):
        if seat != observer:
            found |= {(c, ("hand", seat), None) for c in hand if seen.knows(observer, c)}
    top = len(seen.deck) - 1
    found |= {(c, ("deck", None), top - i) for i, c in enumerate(seen.deck)
              if seen.knows(observer, c)}
    return found


def pending_problems(seen: Seen, observer: Observer, pending: dict[str, Any] | None
                     ) -> list[str]:
    """What is wrong with a pending decision as shown to ``observer``: its source or prompt
    names a card the observer cannot see, or the observer is shown another seat's options,
    or its own options name a card it cannot see."""
    if pending is None:
        return []
    who = "the spectator" if observer is None else f"seat {observer}"
    wrong: list[str] = []
    asked = pending.get("source")  # ["rule", id] or ["card", id] (rr.decisions.Source)
    source = asked[1] if isinstance(asked, list) and len(asked) == 2 and asked[0] == "card" \
        and isinstance(asked[1], str) else ""
    if source in CARDS and not seen.knows(observer, CardId(source)):
        wrong.append(f"{who} is shown a question asked by {source}, which it cannot see")
    wrong += [f"{who} is shown {c} in the prompt {pending.get('prompt')!r}"
              for c in text_cards(str(pending.get("prompt", "")), source)
              if not seen.knows(observer, c)]
    options = pending.get("options")
    if pending.get("seat") != observer:
        if options is not None:
            wrong.append(f"{who} is shown seat {pending.get('seat')}'s options")
        return wrong
    for option in options or ():
        form = option["option"] if isinstance(option, dict) and "option" in option else option
        for card in card_ids(form):
            if not seen.knows(observer, CardId(card)):
                wrong.append(f"{who} is offered {card}, which it cannot see")
    return wrong


def text_cards(text: str, source: str = "", free: Iterable[str] = ()) -> set[CardId]:
    """The cards a sentence names: by id, and by name — less the names the printed texts
    quote (when ``source`` is a card, its own texts'; else every printed text's) and the
    names in ``free`` (a name said aloud: Roque's guess, an Orange's declaration)."""
    quoted: Iterable[str]
    if source in CARDS:
        c = CARDS[CardId(source)]
        printed = " ".join(t for t in (c.deploy, c.end_game, c.end_of_game, c.block) if t)
        quoted = {n for n in NAMES if n in printed}
    else:
        quoted = PRINTED_NAMES
    named = {CardId(c) for c in card_ids(text)}
    named |= {NAMES[n] for n in names_in(text) if n not in quoted and n not in set(free)}
    return named


def told_problems(allowed: frozenset[CardId], record: Any, observer: Observer,
                  index: int) -> list[str]:
    """What is wrong with a record (``[tag, payload]``) as told to ``observer``: a card in
    it that the observer may not be told."""
    who = "the spectator" if observer is None else f"seat {observer}"
    return [f"{who} is told {c} in record {index} {record[0]}"
            for c in sorted(card_ids(record) - {HIDDEN}) if c not in allowed]


def free_names(event: Event) -> set[str]:
    """Names said aloud in ``event``: a guess by name (Roque), a declared name (Orange)."""
    if isinstance(event, DecisionMade) and isinstance(event.option, PickName):
        return {event.option.name}
    if isinstance(event, CardDeclared) and event.declaration is not None \
            and event.declaration.name is not None:
        return {event.declaration.name}
    return set()
