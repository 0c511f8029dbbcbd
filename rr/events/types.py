"""Events: immutable facts that changed the game, named in the past tense.

Each class has a stable wire tag (``TAG``) that never changes once released; a changed
payload gets a new tag version (``/2``) and an upcaster in the codec. Events carry enough to
replay the game with no card code: the fold (``rr.state``) only records what they say.
"""

from __future__ import annotations

import enum
from typing import ClassVar, Union

from attrs import frozen

from rr.decisions import Source
from rr.events.words import event_words
from rr.events.solo import (  # Tull Au Toma's events (RR-SOLO-*), declared whole there
    AutomaCardDrawn as AutomaCardDrawn,
    AutomaCardsDiscarded as AutomaCardsDiscarded,
    AutomaCardsSetAside as AutomaCardsSetAside,
    AutomaDeckShuffled as AutomaDeckShuffled,
    CardsPutOnTop as CardsPutOnTop,
    CardsRemoved as CardsRemoved,
    OddEvenCardPlaced as OddEvenCardPlaced,
    PriorityCardsDealt as PriorityCardsDealt,
)
from rr.model import Bonus, CardId, Declaration, House, Location, Seat, Zone
from rr.options import Option
from rr.quick_init import quick_init
from rr.randomness import SeedOrigin
from rr.ruleset import RULES_VERSION, Ruleset

__all__ = [
    "EVENT_TYPES",
    "RANDOM_OUTCOMES",
    "AbilityMissing",
    "AutomaCardDrawn",
    "AutomaCardsDiscarded",
    "AutomaCardsSetAside",
    "AutomaDeckShuffled",
    "BlockUsed",
    "CardBanished",
    "CardDealt",
    "CardDeclared",
    "CardDeployed",
    "CardGained",
    "CardMoved",
    "CardPassed",
    "CardPlaced",
    "CardReturnedToDeck",
    "CardRevealed",
    "CardSelectedAtRandom",
    "CardsPutOnTop",
    "CardsRemoved",
    "CardsSeen",
    "CardsShuffled",
    "DecisionMade",
    "DeckShuffled",
    "DieRolled",
    "EndCondition",
    "EndReason",
    "EndTrigger",
    "Event",
    "FirstPlayerChosen",
    "FleetAdvanced",
    "FleetRegressed",
    "GameEndTriggered",
    "GameScored",
    "GameStarted",
    "HeliumGained",
    "HeliumLost",
    "HeliumPaid",
    "HousesDealt",
    "InfluencePlaced",
    "InfluenceRemoved",
    "OddEvenCardPlaced",
    "Phase",
    "PhaseChanged",
    "PointsScored",
    "PriorityCardsDealt",
    "SeedRevealed",
    "SovereignTaken",
    "TurnEnded",
    "TurnKind",
    "TurnStarted",
]



class TurnKind(enum.Enum):
    """What kind of turn a :class:`TurnStarted` begins: a normal one, or Apollo's extra
    last turn."""
    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__
    NORMAL = "normal"
    APOLLO_LAST = "apollo_last"
    """Apollo's extra last turn after the game end (RR-END-4)."""
    OUT_OF_ORDER = "out_of_order"
    """A turn taken out of order (Loan Shark, RULING-A12)."""
    END_OF_GAME = "end_of_game"
    """A player's end-of-game step (RR-END-5, RULING-B9): not a turn of the game, never
    counted."""


class Phase(enum.Enum):
    """The game's phase: setup, play, or the end of the game (RR-END-*)."""
    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__
    SETUP = "setup"
    PLAY = "play"
    END_OF_GAME = "end_of_game"
    OVER = "over"


# --- the game -------------------------------------------------------------------------------


