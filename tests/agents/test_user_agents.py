"""One agent interface (issue #30): every built-in agent and a user's ``module:Class`` are
named alike and played alike by rr simulate, rr regress --impact, Ray runs and the server's
bots; an agent is handed its decision and what its seat knows, never the game."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from rr.agents import names
from rr.agents.greedy import GreedyAgent
from rr.agents.interface import Seen
from rr.agents.ismcts import ISMCTSAgent
from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.errors import BadInputError
from rr.ruleset import Ruleset
from rr.simulate import play_one, play_solo
from tests.agents import bots
from tests.agents.test_simulate_cli import FakeRay, report, run_cli

ROOT = Path(__file__).resolve().parents[2]
USER = "tests.agents.bots:FirstOption"


def test_every_built_in_agent_takes_a_decision_and_what_its_seat_knows() -> None:
    """random, greedy and ismcts:N are made by name and choose a listed option from
    (decision, Seen) alone, as a user's agent does."""
    game = Game.new(3, seed=2)
    decision = game.pending
    assert decision is not None
    seen = Seen.of(game, decision.seat)
    made = [names.make(name, 1, Ruleset()) for name in ("random", "greedy", "ismcts:3", USER)]
    assert [type(a) for a in made] == [RandomAgent, GreedyAgent, ISMCTSAgent, bots.FirstOption]
    for agent in made:
        assert agent.choose(decision, seen) in decision.options


def test_seen_gives_the_seat_s_view_and_samples_only() -> None:
    """Seen.of(game, seat) is the seat's view (built once, when asked) and samples of its
    information set; from a view alone it has no sampler."""
    game = Game.new(2, seed=5)
    seen = Seen.of(game, 1)
    assert seen.view == game.view(1) and seen.view is seen.view
    import random as _random

    assert seen.sample(_random.Random(1)).view(1) == game.view(1)
    only = Seen.from_view(game.view(0))
    assert only.seat == 0 and only.view == game.view(0)
    with pytest.raises(ValueError, match="no sampler"):
        only.sample(_random.Random(1))


@pytest.mark.parametrize("name, message", [
    ("bogus", "unknown agent 'bogus'"),
    ("", "an empty agent name"),
    ("greedy:3", "takes no argument"),
    ("ismcts:0", "ismcts:N needs N"),
    ("no.such.module:Bot", "cannot import 'no.such.module'"),
    ("tests.agents.bots:Missing", "has no class 'Missing'"),
    ("tests.agents.bots:not a name", "package.module:Class"),
    ("tests.agents.bots:FirstOption:", "nothing after the class's colon"),
])
def test_bad_names_are_typed_errors(name: str, message: str) -> None:
    """A name that names no agent is a BadInputError saying why."""
    with pytest.raises(BadInputError, match=re.escape(message)):
        names.parse(name)


def test_a_class_is_made_with_as_many_of_seed_and_ruleset_as_it_takes() -> None:
    """A class that takes no arguments (docs/BOTS.md's bots) is made as Class(), one that
    takes the seed alone as Class(seed); the rest as Class(seed, ruleset)."""
    assert names.parse("tests.agents.bots:Unseeded") == "tests.agents.bots:Unseeded"
    assert isinstance(names.make("tests.agents.bots:Unseeded", 3, Ruleset()), bots.Unseeded)
    made = names.make("rr.agents.random:RandomAgent", 3, Ruleset())
    assert isinstance(made, RandomAgent)  # RandomAgent(seed): seeded with 3
    game = Game.new(2, seed=1)
    assert game.pending is not None
    assert made.choose(game.pending) == RandomAgent(3).choose(game.pending)


def test_a_user_class_without_choose_is_refused() -> None:
    """A class that makes no agent (no choose) is refused when made, naming it."""
    with pytest.raises(BadInputError, match="no choose"):
        names.make("tests.agents.bots:NoChoose", 0, Ruleset())


