"""Scorepad rules: rows, Fleet, Helium, Sovereignty, Influence, excess cards, the winner."""

from __future__ import annotations

import pytest

from rr.errors import BadInputError
from rr.model import CardId, Color, Location
from rr.ruleset import Ruleset
from rr.cards.catalogue import lookup
from rr.scoring.bonuses import EndGame, HandCard, Surroundings, Tokens
from rr.scoring.registry import end_game_points
from rr.scoring.scorepad import ROWS, influence_points, score
from rr.scoring.table import Declaration, FinalPlayer, FinalTable, LocationCard

from .positions import bonus, down, scored


def player(name: str, *hand: str, **tokens: int | bool) -> FinalPlayer:
    """A player with these cards (ids) and tokens."""
    return FinalPlayer(name, tuple(hand), **tokens)  # type: ignore[arg-type]


@pytest.mark.rule("RR-SCORE-1")
def test_rows_come_in_rulebook_order_and_add_up() -> None:
    """The rows are cards, fleet, helium, sovereignty, influence, excess, and the total is
    their sum."""
    me = scored(["darrow", "eo", "deanna", "harmony", "arlus", "dancer", "sevro", "judge"],
                helium=4, fleet=5, influence=3, sovereign=True)  # fmt: skip
    assert ROWS == ("cards", "fleet", "helium", "sovereignty", "influence", "excess")
    assert [row for row, _ in me.rows.items()] == list(ROWS)
    assert me.rows.items() == (
        ("cards", me.rows.cards), ("fleet", 15), ("helium", 12), ("sovereignty", 10),
        ("influence", 12), ("excess", -10),
    )  # fmt: skip
    assert me.total == sum(points for _, points in me.rows.items())


@pytest.mark.rule("RR-SCORE-2")
def test_cards_row_is_core_plus_end_game_points() -> None:
    """The cards row adds every card's core value and its end-game points, and nothing else:
    a player has no base score (only Tull Au Toma has, RR-SOLO-15)."""
    me = scored(["sevro", "eo"])
    assert [(c.id, c.core, c.bonus) for c in me.cards] == [("sevro", 15, 20), ("eo", 10, 0)]
    assert me.rows.cards == 15 + 20 + 10 + 0
    assert me.base == 0


@pytest.mark.rule("RR-SCORE-3", "RULING-A17")
def test_if_with_looks_at_the_other_cards_only() -> None:
    """The test "if with a Red" is not met by the card itself, and is met once however many Reds."""
    assert bonus("deanna") == 0
    assert bonus("deanna", "darrow", "eo", "arlus") == 26


@pytest.mark.rule("RR-SCORE-4")
def test_on_all_locations_counts_the_board_and_face_down_cards_are_colourless() -> None:
    """Cards "on all locations" are counted face-up board cards, not hand cards nor face-down
    ones."""
    board = {Location.JUPITER: ["sevro", down("lorn")], Location.LUNA: ["octavia"]}
    assert bonus("colonel_valentin", "the_jackal", board=board) == 10


@pytest.mark.rule("RR-SCORE-5", "RULING-A3")
def test_banished_means_the_whole_pile() -> None:
    """The "banished cards" are the whole pile given to the scorer, whoever banished them."""
    assert bonus("group_counselor", banished=["eo", "sevro", "judge"]) == -3


@pytest.mark.rule("RR-SCORE-6", "RULING-A7")
def test_a_gray_declared_a_colour_is_both_colours() -> None:
    """A Gray declared Blue counts as a Blue and still as a Gray."""
    declared = {"holiday": Declaration(color=Color.BLUE)}
    assert bonus("cyther", "holiday", declare=declared) == 16
    assert bonus("pulse_armorer", "holiday", declare=declared) == 17


@pytest.mark.rule("RR-SCORE-7", "RULING-A9")
def test_an_orange_renamed_takes_only_the_name() -> None:
    """An Orange named Darrow satisfies "with Darrow" but is not a Red."""
    declared = {"cyther": Declaration(name="Darrow")}
    assert bonus("the_pax", "cyther", declare=declared) == 15
    assert bonus("deanna", "cyther", declare=declared) == 0


@pytest.mark.rule("RR-SCORE-7", "RULING-A9")
def test_a_name_held_twice_scores_nothing_extra() -> None:
    """Nero loses 5 once for Cassius even with an Orange also named Cassius."""
    declared = {"cyther": Declaration(name="Cassius")}
    assert bonus("nero", "cassius", "cyther", declare=declared) == -5


