"""Property tests of the scorepad over random final positions."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rr.cards.catalogue import all_ids, card, names
from rr.model import CardId, Color, Location
from rr.scoring.optimise import declaration_error
from rr.scoring.scorepad import ROWS, score
from rr.scoring.table import Declaration, FinalPlayer, FinalTable, LocationCard

COLOURS = [c for c in Color if c is not Color.GRAY]


@st.composite
def declarations(draw: st.DrawFn, hand: tuple[CardId, ...]) -> dict[CardId, Declaration]:
    """Legal declarations for some of the Grays and Oranges of a hand (the rest left open)."""
    given: dict[CardId, Declaration] = {}
    for card_id in hand:
        printed = card(card_id)
        if not (printed.is_gray_mimic or printed.is_orange_mimic) or draw(st.booleans()):
            continue
        if printed.is_gray_mimic:
            given[card_id] = Declaration(color=draw(st.sampled_from([None, *COLOURS])))
        else:
            given[card_id] = Declaration(name=draw(st.sampled_from([None, *sorted(names())])))
    return given


@st.composite
def positions(draw: st.DrawFn) -> tuple[FinalTable, tuple[CardId, ...]]:
    """A random legal final position, and the cards left in the deck."""
    deck = list(draw(st.permutations(all_ids())))
    count = draw(st.integers(1, 6))
    holder = draw(st.one_of(st.none(), st.integers(0, count - 1)))
    players = []
    for seat in range(count):
        hand = tuple(deck.pop() for _ in range(draw(st.integers(0, 10))))
        players.append(
            FinalPlayer(
                f"P{seat}", hand,
                helium=draw(st.integers(0, 15)), fleet=draw(st.integers(0, 10)),
                influence=draw(st.integers(0, 10)), sovereign=seat == holder,
                declarations=draw(declarations(hand)),
            )
        )  # fmt: skip
    locations = {
        location: tuple(
            LocationCard(deck.pop(), draw(st.booleans())) for _ in range(draw(st.integers(0, 4)))
        )
        for location in Location
    }
    banished = tuple(deck.pop() for _ in range(draw(st.integers(0, 12))))
    neutral = draw(st.sampled_from([0, 3])) if count == 2 else 0
    return FinalTable(tuple(players), locations, banished, neutral), tuple(deck)


@pytest.mark.rule("RR-SCORE-1")
@given(positions())
def test_total_is_the_sum_of_the_rows(position: tuple[FinalTable, tuple[CardId, ...]]) -> None:
    """Every player's total equals the sum of the six rows, listed in rulebook order."""
    table, _ = position
    for player in score(table).players:
        assert [row for row, _ in player.rows.items()] == list(ROWS)
        assert player.total == sum(points for _, points in player.rows.items())
        assert player.rows.cards == sum(c.core + c.bonus for c in player.cards)


@pytest.mark.rule("RR-SCORE-3", "RULING-A8")
@given(positions(), st.data())
def test_a_card_added_to_one_hand_leaves_other_cards_rows_alone(
    position: tuple[FinalTable, tuple[CardId, ...]], data: st.DataObject
) -> None:
    """Giving one player a card from the deck never changes another player's cards row."""
    table, deck = position
    seat = data.draw(st.integers(0, len(table.players) - 1))
    extra = data.draw(st.sampled_from(deck))
    grown = attrs.evolve(table.players[seat], hand=(*table.players[seat].hand, extra))
    players = (*table.players[:seat], grown, *table.players[seat + 1 :])
    before, after = score(table), score(attrs.evolve(table, players=players))
    for i, (old, new) in enumerate(zip(before.players, after.players)):
        if i != seat:
            assert old.rows.cards == new.rows.cards


@pytest.mark.rule("RULING-B3", "RR-SCORE-6", "RR-SCORE-7")
@given(positions())
def test_optimiser_declarations_are_legal(position: tuple[FinalTable, tuple[CardId, ...]]) -> None:
    """Every declaration the optimiser picks is legal and for an undeclared Gray or Orange,
    and every given declaration is used unchanged."""
    table, _ = position
    for entered, scored in zip(table.players, score(table).players):
        for card_id, declaration in scored.declarations.items():
            assert declaration_error(card(card_id), declaration) is None
            if card_id in scored.chosen:
                assert card_id not in entered.declarations
            else:
                assert entered.declarations[card_id] == declaration
        for card_id, declaration in entered.declarations.items():
            if declaration.color is not None or declaration.name is not None:
                assert scored.declarations[card_id] == declaration


@pytest.mark.rule("RULING-B3")
@given(positions(), st.data())
def test_optimiser_is_never_beaten_by_other_declarations(
    position: tuple[FinalTable, tuple[CardId, ...]], data: st.DataObject
) -> None:
    """No legal set of declarations scores more than the optimiser's choice."""
    table, _ = position
    open_table = attrs.evolve(
        table, players=tuple(attrs.evolve(p, declarations={}) for p in table.players)
    )
    best = score(open_table)
    for seat, player in enumerate(table.players):
        declared = data.draw(declarations(player.hand))
        fixed = {c: declared.get(c, Declaration()) for c in player.hand
                 if card(c).is_gray_mimic or card(c).is_orange_mimic}  # fmt: skip
        players = list(open_table.players)
        players[seat] = attrs.evolve(player, declarations=fixed)
        other = score(attrs.evolve(open_table, players=tuple(players)))
        assert other.players[seat].total <= best.players[seat].total
