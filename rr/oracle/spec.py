"""The spec's rule and ruling ids, read from ``spec/rules.md`` and ``spec/rulings.md``.

The format is described in spec/README.md: an entry is a level-2 heading
``## <ID> — <title>`` outside fenced code. The spec folder is part of the source tree, not of
the installed package: ``rr spec`` finds it beside the ``rr`` package (a checkout or an
editable install), or where ``--spec`` says.
"""

from __future__ import annotations

import re
from pathlib import Path

from attrs import frozen

from rr.errors import BadInputError

SPEC_FILES = ("rules.md", "rulings.md")
HEADING = re.compile(
    r"^## (?P<id>RR-[A-Z]+-[1-9][0-9]*|RULING-[A-Z][1-9][0-9]*) — (?P<title>\S(?:.*\S)?)$")
ID_PATTERN = re.compile(r"^(?:RR-(?P<area>[A-Z]+)-(?P<n>[0-9]+)|RULING-(?P<series>[A-Z])"
                        r"(?P<m>[0-9]+))$")


@frozen
class SpecEntry:
    """One rule or ruling of the spec."""

    id: str
    title: str
    file: str
    line: int

    @property
    def retired(self) -> bool:
        return self.title.endswith("(retired)")

    @property
    def area(self) -> str:
        """``SETUP`` for ``RR-SETUP-3``, ``RULING-A`` for ``RULING-A12``."""
        return area_of(self.id)


def area_of(rule_id: str) -> str:
    match = ID_PATTERN.match(rule_id)
    if match is None:
        return ""
    return match["area"] or f"RULING-{match['series']}"


def default_spec_dir() -> Path:
    """``spec/`` beside the ``rr`` package (a source checkout or an editable install)."""
    return Path(__file__).resolve().parents[2] / "spec"


def entries(spec_dir: str | Path | None = None) -> list[SpecEntry]:
    """Every entry of the spec, rules first, each file in order."""
    folder = Path(spec_dir) if spec_dir is not None else default_spec_dir()
    found: list[SpecEntry] = []
    for name in SPEC_FILES:
        path = folder / name
        try:
            text = path.read_text("utf-8")
        except OSError as err:
            raise BadInputError(f"cannot read the spec: {path}: {err.strerror} "
                                "(give the spec folder with --spec)") from None
        fenced = False
        for number, line in enumerate(text.splitlines(), start=1):
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced and (match := HEADING.match(line)):
                found.append(SpecEntry(match["id"], match["title"], name, number))
    return found
