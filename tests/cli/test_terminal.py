"""Text taken from an input reaches the terminal with its control characters escaped
(rr.untrusted.printable): a forged log whose player is named "Ana\\r\\x1b[2K...\\n" cannot
redraw `rr audit`'s report of a divergence as a "clean" line, nor any other command's
output; and a name in rich's markup ("[/bold]") is shown, not obeyed (it made `rr replay`
fail with exit 3)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest

from rr.cli import main
from rr.events import log
from rr.events.types import Event, HeliumGained
from tests.oracle.games import finished

FORGED_NAME = "Ana\r\x1b[2Kforged.rrlog: clean \u2014 356 records re-adjudicated\n\u202e"
"""Return to the line's start, erase it, write a clean verdict, start a new line, and turn
what follows right to left."""
SHOWN_NAME = "Ana\\r\\x1b[2Kforged.rrlog: clean \u2014 356 records re-adjudicated\\n\\u202e"
"""The name as rr.untrusted.printable shows it: each control character as its escape."""
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Every control character but the line feed, which ends rr's own lines."""


def renamed(name: str, diverge: bool) -> list[Event]:
    """A finished game with seat 0 named ``name``; with ``diverge``, one of its Helium gains
    is one more than the rules give (the audit names that player at that record)."""
    events = list(finished(2, 3))
    events[0] = attrs.evolve(events[0], players=(name, "Bo"))
    if diverge:
        at = next(i for i, e in enumerate(events) if isinstance(e, HeliumGained) and e.seat == 0)
        events[at] = attrs.evolve(events[at], amount=events[at].amount + 1)
    return events


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_a_forged_name_cannot_redraw_the_audits_report(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """The divergence is reported as it is: exit 1, the report's own lines and no more, the
    name's control characters written as escapes."""
    path = tmp_path / "forged.rrlog"
    log.write(path, renamed(FORGED_NAME, diverge=True))
    status, out, _ = run(["audit", str(path)], capsys)
    assert status == 1
    assert not CONTROL.search(out)
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}: diverges at record ")
    assert all(line.startswith("  ") for line in lines[1:]), lines
    assert SHOWN_NAME in out


def test_replay_shows_a_forged_name_escaped_everywhere(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """The story, the players' table, the hand's owner, the scorepad and the winner: no
    control character of the name reaches the terminal."""
    path = tmp_path / "named.jsonl"
    log.write(path, renamed(FORGED_NAME, diverge=False))
    for argv in (["replay", str(path)], ["replay", str(path), "--as", "1", "--at", "40"]):
        status, out, _ = run(argv, capsys)
        assert status == 0 and not CONTROL.search(out), argv
        assert "\\r\\x1b[2Kforged.rrlog" in out


def test_a_name_in_rich_markup_is_shown_not_obeyed(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A player named "[/bold]Ana" (before: exit 3, a MarkupError)."""
    path = tmp_path / "markup.rrlog"
    log.write(path, renamed("[/bold]Ana[red]", diverge=False))
    status, out, _ = run(["replay", str(path), "--as", "1"], capsys)
    assert status == 0 and "[/bold]Ana[red]" in out


def test_score_escapes_the_names_of_its_file(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """`rr score`'s table, winner line and declarations show a name's control characters
    escaped, and its markup as text."""
    table = json.loads(Path("examples/score-example.json").read_text())
    table["players"][0]["name"] = "[/bold]X\x1b[2K\r"
    path = tmp_path / "score.json"
    path.write_text(json.dumps(table))
    status, out, _ = run(["score", str(path)], capsys)
    assert status == 0 and not CONTROL.search(out)
    assert "[/bold]X\\x1b[2K\\r" in out


def test_errors_quoting_an_input_escape_it(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """An error naming a file, or quoting an argument, is one line without a control
    character (a line break or a tab in it is one space: the error is one line)."""
    game = tmp_path / "game.rrlog"
    log.write(game, finished(2, 3))
    for argv in (["audit", str(tmp_path / "no\x1b[2Kfile\r.rrlog")],
                 ["replay", str(game), "--as", "Bo\x1b]0;owned\x07"],
                 ["replay", str(tmp_path / "x\n.rrlog")]):
        status, _, err = run(argv, capsys)
        assert status == 2, (argv, err)
        assert len(err.splitlines()) == 1 and not CONTROL.search(err), err
        assert "\\x1b" in err or "x .rrlog" in err


def test_regress_escapes_the_names_of_the_logs_it_reads(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """An unreadable log whose file name holds markup and control characters is named, not
    obeyed."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "[bold]\x1b[2Kgame.rrlog").write_bytes(b"not a log")
    status, out, _ = run(["regress", str(corpus), "--ruleset", "official", "--against",
                          "official", "--workers", "1"], capsys)
    assert status == 2
    assert "[bold]\\x1b[2Kgame.rrlog  unreadable" in out and not CONTROL.search(out)
