"""The fixed integer action space: every option any decision can list is one integer.

RL and game-theory frameworks (PettingZoo, OpenSpiel) want actions as integers in a range
fixed before any game starts, and a mask of the legal ones. :data:`NUM_ACTIONS` is that range;
:func:`action_of` and :func:`option_of` map an option to its integer and back.

Choices made here:

- The table is built once, from the catalogue alone: card ids sorted, printed names sorted,
  enums in their declaration order (board order for locations), option kinds in the order of
  :data:`rr.options.OPTION_TYPES`. It never depends on a game, its players or its ruleset, so
  an integer means the same option in every game (2-6 players, solo, every ruleset) and in
  every version that keeps the card list.
- Its ranges are sized for the largest value the engine can name, not for a game: a
  face-down card's depth can be any index of a stack (at most all 112 cards, so depth 0-111),
  a seat any of :data:`rr.model.MAX_PLAYERS` (Au Toma's seat in a solo game included). Au
  Toma's own cards (numbered 1-22) are never an option: she is never asked (RR-SOLO-14).
- An option outside the table (a made-up card, a depth past the last card) raises
  :class:`rr.errors.UnknownOptionError`; an integer outside the range, or not an integer,
  :class:`rr.errors.UnknownActionError`. Both are :class:`rr.errors.IllegalChoiceError`, the
  error a front-end already handles for a bad choice.

``docs/ACTIONS.md`` is :func:`action_table_markdown` (``python -m rr.actions`` prints it; a
meta-test checks the committed file).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Mapping, Sequence

from attrs import frozen

from rr.cards.catalogue import all_ids, catalogue, names
from rr.errors import UnknownActionError, UnknownOptionError
from rr.model import LOCATIONS, MAX_PLAYERS, Bonus, CardId, Color, Location
from rr.options import (
    Answer,
    GainTop,
    Lead,
    Option,
    PickCard,
    PickFaceDown,
    PickName,
    PickPlayer,
    Position,
    Scout,
    describe,
)

__all__ = [
    "ACTION_TABLE",
    "NUM_ACTIONS",
    "ActionRange",
    "action_of",
    "actions_of",
    "mask_of",
    "option_of",
]


@frozen
class ActionRange:
    """One row of the table: the integers ``start .. start + size - 1`` and what they mean."""

    start: int
    size: int
    kind: str
    """The option's type, as :mod:`rr.options` names it."""
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


def _cards() -> tuple[CardId, ...]:
    return tuple(sorted(all_ids()))


def _kinds() -> tuple[tuple[str, str, tuple[Option, ...]], ...]:
    """Every option kind: its name, its meaning and all its values, in table order."""
    cards = _cards()
    depths = len(all_ids())  # a stack holds at most every card
    board = ", ".join(loc.value for loc in LOCATIONS)
    return (
        ("Lead", f"Lead(card, location): card index x 4 + location index ({board})",
         tuple(Lead(c, loc) for c in cards for loc in LOCATIONS)),
        ("Lead", "Lead(None, None): lead with an empty hand (RR-LEAD-5)", (Lead(None, None),)),
        ("Scout", "Scout (RR-SCOUT-1)", (Scout(),)),
        ("GainTop", f"GainTop(location), locations in board order ({board}), then the deck",
         tuple(GainTop(loc) for loc in (*LOCATIONS, None))),
        ("PickCard", "PickCard(card), by card index", tuple(PickCard(c) for c in cards)),
        ("PickFaceDown", f"PickFaceDown(location, depth): location index x {depths} + depth "
                         f"(0 is the top card)",
         tuple(PickFaceDown(loc, d) for loc in LOCATIONS for d in range(depths))),
        ("PickPlayer", f"PickPlayer(seat), seats 0-{MAX_PLAYERS - 1}",
         tuple(PickPlayer(s) for s in range(MAX_PLAYERS))),
        ("PickName", "PickName(name), by name index (printed names, sorted)",
         tuple(PickName(n) for n in names())),
        ("Location", f"a location, in board order ({board})", tuple(Location)),
        ("Color", f"a colour ({', '.join(c.value for c in Color)})", tuple(Color)),
        ("Bonus", f"a bonus or die face ({', '.join(b.value for b in Bonus)})", tuple(Bonus)),
        ("Answer", f"an answer ({', '.join(a.value for a in Answer)})", tuple(Answer)),
        ("Position", f"a position in a stack ({', '.join(p.value for p in Position)})",
         tuple(Position)),
    )


