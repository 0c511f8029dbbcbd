"""`rr regress --impact`: the same seeds under two rulesets. A ruling that cannot matter
changes nothing; one that does names games whose winner really differs when they are played
again; the numbers are those of the games, the same on one or two processes; mistakes are
one-line errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from rr.report.plots import SIZES
from rr.ruleset import Ruleset
from rr.simulate import play_one
from tests.agents.test_report import png_size
from tests.agents.test_simulate_cli import FakeRay, run_cli

CERES_TOP_ONLY = "ceres_banish_any_position=false"
"""RULING-A3 the other way: Ceres' Sovereign banish takes a location's top card only. It
changes the winner of about a third of random 4-player games (measured: 27 of 60)."""


def impact(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status, out, err = run_cli(["regress", "--impact", *argv, "--json"], capsys)
    assert status in (0, 1), err
    parsed: dict[str, Any] = json.loads(out)
    return status, parsed


def test_a_ruling_that_cannot_matter_changes_no_game(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    """The Au Toma variant only changes a solo game's setup (RR-SOLO-17): in 3-player games
    no result changes, every change is 0 ± 0, and the exit status is 0."""
    status, got = impact(capsys, "--against", "au_toma_variant=true", "--games", "8",
                         "--players", "3", "--agents", "greedy,random", "--workers", "1")
    assert status == 0
    assert got["compared"] == 8 and got["changed"] == 0 and got["changed_winner"] == []
    rows = [row for key in ("win_rate_by_house", "win_rate_by_seat", "win_rate_by_agent",
                            "mean_score", "mean_score_by_house", "game_length")
            for row in got[key]]
    assert rows and all(row["change"] == row["plus_minus"] == 0 for row in rows)
    assert all(row["a"] == row["b"] for row in rows)


def test_a_ruling_that_matters_names_games_that_really_differ(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every seed listed as a changed winner has other winners when played again under A and
    B, every other seed the same; the win-rate changes are those of the replayed games; the
    plot is a PNG of its size and impact.json is what --json printed."""
    folder = tmp_path / "impact"
    status, got = impact(capsys, "--ruleset", "official", "--against", CERES_TOP_ONLY,
                         "--games", "16", "--seed", "100", "--report", str(folder),
                         "--workers", "1")
    assert status == 1
    assert got["parameters"]["against"] == CERES_TOP_ONLY and got["compared"] == 16
    a = {s: play_one(s, 4, Ruleset()) for s in range(100, 116)}
    b = {s: play_one(s, 4, Ruleset.parse(CERES_TOP_ONLY)) for s in range(100, 116)}
    moved = [s for s in a if set(a[s].winners) != set(b[s].winners)]
    assert moved and [m["seed"] for m in got["changed_winner"]] == moved
    for m in got["changed_winner"]:
        assert m["winners_a"] == [a[m["seed"]].houses[w] for w in a[m["seed"]].winners]
        assert m["totals_b"] == list(b[m["seed"]].totals)
    for row in got["win_rate_by_house"]:
        house = row["house"]
        won_a = [house in (a[s].houses[w] for w in a[s].winners) for s in a if house in a[s].houses]
        won_b = [house in (b[s].houses[w] for w in b[s].winners) for s in b if house in b[s].houses]
        assert row["games"] == len(won_a) == len(won_b)
        assert row["change"] == round((sum(won_b) - sum(won_a)) / len(won_a), 4)
        assert row["low"] <= row["change"] <= row["high"]
    assert png_size(folder / "impact.png") == SIZES["impact.png"]
    written = json.loads((folder / "impact.json").read_text())
    assert written.pop("timing") and written == {k: v for k, v in got.items() if k != "timing"}


def test_two_workers_report_what_one_does(capsys: pytest.CaptureFixture[str]) -> None:
    """The comparison is the same on one process and on two (timing aside)."""
    argv = ["--against", CERES_TOP_ONLY, "--games", "10", "--players", "2", "--seed", "3"]
    _, one = impact(capsys, *argv, "--workers", "1")
    _, two = impact(capsys, *argv, "--workers", "2")
    del one["timing"], two["timing"]
    assert one == two and one["compared"] == 10


def test_terminal_tables_say_how_to_read_a_change(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --json: the win-rate table in points with "±", and a sentence reading the
    largest house change ("B moves X's win rate by +a ± b points")."""
    status, out, err = run_cli(["regress", "--impact", "--against", CERES_TOP_ONLY,
                                "--games", "12", "--workers", "1"], capsys)
    assert status == 1, err
    assert "Win rate (percentage points)" in out and "±" in out
    assert "changed winner: seeds" in out and "Read: B moves " in out and " win rate by " in out
    assert " points (" in out


@pytest.mark.parametrize("argv, needle", [
    (["regress", "--impact", "some/dir", "--against", "official"], "give no corpus folder"),
    (["regress", "--impact", "--ruleset", "recorded", "--against", "official"],
     "cannot be 'recorded' with --impact"),
    (["regress", "--impact", "--against", "no_such_rule"], "unknown ruleset option"),
    (["regress", "--impact", "--against", "official", "--players", "7"], "--players must be"),
    (["regress", "--impact", "--against", "official", "--agents", "random,greedy,random",
      "--players", "2"], "3 agents named for 2 players"),
    (["regress", "--against", "official", "--games", "3"], "--games: only with --impact"),
    (["regress", "--against", "official"], "or --impact to play new games"),
])
def test_mistakes_exit_2_with_one_line(argv: list[str], needle: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Every mistake is one line on stderr, exit 2, nothing played."""
    status, out, err = run_cli(argv, capsys)
    assert status == 2 and needle in err and out == ""
    assert "Traceback" not in err and err.strip().count("\n") <= 1  # argparse adds usage


def test_without_matplotlib_the_report_is_refused_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """No matplotlib: `--report` is a one-line error naming the extra, no folder made."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    folder = tmp_path / "impact"
    status, _, err = run_cli(["regress", "--impact", "--against", CERES_TOP_ONLY,
                              "--report", str(folder)], capsys)
    assert status == 2 and "pip install 'red-rising-engine[report]'" in err and not folder.exists()


def test_ray_compares_what_one_process_does(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """`--ray` plays both rulesets' games as (stand-in) Ray tasks, to the same comparison."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    argv = ["--against", CERES_TOP_ONLY, "--games", "8", "--players", "3", "--seed", "9"]
    _, on_ray = impact(capsys, *argv, "--ray", "ray://head:1")
    _, local = impact(capsys, *argv, "--workers", "1")
    del on_ray["timing"], local["timing"]
    assert on_ray == local
    assert [call for call, _ in fake.calls].count("init") == 2  # once per ruleset
