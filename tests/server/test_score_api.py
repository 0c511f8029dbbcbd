"""``POST /api/score`` is ``rr score --json`` over HTTP, and the shared scorepad tables
(``/api/score/tables``) score what their players entered exactly as ``rr score`` does."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rr.agents.random import RandomAgent
from rr.cli import main
from rr.cards.catalogue import catalogue
from rr.engine import Game, fold
from rr.events.log import read
from rr.rules.final import final_table
from rr.model import CardId, Location
from rr.scoring.scorepad import score
from rr.scoring.table import FinalPlayer, FinalTable, LocationCard
from rr.server.app import build
from rr.server.games import Games
from rr.server.limits import Limits
from rr.server.score_tables import ScoreTables
from rr.server.store import open_store

pytest.importorskip("starlette")
from starlette.testclient import TestClient

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCORE_JS = Path(__file__).resolve().parents[2] / "rr" / "server" / "static" / "score.js"


def position_json(table: FinalTable) -> dict[str, Any]:
    """A final position written in ``rr score``'s JSON input (every field given)."""
    def player(p: Any) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": p.name, "hand": list(p.hand), "helium": p.helium, "fleet": p.fleet,
            "influence": p.influence, "sovereign": p.sovereign,
            "declare": {c: {k: v for k, v in (("color", d.color and d.color.value),
                                              ("name", d.name)) if v}
                        for c, d in p.declarations.items()},
            "extra_points": dict(p.extra_points)}
        if p.house is not None:
            out["house"] = p.house.value
        if p.automa is not None:
            out["au_toma"] = {"level": p.automa.level, "odd_even": p.automa.parity.value}
        return out
    return {"players": [player(p) for p in table.players],
            "locations": {loc.value: [{"card": c.card, "face_down": c.face_down}
                                      for c in stack] for loc, stack in table.locations.items()},
            "banished": list(table.banished), "neutral_influence": table.neutral_influence}


def played_to_the_end(players: int | list[str], seed: int, level: int | None = None
                      ) -> dict[str, Any]:
    game = Game.new(players, seed=seed, level=level)
    agent = RandomAgent(seed)
    while (decision := game.pending) is not None:
        game.choose(agent.choose(decision))
    return position_json(final_table(game.state))


def end_states() -> Iterator[tuple[str, str]]:
    """Every end state of the examples (the scorepad files, and the end of the physical game's
    log), and games played to their end at 2 to 6 players and solo: (name, rr score's JSON
    input)."""
    for path in sorted(EXAMPLES.glob("score-*.json")):
        yield path.name, path.read_text("utf-8")
    physical = fold(read(EXAMPLES / "physical-game.jsonl").events)
    assert physical.totals is not None  # the log is a whole game
    yield "physical-game.jsonl", json.dumps(position_json(final_table(physical)))
    for count in range(2, 7):
        yield f"{count} players", json.dumps(played_to_the_end(count, 40 + count))
    yield "solo", json.dumps(played_to_the_end(["Ana"], 7, level=3))


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("score-api")
    games = Games(open_store(str(folder / "games.sqlite"), "NORMAL"))
    with TestClient(build(games, Limits())) as client:
        yield client


def rr_score_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                  *options: str) -> Any:
    path = tmp_path / "position.json"
    path.write_text(text, "utf-8")
    assert main(["score", str(path), "--json", *options]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.rule("RR-SCORE-1", "RR-SCORE-14", "RR-SOLO-15")
@pytest.mark.parametrize(("name", "text"), list(end_states()), ids=lambda v: str(v)[:14])
def test_post_api_score_answers_exactly_rr_score_json(
        client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        name: str, text: str) -> None:
    """Every end state: the answer is, byte for byte as JSON, what ``rr score --json``
    prints for the same file."""
    answer = client.post("/api/score", content=text.encode(),
                         headers={"content-type": "application/json"})
    assert answer.status_code == 200, answer.text
    assert answer.json() == rr_score_json(tmp_path, capsys, text), name


def test_post_api_score_takes_the_ruleset_as_rr_score_does(
        client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (EXAMPLES / "score-example.json").read_text("utf-8")
    option = "artisan_chef_gold_cards_only=false"
    answer = client.post(f"/api/score?ruleset={option}", content=text.encode())
    assert answer.json() == rr_score_json(tmp_path, capsys, text, "--ruleset", option)
    refused = client.post("/api/score?ruleset=no_such_option=true", content=text.encode())
    assert refused.status_code == 422 and refused.json()["error"]["type"] == "BadInputError"


@pytest.mark.rule("RR-SCORE-8", "RR-SCORE-5")
@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["players"][0].update(fleet=11), "beyond the end of the Fleet Track"),
    (lambda d: d["players"][1]["hand"].append("judge"), "Judge is in two places"),
    (lambda d: d["players"][0]["hand"].append("judge"), "twice in Ana's hand"),
    (lambda d: d["players"][0]["hand"].append("nobody at all"), "unknown card"),
    (lambda d: d.pop("banished"), "missing field 'banished'"),
])
def test_a_position_rr_score_refuses_is_a_typed_error_in_its_words(
        client: TestClient, change: Any, words: str) -> None:
    data = json.loads((EXAMPLES / "score-example.json").read_text("utf-8"))
    change(data)
    answer = client.post("/api/score", content=json.dumps(data).encode())
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["type"] == "BadInputError" and words in error["message"]
    not_json = client.post("/api/score", content=b"{players")
    assert not_json.status_code == 422 and "JSON" in not_json.json()["error"]["message"]


def test_the_scorepad_page_is_served_with_the_strict_policy(client: TestClient) -> None:
    page = client.get("/score")
    assert page.status_code == 200 and "score.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/score.js").status_code == 200