@pytest.mark.rule("RR-SCORE-8")
@pytest.mark.parametrize(
    "fleet, points", list(enumerate([0, 1, 3, 6, 10, 15, 21, 28, 34, 39, 43]))
)
def test_fleet_track_points(fleet: int, points: int) -> None:
    """Fleet Track positions 0-10 score 0, 1, 3, 6, 10, 15, 21, 28, 34, 39, 43."""
    assert scored([], fleet=fleet).rows.fleet == points


@pytest.mark.rule("RR-SCORE-9")
def test_helium_is_worth_three() -> None:
    """Each Helium scores 3 points, without limit."""
    assert scored([], helium=0).rows.helium == 0
    assert scored([], helium=14).rows.helium == 42


@pytest.mark.rule("RR-SCORE-10")
def test_sovereign_token_is_worth_ten() -> None:
    """The Sovereign holder scores 10, everyone else 0."""
    assert scored([], sovereign=True).rows.sovereignty == 10
    assert scored([]).rows.sovereignty == 0


@pytest.mark.rule("RR-SCORE-11", "RULING-A4")
def test_rulebook_influence_example() -> None:
    """The rulebook's example: 10, 10, 5, 2 Influence score 40, 40, 10, 2 (dense ranking)."""
    assert influence_points([10, 10, 5, 2]) == (40, 40, 10, 2)
    players = tuple(player(n, influence=i) for n, i in zip("ABCD", (10, 10, 5, 2)))
    pad = score(FinalTable(players))
    assert [p.rows.influence for p in pad.players] == [40, 40, 10, 2]


@pytest.mark.rule("RR-SCORE-11", "RULING-A4")
def test_no_influence_scores_nothing() -> None:
    """A player with 0 Influence scores 0, and does not take a rank."""
    assert influence_points([0, 3, 1]) == (0, 12, 2)
    assert influence_points([0, 0]) == (0, 0)


@pytest.mark.rule("RR-SCORE-12", "RULING-A5")
def test_two_player_neutral_house_shares_second() -> None:
    """P1 5, P2 3 and the neutral 3: P1 x4 and P2 x2 (sharing second with the neutral house)."""
    assert influence_points([5, 3], neutral=3) == (20, 6)
    pad = score(FinalTable((player("P1", influence=5), player("P2", influence=3)),
                           neutral_influence=3))  # fmt: skip
    assert [p.rows.influence for p in pad.players] == [20, 6]


@pytest.mark.rule("RR-SCORE-12", "RULING-A5")
def test_two_player_neutral_house_can_lead() -> None:
    """Neutral 3, P1 2, P2 1: P1 x2 and P2 x1."""
    assert influence_points([2, 1], neutral=3) == (4, 1)


@pytest.mark.rule("RR-SCORE-12", "RULING-A5")
def test_neutral_house_counts_in_most_and_least_conditions() -> None:
    """Neutral Influence counts for "the most / least Influence" unless the option is off."""
    opponent = [Tokens(influence=1)]
    assert bonus("politician", influence=2, opponents=opponent, neutral=3) == 0
    assert bonus("administrator", influence=2, opponents=opponent, neutral=3) == 0
    off = Ruleset(neutral_in_card_conditions=False)
    assert bonus("politician", influence=2, opponents=opponent, neutral=3, ruleset=off) == 15


@pytest.mark.rule("RULING-A5")
def test_neutral_house_is_no_opponent_for_diplomat() -> None:
    """Diplomat's "you and any opponent" ignores the neutral house's equal Influence."""
    assert bonus("diplomat", influence=3, opponents=[Tokens(influence=1)], neutral=3) == 0


@pytest.mark.rule("RR-SCORE-13")
@pytest.mark.parametrize("cards, penalty", [(6, 0), (7, 0), (8, -10), (9, -20), (11, -40)])
def test_excess_cards_cost_ten_each(cards: int, penalty: int) -> None:
    """Each card beyond the seventh costs 10 points; their own points still count."""
    hand = ["darrow", "eo", "deanna", "harmony", "arlus", "dancer", "sevro", "judge", "ceo",
            "seer", "lorn"][:cards]  # fmt: skip
    me = scored(hand)
    assert me.rows.excess == penalty
    assert len(me.cards) == cards


@pytest.mark.rule("RR-SCORE-14")
def test_highest_total_wins() -> None:
    """The single highest total wins."""
    pad = score(FinalTable((player("A", helium=3), player("B", helium=4))))
    assert pad.winners == ("B",)


@pytest.mark.rule("RR-SCORE-14")
def test_tie_goes_to_the_sovereign_holder() -> None:
    """Among tied players, the Sovereign holder wins alone."""
    pad = score(FinalTable((player("A", fleet=4), player("B", sovereign=True),
                            player("C", helium=1))))  # fmt: skip
    assert pad.player("A").total == pad.player("B").total == 10
    assert pad.winners == ("B",)


