"""Card tests for the Gray, Green and Obsidian end-game bonuses: each quotes the printed text."""

from __future__ import annotations

import pytest

from rr.model import Location
from rr.ruleset import Ruleset
from rr.scoring.table import Declaration

from .positions import bonus, down, scored

J, M, L, I = Location.JUPITER, Location.MARS, Location.LUNA, Location.INSTITUTE

# --- Gray (RR-SCORE-4: "on all locations" counts the board, never the hand) ---------------------


@pytest.mark.card("bridge")
@pytest.mark.rule("RR-SCORE-4")
def test_bridge() -> None:
    """Bridge, "5 for each Pink & Violet on all locations.": 5 per face-up Pink or Violet on the
    board; face-down cards and cards in hand do not count."""
    board = {J: ["evey", "musician"], L: ["darrow", "matteo"], M: [down("calliope")]}
    assert bonus("bridge", "theodora", board=board) == 15
    assert bonus("bridge", "theodora", board={J: ["darrow"]}) == 0


@pytest.mark.card("colonel_valentin")
@pytest.mark.rule("RR-SCORE-4")
def test_colonel_valentin() -> None:
    """Colonel Valentin, "5 for each Gold on all locations.": 5 per Gold on the board, none
    for Golds in hand."""
    assert bonus("colonel_valentin", board={J: ["sevro"], I: ["lorn", "eo"]}) == 10
    assert bonus("colonel_valentin", "sevro", "lorn") == 0


@pytest.mark.card("danto")
def test_danto() -> None:
    """Danto, "5 for each Copper & White on all locations.": 5 per Copper or White on the
    board, 0 without."""
    assert bonus("danto", board={M: ["timony", "judge"], L: [down("seer")]}) == 10
    assert bonus("danto", "timony", board={M: ["darrow"]}) == 0


@pytest.mark.card("holiday")
def test_holiday() -> None:
    """Holiday, "5 for each Orange & Blue on all locations.": 5 per Orange or Blue on the
    board, 0 without."""
    assert bonus("holiday", board={J: ["cyther", "virga"], L: ["pelus"]}) == 15
    assert bonus("holiday", "cyther", board={L: ["darrow"]}) == 0


@pytest.mark.card("sun_hwa")
def test_sun_hwa() -> None:
    """Sun-Hwa, "5 for each Obsidian & Green on all locations.": 5 per Obsidian or Green on
    the board, 0 without."""
    assert bonus("sun_hwa", board={J: ["ragnar"], M: ["hacker"]}) == 10
    assert bonus("sun_hwa", "ragnar", board={J: ["darrow"]}) == 0


@pytest.mark.card("trigg")
def test_trigg() -> None:
    """Trigg, "5 for each Gray & Yellow on all locations.": 5 per Gray or Yellow on the board,
    Trigg itself in hand not counted."""
    assert bonus("trigg", board={J: ["bridge"], M: ["seer"], I: ["holiday"]}) == 10
    assert bonus("trigg", board={J: ["darrow"]}) == 0


@pytest.mark.card("ugly_dan")
def test_ugly_dan() -> None:
    """Ugly Dan, "5 for each Red & Brown on all locations.": 5 per Red or Brown on the board,
    0 without."""
    assert bonus("ugly_dan", board={J: ["darrow", "janitor"], L: ["eo"]}) == 15
    assert bonus("ugly_dan", "darrow", board={J: ["sevro"]}) == 0


# --- Green --------------------------------------------------------------------------------------


@pytest.mark.card("codebreaker")
@pytest.mark.rule("RULING-A9")
def test_codebreaker() -> None:
    """Codebreaker, "22 if the first letter of the names of your cards are all different.":
    22 when every first letter differs (Codebreaker's C included), 0 on a repeat."""
    assert bonus("codebreaker", "darrow", "the_jackal", "sevro") == 22
    assert bonus("codebreaker", "cassius") == 0
    assert bonus("codebreaker", "the_jackal", "the_pax") == 0
    renamed = {"cyther": Declaration(name="Darrow")}
    assert bonus("codebreaker", "cyther", declare=renamed) == 22


@pytest.mark.card("dataport_specialist")
def test_dataport_specialist() -> None:
    """Dataport Specialist, "26 if with a Blue.": 26 with a Blue, 0 without."""
    assert bonus("dataport_specialist", "virga") == 26
    assert bonus("dataport_specialist", "darrow") == 0


