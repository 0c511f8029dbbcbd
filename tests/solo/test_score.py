"""Tull Au Toma's score (RR-SOLO-15, RR-SOLO-16)."""

from __future__ import annotations

import pytest

from rr.agents.random import RandomAgent
from rr.automa import LEVELS, Parity, automa_table
from rr.cards.catalogue import all_ids
from rr.cards.catalogue import card as card_data
from rr.engine import Game
from rr.rules.final import final_table
from rr.scoring.scorepad import score
from rr.scoring.solo import AutomaScoring
from rr.scoring.table import FinalPlayer, FinalTable

ODD = [c for c in all_ids() if card_data(c).core_value % 2]
EVEN = [c for c in all_ids() if not card_data(c).core_value % 2]


def her_total(hand: tuple[str, ...], level: int = 2, parity: Parity = Parity.EVEN,
              **tokens: int) -> tuple[int, int, int]:
    """Her (cards row, excess row, total) for ``hand`` and tokens."""
    sovereign = bool(tokens.pop("sovereign", 0))
    table = FinalTable(players=(
        FinalPlayer("Ana", ()),
        FinalPlayer("Tull Au Toma", hand, sovereign=sovereign,
                    automa=AutomaScoring(level, parity), **tokens),
    ))
    rows = score(table).players[1].rows
    return rows.cards, rows.excess, rows.total


@pytest.mark.rule("RR-SOLO-15")
def test_base_70_plus_matching_and_nonmatching_cards() -> None:
    """Normal level: 70, plus 6 per card matching the odd/even card and 3 per other card."""
    hand = tuple(EVEN[:4] + ODD[:3])
    assert her_total(hand)[0] == 70 + 4 * 6 + 3 * 3
    assert her_total(hand, parity=Parity.ODD)[0] == 70 + 3 * 6 + 4 * 3


@pytest.mark.rule("RR-SOLO-15")
def test_her_tokens_score_like_a_players() -> None:
    """Fleet, Helium, the Sovereign token and Influence score as for a player; no excess row."""
    cards, excess, total = her_total(tuple(EVEN[:12]), fleet=3, helium=2, sovereign=1)
    assert excess == 0
    assert total == cards + 6 + 2 * 3 + 10


@pytest.mark.rule("RR-SOLO-15")
def test_more_than_20_cards_discard_nonmatching_first() -> None:
    """22 cards, 12 matching: she keeps 20, the two discarded being nonmatching."""
    hand = tuple(EVEN[:12] + ODD[:10])
    assert her_total(hand)[0] == 70 + 12 * 6 + 8 * 3
    all_matching = tuple(EVEN[:23])
    assert her_total(all_matching)[0] == 70 + 20 * 6


@pytest.mark.rule("RR-SOLO-16")
def test_each_level_sets_the_points_per_card() -> None:
    """Levels 1-6 score 5/2, 6/3, 8/4, 10/5, 12/6, 14/7 per matching / nonmatching card."""
    hand = tuple(EVEN[:2] + ODD[:1])
    expected = {1: (5, 2), 2: (6, 3), 3: (8, 4), 4: (10, 5), 5: (12, 6), 6: (14, 7)}
    for level in LEVELS:
        matching, nonmatching = expected[level]
        assert her_total(hand, level=level)[0] == 70 + 2 * matching + nonmatching
        assert automa_table().level(level).matching == matching


@pytest.mark.rule("RR-SOLO-15")
def test_her_column_card_by_card() -> None:
    """Without tokens her column is her base and her cards only: each card listed with its
    points (6 matching, 3 not, at level 2) and no end-game bonus, the base kept apart, every
    other row 0."""
    even, odd = EVEN[0], ODD[0]
    table = FinalTable(players=(
        FinalPlayer("Ana", ()),
        FinalPlayer("Tull Au Toma", (even, odd), automa=AutomaScoring(2, Parity.EVEN)),
    ))
    her = score(table).player("Tull Au Toma")
    assert [(c.id, c.core, c.bonus) for c in her.cards] == [(even, 6, 0), (odd, 3, 0)]
    assert her.base == 70
    assert her.rows.items() == (("cards", 70 + 6 + 3), ("fleet", 0), ("helium", 0),
                                ("sovereignty", 0), ("influence", 0), ("excess", 0))
    assert her.total == 79 and not her.sovereign


@pytest.mark.rule("RR-SOLO-15")
def test_the_final_table_of_a_solo_game_scores_her_by_level_and_odd_even_card() -> None:
    """At the end of a solo game her hand is scored by her level and the odd/even card placed
    at setup (RR-SOLO-7); the player's hand is scored as usual."""
    game = Game.new(["Ana"], seed=4, level=5)
    agent = RandomAgent(4)
    while (decision := game.pending) is not None:
        game.choose(agent.choose(decision))
    state = game.state
    assert state.solo is not None and state.solo.parity is not None
    table = final_table(state)
    assert table.players[1].automa == AutomaScoring(5, state.solo.parity)
    assert table.players[0].automa is None
    assert tuple(p.rows.total for p in score(table, state.ruleset).players) == state.totals
