"""`rr replay` and the narrator: the state at any record, seen by a player or a spectator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rr.cli import main
from rr.decisions import ByRule
from rr.events import log
from rr.events.types import CardDealt, DecisionMade, Event, HeliumGained
from rr.model import ZoneKind
from rr.narrate import card_name, narration, option_text
from rr.engine import Game
from rr.errors import BadInputError
from rr.oracle.replay import (
    Pending, describe_options, replay, replay_json, resolve_at, resolve_seat,
)
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
    assert [ln.record for ln in lines] == list(range(len(events)))
    assert all(ln.text and "/1" not in ln.text for ln in lines)


def test_narration_reads_like_the_table() -> None:
    """Decisions, deploys and Helium read as sentences with names and running totals."""
    events = finished(2, 3)
    told = {ln.record: ln for ln in narration(events, hidden=False)}
    text = {record: ln.text for record, ln in told.items()}
    helium = next(i for i, e in enumerate(events) if isinstance(e, HeliumGained))
    gained = events[helium]
    assert isinstance(gained, HeliumGained)
    total = fold(events[:helium + 1]).players[gained.seat].helium
    assert text[helium] == f"P{gained.seat + 1} gains {gained.amount} Helium ({total})"
    lead = next(i for i, e in enumerate(events)
                if isinstance(e, DecisionMade) and e.source == ByRule("RR-TURN-1"))
    assert " chooses to " in text[lead] and "[" not in text[lead]
    assert told[lead].rule == "RR-TURN-1"  # the rule apart (rr replay prints it after)


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
    totals = events[-3].totals  # type: ignore[union-attr]
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
    shown = json.loads(capsys.readouterr().out)["answer"]
    assert shown["seat"] == 1
    assert shown["view"]["hand"] == _hand_dealt(events, 1)
    story = " ".join(line["text"] for line in shown["new"])
    assert not any(card_name(c) in story for c in _hand_dealt(events, 0))
    assert main(["replay", str(game_log), "--at", str(at), "--as", "p2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["answer"]["seat"] == 1


def test_cli_replay_spectator_sees_no_hand(game_log: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Without `--as` the view is a spectator's: no hand, no options of the pending decision."""
    assert main(["replay", str(game_log), "--at", "40", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    answer = shown["answer"]
    assert answer["seat"] is None and answer["view"]["hand"] is None
    assert shown["record"] == 40 and len(answer["new"]) == 41
    decision = answer["view"]["pending"]
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
    pending = json.loads(capsys.readouterr().out)["answer"]["view"]["pending"]
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


def test_resolve_seat_by_name_ignoring_case_then_number() -> None:
    """`--as` names a player (ignoring case and surrounding spaces: no two players' names are
    equal so, rr.names), then by number (1 to the count)."""
    state = Game.new(["Ana", "Bo", "Cy"], seed=1).state
    assert resolve_seat(state, "Ana") == 0 and resolve_seat(state, " ana ") == 0
    assert resolve_seat(state, "bo") == 1 and resolve_seat(state, "BO") == 1
    assert [resolve_seat(state, n) for n in ("1", "2", "3")] == [0, 1, 2]
    for bad in ("0", "4", "Di"):
        with pytest.raises(BadInputError, match=r"players: 1 = Ana, 2 = Bo, 3 = Cy"):
            resolve_seat(state, bad)


def test_resolve_at_takes_every_record_of_the_log() -> None:
    """`--at` may name record 0 to the last; outside, the error says the range."""
    assert resolve_at(5, None) == 4
    assert [resolve_at(5, n) for n in range(5)] == [0, 1, 2, 3, 4]
    for bad in (-1, 5):
        with pytest.raises(BadInputError, match=rf"^--at {bad} is out of range: the log has "
                                                r"records 0 to 4$"):
            resolve_at(5, bad)


def test_replay_of_no_events_is_refused() -> None:
    """An empty log has nothing to replay: one clear error, not a crash."""
    with pytest.raises(BadInputError, match="the log holds no events"):
        replay(())


def test_pending_after_a_rules_failure_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the rules crash while re-running the prefix, the replay still shows the state and
    says the pending decision is unknown, naming the failure."""
    def crash(events: object) -> Game:
        raise ZeroDivisionError("boom")
    monkeypatch.setattr(Game, "resume", staticmethod(crash))
    events = finished(2, 3)
    r = replay(events, 10)
    assert r.state == fold(events[:11]) and r.pending.decision is None
    assert r.pending.note == ("unknown: the rules failed while re-running the log "
                              "(ZeroDivisionError('boom'))")


def test_pending_after_a_finished_game_is_none() -> None:
    """After the last record of a finished game nothing is pending."""
    r = replay(finished(2, 3))
    assert r.pending == Pending(None, "none: the game is over")


def test_replay_json_of_a_finished_game_has_the_scorepad() -> None:
    """The JSON of the last record is the seat answer there: every player's scorepad rows
    and total, beside the view's totals and winners (RR-END-3), and the story from record 0."""
    events = finished(3, 5)
    r = replay(events)
    assert r.scorepad is not None
    shown = replay_json(r)
    assert (shown["record"], shown["records"]) == (len(events) - 1, len(events))
    answer = shown["answer"]
    pad, view = answer["scorepad"], answer["view"]
    assert [p["name"] for p in pad] == ["P1", "P2", "P3"]
    assert [p["rows"]["total"] for p in pad] == view["totals"] == list(r.state.totals or ())
    assert all(sum(v for k, v in p["rows"].items() if k != "total") == p["rows"]["total"]
               for p in pad)
    assert view["winners"] == list(r.state.winners or ())
    assert [t["record"] for t in answer["new"]] == list(range(len(events)))
    early = replay_json(replay(events, 5))
    assert early["answer"]["scorepad"] is None


def test_describe_options_lists_the_first_ones_and_the_count() -> None:
    """The options of a decision in words, cut at ``limit`` with the whole count."""
    game = Game.new(2, seed=1)
    decision = game.pending
    assert decision is not None and len(decision.options) > 3
    words = [option_text(o, game.state) for o in decision.options]
    assert describe_options(decision, game.state, 2) == \
        f"{words[0]}, {words[1]}, … ({len(words)} in all)"
    assert describe_options(decision, game.state, len(words)) == ", ".join(words)