@frozen
class GameStarted:
    """The first event: who plays, under which ruleset, and the commitment to the game's
    randomness (RR-VIEW-10).

    It never holds the seed: the seed is secret until the end (:mod:`rr.randomness`), when
    :class:`SeedRevealed` publishes it. Version 1 of this event (``game_started/1``) held the
    seed in plain sight; it is read as version 2 without a commitment, its origin
    :attr:`SeedOrigin.PUBLIC` (the codec's upcaster), the seed staying in the log's header."""

    TAG: ClassVar[str] = "game_started/2"
    players: tuple[str, ...]
    ruleset: Ruleset
    commitment: str | None = None
    """SHA-256 (hex) of the seed and a salt (:func:`rr.randomness.commitment`); ``None`` when
    there is no secret seed to commit to (origin :attr:`SeedOrigin.NONE` or ``PUBLIC``)."""
    houses: tuple[House, ...] | None = None
    """Houses given by the players, in seat order; ``None`` means dealt at random."""
    solo_level: int | None = None
    """A solo game against Tull Au Toma at this difficulty (RR-SOLO-1, RR-SOLO-16): she is
    the last seat. ``None``: a game between players."""
    seed_origin: SeedOrigin = SeedOrigin.NONE
    """Where the seed came from: drawn at random, chosen by the creator, none (outcomes given
    from outside) or public (a log from before commitments)."""
    rules_version: int | None = RULES_VERSION
    """The version of rr's rulings the game is played under (:data:`rr.ruleset.RULES_VERSION`):
    a ruling changed later without an option (:data:`rr.ruleset.READINGS`) is read as it was
    in this version, so that the log keeps its meaning. ``None``: a record written before
    versions were recorded, played under one of :data:`rr.ruleset.UNNAMED_RULES_VERSIONS`
    (``game_started/1``: version 1)."""


@frozen
class SeedRevealed:
    """The game is over: its seed and the salt of its commitment, made public (RR-VIEW-10).
    The fold refuses a reveal that does not open ``GameStarted.commitment``."""

    TAG: ClassVar[str] = "seed_revealed/1"
    seed: int
    salt: str
    """The salt, in hex (:data:`rr.randomness.SALT_BYTES` bytes)."""


@frozen
class DeckShuffled:
    """The deck's order after a shuffle, bottom to top (a random outcome)."""

    TAG: ClassVar[str] = "deck_shuffled/1"
    order: tuple[CardId, ...]


@frozen
class HousesDealt:
    """Each seat's house tile (a random outcome unless the players chose)."""

    TAG: ClassVar[str] = "houses_dealt/1"
    houses: tuple[House | None, ...]
    """``None`` only for Tull Au Toma, who has no house (RR-SOLO-6)."""


@frozen
class FirstPlayerChosen:
    """Who holds the first-player token (Apollo, else a random outcome)."""

    TAG: ClassVar[str] = "first_player_chosen/1"
    seat: Seat


@frozen
class CardDealt:
    """Setup: a card from the top of the deck to a location or a hand."""

    TAG: ClassVar[str] = "card_dealt/1"
    card: CardId
    to: Zone


@frozen
class PhaseChanged:
    """The game moved to another :class:`Phase`."""
    TAG: ClassVar[str] = "phase_changed/1"
    phase: Phase


@frozen
class TurnStarted:
    """A player's turn began (RR-TURN-1): lead or scout."""
    TAG: ClassVar[str] = "turn_started/1"
    seat: Seat
    kind: TurnKind = TurnKind.NORMAL


@frozen
class TurnEnded:
    """A player's turn ended."""
    TAG: ClassVar[str] = "turn_ended/1"
    seat: Seat


@frozen
class DecisionMade:
    """A player picked ``option`` from the decision that ``source`` asked.

    Version 1 (``decision_made/1``) held the source as text, a rule id or a card id; the
    codec's upcaster reads it as this version."""

    TAG: ClassVar[str] = "decision_made/2"
    seat: Seat
    source: Source
    option: Option


class EndCondition(enum.Enum):
    """RR-END-1: the three end conditions, in the order a reason names them."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__
    HELIUM = "helium"
    """7 or more Helium."""
    INFLUENCE = "influence"
    """7 or more Influence on the Institute."""
    FLEET = "fleet"
    """7 or more on the Fleet Track."""


class EndTrigger(enum.Enum):
    """What triggered the end of the game."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__
    CONDITIONS = "conditions"
    """RR-END-1: one player meets two end conditions, or the players meet all three."""
    NO_CARD_LEFT = "no_card_left"
    """RULING-B7: no card is left to play, gain or place."""
    REPETITION = "repetition"
    """RULING-B11: a round starts for the third time in the same position."""
    ROUND_LIMIT = "round_limit"
    """RULING-B12: a player begins their 150th turn."""


