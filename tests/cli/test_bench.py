"""``python -m rr.bench`` measures what it says, writes a file a later run can compare with,
gives ratios to OpenSpiel's games from the same rounds, and refuses a bad file with a typed
error. Its figures are printed, never asserted (speed is not tested by timing)."""

from __future__ import annotations

import io
import json
import statistics
from pathlib import Path

import pytest
from rich.console import Console

from rr.agents.ismcts import ITERATIONS
from rr.agents.random import RandomAgent
from rr.bench import FORMAT, Bench, Figure, main, table
from rr.bench import openspiel as yardsticks
from rr.engine import Game
from rr.events import log

QUICK = ["--rounds", "2", "--games", "1", "--seconds", "0.01", "--no-ismcts"]
RR_FIGURES = {".rrlog size", "play 2p", "play 2p events", "play 4p", "play 4p events",
              "play 6p", "play 6p events", "play solo", "play solo events", "fold 4p",
              "resume 4p", "audit 4p", "decode .rrlog", "greedy 4p"}


def _written(tmp_path: Path, *extra: str, quick: list[str] = QUICK) -> dict[str, object]:
    out = tmp_path / "bench.json"
    assert main([*quick, "--out", str(out), *extra]) == 0
    data = json.loads(out.read_text())
    assert isinstance(data, dict)
    return data


def test_every_figure_is_measured_in_every_round(tmp_path: Path) -> None:
    data = _written(tmp_path, "--no-openspiel")
    assert data["format"] == FORMAT
    figures = data["figures"]
    assert isinstance(figures, dict) and set(figures) == RR_FIGURES
    for name, figure in figures.items():
        rounds = figure["rounds"]
        assert len(rounds) == (1 if name == ".rrlog size" else 2), name
        assert all(value > 0 for value in rounds), name
        assert figure["median"] == statistics.median(rounds), name
    assert figures["greedy 4p"]["lower_is_better"] and figures[".rrlog size"]["lower_is_better"]
    assert not figures["play 4p"]["lower_is_better"]


def test_the_log_size_is_that_of_the_games_played(tmp_path: Path) -> None:
    """bytes/event of the .rrlog of the 4-player game with seed 0 and random agent 0."""
    game = Game.new(4, seed=0)
    agent = RandomAgent(0)
    while (decision := game.pending) is not None:
        game.choose(agent.choose(decision))
    figures = _written(tmp_path, "--no-openspiel")["figures"]
    assert isinstance(figures, dict)
    assert figures[".rrlog size"]["median"] == len(log.encode(game.events)) / len(game.events)


@pytest.mark.skipif(not yardsticks.available(), reason="needs the bench extra (open_spiel)")
def test_rates_are_given_as_ratios_to_openspiel_games_of_the_same_rounds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures = _written(tmp_path)["figures"]
    assert isinstance(figures, dict)
    for game in yardsticks.GAMES:
        base = figures[f"openspiel {game}"]["rounds"]
        mine = figures["play 4p"]["rounds"]
        per_round = sorted(m / b for m, b in zip(mine, base))
        assert figures["play 4p"]["ratios"][game] == pytest.approx(sum(per_round) / 2)
        assert figures[f"openspiel {game}"]["median"] > 0
    assert figures["greedy 4p"]["ratios"] == {}  # µs per decision: no ratio
    printed = capsys.readouterr().out
    assert "× python_tic_tac_toe" in printed and "× hearts" in printed
    assert "random play 4p:" in printed and "× python_tic_tac_toe" in printed


