"""Long games: ``rr simulate``, the reports and ``rr regress --impact`` never stop on one. A
game ended by RULING-B11 or RULING-B12 is an ordinary game (and counted); a game stopped by the
safety limit is counted apart with its reason, and its log audits clean."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from rr import simulate as simulation
from rr.effects.tokens import LONGEST, REPEATED
from rr.events import log
from rr.oracle.audit import audit
from rr.ruleset import Ruleset
from tests.agents.test_report import summary
from tests.agents.test_simulate_cli import run_cli


def cut_after(monkeypatch: pytest.MonkeyPatch, decisions: int) -> None:
    """Lower the safety limit (the games are played in this process: ``--workers 1``)."""
    monkeypatch.setattr(simulation, "MAX_DECISIONS", decisions)


@pytest.mark.rule("RULING-B11")
def test_a_game_at_the_safety_limit_is_cut_not_failed(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """Every game stopped at the limit is counted apart with its reason (exit 0: no game
    failed), left out of the wins, and its log is written and audits clean."""
    cut_after(monkeypatch, 40)
    status, out, err = run_cli(["simulate", "--games", "3", "--players", "2", "--workers",
                                "1", "--out", str(tmp_path), "--json"], capsys)
    got = json.loads(out)
    assert status == 0, err
    assert (got["games"], got["errors"], got["cut"]) == (3, 0, 3)
    assert got["cut_samples"][0] == "seed 0: no end after 40 decisions (the safety limit)"
    assert got["wins_by_house"] == {} and got["mean_turns"] == 0
    logs = sorted(tmp_path.glob("*.rrlog"))
    assert len(logs) == 3
    for path in logs:
        events = log.read(path).events
        assert sum(type(e).__name__ == "DecisionMade" for e in events) == 40
        report = audit(events)
        assert report.ok, report.summary()


def test_the_text_output_names_the_cut_games(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal says how many games were cut, and names them on stderr."""
    cut_after(monkeypatch, 40)
    status, out, err = run_cli(["simulate", "--games", "2", "--players", "3", "--workers",
                                "1"], capsys)
    assert status == 0
    assert "2 stopped by the safety limit" in out
    assert "cut: seed 1: no end after 40 decisions" in err


def test_solo_games_at_the_limit_are_cut_not_failed(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """A solo game at the limit is counted apart, in no win rate or margin."""
    cut_after(monkeypatch, 30)
    status, out, err = run_cli(["simulate", "--solo", "--level", "2", "--games", "2",
                                "--workers", "1", "--json"], capsys)
    got = json.loads(out)
    assert status == 0, err
    assert (got["games"], got["errors"], got["cut"]) == (2, 0, 2)
    assert got["by_level_and_agent"][0]["wins"] == 0 and got["win_rate"] == 0


def cutting_odd_seeds(monkeypatch: pytest.MonkeyPatch, when: Any = None) -> None:
    """``play_one`` cuts the games of odd seeds (under rulesets ``when`` accepts)."""
    play = simulation.play_one

    def cut(seed: int, *args: Any, **kwargs: Any) -> simulation.GameResult:
        result = play(seed, *args, **kwargs)
        ruleset = args[1] if len(args) > 1 else kwargs.get("ruleset")
        if seed % 2 and (when is None or when(ruleset)):
            return attrs.evolve(result, cut=simulation.cut_reason(), totals=(), winners=())
        return result

    monkeypatch.setattr(simulation, "play_one", cut)


def test_the_balance_report_counts_cut_games_apart(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """summary.json names the cut games by seed, apart from the failed ones, and leaves them
    out of every number; the exit status is 0."""
    cutting_odd_seeds(monkeypatch)
    folder = tmp_path / "report"
    status, _, err = run_cli(["simulate", "--games", "6", "--players", "2", "--workers", "1",
                              "--report", str(folder)], capsys)
    got = summary(folder)
    assert status == 0, err
    assert (got["errors"], got["cut"], got["cut_seeds"]) == (0, 3, [1, 3, 5])
    assert sum(row["seats"] for row in got["win_rate_by_house"]) == 6
    assert got["game_length"]["turns"]["count"] == 3


def test_impact_lists_cut_games_apart(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A seed cut under one ruleset is left out of the comparison and named as cut, not as
    failed."""
    cutting_odd_seeds(monkeypatch, when=lambda ruleset: not ruleset.repetition_ends_game)
    status, out, err = run_cli(["regress", "--impact", "--against",
                                "repetition_ends_game=false", "--games", "4", "--players",
                                "2", "--workers", "1", "--json"], capsys)
    got = json.loads(out)
    assert status == 0, err
    assert (got["compared"], got["cut_seeds"], got["error_seeds"]) == (2, [1, 3], [])


@pytest.mark.rule("RULING-B11", "RULING-B12")
def test_games_ended_by_repetition_are_counted_as_ordinary_games() -> None:
    """A finished game whose end RULING-B11 or RULING-B12 triggered is in every number, and
    counted."""
    played = [simulation.play_one(seed, 2) for seed in range(3)]
    looped = attrs.evolve(played[0], end=REPEATED)
    assert looped.finished and looped.repeated and not played[0].repeated
    longest = attrs.evolve(played[1], end=LONGEST)
    both = simulation.summarise([looped, longest, played[2]], 1.0)
    assert (both.repeated, both.longest, both.errors, both.cut) == (1, 1, 0, 0)
    assert both.as_json()["ended_by_round_limit"] == 1
    assert both.wins_by_house == simulation.summarise(played, 1.0).wins_by_house


@pytest.mark.rule("RULING-B11")
def test_every_simulated_game_records_why_its_end_came() -> None:
    """``GameResult.end`` is the reason of the game's GameEndTriggered."""
    result = simulation.play_one(4, 3)
    assert result.end and result.end != REPEATED and "meets" in result.end


@pytest.mark.rule("RULING-B12")
def test_greedy_seed_629_farms_helium_until_the_round_limit(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Two-player greedy seed 629: both bots take Helium from Mars every turn and nobody
    reaches a second end condition, so no position ever comes back; RULING-B12 ends it at
    the 150th turn. Without the limit it is cut by the safety limit (lowered here)."""
    farmed = simulation.play_one(629, 2, agents=("greedy",))
    assert farmed.finished and farmed.longest and farmed.turns == 300
    cut_after(monkeypatch, 2_000)
    endless = simulation.play_one(629, 2, Ruleset(round_limit=False), agents=("greedy",))
    assert endless.cut is not None and not endless.finished