@frozen
class EndReason:
    """Why the end of the game was triggered: a fact, worded by the narration
    (:func:`rr.narrate.end_reason_text`), so that rewording never changes an event."""

    trigger: EndTrigger
    conditions: tuple[EndCondition, ...] = ()
    """RR-END-1: the conditions met, in :class:`EndCondition` order: two or three met by
    ``player``, or all three met between the players (``player`` ``None``). Empty for the
    other triggers."""
    player: Seat | None = None
    """RR-END-1: the first seat that meets two conditions or more; ``None`` when no player
    does (all three are met between the players) and for the other triggers."""


@frozen
class GameEndTriggered:
    """The end of the game was triggered during ``seat``'s turn (RR-END-1).

    Version 1 (``game_end_triggered/1``) held the reason as an English sentence naming the
    player; the codec's upcaster reads each sentence rr wrote as this version's reason."""

    TAG: ClassVar[str] = "game_end_triggered/2"
    seat: Seat
    reason: EndReason


@frozen
class GameScored:
    """The final scorepad totals in seat order, and the winning seats (RR-SCORE-14)."""

    TAG: ClassVar[str] = "game_scored/1"
    totals: tuple[int, ...]
    winners: tuple[Seat, ...]


# --- cards ----------------------------------------------------------------------------------


@frozen
class CardDeployed:
    """A card from ``seat``'s hand, deployed face up on top of ``location`` (RR-LEAD-1)."""

    TAG: ClassVar[str] = "card_deployed/1"
    seat: Seat
    card: CardId
    location: Location
    source: Zone | None = None
    """Where the card came from when it is not the hand (Calliope: the deck; Modjob, Orion: a
    location)."""


@frozen
class CardGained:
    """A card taken into ``seat``'s hand from a location, the deck or the banished pile."""

    TAG: ClassVar[str] = "card_gained/1"
    seat: Seat
    card: CardId
    source: Zone


@frozen
class CardPlaced:
    """A card placed (not deployed) on a location at stack index ``index`` (0 = bottom;
    ``None`` = top)."""

    TAG: ClassVar[str] = "card_placed/1"
    card: CardId
    source: Zone
    location: Location
    index: int | None = None
    face_down: bool = False
    seat: Seat | None = None
    """Who placed it, where that matters: a face-down card is known to its placer (RR-VIEW-4)."""


@frozen
class CardMoved:
    """A card moved from one location to another (or within one) at ``index`` (None = top)."""

    TAG: ClassVar[str] = "card_moved/1"
    card: CardId
    source: Location
    location: Location
    index: int | None = None


@frozen
class CardBanished:
    """A card was banished from ``source`` to the banished pile."""
    TAG: ClassVar[str] = "card_banished/1"
    card: CardId
    source: Zone


@frozen
class CardReturnedToDeck:
    """A card put into the deck: on top (``bottom`` False) or at the bottom."""

    TAG: ClassVar[str] = "card_returned_to_deck/1"
    card: CardId
    source: Zone
    bottom: bool = False


@frozen
class CardPassed:
    """A card moved from one hand to another: given (Holo Host) or stolen (Tactus)."""

    TAG: ClassVar[str] = "card_passed/1"
    card: CardId
    giver: Seat
    receiver: Seat


@frozen
class CardRevealed:
    """A card shown to everyone; it stays where it is (RR-ABIL-6)."""

    TAG: ClassVar[str] = "card_revealed/1"
    card: CardId
    source: Zone
    seat: Seat | None = None


@frozen
class CardsSeen:
    """``seat`` looked at ``cards`` where they lie (a hand, the deck's top); nobody else sees
    them (RR-VIEW-3: Firewall Expert, Roque)."""

    TAG: ClassVar[str] = "cards_seen/1"
    seat: Seat
    cards: tuple[CardId, ...]
    source: Zone


@frozen
class CardSelectedAtRandom:
    """A random pick among the cards of a zone (a random outcome)."""

    TAG: ClassVar[str] = "card_selected_at_random/1"
    card: CardId
    source: Zone


@frozen
class CardsShuffled:
    """Some cards put in a random order (a random outcome); first is the one that goes first."""

    TAG: ClassVar[str] = "cards_shuffled/1"
    cards: tuple[CardId, ...]


@frozen
class BlockUsed:
    """``seat`` revealed ``card`` to block ``against``'s attempt (RR-BLOCK-1)."""

    TAG: ClassVar[str] = "block_used/1"
    seat: Seat
    card: CardId
    against: Seat


# --- tokens ---------------------------------------------------------------------------------


