"""The seed check: were a log's random outcomes drawn from the seed its header names?

Re-adjudication (:mod:`rr.oracle.audit`) takes a log's random outcomes — shuffles, die rolls,
random picks — as inputs: any outcome the rules could accept passes. For a game rr played
itself that is not enough: a forged die roll, followed by legal play and a freshly computed
hash chain, would audit clean. The seed check closes that gap. It plays the game again *live*
from the recorded ``game_started`` event and the game's seed (the one revealed at its end,
which opens the commitment of record 0: RR-VIEW-10; so every random outcome is drawn by the engine
itself, with the engine's own draw numbering: draw *n* of seed *s* uses
``Random(f"{s}:{n}")``), answers every decision with the recorded one, and compares every
event with the log. The first random outcome the seed did not produce is a
:class:`SeedMismatch`.

The check says nothing about a record the *rules* disagree with (that is the audit's job): it
stops quietly at the first such record, and the audit reports it.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from attrs import frozen

from rr.engine import Game
from rr.errors import RRError
from rr.events.types import RANDOM_OUTCOMES, DecisionMade, Event, GameStarted
from rr.oracle.rerun import needs_rules_version
from rr.randomness import Secret


class Outcomes(enum.Enum):
    """Where a log's random outcomes come from (the ``outcomes`` field of its header)."""

    SEED = "seed"
    """Drawn by rr from the header's seed: the audit checks every one against the seed."""
    TABLE = "table"
    """Made at a table (cards shuffled by hand, a real die): taken as recorded."""

    @classmethod
    def of(cls, header: dict[str, object], text_form: bool) -> Outcomes:
        """The header's ``outcomes`` field; without one, a binary log was written by rr
        (seeded) and a text log was typed in from a physical game (a table)."""
        given = header.get("outcomes")
        if given == cls.SEED.value:
            return cls.SEED
        if given == cls.TABLE.value:
            return cls.TABLE
        return cls.TABLE if text_form else cls.SEED


@frozen
class SeedMismatch:
    """The first recorded random outcome that the header's seed did not produce."""

    record: int
    recorded: Event
    """What the log holds there."""
    drawn: Event
    """What the seed draws there (the same kind of outcome, drawn afresh)."""
    events: tuple[Event, ...]
    """The live game's events up to and including ``drawn`` (for naming the rule)."""


def check_seed(events: Sequence[Event], secret: Secret,
               rules_version: int | None = None) -> SeedMismatch | None:
    """The first record where ``secret``'s seed draws another outcome than the log holds, or
    ``None`` when every random outcome up to the first disagreement of any other kind
    (or the end of the log) is the seed's. ``rules_version``: the rulings' version a first
    event that names none was played under (``rr.engine.Game.resume`` finds it), which must
    then be given (:func:`rr.oracle.rerun.needs_rules_version`)."""
    if not events or not isinstance(events[0], GameStarted):
        return None
    needs_rules_version(events, rules_version, "the seed check")
    try:
        game = Game(events[0], secret=secret, rules_version=rules_version)
    except RRError:  # EngineBugError too
        return None
    checked = 0
    while True:
        live = game.events
        for index in range(checked, min(len(live), len(events))):
            if live[index] != events[index]:
                recorded = events[index]
                if (isinstance(recorded, RANDOM_OUTCOMES) and type(live[index]) is type(recorded)):
                    return SeedMismatch(index, recorded, live[index], live[:index + 1])
                return None  # the rules disagree here: the audit reports it
        checked = len(live)
        if checked >= len(events) or game.pending is None:
            return None
        made = events[checked]
        if not isinstance(made, DecisionMade):
            return None
        try:
            game.choose(made.option, seat=made.seat)
        except RRError:  # EngineBugError too
            return None
