"""GameState and the fold: ``state = reduce(apply, events, EMPTY)``.

Internal (no stable API).

``apply`` never consults the rules, randomness or the clock: one small function per event type
records what the event says. It does check that the event is possible (the card is where the
event says, counts stay in bounds), so a tampered log fails loudly instead of folding to nonsense.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import reduce
from typing import Any, TypeVar

from attrs import frozen

from rr.automa import SoloState
from rr.errors import BadInputError, CorruptLogError
from rr.events.parts import FOLDS, folds
from rr.events.types import (
    AbilityMissing,
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
    CardsSeen,
    CardsShuffled,
    DecisionMade,
    DeckShuffled,
    DieRolled,
    Event,
    FirstPlayerChosen,
    FleetAdvanced,
    FleetRegressed,
    EndCondition,
    EndTrigger,
    GameEndTriggered,
    GameScored,
    GameStarted,
    HeliumGained,
    HeliumLost,
    HeliumPaid,
    HousesDealt,
    InfluencePlaced,
    InfluenceRemoved,
    Phase,
    PhaseChanged,
    PointsScored,
    SeedRevealed,
    SovereignTaken,
    TurnEnded,
    TurnKind,
    TurnStarted,
)
from rr.knowledge import TEACHES, Known, learn
from rr.model import (
    FLEET_MAX,
    INFLUENCE_TOKENS,
    LOCATIONS,
    CardId,
    Declaration,
    House,
    Location,
    Seat,
    Zone,
    ZoneKind,
)
from rr.randomness import Secret, SeedOrigin, is_commitment, salt_of
from rr.ruleset import RULES_VERSION, UNNAMED_RULES_VERSIONS, Reading, Ruleset


@frozen(slots=False)
class PlayerState:
    name: str
    house: House | None = None
    hand: tuple[CardId, ...] = ()
    helium: int = 0
    fleet: int = 0
    """Position on the Fleet Track, 0..10."""
    influence: int = 0
    """Influence tokens placed on the Institute, 0..10."""
    turns: int = 0
    """Turns taken that count toward the equal turn count (RR-END-3)."""
    extra_turns: int = 0
    """Turns that do not count: Apollo's last turn, out-of-order turns."""
    points: tuple[tuple[CardId, int], ...] = ()
    """Points won by end-of-game abilities (Hacker), by card."""
    declarations: tuple[tuple[CardId, Declaration | None], ...] = ()
    """End-of-game declarations of Gray colours and Orange names (None: the best)."""

    def __attrs_post_init__(self) -> None:
        _combined(self)


FACE_DOWN = CardId("?")
"""A face-down card in a :data:`TablePosition`: the table sees its back only (the same mark
as ``rr.views.HIDDEN``)."""


TablePosition = tuple[
    int, tuple[tuple[int, int, int, int], ...], Seat | None, tuple[CardId, ...],
    tuple[tuple[CardId, ...], ...],
    tuple[int, int, tuple[int, ...], tuple[str, ...], str | None] | None]
"""RULING-B11: the position at the start of a round, as the whole table sees it.

Two positions are the same when everyone at the table sees the same. In order: the deck's
size; each player's hand size, Helium, Fleet position and Influence, in seat order; the holder
of the Sovereign token; the banished pile; each location's cards, a face-down card by its back
only (:data:`FACE_DOWN`); Au Toma's deck size, set-aside count, discard pile, priority letters
and odd/even side (``Parity.value``), or ``None`` in a game between players. What only some
seats know (the cards in a hand, the deck's order, a face-down card) is left out, so that the
ruling tells no seat anything; turn counts too, as they grow every round.

A plain tuple, made, hashed and compared in C, once a round (the fold's speed, issue #12); the
fields that most often differ and cost least to compare come first, so that most comparisons
of :func:`times_met` stop there."""

Positions = tuple[TablePosition, ...]
"""RULING-B11: every position met at the start of a round so far, in order (recorded while the
ruling is in play and the end is not triggered)."""


def times_met(positions: Positions) -> int:
    """How often the latest position recorded in ``positions`` has been met, that time
    included (0 before any). In C: a tuple's ``count``, whose comparisons of positions mostly
    stop at their first field."""
    return positions.count(positions[-1]) if positions else 0