@pytest.mark.parametrize("name, message", [
    ("tests.agents.bots:NoChoose", "NoChoose has no choose(decision, seen)"),
    ("tests.agents.bots:Recorder:deep",
     "made as Recorder(seed, ruleset, argument), which Recorder does not take"),
    ("tests.agents.bots:NeedsDepth",
     "made as NeedsDepth(seed, ruleset), which NeedsDepth does not take"),
])
def test_a_user_class_that_makes_no_agent_is_refused_by_name(name: str, message: str) -> None:
    """parse refuses, before any game, a class without choose or one that cannot be called as
    Class(seed, ruleset[, argument]): a typed error naming it, not a TypeError per game."""
    with pytest.raises(BadInputError, match=re.escape(message)):
        names.parse(name)


def test_rr_simulate_refuses_a_class_it_cannot_make(capsys: pytest.CaptureFixture[str]) -> None:
    """rr simulate with a user's class that takes no argument, named with one, exits 2 with
    one line before playing."""
    status, out, err = run_cli(["simulate", "--games", "2", "--workers", "1",
                                "--agents", "tests.agents.bots:Recorder:5,random"], capsys)
    assert status == 2 and "Recorder(seed, ruleset, argument)" in err
    assert "Traceback" not in err and "games in" not in out


@pytest.mark.parametrize("agent, message", [
    ("tests.agents.bots:Raiser",
     "AgentError: seat 0's agent 'tests.agents.bots:Raiser': choose raised ValueError: "
     "the bot is broken"),
    ("tests.agents.bots:Illegal",
     "AgentError: seat 0's agent 'tests.agents.bots:Illegal' chose an option that is not "
     "legal: 'not an option' is not a legal option for: "),
])
def test_a_failing_agent_is_named_in_the_game_s_error(agent: str, message: str) -> None:
    """A game whose agent raises, or chooses an option that is not legal, fails with an
    AgentError naming the agent and its seat (rr simulate reports it per game)."""
    result = play_one(3, 2, agents=(agent, "random"))
    assert result.error is not None and result.error.startswith(message), result.error
    solo = play_solo(3, 2, agent)
    assert solo.error is not None and solo.error.startswith(message), solo.error


def test_rr_simulate_reports_a_failing_agent_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    """rr simulate's games with a raising agent are errors (exit 1), each said in one line
    naming the agent, with no traceback."""
    status, _, err = run_cli(["simulate", "--games", "2", "--players", "2", "--workers", "1",
                              "--agents", "random,tests.agents.bots:Raiser"], capsys)
    assert status == 1 and "Traceback" not in err
    assert "seat 1's agent 'tests.agents.bots:Raiser': choose raised ValueError" in err


def test_a_user_agent_gets_its_argument_as_written() -> None:
    """module:Class:argument calls Class(seed, ruleset, argument), the argument as a string;
    a user's name keeps its case."""
    assert names.parse(" tests.agents.bots:FirstOption:Deep ") == USER + ":Deep"
    agent = names.make(USER + ":Deep", 7, Ruleset())
    assert isinstance(agent, bots.FirstOption) and agent.argument == "Deep" and agent.seed == 7


def test_a_user_agent_plays_in_rr_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    """rr simulate --agents module:Class,random plays whole games with the user's agent in
    the even seats, and reports it by the name it was given."""
    got = report(["simulate", "--games", "3", "--players", "2", "--workers", "1",
                  "--agents", f"{USER},random"], capsys)
    assert got["errors"] == 0 and got["games_by_agent"] == {USER: 3, "random": 3}


def test_a_bad_user_agent_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """rr simulate with an agent that cannot be imported exits 2 with one line."""
    status, _, err = run_cli(["simulate", "--agents", "no.such.module:Bot"], capsys)
    assert status == 2 and "cannot import" in err and "Traceback" not in err


def test_a_user_agent_plays_in_rr_regress_impact(capsys: pytest.CaptureFixture[str]) -> None:
    """rr regress --impact takes a user's agent like any other."""
    status, out, err = run_cli(["regress", "--impact", "--ruleset", "official", "--against",
                                "protect_small_hands=true", "--agents", f"{USER},random",
                                "--games", "2", "--players", "2", "--workers", "1", "--json"],
                               capsys)
    got = json.loads(out)
    assert status in (0, 1), err  # 1: some games changed between the rulesets
    assert got["error_seeds"] == [] and got["compared"] == 2
    assert got["parameters"]["seat_agents"] == [USER, "random"]


