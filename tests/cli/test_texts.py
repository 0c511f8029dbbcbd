"""`rr spec ID` prints a rule's or ruling's text; `rr cards [NAME]` prints cards' printed texts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rr.cards.catalogue import catalogue
from rr.cli import main
from rr.oracle import spec

REPO = Path(__file__).resolve().parents[2]


def spec_block(file: str, rule_id: str) -> str:
    """The lines of spec/FILE from the id's heading to the next heading, read here by hand."""
    lines = (REPO / "spec" / file).read_text("utf-8").splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(f"## {rule_id} — "))
    end = next((n for n in range(start + 1, len(lines)) if lines[n].startswith("## ")),
               len(lines))
    return "\n".join(lines[start:end]).rstrip()


def test_spec_id_prints_the_rule_as_the_spec_writes_it(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """`rr spec RR-TURN-1` prints the rule's heading, source and text, exactly as in spec/."""
    assert main(["spec", "RR-TURN-1"]) == 0
    out = capsys.readouterr().out
    assert out == spec_block("rules.md", "RR-TURN-1") + "\n"
    assert "Source: Rulebook" in out and "Lead" in out and "Scout" in out


def test_spec_ids_in_any_case_and_rulings_too(capsys: pytest.CaptureFixture[str]) -> None:
    """Several ids, in any case: each entry whole, rulings with their question and reason."""
    assert main(["spec", "ruling-b8", "rr-lead-3"]) == 0
    out = capsys.readouterr().out
    assert out == (spec_block("rulings.md", "RULING-B8") + "\n\n"
                   + spec_block("rules.md", "RR-LEAD-3") + "\n")
    assert "Question:" in out and "Reason:" in out


def test_spec_id_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`--json`: one line, a list of entries with their text."""
    assert main(["spec", "RR-TURN-1", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    [entry] = json.loads(out)
    assert entry["id"] == "RR-TURN-1" and entry["file"] == "rules.md"
    assert entry["text"] == spec_block("rules.md", "RR-TURN-1")


def test_an_unknown_id_is_a_usage_error_naming_the_nearest(
        capsys: pytest.CaptureFixture[str]) -> None:
    """An id the spec lacks: exit 2, one line, the nearest ids suggested, nothing printed."""
    assert main(["spec", "RR-TURN-1", "RR-TRUN-1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "'RR-TRUN-1'" in captured.err
    assert "RR-TURN-1" in captured.err


def test_the_packaged_spec_is_read_first(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A wheel's copy (rr/data/spec/) is where `rr spec` reads when it exists; a checkout
    without it reads spec/ beside the package."""
    assert spec.default_spec_dir() == REPO / "spec"  # this checkout carries no copy
    packaged = tmp_path / "spec"
    packaged.mkdir()
    for name in spec.SPEC_FILES:
        shutil.copyfile(REPO / "spec" / name, packaged / name)
    (packaged / "rules.md").write_text(
        (REPO / "spec" / "rules.md").read_text("utf-8").replace(
            "## RR-TURN-1 — A turn is one Lead or one Scout",
            "## RR-TURN-1 — The packaged copy"), "utf-8")
    monkeypatch.setattr(spec, "PACKAGED_SPEC", packaged)
    assert spec.default_spec_dir() == packaged
    assert spec.find("RR-TURN-1").title == "The packaged copy"


@pytest.mark.card("sevro")
def test_cards_name_prints_the_printed_texts(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr cards sevro`: "Banish the card directly under this one. You may reveal The Howlers
    to instead gain that card." and its end-game bonus, under its name, colour and value."""
    assert main(["cards", "sevro"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "Sevro (sevro) — Gold, core value 15",
        "  Deploy: Banish the card directly under this one. You may reveal The Howlers to "
        "instead gain that card.",
        "  End-game bonus: 20 if with Victra, The Howlers, or a Red.",
    ]


def test_cards_are_found_by_printed_name(capsys: pytest.CaptureFixture[str]) -> None:
    """A printed name with its capitals and punctuation finds the card, like its id."""
    assert main(["cards", "Dr. Virany", "SUN-HWA"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dr. Virany (dr_virany) — Yellow, core value 9\n")
    assert "\nSun-Hwa (sun_hwa) — " in out


def test_an_unknown_card_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """A name no card has: exit 2, one line naming it, nothing printed."""
    assert main(["cards", "sevro", "nobody"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "'nobody'" in captured.err


def test_cards_lists_every_printed_text(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr cards` shows what it promises: every card with every printed text it has."""
    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    for card in catalogue().values():
        assert f"{card.name} ({card.id}) — " in out
        for text in (card.deploy, card.end_game, card.end_of_game, card.block):
            if text:
                assert f": {text}\n" in out, (card.id, text)
    assert out.rstrip().endswith("112 cards; every printed ability has a handler")
