"""The one converter between events and wire data (cattrs + msgpack), strict both ways.

An event's wire form is ``[tag, {field: value}]``; an option's is ``[kind, value]``. Unknown
tags, unknown fields, missing fields and wrong types raise :class:`CorruptLogError`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, cast

import cattrs
import msgpack
from cattrs.gen import make_dict_structure_fn
from cattrs.preconf.msgpack import make_converter
from cattrs.v import format_exception

from rr.cards.catalogue import catalogue
from rr.errors import CorruptLogError, UnknownCardError
from rr.events.types import BY_TAG, Event, GameStarted
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


converter.register_unstructure_hook(Option, _unstructure_option)
converter.register_structure_hook(Option, _structure_option)
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


def read_rulesets_as_recorded(into: cattrs.Converter) -> None:
    """Make ``into`` read a recorded ruleset as it was played: an option the ruleset does not
    name reads the value it had before the option existed (``Ruleset.as_recorded``), so an
    old log replays as it was played. Each option is read by ``into``'s own hooks (so as
    strictly as its other values): call this after registering them."""
    as_named = make_dict_structure_fn(Ruleset, into)

    def structure_ruleset(data: Any, cls: Any) -> Ruleset:
        if isinstance(data, dict):
            data = Ruleset.as_recorded(data)
        return as_named(data, cls)

    into.register_structure_hook(Ruleset, structure_ruleset)


read_rulesets_as_recorded(converter)

_events = converter.copy()
"""The converter for events read from logs: as strict as ``converter``, and a card id must
name a card. (Options a client sends keep the plain reading: an unknown card there is an
illegal choice, which the engine reports with the rule.)"""
_events.register_structure_hook(Option, _structure_option)
_events.register_structure_hook(CardId, _structure_card)
_events.register_structure_hook(int, lambda data, _: _exactly(data, int, "a whole number"))
_events.register_structure_hook(str, lambda data, _: _exactly(data, str, "text"))
_events.register_structure_hook(bool, lambda data, _: _exactly(data, bool, "true or false"))
read_rulesets_as_recorded(_events)


def strict_converter() -> cattrs.Converter:
    """A copy of the strict reading converter (the one events from logs go through), for the
    other edges that read untrusted data: :mod:`rr.jsonforms` adds its own hooks to it."""
    return _events.copy()


def unstructure_event(event: Event) -> list[Any]:
    """``[tag, payload]`` for one event."""
    return [type(event).TAG, converter.unstructure(event)]


def structure_event(data: Any) -> Event:
    """The event for ``[tag, payload]``; raises :class:`CorruptLogError` on anything else."""
    if not (isinstance(data, (list, tuple)) and len(data) == 2 and isinstance(data[0], str)):
        raise CorruptLogError(f"not an event record: {str(data)[:80]}")
    tag, payload = data
    cls = BY_TAG.get(tag)
    if cls is None:
        upcast = UPCASTERS.get(tag)
        if upcast is None:
            raise CorruptLogError(f"unknown event tag {tag!r}")
        cls, payload = upcast(payload)
    try:
        event: Event = _events.structure(payload, cls)
    except Exception as err:  # cattrs raises many kinds for malformed data; all mean corrupt
        raise CorruptLogError(f"malformed {tag} event: {_reason(err)}") from err
    return event


def _game_started_1(payload: Any) -> tuple[type, Any]:
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
    if "seed_origin" in rest or "commitment" in rest:
        raise CorruptLogError("malformed game_started/1 event: a commitment is version 2's")
    return GameStarted, {**rest, "seed_origin": SeedOrigin.PUBLIC.value}


UPCASTERS: dict[str, Callable[[Any], tuple[type, Any]]] = {
    "game_started/1": _game_started_1,
}
"""Tags of events rr wrote before, each read as its current version (``(type, payload)``):
a stored log keeps its meaning when an event's form changes."""


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

