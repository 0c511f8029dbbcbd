"""RR-VIEW-1..6: no view and no redacted event shows a card its viewer may not see.

What a seat may see is what it knows (``rr.knowledge``); that this knowledge is itself right
is checked by the information-set oracle (``fuzz/test_information_sets.py``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.knowledge import knows
from rr.events.codec import unstructure_event
from rr.model import CardId, Seat
from rr.events.types import (
    BlockUsed, CardDeclared, CardRevealed, DecisionMade, Event, PointsScored,
)
from rr.options import Lead
from rr.state import GameState, apply
from rr.views import HIDDEN, redact, view


def hidden_from(state: GameState, seat: Seat | None) -> set[CardId]:
    """The cards ``seat`` may not see in ``state``: those in the deck, in others' hands (until
    the game is over) and face down, that it does not know (RR-VIEW-5)."""
    secret = set(state.deck) | set(state.face_down)
    if not state.is_over:
        for other, player in enumerate(state.players):
            if other != seat:
                secret |= set(player.hand)
    return {c for c in secret if not knows(state, seat, c)}


def mentioned(event: Event) -> set[str]:
    """Every word of the event's wire form, but a decision's source: the card that asks is
    public (deployed face up, or shown to resolve its end-of-game ability or declaration)."""
    wire = unstructure_event(event)
    if isinstance(event, DecisionMade):
        wire[1].pop("source")
    return set(json.dumps(wire).replace('"', " ").split())


@pytest.mark.rule("RR-VIEW-1", "RR-HAND-1", "RR-VIEW-6")
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_no_view_or_event_leaks_a_hidden_card(seed: int, players: int) -> None:
    """Over a whole random game, each seat's view and redacted events show only cards that
    seat may see (own hand, locations face up, banished), and spectators see no hand."""
    game = Game.new(players, seed=seed)
    agent = RandomAgent(seed)
    viewers: list[Seat | None] = [None, *range(players)]
    seen_events = 0
    while True:
        state = game.state
        for seat in viewers:
            shown = view(state, seat, game.pending)
            assert not shown.card_ids() & hidden_from(state, seat)
            if seat is None:
                assert shown.hand is None
            pending = shown.pending
            if pending is not None and pending.seat != seat:
                assert pending.options is None
        if game.pending is None:
            break
        before = game.state
        for event in game.choose(agent.choose(game.pending)):
            after = apply(before, event)
            # A reveal (and a block) shows the card to all; a Lead's card is deployed face up.
            # Declarations and end-of-game abilities (Hacker's points) are resolved openly.
            public = isinstance(event, (CardRevealed, CardDeclared, BlockUsed, PointsScored)) or (
                isinstance(event, DecisionMade) and isinstance(event.option, Lead))
            if not public:
                for seat in viewers:
                    if isinstance(event, DecisionMade) and seat == event.seat:
                        continue  # the decider saw the options it chose from
                    secret = hidden_from(before, seat) & hidden_from(after, seat)
                    assert not mentioned(redact(event, before, seat)) & secret, (event, seat)
            seen_events += 1
            before = after
    assert seen_events > 50
    assert HIDDEN == "?"
