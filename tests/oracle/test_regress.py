"""`rr regress`: a corpus of recorded games re-run under two rulesets, and the re-runner."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import rr.rules.end
from rr.cli import main
from rr.events.types import DecisionMade
from rr.oracle.regress import Change, compare, first_difference
from rr.oracle.rerun import rerun
from rr.rules.final import FinalScore
from rr.ruleset import Ruleset
from rr.state import GameState
from tests.oracle.games import finished, play, write_corpus

SEEDS = tuple(range(12))
CERES_TOP_ONLY = Ruleset(ceres_banish_any_position=False)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("corpus")
    write_corpus(folder, SEEDS)
    return folder


@pytest.mark.parametrize("seed", SEEDS[:6])
def test_rerun_under_its_own_ruleset_reproduces_the_log(seed: int) -> None:
    """Fed its own decisions and random outcomes, a game re-runs to the same events."""
    events = finished(2 + seed % 5, seed)
    again = rerun(events)
    assert again.finished and again.events == events


def test_rerun_of_a_game_in_progress_stops_at_the_log_end() -> None:
    """A recorded game that is not over re-runs to its last decision, without diverging."""
    game = play(3, 4, decisions=20)
    again = rerun(game.events)
    assert again.events == game.events
    assert again.stop is not None and not again.stop.diverged


@pytest.mark.rule("RULING-A3", "RR-HOUSE-3")
def test_ceres_top_only_makes_deep_banishes_illegal() -> None:
    """Under ceres_banish_any_position=false, a recorded Ceres banish of a card below the top
    is no longer a legal option: the game diverges at that decision."""
    diverged = []
    for seed in range(30):
        events = finished(2 + seed % 5, seed)
        diff = compare(events, None, CERES_TOP_ONLY)
        if diff.change is Change.DIVERGED:
            diverged.append((events, diff))
    assert diverged, "no game of 30 had a Ceres banish below the top"
    for events, diff in diverged:
        assert diff.record is not None
        made = events[diff.record]
        assert isinstance(made, DecisionMade) and made.source == "RR-HOUSE-3"
        assert "not legal" in diff.under_b and diff.totals_b is None


def test_first_difference_ignores_the_ruleset_of_game_started() -> None:
    """Two runs differing only in the ruleset they were started with do not differ."""
    events = finished(2, 3)
    other = rerun(events, Ruleset(protect_small_hands=True))
    assert first_difference(events, events) is None
    assert first_difference(events[:1], other.events[:1]) is None


def test_changed_scoring_is_a_totals_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruling that changes only the scores is reported as a totals change at GameScored."""
    real = rr.rules.end.scorepad_of

    def scorer(state: GameState) -> FinalScore:
        pad = real(state)
        if state.ruleset.face_down_value_is_actual:
            return pad
        return attrs.evolve(pad, totals=tuple(t + 1 for t in pad.totals))

    monkeypatch.setattr(rr.rules.end, "scorepad_of", scorer)
    events = finished(3, 6)
    diff = compare(events, None, Ruleset(face_down_value_is_actual=False))
    assert diff.change is Change.TOTALS
    assert diff.record == len(events) - 2 and "Final scores" in diff.under_b
    assert diff.totals_b == tuple(t + 1 for t in diff.totals_a or ())


def test_cli_same_rulesets_change_nothing(corpus: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Re-running a corpus under its own ruleset and the official one: no game changes."""
    assert main(["regress", str(corpus), "--against", "official", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert f"{len(SEEDS)} games: {len(SEEDS)} unchanged" in out


@pytest.mark.rule("RULING-A3")
def test_cli_lists_changed_games_with_first_difference(corpus: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """A changed ruling lists every changed game with its first difference, and counts."""
    code = main(["regress", str(corpus), "--ruleset", "official",
                 "--against", "ceres_banish_any_position=false", "--jobs", "1", "--json"])
    report = json.loads(capsys.readouterr().out)
    expected = [compare(finished(2 + s % 5, s), Ruleset(), CERES_TOP_ONLY) for s in SEEDS]
    changed = [d for d in expected if d.changed]
    assert code == (1 if changed else 0)
    assert report["counts"]["games"] == len(SEEDS)
    assert report["counts"]["diverged"] == len(changed)
    assert [g["record"] for g in report["games"]] == [d.record for d in changed]
    assert report["against"] == "ceres_banish_any_position=false"


def test_cli_text_output_has_a_summary(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The text report ends with a one-line count of every kind of change."""
    main(["regress", str(corpus), "--against", "protect_small_hands=true", "--jobs", "2"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith(f"{len(SEEDS)} games:") and "diverged" in last


def test_cli_unreadable_log_in_corpus(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    """A corrupt log in the corpus is listed as unreadable and the exit status is 2."""
    write_corpus(tmp_path, (1, 2))
    (tmp_path / "broken.rrlog").write_bytes(b"\x93garbage")
    assert main(["regress", str(tmp_path), "--against", "official", "--jobs", "1"]) == 2
    assert "broken.rrlog  unreadable" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--against", "no_such_option=true"], "unknown ruleset option 'no_such_option'"),
    (["--against", "protect_small_hands=maybe"], "takes true or false"),
    (["--against", "official", "--jobs", "0"], "--jobs"),
])
def test_cli_bad_arguments(corpus: Path, capsys: pytest.CaptureFixture[str],
                           argv: list[str], message: str) -> None:
    """An unknown ruleset option or a bad --jobs: one line on stderr, exit 2."""
    assert main(["regress", str(corpus), *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_cli_missing_or_empty_corpus(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder that does not exist, or holds no logs: one line on stderr, exit 2."""
    assert main(["regress", str(tmp_path / "nope"), "--against", "official"]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert main(["regress", str(tmp_path), "--against", "official"]) == 2
    assert "holds no game logs" in capsys.readouterr().err
