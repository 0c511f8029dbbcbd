"""Parse spec/rules.md and spec/rulings.md into entries; shared by the meta-tests.

The format is described in spec/README.md: an entry is a level-2 heading ``## <ID> — <title>``
followed by its body lines, up to the next level-2 heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SPEC_DIR = REPO / "spec"
RULES = SPEC_DIR / "rules.md"
RULINGS = SPEC_DIR / "rulings.md"

ID = r"(?:RR-[A-Z]+-[1-9][0-9]*|RULING-[A-Z][1-9][0-9]*)"
HEADING = re.compile(rf"^## (?P<id>{ID}) — (?P<title>\S(?:.*\S)?)$")
"""A well-formed entry heading (the em dash is U+2014)."""
ID_IN_TEXT = re.compile(r"\b(?:RR-[A-Z]+-[0-9]+|RULING-[A-Z][0-9]+)\b")
"""An id cited anywhere in prose or code."""


@dataclass(frozen=True)
class Entry:
    """One spec entry: its id, title, where it is, and the lines under its heading."""

    id: str
    title: str
    path: Path
    line: int
    body: tuple[str, ...]

    @property
    def retired(self) -> bool:
        return self.title.endswith("(retired)")

    def field(self, label: str) -> list[str]:
        """The values of every body line that starts with ``<label>:``."""
        prefix = f"{label}:"
        return [ln[len(prefix) :].strip() for ln in self.body if ln.startswith(prefix)]


def level2_headings(path: Path) -> list[tuple[int, str]]:
    """Every ``## `` line outside fenced code, with its 1-based line number."""
    found: list[tuple[int, str]] = []
    fenced = False
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("## "):
            found.append((number, line))
    return found


def entries(path: Path) -> list[Entry]:
    """The well-formed entries of one spec file, in file order (malformed headings are skipped)."""
    lines = path.read_text("utf-8").splitlines()
    starts = [(n, HEADING.match(text)) for n, text in level2_headings(path)]
    heads = [(n, m) for n, m in starts if m is not None]
    bounds = [n for n, _ in starts] + [len(lines) + 1]
    result = []
    for n, match in heads:
        end = min(b for b in bounds if b > n)
        result.append(
            Entry(
                id=match["id"],
                title=match["title"],
                path=path,
                line=n,
                body=tuple(lines[n : end - 1]),
            )
        )
    return result


def rule_entries() -> list[Entry]:
    return entries(RULES)


def ruling_entries() -> list[Entry]:
    return entries(RULINGS)


def spec_ids() -> dict[str, str]:
    """``{id: title}`` for every entry of spec/rules.md and spec/rulings.md (retired ones too)."""
    return {e.id: e.title for e in rule_entries() + ruling_entries()}