@pytest.mark.rule("RR-SCORE-1")
def test_a_shared_table_scores_when_every_player_is_in(client: TestClient) -> None:
    """Created with names and the board; each player enters their own part; nobody's hand is
    shown before all are in; then the table's scorepad is ``POST /api/score``'s for the
    position the parts make up. A mistake of one player's own is refused in words, changing
    nothing; a card in two hands is the table's problem until corrected."""
    example = json.loads((EXAMPLES / "score-example.json").read_text("utf-8"))
    board = {k: example[k] for k in ("locations", "banished")}
    names = [p["name"] for p in example["players"]]
    created = client.post("/api/score/tables", json={"players": names, "board": board})
    assert created.status_code == 201
    code = created.json()["code"]
    assert len(code) == 6 and code.isalnum()
    parts = [{k: v for k, v in p.items() if k != "name"} for p in example["players"]]
    for seat, part in enumerate(parts[:3]):
        table = client.put(f"/api/score/tables/{code}/players/{seat}", json=part).json()
        assert table["scorepad"] is None and table["position"] is None
    assert [p["in"] for p in table["players"]] == [True, True, True, False]
    twice = {**parts[3], "hand": [*parts[3]["hand"], "hacker"]}
    refused = client.put(f"/api/score/tables/{code}/players/3", json=twice)
    assert refused.status_code == 422 and "twice in Di's hand" in refused.json()["error"][
        "message"]
    assert client.get(f"/api/score/tables/{code}").json()["version"] == table["version"]
    clash = {**parts[3], "hand": [*parts[3]["hand"], "judge"]}
    table = client.put(f"/api/score/tables/{code}/players/3", json=clash).json()
    assert table["scorepad"] is None and "Judge is in two places" in table["problem"]
    assert "judge" not in table["problem"]
    table = client.put(f"/api/score/tables/{code}/players/3", json=parts[3]).json()
    assert table["problem"] is None
    assert table["scorepad"] == client.post("/api/score", json=example).json()
    assert client.get(f"/api/score/tables/{code.lower()}?after=0").json() == table
    missing = client.get("/api/score/tables/ZZZZZZ")
    assert missing.status_code == 422 and "no scorepad table" in missing.json()["error"][
        "message"]


def test_a_shared_table_takes_small_requests_only(client: TestClient) -> None:
    """A player's part is a few hundred bytes: a request to a table over 16 KiB is refused
    (413) before it is read, and the table is as it was."""
    code = client.post("/api/score/tables", json={"players": ["Ana", "Bo"]}).json()["code"]
    big = {"hand": ["judge"] * 4000, "helium": 0, "fleet": 0, "influence": 0,
           "sovereign": False}
    refused = client.put(f"/api/score/tables/{code}/players/0", json=big)
    assert refused.status_code == 413
    assert client.get(f"/api/score/tables/{code}").json()["version"] == 1


def test_a_table_is_forgotten_after_its_time() -> None:
    now = [0.0]
    tables = ScoreTables(clock=lambda: now[0], seconds=60)
    code = tables.create({"players": ["Ana", "Bo"]})["code"]
    now[0] = 59
    assert tables.read(code)["code"] == code
    now[0] = 120
    with pytest.raises(Exception, match="no scorepad table"):
        tables.read(code)


def _page_pattern(name: str) -> re.Pattern[str]:
    found = re.search(rf"const {name} = /(.+)/i;", SCORE_JS.read_text("utf-8"))
    assert found, name
    return re.compile(found.group(1), re.IGNORECASE)


@pytest.mark.rule("RR-SCORE-4", "RR-SCORE-5")
def test_the_page_names_exactly_the_cards_that_read_the_board_and_the_banished_pile() -> None:
    """The page tells which cards of the hands read the locations and the banished pile (so
    that a table knows what it may leave empty) from their end-game texts: the cards whose
    bonus, alone in a hand, changes with the locations' cards or with the banished pile as
    the scorer scores them are exactly those."""
    rng = random.Random(5)
    ids = sorted(catalogue())
    empty = {location: () for location in Location}

    def bonus(card: str, board: Any, banished: tuple[str, ...]) -> int:
        table = FinalTable(players=(FinalPlayer("A", (CardId(card),)), FinalPlayer("B", ())),
                           locations=board, banished=tuple(CardId(c) for c in banished),
                           neutral_influence=3)
        return score(table).players[0].cards[0].bonus

    boards, piles = set(), set()
    for card in ids:
        others = [c for c in ids if c != card]
        alone = bonus(card, empty, ())
        for _ in range(12):
            pick = rng.sample(others, 24)
            board = {location: tuple(LocationCard(CardId(c), rng.random() < 0.2)
                                     for c in pick[i * 3:i * 3 + 3])
                     for i, location in enumerate(Location)}
            if bonus(card, board, ()) != alone:
                boards.add(card)
            if bonus(card, empty, tuple(pick[:rng.choice((1, 3, 6, 12))])) != alone:
                piles.add(card)
    texts = {c: catalogue()[c].end_game or "" for c in ids}
    assert {c for c in ids if _page_pattern("READS_LOCATIONS").search(texts[c])} == boards
    assert {c for c in ids if _page_pattern("READS_BANISHED").search(texts[c])} == piles


def test_the_scorepad_names_each_card_line(client: TestClient) -> None:
    """Each card line of the answer carries the card's name beside its id (the page shows
    the server's words, rewriting none)."""
    from rr.cards.catalogue import card

    example = json.loads((EXAMPLES / "score-example.json").read_text("utf-8"))
    answer = client.post("/api/score", json=example).json()
    lines = [line for p in answer["players"] for line in p["cards"]]
    assert lines and all(line["name"] == card(line["id"]).name for line in lines)