@functools.cache
def _table() -> tuple[tuple[Option, ...], Mapping[Option, int], tuple[ActionRange, ...]]:
    options: list[Option] = []
    ranges: list[ActionRange] = []
    for kind, meaning, values in _kinds():
        ranges.append(ActionRange(len(options), len(values), kind, meaning))
        options.extend(values)
    index = {option: action for action, option in enumerate(options)}
    assert len(index) == len(options), "two actions for one option"
    return tuple(options), index, tuple(ranges)


ACTION_TABLE: tuple[ActionRange, ...] = _table()[2]
"""The table's rows, in order (``docs/ACTIONS.md`` shows them)."""

NUM_ACTIONS: int = ACTION_TABLE[-1].stop
"""The size of the action space: actions are ``0 .. NUM_ACTIONS - 1``."""


def action_of(option: Option) -> int:
    """The integer of ``option``; :class:`UnknownOptionError` if no decision can list it."""
    try:
        return _table()[1][option]
    except (KeyError, TypeError):  # TypeError: an unhashable value
        raise UnknownOptionError(f"{option!r} is not an option any decision can list, "
                                 "so it has no action") from None


def option_of(action: int) -> Option:
    """The option of the integer ``action`` (any integer type, ``numpy.int64`` too, but not a
    bool or a float); :class:`UnknownActionError` outside the range."""
    try:
        if isinstance(action, bool):
            raise TypeError(action)
        number = operator.index(action)
        if not 0 <= number < NUM_ACTIONS:
            raise TypeError(action)
    except TypeError:
        raise UnknownActionError(f"action {action!r} does not exist: actions are integers "
                                 f"0-{NUM_ACTIONS - 1}") from None
    return _table()[0][number]


def action_index() -> Mapping[Option, int]:
    """Every option's integer, as a mapping (what :func:`action_of` looks up)."""
    return _table()[1]


def actions_of(options: Sequence[Option]) -> list[int]:
    """The integers of ``options``, ascending."""
    index = _table()[1]
    try:
        return sorted(index[o] for o in options)
    except KeyError:
        return sorted(map(action_of, options))  # raises, naming the unknown option


def mask_of(options: Sequence[Option]) -> list[bool]:
    """A list of :data:`NUM_ACTIONS` flags, ``True`` at the integers of ``options``."""
    mask = [False] * NUM_ACTIONS
    for action in actions_of(options):
        mask[action] = True
    return mask


def action_table_markdown() -> str:
    """The table as markdown: ``docs/ACTIONS.md``."""
    lines = [
        "# The action space",
        "",
        "Generated by `python -m rr.actions` from `rr/actions.py` (a meta-test checks that this",
        "file is what the code generates). Every option any decision can list is one integer",
        f"in `0..{NUM_ACTIONS - 1}` (`NUM_ACTIONS` = {NUM_ACTIONS}), the same in every game:",
        "`rr.actions.action_of(option)`, `rr.actions.option_of(action)`,",
        "`Game.legal_actions()`, `Game.action_mask()`, `Game.choose_action(action)`.",
        "",
        "| actions | option kind | meaning |",
        "|---|---|---|",
    ]
    for row in ACTION_TABLE:
        span = str(row.start) if row.size == 1 else f"{row.start}-{row.stop - 1}"
        lines.append(f"| {span} | `{row.kind}` | {row.meaning} |")
    lines += ["", "## Card index (card ids, sorted)", "", "| index | card id | name |",
              "|---|---|---|"]
    lines += [f"| {i} | `{c}` | {catalogue()[c].name} |"
              for i, c in enumerate(_cards())]
    lines += ["", "## Name index (printed names, sorted)", "", "| index | name |", "|---|---|"]
    lines += [f"| {i} | {n} |" for i, n in enumerate(names())]
    lines += ["", "## Examples", "", "| action | option |", "|---|---|"]
    for row in ACTION_TABLE:
        lines.append(f"| {row.start} | `{describe(option_of(row.start))}` |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(action_table_markdown(), end="")
