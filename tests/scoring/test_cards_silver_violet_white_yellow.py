"""Card tests for the Silver, Violet, White and Yellow end-game bonuses: each quotes the
printed text."""

from __future__ import annotations

import pytest

from rr.model import House
from rr.options import PickCard
from rr.rules.end import end_of_game
from rr.rules.final import scorepad_of
from rr.scenario import Scenario, play
from rr.scoring.bonuses import Tokens

from .positions import bonus, scored

# Ten cards to fill a banished pile, none of them used in the hands below.
PILE = [
    "aja", "antonia", "karnus", "nero", "octavia",
    "lysander", "romulus", "roque", "tactus", "victra",
]  # fmt: skip

# --- Silver -------------------------------------------------------------------------------------


@pytest.mark.card("banker")
def test_banker() -> None:
    """Banker (no end-game text; "You may pay 3 Helium to gain the top card of any location." is
    an end-of-game ability): it scores exactly its core value."""
    player = scored(["banker"], helium=9)
    assert player.cards[0].bonus == 0 and player.cards[0].points == 10


@pytest.mark.card("ceo")
def test_ceo() -> None:
    """CEO, "18 if you have at least 5 Helium.": 18 from 5 Helium, 0 with 4."""
    assert bonus("ceo", helium=5) == 18
    assert bonus("ceo", helium=4) == 0


@pytest.mark.card("investor")
def test_investor() -> None:
    """Investor (no end-game text; its Helium-for-colour ability resolves before scoring): it
    scores exactly its core value."""
    player = scored(["investor"], helium=9, influence=5)
    assert player.cards[0].bonus == 0 and player.cards[0].points == 15


@pytest.mark.card("loan_shark")
def test_loan_shark() -> None:
    """Loan Shark, "7 if you have at least 7 cards.": 7 with 7 cards (itself included), 0
    with 6."""
    six = ["ceo", "banker", "investor", "sponsor", "stock_broker"]
    assert bonus("loan_shark", *six, "quicksilver") == 7
    assert bonus("loan_shark", *six) == 0


@pytest.mark.card("quicksilver")
@pytest.mark.rule("RR-SCORE-17")
def test_quicksilver() -> None:
    """Quicksilver, "-30 if any opponent has more Helium than you.": -30 when an opponent has
    strictly more, 0 on a tie."""
    assert bonus("quicksilver", helium=4, opponents=[Tokens(helium=5)]) == -30
    assert bonus("quicksilver", helium=5, opponents=[Tokens(helium=5)]) == 0


@pytest.mark.card("sponsor")
def test_sponsor() -> None:
    """Sponsor, "2 for each of your Influence tokens on the Institute.": 2 per token, 0 with
    none."""
    assert bonus("sponsor", influence=6) == 12
    assert bonus("sponsor") == 0


@pytest.mark.card("stock_broker")
def test_stock_broker() -> None:
    """Stock Broker, "5 for each Helium (max 25 points).": 5 per Helium up to 25."""
    assert [bonus("stock_broker", helium=h) for h in (0, 3, 5, 9)] == [0, 15, 25, 25]


# --- Violet -------------------------------------------------------------------------------------


@pytest.mark.card("4d_painter")
@pytest.mark.rule("RULING-A17")
def test_4d_painter() -> None:
    """4D Painter, "31 if each of your cards is a different color.": 31 when no two cards
    share a colour (4D Painter's Violet included), 0 otherwise."""
    assert bonus("4d_painter", "darrow", "sevro", "virga") == 31
    assert bonus("4d_painter", "virga", "pelus") == 0
    assert bonus("4d_painter", "musician") == 0


@pytest.mark.card("holo_host")
def test_holo_host() -> None:
    """Holo Host, "18 if you have the most Influence on the Institute (or tied for the most).":
    18 when most, 0 when beaten."""
    assert bonus("holo_host", influence=3, opponents=[Tokens(influence=3)]) == 18
    assert bonus("holo_host", influence=3, opponents=[Tokens(influence=4)]) == 0


@pytest.mark.card("mickey_the_carver")
@pytest.mark.rule("RR-SCORE-5")
def test_mickey_the_carver() -> None:
    """Mickey the Carver, "10 if there is at least 1 banished Red. 10 if with a Gold.": 10
    each, 0 with neither."""
    assert bonus("mickey_the_carver", "sevro", banished=["eo"]) == 20
    assert bonus("mickey_the_carver", "darrow", banished=["sevro"]) == 0


@pytest.mark.card("musician")
def test_musician() -> None:
    """Musician, "32 if the core value of each of your cards is an even number.": 32 when all
    cores are even, 0 with an odd one."""
    assert bonus("musician", "darrow", "sponsor") == 32
    assert bonus("musician", "zanzibar") == 0


