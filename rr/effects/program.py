"""Rules programs: generators that yield what they need and never touch anything themselves.

A rules program (setup, a turn, a card's ability) is a generator. It yields

* an **event** — the engine appends it to the log and folds it into the state;
* a :class:`~rr.decisions.Decision` — the engine suspends until the player picks an option,
  records the pick as a ``DecisionMade`` event, and sends the option back in;
* a :class:`Chance` — the engine draws the outcome (live) or reads it from the log (replay,
  audit), records it as an event, and sends that event back in.

It reads the game through a :class:`Table`, whose ``state`` the engine keeps current. Given the
same state, options and outcomes, a program yields the same things: that is what lets a game be
replayed, audited and resumed from its log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar, Union, cast

from attrs import define, frozen

from rr.decisions import Ask, Decision, Source
from rr.effects.automa import automa_answer
from rr.events.types import Event
from rr.knowledge import knows
from rr.model import CardId
from rr.options import Option, PickCard, PickFaceDown
from rr.state import GameState


@frozen
class Chance:
    """A random outcome the rules need: how to draw it live, and which recorded ones are valid."""

    what: str
    draw: Callable[[random.Random], Event]
    accepts: Callable[[Event], bool]


Request = Union[Event, Decision, Chance]
T = TypeVar("T")
Program = Generator[Request, Any, T]
"""A rules program returning ``T``."""


@define
class Table:
    """The game as a program sees it. Only the engine sets ``state``."""

    state: GameState


class RulesError(Exception):
    """A bug in the rules (never a user mistake): a program asked for something impossible."""


O = TypeVar("O", bound=Option)


def ask(table: Table, seat: int, kind: Ask, source: Source, prompt: str,
        options: Sequence[O], always: bool = False, *, distinct: bool = False,
        cards: bool = True) -> Program[O]:
    """Ask ``seat`` to pick one of ``options``.

    A forced choice (one option, and not a yes/no or block question) is taken without asking:
    there is nothing to decide, and nothing is recorded — unless ``always``: a question whose
    options depend on what only ``seat`` knows (its hand) is asked even when one option is
    left, so that whether it is asked tells the others nothing (RULING-B8). A face-down card is
    offered by where it lies (:class:`PickFaceDown`, RULING-B8) and handed back to the program
    as its :class:`PickCard`; any other card an option names must be one ``seat`` knows
    (RR-VIEW-3).

    Options that are not ``distinct`` by construction are checked for duplicates (a rules
    bug). A caller that builds them distinct says so: hashing the options is most of the cost
    of asking, and the turn's 20-odd Leads are asked for every turn (issue #12). A caller
    whose options are of a type that names no card to hide or check (never a
    :class:`PickCard`: the turn's Leads, the final step's gains) says ``cards=False``: they
    are then not scanned for one (about 1,500 machine instructions a turn; issue #30).
    """
    if not options:
        raise RulesError(f"{source}: a decision with no options ({prompt})")
    if not distinct and len(set(options)) != len(options):
        raise RulesError(f"{source}: duplicate options in {prompt!r}")
    if len(options) == 1 and not always and kind is not _CONFIRM and kind is not _BLOCK:
        return options[0]
    state = table.state
    if state.solo is not None and seat == state.solo.seat:  # RR-SOLO-14: Au Toma is never asked
        return automa_answer(state, seat, kind, source, options)
    if not cards or _PickCard not in map(type, options):  # no card to hide or check: in C (#12)
        choice: O = yield Decision(seat, kind, source, prompt, tuple(options))
        return choice
    shown, back = _as_shown(state, seat, source, options)
    shown_choice: Option = yield Decision(seat, kind, source, prompt, shown)
    if not back:  # no face-down card offered (the most often): no option to hash (#30)
        return shown_choice  # type: ignore[return-value]
    return back.get(shown_choice, shown_choice)  # type: ignore[return-value]


_CONFIRM, _BLOCK, _PickCard = Ask.CONFIRM, Ask.BLOCK, PickCard


def _as_shown(state: GameState, seat: int, source: Source, options: Sequence[O]
              ) -> tuple[tuple[Option, ...], dict[Option, Option]]:
    """The options as ``seat`` is shown them, and the way back to the program's options."""
    shown: list[Option] = []
    back: dict[Option, Option] = {}
    # What ``knows`` finds first, read once: the cards offered are mostly in the seat's hand,
    # among those it knows, face up on a location or banished (public, RR-VIEW-1), where
    # ``knows`` would search every place, the deck last (issue #30).
    face_down, locations, banished = state.face_down, state.locations, state.banished
    hand, known = state.players[seat].hand, state.known
    seen = known[seat] if seat < len(known) else frozenset()  # (a position built by hand)
    for option in options:
        if isinstance(option, PickCard):
            card = option.card
            if card in face_down:
                where = state.zone_of(card)
                assert where is not None and where.location is not None
                stack = state.stack(where.location)
                slot = PickFaceDown(where.location, len(stack) - 1 - stack.index(card))
                back[slot] = option
                shown.append(slot)
                continue
            if not (card in hand or card in seen or _face_up(card, locations)
                    or card in banished or knows(state, seat, card)):
                raise RulesError(f"{source}: offers {card}, which seat {seat} "
                                 "does not know")
        shown.append(option)
    return tuple(shown), back


def _face_up(card: CardId, locations: tuple[tuple[CardId, ...], ...]) -> bool:
    """Whether ``card``, which is not face down, lies on a location: public, so known to
    every seat (RR-VIEW-1)."""
    for stack in locations:  # noqa: SIM110 - no generator
        if card in stack:
            return True
    return False


def shuffled(rng: random.Random, population: Sequence[T]) -> list[T]:
    """``rng.sample(population, len(population))``: the same list, leaving ``rng`` in the same
    state. It is CPython's own selection for a whole population (``random.py``: a pool, each
    pick drawn below the pool's size by rejection from ``getrandbits``), spelt out without
    its two calls per pick: the deck's shuffle makes 112 (issue #12). Tested against
    ``Random.sample``. A generator of another class (a subclass that scripts its draws, as
    ``rr.chances`` does) is asked for the sample itself."""
    n = len(population)
    if type(rng) is not random.Random:
        return rng.sample(population, n)
    bits = rng.getrandbits
    pool = list(population)
    result = []
    for i in range(n):
        left = n - i
        size = left.bit_length()
        j = bits(size)
        while j >= left:
            j = bits(size)
        result.append(pool[j])
        pool[j] = pool[left - 1]
    return result


def draw(chance: Chance) -> Program[Event]:
    """Draw a random outcome; returns the recorded outcome event."""
    outcome = yield chance
    return cast(Event, outcome)