@pytest.mark.rule("RR-SCORE-14")
def test_tie_without_the_sovereign_holder_is_shared() -> None:
    """Tied players without the Sovereign token share the victory, even if a lower player
    holds it."""
    pad = score(FinalTable((player("A", helium=5), player("B", helium=5),
                            player("C", sovereign=True))))  # fmt: skip
    assert pad.winners == ("A", "B")


@pytest.mark.rule("RR-SCORE-15")
def test_hacker_points_count_even_after_the_card_left_the_hand() -> None:
    """End-of-game points of a card banished afterwards still count, on a line of their own."""
    me = scored(["darrow"], extra_points={"hacker": 11}, banished=["hacker"])
    assert [(c.id, c.core, c.bonus) for c in me.cards] == [("darrow", 10, 0), ("hacker", 0, 11)]
    assert me.rows.cards == 21


@pytest.mark.rule("RULING-A6")
def test_invictus_scores_exactly_one_term() -> None:
    """Invictus scores +16 or -9, never both and never neither."""
    for mine, theirs, points in ((3, 3, 16), (3, 2, 16), (3, 4, -9)):
        assert bonus("invictus", fleet=mine, opponents=[Tokens(fleet=theirs)]) == points


@pytest.mark.rule("RULING-A7")
def test_a_gray_counts_once_per_clause() -> None:
    """A Gray declared Orange adds 5 to Mess Hall Cook, or 10 with the option off."""
    declared = {"holiday": Declaration(color=Color.ORANGE)}
    assert bonus("mess_hall_cook", "holiday", declare=declared) == 5
    twice = Ruleset(gray_counts_once_per_clause=False)
    assert bonus("mess_hall_cook", "holiday", declare=declared, ruleset=twice) == 10


@pytest.mark.rule("RULING-A7")
def test_a_gray_colour_for_mustang_and_4d_painter() -> None:
    """A Gray's extra colour is a new colour for Mustang, and breaks 4D Painter if repeated."""
    assert bonus("mustang", "holiday", declare={"holiday": Declaration(color=Color.RED)}) == 10
    repeat = {"holiday": Declaration(color=Color.RED)}
    assert bonus("4d_painter", "holiday", "darrow", declare=repeat) == 0
    fresh = {"holiday": Declaration(color=Color.BLUE)}
    assert bonus("4d_painter", "holiday", "darrow", declare=fresh) == 31


@pytest.mark.rule("RULING-A20")
def test_artisan_chef_ignores_only_gold_cards_losses() -> None:
    """Artisan Chef cancels the Gold cards' negative terms but not Sefi's, unless the option
    widens it."""
    assert bonus("karnus", "nero", "artisan_chef") == 0
    assert bonus("romulus", "artisan_chef", sovereign=True) == 15
    assert bonus("sefi", "sevro", "artisan_chef") == -5
    wide = Ruleset(artisan_chef_gold_cards_only=False)
    assert bonus("sefi", "sevro", "artisan_chef", ruleset=wide) == 0


def test_a_position_has_one_to_six_players() -> None:
    """The scorer reads one player (a hand on its own) to six; no players or seven are
    refused, naming the count."""
    assert score(FinalTable((player("A", "darrow"),))).winners == ("A",)
    with pytest.raises(BadInputError, match="a position has 1 to 6 players, not 0"):
        score(FinalTable(()))
    with pytest.raises(BadInputError, match="a position has 1 to 6 players, not 7"):
        score(FinalTable(tuple(player(f"P{i}") for i in range(7))))


def test_an_unknown_card_id_is_refused() -> None:
    """A position built in code with a card id no card has is refused, naming where it is."""
    with pytest.raises(BadInputError, match="player 'A': hand: unknown card 'nobody'"):
        score(FinalTable((player("A", "nobody"),)))
    board = {Location.MARS: (LocationCard(CardId("nobody")),)}
    with pytest.raises(BadInputError, match="Mars: unknown card 'nobody'"):
        score(FinalTable((player("A"),), board))


@pytest.mark.card("orion")
@pytest.mark.rule("RR-SCORE-15")
def test_tokens_left_out_are_none() -> None:
    """Surroundings given no tokens are an empty table: Orion's "Gain points equal to your
    position on the Fleet Track (0-10)" is 0, and an opponent given only Helium is at 0 on the
    Fleet Track, tied with me, so Invictus scores its 16."""
    orion = (HandCard.of(lookup("orion")),)
    assert end_game_points(EndGame(orion, 0, Surroundings())) == 0
    assert bonus("invictus", opponents=[Tokens(helium=2)]) == 16
