"""rr.once.made_once (issue #30): the same values as the function it wraps, each made once;
and the questions that skip the scan for cards (``ask(..., cards=False)``) ask the same."""

from __future__ import annotations

import random

import pytest

from rr.decisions import ByCard, by_card
from rr.effects.program import Table, ask
from rr.engine import Game
from rr.knowledge import _one
from rr.once import made_once
from rr.options import Lead, PickCard, pick_card
from rr.rules.turn import LEAD_OR_SCOUT, _leads, turn_options
from rr.decisions import Ask
from rr.model import LOCATIONS, CardId


def test_made_once_makes_each_value_once_and_gives_what_the_function_gives() -> None:
    made: list[int] = []

    def square(n: int) -> tuple[int, int]:
        made.append(n)
        return (n, n * n)

    expected = [square(n) for n in (3, 4, 3, 3, 4)]
    made.clear()
    once = made_once(square)
    assert [once(n) for n in (3, 4, 3, 3, 4)] == expected
    assert once(3) is once(3)
    assert made == [3, 4]


def test_made_once_keeps_no_failure() -> None:
    calls: list[str] = []

    def fails_once(key: str) -> str:
        calls.append(key)
        if len(calls) == 1:
            raise ValueError(key)
        return key.upper()

    once = made_once(fails_once)
    with pytest.raises(ValueError):
        once("a")
    assert once("a") == "A" and calls == ["a", "a"]


def test_the_values_made_once_are_those_the_rules_made_before() -> None:
    card = CardId("sevro")
    assert pick_card(card) == PickCard(card) and pick_card(card) is pick_card(card)
    assert by_card(card) == ByCard(card) and by_card(card) is by_card(card)
    assert _one(card) == frozenset({card}) and _one(card) is _one(card)
    assert _leads(card) == tuple(Lead(card, loc) for loc in LOCATIONS)


@pytest.mark.rule("RR-TURN-1")
def test_the_turn_question_asked_without_the_scan_for_cards_is_the_same_question() -> None:
    rng = random.Random(5)
    for seed in range(20):
        game = Game.new(4, seed=seed)
        for _ in range(rng.randrange(1, 40)):
            if game.pending is None:
                break
            game.choose(rng.choice(game.pending.options))
        state = game.state
        seat = state.turn_seat if state.turn_seat is not None else 0
        options = turn_options(state, seat)
        asked = [ask(Table(state), seat, Ask.TURN, LEAD_OR_SCOUT, "Lead or Scout", options,
                     distinct=True, cards=cards) for cards in (True, False)]
        scanned, skipped = (next(program) for program in asked)
        assert scanned == skipped
        for program in asked:
            with pytest.raises(StopIteration) as stop:
                program.send(options[0])
            assert stop.value.value is options[0]


def test_a_card_read_through_made_once_is_the_catalogue_s_and_an_unknown_one_is_refused() -> None:
    from rr.cards.catalogue import card, catalogue
    from rr.errors import UnknownCardError

    for card_id, data in catalogue().items():
        assert card(card_id) is data and card(card_id) is data
    for _ in range(2):  # refused every time: a failure is not kept
        with pytest.raises(UnknownCardError):
            card("no_such_card")