def test_issue_32s_figures_are_printed_beside_their_baselines_and_targets(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ISMCTS (a cheap budget here) and the server load (a short run) are measured once after
    the rounds and printed with issue #32's baselines and targets; not timed, only named."""
    data = _written(tmp_path, "--no-openspiel", "--rounds", "1", "--ismcts-iterations", "2",
                    "--ismcts-before", "3", "--ismcts-flat", "--load", "--load-games", "2",
                    "--load-seconds", "2", quick=[a for a in QUICK if a != "--no-ismcts"])
    figures = data["figures"]
    assert isinstance(figures, dict)
    assert {"ismcts 4p", "ismcts 4p before", "server choices", "server choice p50",
            "server choice p99"} <= set(figures)
    assert figures["ismcts 4p"]["lower_is_better"] and figures["ismcts 4p"]["median"] > 0
    assert figures["ismcts 4p before"]["median"] > 0
    assert figures["ismcts:flat 4p"]["lower_is_better"] and figures["ismcts:flat 4p"]["median"] > 0
    assert not figures["server choices"]["lower_is_better"]
    assert figures["server choice p99"]["median"] >= figures["server choice p50"]["median"]
    printed = capsys.readouterr().out
    for words in ("issue #32", "random play 2p:", "random play 4p:", "random play 6p:",
                  "random play solo:", "target ≥ 1.5×", "target ≥ 1.0×",
                  "ISMCTS, 4 players, two ISMCTS seats:", "CPU s/game",
                  f"at 2 iterations, not the default {ITERATIONS}",
                  "the search as it was (3 iterations, this run):", "cheaper; target ≥ 5×",
                  "the cheap setting ismcts:flat:",
                  # Judged only against the search as it was at its 100 iterations.
                  "cheaper than the search as it was; target ≥ 5×: not met",
                  "server, 2 games on SQLite:",
                  "choices/s", "target ≥ 1,000 choices/s with p99 ≤ 100 ms"):
        assert words in printed, words
    assert "not measured (OpenSpiel is not installed)" in printed


def test_without_load_the_server_is_said_not_measured(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*QUICK, "--no-openspiel", "--rounds", "1"]) == 0
    printed = capsys.readouterr().out
    assert "server: not measured (add --load)" in printed
    assert "ISMCTS: left out (--no-ismcts)" in printed


def test_a_baseline_shows_each_figure_as_better_or_worse() -> None:
    """Above 1 is better: twice the rate, or half the time per decision."""
    bench = Bench.__new__(Bench)
    bench.yardsticks = ()
    bench.figures = {"play 4p": Figure("play 4p", "decisions/s", False, [200.0]),
                     "greedy 4p": Figure("greedy 4p", "µs/decision", True, [50.0]),
                     "new": Figure("new", "events/s", False, [1.0])}
    out = io.StringIO()
    Console(file=out, width=200).print(table(bench, {"play 4p": 100.0, "greedy 4p": 100.0},
                                             "t"))
    rows = {line.split("│")[1].strip(): line.split("│")[-2].strip()
            for line in out.getvalue().splitlines() if line.startswith("│")}
    assert rows == {"play 4p": "2.00", "greedy 4p": "2.00", "new": ""}


def test_compare_reads_an_earlier_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = tmp_path / "first.json"
    assert main([*QUICK, "--no-openspiel", "--out", str(first)]) == 0
    capsys.readouterr()
    assert main([*QUICK, "--no-openspiel", "--compare", str(first)]) == 0
    assert "× baseline (>1: better)" in capsys.readouterr().out


@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe\x00", "is not UTF-8 text"),
    (b"{not json", "is not JSON"),
    (b"[1, 2]", "is not a benchmark file of rr"),
    (json.dumps({"format": FORMAT, "figures": []}).encode(), "'figures' must be an object"),
    (json.dumps({"format": FORMAT, "figures": {"play 4p": {"median": 0}}}).encode(),
     "figure 'play 4p' has no positive 'median'"),
])
def test_a_bad_baseline_is_refused_before_anything_runs(tmp_path: Path, content: bytes,
                                                        message: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert main(["--compare", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err
    assert bad.read_bytes() == content


def test_an_unwritable_output_leaves_nothing_behind(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no such folder" / "bench.json"
    assert main([*QUICK, "--no-openspiel", "--rounds", "1", "--out", str(target)]) == 2
    assert "error: cannot write" in capsys.readouterr().err
    assert not target.parent.exists()


def test_nonsense_settings_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rounds", "0"]) == 2
    assert "--rounds and --games must be at least 1" in capsys.readouterr().err
    assert main(["--ismcts-iterations", "0"]) == 2
    assert "--ismcts-games and --ismcts-iterations must be at least 1" in capsys.readouterr().err
    assert main(["--ismcts-before", "-1"]) == 2
    assert "--ismcts-before at least 0" in capsys.readouterr().err
    assert main(["--load-seconds", "0"]) == 2
    assert "--load-seconds above 0" in capsys.readouterr().err
