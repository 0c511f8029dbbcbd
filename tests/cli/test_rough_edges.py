"""The command line's rough edges of issue #27, each fixed: solo options that cannot go together,
plain help texts, people's numbering of players, one-line JSON, and Ctrl-C keeping the games
already played."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rr.cli import COMMANDS, main
from rr.decisions import Ask, ByCard, Decision
from rr.engine import Game
from rr.events import log
from rr.jsonforms import to_json
from rr.options import PickPlayer, describe

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.rule("RR-SOLO-1")
@pytest.mark.parametrize("argv", [
    ["demo", "--level", "1", "--players", "4"],
    ["demo", "--solo", "--players", "2"],
    ["simulate", "--solo", "--players", "4", "--games", "1"],
    ["simulate", "--levels", "1-2", "--players", "3", "--games", "1"],
])
def test_players_with_a_solo_game_is_a_usage_error(argv: list[str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A solo game (one player against Au Toma) with --players: exit 2, one line saying the
    two cannot go together, nothing played."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert "solo game" in line and "--players" in line and "RR-SOLO-1" in line


def test_solo_without_players_still_plays(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr demo --level 1` alone plays the solo game, as before."""
    assert main(["demo", "--level", "1", "--quiet", "--seed", "2"]) == 0
    assert "Tull Au Toma" in capsys.readouterr().out


@pytest.mark.parametrize("command", COMMANDS)
def test_help_texts_are_plain(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`rr COMMAND --help` shows no reStructuredText: no backticks (``literal`` quotes,
    :mod: roles), no `::` before a literal block."""
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "`" not in out, out
    assert not [line for line in out.splitlines() if line.rstrip().endswith("::")], out


def test_a_player_option_is_worded_from_1_while_its_json_seat_counts_from_0() -> None:
    """People read "player 2" for the second seat, as the default names P1, P2 count; the API
    and the JSON keep seat 1."""
    assert describe(PickPlayer(1)) == "player 2" and str(PickPlayer(0)) == "player 1"
    decision = Decision(seat=0, ask=Ask.PLAYER, source=ByCard("aja"), prompt="Choose an opponent",
                        options=(PickPlayer(1), PickPlayer(2)))
    listed = to_json(decision)["options"]
    assert [(o["option"], o["text"]) for o in listed] == [
        (["player", {"seat": 1}], "player 2"), (["player", {"seat": 2}], "player 3")]


def finished_log(tmp_path: Path) -> Path:
    game = Game.new(2, seed=3)
    while game.pending is not None:
        game.choose(game.pending.options[0])
    path = tmp_path / "game.rrlog"
    log.write(path, game.events)
    return path


def test_every_json_output_is_one_line(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Every command's --json prints one line of JSON (`rr score --json` was indented)."""
    game = finished_log(tmp_path)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / game.name).write_bytes(game.read_bytes())
    runs = [
        ["score", str(ROOT / "examples" / "score-example.json"), "--json"],
        ["score", str(ROOT / "examples" / "score-solo.json"), "--json"],
        ["cards", "--json"], ["cards", "sevro", "--json"],
        ["spec", "--json"], ["spec", "RR-TURN-1", "--json"],
        ["simulate", "--games", "2", "--players", "2", "--workers", "1", "--json"],
        ["simulate", "--solo", "--games", "2", "--workers", "1", "--json"],
        ["replay", str(game), "--json"], ["audit", str(game), "--json"],
        ["regress", str(corpus), "--ruleset", "official", "--against", "official", "--json"],
    ]
    for argv in runs:
        assert main(argv) == 0, argv
        out = capsys.readouterr().out
        assert out.endswith("\n") and out.count("\n") == 1, (argv, out[:200])
        json.loads(out)


def interrupt_after_logs(argv: list[str], folder: Path, logs: int
                         ) -> subprocess.CompletedProcess[str]:
    """Run `rr ARGV --out FOLDER`, send Ctrl-C (SIGINT) once LOGS logs are written."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "rr", *argv, "--out", str(folder)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env, cwd=ROOT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if folder.exists() and len(list(folder.glob("*.rrlog"))) >= logs:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def test_ctrl_c_on_simulate_reports_the_games_already_played(tmp_path: Path) -> None:
    """Ctrl-C part-way through `rr simulate` on two workers: exit 130, one line saying how
    many games were played, and the summary of those games (seeds from SEED on, in order)."""
    done = interrupt_after_logs(["simulate", "--games", "5000", "--players", "2", "--seed",
                                 "100", "--workers", "2", "--json"], tmp_path / "logs", 120)
    assert done.returncode == 130, done.stderr
    [line] = done.stderr.splitlines()
    report = json.loads(done.stdout)
    played = report["games"]
    assert report["interrupted"] is True and report["errors"] == 0
    assert 0 < played < 5000
    assert line == (f"interrupted: {played} of 5000 games played (seeds 100 to "
                    f"{100 + played - 1}); their results follow")
    assert sum(report["games_by_house"].values()) == 2 * played


def test_ctrl_c_on_the_solo_table_reports_the_games_already_played(tmp_path: Path) -> None:
    """Ctrl-C part-way through `rr simulate --solo --levels`: exit 130, the lines of the
    games played, each with its own count."""
    done = interrupt_after_logs(["simulate", "--levels", "1-6", "--games", "500", "--workers",
                                 "2", "--json"], tmp_path / "logs", 120)
    assert done.returncode == 130, done.stderr
    report = json.loads(done.stdout)
    assert report["interrupted"] is True and 0 < report["games"] < 6000
    assert sum(line["games"] for line in report["by_level_and_agent"]) == report["games"]
    assert done.stderr.startswith(f"interrupted: {report['games']} of 6000 solo games played")
