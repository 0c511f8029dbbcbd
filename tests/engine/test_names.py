"""Players' names (rr.names): one way of writing each (NFC, no surrounding spaces), compared
ignoring case, and the solo automaton's name kept for her (RR-SOLO-1)."""

from __future__ import annotations

import pytest

from rr.engine import Game
from rr.errors import BadInputError
from rr.names import check_players, check_taker, name_key, normalise


def test_a_name_is_composed_and_trimmed_and_compared_ignoring_case() -> None:
    assert normalise("  Zoe\u0301\t") == "Zo\u00e9"
    assert name_key("ZOE\u0301") == name_key("zo\u00e9") == name_key("Zo\u00e9")
    assert name_key("Ana") != name_key("Anna")
    assert check_players([" Ana ", "Zoe\u0301"]) == ("Ana", "Zo\u00e9")


@pytest.mark.rule("RR-SOLO-1")
def test_the_engine_keeps_names_composed_and_refuses_one_name_twice_and_the_automatons(
        ) -> None:
    game = Game.new(["Zoe\u0301 ", "Bo"], seed=1)
    assert [p.name for p in game.state.players] == ["Zo\u00e9", "Bo"]
    with pytest.raises(BadInputError, match="player names must differ"):
        Game.new(["Ana", "ANA"], seed=1)
    for players in (["TULL AU TOMA"], ["Ana", "Tull Au Toma"]):
        with pytest.raises(BadInputError, match="Tull Au Toma is the solo automaton's name"):
            Game.new(players, seed=1)
    solo = Game.new(["Ana"], seed=1)
    assert [p.name for p in solo.state.players] == ["Ana", "Tull Au Toma"]


def test_a_taker_may_not_take_another_seats_name_but_may_keep_their_own() -> None:
    assert check_taker(" cy ", ["Ana", "Guest", "Bo"], 1) == "cy"
    assert check_taker("guest", ["Ana", "Guest", "Bo"], 1) == "guest"
    with pytest.raises(BadInputError) as refused:
        check_taker("BO", ["Ana", "Guest", "Bo"], 1)
    assert str(refused.value) == ("player names must differ: \u201cBO\u201d is the name of "
                                  "seat 2's player (\u201cBo\u201d) (names are compared "
                                  "ignoring case and how their letters are written)")
