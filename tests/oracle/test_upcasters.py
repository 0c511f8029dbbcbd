"""The first upcasters of events rr plays (issue #26 point 3): ``decision_made/1`` held its
source as text and ``game_end_triggered/1`` its reason as an English sentence; both read as
their typed versions, and anything rr never wrote is refused, named."""

from __future__ import annotations

from typing import Any

import pytest

from rr.decisions import ByCard, ByRule
from rr.errors import CorruptLogError
from rr.events.codec import EventReader, structure_event, unstructure_event
from rr.events.types import (
    DecisionMade, EndCondition, EndReason, EndTrigger, GameEndTriggered, GameStarted,
)
from rr.model import CardId
from rr.options import Answer
from rr.ruleset import Ruleset

H, I, F = EndCondition.HELIUM, EndCondition.INFLUENCE, EndCondition.FLEET
PLAYERS = ("Ana", "Bo meets Cy", "Cy")


@pytest.mark.parametrize("source, read", [
    ("RR-TURN-1", ByRule("RR-TURN-1")), ("RULING-B3", ByRule("RULING-B3")),
    ("politician", ByCard(CardId("politician"))), ("roque", ByCard(CardId("roque")))])
def test_a_decision_source_of_version_1_reads_as_a_rule_or_a_card(source: str,
                                                                 read: object) -> None:
    event = structure_event(["decision_made/1", {"seat": 1, "source": source,
                                                 "option": ["answer", "yes"]}])
    assert event == DecisionMade(1, read, Answer.YES)  # type: ignore[arg-type]
    assert unstructure_event(event)[0] == "decision_made/2"


@pytest.mark.parametrize("source", ["no_such_card", "RR-turn-1", 3, None])
def test_a_decision_source_rr_never_wrote_is_refused(source: Any) -> None:
    with pytest.raises(CorruptLogError):
        structure_event(["decision_made/1", {"seat": 1, "source": source,
                                             "option": ["answer", "yes"]}])


@pytest.mark.parametrize("sentence, reason", [
    ("Cy meets 7+ Helium and Fleet 7+", EndReason(EndTrigger.CONDITIONS, (H, F), 2)),
    ("Ana meets 7+ Helium and 7+ Influence on the Institute and Fleet 7+",
     EndReason(EndTrigger.CONDITIONS, (H, I, F), 0)),
    ("Bo meets Cy meets 7+ Influence on the Institute and Fleet 7+",
     EndReason(EndTrigger.CONDITIONS, (I, F), 1)),
    ("all three conditions are met: 7+ Helium, 7+ Influence on the Institute, Fleet 7+",
     EndReason(EndTrigger.CONDITIONS, (H, I, F))),
    ("no card is left to play, gain or place (RULING-B7)", EndReason(EndTrigger.NO_CARD_LEFT)),
    ("the same position at the start of a round for the third time (RULING-B11)",
     EndReason(EndTrigger.REPETITION)),
    ("this player's 150th turn, the longest game (RULING-B12)",
     EndReason(EndTrigger.ROUND_LIMIT))])
@pytest.mark.rule("RR-END-1")
def test_every_sentence_rr_wrote_reads_as_its_reason(sentence: str, reason: EndReason) -> None:
    reader = EventReader()
    reader.read(["game_started/2", {"players": list(PLAYERS), "ruleset": {}}])
    event = reader.read(["game_end_triggered/1", {"seat": 2, "reason": sentence}])
    assert event == GameEndTriggered(2, reason)
    assert unstructure_event(event)[0] == "game_end_triggered/2"


@pytest.mark.parametrize("sentence, players, why", [
    ("Dee meets 7+ Helium and Fleet 7+", PLAYERS, "who does not play"),
    ("Ana meets 7+ Helium and Fleet 7+", None, "read with its log's players"),
    ("Ana meets Fleet 7+ and 7+ Helium", PLAYERS, "a reason rr never wrote"),
    ("the game is over", PLAYERS, "a reason rr never wrote")])
def test_a_reason_rr_never_wrote_is_refused(sentence: str, players: Any, why: str) -> None:
    with pytest.raises(CorruptLogError, match=why):
        structure_event(["game_end_triggered/1", {"seat": 0, "reason": sentence}], players)


def test_a_start_names_its_rules_version_or_none() -> None:
    old = structure_event(["game_started/2", {"players": ["Ana", "Bo"], "ruleset": {}}])
    assert isinstance(old, GameStarted) and old.rules_version is None
    assert "rules_version" not in unstructure_event(old)[1]
    with pytest.raises(CorruptLogError, match="rules version"):
        structure_event(["game_started/2", {"players": ["Ana", "Bo"], "ruleset": {},
                                            "rules_version": None}])
    new = GameStarted(("Ana", "Bo"), Ruleset())
    assert unstructure_event(new)[1]["rules_version"] == new.rules_version == 3
    v1 = structure_event(["game_started/1", {"players": ["Ana", "Bo"], "ruleset": {},
                                             "seed": 4, "houses": None, "solo_level": None}])
    assert isinstance(v1, GameStarted) and v1.rules_version == 1
