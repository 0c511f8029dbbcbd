"""README.md, CONTRIBUTING.md and docs/ are reference: they say how things are, not how they
came to be (CONTRIBUTING.md, "Docs"). No issue numbers, which mean nothing to a reader without
the tracker, and no paths of a development machine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PAGES = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md",
                *(p for p in (ROOT / "docs").rglob("*.md") if "api" not in p.parts)])
"""Every page a reader opens (``docs/api/``, the generated reference, is not kept)."""

ISSUE = re.compile(r"(?<![\w&/#`])#\d+\b|\bissues?\s+#?\d+", re.IGNORECASE)
"""An issue by number: "#32", "issue #12", "issue 30", "issues 4 and 5"."""

DEV_PATH = re.compile(r"/work/|/home/\w+|/Users/\w+")
"""A path of someone's machine."""


def offending(text: str, pattern: re.Pattern[str]) -> list[str]:
    """Each line of ``text`` that ``pattern`` matches, with its number."""
    return [f"{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1)
            if pattern.search(line)]


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_a_page_cites_no_issue_and_no_machine_path(page: Path) -> None:
    text = page.read_text("utf-8")
    found = offending(text, ISSUE) + offending(text, DEV_PATH)
    assert not found, f"{page.relative_to(ROOT)}:\n" + "\n".join(found)


def test_the_patterns_catch_what_they_mean_to() -> None:
    """The test would fail on the sentences the pages used to have, and not on a colour, an
    anchor or a heading."""
    for cited in ("passes issue #32's letter", "(#12)", "Issue 30 point 5", "issues 4 and 5"):
        assert ISSUE.search(cited), cited
    for fine in ("`#fff`", "see [below](#the-fold)", "## Install", "seat 2 of 4", "C#"):
        assert not ISSUE.search(fine), fine
    assert DEV_PATH.search("cd /work/main && make") and not DEV_PATH.search("rr/server/")
    assert len(PAGES) >= 10
