"""Information sets: the pieces ``Game.sample_for`` puts together (RR-VIEW-7).

A sample of seat *s*'s information set is the game with every card *s* does not know where it
lies — the deck, the other hands, the face-down cards *s* did not place — dealt again at
random among those same places. It is built by **relabelling**: a permutation of the unknown
cards is applied to the state at the last point the rules can restart from (the start of the
turn under way, of Apollo's last turn, or of the end of the game), and to the events since;
the rules then run again over those events. Whenever they do not produce them (the relabelled
cards would have made some rule act otherwise: a card revealed earlier in the turn and lost
from sight since, a hand that could not show a Red), the permutation contradicts what
happened, and another is drawn. So a sample is consistent with everything the seat knows and
with every rule that acted since the restart point.

The history before the restart point is relabelled but not re-adjudicated. It is relabelled
stretch by stretch, between the moments the seat lost sight of cards it knew, so that it agrees
with what the seat learnt about sets of cards (RR-VIEW-11, :mod:`rr.inferences`) and with
where every card it knew lay at every moment (:mod:`rr.dealing` deals it): played again from
its first record, it shows the seat exactly what it was shown (``fuzz/test_histories.py``).

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import pairwise
from typing import Any, cast

from attrs import evolve, frozen
from attrs import field as attribute

from rr.decisions import ByCard
from rr.effects.program import Program, Table
from rr.events.card_fields import CARD_FIELDS, Holds, card_fields
from rr.events.types import AutomaDeckShuffled, Event, TurnKind, TurnStarted
from rr.inferences import SetsLearnt
from rr.knowledge import TEACHES, Known, knows, learn_from
from rr.model import CardId, Seat
from rr.options import PickCard
from rr.rules.end import end_of_game, end_of_game_from
from rr.rules.game import play_from
from rr.rules.turn import take_turn
from rr.state import GameState, apply, relabel_positions

Relabel = Mapping[CardId, CardId]
AutomaRelabel = Mapping[int, int]
"""A permutation of Au Toma's own cards (numbered), for her deck and set-aside cards."""
Restart = Callable[[Table], Program[None]]


def unknown_cards(state: GameState, seat: Seat) -> list[CardId]:
    """The cards ``seat`` does not know where they lie: its information set deals them anew.
    Sorted by name: the same list in every game of the information set."""
    return sorted(unknown_by_place(state, seat))


def unknown_by_place(state: GameState, seat: Seat) -> list[CardId]:
    """The cards ``seat`` does not know where they lie (the deck, the other hands, the
    face-down cards it does not know), listed by where they lie, not by name: the deck from
    the bottom, the other hands seat by seat, then the face-down cards location by location
    from the bottom of each stack. ``Game.sample_for`` deals its shuffled cards to these
    places in this order, so a sample depends on what ``seat`` knows and on the random draws,
    never on which unknown card lies where (RR-VIEW-7)."""
    places = list(state.deck)
    for other, player in enumerate(state.players):
        if other != seat:
            places += player.hand
    for stack in state.locations:
        places += [c for c in stack if c in state.face_down]
    return [c for c in places if not knows(state, seat, c)]


def automa_by_place(state: GameState) -> list[int]:
    """Au Toma's cards of :func:`unknown_automa_cards`, by where they lie: her deck from the
    bottom, then the cards set aside."""
    solo = state.solo
    return [] if solo is None else [*solo.deck, *solo.set_aside]


def unknown_automa_cards(state: GameState) -> list[int]:
    """Au Toma's cards nobody knows the place of: her deck and the cards set aside unseen
    (RR-SOLO-2); her discard pile and the cards of the turn under way are face up."""
    return sorted(automa_by_place(state))


Point = tuple[int, GameState, Restart]
"""Where the rules can restart: an event's index, the state just before it, the program."""


def restart_point(events: Sequence[Event]) -> Point | None:
    """The last event the rules can restart from, the state just before it, and the program
    that plays on from there; ``None`` before the first turn (setup restarts from the start)."""
    return walk(events).point


@frozen
class Walk:
    """What :meth:`Game.sample_for` reads from a log, found in one fold over it."""

    point: Point | None
    """The restart point (:func:`restart_point`)."""
    learnt: SetsLearnt
    """What every seat and the table learnt about sets of cards (:mod:`rr.inferences`)."""
    automa_from: int
    """The index of Au Toma's last deck shuffle (RR-SOLO-2), 0 if none: her cards are dealt
    anew from there only; before it, every card she drew was seen by all."""
    length: int = 0
    """How many events were walked."""
    state: GameState = GameState()
    """The fold of those events, to walk on from."""
    last: Event | None = None
    """The last of them, to check that a log walked on from is the same log."""
    taught: list[tuple[int, GameState, Event]] = attribute(factory=list, eq=False, repr=False)
    """Every event that may change what a seat knows (:data:`rr.knowledge.TEACHES`), with its
    index and the state just before it: :func:`sample_knowledge` follows a sample's own
    knowledge through them."""
    unknown: dict[Seat, list[CardId]] = attribute(factory=dict, eq=False, repr=False)
    """:func:`unknown_by_place` of the position reached, by seat, found once (search draws
    a hundred samples of one position): see :meth:`unknown_of`."""

    def unknown_of(self, state: GameState, seat: Seat) -> list[CardId]:
        """``unknown_by_place(state, seat)``, ``state`` being the position this walk reached
        (a game's state after the events walked), found once per seat."""
        found = self.unknown.get(seat)
        if found is None:
            found = self.unknown[seat] = unknown_by_place(state, seat)
        return found