def test_a_user_agent_plays_on_ray(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Ray runs carry the agent's name to the workers, which make it there."""
    monkeypatch.setitem(sys.modules, "ray", FakeRay())
    got = report(["simulate", "--games", "4", "--players", "2", "--agents", USER,
                  "--ray", "local"], capsys)
    assert got["errors"] == 0 and got["games_by_agent"] == {USER: 8}


def test_play_one_hands_each_agent_only_its_seat() -> None:
    """In a game between the user's recorder and random agents, every call is handed a Seen
    of the deciding seat — never the game."""
    bots.Recorder.handed.clear()
    result = play_one(3, 3, agents=("tests.agents.bots:Recorder", "random"))
    assert result.error is None
    assert bots.Recorder.handed
    assert all(asked == seat and kind == "Seen" for asked, seat, kind in bots.Recorder.handed)
    assert {asked for asked, _, _ in bots.Recorder.handed} == {0, 2}


def test_the_tutorial_bot_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """docs/AGENTS.md's bot, saved as the tutorial says, is at most twenty lines and plays
    rr simulate games against the random agent without error."""
    text = (ROOT / "docs" / "AGENTS.md").read_text()
    code = re.search(r"```python\n# mybot\.py\n(.*?)```", text, re.S)
    assert code is not None
    assert len(code.group(1).strip().splitlines()) <= 20
    (tmp_path / "mybot.py").write_text(code.group(1))
    monkeypatch.syspath_prepend(str(tmp_path))
    got = report(["simulate", "--games", "4", "--players", "2", "--workers", "1",
                  "--agents", "mybot:Hoarder,random"], capsys)
    assert got["errors"] == 0 and got["games_by_agent"]["mybot:Hoarder"] == 4


def test_the_server_plays_only_the_agents_its_operator_allows(tmp_path: Path) -> None:
    """A game may name a user's agent for a bot only when the server allows it (rr server
    --allow-agent); the bot then plays its seat, handed only that seat's Seen."""
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from rr.server.app import build
    from rr.server.bots import KINDS
    from rr.server.games import Games
    from rr.server.store import open_store

    body: dict[str, Any] = {"players": ["Ana", "Bo"], "bots": {"1": "tests.agents.bots:Recorder"},
                            "seed": 4, "practice": True}
    plain = Games(open_store(str(tmp_path / "a.sqlite"), "NORMAL"))
    refused = TestClient(build(plain)).post("/api/games", json=body)
    assert refused.status_code in (400, 422) and "unknown agent" in refused.text
    bots.Recorder.handed.clear()
    allowed = Games(open_store(str(tmp_path / "b.sqlite"), "NORMAL"), None,
                    (*KINDS, "tests.agents.bots:Recorder"))
    client = TestClient(build(allowed))
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.text
    token = created.json()["seats"][0]["token"]
    game = created.json()["id"]
    for _ in range(30):  # Ana plays her first option; the bot answers at once
        seen = client.get(f"/api/games/{game}", headers={"Authorization": f"Bearer {token}"})
        data = seen.json()
        pending = data["view"]["pending"]
        if not pending or not pending.get("options"):
            break
        client.post(f"/api/games/{game}/choose", headers={"Authorization": f"Bearer {token}"},
                    json={"action": pending["options"][0]["action"],
                          "decision": data["decision"]})
    assert bots.Recorder.handed
    assert all(asked == seat == 1 and kind == "Seen" for asked, seat, kind in bots.Recorder.handed)


@pytest.mark.parametrize("bot, cause", [("tests.agents.bots:Illegal", "is not a legal option"),
                                        ("tests.agents.bots:Raiser", "the bot is broken")])
def test_a_failing_server_bot_is_said_without_its_cards(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, bot: str, cause: str) -> None:
    """A bot its operator allowed that raises, or chooses an option that is not legal, answers
    the request that woke it (a choice, or the game's creation) with BotFailedError (500)
    naming its seat and bot only —
    an illegal option's error lists the bot's legal options, its own hand, which went to the
    client before (a 422) — and changes nothing; the cause is in the server's log."""
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from rr.server.app import build
    from rr.server.bots import KINDS
    from rr.server.games import Games
    from rr.server.store import open_store

    games = Games(open_store(str(tmp_path / "g.sqlite"), "NORMAL"), None, (*KINDS, bot))
    client = TestClient(build(games), raise_server_exceptions=False)
    body: dict[str, Any] = {"players": ["Ana", "Bo"], "bots": {"1": bot}, "practice": True}
    failed = client.post("/api/games", json={**body, "seed": 4})  # the bot decides first
    assert failed.status_code == 500 and failed.json()["error"]["type"] == "BotFailedError"
    created = client.post("/api/games", json={**body, "seed": 1}).json()  # Ana decides first
    game, auth = created["id"], {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    for _ in range(30):  # Ana plays her first option until her turn ends and wakes the bot
        before = client.get(f"/api/games/{game}", headers=auth).json()
        assert before["view"]["pending"]["seat"] == 0
        choice = {"action": before["view"]["pending"]["options"][0]["action"],
                  "decision": before["decision"]}
        with caplog.at_level("ERROR", logger="rr.server"):
            answer = client.post(f"/api/games/{game}/choose", headers=auth, json=choice)
        if answer.status_code != 200:
            break
    assert answer.status_code == 500, answer.text
    assert answer.json()["error"] == {
        "type": "BotFailedError", "rule": None,
        "message": f"seat 1's bot {bot!r} failed to decide (the server's log says why)"}
    assert client.get(f"/api/games/{game}", headers=auth).json() == before
    assert cause in caplog.text and "AgentError" in caplog.text


def test_rr_server_refuses_an_agent_it_cannot_make(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """rr server --allow-agent with a name that makes no agent exits 2 before serving."""
    status, _, err = run_cli(["server", "--port", "0", "--db", str(tmp_path / "g.sqlite"),
                              "--allow-agent", "no.such.module:Bot"], capsys)
    assert status == 2 and "cannot import" in err


@pytest.mark.slow
def test_a_failing_bot_of_a_real_server_says_only_its_seat(tmp_path: Path) -> None:
    """The same through a real ``rr server --allow-agent`` process over HTTP: the choice that
    wakes a bot choosing an illegal option is answered 500 ``BotFailedError`` naming its seat
    and bot only, the game stays as it was, and the cause (the bot's legal options) is in the
    server's own log, not in the answer."""
    pytest.importorskip("httpx")
    from tests.server.harness import Client, Server

    bot = "tests.agents.bots:Illegal"
    server = Server(str(tmp_path / "g.sqlite"), tmp_path,
                    extra=["--rate", "100000", "--allow-agent", bot])
    client = Client([server])
    try:
        created = client.ok("POST", "/api/games", body={
            "players": ["Ana", "Bo"], "bots": {"1": bot}, "seed": 1, "practice": True})
        game, token = created["id"], created["seats"][0]["token"]
        for _ in range(30):  # Ana plays her first option until her turn ends
            before = client.ok("GET", f"/api/games/{game}", token)
            answer = client.call("POST", f"/api/games/{game}/choose", token, {
                "action": before["view"]["pending"]["options"][0]["action"],
                "decision": before["decision"]})
            if answer.status_code != 200:
                break
        assert answer.status_code == 500, answer.text
        assert answer.json()["error"] == {
            "type": "BotFailedError", "rule": None,
            "message": f"seat 1's bot {bot!r} failed to decide (the server's log says why)"}
        assert client.ok("GET", f"/api/games/{game}", token) == before
        assert "is not a legal option" in server.output() and "AgentError" in server.output()
    finally:
        client.close()
        server.stop()
