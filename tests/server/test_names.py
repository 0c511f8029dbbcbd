"""Players' names (rr.names) on a real ``rr server``: names that look the same — "é" written
as one letter or as "e" and an accent, case variants, spaces around — are one player's, and
"Tull Au Toma" is the solo automaton's. Refused in words (422) when a game is created and
when an open seat is taken; a name is kept as NFC without its surrounding spaces."""

from __future__ import annotations

import unicodedata

import pytest

from rr.client import Client
from tests.server.harness import Deployment

COMPOSED = unicodedata.normalize("NFC", "Zoé")
DECOMPOSED = unicodedata.normalize("NFD", "Zoé")


def _create(sqlite: Deployment, players: list[str],
            **more: object) -> tuple[int, dict[str, object]]:
    answer = sqlite.client.call("POST", "/api/games", None, {"players": players, **more})
    return answer.status_code, answer.json()


@pytest.mark.parametrize(("players", "says"), [
    (["Ana", "ana"],
     "player names must differ: \u201cAna\u201d and \u201cana\u201d are one name"),
    (["Ana", "ANA "], "player names must differ"),
    ([COMPOSED, DECOMPOSED], "player names must differ"),
    (["Ana", "Tull Au Toma"], "Tull Au Toma is the solo automaton's name"),
    (["tull au toma"], "Tull Au Toma is the solo automaton's name"),
])
def test_names_that_look_the_same_or_the_automatons_are_refused(
        sqlite: Deployment, players: list[str], says: str) -> None:
    status, body = _create(sqlite, players, bots={"1": "random"} if len(players) > 1 else {},
                           **({} if len(players) > 1 else {"solo": {"level": 2}}))
    assert status == 422, body
    error = body["error"]
    assert error["type"] == "BadInputError", error  # type: ignore[index]
    assert says in error["message"], error  # type: ignore[index]


def test_a_name_is_kept_composed_and_without_surrounding_spaces(sqlite: Deployment) -> None:
    status, body = _create(sqlite, [f"  {DECOMPOSED} ", "Bo"], bots={"1": "random"})
    assert status == 201, body
    token = body["seats"][0]["token"]  # type: ignore[index]
    listed = sqlite.client.ok("GET", "/api/games", token)
    assert listed["games"][0]["players"] == [COMPOSED, "Bo"]


def test_an_open_seat_is_not_taken_under_another_players_name(sqlite: Deployment) -> None:
    """The creator is "Zoé" (composed); "ZOÉ" written decomposed, and the automaton's name,
    are refused for the open seat, which stays free; " Cy " takes it as "Cy"."""
    created = Client.create(sqlite.client.base(), [COMPOSED, "Guest", "Bo"],
                            bots={2: "greedy"}, open=[1])
    game, invitation = created["id"], created["invitation"]

    def take(name: str) -> tuple[int, dict[str, object]]:
        answer = sqlite.client.call("POST", f"/api/games/{game}/invitation", invitation,
                                    {"name": name})
        return answer.status_code, answer.json()

    status, body = take(unicodedata.normalize("NFD", "ZOÉ"))
    assert status == 422
    assert body["error"]["message"].startswith(  # type: ignore[index]
        f"player names must differ: \u201c{unicodedata.normalize('NFC', 'ZOÉ')}\u201d is the "
        f"name of seat 0's player (\u201c{COMPOSED}\u201d)")
    status, body = take("TULL AU TOMA")
    assert status == 422 and "automaton" in body["error"]["message"]  # type: ignore[index]
    shown = sqlite.client.call("GET", f"/api/games/{game}/invitation", invitation).json()
    assert shown["free"] == [1]
    status, body = take(" Cy ")
    assert status == 200 and body["name"] == "Cy", body
