"""Card tests for the Blue, Brown and Copper end-game bonuses: each quotes the printed text."""

from __future__ import annotations

import pytest

from rr.scoring.bonuses import Tokens
from rr.scoring.table import Declaration

from .positions import bonus, scored

# --- Blue ---------------------------------------------------------------------------------------


@pytest.mark.card("invictus")
@pytest.mark.rule("RR-SCORE-17")
def test_invictus() -> None:
    """Invictus, "16 if you are the most advanced on the Fleet Track (or tied for the most). -9 if
    an opponent is more advanced on the Fleet Track.": +16 when tied, -9 when behind."""
    assert bonus("invictus", fleet=5, opponents=[Tokens(fleet=5), Tokens(fleet=2)]) == 16
    assert bonus("invictus", fleet=5, opponents=[Tokens(fleet=6)]) == -9


@pytest.mark.card("morning_star")
def test_morning_star() -> None:
    """Morning Star, "-15 unless with Orion, Virga, or Pelus.": 0 with Virga, -15 with neither."""
    assert bonus("morning_star", "virga") == 0
    assert bonus("morning_star", "darrow") == -15


@pytest.mark.card("orion")
@pytest.mark.rule("RR-SCORE-15")
def test_orion() -> None:
    """Orion, "10 if with Pax au Telemanus or The Pax. [?] Gain points equal to your position on the
    Fleet Track (0-10).": 10 plus the Fleet position."""
    assert bonus("orion", "the_pax", fleet=4) == 14
    assert bonus("orion", "pax_au_telemanus", fleet=0) == 10
    assert bonus("orion", "darrow", fleet=7) == 7


@pytest.mark.card("pelus")
def test_pelus() -> None:
    """Pelus, "20 if your Fleet Track position is 5-7. 35 if your Fleet Track position is 8-10.": by
    band, 0 below 5."""
    assert [bonus("pelus", fleet=f) for f in (4, 5, 7, 8, 10)] == [0, 20, 20, 35, 35]


@pytest.mark.card("quietus")
@pytest.mark.rule("RR-SCORE-17")
def test_quietus() -> None:
    """Quietus, "16 if you have the most Influence on the Institute (or tied for the most).": 16
    when tied, 0 when beaten."""
    assert bonus("quietus", influence=5, opponents=[Tokens(influence=5)]) == 16
    assert bonus("quietus", influence=5, opponents=[Tokens(influence=6)]) == 0


@pytest.mark.card("the_pax")
def test_the_pax() -> None:
    """The Pax, "15 if with Darrow, Sevro, Orion, Virga, or Pelus.": 15 with Sevro, 0 with
    Cassius."""
    assert bonus("the_pax", "sevro") == 15
    assert bonus("the_pax", "cassius") == 0


@pytest.mark.card("virga")
def test_virga() -> None:
    """Virga, "15 if your Fleet Track position is 6-8. 30 if your Fleet Track position is 9 or 10.":
    by band, 0 below 6."""
    assert [bonus("virga", fleet=f) for f in (5, 6, 8, 9, 10)] == [0, 15, 15, 30, 30]


# --- Brown --------------------------------------------------------------------------------------


@pytest.mark.card("artisan_chef")
@pytest.mark.rule("RULING-A20")
def test_artisan_chef() -> None:
    """Artisan Chef, "5 for each Gold. Ignore any lost points from Golds.": 5 per Gold, and The
    Jackal's -30 is ignored."""
    assert bonus("artisan_chef", "sevro", "lorn") == 10
    assert bonus("artisan_chef", "darrow") == 0
    assert bonus("the_jackal", "darrow", "artisan_chef") == 0
    assert bonus("the_jackal", "darrow") == -30


@pytest.mark.card("assassin")
def test_assassin() -> None:
    """Assassin, "10 for each Obsidian.": 10 per Obsidian, 0 without."""
    assert bonus("assassin", "ragnar", "sefi") == 20
    assert bonus("assassin", "darrow") == 0


@pytest.mark.card("gardener")
def test_gardener() -> None:
    """Gardener, "5 for each Violet & Pink.": 5 per Violet or Pink card, 0 without."""
    assert bonus("gardener", "musician", "evey", "matteo") == 15
    assert bonus("gardener", "darrow") == 0


@pytest.mark.card("janitor")
def test_janitor() -> None:
    """Janitor, "5 for each Green, Yellow, and Blue.": 5 per card of those colours, 0 without."""
    assert bonus("janitor", "hacker", "seer", "surgeon", "virga") == 15
    assert bonus("janitor", "darrow") == 0