def relabel_positions(positions: Positions, relabel: Callable[[CardId], CardId],
                      automa: Callable[[int], int] | None = None) -> Positions:
    """``positions`` with every card ``c`` named ``relabel(c)`` and every Au Toma card ``a``
    numbered ``automa(a)``: for a sample, whose history is relabelled
    (``rr.sampling.relabel_state``), so that its state stays the fold of its events."""
    def one(p: TablePosition) -> TablePosition:
        deck, players, sovereign, banished, locations, automa_part = p
        if automa_part is not None and automa is not None:
            cards, aside, discard, priority, parity = automa_part
            automa_part = (cards, aside, tuple(map(automa, discard)), priority, parity)
        return (deck, players, sovereign, tuple(map(relabel, banished)),
                tuple(tuple(map(relabel, s)) for s in locations), automa_part)

    return tuple(map(one, positions))


def table_position(state: GameState) -> TablePosition:
    """RULING-B11: the position of ``state``, at the start of a round."""
    face_down, locations = state.face_down, state.locations
    if face_down:
        locations = tuple([stack if face_down.isdisjoint(stack) else
                           tuple([FACE_DOWN if c in face_down else c for c in stack])
                           for stack in locations])
    solo = state.solo
    return (len(state.deck),
            tuple([(len(p.hand), p.helium, p.fleet, p.influence) for p in state.players]),
            state.sovereign, state.banished, locations,
            None if solo is None else (len(solo.deck), len(solo.set_aside), solo.discard,
                                       solo.priority,
                                       None if solo.parity is None else solo.parity.value))


@frozen(slots=False)
class GameState:
    """Everything on the table. Stacks run bottom to top; the deck's top card is ``deck[-1]``.

    Frozen like every state: nobody changes one. Its fields live in a ``__dict__`` (not
    ``__slots__``) only so that the fold can copy one in a single step (``_copy``)."""

    players: tuple[PlayerState, ...] = ()
    ruleset: Ruleset = Ruleset()
    commitment: str | None = None
    """The commitment to the game's randomness (RR-VIEW-10, :mod:`rr.randomness`); the seed
    itself is in no state until the end."""
    seed_origin: SeedOrigin = SeedOrigin.NONE
    revealed_seed: int | None = None
    """The seed, once the game is over and ``SeedRevealed`` has opened the commitment."""
    deck: tuple[CardId, ...] = ()
    locations: tuple[tuple[CardId, ...], ...] = ((), (), (), ())
    face_down: frozenset[CardId] = frozenset()
    known: Known = ()
    """For each seat, the cards whose hidden place it knows, then the same for the whole table
    (what a spectator knows, RR-VIEW-8): ``rr.knowledge``, RR-VIEW-*."""
    banished: tuple[CardId, ...] = ()
    sovereign: Seat | None = None
    neutral_influence: int = 0
    first_player: Seat | None = None
    phase: Phase = Phase.SETUP
    turns: tuple[tuple[Seat, TurnKind], ...] = ()
    """The turns under way, innermost last: an out-of-order turn (Loan Shark) runs inside
    another player's turn."""
    end_triggered_by: Seat | None = None
    """The seat whose turn it was when the game end was triggered (RR-END-1)."""
    events: int = 0
    """How many events have been folded."""
    totals: tuple[int, ...] | None = None
    winners: tuple[Seat, ...] | None = None
    solo: SoloState | None = None
    """Tull Au Toma's seat and components in a solo game (RR-SOLO-*); None otherwise."""
    positions: Positions = ()
    """The positions met at the start of each round (RULING-B11, ``repetition_ends_game``)."""
    rules_version: int = RULES_VERSION
    """The version of rr's rulings the game is played under (``GameStarted.rules_version``;
    the newest of :data:`rr.ruleset.UNNAMED_RULES_VERSIONS` when it names none, unless
    ``rr.engine.Game.resume`` found the log played under another)."""

    def __attrs_post_init__(self) -> None:
        _combined(self)

    # --- reading -----------------------------------------------------------------------------

    def reads(self, reading: Reading) -> bool:
        """Whether this game reads a ruling as ``reading`` says (it was recorded under that
        reading's rules version or a later one), rather than as it was before."""
        return self.rules_version >= reading.since

    def stack(self, location: Location) -> tuple[CardId, ...]:
        """The cards on ``location``, bottom to top."""
        return self.locations[_INDEX[location]]

    def top(self, location: Location) -> CardId | None:
        stack = self.locations[_INDEX[location]]  # stack, inline: asked often (issue #30)
        return stack[-1] if stack else None

    def hand(self, seat: Seat) -> tuple[CardId, ...]:
        return self.players[seat].hand

    @property
    def seats(self) -> range:
        return range(len(self.players))

    @property
    def turn_seat(self) -> Seat | None:
        """Whose turn it is (``None`` between turns)."""
        return self.turns[-1][0] if self.turns else None

    @property
    def end_triggered(self) -> bool:
        return self.end_triggered_by is not None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def zone_of(self, card: CardId) -> Zone | None:
        """Where ``card`` is now, or ``None`` if it is nowhere (not yet dealt)."""
        # A card is in one place only, so the order of the search is the cheapest first:
        # the cards asked about are most often on a location or the deck's top, and the
        # deck is the longest.
        deck = self.deck
        if deck and deck[-1] == card:
            return Zone.deck()
        for loc, stack in zip(LOCATIONS, self.locations):
            if card in stack:
                return Zone.at(loc)
        for seat, player in enumerate(self.players):
            if card in player.hand:
                return Zone.hand(seat)
        if card in self.banished:
            return Zone.banished()
        if card in deck:
            return Zone.deck()
        return None  # also a card out of the game (RR-SOLO-5)

    def cards_in(self, zone: Zone) -> tuple[CardId, ...]:
        if zone.kind is ZoneKind.DECK:
            return self.deck
        if zone.kind is ZoneKind.BANISHED:
            return self.banished
        if zone.kind is ZoneKind.HAND:
            assert zone.seat is not None
            return self.players[zone.seat].hand
        assert zone.location is not None
        return self.stack(zone.location)

    def is_automa(self, seat: Seat | None) -> bool:
        """Whether ``seat`` is Tull Au Toma (RR-SOLO-1)."""
        return self.solo is not None and seat == self.solo.seat

    def next_seat(self, seat: Seat) -> Seat:
        """The player to the left: next in clockwise order."""
        return (seat + 1) % len(self.players)

    def previous_seat(self, seat: Seat) -> Seat:
        """The player to the right: the one who plays just before ``seat``."""
        return (seat - 1) % len(self.players)


