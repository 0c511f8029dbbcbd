"""A choice in the story says what it answers, for people: "Dee does not block the Sovereign
take", "Ana answers no to Mickey the Carver", never a bare "Dee chooses no"; a seat answer
sends the line without the rule id, which comes as its own field."""

from __future__ import annotations

import re

from rr.decisions import ByCard, ByRule
from rr.engine import Game
from rr.events.types import DecisionMade
from rr.narrate import Told, narration, story_line
from rr.options import Answer
from rr.seat_answer import Marks, answer_json
from rr.state import EMPTY, apply


def _played(seed: int, players: int = 3) -> Game:
    game = Game.new(["Ana", "Bo", "Cy", "Dee"][:players], seed=seed)
    while game.pending is not None:
        game.choose(game.pending.options[0])
    return game


def _choices(game: Game) -> list[Told]:
    return [t for t in narration(game.events, 0) if isinstance(t.event, DecisionMade)]


def test_every_answer_says_to_what() -> None:
    """In whole games, no yes/no/done answer is told bare: each names the card or the house
    or block that asked it (RR-BLOCK-2, RR-BLOCK-3, RR-HOUSE-3 ...)."""
    answers = 0
    for seed in range(1, 6):
        for told in _choices(_played(seed, 4)):
            assert not re.search(r"chooses (yes|no|done|best)$", told.text), told.text
            event = told.event
            assert isinstance(event, DecisionMade)
            if isinstance(event.option, Answer):
                answers += 1
                assert re.search(r" (to|block) ", told.text), told.text
    assert answers > 10


def test_the_rule_id_is_its_own_field() -> None:
    """A seat answer's line has no "[RR-...]": a rule's choice carries its rule apart, a
    card's choice names its card in the line; the full story (rr replay) still ends with it."""
    game = _played(3)
    for told in _choices(game):
        event = told.event
        assert isinstance(event, DecisionMade)
        assert "[" not in told.text and "RR-" not in told.text, told.text
        if isinstance(event.source, ByRule):
            assert told.rule == event.source.rule
        else:
            assert isinstance(event.source, ByCard) and told.rule is None
    first = next(i for i, e in enumerate(game.events) if isinstance(e, DecisionMade))
    state = EMPTY
    for event in game.events[:first]:
        state = apply(state, event)
    assert story_line(game.events[first], state, apply(state, game.events[first])).endswith(
        "[RR-TURN-1]")
    sent = answer_json(game, 0, 0, Marks())
    lines = [n for n in sent["new"] if n["event"][0].startswith("decision_made")]
    assert lines and all("[" not in n["text"] for n in lines)
    assert {n["rule"] for n in lines} >= {"RR-TURN-1"}