def walk(events: Sequence[Event], since: Walk | None = None) -> Walk:
    """One fold over ``events``: see :class:`Walk`. ``since``: a walk of the first events of
    the same log, walked on from rather than folded again (a game's log only grows; search
    draws samples at every decision)."""
    if since is None or since.length > len(events) or since.length == 0 \
            or events[since.length - 1] != since.last:
        since = None
    state = GameState() if since is None else since.state
    found: Point | None = None if since is None else since.point
    learnt = SetsLearnt() if since is None else since.learnt.copy()
    feed = learnt.feed
    automa_from = 0 if since is None else since.automa_from
    start = 0 if since is None else since.length
    # Copied, not shared: a game's clone walks on from the same walk along another log.
    taught = [] if since is None else list(since.taught)
    for index in range(start, len(events)):
        event = events[index]
        # The end of the game is a run of end-of-game steps (RULING-B9), each one a point.
        if isinstance(event, TurnStarted) and not state.turns:
            found = (index, state, turn_program(event))
        elif isinstance(event, AutomaDeckShuffled):
            automa_from = index
        if type(event) in TEACHES:
            taught.append((index, state, event))
        after = apply(state, event)
        feed(state, event, after)
        state = after
    return Walk(found, learnt, automa_from, len(events), state,
                events[-1] if events else None, taught)


def sample_knowledge(taught: Sequence[tuple[int, GameState, Event]],
                     stretches: Sequence[tuple[int, Relabel]], until: int,
                     known: Known) -> Known:
    """What every seat (and the table) knows just before event ``until`` in a sample whose
    log is relabelled stretch by stretch (``stretches``, :mod:`rr.dealing`), in the real
    game's names (the last stretch's relabelling turns them into the sample's): ``known``,
    the real game's, where no two stretches before ``until`` make it differ.

    Where a stretch begins, the sample's cards are the same places as the real game's but
    named by another relabelling, chosen by another route of the mixing there (an unseen
    pass: which card went). What each seat knows is carried over by name, so in the real
    game's names it is permuted there (``sigma_next⁻¹ ∘ sigma_before``); then it follows the
    real events, which teach alike whatever is known (:func:`rr.knowledge.learn_from`).
    Relabelling the real game's ``known`` instead would keep a seat knowing the card its real
    route left it, which the sample's log never showed it — and which would tell the seat the
    sample is drawn for how the real mixing went."""
    ordered = sorted(stretches, key=lambda stretch: stretch[0])
    turns: list[tuple[int, dict[CardId, CardId]]] = []
    for (_, before), (start, after) in pairwise(ordered):
        if start > until:
            break
        if before == after:
            continue
        back = {named: card for card, named in after.items()}
        turn = {}
        # Only the cards the two relabellings name otherwise can turn (a set operation in C).
        for card, _ in before.items() ^ after.items():
            named = before.get(card, card)  # its name in the sample before the stretch
            again = back.get(named, named)  # the real card that name stands for after
            if again != card:
                turn[card] = again
        if turn:
            turns.append((start, turn))
    if not turns:
        return known
    # ``now``: the sample's knowledge where it differs from the real game's, else None: it is
    # followed event by event only while it differs (a turn of cards every seat knows alike
    # changes nothing; a difference ends once those cards go where nobody follows them).
    now: Known | None = None
    pending = iter(turns)
    upcoming = next(pending, None)
    for index, state, event in taught:
        if index >= until:
            break
        real = state.known
        while upcoming is not None and upcoming[0] <= index:
            now = relabel_known(real if now is None else now, upcoming[1])
            upcoming = next(pending, None)
        if now is not None:
            now = None if now == real else learn_from(state, now, event)
    while upcoming is not None:  # stretches begun after the last teaching event
        now = relabel_known(known if now is None else now, upcoming[1])
        upcoming = next(pending, None)
    return known if now is None else now


def relabel_known(known: Known, turn: Mapping[CardId, CardId]) -> Known:
    """``known`` (what each seat knows) with every card ``c`` replaced by ``turn[c]``."""
    return tuple(frozenset([turn.get(c, c) for c in cards]) if not turn.keys().isdisjoint(cards)
                 else cards for cards in known)