_INDEX: Mapping[Location, int] = {loc: i for i, loc in enumerate(LOCATIONS)}
_CONDITIONS: tuple[EndCondition, ...] = tuple(EndCondition)


# --- the builder: the one place that writes into a state ------------------------------------
# GameState and PlayerState are frozen to everyone: attrs refuses ``state.x = y``. Only the
# fold makes new ones, and only through the functions of this section (and the first lines
# of ``apply``, the same step inline, as it runs for every event): a new state is an empty
# object given a dict of fields (its class's ``__dict__`` slot, set directly), a copy of the
# state before. ``apply`` hands that dict (:data:`Fields`) to the event's handler, which
# writes the event's changes into it until ``apply`` returns the state; from then on nobody
# writes it. A player is changed by a new PlayerState put in the new state's ``players``
# (:func:`_with_player`; ``_turn_started`` does the same inline, once a turn), never in
# place: the old one is shared with the states before. (docs/ARCHITECTURE.md, "Speed".)


Fields = dict[str, Any]
"""The fields of the state ``apply`` is making, by name: writable until ``apply`` returns it."""

_Value = TypeVar("_Value", GameState, PlayerState)

_new = object.__new__
_set_state_fields = vars(GameState)["__dict__"].__set__
_set_player_fields = vars(PlayerState)["__dict__"].__set__
"""Give a new GameState, or a new PlayerState, the dict of its fields: each class's own
``__dict__`` slot, set directly, where ``object.__setattr__`` looks the slot up on the type
first (about 450 machine instructions a state, four states a decision; issue #30)."""
_SET_FIELDS: Mapping[type, Callable[[Any, Fields], None]] = {
    GameState: _set_state_fields, PlayerState: _set_player_fields}


def _combined(value: GameState | PlayerState) -> None:
    """Give a state made by ``__init__`` a dict of its own (``__init__`` leaves it one that
    shares its keys with the class's other instances). The fold copies that dict for every
    state after, and CPython reads an attribute from a dict of its own about 2.5 times as fast
    as from a shared-key one: the rules read the state's fields everywhere (issue #12)."""
    _SET_FIELDS[type(value)](value, dict(value.__dict__))


def _copy(value: _Value, changes: Mapping[str, object] | None = None) -> _Value:
    """A new object with ``value``'s fields (and ``changes``), which it shares: they are
    tuples, frozensets and other frozen values, never changed. One dict copy, several times
    cheaper than ``attrs.evolve``, which checks the names and calls ``__init__``."""
    fields = value.__dict__.copy()
    if changes:
        fields.update(changes)
    new = _new(type(value))
    _SET_FIELDS[type(value)](new, fields)
    return new


def _with_hand(player: PlayerState, hand: tuple[CardId, ...]) -> PlayerState:
    """A copy of ``player`` holding ``hand``."""
    fields = player.__dict__.copy()
    fields["hand"] = hand
    new = _new(PlayerState)
    _set_player_fields(new, fields)
    return new


