"""The ``rr score`` command: the example file, the JSON schema, and one-line errors."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from rr.automa import Parity
from rr.cli import main
from rr.scoring.input import parse_table
from rr.scoring.solo import AutomaScoring

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "score-example.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``rr`` with these arguments; return the exit code, stdout and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def player(name: str = "Ana", **fields: Any) -> dict[str, Any]:
    """A valid player entry, with some fields replaced."""
    base: dict[str, Any] = {"name": name, "hand": ["darrow"], "helium": 1, "fleet": 2,
                            "influence": 3, "sovereign": False}  # fmt: skip
    return {**base, **fields}


EMPTY_BOARD: dict[str, Any] = {"locations": {"jupiter": [], "mars": [], "luna": [],
                                             "institute": []}, "banished": []}


def complete(content: dict[str, Any]) -> dict[str, Any]:
    """``content`` with the required fields a case does not concern filled in: an empty
    board and banished pile, and an opponent with an empty hand beside a lone player."""
    players = content.get("players")
    if isinstance(players, list) and len(players) == 1:
        content = {**content, "players": [*players, player("Bo", hand=[])]}
    return {**EMPTY_BOARD, **content}


def write(tmp_path: Path, content: Any) -> str:
    """Write a position file (a string is written as is; an object is first completed, see
    :func:`complete`) and return its path."""
    path = tmp_path / "position.json"
    path.write_text(content if isinstance(content, str) else json.dumps(complete(content)),
                    "utf-8")
    return str(path)


@pytest.mark.rule("RR-SCORE-1", "RR-SCORE-14")
def test_example_file_prints_the_scorepad(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr score examples/score-example.json` prints every row, every player and the winner."""
    code, out, err = run(capsys, "score", str(EXAMPLE))
    assert code == 0 and err == ""
    for text in ("Cards", "Fleet", "Helium", "Sovereignty", "Influence", "Excess", "TOTAL",
                 "★ Ana", "Bo", "Cy", "Di", "Winner: Ana", "Holiday also Blue (given)"):  # fmt: skip
        assert text in out
    lines = [line for line in out.splitlines() if "│" in line]
    order = [next(i for i, ln in enumerate(lines) if word in ln)
             for word in ("Cards", "Fleet", "Helium", "Sovereignty", "Influence", "Excess")]  # fmt: skip
    assert order == sorted(order)


def test_example_file_with_card_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """`--cards` adds each player's cards with core value and bonus."""
    code, out, _ = run(capsys, "score", str(EXAMPLE), "--cards")
    assert code == 0
    assert "Ana's cards" in out and "Razor Designer" in out


@pytest.mark.rule("RR-SCORE-1")
def test_json_output_schema(capsys: pytest.CaptureFixture[str]) -> None:
    """`--json` prints exactly players (name, rows, total, cards, declarations) and winners;
    each card line its id, name, core and bonus."""
    code, out, _ = run(capsys, "score", str(EXAMPLE), "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"players", "winners"}
    assert data["winners"] == ["Ana"]
    for p in data["players"]:
        assert set(p) == {"name", "rows", "total", "cards", "declarations"}
        assert list(p["rows"]) == ["cards", "fleet", "helium", "sovereignty", "influence",
                                   "excess"]  # fmt: skip
        assert p["total"] == sum(p["rows"].values())
        for line in p["cards"]:
            assert set(line) == {"id", "name", "core", "bonus"}
        for declaration in p["declarations"].values():
            assert declaration and set(declaration) <= {"color", "name"}
    ana = data["players"][0]
    assert ana["declarations"]["holiday"] == {"color": "blue"}
    assert ana["rows"]["excess"] == -10


def test_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """FILE `-` reads the position from standard input."""
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(complete({"players": [player()]}))))
    code, out, _ = run(capsys, "score", "-", "--json")
    assert code == 0 and json.loads(out)["winners"] == ["Ana"]


