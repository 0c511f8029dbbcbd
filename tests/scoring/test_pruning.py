"""The optimiser's pruning is safe: a bonus depends on a declaration only through the colours
and names its ``EndGameBonus`` lists (see rr/scoring/optimise.py)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rr.cards.catalogue import Card, catalogue, names
from rr.model import Color
from rr.scoring.bonuses import EndGame, HandCard, Surroundings, Tokens, initial
from rr.scoring.registry import BONUSES, end_game_points
from rr.scoring.table import Declaration

CARDS = list(catalogue().values())
GRAYS = [c for c in CARDS if c.color is Color.GRAY]
ORANGES = [c for c in CARDS if c.color is Color.ORANGE]
OTHER_COLOURS = [c for c in Color if c is not Color.GRAY]
AROUND = Surroundings(me=Tokens(3, 4, 2, True), opponents=(Tokens(2, 5, 3),))


def points_of(hand: list[Card], declarations: dict[str, Declaration]) -> int:
    """The end-game points of the first card of ``hand`` under these declarations."""
    cards = tuple(HandCard.of(c, declarations.get(c.id)) for c in hand)
    return end_game_points(EndGame(cards, 0, AROUND))


@pytest.mark.rule("RULING-B3")
@given(
    st.sampled_from(CARDS),
    st.lists(st.sampled_from(CARDS), max_size=5, unique=True),
    st.sampled_from(GRAYS),
    st.sampled_from(OTHER_COLOURS),
    st.sampled_from(OTHER_COLOURS),
)
def test_untested_colours_change_nothing(
    scored: Card, others: list[Card], gray: Card, first: Color, second: Color
) -> None:
    """Two colours a bonus does not test give a Gray in hand the same effect as no colour."""
    bonus = BONUSES[scored.id]
    assume(not bonus.every_color and first not in bonus.colors and second not in bonus.colors)
    hand = [scored, *(c for c in others if c not in (scored, gray)), gray]
    assume(gray is not scored)
    plain = points_of(hand, {})
    assert points_of(hand, {gray.id: Declaration(color=first)}) == plain
    assert points_of(hand, {gray.id: Declaration(color=second)}) == plain


@pytest.mark.rule("RULING-B3")
@given(
    st.sampled_from(CARDS),
    st.lists(st.sampled_from(CARDS), max_size=5, unique=True),
    st.sampled_from(ORANGES),
    st.sampled_from(sorted(names())),
    st.sampled_from(sorted(names())),
)
def test_untested_names_change_nothing(
    scored: Card, others: list[Card], orange: Card, first: str, second: str
) -> None:
    """Two names a bonus does not test (with the same first letter, if it compares first
    letters) have the same effect on an Orange in hand."""
    bonus = BONUSES[scored.id]
    assume(first not in bonus.names and second not in bonus.names and orange is not scored)
    assume(not bonus.initials or initial(first) == initial(second))
    hand = [scored, *(c for c in others if c not in (scored, orange)), orange]
    assert points_of(hand, {orange.id: Declaration(name=first)}) == points_of(
        hand, {orange.id: Declaration(name=second)}
    )
    if not bonus.initials:
        assert points_of(hand, {orange.id: Declaration(name=first)}) == points_of(hand, {})