def turn_program(event: TurnStarted) -> Restart:
    """The program that plays on from ``event``, a turn started when no other was under way."""
    seat = event.seat
    if event.kind is TurnKind.END_OF_GAME:
        return lambda table: end_of_game_from(table, seat)
    if event.kind is TurnKind.APOLLO_LAST:
        def apollo_last(table: Table) -> Program[None]:
            yield from take_turn(table, seat, TurnKind.APOLLO_LAST)  # RR-END-4
            yield from end_of_game(table)
        return apollo_last
    return lambda table: play_from(table, seat)


def relabel_state(state: GameState, sigma: Relabel, tau: AutomaRelabel | None = None
                  ) -> GameState:
    """``state`` with every card ``c`` replaced by ``sigma[c]`` and every Au Toma card ``a``
    by ``tau[a]`` (others unchanged)."""
    # A sample relabels one state for each of search's iterations: what names no card
    # relabelled is kept as it is (a set test in C), not rebuilt.
    moved = sigma.keys()
    get = sigma.get

    def one(card: CardId) -> CardId:
        return get(card, card)

    def many(cards: tuple[CardId, ...]) -> tuple[CardId, ...]:
        return cards if moved.isdisjoint(cards) else tuple([get(c, c) for c in cards])

    def each(cards: frozenset[CardId]) -> frozenset[CardId]:
        return cards if moved.isdisjoint(cards) else frozenset([get(c, c) for c in cards])

    players = tuple(p if moved.isdisjoint(p.hand) and not p.points and not p.declarations
                    else evolve(p, hand=many(p.hand),
                                points=tuple((one(c), n) for c, n in p.points),
                                declarations=tuple((one(c), d) for c, d in p.declarations))
                    for p in state.players)
    solo = state.solo
    if solo is not None and tau:
        def automa(cards: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(tau.get(a, a) for a in cards)
        solo = evolve(solo, deck=automa(solo.deck), set_aside=automa(solo.set_aside),
                      discard=automa(solo.discard), drawn=automa(solo.drawn))
    return evolve(state, players=players, deck=many(state.deck), solo=solo,
                  locations=tuple(many(s) for s in state.locations),
                  face_down=each(state.face_down),
                  banished=many(state.banished),
                  known=relabel_known(state.known, sigma),
                  positions=relabel_positions(  # RULING-B11's history
                      state.positions, one, (lambda a: tau.get(a, a)) if tau else None))


def relabel_event(event: Event, sigma: Relabel, tau: AutomaRelabel | None = None) -> Event:
    """``event`` with every card its card fields name (:mod:`rr.events.card_fields`)
    relabelled by ``sigma`` (Au Toma's by ``tau``)."""
    fields = CARD_FIELDS.get(type(event))
    if fields is None:
        fields = card_fields(type(event))
    # Only what changes is replaced: most events name no card that is dealt anew, and are
    # kept as they are (a sample relabels the whole log, and search draws many samples).
    changes: dict[str, Any] = {}
    for field in fields:
        value = getattr(event, field.name)
        holds = field.holds
        new: Any
        if holds is Holds.CARD:
            new = value if value is None else sigma.get(value, value)
        elif holds is Holds.CARDS:
            new = tuple(sigma.get(c, c) for c in value)
        elif holds is Holds.AUTOMA_CARD or holds is Holds.AUTOMA_CARDS:
            if not tau:
                continue
            new = (tau.get(value, value) if holds is Holds.AUTOMA_CARD
                   else tuple(tau.get(a, a) for a in value))
        elif holds is Holds.OPTION:
            new = (PickCard(sigma[value.card])
                   if isinstance(value, PickCard) and value.card in sigma else value)
        else:  # a decision's source
            new = (ByCard(sigma[value.card])
                   if type(value) is ByCard and value.card in sigma else value)
        if new != value:
            changes[field.name] = new
    return evolve(cast(Any, event), **changes) if changes else event


def relabelled(events: Sequence[Event], sigma: Relabel, tau: AutomaRelabel | None = None
               ) -> Iterator[Event]:
    return (relabel_event(e, sigma, tau) for e in events)


def relabelled_stretches(events: Sequence[Event], stretches: Sequence[tuple[int, Relabel]],
                         tau: AutomaRelabel | None = None, tau_from: int = 0, since: int = 0
                         ) -> list[Event]:
    """``events[since:]`` with each stretch relabelled by its own relabelling (``(first
    index, relabelling)``, in order, the first at 0: see :mod:`rr.dealing`), and Au Toma's
    cards by ``tau`` from event ``tau_from`` on. ``since``: the events before it are left
    out, not relabelled (a sample that keeps only the turn under way, for search)."""
    out: list[Event] = []
    starts = sorted({start for start, _ in stretches} | {tau_from})
    ends = starts[1:] + [len(events)]
    for start, end in zip(starts, ends):
        if end <= since:
            continue
        out += relabelled(events[max(start, since):end], stretch_at(stretches, start),
                          tau if start >= tau_from else None)
    return out


def stretch_at(stretches: Sequence[tuple[int, Relabel]], index: int) -> Relabel:
    """The relabelling of the stretch that holds event ``index``."""
    found = stretches[0][1]
    for start, sigma in stretches:
        if start > index:
            break
        found = sigma
    return found
