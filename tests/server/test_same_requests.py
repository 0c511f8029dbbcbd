"""Both front doors read a new game alike (rr.request_fields): ``rr stdio``'s ``new`` and a
real ``rr server``'s ``POST /api/games`` take a solo game as ``"solo": {"level": n}``
(RR-SOLO-1, RR-SOLO-16), and refuse the same bad requests with the same error type, words
and rule (blank, too long and unprintable players' names among them); ``rr stdio``'s first
solo shape (``"solo": true``, a top-level ``"level"``) works
as before."""

from __future__ import annotations

from typing import Any

import pytest

from rr.protocol import Session
from tests.server.harness import Deployment

BAD: list[tuple[dict[str, Any], str, str | None, str]] = [
    ({"players": ["Ana"], "solo": "yes"}, "BadRequest", None,
     "field 'solo' takes an object {\"level\": n}, not \"yes\""),
    ({"players": ["Ana"], "solo": [3]}, "BadRequest", None,
     "field 'solo' takes an object {\"level\": n}, not [3]"),
    ({"players": ["Ana"], "solo": {"level": "3"}}, "BadRequest", None,
     "field 'solo.level' takes an integer from 1 to 6, not \"3\""),
    ({"players": ["Ana"], "solo": {"level": True}}, "BadRequest", None,
     "field 'solo.level' takes an integer from 1 to 6, not true"),
    ({"players": ["Ana"], "solo": {"levle": 3}}, "BadRequest", None,
     "'solo' takes no field 'levle' (it takes: level)"),
    ({"players": ["Ana", "Bo"], "solo": {"level": 3}}, "BadInputError", "RR-SOLO-1",
     "a solo game has one player"),
    ({"players": ["Ana"], "solo": {"level": 9}}, "BadInputError", "RR-SOLO-16",
     "Au Toma's level is 1 to 6, not 9"),
    ({"players": ["tull au toma"], "solo": {}}, "BadInputError", "RR-SOLO-1",
     "Tull Au Toma is the solo automaton's name"),
    ({"players": ["Ana", "ana"]}, "BadInputError", None, "player names must differ"),
    ({"players": ["", "Bo"]}, "BadInputError", None,
     "a player's name is 1 to 40 printable characters, not \"\""),
    ({"players": ["Ana", "   "]}, "BadInputError", None,
     "a player's name is 1 to 40 printable characters, not \"   \""),
    ({"players": ["Ana", "x" * 41]}, "BadInputError", None,
     "a player's name is 1 to 40 printable characters, not \"" + "x" * 41 + "\""),
    ({"players": ["Ana", "Bo\nCy"]}, "BadInputError", None,
     "a player's name is 1 to 40 printable characters, not \"Bo\\nCy\""),
    ({"players": ["", "Bo"], "solo": {}}, "BadInputError", None,
     "a player's name is 1 to 40 printable characters"),
    ({"players": ["A", "B", "C", "D", "E", "F", "G"]}, "BadInputError", "RR-SETUP-7",
     "a game needs 2 to 6 players, not 7"),
    ({"players": ["Ana", "Bo"], "ruleset": "protect_small_hands=maybe"}, "BadInputError",
     None, "ruleset option protect_small_hands takes true or false, not 'maybe'"),
    ({"players": ["Ana", "Bo"], "ruleset": 5}, "BadRequest", None,
     "field 'ruleset' takes a string such as 'official' or 'protect_small_hands=true', "
     "not 5"),
]


def _stdio(request: dict[str, Any]) -> dict[str, Any]:
    response = Session().handle({"id": 1, "op": "new", **request})
    assert response["ok"] is False, response
    error: dict[str, Any] = response["error"]
    return error


@pytest.mark.parametrize(("request_", "kind", "rule", "words"), BAD)
def test_both_doors_refuse_a_bad_new_game_in_the_same_words(
        sqlite: Deployment, request_: dict[str, Any], kind: str, rule: str | None,
        words: str) -> None:
    """The same bad request gets the same typed error from ``rr stdio`` and ``rr server``
    (400 for a request that cannot be read, 422 for one the rules refuse)."""
    answer = sqlite.client.call("POST", "/api/games", body=request_)
    assert answer.status_code == (400 if kind == "BadRequest" else 422), answer.text[:300]
    over_http = answer.json()["error"]
    over_stdio = _stdio(request_)
    assert over_http == over_stdio
    assert (over_stdio["type"], over_stdio["rule"]) == (kind, rule)
    assert words in over_stdio["message"], over_stdio


def _level_over_stdio(request: dict[str, Any]) -> int:
    response = Session().handle({"id": 1, "op": "new", "seed": 3, **request})
    assert response["ok"], response
    solo: dict[str, Any] = response["result"]["answer"]["view"]["solo"]
    level: int = solo["level"]
    return level


def test_a_solo_game_is_asked_for_the_same_way_at_both_doors(sqlite: Deployment) -> None:
    """``"solo": {"level": 4}`` makes a level-4 solo game over HTTP and over stdio (RR-SOLO-1,
    RR-SOLO-16); ``{}`` her usual level 2."""
    created = sqlite.client.ok("POST", "/api/games",
                               body={"players": ["Ana"], "solo": {"level": 4}})
    seat = next(s for s in created["seats"] if s["token"])
    answer = sqlite.client.ok("GET", f"/api/games/{created['id']}", seat["token"])
    assert answer["view"]["solo"]["level"] == 4
    assert _level_over_stdio({"players": ["Ana"], "solo": {"level": 4}}) == 4
    assert _level_over_stdio({"players": 1, "solo": {}}) == 2


@pytest.mark.parametrize(("request_", "level"), [
    ({"players": ["Ana"], "solo": True, "level": 5}, 5),
    ({"players": ["Ana"], "level": 3}, 3),
    ({"players": 1, "solo": True}, 2),
    ({"players": ["Ana"], "solo": False, "level": 6}, 6),
])
def test_stdio_keeps_its_first_solo_shape(request_: dict[str, Any], level: int) -> None:
    """Clients written before both doors shared a shape keep working (RR-SOLO-1)."""
    assert _level_over_stdio(request_) == level


def test_stdio_refuses_the_level_given_twice() -> None:
    """A level in ``solo`` and beside it is refused: which one was meant is not known."""
    error = _stdio({"players": ["Ana"], "solo": {"level": 3}, "level": 3})
    assert error["type"] == "BadRequest"
    assert "given twice" in error["message"]
