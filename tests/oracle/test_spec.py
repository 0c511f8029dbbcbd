"""Reading the spec's entries (``rr.oracle.spec``): ids, titles, files, lines, areas, retired
entries, and headings inside fenced code that are not entries (spec/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rr.errors import BadInputError
from rr.oracle.spec import SpecEntry, area_of, default_spec_dir, entries

RULES = """# Rules

## RR-SETUP-1 — Shuffle
Text.

```
## RR-FAKE-1 — A heading inside fenced code is an example, not an entry
```

## RR-LEAD-99 — Lead: old wording of X (retired)
Replaced by RR-LEAD-100.
"""

RULINGS = """# Rulings
```md
## RULING-Z1 — fenced
```
## RULING-A12 — After the fence
"""


@pytest.fixture
def spec_dir(tmp_path: Path) -> Path:
    (tmp_path / "rules.md").write_text(RULES, "utf-8")
    (tmp_path / "rulings.md").write_text(RULINGS, "utf-8")
    return tmp_path


def test_entries_outside_fences_with_their_file_and_line(spec_dir: Path) -> None:
    """Every level-2 heading outside fenced code is an entry, rules first, numbered by the
    file's own line numbers (1 = the first line); a heading in a fence is not."""
    assert entries(spec_dir) == [
        SpecEntry("RR-SETUP-1", "Shuffle", "rules.md", 3),
        SpecEntry("RR-LEAD-99", "Lead: old wording of X (retired)", "rules.md", 10),
        SpecEntry("RULING-A12", "After the fence", "rulings.md", 5),
    ]


def test_retired_entries_and_areas(spec_dir: Path) -> None:
    """A title ending "(retired)" marks a retired entry; the area is the id's middle part,
    or the ruling's series."""
    found = {e.id: e for e in entries(spec_dir)}
    assert found["RR-LEAD-99"].retired is True
    assert found["RR-SETUP-1"].retired is False
    assert found["RR-SETUP-1"].area == "SETUP"
    assert found["RULING-A12"].area == "RULING-A"
    assert area_of("RR-SETUP-3") == "SETUP" and area_of("RULING-F6") == "RULING-F"
    assert area_of("not an id") == "" and area_of("RR-setup-3") == ""


def test_the_real_spec_lines_point_at_their_headings() -> None:
    """Each entry of spec/ names the line of its own heading."""
    folder = default_spec_dir()
    found = entries(folder)
    assert len(found) > 150
    for entry in found[:5] + found[-5:]:
        line = (folder / entry.file).read_text("utf-8").splitlines()[entry.line - 1]
        assert line == f"## {entry.id} — {entry.title}"


def test_a_missing_spec_file_names_the_path(tmp_path: Path) -> None:
    """A spec folder without rulings.md: the error names the file and the --spec option."""
    (tmp_path / "rules.md").write_text(RULES, "utf-8")
    with pytest.raises(BadInputError, match=r"cannot read the spec: .*rulings\.md.*--spec"):
        entries(tmp_path)
