"""One readable line per record of a log, for ``rr replay`` and audit reports.

The wording of most events is shared with ``rr demo`` (:func:`rr.narrate.line`). A game's
story for an auditor needs more than a demo's: every record gets a line, including the
decisions (who chose what, asked by which rule or card), the cards dealt at setup, the ends
of turns and the end-of-game declarations. Card ids a viewer may not see read as "a hidden
card".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from attrs import frozen

from rr.events.types import (
    CardDealt,
    CardDeclared,
    CardsShuffled,
    DecisionMade,
    DeckShuffled,
    Event,
    GameStarted,
    PhaseChanged,
    TurnEnded,
)
from rr.model import Location, Seat
from rr.narrate import card_name, player, zone_name
from rr.narrate import line as demo_line
from rr.options import GainTop, Lead, Option, PickCard, PickPlayer, Scout, describe
from rr.state import EMPTY, GameState, apply
from rr.views import redact


@frozen
class Line:
    """The narration of one record of a log."""

    index: int
    """The record number (0 = ``game_started``)."""
    text: str


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
    return describe(option)


def source_text(source: str) -> str:
    """A decision's source: a spec id as is, a card id as the card's name."""
    return source if source.startswith(("RR-", "RULING-")) else card_name(source)


def narrate(event: Event, before: GameState, after: GameState) -> str:
    """One line telling what ``event`` did (``before``/``after``: the states around it)."""
    if isinstance(event, GameStarted):
        return (f"A game of {len(event.players)} players: {', '.join(event.players)}; "
                f"ruleset {event.ruleset.describe()}; seed {event.seed}")
    if isinstance(event, DeckShuffled):
        return f"The deck is shuffled ({len(event.order) or len(after.deck)} cards)"
    if isinstance(event, CardDealt):
        return f"{card_name(event.card)} is dealt to {zone_name(after, event.to)}"
    if isinstance(event, PhaseChanged):
        return {"setup": "Setup", "play": "Play begins",
                "end_of_game": "The last turn is over: end-of-game abilities",
                "over": "The game is over"}.get(event.phase.value, event.phase.value)
    if isinstance(event, DecisionMade):
        return (f"{player(after, event.seat)} chooses {option_text(event.option, before)} "
                f"[{source_text(event.source)}]")
    if isinstance(event, TurnEnded):
        return f"{player(after, event.seat)}'s turn ends"
    if isinstance(event, CardsShuffled):
        if not event.cards:
            return "Cards are put in random order"
        return "Cards are put in random order: " + ", ".join(card_name(c) for c in event.cards)
    if isinstance(event, CardDeclared):
        return _declared(event, after)
    text = demo_line(event, before, after)
    return text if text is not None else type(event).TAG


def _declared(event: CardDeclared, state: GameState) -> str:
    who, name = player(state, event.seat), card_name(event.card)
    d = event.declaration
    if d is None:
        return f"{who} lets the scorer choose the best declaration for {name}"
    if d.color is None and d.name is None:
        return f"{who} declares nothing for {name}"
    parts = ([f"the colour {d.color.value}"] if d.color is not None else []) + \
        ([f"the name {d.name}"] if d.name is not None else [])
    return f"{who} declares {' and '.join(parts)} for {name}"


def narration(events: Iterable[Event], seat: Seat | None = None,
              hidden: bool = True) -> Iterator[Line]:
    """The lines of a log as ``seat`` may see it (``None``: a spectator).

    With ``hidden`` False every card is named (the full, unredacted story, for an auditor).
    """
    state = EMPTY
    for index, event in enumerate(events):
        after = apply(state, event)
        shown = redact(event, state, seat, after) if hidden else event
        yield Line(index, narrate(shown, state, after))
        state = after
