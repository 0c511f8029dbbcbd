"""`rr replay` and the narrator: the state at any record, seen by a player or a spectator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rr.cli import main
from rr.events import log
from rr.events.types import CardDealt, DecisionMade, Event, HeliumGained
from rr.model import ZoneKind
from rr.narrate import card_name
from rr.oracle.narrate import narration
from rr.oracle.replay import replay
from rr.state import fold
from tests.oracle.games import finished, play


@pytest.fixture
def game_log(tmp_path: Path) -> Path:
    path = tmp_path / "game.rrlog"
    log.write(path, finished(3, 5))
    return path


def _hand_dealt(events: tuple[Event, ...], seat: int) -> list[str]:
    return [e.card for e in events
            if isinstance(e, CardDealt) and e.to.kind is ZoneKind.HAND and e.to.seat == seat]


def test_narration_has_one_line_per_record() -> None:
    """The story of a log has exactly one line per record, numbered like the records."""
    events = finished(4, 2)
    lines = list(narration(events))
    assert [ln.index for ln in lines] == list(range(len(events)))
    assert all(ln.text and "/1" not in ln.text for ln in lines)


def test_narration_reads_like_the_table() -> None:
    """Decisions, deploys and Helium read as sentences with names and running totals."""
    events = finished(2, 3)
    text = {ln.index: ln.text for ln in narration(events, hidden=False)}
    helium = next(i for i, e in enumerate(events) if isinstance(e, HeliumGained))
    gained = events[helium]
    assert isinstance(gained, HeliumGained)
    total = fold(events[:helium + 1]).players[gained.seat].helium
    assert text[helium] == f"P{gained.seat + 1} gains {gained.amount} Helium ({total})"
    lead = next(i for i, e in enumerate(events)
                if isinstance(e, DecisionMade) and e.source == "RR-TURN-1")
    assert " chooses to " in text[lead] and text[lead].endswith("[RR-TURN-1]")


@pytest.mark.rule("RR-VIEW-1")
def test_narration_hides_other_hands() -> None:
    """Dealt cards of another player's hand read as "a hidden card"; one's own are named."""
    events = finished(2, 3)
    mine = set(_hand_dealt(events, 0))
    lines = [ln.text for ln in narration(events, seat=0) if "dealt to P2's hand" in ln.text]
    assert lines and all(ln.startswith("a hidden card") for ln in lines)
    own = [ln.text for ln in narration(events, seat=0) if "dealt to P1's hand" in ln.text]
    assert len(own) == len(mine) and not any("hidden" in ln for ln in own)


def test_replay_at_a_record_folds_the_prefix() -> None:
    """Replaying to record N gives the fold of records 0..N and says whose decision is next."""
    events = finished(3, 5)
    at = next(i for i, e in enumerate(events) if isinstance(e, DecisionMade)) - 1
    r = replay(events, at, seat=None)
    assert r.state == fold(events[:at + 1])
    assert r.pending.decision is not None and "to decide" in r.pending.note
    assert len(r.story) == at + 1 and r.scorepad is None


def test_replay_between_decisions_says_the_rules_go_on() -> None:
    """Right after a decision the rules go on by themselves: no decision is shown pending."""
    events = finished(3, 5)
    at = next(i for i, e in enumerate(events) if isinstance(e, DecisionMade))
    r = replay(events, at)
    assert r.pending.decision is None and "without a decision" in r.pending.note


def test_cli_replay_shows_state_story_and_scorepad(game_log: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The whole log: the story, the board, the players, and the scorepad totals at the end."""
    assert main(["replay", str(game_log)]) == 0
    out = capsys.readouterr().out
    events = log.read(game_log).events
    totals = events[-2].totals  # type: ignore[union-attr]
    assert "Board" in out and "Players" in out and "Scorepad" in out
    assert "The game is over" in out and "Winner:" in out
    assert all(str(t) in out for t in totals)


def test_cli_replay_as_a_player_shows_only_their_hand(game_log: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """`--as 2` (or the name) shows P2's hand by name and hides P1's dealt cards."""
    events = log.read(game_log).events
    at = next(i for i, e in enumerate(events) if isinstance(e, DecisionMade)) - 1
    assert main(["replay", str(game_log), "--at", str(at), "--as", "2", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["viewer"] == {"seat": 1, "name": "P2"}
    assert shown["view"]["hand"] == _hand_dealt(events, 1)
    story = " ".join(line["text"] for line in shown["story"])
    assert not any(card_name(c) in story for c in _hand_dealt(events, 0))
    assert main(["replay", str(game_log), "--at", str(at), "--as", "p2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["viewer"]["seat"] == 1


def test_cli_replay_spectator_sees_no_hand(game_log: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Without `--as` the view is a spectator's: no hand, no options of the pending decision."""
    assert main(["replay", str(game_log), "--at", "40", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["viewer"] is None and shown["view"]["hand"] is None
    assert shown["record"] == 40 and len(shown["story"]) == 41
    decision = shown["pending"]["decision"]
    assert decision is None or decision["options"] is None


def test_cli_replay_shows_the_deciders_options(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A log cut at a pending decision, replayed as the decider, lists the options."""
    game = play(2, 8, decisions=5)
    path = tmp_path / "cut.rrlog"
    log.write(path, game.events)
    assert game.pending is not None
    seat = game.pending.seat
    assert main(["replay", str(path), "--as", str(seat + 1), "--json"]) == 0
    pending = json.loads(capsys.readouterr().out)["pending"]["decision"]
    assert pending["seat"] == seat and len(pending["options"]) == len(game.pending.options)


@pytest.mark.parametrize("argv, message", [
    (["--at", "99999"], "out of range"),
    (["--at", "-1"], "out of range"),
    (["--at", "ten"], "record number"),
    (["--as", "Zed"], "no player 'Zed'"),
    (["--as", "9"], "no player '9'"),
    (["--tail", "x"], "record number"),
])
def test_cli_replay_bad_arguments(game_log: Path, capsys: pytest.CaptureFixture[str],
                                  argv: list[str], message: str) -> None:
    """A bad --at, --as or --tail gives one line on stderr and exit 2."""
    assert main(["replay", str(game_log), *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_cli_replay_corrupt_and_missing_logs(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file or a corrupt log gives one line on stderr and exit 2."""
    assert main(["replay", str(tmp_path / "missing.rrlog")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    bad = tmp_path / "bad.rrlog"
    bad.write_bytes(log.encode(finished(2, 3))[:-3])
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "truncated" in err and "Traceback" not in err