@pytest.mark.card("developer")
@pytest.mark.rule("RR-SCORE-15", "RULING-A2")
def test_developer() -> None:
    """Developer, "[?] Gain the core value of the top card of any location.": the best top
    card's core value, a face-down one included (RULING-A2); 0 with an empty board."""
    board = {J: ["quicksilver", "sevro"], M: ["eo"], L: [down("fitchner")]}
    assert bonus("developer", board=board) == 25
    assert bonus("developer", board=board, ruleset=Ruleset(face_down_value_is_actual=False)) == 15
    assert bonus("developer") == 0


@pytest.mark.card("firewall_expert")
def test_firewall_expert() -> None:
    """Firewall Expert, "22 if there is at least 1 location with no cards or where the top card
    is face down.": 22 with an empty location or a face-down top card, else 0."""
    full = {J: ["eo"], M: ["sevro"], L: ["darrow"], I: ["judge"]}
    assert bonus("firewall_expert", board=full) == 0
    assert bonus("firewall_expert", board={**full, L: [down("darrow")]}) == 22
    assert bonus("firewall_expert", board={**full, I: [down("judge"), "seer"]}) == 0
    assert bonus("firewall_expert", board={J: ["eo"], M: ["sevro"], L: ["darrow"]}) == 22


@pytest.mark.card("hacker")
def test_hacker() -> None:
    """Hacker (no end-game text; "Reveal the top card of the deck. Gain points equal to that
    card's core value." is an end-of-game ability): core value plus its recorded points."""
    assert scored(["hacker"]).cards[0].points == 15
    assert scored(["hacker"], extra_points={"hacker": 12}).cards[0].points == 27


@pytest.mark.card("holo_designer")
def test_holo_designer() -> None:
    """Holo Designer, "28 if with a Violet.": 28 with a Violet, 0 without."""
    assert bonus("holo_designer", "musician") == 28
    assert bonus("holo_designer", "darrow") == 0


@pytest.mark.card("online_gambler")
def test_online_gambler() -> None:
    """Online Gambler (no end-game text; its reveal-7 ability resolves before scoring): it
    scores exactly its core value."""
    player = scored(["online_gambler", "darrow", "sevro"], helium=9, sovereign=True)
    assert player.cards[0].bonus == 0 and player.cards[0].points == 7


# --- Obsidian -----------------------------------------------------------------------------------


@pytest.mark.card("alfrun")
def test_alfrun() -> None:
    """Alfrun, "10 if with Nero. 10 if with Jopho.": 10 each, 0 with neither."""
    assert bonus("alfrun", "nero", "jopho") == 20
    assert bonus("alfrun", "jopho") == 10
    assert bonus("alfrun", "ragnar") == 0


@pytest.mark.card("alia_snowsparrow")
@pytest.mark.rule("RULING-A17")
def test_alia_snowsparrow() -> None:
    """Alia Snowsparrow, "24 if only with Golds, Grays, and/or Obsidians.": 24 when every other
    card is one of those (or there is none), 0 otherwise."""
    assert bonus("alia_snowsparrow", "sevro", "holiday", "ragnar") == 24
    assert bonus("alia_snowsparrow") == 24
    assert bonus("alia_snowsparrow", "sevro", "darrow") == 0


@pytest.mark.card("helga")
def test_helga() -> None:
    """Helga, "16 if with Pax au Telemanus or The Pax.": 16 with either, 0 without."""
    assert bonus("helga", "the_pax") == 16
    assert bonus("helga", "ragnar") == 0


@pytest.mark.card("jopho")
def test_jopho() -> None:
    """Jopho, "10 if with Alfrun. 10 if with Nero.": 10 each, 0 with neither."""
    assert bonus("jopho", "alfrun", "nero") == 20
    assert bonus("jopho", "nero") == 10
    assert bonus("jopho", "ragnar") == 0


@pytest.mark.card("ragnar")
def test_ragnar() -> None:
    """Ragnar, "10 if with an Orange. 10 if with Sefi.": 10 each, 0 with neither."""
    assert bonus("ragnar", "cyther", "sefi") == 20
    assert bonus("ragnar", "cyther") == 10
    assert bonus("ragnar", "alfrun") == 0


@pytest.mark.card("sefi")
def test_sefi() -> None:
    """Sefi, "20 if with Ragnar. -5 for each Gold.": 20 with Ragnar, -5 per Gold."""
    assert bonus("sefi", "ragnar") == 20
    assert bonus("sefi", "ragnar", "sevro", "lorn") == 10
    assert bonus("sefi", "alfrun") == 0


@pytest.mark.card("stained")
def test_stained() -> None:
    """Stained, "15 if this is your only Obsidian.": 15 as the only Obsidian, 0 with another."""
    assert bonus("stained", "darrow") == 15
    assert bonus("stained", "ragnar") == 0