def _with_player(s: GameState, w: Fields, seat: Seat, **changes: object) -> None:
    """Replace the player in ``seat`` by a copy with ``changes``: a PlayerState is shared
    with the states before, so it is copied, never changed."""
    if not 0 <= seat < len(s.players):
        raise CorruptLogError(f"no player in seat {seat}")
    players = list(s.players)
    fields = players[seat].__dict__.copy()
    fields.update(changes)
    new = players[seat] = _new(PlayerState)
    _set_player_fields(new, fields)
    w["players"] = tuple(players)


EMPTY = GameState()

# --- the fold -------------------------------------------------------------------------------


def _bad(event: Event, why: str) -> CorruptLogError:
    return CorruptLogError(f"{type(event).TAG}: {why}")


def _check_zone(state: GameState, event: Event, zone: Zone) -> None:
    """A zone an event names must exist: the hand of a seat in play, or a location."""
    if zone.kind is _HAND and (zone.seat is None or not 0 <= zone.seat < len(state.players)):
        raise _bad(event, f"there is no hand of seat {zone.seat}")
    if zone.kind is _LOCATION and zone.location is None:
        raise _bad(event, "a location zone names no location")


_HAND, _LOCATION, _DECK = ZoneKind.HAND, ZoneKind.LOCATION, ZoneKind.DECK


def _cards(s: GameState, event: Event, zone: Zone) -> tuple[CardId, ...]:
    """The cards in ``zone`` (which must exist, :func:`_check_zone`): ``GameState.cards_in``
    with the check, in one call (the fold reads two zones at every card move, issue #12)."""
    kind = zone.kind
    if kind is _LOCATION:
        if zone.location is None:
            raise _bad(event, "a location zone names no location")
        return s.locations[_INDEX[zone.location]]
    if kind is _HAND:
        seat = zone.seat
        if seat is None or not 0 <= seat < len(s.players):
            raise _bad(event, f"there is no hand of seat {seat}")
        return s.players[seat].hand
    return s.deck if kind is _DECK else s.banished


def _move(s: GameState, w: Fields, event: Event, card: CardId, source: Zone, to: Zone,
          index: int | None = None) -> None:
    """Take ``card`` from ``source`` and put it into ``to`` (on top, or at ``index`` from the
    bottom). Every card move of the fold comes here, so it is one function: the locations
    and the players are copied once each at most, even when both zones are of one kind."""
    _check_zone(s, event, to)
    stacks: list[tuple[CardId, ...]] | None = None
    players: list[PlayerState] | None = None
    cards = _cards(s, event, source)
    # Every card is in one place once (the oracle checks it), and it is most often the top:
    # then the stack (the deck: up to 112 cards) is not searched.
    if cards and cards[-1] == card:
        rest = cards[:-1]
    elif card in cards:
        at = cards.index(card)
        rest = cards[:at] + cards[at + 1:]
    else:
        raise _bad(event, f"{card} is not in {source}")
    kind = source.kind
    if kind is _LOCATION:
        assert source.location is not None
        stacks = list(s.locations)
        stacks[_INDEX[source.location]] = rest
        if card in s.face_down:
            w["face_down"] = s.face_down - {card}
    elif kind is _HAND:
        assert source.seat is not None
        players = list(s.players)
        players[source.seat] = _with_hand(players[source.seat], rest)
    elif kind is _DECK:
        w["deck"] = rest
    else:
        w["banished"] = rest
    kind = to.kind
    if kind is _LOCATION:
        assert to.location is not None
        if stacks is None:
            stacks = list(s.locations)
        at = _INDEX[to.location]
        stacks[at] = _inserted(stacks[at], card, index)
    elif kind is _HAND:
        assert to.seat is not None
        if players is None:
            players = list(s.players)
        player = players[to.seat]
        players[to.seat] = _with_hand(player, _inserted(player.hand, card, index))
    elif kind is _DECK:
        w["deck"] = _inserted(s.deck, card, index)
    else:
        w["banished"] = _inserted(s.banished, card, index)
    if stacks is not None:
        w["locations"] = tuple(stacks)
    if players is not None:
        w["players"] = tuple(players)


def _inserted(cards: tuple[CardId, ...], card: CardId, index: int | None
              ) -> tuple[CardId, ...]:
    """``cards`` with ``card`` on top, or at ``index`` from the bottom (clamped)."""
    if index is None:
        return cards + (card,)
    at = max(0, min(index, len(cards)))
    return cards[:at] + (card,) + cards[at:]


