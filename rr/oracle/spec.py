"""The spec's rule and ruling ids, read from ``spec/rules.md`` and ``spec/rulings.md``.

The format is described in spec/README.md: an entry is a level-2 heading
``## <ID> — <title>`` outside fenced code. ``spec/`` in the repository is the single source;
building a wheel copies it into the package as ``rr/data/spec/`` (setup.py), so ``rr spec``
reads that copy when rr is installed from a wheel, ``spec/`` beside the package in a checkout
or an editable install, or the folder ``--spec`` names.
"""

from __future__ import annotations

import difflib
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


PACKAGED_SPEC = Path(__file__).resolve().parents[1] / "data" / "spec"
"""Where a wheel carries its copy of ``spec/`` (made at build time by setup.py)."""


def default_spec_dir() -> Path:
    """The spec a wheel carries (``rr/data/spec/``), else ``spec/`` beside the ``rr`` package
    (a source checkout or an editable install)."""
    if (PACKAGED_SPEC / SPEC_FILES[0]).is_file():
        return PACKAGED_SPEC
    return Path(__file__).resolve().parents[2] / "spec"


def entry_text(entry: SpecEntry, spec_dir: str | Path | None = None) -> str:
    """The entry's whole text as the spec writes it: its heading and every line up to the
    next entry (or the end of its file), without trailing blank lines."""
    folder = Path(spec_dir) if spec_dir is not None else default_spec_dir()
    lines = (folder / entry.file).read_text("utf-8").splitlines()
    body: list[str] = [lines[entry.line - 1]]
    fenced = False
    for line in lines[entry.line:]:
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("## "):
            break
        body.append(line)
    return "\n".join(body).rstrip()


def find(rule_id: str, spec_dir: str | Path | None = None) -> SpecEntry:
    """The entry with this id (any case: ``rr-turn-1`` is ``RR-TURN-1``); a ``BadInputError``
    naming the nearest ids if there is none."""
    found = entries(spec_dir)
    wanted = rule_id.strip().upper()
    for entry in found:
        if entry.id == wanted:
            return entry
    near = difflib.get_close_matches(wanted, [e.id for e in found], n=3, cutoff=0.6)
    raise BadInputError(f"the spec has no rule or ruling {rule_id!r}"
                        + (f" (did you mean {', '.join(near)}?)" if near else
                           " (rr spec lists every id)"))


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
