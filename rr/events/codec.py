"""The one converter between events and wire data (cattrs + msgpack), strict both ways.

An event's wire form is ``[tag, {field: value}]``; an option's is ``[kind, value]``. Unknown
tags, unknown fields, missing fields and wrong types raise :class:`CorruptLogError`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import cattrs
import msgpack
from cattrs.gen import make_dict_structure_fn
from cattrs.preconf.msgpack import make_converter
from cattrs.v import format_exception

from rr.cards.catalogue import catalogue
from rr.decisions import ByCard, ByRule, Source
from rr.errors import CorruptLogError, UnknownCardError
from rr.events.types import (
    BY_TAG, DecisionMade, EndCondition, EndTrigger, Event, GameEndTriggered, GameStarted,
)
from rr.model import Bonus, CardId, Color, Location
from rr.randomness import SeedOrigin
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
)
from rr.ruleset import UNNAMED, Ruleset

OPTION_KINDS: dict[str, type] = {
    "lead": Lead, "scout": Scout, "gain": GainTop, "card": PickCard, "face_down": PickFaceDown,
    "player": PickPlayer,
    "name": PickName, "location": Location, "color": Color, "face": Bonus, "answer": Answer,
    "position": Position,
}
_KIND_OF: dict[type, str] = {cls: kind for kind, cls in OPTION_KINDS.items()}

converter = make_converter(forbid_extra_keys=True)


def _unstructure_option(option: Option) -> list[Any]:
    kind = _KIND_OF[type(option)]
    if isinstance(option, enum.Enum):
        return [kind, option.value]
    return [kind, converter.unstructure(option)]


def _structure_option(data: Any, _: Any) -> Option:
    if not (isinstance(data, (list, tuple)) and len(data) == 2 and data[0] in OPTION_KINDS):
        raise CorruptLogError(f"not an option: {data!r}")
    cls = OPTION_KINDS[data[0]]
    if issubclass(cls, enum.Enum):
        return cast(Option, cls(data[1]))
    return cast(Option, converter.structure(data[1], cls))


def _structure_card(data: Any, _: Any) -> CardId:
    """A card id must name one of the 112 cards: a typo ("sevr0") is named, not dumped."""
    if not isinstance(data, str):
        raise CorruptLogError(f"a card id is text, not {type(data).__name__}")
    if CardId(data) not in catalogue():
        raise UnknownCardError(data[:40])
    return CardId(data)


RULE_ID = re.compile(r"RR-[A-Z]+-[0-9]+|RULING-[A-Z][0-9]+")
"""The form of a rule's or ruling's id (spec/README.md)."""


def _unstructure_source(source: Source) -> list[str]:
    """A decision's source as ``["rule", id]`` or ``["card", card id]``."""
    if type(source) is ByRule:
        return ["rule", source.rule]
    return ["card", cast(ByCard, source).card]


def source_reader(into: cattrs.Converter) -> Callable[[Any, Any], Source]:
    """The structure hook of a decision's source for ``into``, whose own hook reads the card
    of ``["card", id]`` (so as strictly as its other cards)."""
    def structure_source(data: Any, _: Any) -> Source:
        if not (isinstance(data, (list, tuple)) and len(data) == 2
                and isinstance(data[1], str)):
            raise CorruptLogError(f"a decision's source is [\"rule\", id] or [\"card\", id], "
                                  f"not {_short(data)}")
        if data[0] == "rule" and RULE_ID.fullmatch(data[1]):
            return ByRule(data[1])
        if data[0] == "card":
            return ByCard(into.structure(data[1], CardId))
        raise CorruptLogError(f"not a rule id nor a card: {_short(data)}")
    return structure_source


converter.register_unstructure_hook(Option, _unstructure_option)
converter.register_structure_hook(Option, _structure_option)
converter.register_unstructure_hook(Source, _unstructure_source)
converter.register_unstructure_hook(ByRule, _unstructure_source)  # a source on its own, too
converter.register_unstructure_hook(ByCard, _unstructure_source)
converter.register_structure_hook(Source, source_reader(converter))
_unstructure_every_option = converter.get_unstructure_hook(Ruleset)


