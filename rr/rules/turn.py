"""RR-TURN-*, RR-LEAD-*, RR-SCOUT-*: one player's turn.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from itertools import chain

from rr.cards.catalogue import card as card_data
from rr.cards.registry import abilities
from rr.decisions import Ask, ByRule
from rr.effects.bonuses import location_bonus, roll_and_gain
from rr.effects.cards import gain_top_of_deck, named, place, zone_of
from rr.effects.play import END_TURN, Ability, Hooks, Play, Then, TurnLog
from rr.effects.program import Program, Table, ask
from rr.effects.tokens import endless
from rr.events.types import (
    AbilityMissing,
    CardDeployed,
    CardGained,
    CardRevealed,
    TurnEnded,
    TurnKind,
    TurnStarted,
)
from rr.model import LOCATIONS, CardId, Location, Seat, Zone, ZoneKind
from rr.once import made_once
from rr.options import GainTop, Lead, Option, Scout
from rr.state import GameState


# Enum members the rules read on every decision, as globals: in Python 3.11 reading a
# member from its class takes the slow path EnumType.__getattr__ puts every class
# attribute on, about 90 ns a read (issue #12).
_TURN, _GAIN, _NORMAL, _HAND = Ask.TURN, Ask.GAIN, TurnKind.NORMAL, ZoneKind.HAND

LEAD_OR_SCOUT = ByRule("RR-TURN-1")
"""The source of the turn's question, Lead or Scout (RR-TURN-1)."""
SCOUT_PLACE = ByRule("RR-SCOUT-1")
"""The source of where a scouted card is placed (RR-SCOUT-1)."""
FINAL_GAIN = ByRule("RR-LEAD-3")
"""The source of a Lead's final gain (RR-LEAD-3)."""


def turn_options(state: GameState, seat: Seat) -> tuple[Option, ...]:
    """RR-TURN-1: Lead (a card of the hand on a location) or Scout (RULING-B1: needs a deck).

    Distinct: a hand holds a card once, and the locations are distinct."""
    return _turn_options(state.players[seat].hand, bool(state.deck))


def _turn_options(hand: tuple[CardId, ...], scout: bool) -> tuple[Option, ...]:
    """The turn's options for a hand, from each card's Leads made once. (Not cached by hand:
    a hand is seldom met twice, and a cache's misses cost more than it saved; issue #12.)"""
    if not hand:
        return (Lead(None, None), _SCOUT) if scout else (Lead(None, None),)
    leads = chain.from_iterable(map(_leads, hand))  # in C: a turn lists about 20 (#12)
    return (*leads, _SCOUT) if scout else tuple(leads)


_SCOUT = Scout()


@made_once  # a dict read in C, not functools.cache (issue #30, rr.once)
def _leads(card: CardId) -> tuple[Lead, ...]:
    """The Leads of ``card``, one per location, made once: options are frozen values, and
    every turn offers about 21 of them (issue #12)."""
    return tuple(Lead(card, loc) for loc in LOCATIONS)


def take_turn(table: Table, seat: Seat, kind: TurnKind = TurnKind.NORMAL,
              cannot_gain: frozenset[CardId] = frozenset()) -> Program[None]:
    """A whole turn of ``seat``: Lead or Scout."""
    yield TurnStarted(seat, kind)
    if kind is _NORMAL and (ended := endless(table.state, seat)) is not None:
        yield ended  # RULING-B11, RULING-B12
    log = TurnLog(seat, set(), set(), cannot_gain)  # by position: no keyword to match (#30)
    choice = yield from ask(table, seat, _TURN, LEAD_OR_SCOUT, "Lead or Scout",
                            turn_options(table.state, seat), distinct=True, cards=False)
    if type(choice) is Lead:
        # RR-LEAD-1..6: deploy (unless the hand is empty), then the final gain step. Written
        # here rather than as a program of its own: every event of a Lead's ability passes
        # through each program it is nested in, so one fewer costs less (issue #32).
        then: Then | None = None
        if choice.card is not None and choice.location is not None:
            then = yield from deploy(table, log, choice.card, choice.location, Zone.hand(seat))
        if then is not END_TURN:  # RR-LEAD-6
            yield from final_step(table, log)
    else:
        assert isinstance(choice, Scout)
        yield from scout(table, seat)
    yield TurnEnded(seat)