@pytest.mark.card("mess_hall_cook")
def test_mess_hall_cook() -> None:
    """Mess Hall Cook, "5 for each Gray and Orange.": 5 per Gray or Orange, 0 without."""
    assert bonus("mess_hall_cook", "holiday", "cyther") == 10
    assert bonus("mess_hall_cook", "darrow") == 0


@pytest.mark.card("modjob")
def test_modjob() -> None:
    """Modjob, "5 for each Red and Brown (including Modjob).": Modjob alone scores 5, each Red or
    Brown adds 5."""
    assert bonus("modjob") == 5
    assert bonus("modjob", "darrow", "janitor", "sevro") == 15


@pytest.mark.card("nanny")
def test_nanny() -> None:
    """Nanny, "5 for each Silver, White, and Copper.": 5 per card of those colours, 0 without."""
    assert bonus("nanny", "ceo", "judge", "timony") == 15
    assert bonus("nanny", "darrow") == 0


# --- Copper -------------------------------------------------------------------------------------


@pytest.mark.card("administrator")
@pytest.mark.rule("RR-SCORE-17")
def test_administrator() -> None:
    """Administrator, "15 if you have the least Influence on the Institute (or tied for the
    least).": 15 when least or tied, 0 otherwise."""
    assert bonus("administrator", influence=2, opponents=[Tokens(influence=5)]) == 15
    assert bonus("administrator", influence=2, opponents=[Tokens(influence=2)]) == 15
    assert bonus("administrator", influence=6, opponents=[Tokens(influence=5)]) == 0


@pytest.mark.card("auctioneer")
def test_auctioneer() -> None:
    """Auctioneer (no end-game text; "Gain 1 Helium, advance once on the Fleet Track, or place 1
    Influence" is an end-of-game ability): it scores exactly its core value."""
    player = scored(["auctioneer"], helium=9, fleet=9, influence=9, sovereign=True)
    assert player.cards[0].bonus == 0 and player.cards[0].points == 12


@pytest.mark.card("bondilus")
def test_bondilus() -> None:
    """Bondilus, "5 if you have the Sovereign token. 5 if with a Gold.": 5 each, 0 with neither."""
    assert bonus("bondilus", "sevro", sovereign=True) == 10
    assert bonus("bondilus", "sevro") == 5
    assert bonus("bondilus", "darrow") == 0


@pytest.mark.card("diplomat")
def test_diplomat() -> None:
    """Diplomat, "19 if you and any opponent have the exact same amount of Influence on the
    Institute.": 19 on a tie with an opponent, 0 otherwise."""
    opponents = [Tokens(influence=1), Tokens(influence=4)]
    assert bonus("diplomat", influence=4, opponents=opponents) == 19
    assert bonus("diplomat", influence=4, opponents=[Tokens(influence=5)]) == 0


@pytest.mark.card("lawyer")
def test_lawyer() -> None:
    """Lawyer, "12 if with a White (not the Judge). 22 if with the Judge.": 12 for another White, 22
    for the Judge, both add up."""
    assert bonus("lawyer", "magistrate") == 12
    assert bonus("lawyer", "judge") == 22
    assert bonus("lawyer", "judge", "seer") == 34
    assert bonus("lawyer", "darrow") == 0


@pytest.mark.card("lawyer")
@pytest.mark.rule("RULING-A9")
def test_lawyer_with_an_orange_named_judge() -> None:
    """Lawyer, "22 if with the Judge.": an Orange named Judge counts as the Judge, not as a
    White."""
    assert bonus("lawyer", "cyther", declare={"cyther": Declaration(name="Judge")}) == 22


@pytest.mark.card("politician")
@pytest.mark.rule("RR-SCORE-17")
def test_politician() -> None:
    """Politician, "15 if you have the most Influence on the Institute (or tied for the most).": 15
    when most, 0 when beaten."""
    assert bonus("politician", influence=7, opponents=[Tokens(influence=3)]) == 15
    assert bonus("politician", influence=3, opponents=[Tokens(influence=7)]) == 0


@pytest.mark.card("timony")
def test_timony() -> None:
    """Timony, "3 for each of your Influence tokens on the Institute.": 3 per token, 0 with none."""
    assert bonus("timony", influence=7) == 21
    assert bonus("timony", influence=0) == 0
