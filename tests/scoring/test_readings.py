"""The scoring readings of spec/rulings.md (RULING-S1..S8), one test each."""

from __future__ import annotations

import pytest

from rr.model import Color
from rr.scoring.bonuses import Tokens
from rr.scoring.table import Declaration

from .positions import bonus, scored


@pytest.mark.card("lawyer")
@pytest.mark.rule("RULING-S1")
def test_lawyer_scores_both_terms() -> None:
    """Lawyer, "12 if with a White (not the Judge). 22 if with the Judge.": 34 with both."""
    assert bonus("lawyer", "judge", "seer") == 34
    assert bonus("lawyer", "judge") == 22


@pytest.mark.card("harmony")
@pytest.mark.rule("RULING-S2")
def test_a_gray_declared_red_meets_harmonys_only_condition() -> None:
    """Harmony, "33 if with only Reds, Pinks, Browns, and/or Obsidians.": a Gray declared Red
    qualifies; undeclared, it does not."""
    assert bonus("harmony", "trigg", declare={"trigg": Declaration(color=Color.RED)}) == 33
    assert bonus("harmony", "trigg") == 0


@pytest.mark.card("mustang")
@pytest.mark.rule("RULING-S3")
def test_mustang_counts_only_the_other_cards_colours() -> None:
    """Mustang, "5 for each different color.": a Gold beside Mustang adds 5, Mustang alone 0."""
    assert bonus("mustang") == 0
    assert bonus("mustang", "sevro") == 5
    assert bonus("mustang", "sevro", "lorn") == 5


@pytest.mark.card("nero")
@pytest.mark.rule("RULING-S4")
def test_nero_penalty_once_per_name() -> None:
    """Nero, "-5 each for Cassius, Karnus, and Octavia.": an Orange named Cassius beside
    Cassius costs nothing more."""
    renamed = {"cyther": Declaration(name="Cassius")}
    assert bonus("nero", "cassius", "cyther", declare=renamed) == -5
    assert bonus("nero", "cyther", declare=renamed) == -5


@pytest.mark.card("evey", "eo")
@pytest.mark.rule("RULING-S5")
def test_names_in_end_game_texts() -> None:
    """Evey, "-15 if with Mickey." means Mickey the Carver; Eo, "-10 if with a Gray (except
    Bridge).": Bridge costs nothing, any other Gray 10, even declared another colour."""
    assert bonus("evey", "mickey_the_carver") == -15
    assert bonus("eo", "bridge") == 0
    assert bonus("eo", "trigg") == -10
    assert bonus("eo", "trigg", declare={"trigg": Declaration(color=Color.RED)}) == 0


@pytest.mark.card("romulus")
@pytest.mark.rule("RULING-S6")
def test_romulus_penalty_applies_once() -> None:
    """Romulus, "-25 if with Roque or Octavia or without a Blue.": -25 once with all three."""
    assert bonus("romulus", "roque", "octavia") == -25


@pytest.mark.card("darrow", "judge")
@pytest.mark.rule("RULING-S7")
def test_cards_beyond_the_seventh_count_for_hand_size() -> None:
    """Darrow, "30 if you have 7 or more cards (including Darrow).", and Judge, "3 for each of
    your cards.": 9 cards count as 9; the excess row is separate."""
    nine = ["darrow", "eo", "deanna", "harmony", "arlus", "dancer", "sevro", "lorn", "judge"]
    player = scored(nine)
    by_id = {c.id: c.bonus for c in player.cards}
    assert by_id["darrow"] == 30 and by_id["judge"] == 27
    assert player.rows.excess == -20


@pytest.mark.card("politician")
@pytest.mark.rule("RULING-S8", "RULING-A5")
def test_the_neutral_house_counts_in_most_conditions_when_it_has_influence() -> None:
    """Politician, "15 if you have the most Influence on the Institute (or tied for the most).":
    the neutral house's 3 beats a player's 2; with no neutral Influence it does not count."""
    assert bonus("politician", influence=2, opponents=[Tokens(influence=1)], neutral=3) == 0
    assert bonus("politician", influence=2, opponents=[Tokens(influence=1)], neutral=0) == 15