def _player(state: GameState, event: Event, seat: Seat) -> PlayerState:
    if not 0 <= seat < len(state.players):
        raise _bad(event, f"no player in seat {seat}")
    return state.players[seat]


@folds(GameStarted)
def _game_started(s: GameState, w: Fields, e: GameStarted) -> None:
    if s.players:
        raise _bad(e, "the game has already started")
    committed = e.seed_origin in _COMMITTED
    if committed != (e.commitment is not None):
        raise _bad(e, f"a game whose {e.seed_origin.describe()} has "
                      + ("a commitment" if committed else "no commitment") + " (RR-VIEW-10)")
    if e.commitment is not None and not is_commitment(e.commitment):
        raise _bad(e, "a commitment is 64 lowercase hex digits (SHA-256)")
    version = UNNAMED_RULES_VERSIONS[0] if e.rules_version is None else e.rules_version
    if type(version) is not int or not 1 <= version <= RULES_VERSION:
        raise _bad(e, f"rules version {e.rules_version!r} is not one this rr knows "
                      f"(1 to {RULES_VERSION}): a log of a newer rr?")
    solo = None
    if e.solo_level is not None:  # RR-SOLO-1: Tull Au Toma sits in the last seat
        solo = SoloState(seat=len(e.players) - 1, level=e.solo_level)
    w.update(vars(EMPTY), players=tuple(PlayerState(name=n) for n in e.players),
             ruleset=e.ruleset, commitment=e.commitment, seed_origin=e.seed_origin,
             neutral_influence=3 if len(e.players) == 2 else 0, solo=solo,
             rules_version=version)


_COMMITTED = frozenset({SeedOrigin.DRAWN, SeedOrigin.CHOSEN, SeedOrigin.JOINT})
"""The seed origins whose game publishes a commitment (and reveals the seed at the end)."""


@folds(SeedRevealed)
def _seed_revealed(s: GameState, w: Fields, e: SeedRevealed) -> None:
    if s.commitment is None:
        raise _bad(e, "this game made no commitment to a seed (RR-VIEW-10)")
    if s.revealed_seed is not None:
        raise _bad(e, "the seed was already revealed")
    if s.phase is not Phase.OVER:
        raise _bad(e, "the seed stays secret until the game is over (RR-VIEW-10)")
    try:
        opens = Secret(e.seed, salt_of(e.salt)).opens(s.commitment)
    except BadInputError as err:
        raise _bad(e, str(err)) from None
    if not opens:
        raise _bad(e, "the seed and salt do not open the game's commitment (RR-VIEW-10)")
    w["revealed_seed"] = e.seed


@folds(DeckShuffled)
def _deck_shuffled(s: GameState, w: Fields, e: DeckShuffled) -> None:
    if len(set(e.order)) != len(e.order):
        raise _bad(e, "a card appears twice in the shuffled order")
    if s.deck and sorted(e.order) != sorted(s.deck):
        raise _bad(e, "the shuffled order is not a permutation of the deck")
    w["deck"] = e.order


@folds(HousesDealt)
def _houses_dealt(s: GameState, w: Fields, e: HousesDealt) -> None:
    if len(e.houses) != len(s.players) or len(set(e.houses)) != len(e.houses):
        raise _bad(e, "needs one distinct house per player")
    if any((h is None) != s.is_automa(seat) for seat, h in enumerate(e.houses)):
        raise _bad(e, "every player but Tull Au Toma has a house (RR-SOLO-6)")
    w["players"] = tuple([_copy(p, {"house": h}) for p, h in zip(s.players, e.houses)])


@folds(FirstPlayerChosen)
def _first_player(s: GameState, w: Fields, e: FirstPlayerChosen) -> None:
    _player(s, e, e.seat)
    w["first_player"] = e.seat


@folds(CardDealt)
def _card_dealt(s: GameState, w: Fields, e: CardDealt) -> None:
    if not s.deck or s.deck[-1] != e.card:
        raise _bad(e, f"{e.card} is not the top card of the deck")
    to, players = e.to, s.players
    if to.kind is _HAND and to.seat is not None and 0 <= to.seat < len(players):
        w["deck"] = s.deck[:-1]  # into a hand: what _move does, in fewer steps (#12)
        _set_hand(w, players, to.seat, players[to.seat].hand + (e.card,))
        return
    _move(s, w, e, e.card, Zone.deck(), to)


@folds(PhaseChanged)
def _phase_changed(s: GameState, w: Fields, e: PhaseChanged) -> None:
    w["phase"] = e.phase


