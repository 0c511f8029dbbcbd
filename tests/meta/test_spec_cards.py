"""spec/cards.md, the card catalogue and the shared card list agree card for card."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rr.cards.catalogue import catalogue
from rr.model import Color

from .spec import REPO, SPEC_DIR

CARDS_MD = SPEC_DIR / "cards.md"
DATA = REPO / "rr" / "data" / "cards.json"
SHARED_DATA = REPO.parent / "shared" / "data" / "cards.json"
HEADER = "| id | name | colour | core | deploy | end-game | end-of-game | block |"
NONE = "—"

Row = tuple[str, str, str, int, str | None, str | None, str | None, str | None]


def _cells(line: str) -> list[str]:
    """The cells of a Markdown table row, with `\\|` unescaped."""
    inner = line.strip()
    assert inner.startswith("|") and inner.endswith("|") and not inner.endswith("\\|"), line
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner[1:-1])]


def table_rows(path: Path = CARDS_MD) -> list[Row]:
    """The card table of spec/cards.md, one tuple per row, in the columns of HEADER."""
    lines = path.read_text("utf-8").splitlines()
    start = lines.index(HEADER)
    assert set(lines[start + 1].replace("|", "")) == {"-"}, "the header must be followed by |---|"
    rows: list[Row] = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        ident, name, colour, core, *texts = _cells(line)
        assert len(texts) == 4, line
        deploy, end_game, end_of_game, block = (None if t == NONE else t for t in texts)
        rows.append((ident, name, colour, int(core), deploy, end_game, end_of_game, block))
    return rows


def catalogue_rows() -> list[Row]:
    """The same columns, from rr.cards.catalogue.catalogue(), in catalogue order."""
    return [
        (c.id, c.name, c.color.value, c.core_value, c.deploy, c.end_game, c.end_of_game, c.block)
        for c in catalogue().values()
    ]


@pytest.mark.rule("RR-SETUP-9")
def test_table_matches_catalogue() -> None:
    """Every row of spec/cards.md equals the catalogue's card, in the same order, texts verbatim."""
    table, cards = table_rows(), catalogue_rows()
    for row, card in zip(table, cards):
        assert row == card
    assert len(table) == len(cards)


@pytest.mark.rule("RR-SETUP-9")
def test_card_counts() -> None:
    """The table has 112 distinct cards: 21 Gold and 7 of each of the other 13 colours."""
    rows = table_rows()
    assert len(rows) == 112
    assert len({r[0] for r in rows}) == 112
    assert len({r[1] for r in rows}) == 112
    colours = Counter(Color(r[2]) for r in rows)
    assert colours == {c: 21 if c is Color.GOLD else 7 for c in Color}


@pytest.mark.rule("RR-SETUP-9")
def test_data_file_matches_shared_card_list() -> None:
    """rr/data/cards.json equals the shared, verified card list (skipped if that is absent)."""
    if not SHARED_DATA.exists():
        pytest.skip(f"{SHARED_DATA} is not available")
    ours = json.loads(DATA.read_text("utf-8"))
    shared = json.loads(SHARED_DATA.read_text("utf-8"))
    assert ours == shared