def _unstructure_ruleset(ruleset: Ruleset) -> dict[str, Any]:
    """A ruleset's options by name, but an option of ``UNNAMED`` that has the value a ruleset
    that does not name it reads: that is how a log written before the option existed holds
    it, so such a log is written again byte for byte."""
    data: dict[str, Any] = _unstructure_every_option(ruleset)
    for name, value in UNNAMED.items():
        if data[name] is value:
            del data[name]
    return data


converter.register_unstructure_hook(Ruleset, _unstructure_ruleset)
_unstructure_game_started = converter.get_unstructure_hook(GameStarted)


def _unstructure_started(event: GameStarted) -> dict[str, Any]:
    """A ``GameStarted`` by field, but its rules version left out when it names none
    (``None``, :data:`rr.ruleset.UNNAMED_RULES_VERSIONS`): so a record written before the
    field existed is written again byte for byte."""
    data: dict[str, Any] = _unstructure_game_started(event)
    if data["rules_version"] is None:
        del data["rules_version"]
    return data


converter.register_unstructure_hook(GameStarted, _unstructure_started)


def read_as_recorded(into: cattrs.Converter) -> None:
    """Make ``into`` read a recorded game's rules as it was played: an option the ruleset
    does not name reads the value it had before the option existed (``Ruleset.as_recorded``),
    and a ``GameStarted`` that names no rules version reads ``None`` (one of
    :data:`rr.ruleset.UNNAMED_RULES_VERSIONS`, told apart by replaying), so an old log
    replays as it was played. Each
    value is read by ``into``'s own hooks (so as strictly as its other values): call this
    after registering them."""
    as_named = make_dict_structure_fn(Ruleset, into)

    def structure_ruleset(data: Any, cls: Any) -> Ruleset:
        if isinstance(data, dict):
            data = Ruleset.as_recorded(data)
        return as_named(data, cls)

    into.register_structure_hook(Ruleset, structure_ruleset)
    started = make_dict_structure_fn(GameStarted, into)

    def structure_started(data: Any, cls: Any) -> GameStarted:
        if isinstance(data, dict) and "rules_version" not in data:
            data = {**data, "rules_version": None}
        elif isinstance(data, dict) and data["rules_version"] is None:
            raise CorruptLogError("a rules version named is a whole number (a record that "
                                  "names none leaves it out)")
        return started(data, cls)

    into.register_structure_hook(GameStarted, structure_started)


read_as_recorded(converter)

_events = converter.copy()
"""The converter for events read from logs: as strict as ``converter``, and a card id must
name a card. (Options a client sends keep the plain reading: an unknown card there is an
illegal choice, which the engine reports with the rule.)"""
_events.register_structure_hook(Option, _structure_option)
_events.register_structure_hook(CardId, _structure_card)
_events.register_structure_hook(int, lambda data, _: _exactly(data, int, "a whole number"))
_events.register_structure_hook(str, lambda data, _: _exactly(data, str, "text"))
_events.register_structure_hook(bool, lambda data, _: _exactly(data, bool, "true or false"))
_events.register_structure_hook(Source, source_reader(_events))
read_as_recorded(_events)


def strict_converter() -> cattrs.Converter:
    """A copy of the strict reading converter (the one events from logs go through), for the
    other edges that read untrusted data: :mod:`rr.jsonforms` adds its own hooks to it."""
    return _events.copy()


def unstructure_event(event: Event) -> list[Any]:
    """``[tag, payload]`` for one event."""
    return [type(event).TAG, converter.unstructure(event)]


def structure_event(data: Any, players: Sequence[str] | None = None) -> Event:
    """The event for ``[tag, payload]``; raises :class:`CorruptLogError` on anything else.

    ``players``: the names of the game's players, in seat order, for a record of an older
    version that names a player by name (``game_end_triggered/1``); :class:`EventReader`
    reads them from the log's ``GameStarted``."""
    if not (isinstance(data, (list, tuple)) and len(data) == 2 and isinstance(data[0], str)):
        raise CorruptLogError(f"not an event record: {str(data)[:80]}")
    tag, payload = data
    cls = BY_TAG.get(tag)
    if cls is None:
        upcast = UPCASTERS.get(tag)
        if upcast is None:
            raise CorruptLogError(f"unknown event tag {tag!r}")
        cls, payload = upcast(payload, players)
    try:
        event: Event = _events.structure(payload, cls)
    except Exception as err:  # cattrs raises many kinds for malformed data; all mean corrupt
        raise CorruptLogError(f"malformed {tag} event: {_reason(err)}") from err
    return event