# Enum members the rules read on every decision, as globals: in Python 3.11 reading a
# member from its class takes the slow path EnumType.__getattr__ puts every class
# attribute on, about 90 ns a read (issue #12).
_END_OF_GAME, _NORMAL = TurnKind.END_OF_GAME, TurnKind.NORMAL


@folds(TurnStarted)
def _turn_started(s: GameState, w: Fields, e: TurnStarted) -> None:
    player = _player(s, e, e.seat)
    if e.kind is not _END_OF_GAME:
        # RULING-A12: an out-of-order turn counts only under its option, and never inside
        # Apollo's last turn, which is the last turn of the game (RR-END-4).
        counts = e.kind is _NORMAL or (
            e.kind is TurnKind.OUT_OF_ORDER and s.ruleset.loan_shark_turn_counts
            and all(kind is not TurnKind.APOLLO_LAST for _, kind in s.turns))
        fields = player.__dict__.copy()  # the builder's _with_player, inline: once a turn
        if counts:
            fields["turns"] = player.turns + 1
        else:
            fields["extra_turns"] = player.extra_turns + 1
        players = list(s.players)
        new = players[e.seat] = _new(PlayerState)
        _set_player_fields(new, fields)
        w["players"] = tuple(players)
        if (e.seat == s.first_player and e.kind is _NORMAL and s.end_triggered_by is None
                and s.ruleset.repetition_ends_game):  # a round starts: RULING-B11
            w["positions"] = s.positions + (table_position(s),)
    w["turns"] = s.turns + ((e.seat, e.kind),)


@folds(TurnEnded)
def _turn_ended(s: GameState, w: Fields, e: TurnEnded) -> None:
    turns = s.turns
    if not turns or turns[-1][0] != e.seat:  # turn_seat, without its call: every turn (#30)
        raise _bad(e, f"it is not seat {e.seat}'s turn")
    w["turns"] = turns[:-1]


@folds(DecisionMade, CardsShuffled, BlockUsed, DieRolled, AbilityMissing)
def _unchanged(s: GameState, w: Fields, e: Event) -> None:
    pass


@folds(GameEndTriggered)
def _game_end_triggered(s: GameState, w: Fields, e: GameEndTriggered) -> None:
    if s.end_triggered:
        raise _bad(e, "the game end was already triggered")
    reason = e.reason
    if reason.trigger is EndTrigger.CONDITIONS:
        if list(reason.conditions) != sorted(set(reason.conditions), key=_CONDITIONS.index) \
                or len(reason.conditions) < (2 if reason.player is not None else 3):
            raise _bad(e, "an end by the conditions names two or three of them, in order, met "
                          "by one player, or all three (RR-END-1)")
        if reason.player is not None and not 0 <= reason.player < len(s.players):
            raise _bad(e, f"there is no seat {reason.player}")
    elif reason.conditions or reason.player is not None:
        raise _bad(e, f"an end by {reason.trigger.value} names no condition and no player")
    w["end_triggered_by"] = e.seat


@folds(GameScored)
def _game_scored(s: GameState, w: Fields, e: GameScored) -> None:
    w["totals"] = e.totals
    w["winners"] = e.winners


@folds(CardDeployed)
def _card_deployed(s: GameState, w: Fields, e: CardDeployed) -> None:
    at = _INDEX.get(e.location)
    players = s.players
    if (e.source is None and at is not None and 0 <= e.seat < len(players)
            and e.card in players[e.seat].hand):
        # From the hand: what _move does, in fewer steps (a third of the moves; #12)
        _set_hand(w, players, e.seat, _without(players[e.seat].hand, e.card))
        stacks = list(s.locations)
        stacks[at] += (e.card,)
        w["locations"] = tuple(stacks)
        return
    source, deck = e.source, s.deck
    if (source is not None and at is not None and source.kind is _DECK and deck
            and deck[-1] == e.card):
        # The deck's top: what _move does, in fewer steps (Au Toma's every card, RR-SOLO-9;
        # issue #32)
        w["deck"] = deck[:-1]
        stacks = list(s.locations)
        stacks[at] += (e.card,)
        w["locations"] = tuple(stacks)
        return
    _move(s, w, e, e.card, source or Zone.hand(e.seat), Zone.at(e.location))


@folds(CardGained)
def _card_gained(s: GameState, w: Fields, e: CardGained) -> None:
    source, players, card = e.source, s.players, e.card
    if (source.kind is _LOCATION and source.location is not None
            and 0 <= e.seat < len(players)):
        at = _INDEX[source.location]
        stack = s.locations[at]
        if card in stack:
            # From a location: what _move does, in fewer steps (a third of the moves; #12)
            stacks = list(s.locations)
            stacks[at] = _without(stack, card)
            w["locations"] = tuple(stacks)
            if card in s.face_down:
                w["face_down"] = s.face_down - {card}
            _set_hand(w, players, e.seat, players[e.seat].hand + (card,))
            return
    _move(s, w, e, card, source, Zone.hand(e.seat))


