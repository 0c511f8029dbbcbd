"""`rr simulate --report DIR`: summary.json holds what the games (read back from their
`--out` logs) say, the PNGs are real images of the announced size, the report is the same
however the games were run, and a missing matplotlib or a bad folder is a one-line error."""

from __future__ import annotations

import functools
import json
import struct
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

from rr import simulate as simulation
from rr.events import log
from rr.report.plots import SIZES
from rr.state import EMPTY, GameState, apply
from tests.agents.test_simulate_cli import FakeRay, run_cli

PNG = b"\x89PNG\r\n\x1a\n"
BALANCE = ("win_rates.png", "scores.png", "game_length.png", "winning_cards.png")


def png_size(path: Path) -> tuple[int, int]:
    """The width and height in a PNG's header (IHDR), after checking its signature, and
    that the whole image decodes to that many pixels, not all of one colour."""
    data = path.read_bytes()
    assert data[:8] == PNG and data[12:16] == b"IHDR", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    from matplotlib import image  # the report extra, in the test extra too

    pixels = image.imread(path)
    assert pixels.shape[:2] == (height, width) and pixels.min() < pixels.max()
    return width, height


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return run_cli(["simulate", *argv], capsys)


def summary(folder: Path) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads((folder / "summary.json").read_text())
    return parsed


def final_states(folder: Path) -> list[GameState]:
    """Every logged game of ``folder``, folded to its end, in seed order."""
    return [functools.reduce(apply, log.read(path).events, EMPTY)
            for path in sorted(folder.glob("*.rrlog"))]


