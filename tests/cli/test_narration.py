"""Text for people: every event type has words (never a repr), players are named as in the
game, the demo says who leads and who scouts, and error messages about a log name players."""

from __future__ import annotations

import re
import types
import typing
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rr.cards.catalogue import catalogue
from rr.cli import main
from rr.engine import Game
from rr.errors import DivergenceError
from rr.events.types import EVENT_TYPES, CardDealt, CardMoved, CardsShuffled, Event, TurnEnded
from rr.model import CardId, Location
from rr.narrate import _fields, line, story_line, words
from rr.state import GameState, apply
from tests.oracle.games import play

NAMES = ("Ana", "Bo", "Cy")
REPR = re.compile(r"\b[A-Z][A-Za-z]+\((\w+=|\))|<[A-Z][A-Za-z]+\.[A-Z_]+: |\b[a-z_]+/\d\b")
"""What a repr or a wire tag looks like: ``CardMoved(card=``, ``<Bonus.FLEET: ``,
``helium_gained/1``."""
QUIET = {CardDealt, TurnEnded, CardsShuffled}
"""Bookkeeping the demo leaves out (the full story tells it)."""


def _midgame() -> GameState:
    game = play(list(NAMES), 5, decisions=40)
    return game.state


def _strategy(kind: Any) -> st.SearchStrategy[Any]:
    """Values of ``kind`` that fit a 3-player game: seats 0-2, real card ids."""
    if kind is CardId:
        return st.sampled_from(sorted(catalogue()))
    if kind is int:
        return st.integers(0, 2)
    if kind is bool:
        return st.booleans()
    if kind is str:
        return st.sampled_from(["RR-LEAD-3", "sevro", "the deck ran out"])
    if kind is type(None):
        return st.none()
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(_strategy(a) for a in args))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_strategy(args[0]), max_size=3).map(tuple)
        return st.tuples(*(_strategy(a) for a in args))
    if isinstance(kind, type) and attrs.has(kind):
        return _builds(kind)
    return st.from_type(kind)


def _builds(cls: type) -> st.SearchStrategy[Any]:
    hints = typing.get_type_hints(cls)
    return st.builds(cls, **{f.name: _strategy(hints[f.name]) for f in attrs.fields(cls)
                             if f.init})


events = st.sampled_from(EVENT_TYPES).flatmap(_builds)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(event=events)
def test_no_event_narrates_as_a_repr(event: Event) -> None:
    """Any event of any type, in a real 3-player position, reads as words with the players'
    names; the demo skips only the bookkeeping."""
    state = _midgame()
    for text in (words(event, state), _story(event, state)):
        assert text and not REPR.search(text), text
        assert "seat " not in text, text
    try:
        after = apply(state, event)
    except Exception:  # noqa: BLE001 - an event this position cannot take; words() still spoke
        return
    demo = line(event, state, after)
    assert demo is not None or type(event) in QUIET or event.TAG == "decision_made/2"
    if demo is not None:
        assert not REPR.search(demo), demo
        assert demo != _fields(event), f"{event.TAG} has no words of its own"


def _story(event: Event, state: GameState) -> str:
    try:
        return story_line(event, state, apply(state, event))
    except Exception:  # noqa: BLE001 - see above
        return words(event, state)


def test_every_event_type_is_generated() -> None:
    """The strategy above reaches every event type (so the test covers them all)."""
    assert len(EVENT_TYPES) >= 30 and all(attrs.has(cls) for cls in EVENT_TYPES)


@pytest.mark.rule("RR-LOC-1")
def test_a_move_within_a_location_says_where_in_the_stack() -> None:
    """A card moved within one location is not "from Jupiter to Jupiter"."""
    state = _midgame()
    stack = state.stack(Location.JUPITER)
    assert stack
    moved = CardMoved(stack[-1], Location.JUPITER, Location.JUPITER, 0)
    text = line(moved, state, state)
    assert text is not None and "to the bottom of Jupiter" in text
    assert "from Jupiter to Jupiter" not in text


@pytest.mark.rule("RR-TURN-1")
def test_demo_says_who_leads_and_who_scouts(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr demo` says "P2 leads" and "P3 scouts"; no line is a repr, nobody is P0."""
    for seed in range(1, 6):
        assert main(["demo", "--seed", str(seed), "--players", "3"]) == 0
        out = capsys.readouterr().out
        assert " leads" in out and not REPR.search(out) and "P0" not in out
        if " scouts" in out:
            return
    raise AssertionError("no demo game had a scout")


@pytest.mark.rule("RR-LEAD-3")
def test_divergence_message_names_players_in_words() -> None:
    """The engine's divergence message tells the events in words with players' names."""
    game = play(list(NAMES), 9)
    events = list(game.events)
    index = next(i for i, e in enumerate(events) if e.TAG == "helium_gained/1")
    events[index] = attrs.evolve(events[index], amount=5)  # type: ignore[misc]
    with pytest.raises(DivergenceError) as caught:
        Game.resume(events)
    message = str(caught.value)
    assert "gains 5 Helium" in message and not REPR.search(message)
    assert any(name in message for name in NAMES)


def test_version_and_cards_missing(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr --version` prints the version; `rr cards --missing` with nothing missing prints one
    sentence, not an empty table."""
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("rr 0.")
    assert main(["cards", "--missing"]) == 0
    assert capsys.readouterr().out.strip() == "no card has a printed ability without a handler"
