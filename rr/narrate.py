"""Events in words: one line per event for ``rr demo`` (:func:`line` and :func:`narrate`,
which skip the bookkeeping), the full story of a log — a line for every record, including
the decisions (who chose what, asked by which rule or card), the cards dealt at setup, the
ends of turns and the end-of-game declarations — for ``rr replay``, audit reports and every
seat answer (:func:`story_line` and :func:`narration`), and :func:`words` for messages.
Players are named as in the game; a card the viewer may not see reads "a hidden card"; no
event is ever shown as a repr (a test checks every event type).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

import attrs
from attrs import frozen

from rr.causes import rule_cause
from rr.decisions import ByCard, ByRule, Source
from rr.effects.tokens import ROUND_LIMIT
from rr.events.parts import LINES
from rr.events.words import card_name as card_name
from rr.events.words import player as player
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
    CardsSeen,
    CardsShuffled,
    DecisionMade,
    DeckShuffled,
    DieRolled,
    EndCondition,
    EndReason,
    EndTrigger,
    Event,
    FirstPlayerChosen,
    FleetAdvanced,
    FleetRegressed,
    GameEndTriggered,
    GameScored,
    GameStarted,
    HeliumGained,
    HeliumLost,
    HeliumPaid,
    HousesDealt,
    InfluencePlaced,
    InfluenceRemoved,
    PhaseChanged,
    PointsScored,
    SeedRevealed,
    SovereignTaken,
    TurnEnded,
    TurnKind,
    TurnStarted,
)
from rr.model import Bonus, Location, Seat, Zone, ZoneKind
from rr.options import Answer, GainTop, Lead, Option, PickCard, PickPlayer, Scout, describe
from rr.ruleset import Ruleset
from rr.state import EMPTY, GameState, PlayerState, apply
from rr.views import HIDDEN, redact

__all__ = [
    "Told",
    "decision_line",
    "declared",
    "end_reason_text",
    "line",
    "narrate",
    "narration",
    "option_text",
    "randomness_text",
    "randomness_words",
    "solo_line",
    "source_text",
    "story_line",
    "words",
    "zone_name",
]


_TURN = ByRule("RR-TURN-1")


def zone_name(state: GameState, zone: Zone) -> str:
    """A zone in words: "Ana's hand", "Mars", "the deck", "the banished pile"."""
    if zone.kind is ZoneKind.HAND and zone.seat is not None:
        return f"{player(state, zone.seat)}'s hand"
    if zone.kind is ZoneKind.LOCATION and zone.location is not None:
        return zone.location.title
    return "the deck" if zone.kind is ZoneKind.DECK else "the banished pile"


def line(event: Event, before: GameState, after: GameState) -> str | None:
    """What ``event`` did, in words (``None`` for bookkeeping nobody needs to read): its own
    line if its type declares one (:func:`rr.events.parts.tells`)."""
    told = LINES.get(type(event))
    if told is not None:
        return told(event, before, after)

    def w(seat: Seat) -> str:
        return player(after, seat)

    def p(seat: Seat) -> PlayerState:
        return after.players[seat]

    solo = solo_line(event, before, after)  # RR-SOLO-*: Tull Au Toma's own events
    if solo is not None:
        return solo
    match event:
        case GameStarted():
            return f"A game of {len(event.players)} players: {', '.join(event.players)}"
        case SeedRevealed():
            return f"The seed is revealed: {event.seed}"
        case HousesDealt():
            return "Houses: " + ", ".join(f"{w(s)} {h.value.capitalize() if h else 'none'}"
                                          for s, h in enumerate(event.houses))
        case DeckShuffled():
            return "The deck is shuffled"
        case FirstPlayerChosen():
            return f"{w(event.seat)} takes the first-player token"
        case DecisionMade() if isinstance(event.option, Lead) and event.source == _TURN:
            return f"{w(event.seat)} leads"
        case DecisionMade() if isinstance(event.option, Scout) and event.source == _TURN:
            return f"{w(event.seat)} scouts"
        case CardDealt() | DecisionMade() | TurnEnded() | CardsShuffled():
            return None
        case PhaseChanged():
            return f"— {event.phase.value.replace('_', ' ')} —"
        case TurnStarted() if event.kind is TurnKind.END_OF_GAME:
            return f"{w(event.seat)}'s end-of-game step"
        case TurnStarted():
            extra = {TurnKind.APOLLO_LAST: " (Apollo's last turn)",
                     TurnKind.OUT_OF_ORDER: " (out of order)"}.get(event.kind, "")
            number = p(event.seat).turns + p(event.seat).extra_turns
            return f"{w(event.seat)}'s turn {number}{extra}"
        case CardDeployed():
            return f"{w(event.seat)} deploys {card_name(event.card)} on {event.location.title}"
        case CardGained():
            return f"{w(event.seat)} gains {card_name(event.card)} from " \
                   f"{zone_name(before, event.source)}"
        case CardPlaced():
            face = " face down" if event.face_down else ""
            return f"{card_name(event.card)} is placed{face} on {event.location.title}"
        case CardMoved() if event.source == event.location:
            return f"{card_name(event.card)} is moved to {_spot(event.index, before, event)} " \
                   f"of {event.location.title}"
        case CardMoved():
            return f"{card_name(event.card)} moves from {event.source.title} to " \
                   f"{event.location.title}"
        case CardBanished():
            return f"{card_name(event.card)} is banished from {zone_name(before, event.source)}"
        case CardReturnedToDeck():
            return f"{card_name(event.card)} goes to the " \
                   f"{'bottom' if event.bottom else 'top'} of the deck"
        case CardPassed():
            return f"{w(event.giver)} passes {card_name(event.card)} to {w(event.receiver)}"
        case CardRevealed():
            return f"{card_name(event.card)} is revealed from {zone_name(before, event.source)}"
        case CardsSeen():
            cards = ", ".join(card_name(c) for c in event.cards)
            if all(c == HIDDEN for c in event.cards):
                cards = f"{len(event.cards)} card{'s' if len(event.cards) != 1 else ''}"
            return f"{w(event.seat)} looks at {cards} of {zone_name(before, event.source)}"
        case CardSelectedAtRandom():
            return f"{card_name(event.card)} is picked at random from " \
                   f"{zone_name(before, event.source)}"
        case BlockUsed():
            return f"{w(event.seat)} reveals {card_name(event.card)} to block {w(event.against)}"
        case HeliumGained():
            return f"{w(event.seat)} gains {event.amount} Helium ({p(event.seat).helium})"
        case HeliumLost():
            return f"{w(event.seat)} loses {event.amount} Helium ({p(event.seat).helium})"
        case HeliumPaid():
            return f"{w(event.payer)} gives {event.amount} Helium to {w(event.payee)}"
        case FleetAdvanced():
            return f"{w(event.seat)} advances to {event.position} on the Fleet Track"
        case FleetRegressed():
            return f"{w(event.seat)} goes back to {event.position} on the Fleet Track"
        case InfluencePlaced():
            return f"{w(event.seat)} places {event.count} Influence on The Institute " \
                   f"({p(event.seat).influence})"
        case InfluenceRemoved():
            return f"{w(event.seat)} takes {event.count} Influence back " \
                   f"({p(event.seat).influence})"
        case SovereignTaken():
            return f"{w(event.seat)} gains the Sovereign token"
        case DieRolled():
            return f"{w(event.seat)} rolls the Rising die: {event.face.value.replace('_', ' & ')}"
        case GameEndTriggered():
            return f"The end of the game is triggered: {end_reason_text(event.reason, after)}"
        case GameScored():
            return "Final scores: " + ", ".join(
                f"{w(s)} {t}" for s, t in enumerate(event.totals)) + "; winner: " + \
                " & ".join(w(s) for s in event.winners)
        case PointsScored():
            return f"{w(event.seat)} scores {event.points} with {card_name(event.card)}"
        case AbilityMissing():
            return f"(the {event.ability} ability of {card_name(event.card)} is not implemented)"
        case CardDeclared():
            return declared(event, after)
    return _fields(event)


def _spot(index: int | None, before: GameState, event: CardMoved) -> str:
    """Where in a stack a card goes: the top, the bottom, or its place from the bottom."""
    if index is None:
        return "the top"
    if index == 0:
        return "the bottom"
    if index >= len(before.stack(event.location)) - 1:
        return "the top"
    return f"place {index + 1} from the bottom"


def option_text(option: Option, state: GameState) -> str:
    """A chosen option in words, with card and player names."""
    if isinstance(option, Lead):
        if option.card is None or option.location is None:
            return "to lead with an empty hand"
        return f"to lead {card_name(option.card)} on {option.location.title}"
    if isinstance(option, Scout):
        return "to scout"
    if isinstance(option, GainTop):
        return ("to gain the top card of the deck" if option.location is None
                else f"to gain the top card of {option.location.title}")
    if isinstance(option, PickCard):
        return card_name(option.card)
    if isinstance(option, PickPlayer):
        return player(state, option.seat)
    if isinstance(option, Location):
        return option.title
    if isinstance(option, Bonus):
        return _BONUS_WORDS[option]
    return describe(option)


_BONUS_WORDS: dict[Bonus, str] = {
    Bonus.FLEET: "to advance on the Fleet Track", Bonus.HELIUM: "to gain 1 Helium",
    Bonus.SOVEREIGN: "the Sovereign token", Bonus.INFLUENCE: "to place 1 Influence",
    Bonus.BANISH: "to banish a location's top card",
    Bonus.REVEAL_PLACE: "to reveal and place the deck's top card"}
"""A bonus chosen (a die face, Auctioneer's choice), in words."""


_BLOCKED = {"RR-BLOCK-2": "the steal or banish", "RR-BLOCK-3": "the Sovereign take"}
"""What a block question's answer blocks (RR-BLOCK-2, RR-BLOCK-3)."""
_OWN_QUESTIONS = ("RR-TURN-1", "RR-LEAD-3", "RR-SCOUT-1")
"""Rules whose answers say themselves ("Ana chooses to scout"): no cause is added."""


def decision_line(event: DecisionMade, before: GameState) -> str:
    """A choice in words, saying to what it answers: "Dee does not block the Sovereign take",
    "Ana answers no to Mickey the Carver", "Ana chooses Janitor for Firewall Expert" (no rule
    id: :func:`story_line` adds it for the full story, a seat answer sends it apart)."""
    who, option, source = player(before, event.seat), event.option, event.source
    if isinstance(source, ByRule) and source.rule in _BLOCKED:
        if isinstance(option, PickCard):
            return f"{who} blocks {_BLOCKED[source.rule]} with {card_name(option.card)}"
        return f"{who} does not block {_BLOCKED[source.rule]}"
    if isinstance(source, ByCard):
        cause: str | None = card_name(source.card)
    elif source.rule in _OWN_QUESTIONS:
        cause = None
    else:
        found = rule_cause(source.rule)
        cause = found.name if found is not None else None
    if isinstance(option, Answer) and cause is not None:
        return f"{who} answers {option.value} to {cause}"
    chosen = f"{who} chooses {option_text(option, before)}"
    return f"{chosen} for {cause}" if cause is not None else chosen


def source_text(source: Source) -> str:
    """A decision's source: a rule's id as is, a card by its name."""
    return source.rule if isinstance(source, ByRule) else card_name(source.card)


_CONDITION_WORDS: dict[EndCondition, str] = {
    EndCondition.HELIUM: "7+ Helium",
    EndCondition.INFLUENCE: "7+ Influence on the Institute",
    EndCondition.FLEET: "Fleet 7+",
}
_TRIGGER_WORDS: dict[EndTrigger, str] = {
    EndTrigger.NO_CARD_LEFT: "no card is left to play, gain or place (RULING-B7)",
    EndTrigger.REPETITION:
        "the same position at the start of a round for the third time (RULING-B11)",
    EndTrigger.ROUND_LIMIT: f"this player's {ROUND_LIMIT}th turn, the longest game (RULING-B12)",
}


def end_reason_text(reason: EndReason, state: GameState) -> str:
    """Why the end of the game was triggered, in words ("Ana meets 7+ Helium and Fleet 7+")."""
    if reason.trigger is not EndTrigger.CONDITIONS:
        return _TRIGGER_WORDS[reason.trigger]
    words = [_CONDITION_WORDS[c] for c in reason.conditions]
    if reason.player is None:
        return "all three conditions are met: " + ", ".join(words)
    return f"{player(state, reason.player)} meets {' and '.join(words)}"


def randomness_text(event: GameStarted) -> str:
    """Where a game's randomness comes from, and its commitment (RR-VIEW-10): never the
    seed, which is secret until the end."""
    said = event.seed_origin.describe()
    return f"{said}: sha256 {event.commitment}" if event.commitment is not None else said


def randomness_words(event: GameStarted) -> str:
    """Where a game's randomness comes from, for the story: in words, without the
    commitment's hash (which :func:`randomness_text` gives, for checking)."""
    return event.seed_origin.describe()


def story_line(event: Event, before: GameState, after: GameState) -> str:
    """One line telling what ``event`` did (``before``/``after``: the states around it)."""
    if isinstance(event, GameStarted):
        opening = (f"A solo game: {event.players[0]} against {event.players[-1]}, "
                   f"level {event.solo_level}" if event.solo_level is not None and event.players
                   else f"A game of {len(event.players)} players: {', '.join(event.players)}")
        # The commitment's hash and the options' names are for checking the game: the
        # audit (randomness_text) and the table's "details" hold them, not the story.
        return f"{opening}; {event.ruleset.words()}; {randomness_words(event)}"
    if isinstance(event, SeedRevealed):
        return (f"The seed is revealed: {event.seed} (salt {event.salt}); it opens the "
                "commitment made at the start")
    if isinstance(event, DeckShuffled):
        return f"The deck is shuffled ({len(event.order) or len(after.deck)} cards)"
    if isinstance(event, CardDealt):
        return f"{card_name(event.card)} is dealt to {zone_name(after, event.to)}"
    if isinstance(event, PhaseChanged):
        return {"setup": "Setup", "play": "Play begins",
                "end_of_game": "The last turn is over: end-of-game abilities",
                "over": "The game is over"}.get(event.phase.value, event.phase.value)
    if isinstance(event, DecisionMade):
        return f"{decision_line(event, before)} [{source_text(event.source)}]"
    if isinstance(event, TurnEnded):
        return f"{player(after, event.seat)}'s turn ends"
    if isinstance(event, CardsShuffled):
        if not event.cards:
            return "Cards are put in random order"
        return "Cards are put in random order: " + ", ".join(card_name(c) for c in event.cards)
    text = line(event, before, after)
    assert text is not None, f"no words for {type(event).TAG}"  # line() covers the rest
    return text


def declared(event: CardDeclared, state: GameState) -> str:
    """The story's line for a declaration (Orange's colour, Gray's name, or none)."""
    who, name = player(state, event.seat), card_name(event.card)
    d = event.declaration
    if d is None:
        return f"{who} lets the scorer choose the best declaration for {name}"
    if d.color is None and d.name is None:
        return f"{who} declares nothing for {name}"
    parts = ([f"the colour {d.color.value}"] if d.color is not None else []) + \
        ([f"the name {d.name}"] if d.name is not None else [])
    return f"{who} declares {' and '.join(parts)} for {name}"


def words(event: Event, before: GameState) -> str:
    """``event`` in words for a message (an error, a report): the story's line, never a
    repr, even for an event that cannot happen after ``before``."""
    try:
        after = apply(before, event)
    except Exception:  # noqa: BLE001 - an impossible event still gets words; the fold judges it
        after = before
    try:
        return story_line(event, before, after)
    except Exception:  # noqa: BLE001 - as above: a message must never fail on an odd event
        return _fields(event)


def _fields(event: Event) -> str:
    """The last resort: the event's kind and fields as plain words."""
    kind = type(event).TAG.split("/")[0].replace("_", " ")
    values = ", ".join(f"{f.name} {_plain(getattr(event, f.name))}"
                       for f in attrs.fields(type(event)))
    return f"{kind} ({values})" if values else kind


def _plain(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, Ruleset):
        return value.describe()
    if isinstance(value, tuple):
        shown = ", ".join(_plain(v) for v in value[:6])
        return f"[{shown}{', …' if len(value) > 6 else ''}]"
    return str(value)


@frozen
class Told:
    """One record of a log as a viewer may see it, and its line of story."""

    record: int
    """The record's number in the log (0 is ``game_started``)."""
    event: Event
    """The event, with every card the viewer may not see as ``"?"`` (:func:`rr.views.redact`)."""
    text: str
    """The record in words (:func:`story_line`), from what the viewer may see, without the
    rule id (:attr:`rule`)."""
    rule: str | None = None
    """The rule that asked a choice (a :class:`~rr.events.types.DecisionMade` asked by a rule;
    a card's choice names its card in :attr:`text`)."""


def narration(events: Iterable[Event], seat: Seat | None = None, hidden: bool = True,
              initial: GameState = EMPTY, start: int = 0) -> Iterator[Told]:
    """Every record of ``events`` as ``seat`` (``None``: a spectator) may see it, with its
    line. ``initial``: the state before the first of them, which is record ``start``. With
    ``hidden`` False every card is named (the whole story, for the holder of the log)."""
    for index, shown, before, after in _folded(events, seat, hidden, initial, start):
        if isinstance(shown, DecisionMade):
            source = shown.source
            yield Told(index, shown, decision_line(shown, before),
                       source.rule if isinstance(source, ByRule) else None)
        else:
            yield Told(index, shown, story_line(shown, before, after))


def narrate(events: Iterable[Event], viewer: Seat | None = None, everything: bool = False,
            initial: GameState | None = None) -> Iterator[tuple[int, str]]:
    """``(record number, line)`` for every event worth a line, as ``viewer`` may see it
    (``everything``: no card hidden, for a finished game's full record): the short story of
    :func:`narration`, without the records nobody needs to read.

    >>> import rr
    >>> game = rr.play_out(rr.Game.new(["Ana", "Bo"], seed=2),
    ...                    [rr.GreedyAgent(1), rr.RandomAgent(2)])
    >>> for number, text in list(rr.story(game.events))[:2]:
    ...     print(number, text)
    0 A game of 2 players: Ana, Bo
    1 The deck is shuffled
    """
    for index, shown, before, after in _folded(events, viewer, not everything,
                                               initial or EMPTY, 0):
        text = line(shown, before, after)
        if text is not None:
            yield index, text


def _folded(events: Iterable[Event], seat: Seat | None, hidden: bool, initial: GameState,
            start: int) -> Iterator[tuple[int, Event, GameState, GameState]]:
    """The fold-then-redact loop of both stories: each record's number, the event as ``seat``
    may see it (every card named unless ``hidden``), and the states before and after it."""
    state = initial
    for index, event in enumerate(events, start):
        after = apply(state, event)
        yield index, redact(event, state, seat, after) if hidden else event, state, after
        state = after


# --- solo: Tull Au Toma (RR-SOLO-*) ------------------------------------------------------------


def solo_line(event: Event, before: GameState, after: GameState) -> str | None:
    """The line of a solo game's start (``None``: not one). Au Toma's own events tell their
    lines in their module (:mod:`rr.events.solo`)."""
    match event:
        case GameStarted(solo_level=int(level)) if event.players:
            return f"A solo game: {event.players[0]} against {event.players[-1]}, level {level}"
    return None