def test_report_matches_the_logged_games(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Win counts by house, seat and agent, scores, lengths and the winning-hand cards of
    summary.json are what the games' own logs give; every plot is a PNG of its size."""
    report, out = tmp_path / "report", tmp_path / "logs"
    status, text, err = simulate(capsys, "--games", "12", "--players", "3", "--seed", "7",
                                 "--agents", "greedy,random", "--workers", "1",
                                 "--report", str(report), "--out", str(out))
    assert status == 0, err
    got = summary(report)
    states = final_states(out)
    assert len(states) == 12 and got["games"] == 12 and got["errors"] == 0
    assert got["parameters"] | {"rr_version": "-"} == got["parameters"] | {
        "games": 12, "players": 3, "first_seed": 7, "last_seed": 18,
        "agents": ["greedy", "random"], "seat_agents": ["greedy", "random", "greedy"],
        "ruleset": "official", "rr_version": "-"}
    seats: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for state in states:
        first = state.first_player or 0
        for seat, player in enumerate(state.players):
            for key in (f"house {player.house.value if player.house else ''}",
                        f"seat {(seat - first) % 3 + 1}",
                        f"agent {('greedy', 'random')[seat % 2]}"):
                seats[key] += 1
                wins[key] += seat in (state.winners or ())
    for section, name in (("win_rate_by_house", "house"), ("win_rate_by_seat", "seat"),
                          ("win_rate_by_agent", "agent")):
        for row in got[section]:
            key = f"{name} {row[name]}"
            assert (row["seats"], row["wins"]) == (seats[key], wins[key]), key
            assert row["low"] <= row["rate"] == round(wins[key] / seats[key], 4) <= row["high"]
        assert sum(row["seats"] for row in got[section]) == 36
    assert got["scores_by_agent"]["greedy"]["count"] == 24
    assert got["scores_by_agent"]["random"]["max"] == max(
        s.totals[seat] for s in states for seat in (1,) if s.totals)
    assert got["game_length"]["events"]["mean"] == round(
        sum(len(log.read(p).events) for p in out.glob("*.rrlog")) / 12, 3)
    held = Counter(c for s in states for w in (s.winners or ()) for c in set(s.players[w].hand))
    cards = got["winning_cards"]
    assert cards["winning_hands"] == sum(len(s.winners or ()) for s in states)
    assert cards["hands"] == 36 and len(cards["top"]) == 20
    for row in cards["top"]:
        assert row["winning_hands"] == held[row["card"]]
    assert [r["winning_hands"] for r in cards["top"]] == sorted(held.values(), reverse=True)[:20]
    for name in BALANCE:
        assert png_size(report / name) == SIZES[name]
    assert "Win rate by house, 95% Wilson interval" in text and "summary.json" in text


def test_serial_workers_and_ray_give_the_same_summary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The same seeds played on one process, on two worker processes and as (stand-in) Ray
    tasks give the same summary.json, but for its timing."""
    argv = ["--games", "16", "--players", "4", "--seed", "30", "--json"]
    got = []
    for how in (["--workers", "1"], ["--workers", "2"], ["--ray", "ray://head:1"]):
        if how[0] == "--ray":
            monkeypatch.setitem(sys.modules, "ray", FakeRay())
        folder = tmp_path / how[-1].replace("/", "").replace(":", "")
        status, _, err = simulate(capsys, *argv, *how, "--report", str(folder))
        assert status == 0, err
        report = summary(folder)
        assert report.pop("timing")["seconds"] > 0
        got.append(report)
    assert got[0] == got[1] == got[2]
    assert got[0]["games"] == 16


def test_without_matplotlib_report_is_a_one_line_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """No matplotlib: exit 2, one line naming `pip install 'red-rising-engine[report]'`, before
    any game is played or any folder made."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    folder = tmp_path / "report"
    status, out, err = simulate(capsys, "--games", "2", "--report", str(folder),
                                "--out", str(tmp_path / "logs"))
    assert status == 2 and out == ""
    assert err.strip().count("\n") == 0 and "pip install 'red-rising-engine[report]'" in err
    assert "Traceback" not in err and not folder.exists()


@pytest.mark.parametrize("extra, needle", [
    (["--solo"], "does not report solo games"),
    (["--players", "9"], "--players must be 2 to 6"),
])
def test_bad_report_arguments_exit_2_and_make_nothing(
        extra: list[str], needle: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`--report` with solo games, or with another bad argument, is refused before the
    folder is made."""
    folder = tmp_path / "report"
    status, _, err = simulate(capsys, "--games", "2", "--report", str(folder), *extra)
    assert status == 2 and needle in err and not folder.exists()


def test_report_into_a_file_exits_2(tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A `--report` path that is a file is refused (exit 2), the file left as it was."""
    taken = tmp_path / "taken"
    taken.write_text("mine")
    status, _, err = simulate(capsys, "--games", "2", "--report", str(taken))
    assert status == 2 and "exists and is not a folder" in err
    assert taken.read_text() == "mine"


def test_the_ismcts_agent_is_reported_by_its_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An agent of the registry needs nothing more for the report (here ISMCTS with a budget
    of 2 iterations, to be quick): its seats, wins and scores appear under the name --agents
    gave it, in that order, and rr regress --impact takes it too."""
    folder = tmp_path / "report"
    status, _, err = simulate(capsys, "--games", "2", "--players", "2", "--workers", "1",
                              "--agents", "random,ismcts:2", "--report", str(folder))
    assert status == 0, err
    got = summary(folder)
    assert [r["agent"] for r in got["win_rate_by_agent"]] == ["random", "ismcts:2"]
    assert [r["seats"] for r in got["win_rate_by_agent"]] == [2, 2]
    assert list(got["scores_by_agent"]) == ["random", "ismcts:2"]
    assert png_size(folder / "win_rates.png") == SIZES["win_rates.png"]
    status, out, err = run_cli(["regress", "--impact", "--against", "au_toma_variant",
                                "--games", "1", "--players", "2", "--agents", "ismcts:2",
                                "--workers", "1", "--json"], capsys)
    assert status == 0, err
    assert json.loads(out)["win_rate_by_agent"][0]["agent"] == "ismcts:2"


def test_failed_games_are_named_and_left_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A game that fails (a bug in rr) is counted and named by seed, left out of every
    number, and the report is still drawn; the exit status says games failed (1)."""
    play = simulation.play_one

    def failing(seed: int, *args: Any, **kwargs: Any) -> simulation.GameResult:
        result = play(seed, *args, **kwargs)
        return attrs.evolve(result, error="RuntimeError: boom") if seed % 2 else result

    monkeypatch.setattr(simulation, "play_one", failing)
    folder = tmp_path / "report"
    status, _, _ = simulate(capsys, "--games", "6", "--players", "2", "--workers", "1",
                            "--report", str(folder))
    got = summary(folder)
    assert status == 1 and got["errors"] == 3 and got["error_seeds"] == [1, 3, 5]
    assert sum(row["seats"] for row in got["win_rate_by_house"]) == 6
    assert got["game_length"]["turns"]["count"] == 3
    for name in BALANCE:
        assert png_size(folder / name) == SIZES[name]