def scout(table: Table, seat: Seat) -> Program[None]:
    """RR-SCOUT-1: reveal the deck's top card, place it on a location, gain that bonus."""
    card = table.state.deck[-1]
    yield CardRevealed(card, Zone.deck(), seat)
    where = yield from ask(table, seat, Ask.LOCATION, SCOUT_PLACE,
                           f"Place {named(table.state, card)} on a location", LOCATIONS,
                           distinct=True)
    yield from place(table, card, where)
    yield from location_bonus(table, seat, where)


def hooks() -> Hooks:
    """The rules abilities may invoke: one value, made once (it is asked for every deploy)."""
    return _HOOKS


def _deploy_another(p: Play, card: CardId, location: Location) -> Ability:
    """RR-LEAD-8: deploy another card, face up, triggering its ability."""
    assert p.turn is not None
    return deploy(p.table, p.turn, card, location, zone_of(p.state, card))


def _turn_out_of_order(table: Table, seat: Seat, cannot_gain: frozenset[CardId]
                       ) -> Program[None]:
    return take_turn(table, seat, TurnKind.OUT_OF_ORDER, cannot_gain)


_HOOKS = Hooks(deploy=_deploy_another, turn_out_of_order=_turn_out_of_order)
"""What :func:`hooks` gives: a value, read by :func:`deploy` without a call (issue #30)."""


def deploy(table: Table, log: TurnLog, card: CardId, location: Location, source: Zone
           ) -> Ability:
    """RR-LEAD-1, RR-LEAD-2: put ``card`` face up on top of ``location``, then its ability."""
    seat = log.seat
    under = table.state.top(location)
    # source == Zone.hand(seat), read field by field: at every deploy (issue #30)
    from_hand = source.kind is _HAND and source.seat == seat and source.location is None
    yield CardDeployed(seat, card, location, None if from_hand else source)
    log.deployed_to.add(location)
    if card_data(card).deploy is None:
        return None
    found = abilities(card)
    if found.deploy is None:
        yield AbilityMissing(card, "deploy")
        return None
    if found.trade:
        if card in log.trades:
            return None  # RR-ABIL-4
        log.trades.add(card)
    then: Then | None = yield from found.deploy(
        Play(table, seat, card, location, under, log, _HOOKS))
    return then


_GAINS: dict[Location | None, GainTop] = {loc: GainTop(loc) for loc in (*LOCATIONS, None)}
"""The final step's options, made once."""


def final_step(table: Table, log: TurnLog) -> Program[None]:
    """RR-LEAD-3 / RR-LEAD-4, once per Lead; nothing if neither is possible (RULING-B2)."""
    state = table.state
    deployed_to, cannot_gain = log.deployed_to, log.cannot_gain
    options: list[GainTop] = [
        _GAINS[loc] for loc, stack in zip(LOCATIONS, state.locations)
        if stack and loc not in deployed_to and stack[-1] not in cannot_gain
    ]
    if state.deck:
        options.append(_GAINS[None])
    if not options:
        return
    choice = yield from ask(table, log.seat, _GAIN, FINAL_GAIN,
                            "Gain the top card of a location or of the deck", options,
                            distinct=True, cards=False)  # one per location, and the deck
    if choice.location is None:
        yield from gain_top_of_deck(table, log.seat)
        yield from roll_and_gain(table, log.seat)
        return
    top = table.state.top(choice.location)
    assert top is not None
    yield CardGained(log.seat, top, Zone.at(choice.location))
    yield from location_bonus(table, log.seat, choice.location)