class EventReader:
    """Reads the records of one log in order: a record of an older version that names a
    player by name is read with the players of the log's ``GameStarted`` (or ``players``,
    for records that follow it)."""

    def __init__(self, players: Sequence[str] | None = None) -> None:
        self.players = players

    def read(self, data: Any) -> Event:
        event = structure_event(data, self.players)
        if type(event) is GameStarted:
            self.players = event.players
        return event


def decode_events(blobs: Iterable[bytes], players: Sequence[str] | None = None
                  ) -> list[Event]:
    """The events of a log's records, each as msgpack bytes, in order (see
    :class:`EventReader`)."""
    reader = EventReader(players)
    return [reader.read(unpack(blob)) for blob in blobs]


def _game_started_1(payload: Any, _: Sequence[str] | None) -> tuple[type, Any]:
    """``game_started/1`` held the seed in plain sight; it reads as ``game_started/2`` with no
    commitment and the origin "public" (the seed stays in the log's header, where a log
    from before commitments also holds it). Its ``seed`` must still be a whole number."""
    if not isinstance(payload, dict):
        raise CorruptLogError(f"malformed game_started/1 event: not a map: {_short(payload)}")
    if "seed" not in payload:
        raise CorruptLogError("malformed game_started/1 event: required field seed missing")
    rest = {k: v for k, v in payload.items() if k != "seed"}
    if type(payload["seed"]) is not int:
        raise CorruptLogError(f"malformed game_started/1 event: seed: expected a whole number, "
                              f"not {_short(payload['seed'])}")
    if "seed_origin" in rest or "commitment" in rest or "rules_version" in rest:
        raise CorruptLogError("malformed game_started/1 event: a commitment is version 2's")
    return GameStarted, {**rest, "seed_origin": SeedOrigin.PUBLIC.value, "rules_version": 1}


def _decision_made_1(payload: Any, _: Sequence[str] | None) -> tuple[type, Any]:
    """``decision_made/1`` held its source as text: a rule's or ruling's id, or a card id.
    (The last place a source is told apart by its form.)"""
    if not isinstance(payload, dict) or not isinstance(payload.get("source"), str):
        raise CorruptLogError(f"malformed decision_made/1 event: {_short(payload)}")
    source = payload["source"]
    kind = "rule" if RULE_ID.fullmatch(source) else "card"
    return DecisionMade, {**payload, "source": [kind, source]}


_CONDITION_WORDS: dict[str, EndCondition] = {
    "7+ Helium": EndCondition.HELIUM,
    "7+ Influence on the Institute": EndCondition.INFLUENCE,
    "Fleet 7+": EndCondition.FLEET,
}
"""RR-END-1: the words ``game_end_triggered/1`` named each condition with."""


