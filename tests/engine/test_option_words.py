"""Options, decisions and the value enums print in words for people (card names, locations
and colours as printed); the machine text (``describe``: the wire's ``text``,
docs/ACTIONS.md, OpenSpiel's action strings) stays as it was."""

from __future__ import annotations

import pytest

from rr.actions import action_of, option_of
from rr.engine import Game
from rr.jsonforms import decision_json
from rr.model import Bonus, CardId, Color, House, Location
from rr.options import (
    Answer,
    GainTop,
    Lead,
    Option,
    PickCard,
    PickFaceDown,
    PickName,
    PickPlayer,
    Position,
    Scout,
    describe,
)

COOK = CardId("mess_hall_cook")

WORDS_AND_TEXT: list[tuple[Option, str, str]] = [
    (Lead(COOK, Location.JUPITER), "lead Mess Hall Cook on Jupiter",
     "lead mess_hall_cook on Jupiter"),
    (Lead(None, None), "lead (nothing to deploy)", "lead (nothing to deploy)"),
    (Scout(), "scout", "scout"),
    (GainTop(Location.INSTITUTE), "gain the top card of The Institute",
     "gain from The Institute"),
    (GainTop(None), "gain the top card of the deck", "gain from the deck"),
    (PickCard(CardId("the_jackal")), "The Jackal", "the_jackal"),
    (PickFaceDown(Location.MARS, 0), "the face-down card on top of Mars",
     "the face-down card on top of Mars"),
    (PickPlayer(0), "player 1", "player 1"),
    (PickName("Sevro"), "Sevro", "Sevro"),
    (Location.LUNA, "Luna", "luna"),
    (Color.BROWN, "Brown", "brown"),
    (Bonus.FLEET, "advance on the Fleet Track", "fleet"),
    (Bonus.REVEAL_PLACE, "reveal and place the deck's top card", "reveal_place"),
    (Answer.YES, "yes", "yes"),
    (Position.BOTTOM, "bottom", "bottom"),
]


@pytest.mark.parametrize(("option", "words", "text"), WORDS_AND_TEXT,
                         ids=[w for _, w, _ in WORDS_AND_TEXT])
def test_an_option_prints_in_words_and_keeps_its_machine_text(option: Option, words: str,
                                                               text: str) -> None:
    assert str(option) == f"{option}" == words
    assert describe(option) == text


def test_enums_print_in_words() -> None:
    """``Color.BROWN`` used to print as ``Color.BROWN``; the ``value`` stays the machine
    form."""
    assert [str(c) for c in (Color.GOLD, Color.OBSIDIAN)] == ["Gold", "Obsidian"]
    assert str(Location.INSTITUTE) == "The Institute" and str(House.CERES) == "Ceres"
    assert all(str(b) and str(b) != b.value for b in Bonus)


def test_the_wire_text_and_action_strings_keep_card_ids() -> None:
    """The JSON form of a decision lists each option's machine text, by card id, and the
    action table's strings are unchanged."""
    game = Game.new(["Ana", "Bo"], seed=2)
    decision = game.pending
    assert decision is not None
    listed = decision_json(decision)["options"]
    assert listed[0]["text"] == "lead gravboot_cobbler on Jupiter"
    assert str(decision.options[0]) == "lead Gravboot Cobbler on Jupiter"
    lead = Lead(COOK, Location.JUPITER)
    assert describe(option_of(action_of(lead))) == "lead mess_hall_cook on Jupiter"


def test_a_decision_prints_in_words() -> None:
    """Who decides counts from 1, and the options are in words."""
    decision = Game.new(["Ana", "Bo"], seed=2).pending
    assert decision is not None
    shown = str(decision)
    assert shown.startswith("player 2 (RR-TURN-1) Lead or Scout: lead Gravboot Cobbler on "
                            "Jupiter, ")
    assert "gravboot_cobbler" not in shown
    assert shown.endswith(f"… ({len(decision.options)} options)")


def test_describe_of_something_not_an_option_is_its_str() -> None:
    """An error message names whatever was sent, even a value that is not an option."""
    assert describe("nonsense") == "nonsense"  # type: ignore[arg-type]