@pytest.mark.card("reporter")
@pytest.mark.rule("RR-SCORE-17")
def test_reporter() -> None:
    """Reporter, "29 if you have the most Helium (or tied for the most).": 29 when tied, 0 when
    beaten."""
    assert bonus("reporter", helium=6, opponents=[Tokens(helium=6)]) == 29
    assert bonus("reporter", helium=6, opponents=[Tokens(helium=7)]) == 0


@pytest.mark.card("vlogger")
@pytest.mark.rule("RR-SCORE-17")
def test_vlogger() -> None:
    """Vlogger, "23 if you are the furthest on the Fleet track (or tied for the furthest).": 23
    when furthest, 0 when behind."""
    assert bonus("vlogger", fleet=4, opponents=[Tokens(fleet=2)]) == 23
    assert bonus("vlogger", fleet=4, opponents=[Tokens(fleet=5)]) == 0


@pytest.mark.card("zanzibar")
def test_zanzibar() -> None:
    """Zanzibar, "31 if the core value of each of your cards is an odd number.": 31 when all
    cores are odd, 0 with an even one."""
    assert bonus("zanzibar", "seer", "developer") == 31
    assert bonus("zanzibar", "darrow") == 0


# --- White --------------------------------------------------------------------------------------


@pytest.mark.card("judge")
@pytest.mark.rule("RULING-A17")
def test_judge() -> None:
    """Judge, "3 for each of your cards.": 3 per card in hand, the Judge included."""
    assert bonus("judge") == 3
    assert bonus("judge", "darrow", "sevro", "eo", "virga") == 15


@pytest.mark.card("justice")
def test_justice() -> None:
    """Justice (no end-game text; "If you have the Sovereign token, gain 1 card of your choice
    from Luna." is an end-of-game ability): it scores exactly its core value."""
    player = scored(["justice"], sovereign=True)
    assert player.cards[0].bonus == 0 and player.cards[0].points == 15


@pytest.mark.card("magistrate")
def test_magistrate() -> None:
    """Magistrate, "15 if you have at least 3 Helium, 3 Influence on the Institute, and at least
    level 3 on the Fleet Track.": 15 with all three, 0 if one falls short."""
    assert bonus("magistrate", helium=3, influence=3, fleet=3) == 15
    assert bonus("magistrate", helium=3, influence=2, fleet=9) == 0


@pytest.mark.card("magistrate")
def test_magistrate_each_threshold_alone_short() -> None:
    """Magistrate, "15 if you have at least 3 Helium, 3 Influence on the Institute, and at least
    level 3 on the Fleet Track.": only Helium short, or only the Fleet short, is 0 however far
    beyond the other two are; well beyond all three is 15."""
    assert bonus("magistrate", helium=2, influence=3, fleet=3) == 0
    assert bonus("magistrate", helium=2, influence=10, fleet=10) == 0
    assert bonus("magistrate", helium=3, influence=3, fleet=2) == 0
    assert bonus("magistrate", helium=20, influence=10, fleet=2) == 0
    assert bonus("magistrate", helium=20, influence=10, fleet=10) == 15


@pytest.mark.card("martyr")
def test_martyr() -> None:
    """Martyr (no end-game text; "If you have the Sovereign token, gain 1 card of your choice
    from Mars." is an end-of-game ability): it scores exactly its core value."""
    player = scored(["martyr"], sovereign=True)
    assert player.cards[0].bonus == 0 and player.cards[0].points == 15


@pytest.mark.card("orator")
def test_orator() -> None:
    """Orator, "21 if you don't have the Sovereign token.": 21 without it, 0 with it."""
    assert bonus("orator") == 21
    assert bonus("orator", sovereign=True) == 0


@pytest.mark.card("priestess")
@pytest.mark.rule("RULING-A17")
def test_priestess() -> None:
    """Priestess, "20 if with only cards having core values of at least 20 points.": 20 when
    every card has core 20 or more, 0 with a 19."""
    assert bonus("priestess", "quicksilver", "sponsor") == 20
    assert bonus("priestess", "quicksilver", "seer") == 0


@pytest.mark.card("seer")
def test_seer() -> None:
    """Seer, "11 if you have the Sovereign token.": 11 with it, 0 without."""
    assert bonus("seer", sovereign=True) == 11
    assert bonus("seer") == 0


# --- Yellow -------------------------------------------------------------------------------------


