"""Which rule — and which card's ability — produces a given record of a log.

The rules are generators nested with ``yield from`` (``rr.effects.program``). Re-running them
over a log's own decisions and random outcomes up to record *n*, the chain of suspended
generators at the moment record *n* is asked for says exactly who asks: the innermost rules
function whose docstring starts with a spec id (CONTRIBUTING.md: a rules function's
docstring starts with its rule) is the rule, and the innermost card handler (a function of
``rr.cards`` resolving a :class:`~rr.effects.play.Play`) is the card.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from types import GeneratorType
from typing import Any

from attrs import evolve, frozen

from rr.decisions import Decision
from rr.effects.play import Play
from rr.effects.program import Chance, Table
from rr.events.types import DecisionMade, Event, GameStarted
from rr.model import CardId
from rr.oracle.rerun import needs_rules_version
from rr.rules.game import play
from rr.state import apply, fold

RULE_AT_START = re.compile(r"^\s*((RR-[A-Z]+-[0-9]+|RULING-[A-Z][0-9]+)(\.\.[0-9]+)?)")
"""A docstring that starts with a spec id, or a range of ids (``RR-BONUS-1..5``)."""


@frozen
class Blame:
    """Who produces a record: the innermost rule with a spec id, and the card resolving."""

    rule: str | None
    """The spec id of the innermost rules function that yields the record."""
    function: str | None
    """That function's qualified name (``rr.effects.tokens.gain_helium``)."""
    card: CardId | None
    """The card whose ability is resolving, if any."""
    within: tuple[str, ...] = ()
    """The spec ids (or ranges) of the rules functions around it, innermost first
    (``RR-DIE-2``, ``RR-LEAD-3``, ``RR-LEAD-1..6``)."""


def blame(events: Sequence[Event], index: int, rules_version: int | None = None
          ) -> Blame | None:
    """Who produces record ``index`` when the rules re-run over ``events``' inputs (the records
    before ``index`` must be what the rules produce). ``None`` if the rules stop earlier.
    ``rules_version``: the version a first record that names none was played under, which
    must then be given (:func:`rr.oracle.rerun.needs_rules_version`)."""
    if not events or not isinstance(events[0], GameStarted):
        return None
    started = events[0]
    needs_rules_version(events, rules_version, "the blame")
    first = fold([started])
    if started.rules_version is None and rules_version is not None:
        first = evolve(first, rules_version=rules_version)
    table = Table(first)
    program = play(table, started.houses)
    count = 1
    value: Any = None
    try:
        while True:
            request = program.send(value)
            value = None
            if count == index:
                return _who(program)
            if count >= len(events):
                return None
            recorded = events[count]
            if isinstance(request, Decision):
                if not isinstance(recorded, DecisionMade):
                    return None
                value = recorded.option
                request = recorded
            elif isinstance(request, Chance):
                value = request = recorded
            table.state = apply(table.state, request)
            count += 1
    except Exception:  # noqa: BLE001 - a log the rules cannot re-run this far
        return None  # nobody to blame
    finally:
        program.close()


def _chain(program: object) -> Iterator[GeneratorType[Any, Any, Any]]:
    """The suspended generators, outermost first."""
    current: Any = program
    while isinstance(current, GeneratorType):
        yield current
        current = current.gi_yieldfrom


def _who(program: object) -> Blame:
    rules: list[tuple[str, str]] = []
    card: CardId | None = None
    for generator in reversed(list(_chain(program))):
        frame, code = generator.gi_frame, generator.gi_code
        module = frame.f_globals.get("__name__", "") if frame is not None else ""
        if card is None and module.startswith("rr.cards.") and frame is not None:
            play_arg = next((v for v in frame.f_locals.values() if isinstance(v, Play)), None)
            if play_arg is not None:
                card = play_arg.card
        found = _rule_of(module, code.co_name, code)
        if found is not None and found not in (r for r, _ in rules):
            rules.append((found, f"{module}.{code.co_name}"))
    if not rules:
        return Blame(None, None, card)
    first = RULE_AT_START.match(rules[0][0])
    assert first is not None
    return Blame(first.group(2), rules[0][1], card, tuple(r for r, _ in rules[1:]))


def _rule_of(module: str, name: str, code: Any) -> str | None:
    """The spec id a module-level function's docstring starts with."""
    fn = getattr(sys.modules.get(module), name, None)
    if fn is None or getattr(fn, "__code__", None) is not code:
        return None
    match = RULE_AT_START.match(fn.__doc__ or "")
    return match.group(1) if match else None  # the id, or the range as written