def _without(cards: tuple[CardId, ...], card: CardId) -> tuple[CardId, ...]:
    """``cards`` less ``card``, which is among them (most often on top)."""
    if cards[-1] == card:
        return cards[:-1]
    at = cards.index(card)
    return cards[:at] + cards[at + 1:]


def _set_hand(w: Fields, players: tuple[PlayerState, ...], seat: Seat,
              hand: tuple[CardId, ...]) -> None:
    changed = list(players)
    changed[seat] = _with_hand(players[seat], hand)
    w["players"] = tuple(changed)


@folds(CardPlaced)
def _card_placed(s: GameState, w: Fields, e: CardPlaced) -> None:
    _move(s, w, e, e.card, e.source, Zone.at(e.location), e.index)
    if e.face_down:
        w["face_down"] = s.face_down | {e.card}


@folds(CardMoved)
def _card_moved(s: GameState, w: Fields, e: CardMoved) -> None:
    face_down = e.card in s.face_down
    _move(s, w, e, e.card, Zone.at(e.source), Zone.at(e.location), e.index)
    if face_down:
        w["face_down"] = s.face_down | {e.card}  # moving does not turn it up


@folds(CardBanished)
def _card_banished(s: GameState, w: Fields, e: CardBanished) -> None:
    _move(s, w, e, e.card, e.source, Zone.banished())


@folds(CardReturnedToDeck)
def _card_returned(s: GameState, w: Fields, e: CardReturnedToDeck) -> None:
    _move(s, w, e, e.card, e.source, Zone.deck(), 0 if e.bottom else None)


@folds(CardPassed)
def _card_passed(s: GameState, w: Fields, e: CardPassed) -> None:
    _move(s, w, e, e.card, Zone.hand(e.giver), Zone.hand(e.receiver))


@folds(CardRevealed)
def _card_revealed(s: GameState, w: Fields, e: CardRevealed) -> None:
    cards = _cards(s, e, e.source)
    if not (cards and cards[-1] == e.card) and e.card not in cards:  # most often the top
        raise _bad(e, f"{e.card} is not in {e.source}")


@folds(CardsSeen)
def _cards_seen(s: GameState, w: Fields, e: CardsSeen) -> None:
    _player(s, e, e.seat)
    _check_zone(s, e, e.source)
    cards = s.cards_in(e.source)
    if not set(e.cards) <= set(cards) or len(set(e.cards)) != len(e.cards):
        raise _bad(e, f"not cards of {e.source}: {', '.join(e.cards)}")


@folds(CardSelectedAtRandom)
def _random_card(s: GameState, w: Fields, e: CardSelectedAtRandom) -> None:
    _check_zone(s, e, e.source)
    if e.card not in s.cards_in(e.source):
        raise _bad(e, f"{e.card} is not in {e.source}")


@folds(HeliumGained)
def _helium_gained(s: GameState, w: Fields, e: HeliumGained) -> None:
    player = _player(s, e, e.seat)
    if e.amount <= 0:
        raise _bad(e, f"cannot gain {e.amount} Helium (an amount is positive)")
    _with_player(s, w, e.seat, helium=player.helium + e.amount)


@folds(HeliumLost)
def _helium_lost(s: GameState, w: Fields, e: HeliumLost) -> None:
    player = _player(s, e, e.seat)
    if not 0 < e.amount <= player.helium:
        raise _bad(e, f"seat {e.seat} has {player.helium} Helium, cannot lose {e.amount}")
    _with_player(s, w, e.seat, helium=player.helium - e.amount)


@folds(HeliumPaid)
def _helium_paid(s: GameState, w: Fields, e: HeliumPaid) -> None:
    payer = _player(s, e, e.payer)
    _player(s, e, e.payee)
    if not 0 < e.amount <= payer.helium:
        raise _bad(e, f"seat {e.payer} has {payer.helium} Helium, cannot pay {e.amount}")
    _with_player(s, w, e.payer, helium=payer.helium - e.amount)
    _with_player(s, w, e.payee, helium=s.players[e.payee].helium + e.amount)


@folds(FleetAdvanced)
def _fleet_advanced(s: GameState, w: Fields, e: FleetAdvanced) -> None:
    player = _player(s, e, e.seat)
    if not player.fleet < e.position <= FLEET_MAX:
        raise _bad(e, f"cannot advance from {player.fleet} to {e.position}")
    _with_player(s, w, e.seat, fleet=e.position)


