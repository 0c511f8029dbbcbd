"""The `rr` command: demo, simulate, cards, and clean errors for user mistakes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rr.cli import COMMANDS, available, main
from rr.events import log
from rr.engine import Game


def test_every_listed_command_is_installed() -> None:
    """Every sub-command named in rr.cli.COMMANDS has its module."""
    assert available() == list(COMMANDS)


@pytest.mark.rule("RR-END-7")
def test_demo_narrates_a_game_and_prints_the_scorepad(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """`rr demo` plays a whole game: turns are narrated and the scorepad's total is shown."""
    assert main(["demo", "--seed", "3", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "P1's turn 1" in out or "P2's turn 1" in out or "P3's turn 1" in out
    assert "Final scores:" in out and "TOTAL" in out


def test_demo_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed narrates the same game twice."""
    main(["demo", "--seed", "9"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "9"])
    assert capsys.readouterr().out == first


def test_simulate_json_reports_the_promised_fields(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr simulate --json` prints games, errors, seconds, games_per_second, mean_turns."""
    assert main(["simulate", "--games", "6", "--players", "2", "--seed", "1", "--json",
                 "--workers", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6 and report["errors"] == 0
    assert report["seconds"] > 0 and report["games_per_second"] > 0
    assert report["mean_turns"] >= 2
    assert sum(report["games_by_house"].values()) == 12


def test_simulate_out_writes_logs_that_resume(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`rr simulate --out DIR` writes one .rrlog per game, each re-adjudicating clean."""
    assert main(["simulate", "--games", "3", "--players", "3", "--out", str(tmp_path),
                 "--json", "--workers", "1"]) == 0
    files = sorted(tmp_path.glob("*.rrlog"))
    assert len(files) == 3
    for path in files:
        game = Game.resume(log.read(path).events)
        assert game.is_over and game.state.totals is not None


@pytest.mark.rule("RR-SETUP-7")
@pytest.mark.parametrize("argv, needle", [
    (["simulate", "--players", "7"], "2 to 6"),
    (["demo", "--players", "1"], "2 to 6"),
    (["simulate", "--games", "0"], "positive"),
    (["simulate", "--ruleset", "no_such_option=true"], "unknown ruleset option"),
])
def test_bad_arguments_exit_2_with_one_line(argv: list[str], needle: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A bad argument prints a one-line error naming the problem and exits 2."""
    with pytest.raises(SystemExit) as stop:
        status = main(argv)
        raise SystemExit(status)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_cards_lists_the_catalogue_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr cards --json` lists all 112 cards and no missing ability."""
    assert main(["cards", "--json"]) == 0
    cards = json.loads(capsys.readouterr().out)
    assert len(cards) == 112
    assert [c["id"] for c in cards if c["missing"]] == []


@pytest.mark.parametrize("seat", ["²", "1" * 5000, "٣"])
def test_replay_as_a_number_int_cannot_read_is_a_user_mistake(seat: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    """`--as ²` (a digit to str.isdigit, not to int), 5,000 digits or an Arabic-Indic three:
    no such player, exit 2 (before: exit 3, a ValueError)."""
    path = tmp_path / "game.rrlog"
    log.write(path, Game.new(["Ana", "Bo"], seed=1).events)
    assert main(["replay", str(path), "--as", seat]) == 2
    err = capsys.readouterr().err
    assert "no player" in err and len(err.splitlines()) == 1
