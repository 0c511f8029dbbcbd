"""Negative properties of the audit: a log with any single event altered, dropped,
duplicated or reordered does not audit clean (exit 1 or 2).

Two ways to tamper with a log:

* **in the binary file**, records changed in place and the hash chain left as it was (what a
  careless editor or a bad disk does): every such change must be caught — in a version 2 log
  by the chain alone, which its trailer closes (the log is unreadable, and the error names the
  block); in a version 1 log by the chain or, for the last record, which no later record
  protects, by the rules;
* **re-encoded**, the events changed and the log written again (a forger who recomputes the
  chain, or a mistyped ``.jsonl`` log): the rules must catch it. An event the rules produce
  (a card gained, a token placed, a score) may be altered in any way. An input — a decision or a
  random outcome — is altered into one that is not possible there (an option the decision
  does not list, a die roll by another player, a deck that is not the 112 cards): a *different
  possible* input describes another game, which the audit rightly accepts if the rest of the
  log agrees with it.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import itertools
import re
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rr.cards.catalogue import all_ids
from rr.decisions import ByCard, ByRule
from rr.engine import Game
from rr.errors import CorruptLogError
from rr.events import log
from rr.events.codec import pack, unpack, unstructure_event
from rr.events.types import (
    RANDOM_OUTCOMES, AutomaDeckShuffled, CardSelectedAtRandom, CardsShuffled, DecisionMade,
    DeckShuffled, DieRolled, Event, FirstPlayerChosen, GameStarted, HousesDealt,
    PriorityCardsDealt, SeedRevealed,
)
from rr.model import CardId, Zone
from rr.agents.random import RandomAgent
from rr.oracle.audit import Verdict, _raw, audit
from rr.options import GainTop, PickCard, PickPlayer
from rr.state import fold
from tests.oracle.games import finished
from tests.oracle.logformat import encode_v1, objects, reblocked, split_v2

GAMES = ((2, 3), (3, 5), (4, 11), (5, 2), (6, 9), (2, 91))
"""(players, seed) of the finished games tampered with."""
FAILED = {Verdict.DIVERGED, Verdict.UNREADABLE}


@functools.cache
def _game(which: int) -> tuple[Event, ...]:
    players, seed = GAMES[which]
    return finished(players, seed)


def _audit_bytes(data: bytes) -> Verdict:
    try:
        events = log.decode(data).events
    except Exception as err:  # noqa: BLE001 - only CorruptLogError is acceptable: checked
        assert isinstance(err, CorruptLogError), f"decode raised {err!r}"
        return Verdict.UNREADABLE
    return audit(events).verdict


# --- tampering in the binary file ----------------------------------------------------------


def _tamper(records: list[Any], how: str, data: st.DataObject, alter: Callable[[Any], Any],
            event: Callable[[Any], Any]) -> None:
    """Alter (by ``alter``), drop, duplicate or move (to a place holding another ``event``)
    one record of ``records``, drawn from ``data``."""
    i = data.draw(st.integers(0, len(records) - 1), label="record")
    if how == "alter":
        records[i] = alter(records[i])
    elif how == "drop":
        del records[i]
    elif how == "duplicate":
        records.insert(i, records[i])
    else:
        j = data.draw(st.integers(0, len(records) - 1).filter(
            lambda j: event(records[j]) != event(records[i])), label="moved to")
        records.insert(j, records.pop(i))


def _objects(events: tuple[Event, ...]) -> list[Any]:
    """The msgpack objects of a version 1 log."""
    return objects(encode_v1(events))


@given(which=st.integers(0, len(GAMES) - 1), data=st.data(),
       how=st.sampled_from(["alter", "drop", "duplicate", "reorder"]))
def test_binary_log_tampered_in_place_fails(which: int, data: st.DataObject, how: str) -> None:
    """Any single record altered, dropped, duplicated or moved in a version 1 .rrlog (hash
    chain untouched) makes the audit fail."""
    objects = _objects(_game(which))
    records = objects[1:]
    _tamper(records, how, data,
            alter=lambda r: [r[0], r[1], _altered_wire(*r[2], data)], event=lambda r: r[2])
    blob = b"".join(pack(o) for o in [objects[0], *records])
    assert _audit_bytes(blob) in FAILED


@given(which=st.integers(0, len(GAMES) - 1), data=st.data(),
       how=st.sampled_from(["alter", "drop", "duplicate", "reorder"]))
def test_binary_log_v2_tampered_in_place_is_unreadable(which: int, data: st.DataObject,
                                                       how: str) -> None:
    """Any single record altered, dropped, duplicated or moved in a version 2 .rrlog (the
    blocks compressed again, every chain and the trailer left as they were) makes the log
    unreadable — the last record too — and the error names the first block that changed and
    the records it holds (or the trailer, when only the number of blocks changed)."""
    split = split_v2(log.encode(_game(which)))
    original = split.records
    records = list(original)
    _tamper(records, how, data,
            alter=lambda r: pack(_altered_wire(*unpack(r), data)), event=lambda r: r)
    assert records != original
    blocks = reblocked(records, [b.chain for b in split.blocks])
    try:
        log.decode(attrs.evolve(split, blocks=blocks).wire())
    except CorruptLogError as err:
        first = next(k for k in range(len(records) + 1)
                     if k == len(records) or k == len(original) or records[k] != original[k])
        block = first // log.BLOCK_RECORDS
        named = (f"block {block} (records {block * log.BLOCK_RECORDS}–" if block < len(blocks)
                 else "the trailer")
        assert named in str(err), (first, str(err))
    else:
        raise AssertionError(f"a log with a record {how} reads")


def _altered_wire(tag: str, payload: dict[str, Any], data: st.DataObject) -> list[Any]:
    """The wire form of an event with one field changed (still a well-formed record when
    possible, so the rules, not only the codec, see it)."""
    if not payload:
        return [tag + "x", payload]
    name = data.draw(st.sampled_from(sorted(payload)), label="field")
    value = payload[name]
    changed = dict(payload)
    if isinstance(value, bool):
        changed[name] = not value
    elif isinstance(value, int):
        changed[name] = value + data.draw(st.sampled_from([-1, 1, 2]), label="by")
    elif isinstance(value, str):
        changed[name] = value + "x"
    elif value is None:
        changed[name] = 0
    else:
        changed[name] = None
    return [tag, changed]


# --- tampering with the events, log re-encoded ---------------------------------------------


def _rechained(events: list[Event]) -> bytes:
    """The events written as a binary log again: a valid hash chain."""
    return log.encode(events)


def _rechained_v1(events: list[Event]) -> bytes:
    """The events written as a version 1 binary log: a valid hash chain, its header holding
    the seed the game revealed (wherever the tampering moved the reveal to)."""
    seeds = [e.seed for e in events if isinstance(e, SeedRevealed)]
    return encode_v1(events, seeds[-1] if seeds else None)


def _texted(events: list[Event]) -> bytes:
    """The events written as a text log (no hashes)."""
    return log.encode_text(events).encode("utf-8")


WRITERS = st.sampled_from([_rechained, _rechained_v1, _texted])


@given(which=st.integers(0, len(GAMES) - 1), data=st.data(), write=WRITERS)
def test_altered_rules_event_fails(which: int, data: st.DataObject, write: Any) -> None:
    """Any change to an event the rules produce (anything but a decision or a random outcome)
    is a divergence, even in a log whose hash chain was recomputed."""
    events = list(_game(which))
    produced = [i for i, e in enumerate(events)
                if not isinstance(e, (GameStarted, DecisionMade, *RANDOM_OUTCOMES))]
    i = data.draw(st.sampled_from(produced), label="record")
    altered = _altered(events[i], data, type(events[i]))
    assert altered != events[i]
    events[i] = altered
    assert _audit_bytes(write(events)) in FAILED


@given(which=st.integers(0, len(GAMES) - 1), data=st.data(), write=WRITERS)
def test_impossible_input_fails(which: int, data: st.DataObject, write: Any) -> None:
    """A decision or random outcome changed into one that cannot occur there fails."""
    events = list(_game(which))
    inputs = [i for i, e in enumerate(events)
              if isinstance(e, (DecisionMade, *RANDOM_OUTCOMES)) or i == 0]
    i = data.draw(st.sampled_from(inputs), label="record")
    events[i] = _impossible(events, i, data)
    assert _audit_bytes(write(events)) in FAILED


@given(which=st.integers(0, len(GAMES) - 1), data=st.data(), write=WRITERS,
       how=st.sampled_from(["drop", "duplicate", "swap"]))
def test_dropped_duplicated_or_swapped_event_fails(which: int, data: st.DataObject,
                                                   write: Any, how: str) -> None:
    """Dropping, duplicating or swapping two different neighbouring events fails, even in a
    log whose hash chain was recomputed. (Not two answers to one ability: their order can be
    free, and then the swapped log is another legal game; see the next test.)"""
    events = list(_game(which))
    if how == "swap":
        i = data.draw(st.integers(0, len(events) - 2).filter(
            lambda k: events[k] != events[k + 1]
            and not _one_ability_asking(events[k], events[k + 1])), label="record")
        events[i], events[i + 1] = events[i + 1], events[i]
    else:
        i = data.draw(st.integers(0, len(events) - 1), label="record")
        if how == "drop":
            # A version 1 log has no reveal (its header holds the seed): dropping the reveal
            # and writing version 1 gives the untampered log, which rightly audits clean.
            assume(not (write is _rechained_v1 and isinstance(events[i], SeedRevealed)))
            del events[i]
        else:
            events.insert(i, events[i])
    if not events or not isinstance(events[0], GameStarted):
        assert audit(events).verdict in FAILED
        return
    assert _audit_bytes(write(events)) in FAILED


def _one_ability_asking(a: Event, b: Event) -> bool:
    """Two decisions of one seat for one source in a row: one ability asking again."""
    return (isinstance(a, DecisionMade) and isinstance(b, DecisionMade) and a.seat == b.seat
            and a.source == b.source)


@pytest.mark.card("online_gambler")
def test_named_colours_in_another_order_are_another_legal_log() -> None:
    """Online Gambler: "Name 3 colors, then reveal the top card of the deck. If it matches a
    color you named, gain it and banish this card." The colours named are a set: two of them
    swapped in the log make the log of a game as legal, with the same events after them and
    the same end, so an audit rightly finds it clean (hypothesis found such a swap, which the
    test above once counted as tampering that must fail)."""
    swaps = 0
    for which in range(len(GAMES)):
        events = list(_game(which))
        for i in range(1, len(events) - 1):
            a, b = events[i], events[i + 1]
            if (a != b and _one_ability_asking(a, b)
                    and a.source == ByCard(CardId("online_gambler"))):
                swapped = [*events[:i], b, a, *events[i + 2:]]
                assert _audit_bytes(_rechained(swapped)) is Verdict.CLEAN
                assert fold(swapped) == fold(events)
                swaps += 1
    assert swaps, "no game of GAMES names colours for Online Gambler: pick one that does"


def _altered(value: Any, data: st.DataObject, hint: Any = None) -> Any:
    """``value`` (of type ``hint``, when known) with one part changed, keeping its type."""
    options = [a for a in typing.get_args(hint) if a is not type(None)] \
        if typing.get_origin(hint) in (typing.Union, types.UnionType) else []
    if value is None:
        return _example(data.draw(st.sampled_from(options), label="type"))
    if type(None) in typing.get_args(hint) and data.draw(st.booleans(), label="to none"):
        return None
    if attrs.has(type(value)) and attrs.fields(type(value)):
        hints = typing.get_type_hints(type(value))
        fields = [f.name for f in attrs.fields(type(value))]
        name = data.draw(st.sampled_from(fields), label=f"{type(value).__name__} field")
        return attrs.evolve(value, **{name: _altered(getattr(value, name), data, hints[name])})
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + data.draw(st.sampled_from([-1, 1, 3]), label="by")
    if isinstance(value, enum.Enum):
        others = [m for m in type(value) if m is not value]
        return data.draw(st.sampled_from(others), label="member")
    if isinstance(value, str):
        others = [c for c in all_ids() if c != value][:5]
        return data.draw(st.sampled_from([value + "!", *others]), label="text")
    if isinstance(value, tuple):
        if value and data.draw(st.booleans(), label="shorten"):
            return value[:-1]
        return value + value[-1:] if value else ("sevro",)
    raise AssertionError(f"cannot alter {value!r}")


def _example(kind: Any) -> Any:
    """Some value of type ``kind``, for a field that was None."""
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return next(iter(kind))
    if kind is int:
        return 0
    if typing.get_origin(kind) is tuple:
        return ()
    if kind is Zone:
        return Zone.deck()
    if attrs.has(kind):
        return kind()
    return "sevro"


def _impossible(events: list[Event], i: int, data: st.DataObject) -> Event:
    """An input that cannot be the one at record ``i``."""
    event = events[i]
    if isinstance(event, GameStarted):
        n = data.draw(st.sampled_from([1, 7]), label="players")
        return attrs.evolve(event, players=tuple(f"X{k}" for k in range(n)))
    if isinstance(event, DecisionMade):
        pending = Game.resume(events[:i]).pending
        assert pending is not None
        how = data.draw(st.sampled_from(["seat", "source", "option"]), label="how")
        if how == "seat":
            return attrs.evolve(event, seat=(event.seat + 1) % 7)
        if how == "source":
            other = ByCard(CardId("politician")) if isinstance(event.source, ByRule) \
                else ByRule("RR-TURN-1")
            return attrs.evolve(event, source=other)
        candidates = [PickCard(c) for c in all_ids()[:8]] + [GainTop(None), PickPlayer(9)]
        illegal = [o for o in candidates if o not in pending.options]
        return attrs.evolve(event, option=data.draw(st.sampled_from(illegal), label="option"))
    if isinstance(event, DieRolled):
        return attrs.evolve(event, seat=event.seat + 1)
    if isinstance(event, DeckShuffled):
        return attrs.evolve(event, order=event.order[1:])
    if isinstance(event, HousesDealt):
        return attrs.evolve(event, houses=event.houses[:1] * len(event.houses))
    if isinstance(event, FirstPlayerChosen):
        return attrs.evolve(event, seat=len(event.__class__.__name__) + 9)
    if isinstance(event, CardSelectedAtRandom):
        return attrs.evolve(event, card="no_such_card")
    if isinstance(event, CardsShuffled):
        return attrs.evolve(event, cards=event.cards[1:])
    if isinstance(event, AutomaDeckShuffled):
        return attrs.evolve(event, automa_cards=event.automa_cards[1:])
    if isinstance(event, PriorityCardsDealt):
        return attrs.evolve(event, letters=event.letters[:-1])
    raise AssertionError(f"not an input: {event!r}")


def test_chain_covers_every_record_but_the_last() -> None:
    """Version 1: each record's hash is the SHA-256 of the previous object: a changed record
    breaks the chain at the next one, so only the last record relies on the rules alone."""
    objects = _objects(_game(0))
    for previous, record in itertools.pairwise(objects):
        assert record[1] == hashlib.sha256(pack(previous)).digest()


def test_v2_chain_covers_every_block_and_the_trailer_closes_it() -> None:
    """Version 2: each block's chain is the SHA-256 of the previous chain (the header's hash
    for the first), its count and its uncompressed records; every block but the last is full,
    and the trailer repeats the last chain and counts every record."""
    for which in range(len(GAMES)):
        events = _game(which)
        split = split_v2(log.encode(events))
        previous = hashlib.sha256(split.header).digest()
        for block in split.blocks:
            digest = hashlib.sha256(previous)
            digest.update(block.count.to_bytes(8, "big") + block.raw)
            previous = digest.digest()
            assert block.chain == previous and block.count == len(block.records)
        assert [b.count for b in split.blocks[:-1]] == [log.BLOCK_RECORDS] * (
            len(split.blocks) - 1)
        assert split.trailer == (len(events), previous)
        assert split.records == [pack(unstructure_event(e)) for e in events]


# --- one event perturbed: the record is named ----------------------------------------------

SOLO = ((1, 4), (6, 12))
"""(Au Toma's level, seed) of the finished solo games perturbed too."""


@functools.cache
def _solo_game(which: int) -> tuple[Event, ...]:
    level, seed = SOLO[which]
    game, agent = Game.new(["Ana"], seed=seed, level=level), RandomAgent(seed)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
    return game.events


@given(data=st.data(), which=st.integers(0, len(GAMES) + len(SOLO) - 1))
def test_one_perturbed_event_is_named(data: st.DataObject, which: int) -> None:
    """Perturb one event of a legal log (RR-SETUP-1 … RR-END-5, RR-SOLO-*: any rule the
    fold or the rules enforce). The audit names that very record: its report says "diverges
    at record i" and shows the altered event as logged. The fold, when it refuses the log,
    names a record no earlier than i (everything before i is legal), and so does the
    audit's divergence.

    An event the rules produce may be changed in any field; an input (a decision or a random
    outcome) is changed into one impossible there (a different possible input is another
    game, see above). ``game_started`` is left alone: another header is another game."""
    events = list(_game(which) if which < len(GAMES) else _solo_game(which - len(GAMES)))
    i = data.draw(st.integers(1, len(events) - 1), label="record")
    original = events[i]
    if isinstance(original, (DecisionMade, *RANDOM_OUTCOMES)):
        events[i] = _impossible(events, i, data)
    else:
        events[i] = _altered(original, data, type(original))
    assert events[i] != original

    try:
        fold(events)
    except CorruptLogError as err:
        named = re.match(r"event (\d+): ", str(err))
        assert named is not None, f"the fold's error names no record: {err}"
        assert int(named.group(1)) >= i, f"perturbed record {i}, the fold blames: {err}"

    report = audit(events)
    assert report.verdict is Verdict.DIVERGED, report.summary()
    assert report.divergence is not None
    assert report.divergence.record == i, report.lines()
    assert f"diverges at record {i}" in report.summary()
    assert report.divergence.recorded_raw == _raw(events[i])