@folds(FleetRegressed)
def _fleet_regressed(s: GameState, w: Fields, e: FleetRegressed) -> None:
    player = _player(s, e, e.seat)
    if not 0 <= e.position < player.fleet:
        raise _bad(e, f"cannot regress from {player.fleet} to {e.position}")
    _with_player(s, w, e.seat, fleet=e.position)


@folds(InfluencePlaced)
def _influence_placed(s: GameState, w: Fields, e: InfluencePlaced) -> None:
    player = _player(s, e, e.seat)
    if not 0 < e.count <= INFLUENCE_TOKENS - player.influence:
        raise _bad(e, f"seat {e.seat} has {INFLUENCE_TOKENS - player.influence} Influence left")
    _with_player(s, w, e.seat, influence=player.influence + e.count)


@folds(InfluenceRemoved)
def _influence_removed(s: GameState, w: Fields, e: InfluenceRemoved) -> None:
    player = _player(s, e, e.seat)
    if not 0 < e.count <= player.influence:
        raise _bad(e, f"seat {e.seat} has {player.influence} Influence on the Institute")
    _with_player(s, w, e.seat, influence=player.influence - e.count)


@folds(SovereignTaken)
def _sovereign_taken(s: GameState, w: Fields, e: SovereignTaken) -> None:
    _player(s, e, e.seat)
    w["sovereign"] = e.seat


@folds(CardDeclared)
def _card_declared(s: GameState, w: Fields, e: CardDeclared) -> None:
    player = _player(s, e, e.seat)
    if e.card not in player.hand:
        raise _bad(e, f"{e.card} is not in seat {e.seat}'s hand")
    _with_player(s, w, e.seat, declarations=player.declarations + ((e.card, e.declaration),))


@folds(PointsScored)
def _points_scored(s: GameState, w: Fields, e: PointsScored) -> None:
    player = _player(s, e, e.seat)
    _with_player(s, w, e.seat, points=player.points + ((e.card, e.points),))


# --- the fold: a hand put back on top (RR-SOLO-14) --------------------------------------------
# Au Toma's own events fold in their module, rr.events.solo.


@folds(CardsPutOnTop)
def _put_on_top(s: GameState, w: Fields, e: CardsPutOnTop) -> None:
    hand = _player(s, e, e.seat).hand
    if len(set(e.cards)) != len(e.cards) or not set(e.cards) <= set(hand):
        raise _bad(e, f"the cards are not in seat {e.seat}'s hand")
    _with_player(s, w, e.seat, hand=tuple(c for c in hand if c not in e.cards) + e.cards)


_FOLD = FOLDS
"""How each event type folds: :data:`rr.events.parts.FOLDS`, each declared by
:func:`rr.events.parts.folds` beside its function."""


def apply(state: GameState, event: Event, decided: int = 0) -> GameState:
    """The state after ``event``. Raises :class:`CorruptLogError` if the event is impossible.

    ``state`` is never changed: the new state is one shallow copy of it (``_copy``), whose
    fields the event's handler replaces before anyone else sees it. That one copy replaces the
    two or three ``attrs.evolve`` calls per event this used to make: folding is most of the
    time of live play and resuming (issue #12).

    ``decided``: how many ``DecisionMade`` events come between ``state`` and ``event``, not
    folded into it: a ``DecisionMade`` changes nothing but the count of events, so the engine
    folds a decision together with the event after it, in one copy of the state (issue #32).
    The result is the state ``apply`` gives event after event."""
    if not state.players and not isinstance(event, GameStarted):
        raise CorruptLogError(f"event {state.events + decided}: {type(event).TAG} before "
                              "game_started")
    fields = state.__dict__.copy()  # the builder's first step (see its section), inline
    new = _new(GameState)
    _set_state_fields(new, fields)
    kind = type(event)
    count = state.events + decided
    if kind is DecisionMade:
        fields["events"] = count + 1
        return new  # a third of all events: it changes nothing but the count
    try:
        _FOLD[kind](new, fields, event)
    except CorruptLogError as err:
        raise CorruptLogError(f"event {count}: {err}") from None
    fields["events"] = count + 1
    if kind in TEACHES:  # any other event leaves what the seats know as it was
        fields["known"] = learn(state, event)
    return new


def fold(events: Iterable[Event], initial: GameState = EMPTY) -> GameState:
    """The state after every event of ``events``, in order."""
    return reduce(apply, events, initial)
