"""docs/JSON.md's examples are what rr.jsonforms reads and writes."""

from __future__ import annotations

import json
from pathlib import Path

from rr.decisions import Decision
from rr.jsonforms import from_json, to_json
from rr.seat_answer import SeatAnswer
from rr.views import View

DOC = Path(__file__).resolve().parents[2] / "docs" / "JSON.md"


def examples(heading: str) -> list[str]:
    """The indented example lines of one section of the page."""
    text = DOC.read_text()
    section = text[text.index(f"## {heading}"):]
    section = section[:section.find("\n## ", 1)] if "\n## " in section[1:] else section
    return [line[4:] for line in section.splitlines() if line.startswith("    ")]


def test_every_example_reads_back_and_writes_the_same() -> None:
    """Each option, decision, view, event and seat answer shown reads, and writes back as
    shown."""
    for heading, kind in (("Option", "option"), ("Decision", Decision), ("View", View),
                          ("Event", "event"), ("Seat answer", SeatAnswer)):
        lines = examples(heading)
        assert lines, heading
        for line in lines:
            data = json.loads(line)
            assert to_json(from_json(data, kind)) == data, line  # type: ignore[call-overload]


def test_the_errors_shown_are_the_errors_raised() -> None:
    """The error messages the page shows are those of the documents they describe."""
    from rr.errors import BadJsonError

    shown = examples("Reading is strict")
    decision = json.loads(examples("Decision")[0])
    decision["options"][0]["action"] = 5
    view = json.loads(examples("View")[0])
    view["hand"][1] = "sevr0"
    bad = [(decision, Decision), (view, View), (["player", {"seat": True}], "option")]
    for line, (data, kind) in zip(shown, bad, strict=True):
        try:
            from_json(data, kind)  # type: ignore[call-overload]
        except BadJsonError as err:
            assert str(err) == line
        else:
            raise AssertionError(f"no error for: {line}")