@pytest.mark.card("dr_virany")
def test_dr_virany() -> None:
    """Dr. Virany (no end-game text; its gain-banished-cards ability resolves before scoring):
    it scores exactly its core value."""
    player = scored(["dr_virany"], banished=PILE)
    assert player.cards[0].bonus == 0 and player.cards[0].points == 9


@pytest.mark.card("group_counselor")
@pytest.mark.rule("RR-SCORE-5")
def test_group_counselor() -> None:
    """Group Counselor, "-1 per banished card.": -1 per card in the banished pile, 0 with none."""
    assert bonus("group_counselor", banished=PILE[:6]) == -6
    assert bonus("group_counselor") == 0


@pytest.mark.card("hypnotist")
def test_hypnotist() -> None:
    """Hypnotist (no end-game text; "Banish 1 other card from your hand and gain the top card of
    the deck." is an end-of-game ability): it scores exactly its core value."""
    player = scored(["hypnotist", "darrow"])
    assert player.cards[0].bonus == 0 and player.cards[0].points == 15


@pytest.mark.card("pathologist")
@pytest.mark.rule("RR-SCORE-16")
def test_pathologist() -> None:
    """Pathologist, "10 if there are 5-9 banished cards at the beginning of end-game scoring.
    25 if there are at least 10 banished cards …": by the size of the banished pile."""
    points = [bonus("pathologist", banished=PILE[:n]) for n in (4, 5, 9, 10)]
    assert points == [0, 10, 10, 25]


def _bonuses_after_ceres_banishes(hand: tuple[str, ...], pile: int) -> dict[str, int]:
    """A game's end with ``pile`` cards banished and Ceres (seat 0, no end-of-game card)
    holding ``hand`` and Deanna: Ceres banishes Deanna at the end (RR-END-6); the end-game
    points of ``hand`` as the game scored them."""
    scenario = (Scenario(2).house(0, House.CERES).house(1, House.MARS)
                .hand(0, *hand, "deanna").banished(*PILE[:pile]).end_triggered(0))
    game = scenario.run(end_of_game)
    play(game, PickCard("deanna"))
    assert game.is_over and len(game.state.banished) == pile + 1
    column = scorepad_of(game.state).pad.players[0]
    return {c.id: c.bonus for c in column.cards}


@pytest.mark.card("pathologist", "researcher")
@pytest.mark.rule("RR-SCORE-16", "RULING-A3", "RR-END-6")
@pytest.mark.parametrize(("pile", "pathologist", "researcher"), [(4, 10, 0), (9, 25, 0)])
def test_ceres_end_banish_counts_at_the_beginning_of_scoring(pile: int, pathologist: int,
                                                             researcher: int) -> None:
    """Pathologist, "10 if there are 5-9 banished cards at the beginning of end-game scoring.
    25 if there are at least 10 banished cards at the beginning of end-game scoring.";
    Researcher, "17 if there are 4 or fewer banished cards at the beginning of end-game
    scoring.": Ceres' banish at the end comes first, so 4 banished become 5 and 9 become
    10."""
    bonuses = _bonuses_after_ceres_banishes(("pathologist", "researcher"), pile)
    assert bonuses == {"pathologist": pathologist, "researcher": researcher}


@pytest.mark.card("psychologist")
def test_psychologist() -> None:
    """Psychologist (no end-game text; "If you have the fewest cards in hand (ties count), gain 1
    random banished card." is an end-of-game ability): it scores exactly its core value."""
    player = scored(["psychologist"], banished=PILE)
    assert player.cards[0].bonus == 0 and player.cards[0].points == 20


@pytest.mark.card("researcher")
@pytest.mark.rule("RR-SCORE-16")
def test_researcher() -> None:
    """Researcher, "17 if there are 4 or fewer banished cards at the beginning of end-game
    scoring.": 17 with 4, 0 with 5."""
    assert bonus("researcher", banished=PILE[:4]) == 17
    assert bonus("researcher", banished=PILE[:5]) == 0


@pytest.mark.card("researcher")
@pytest.mark.rule("RR-SCORE-16")
def test_researcher_far_side_of_the_boundary() -> None:
    """Researcher, "17 if there are 4 or fewer banished cards at the beginning of end-game
    scoring.": 17 with none, and still 0 at 9 and 10 (Pathologist's boundary)."""
    points = [bonus("researcher", banished=PILE[:n]) for n in (0, 4, 5, 9, 10)]
    assert points == [17, 17, 0, 0, 0]


@pytest.mark.card("surgeon")
def test_surgeon() -> None:
    """Surgeon, "5 for each Gold.": 5 per Gold, 0 without."""
    assert bonus("surgeon", "sevro", "lorn") == 10
    assert bonus("surgeon", "darrow") == 0