def _old_reasons() -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Every reason ``game_end_triggered/1`` could hold, as the payload of its
    :class:`EndReason`: the sentences that name no player, and the endings of those that
    begin with one ("NAME meets 7+ Helium and Fleet 7+"), with the conditions they name."""
    words = sorted(_CONDITION_WORDS)  # rr named them in this order
    whole: dict[str, Any] = {
        "no card is left to play, gain or place (RULING-B7)":
            {"trigger": EndTrigger.NO_CARD_LEFT.value},
        "the same position at the start of a round for the third time (RULING-B11)":
            {"trigger": EndTrigger.REPETITION.value},
        "this player's 150th turn, the longest game (RULING-B12)":
            {"trigger": EndTrigger.ROUND_LIMIT.value},
        "all three conditions are met: " + ", ".join(words):
            {"trigger": EndTrigger.CONDITIONS.value,
             "conditions": [_CONDITION_WORDS[w].value for w in words]},
    }
    pairs = [(a, b) for i, a in enumerate(words) for b in words[i + 1:]]
    endings = {" meets " + " and ".join(met): [_CONDITION_WORDS[w].value for w in met]
               for met in [*pairs, tuple(words)]}
    return whole, endings


_OLD_REASONS, _OLD_ENDINGS = _old_reasons()


def _game_end_triggered_1(payload: Any, players: Sequence[str] | None) -> tuple[type, Any]:
    """``game_end_triggered/1`` held its reason as an English sentence, from a few templates
    (``rr.effects.tokens.end_reason``, RULING-B7, B11, B12): each is read as its
    :class:`EndReason`, the player a sentence names found among ``players`` (the first seat
    of that name); anything else is refused, named."""
    if not isinstance(payload, dict) or not isinstance(payload.get("reason"), str):
        raise CorruptLogError(f"malformed game_end_triggered/1 event: {_short(payload)}")
    sentence: str = payload["reason"]
    reason = _OLD_REASONS.get(sentence)
    if reason is None:
        for ending, met in _OLD_ENDINGS.items():
            if sentence.endswith(ending):
                reason = {"trigger": EndTrigger.CONDITIONS.value, "conditions": met,
                          "player": _seat_named(sentence[:-len(ending)], players, sentence)}
                break
        else:
            raise CorruptLogError("malformed game_end_triggered/1 event: a reason rr never "
                                  f"wrote: {_short(sentence)}")
    return GameEndTriggered, {**payload, "reason": reason}


def _seat_named(name: str, players: Sequence[str] | None, sentence: str) -> int:
    if players is None:
        raise CorruptLogError(f"game_end_triggered/1 names a player ({_short(sentence)}): it "
                              "is read with its log's players")
    if name not in players:
        raise CorruptLogError(f"game_end_triggered/1 names {_short(name)}, who does not play: "
                              f"{_short(sentence)}")
    return list(players).index(name)


UPCASTERS: dict[str, Callable[[Any, Sequence[str] | None], tuple[type, Any]]] = {
    "game_started/1": _game_started_1,
    "decision_made/1": _decision_made_1,
    "game_end_triggered/1": _game_end_triggered_1,
}
"""Tags of events rr wrote before, each read as its current version (``(type, payload)``),
given the names of the game's players where known: a stored log keeps its meaning when an
event's form changes."""


def _reason(err: BaseException) -> str:
    unknown = _unknown_card(err)
    if unknown is not None:
        return str(unknown)
    if isinstance(err, RecursionError):
        return "nested too deeply"
    if isinstance(err, cattrs.BaseValidationError):
        msgs = cattrs.transform_error(err, format_exception=_say_exception)
        return "; ".join(msgs) if msgs else str(err)
    return str(err)


def _say_exception(exc: BaseException, type_: Any) -> str:
    """Our own errors say what was wrong themselves; cattrs words the rest."""
    if isinstance(exc, CorruptLogError):
        return str(exc)
    return format_exception(exc, type_)


def _exactly(data: Any, kind: type, what: str) -> Any:
    """``data`` if it is of exactly this type: a log's ``true`` is not the seat 1, nor its
    ``5`` the text "5" (cattrs alone would convert both)."""
    if type(data) is not kind:
        raise CorruptLogError(f"expected {what}, not {_short(data)}")
    return data


def _short(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:40] + "…"


def _unknown_card(err: BaseException) -> UnknownCardError | None:
    """The unknown card id somewhere inside a cattrs validation error, if that is the cause."""
    if isinstance(err, UnknownCardError):
        return err
    for inner in getattr(err, "exceptions", ()):
        found = _unknown_card(inner)
        if found is not None:
            return found
    return None


def pack(data: Any) -> bytes:
    return msgpack.packb(data, use_bin_type=True)  # type: ignore[no-any-return]


def unpack(blob: bytes) -> Any:
    try:
        return msgpack.unpackb(blob, raw=False, strict_map_key=True)
    except (ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as err:
        raise CorruptLogError(f"not msgpack data: {err}") from err


def encode_event(event: Event) -> bytes:
    """An event as msgpack bytes."""
    return pack(unstructure_event(event))


def decode_event(blob: bytes) -> Event:
    return structure_event(unpack(blob))


def unstructure(value: Any) -> Any:
    """Any attrs value (state, decision, option) as plain data."""
    return converter.unstructure(value)


def structure(data: Any, cls: type[Any]) -> Any:
    try:
        return converter.structure(data, cls)
    except Exception as err:  # as above: any failure to structure means malformed data
        raise CorruptLogError(f"malformed {cls.__name__}: {_reason(err)}") from err


def event_fields(event: Event) -> dict[str, Any]:
    """The event's fields as plain data (for narration and JSON output)."""
    out: dict[str, Any] = converter.unstructure(event)
    return out

