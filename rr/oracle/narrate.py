"""One readable line per record of a log, for ``rr replay`` and audit reports.

The wording lives in :mod:`rr.narrate` (shared with ``rr demo``). A game's
story for an auditor needs more than a demo's: every record gets a line, including the
decisions (who chose what, asked by which rule or card), the cards dealt at setup, the ends
of turns and the end-of-game declarations. Card ids a viewer may not see read as "a hidden
card".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from attrs import frozen

from rr.events.types import Event
from rr.model import Seat
from rr.narrate import option_text as option_text
from rr.narrate import source_text as source_text
from rr.narrate import story_line
from rr.state import EMPTY, apply
from rr.views import redact

narrate = story_line
"""One line telling what an event did (the story's wording lives in ``rr.narrate``)."""


@frozen
class Line:
    """The narration of one record of a log."""

    index: int
    """The record number (0 = ``game_started``)."""
    text: str


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