def test_ruleset_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`--ruleset` changes the scoring options (here Artisan Chef's reach, RULING-A20)."""
    path = write(tmp_path, {"players": [player(hand=["sefi", "sevro", "artisan_chef"])]})
    _, official, _ = run(capsys, "score", path, "--json")
    _, wide, _ = run(capsys, "score", path, "--json", "--ruleset",
                     "artisan_chef_gold_cards_only=false")  # fmt: skip
    assert json.loads(wide)["players"][0]["total"] == json.loads(official)["players"][0]["total"] + 5


BAD_INPUTS: list[tuple[str, Any, str]] = [
    ("malformed JSON", '{"players": [', "not JSON"),
    ("top level not an object", "[1, 2]", "must be a JSON object"),
    ("unknown card", {"players": [player(hand=["nobody"])]}, "player 'Ana': hand[0]: unknown card 'nobody'"),
    ("card in hand and banished", {"players": [player()], "banished": ["darrow"]},
     "Darrow is in two places: Ana's hand and the banished pile"),
    ("card in two hands", {"players": [player(), player("Bo")]},
     "Darrow is in two places: Ana's hand and Bo's hand"),
    ("card twice in a hand", {"players": [player(hand=["darrow", "Darrow"])]}, "twice in Ana's hand"),
    ("negative helium", {"players": [player(helium=-1)]}, "helium cannot be negative"),
    ("fleet above 10", {"players": [player(fleet=11)]}, "fleet 11 is beyond the end"),
    ("influence above 10", {"players": [player(influence=11)]}, "influence must be 0 to 10"),
    ("negative influence", {"players": [player(influence=-2)]}, "influence must be 0 to 10"),
    ("seven players", {"players": [player(f"P{i}", hand=[]) for i in range(7)]}, "2 to 6 players, not 7"),
    ("no players", {"players": []}, "2 to 6 players, not 0"),
    ("two Sovereign holders",
     {"players": [player(sovereign=True), player("Bo", hand=[], sovereign=True)]},
     "only one player can hold the Sovereign token, not 'Ana', 'Bo'"),
    ("Gray declared Gray",
     {"players": [player(hand=["holiday"], declare={"holiday": {"color": "gray"}})]},
     "Holiday is already Gray"),
    ("unknown colour",
     {"players": [player(hand=["holiday"], declare={"holiday": {"color": "purple"}})]},
     "unknown colour 'purple'"),
    ("Orange given no character's name",
     {"players": [player(hand=["cyther"], declare={"cyther": {"name": "Bob"}})]},
     "'Bob' is not the name of a character"),
    ("declaration for a card not in hand",
     {"players": [player(hand=["darrow"], declare={"holiday": {"color": "blue"}})]},
     "declaration for Holiday, which is not in their hand"),
    ("colour for a card that cannot declare",
     {"players": [player(declare={"darrow": {"color": "blue"}})]},
     "Darrow is neither a Gray nor an Orange"),
    ("empty declaration for a card that cannot declare",
     {"players": [player(declare={"darrow": {}})]},
     "Darrow is neither a Gray nor an Orange"),
    ("colour for an Orange",
     {"players": [player(hand=["cyther"], declare={"cyther": {"color": "blue"}})]},
     "Cyther is not a Gray"),
    ("name for a Gray",
     {"players": [player(hand=["holiday"], declare={"holiday": {"name": "Darrow"}})]},
     "Holiday is not an Orange"),
    ("unknown declaration field",
     {"players": [player(hand=["holiday"], declare={"holiday": {"colour": "blue"}})]},
     "unknown field 'colour'"),
    ("helium as a string", {"players": [player(helium="3")]},
     'player \'Ana\': helium must be a whole number, not "3"'),
    ("fleet as a boolean", {"players": [player(fleet=True)]}, "fleet must be a whole number"),
    ("sovereign as a string", {"players": [player(sovereign="yes")]}, "sovereign must be true or false"),
    ("hand not a list", {"players": [player(hand="darrow")]}, "hand must be a JSON list"),
    ("card not a string", {"players": [player(hand=[7])]}, "hand[0]: a card must be given"),
    ("players not a list", {"players": {"name": "Ana"}}, "players must be a JSON list"),
    ("missing field", {"players": [{"name": "Ana", "hand": []}]}, "missing field 'helium'"),
    ("unknown player field", {"players": [player(hellium=3)]}, "unknown field 'hellium'"),
    ("unknown top-level field", {"players": [player()], "banish": []}, "unknown field 'banish'"),
    ("unknown location", {"players": [player()], "locations": {"venus": []}}, "unknown location 'venus'"),
    ("face_down not a boolean",
     {"players": [player()], "locations": {"mars": [{"card": "eo", "face_down": "no"}]}},
     "locations.mars[0].face_down must be true or false"),
    ("unknown house", {"players": [player(house="gamma")]}, "unknown house 'gamma'"),
    ("same house twice",
     {"players": [player(house="mars"), player("Bo", hand=[], house="mars")]}, "two players are House 'mars'"),
    ("same name twice", {"players": [player(), player(hand=[])]}, "two players are called 'Ana'"),
    ("neutral Influence with 3 players",
     {"players": [player(f"P{i}", hand=[]) for i in range(3)], "neutral_influence": 3},
     "neutral_influence is for 2-player games only"),
    ("negative neutral Influence",
     {"players": [player(), player("Bo", hand=[])], "neutral_influence": -1}, "neutral_influence must be 0 to 10"),
    ("one player", json.dumps({**EMPTY_BOARD, "players": [player()]}), "2 to 6 players, not 1"),
    ("Helium 10^30", {"players": [player(helium=10**30)]}, "too large"),
    ("Helium beyond the sanity bound", {"players": [player(helium=1000)]},
     "helium 1000 is more than rr accepts (999)"),
    ("a 5000-digit number", '{"players": [{"helium": ' + "9" * 5000 + "}]}", "5000 digits"),
    ("nested 10000 deep", "[" * 10000 + "]" * 10000, "nests deeper than 32 levels"),
    ("no locations", json.dumps({"players": [player(), player("Bo", hand=[])], "banished": []}),
     "missing field 'locations'"),
    ("two locations left out",
     {"players": [player()], "locations": {"jupiter": [], "mars": []}},
     "locations: missing 'luna' (give [] for an empty location)"),
    ("a location left out",
     {"players": [player()], "locations": {"jupiter": [], "mars": [], "luna": []}},
     "locations: missing 'institute' (give [] for an empty location)"),
    ("no banished pile",
     json.dumps({"players": [player(), player("Bo", hand=[])],
                 "locations": EMPTY_BOARD["locations"]}), "missing field 'banished'"),
    ("extra points beyond the bound", {"players": [player(hand=["hacker"],
                                                          extra_points={"hacker": 5000})]},
     "extra_points for Hacker must be 0 to 999"),
    ("negative extra points", {"players": [player(hand=["hacker"], extra_points={"hacker": -1})]},
     "extra_points for Hacker must be 0 to 999, not -1"),
    ("neutral Influence above 10",
     {"players": [player(), player("Bo", hand=[])], "neutral_influence": 11},
     "neutral_influence must be 0 to 10, not 11"),
    ("blank name", {"players": [player("  ")]}, "players[0].name must be a non-empty string"),
    ("name not a string", {"players": [player(7)]}, "players[0].name must be a non-empty string"),
    ("Au Toma at level 7",
     {"players": [player(), player("Tull Au Toma", hand=[],
                                   au_toma={"level": 7, "odd_even": "odd"})]},
     "player 'Tull Au Toma': au_toma.level must be 1 to 6, not 7"),
    ("Au Toma's odd/even card on no side",
     {"players": [player(), player("Tull Au Toma", hand=[],
                                   au_toma={"level": 2, "odd_even": "both"})]},
     'player \'Tull Au Toma\': au_toma.odd_even must be "odd" or "even", not "both"'),
    ("NaN for Helium", '{"players": [{"helium": NaN}]}', "NaN is not a JSON number"),
    ("extra points for a card without end-of-game ability",
     {"players": [player(extra_points={"darrow": 3})]}, "Darrow, which has no end-of-game ability"),
]  # fmt: skip


@pytest.mark.parametrize("content, message", [(c, m) for _, c, m in BAD_INPUTS],
                         ids=[name for name, _, _ in BAD_INPUTS])  # fmt: skip
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: Any, message: str
) -> None:
    """Bad input exits 2 with a single-line message naming the problem, and no traceback."""
    code, out, err = run(capsys, "score", write(tmp_path, content))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("rr score: error: ")
    assert message in err
    assert "Traceback" not in err


