"""`rr regress`: a corpus of recorded games re-run under two rulesets, and the re-runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rr.rules.end
from rr.cli import main
from rr.decisions import ByRule
from rr.engine import Game
from rr.errors import CorruptLogError
from rr.events.types import DecisionMade
from rr.model import Bonus
from rr.narrate import option_text, source_text
from rr.oracle.regress import Change, GameDiff, _at, compare, first_difference, summarise
from rr.oracle.rerun import _misfit, rerun
from rr.ruleset import Ruleset
from rr.state import GameState, fold
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
        assert isinstance(made, DecisionMade) and made.source == ByRule("RR-HOUSE-3")
        assert "not legal" in diff.under_b and diff.totals_b is None


def test_first_difference_ignores_the_ruleset_of_game_started() -> None:
    """Two runs differing only in the ruleset they were started with do not differ."""
    events = finished(2, 3)
    other = rerun(events, Ruleset(protect_small_hands=True))
    assert first_difference(events, events) is None
    assert first_difference(events[:1], other.events[:1]) is None


def test_changed_scoring_is_a_totals_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruling that changes only the scores is reported as a totals change at GameScored."""
    real = rr.rules.end.result_of

    def scorer(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
        totals, winners = real(state)
        if state.ruleset.face_down_value_is_actual:
            return totals, winners
        return tuple(t + 1 for t in totals), winners

    monkeypatch.setattr(rr.rules.end, "result_of", scorer)
    events = finished(3, 6)
    diff = compare(events, None, Ruleset(face_down_value_is_actual=False))
    assert diff.change is Change.TOTALS
    assert diff.record == len(events) - 3 and "Final scores" in diff.under_b
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


def test_rerun_of_a_log_without_game_started_is_refused() -> None:
    """A log must start with game_started to be re-run; compare reports it unreadable."""
    events = finished(2, 3)
    with pytest.raises(CorruptLogError, match="a log starts with a game_started event"):
        rerun(events[1:])
    with pytest.raises(CorruptLogError):
        rerun(())
    diff = compare(events[1:], None, None, "g.rrlog")
    assert diff == GameDiff("g.rrlog", Change.UNREADABLE,
                            problem="a log starts with a game_started event")
    assert diff.describe() == "unreadable: a log starts with a game_started event"


def test_a_recorded_decision_that_does_not_fit() -> None:
    """A recorded choice of the right player and rule that is not an option is "not legal
    there"; one of another player or another rule is "another" decision."""
    game = Game.new(2, seed=1)
    asked = game.pending
    assert asked is not None and asked.source == ByRule("RR-TURN-1")
    name = game.state.players[asked.seat].name
    other = game.state.players[1 - asked.seat].name
    head = f"the rules ask {name}: {asked.prompt} [RR-TURN-1]; "
    option = asked.options[0]
    said = option_text(option, game.state)
    turn = ByRule("RR-TURN-1")
    fleet = option_text(Bonus.FLEET, game.state)
    assert _misfit(DecisionMade(asked.seat, turn, Bonus.FLEET), asked, game.state) == \
        head + f"the recorded choice ({name} chose {fleet} [RR-TURN-1]) is not legal there"
    assert _misfit(DecisionMade(asked.seat, ByRule("RR-HOUSE-3"), option), asked, game.state) == \
        head + f"the next recorded decision is another one ({name} chose {said} " \
               f"[{source_text(ByRule('RR-HOUSE-3'))}])"
    assert _misfit(DecisionMade(1 - asked.seat, turn, option), asked, game.state) == \
        head + f"the next recorded decision is another one ({other} chose {said} [RR-TURN-1])"


def test_what_a_run_does_past_its_events() -> None:
    """Past its last event a finished run says the game is over with every total; a run
    that stopped says why."""
    events = finished(2, 3)
    done = rerun(events)
    state = fold(events)
    assert state.totals is not None
    assert _at(done, len(events)) == (f"the game is over (P1 {state.totals[0]}, "
                                      f"P2 {state.totals[1]})")
    cut = rerun(play(2, 3, decisions=4).events)
    assert cut.stop is not None
    assert _at(cut, len(cut.events)) == "stops: " + cut.stop.reason


def test_game_diff_in_words_and_json() -> None:
    """A diff says the record and both sides, then where a run stopped; JSON keeps all."""
    same = GameDiff("g", Change.SAME, totals_a=(3, 4), totals_b=(3, 4))
    assert same.describe() == "no change" and not same.changed
    moved = GameDiff("g", Change.TOTALS, 7, "P1 gains 2 Helium", "P1 gains 3 Helium",
                     (3, 4), None, stops=("B stops at record 9: why",))
    assert moved.changed
    assert moved.describe() == ("record 7: A: P1 gains 2 Helium; B: P1 gains 3 Helium; "
                                "B stops at record 9: why")
    assert moved.as_json() == {
        "path": "g", "change": "totals", "record": 7, "under_a": "P1 gains 2 Helium",
        "under_b": "P1 gains 3 Helium", "totals_a": [3, 4], "totals_b": None,
        "problem": None, "stops": ["B stops at record 9: why"]}
    assert same.as_json()["totals_b"] == [3, 4]


def test_summarise_counts_each_kind_and_all() -> None:
    """The counts name every kind of change, with the number of games."""
    diffs = [GameDiff("a", Change.SAME), GameDiff("b", Change.DIVERGED),
             GameDiff("c", Change.DIVERGED)]
    assert summarise(diffs) == {"same": 1, "events": 0, "totals": 0, "diverged": 2,
                                "unreadable": 0, "games": 3}
