"""JSON Schemas (draft 2020-12) of the forms :mod:`rr.jsonforms` writes and reads.

One schema per form: ``option``, ``decision``, ``view``, ``event`` and ``answer`` (what a
seat is shown after a change, :class:`rr.seat_answer.SeatAnswer`), committed as
``docs/schema/NAME.schema.json``; ``python -m rr.schemas DIR`` writes them (a meta-test checks
that the committed files are what this module generates).

Choices made here: the schemas are derived from the attrs classes and their type hints, so a
field added to an event or a view is in its schema at once; every object is closed
(``additionalProperties: false``) and requires the fields that have no default, which is what
:func:`rr.jsonforms.from_json` accepts; a card id is one of the 112 ids or ``"?"`` (a card the
viewer may not see); an action is an integer of ``0 .. NUM_ACTIONS - 1``. The schemas check
shape and vocabulary only: that an option entry's ``action`` and ``text`` are its option's, or
that a card id names a card, is checked by :func:`rr.jsonforms.from_json` too.
"""

from __future__ import annotations

import enum
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any, Union

import attrs

from rr.actions import NUM_ACTIONS
from rr.cards.catalogue import all_ids
from rr.decisions import Ask, Decision, Source
from rr.events.codec import OPTION_KINDS, RULE_ID
from rr.events.types import BY_TAG, Event
from rr.model import AutomaCardNumber, CardId
from rr.options import Option
from rr.seat_answer import SeatAnswer
from rr.views import HIDDEN, PendingView, View
from rr.wire import WIRE_VERSION

__all__ = [
    "FORMS", "Schema", "schema", "schema_text",
]

Schema = dict[str, Any]
"""A JSON Schema document, as JSON values."""
DIALECT = "https://json-schema.org/draft/2020-12/schema"
FORMS = ("option", "decision", "view", "event", "answer")
"""The JSON forms with a schema, by name (``rr spec --schema FORM``)."""


class _Builder:
    """Builds one schema, collecting the attrs classes it meets under ``$defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, Schema] = {}

    def of(self, tp: Any) -> Schema:
        if tp is CardId:
            return {"$ref": "#/$defs/card"}
        if tp is Option:
            return {"$ref": "#/$defs/option"}
        if tp == Source:
            return {"$ref": "#/$defs/source"}
        if tp is AutomaCardNumber:
            return {"type": "integer"}
        if tp in (Decision, PendingView):
            return {"$ref": "#/$defs/decision"}
        if tp is Event:
            if "event" not in self.defs:
                self.defs["event"] = self.event()
            return {"$ref": "#/$defs/event"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is str:
            return {"type": "string"}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return {"enum": [v.value for v in tp]}
        if isinstance(tp, type) and attrs.has(tp):
            return self.ref(tp)
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (Union, types.UnionType):
            inner = [a for a in args if a is not type(None)]
            one = self.of(inner[0]) if len(inner) == 1 else {"anyOf": [self.of(a) for a in inner]}
            return {"anyOf": [one, {"type": "null"}]} if len(inner) < len(args) else one
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {"type": "array", "prefixItems": [self.of(a) for a in args],
                    "items": False, "minItems": len(args)}
        raise TypeError(f"no schema for {tp!r}")

    def ref(self, cls: type) -> Schema:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder while its fields are built
            self.defs[name] = self.object(cls)
        return {"$ref": f"#/$defs/{name}"}

    def object(self, cls: type) -> Schema:
        hints = typing.get_type_hints(cls)
        fields = attrs.fields(cls)
        return {"type": "object", "additionalProperties": False,
                "properties": {f.name: self.of(hints[f.name]) for f in fields},
                "required": [f.name for f in fields if f.default is attrs.NOTHING]}

    def common(self) -> None:
        self.defs["card"] = {"enum": sorted(all_ids()) + [HIDDEN],
                             "description": "a card id, or \"?\" for a card the viewer may "
                                            "not see"}
        kinds = []
        for kind, cls in OPTION_KINDS.items():
            value = ({"enum": [v.value for v in cls]} if issubclass(cls, enum.Enum)
                     else self.object(cls))
            kinds.append({"type": "array", "prefixItems": [{"const": kind}, value],
                          "items": False, "minItems": 2})
        self.defs["option"] = {"oneOf": kinds, "description": "an option: [kind, value]"}
        self.defs["source"] = {
            "oneOf": [{"type": "array", "prefixItems": [{"const": "rule"},
                                                        {"type": "string",
                                                         "pattern": f"^({RULE_ID.pattern})$"}],
                       "items": False, "minItems": 2},
                      {"type": "array", "prefixItems": [{"const": "card"},
                                                        {"$ref": "#/$defs/card"}],
                       "items": False, "minItems": 2}],
            "description": "which rule or card asks a decision: [\"rule\", id] or "
                           "[\"card\", card id]"}
        entry = {"type": "object", "additionalProperties": False,
                 "required": ["index", "action", "option", "text"],
                 "properties": {"index": {"type": "integer", "minimum": 0},
                                "action": {"type": "integer", "minimum": 0,
                                           "maximum": NUM_ACTIONS - 1},
                                "option": {"$ref": "#/$defs/option"},
                                "text": {"type": "string"}}}
        self.defs["decision"] = {
            "type": "object", "additionalProperties": False,
            "required": ["seat", "ask", "source", "prompt", "options"],
            "properties": {"seat": {"type": "integer", "minimum": 0},
                           "ask": {"enum": [a.value for a in Ask]},
                           "source": {"$ref": "#/$defs/source"}, "prompt": {"type": "string"},
                           "options": {"anyOf": [{"type": "array", "items": entry},
                                                 {"type": "null"}]}},
            "description": "a decision; options null when the viewer does not decide"}


    def event(self) -> Schema:
        """An event, ``[tag, payload]``: if/then by tag rather than oneOf, so that a validator
        checks one payload, not sixty."""
        tags = sorted(BY_TAG)
        return {"type": "array", "minItems": 2, "items": False,
                "prefixItems": [{"enum": tags}, {"type": "object"}],
                "allOf": [{"if": {"prefixItems": [{"const": tag}]},
                           "then": {"prefixItems": [True, self.ref(BY_TAG[tag])]}}
                          for tag in tags]}


def schema(form: str) -> Schema:
    """The JSON Schema of ``form``: ``"option"``, ``"decision"``, ``"view"``, ``"event"`` or
    ``"answer"``."""
    builder = _Builder()
    builder.common()
    if form == "option":
        top: Schema = {"$ref": "#/$defs/option"}
    elif form == "decision":
        top = {"$ref": "#/$defs/decision"}
    elif form == "view":
        top = builder.ref(View)
    elif form == "event":
        top = builder.event()
    elif form == "answer":
        top = builder.ref(SeatAnswer)
    else:
        raise ValueError(f"no schema {form!r}; the forms are: {', '.join(FORMS)}")
    return {"$schema": DIALECT, "$id": f"https://rr.invalid/schema/{form}.schema.json",
            "title": f"rr {form}", "description": f"The JSON form of an rr {form} "
            "(rr.jsonforms; README, section JSON forms).",
            "x-rr-wire": WIRE_VERSION, **top,
            "$defs": dict(sorted(builder.defs.items()))}


def schema_text(form: str) -> str:
    """The committed file's text for ``form``."""
    return json.dumps(schema(form), indent=1, sort_keys=False) + "\n"


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "docs/schema")
    folder.mkdir(parents=True, exist_ok=True)
    for form in FORMS:
        (folder / f"{form}.schema.json").write_text(schema_text(form))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