@pytest.mark.rule("RR-SETUP-7")
def test_byte_order_mark_and_bad_bytes(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    """A file starting with a UTF-8 byte-order mark is read; one that is not UTF-8 exits 2."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(complete({"players": [player()]})).encode())
    assert run(capsys, "score", str(path))[0] == 0
    path.write_bytes(b'{"players": "\xff"}')
    code, _, err = run(capsys, "score", str(path))
    assert code == 2 and "not UTF-8" in err and err.count("\n") == 1


def test_a_folder_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A folder given as FILE is a one-line error, not a traceback."""
    code, _, err = run(capsys, "score", str(tmp_path))
    assert code == 2 and "it is a folder" in err


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A file that cannot be read exits 2 with a one-line message."""
    code, _, err = run(capsys, "score", str(tmp_path / "nowhere.json"))
    assert code == 2 and "cannot read" in err and err.count("\n") == 1


def test_bad_ruleset_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown ruleset option exits 2 with a one-line message."""
    code, _, err = run(capsys, "score", str(EXAMPLE), "--ruleset", "nonsense=true")
    assert code == 2 and "unknown ruleset option" in err


@pytest.mark.rule("RR-SETUP-7")
def test_six_players_are_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A file may hold up to 6 players: six are scored."""
    players = [player(), *(player(f"P{i}", hand=[]) for i in range(5))]
    code, out, _ = run(capsys, "score", write(tmp_path, {"players": players}), "--json")
    assert code == 0
    assert [p["name"] for p in json.loads(out)["players"]] == ["Ana", "P0", "P1", "P2", "P3", "P4"]


@pytest.mark.rule("RR-SCORE-12", "RULING-A5")
def test_two_player_neutral_house_defaults_to_three(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    """Without ``neutral_influence`` a 2-player file's neutral house has 3 Influence: with
    3 Influence Ana ties it for the most (3 × 4 = 12); given 10 (the most accepted) it leads
    and she is second (3 × 2 = 6)."""
    players = [player(influence=3), player("Bo", hand=[], influence=0)]
    _, out, _ = run(capsys, "score", write(tmp_path, {"players": players}), "--json")
    assert json.loads(out)["players"][0]["rows"]["influence"] == 12
    code, out, _ = run(capsys, "score",
                       write(tmp_path, {"players": players, "neutral_influence": 10}), "--json")
    assert code == 0 and json.loads(out)["players"][0]["rows"]["influence"] == 6


@pytest.mark.rule("RR-SOLO-15")
def test_au_toma_entry_is_read() -> None:
    """``au_toma`` gives Tull Au Toma's level and the side of the odd/even card."""
    text = json.dumps(complete({"players": [
        player(), player("Tull Au Toma", hand=[], au_toma={"level": 2, "odd_even": "even"})]}))
    table = parse_table(text)
    assert table.players[0].automa is None
    assert table.players[1].automa == AutomaScoring(2, Parity.EVEN)
