"""Dealing a sample of a seat's information set so that it contradicts nothing the seat has
learnt, places or sets (RR-VIEW-7, RR-VIEW-11); used by ``Game.sample_for``.

A sample deals the cards the seat does not know among the places they lie in. Places are named
by the card that really lies there (a *token*, see :mod:`rr.inferences`), and every draw is
made place by place, never by a card's name, so that the deal depends only on what the seat
knows and on the generator.

1. **Routes.** Where the seat lost sight of cards it knew (a :class:`~rr.inferences.Mixing`),
   the sample decides again how they were mixed: which slot of the hand the passed card came
   from (uniform among the slots that agree with what the seat knows now), or in which order
   the shuffled or placed cards went. Each card lost is followed along those routes to the
   place where it lies in the sample now. (The real game's routes are never read.)
2. **Deal.** The other unknown cards are dealt at random to the places left, the places a fact
   "holds none of these" names first, from the cards they may hold (constructive, so a deal
   rarely fails); a fact "at most n" with n > 0 is checked after.
3. **History.** The sample's log is the real log relabelled place by place, with one
   relabelling per stretch between mixings: going back from now, each mixing's route gives
   the relabelling before it. Every card the seat knew just before a mixing must come out
   where it was; every fact must hold where it was learnt. A deal that fails either is drawn
   again (``Game.sample_for`` counts the tries).

The result is a list of ``(first event index, relabelling)`` stretches.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rr.events.types import CardPassed, CardsSeen, DecisionMade, Event
from rr.inferences import AtMost, Mixing, Sets
from rr.knowledge import knows
from rr.model import CardId, Seat
from rr.options import PickCard
from rr.state import GameState

Relabel = dict[CardId, CardId]
Route = dict[CardId, CardId]
"""Where the card on each place of a mixing went in the sample: place before → place after."""
Stretches = list[tuple[int, Relabel]]


class Draws(Protocol):
    """What a deal draws from (``random.Random``)."""

    def shuffle(self, x: list[Any]) -> None: ...

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int: ...


def deal(state: GameState, seat: Seat, tokens: Sequence[CardId], sets: Sets,
         events: Sequence[Event], rng: Draws) -> Stretches | None:
    """A deal of the cards ``seat`` does not know (``tokens``: their places, by place) that
    agrees with ``sets``, as the relabelling of each stretch of ``events``; ``None`` if this
    draw contradicts something and another must be drawn."""
    unknown = frozenset(tokens)
    routes: dict[int, Route] = {}
    placed: dict[CardId, CardId] = {}  # place -> the card lost there
    for fact in sets.among:
        if not _route(state, seat, fact.mixings, unknown, routes, placed, rng):
            return None
    now = _now(tokens, placed, _translated(sets.at_most, routes, sets), rng)
    if now is None:
        return None
    return _history(now, sets, routes, events)


# --- 1. routes ------------------------------------------------------------------------------


def _route(state: GameState, seat: Seat, mixings: Sequence[Mixing], unknown: frozenset[CardId],
           routes: dict[int, Route], placed: dict[CardId, CardId], rng: Draws) -> bool:
    """Route the cards lost at ``mixings`` (one fact's, oldest first) to their places now."""
    where: dict[CardId, CardId] = {}
    for j, mixing in enumerate(mixings):
        for card in sorted(mixing.lost):
            if where.get(card, card) != card:
                return False  # known again at its own place since: the route must agree
            where[card] = card
        later = mixings[j + 1:]

        def fits(card: CardId, place: CardId, later: Sequence[Mixing] = later) -> bool:
            """Whether ``card`` may come out of this mixing onto ``place``."""
            for after in later:
                if card in after.lost:
                    return place == card  # known again there before that mixing
                if place in after.places:
                    return True  # mixed again: decided there
            if knows(state, seat, card):
                return place == card
            return place in unknown

        route = (_pass_route(mixing, where, fits, rng) if mixing.passed is not None
                 else _shuffle_route(mixing, where, fits, rng))
        if route is None:
            return False
        routes[mixing.at] = route
        where = {card: route.get(place, place) for card, place in where.items()}
    for card, place in sorted(where.items()):
        if knows(state, seat, card):
            if place != card:
                return False
        elif place in placed or place not in unknown:
            return False
        else:
            placed[place] = card
    return True


def _pass_route(mixing: Mixing, where: Mapping[CardId, CardId], fits: Any, rng: Draws
                ) -> Route | None:
    """A pass: the card from slot ``b`` of the hand went to the other hand, the others kept
    their order; ``b`` uniform among the slots that fit."""
    hand, passed = mixing.places, mixing.passed
    assert passed is not None
    kept = [c for c in hand if c != passed]
    followed = {place: card for card, place in where.items() if place in hand}
    options = []
    for b in range(len(hand)):
        route = {place: (kept[i] if i < b else passed if i == b else kept[i - 1])
                 for i, place in enumerate(hand)}
        if all(fits(card, route[place]) for place, card in followed.items()):
            options.append(route)
    if not options:
        return None
    chosen: Route = options[rng.randrange(len(options))]
    return chosen


def _shuffle_route(mixing: Mixing, where: Mapping[CardId, CardId], fits: Any, rng: Draws
                   ) -> Route | None:
    """Cards shuffled or taken up: any order; the cards followed first, each to a place it
    fits, the fewest choices first."""
    places = list(mixing.places)
    followed = [(place, card) for place in places
                for card, at in where.items() if at == place]
    free = list(places)
    route: Route = {}
    choices = {place: [p for p in places if fits(card, p)] for place, card in followed}
    for place, _ in sorted(followed, key=lambda pc: (len(choices[pc[0]]), places.index(pc[0]))):
        open_ = [p for p in choices[place] if p in free]
        if not open_:
            return None
        to = open_[rng.randrange(len(open_))]
        route[place] = to
        free.remove(to)
    rest = [p for p in places if p not in route]
    rng.shuffle(free)
    route.update(zip(rest, free))
    return route


# --- 2. the deal now ------------------------------------------------------------------------


def _translated(facts: Sequence[AtMost], routes: Mapping[int, Route], sets: Sets
                ) -> list[tuple[frozenset[CardId], frozenset[CardId], int]]:
    """Each fact's places followed along the sample's routes of the mixings after it: where
    those cards lie now, in the sample."""
    mixings = sorted((m for f in sets.among for m in f.mixings), key=lambda m: m.at)
    found = []
    for fact in facts:
        places = fact.places
        for mixing in mixings:
            if mixing.at > fact.at and not places.isdisjoint(mixing.places):
                route = routes[mixing.at]
                places = frozenset(route.get(p, p) for p in places)
        found.append((places, fact.cards, fact.count))
    return found


def _now(tokens: Sequence[CardId], placed: Mapping[CardId, CardId],
         facts: Sequence[tuple[frozenset[CardId], frozenset[CardId], int]], rng: Draws
         ) -> Relabel | None:
    """The card each unknown place holds in the sample: the cards routed there, then the rest
    dealt at random, the places a "none of these" fact restricts first."""
    free = [t for t in tokens if t not in placed]
    taken = set(placed.values())
    pool = sorted(c for c in tokens if c not in taken)
    forbidden: dict[CardId, frozenset[CardId]] = {}
    for places, cards, count in facts:
        if count == 0:
            for place in places:
                if place not in placed:
                    forbidden[place] = forbidden.get(place, frozenset()) | cards
    held: dict[CardId, CardId] = dict(placed)
    if forbidden:
        groups: dict[frozenset[CardId], list[CardId]] = {}
        for place in free:
            groups.setdefault(forbidden.get(place, frozenset()), []).append(place)
        for cards, group in sorted(groups.items(), key=lambda g: -len(g[0])):
            if not cards:
                continue
            allowed = [c for c in pool if c not in cards]
            if len(allowed) < len(group):
                return None
            rng.shuffle(allowed)
            held.update(zip(group, allowed))
            chosen = set(allowed[:len(group)])
            pool = [c for c in pool if c not in chosen]
        free = [t for t in free if t not in held]
    rng.shuffle(pool)
    held.update(zip(free, pool))
    for places, cards, count in facts:
        if sum(1 for p in places if held.get(p, p) in cards) > count:
            return None
    return {t: c for t, c in held.items() if t != c}


# --- 3. the history -------------------------------------------------------------------------


def switch(events: Sequence[Event], at: int) -> int:
    """The first event of the stretch after the mixing at ``at``: a pass from the choice of the
    card passed, a look after the cards looked at (the looker's choices follow), a shuffle at
    itself."""
    event = events[at]
    if isinstance(event, CardPassed) and at > 0:
        chosen = events[at - 1]
        if isinstance(chosen, DecisionMade) and chosen.seat == event.giver \
                and chosen.option == PickCard(event.card):
            return at - 1
    if isinstance(event, CardsSeen):
        return at + 1
    return at


def _history(now: Relabel, sets: Sets, routes: Mapping[int, Route],
             events: Sequence[Event]) -> Stretches | None:
    """The relabelling of each stretch, from now back to the start (see the module's 3)."""
    mixings = sorted((m for f in sets.among for m in f.mixings), key=lambda m: m.at,
                     reverse=True)
    stretches: Stretches = []
    after = now
    for mixing in mixings:
        route = routes[mixing.at]
        before = dict(after)
        for place in mixing.places:
            to = route.get(place, place)
            card = after.get(to, to)
            if card == place:
                before.pop(place, None)
            else:
                before[place] = card
        if any(before.get(card, card) != card for card in mixing.lost):
            return None
        stretches.append((switch(events, mixing.at), after))
        after = before
    stretches.append((0, after))
    stretches.reverse()
    return stretches