@frozen
class HeliumGained:
    """A player gained ``amount`` Helium."""
    TAG: ClassVar[str] = "helium_gained/1"
    seat: Seat
    amount: int


@frozen
class HeliumLost:
    """A player lost ``amount`` Helium."""
    TAG: ClassVar[str] = "helium_lost/1"
    seat: Seat
    amount: int


@frozen
class HeliumPaid:
    """Helium moved from one player to another (Loan Shark, Quicksilver)."""

    TAG: ClassVar[str] = "helium_paid/1"
    payer: Seat
    payee: Seat
    amount: int


@frozen
class FleetAdvanced:
    """A player advanced on the Fleet Track to ``position``."""
    TAG: ClassVar[str] = "fleet_advanced/1"
    seat: Seat
    position: int
    """The new position on the Fleet Track."""


@frozen
class FleetRegressed:
    """A player went back on the Fleet Track to ``position``."""
    TAG: ClassVar[str] = "fleet_regressed/1"
    seat: Seat
    position: int


@frozen
class InfluencePlaced:
    """A player placed ``count`` Influence on the Institute."""
    TAG: ClassVar[str] = "influence_placed/1"
    seat: Seat
    count: int = 1


@frozen
class InfluenceRemoved:
    """Influence taken back from the Institute into the player's supply (Stock Broker)."""

    TAG: ClassVar[str] = "influence_removed/1"
    seat: Seat
    count: int = 1


@frozen
class SovereignTaken:
    """``seat`` gained (or kept) the Sovereign token."""

    TAG: ClassVar[str] = "sovereign_taken/1"
    seat: Seat


@frozen
class DieRolled:
    """The Rising die showed ``face`` (a random outcome)."""

    TAG: ClassVar[str] = "die_rolled/1"
    seat: Seat
    face: Bonus


@frozen
class PointsScored:
    """Points an end-of-game ability adds to ``card``'s score (Hacker)."""

    TAG: ClassVar[str] = "points_scored/1"
    seat: Seat
    card: CardId
    points: int


@frozen
class CardDeclared:
    """A Gray's colour or an Orange's name for scoring; ``None``: the best (RULING-B3)."""

    TAG: ClassVar[str] = "card_declared/1"
    seat: Seat
    card: CardId
    declaration: Declaration | None


@frozen
class AbilityMissing:
    """A card whose ability the engine does not implement yet; nothing else happened."""

    TAG: ClassVar[str] = "ability_missing/1"
    card: CardId
    ability: str


Event = Union[
    GameStarted, DeckShuffled, HousesDealt, FirstPlayerChosen, CardDealt, PhaseChanged,
    TurnStarted, TurnEnded, DecisionMade, GameEndTriggered, GameScored,
    CardDeployed, CardGained, CardPlaced, CardMoved, CardBanished, CardReturnedToDeck,
    CardPassed, CardRevealed, CardsSeen, CardSelectedAtRandom, CardsShuffled, BlockUsed,
    HeliumGained, HeliumLost, HeliumPaid, FleetAdvanced, FleetRegressed, InfluencePlaced,
    InfluenceRemoved, SovereignTaken, DieRolled, PointsScored, CardDeclared, AbilityMissing,
    # solo (RR-SOLO-*)
    CardsRemoved, AutomaDeckShuffled, AutomaCardsSetAside, PriorityCardsDealt,
    OddEvenCardPlaced, AutomaCardDrawn, AutomaCardsDiscarded, CardsPutOnTop,
    # the end of the randomness' secrecy (RR-VIEW-10)
    SeedRevealed,
]
"""Any event of a game's log."""

EVENT_TYPES: tuple[type, ...] = Event.__args__  # type: ignore[attr-defined]
"""Every event type, in the order of :data:`Event`."""

for _event in EVENT_TYPES:
    setattr(_event, "__str__", event_words)  # noqa: B010 (str() in words for people)
    quick_init(_event)  # the rules make about three events a decision (issue #12)

RANDOM_OUTCOMES: tuple[type, ...] = (
    DeckShuffled, HousesDealt, FirstPlayerChosen, DieRolled, CardSelectedAtRandom, CardsShuffled,
    AutomaDeckShuffled, PriorityCardsDealt,
)
"""Events that record a random outcome: replay and audit read them, never re-draw them."""

BY_TAG: dict[str, type] = {cls.TAG: cls for cls in EVENT_TYPES}  # type: ignore[attr-defined]
