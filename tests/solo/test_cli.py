"""Solo games through the command line and the protocol: demo, simulate, score, replay,
audit, regress, serve (RR-SOLO-1, RR-SOLO-15, RR-SOLO-16)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rr.cli import main
from rr.engine import Game
from rr.events import log
from rr.knowledge import knows
from rr.protocol import Session

from .support import HER, ME

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def finished(seed: int = 3, level: int = 4) -> Game:
    game = Game.new(["Ana"], seed=seed, level=level)
    while game.pending is not None:
        game.choose(game.pending.options[0])
    return game


@pytest.mark.rule("RR-SOLO-1")
def test_demo_solo(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr demo --solo --level 3` narrates a game against Au Toma to its scorepad."""
    assert main(["demo", "--solo", "--level", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "A solo game: P1 against Tull Au Toma, level 3" in out
    assert "Au Toma card" in out and "Tull Au Toma" in out and "TOTAL" in out


@pytest.mark.rule("RR-SOLO-16")
def test_simulate_solo_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr simulate --solo --level N --json` reports games, errors, win rate and margin."""
    assert main(["simulate", "--solo", "--level", "5", "--games", "4", "--workers", "1",
                 "--agents", "greedy", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["errors"] == 0 and report["levels"] == [5]
    assert 0 <= report["win_rate"] <= 1 and isinstance(report["mean_margin"], float)
    assert report["by_level_and_agent"][0]["agent"] == "greedy"


@pytest.mark.rule("RR-SOLO-16")
def test_simulate_difficulty_table(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr simulate --solo --levels 1-6` prints a line per level for random and greedy."""
    assert main(["simulate", "--solo", "--levels", "1-6", "--games", "1", "--workers", "1",
                 "--json"]) == 0
    lines = json.loads(capsys.readouterr().out)["by_level_and_agent"]
    assert [(x["level"], x["agent"]) for x in lines] == [
        (level, agent) for level in range(1, 7) for agent in ("random", "greedy")]
    assert main(["simulate", "--solo", "--levels", "0-9"]) == 2
    assert "levels are 1 to 6" in capsys.readouterr().err


@pytest.mark.rule("RR-SOLO-15")
def test_score_with_au_toma_as_a_player(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr score` reads a player marked "au_toma" and scores her hand by the odd/even card."""
    assert main(["score", str(EXAMPLES / "score-solo.json"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    her = next(p for p in out["players"] if p["name"] == "Tull Au Toma")
    # 12 cards: 70 + 6 per even core value + 3 per odd one
    assert her["rows"]["cards"] == 127 and her["rows"]["excess"] == 0


@pytest.mark.rule("RR-SOLO-1")
def test_replay_audit_and_regress_a_solo_log(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A solo game's log audits clean, replays as the player sees it (her hand hidden), and
    regresses between rulesets."""
    game = finished()
    path = tmp_path / "solo.rrlog"
    log.write(path, game.events)
    assert main(["audit", str(path)]) == 0
    capsys.readouterr()
    checked = 0
    for at in (30, 60, len(game.events) // 2):
        assert main(["replay", str(path), "--at", str(at), "--as", "Ana", "--json"]) == 0
        shown = set(json.dumps(json.loads(capsys.readouterr().out)).split('"'))
        state = Game.resume(game.events[:at + 1], secret=game.secret).state
        unseen = {c for c in state.hand(HER) if not knows(state, ME, c)}  # dealt face down
        assert not unseen & shown
        checked += len(unseen)
    assert checked
    assert main(["regress", str(tmp_path), "--ruleset", "official",
                 "--against", "au_toma_variant=true"]) in (0, 1)


@pytest.mark.rule("RR-SOLO-1")
def test_serve_new_solo() -> None:
    """The protocol's `new` starts a solo game with `solo` and `level`; her hand is hidden."""
    server = Session()
    reply = server.handle({"op": "new", "players": ["Ana"], "solo": True, "level": 6,
                           "seed": 4, "as": 0})
    assert reply["ok"], reply
    result = reply["result"]
    players = result["answer"]["view"]["players"]
    assert [p["name"] for p in players] == ["Ana", "Tull Au Toma"]
    assert players[HER]["house"] is None
    view = server.handle({"op": "view", "game": result["game"], "as": ME})["result"]["answer"][
        "view"]
    assert view["solo"]["level"] == 6 and view["players"][HER]["hand_size"] == 2
    refused = server.handle({"op": "new", "players": ["Ana", "Bo"], "solo": True})
    assert not refused["ok"]
