"""Card tests for the Orange, Pink and Red end-game bonuses: each quotes the printed text."""

from __future__ import annotations

import pytest

from rr.model import Color
from rr.scoring.table import Declaration

from .positions import bonus

# --- Orange -------------------------------------------------------------------------------------


@pytest.mark.card("aegis_craftsman")
def test_aegis_craftsman() -> None:
    """Aegis Craftsman, "10 if with a Gold. 10 if with no Obsidians.": 10 each, 0 with an
    Obsidian and no Gold."""
    assert bonus("aegis_craftsman", "sevro") == 20
    assert bonus("aegis_craftsman") == 10
    assert bonus("aegis_craftsman", "ragnar") == 0


@pytest.mark.card("artificer")
def test_artificer() -> None:
    """Artificer, "20 if with both another Orange and a Gold.": 20 with both, 0 with one."""
    assert bonus("artificer", "cyther", "sevro") == 20
    assert bonus("artificer", "sevro") == 0
    assert bonus("artificer", "cyther") == 0


@pytest.mark.card("cyther")
def test_cyther() -> None:
    """Cyther, "16 if with a Blue.": 16 with a Blue, 0 without."""
    assert bonus("cyther", "virga") == 16
    assert bonus("cyther", "darrow") == 0


@pytest.mark.card("gravboot_cobbler")
def test_gravboot_cobbler() -> None:
    """Gravboot Cobbler, "14 if with a Gold or Gray.": 14 with either, 0 with neither."""
    assert bonus("gravboot_cobbler", "sevro") == 14
    assert bonus("gravboot_cobbler", "trigg") == 14
    assert bonus("gravboot_cobbler", "darrow") == 0


@pytest.mark.card("pulse_armorer")
def test_pulse_armorer() -> None:
    """Pulse Armorer, "17 if with a Gray.": 17 with a Gray, 0 without."""
    assert bonus("pulse_armorer", "danto") == 17
    assert bonus("pulse_armorer", "darrow") == 0


@pytest.mark.card("pulse_fist_engineer")
def test_pulse_fist_engineer() -> None:
    """Pulse Fist Engineer, "18 if with an Obsidian.": 18 with an Obsidian, 0 without."""
    assert bonus("pulse_fist_engineer", "helga") == 18
    assert bonus("pulse_fist_engineer", "darrow") == 0


@pytest.mark.card("razor_designer")
def test_razor_designer() -> None:
    """Razor Designer, "13 if with a Gold and no Obsidians.": 13 with a Gold and no Obsidian,
    0 otherwise."""
    assert bonus("razor_designer", "sevro") == 13
    assert bonus("razor_designer", "sevro", "ragnar") == 0
    assert bonus("razor_designer", "darrow") == 0


# --- Pink ---------------------------------------------------------------------------------------


@pytest.mark.card("calliope")
def test_calliope() -> None:
    """Calliope, "20 if with The Jackal.": 20 with The Jackal, 0 without."""
    assert bonus("calliope", "the_jackal") == 20
    assert bonus("calliope", "darrow") == 0


@pytest.mark.card("conversationalist")
def test_conversationalist() -> None:
    """Conversationalist, "15 if with a White.": 15 with a White, 0 without."""
    assert bonus("conversationalist", "judge") == 15
    assert bonus("conversationalist", "darrow") == 0


@pytest.mark.card("evey")
def test_evey() -> None:
    """Evey, "15 if with Darrow. -15 if with Mickey.": 15 with Darrow, -15 with Mickey the
    Carver, 0 with both."""
    assert bonus("evey", "darrow") == 15
    assert bonus("evey", "mickey_the_carver") == -15
    assert bonus("evey", "darrow", "mickey_the_carver") == 0
    assert bonus("evey", "sevro") == 0


@pytest.mark.card("garden_trained_rose")
def test_garden_trained_rose() -> None:
    """Garden-Trained Rose, "14 if with a Silver.": 14 with a Silver, 0 without."""
    assert bonus("garden_trained_rose", "ceo") == 14
    assert bonus("garden_trained_rose", "darrow") == 0


@pytest.mark.card("masseuse")
def test_masseuse() -> None:
    """Masseuse, "16 if with a Copper.": 16 with a Copper, 0 without."""
    assert bonus("masseuse", "timony") == 16
    assert bonus("masseuse", "darrow") == 0


@pytest.mark.card("matteo")
@pytest.mark.rule("RR-SCORE-3")
def test_matteo() -> None:
    """Matteo, "17 if with a Pink or Quicksilver.": 17 with another Pink or Quicksilver;
    Matteo's own Pink does not count."""
    assert bonus("matteo", "evey") == 17
    assert bonus("matteo", "quicksilver") == 17
    assert bonus("matteo") == 0
    assert bonus("matteo", "darrow") == 0


@pytest.mark.card("theodora")
def test_theodora() -> None:
    """Theodora, "14 if with a Gold or Red (but not both).": 14 with exactly one of them."""
    assert bonus("theodora", "sevro") == 14
    assert bonus("theodora", "darrow") == 14
    assert bonus("theodora", "sevro", "darrow") == 0
    assert bonus("theodora", "judge") == 0


# --- Red ----------------------------------------------------------------------------------------


@pytest.mark.card("arlus")
def test_arlus() -> None:
    """Arlus, "25 if with no Golds.": 25 without a Gold, 0 with one."""
    assert bonus("arlus", "darrow") == 25
    assert bonus("arlus", "sevro") == 0


@pytest.mark.card("dancer")
def test_dancer() -> None:
    """Dancer, "11 if with no Grays. 11 if with no Golds.": 11 for each colour missing."""
    assert bonus("dancer", "darrow") == 22
    assert bonus("dancer", "holiday") == 11
    assert bonus("dancer", "holiday", "sevro") == 0


@pytest.mark.card("darrow")
@pytest.mark.rule("RULING-A17")
def test_darrow() -> None:
    """Darrow, "30 if you have 7 or more cards (including Darrow).": 30 with 7 cards, 0 with 6."""
    six = ["eo", "deanna", "harmony", "arlus", "dancer"]
    assert bonus("darrow", *six, "sevro") == 30
    assert bonus("darrow", *six) == 0


@pytest.mark.card("deanna")
def test_deanna() -> None:
    """Deanna, "26 if with another Red.": 26 with another Red, 0 alone."""
    assert bonus("deanna", "darrow") == 26
    assert bonus("deanna") == 0


@pytest.mark.card("eo")
def test_eo() -> None:
    """Eo, "10 for each other Red. -10 if with a Gray (except Bridge).": 10 per other Red,
    -10 with a Gray other than Bridge."""
    assert bonus("eo", "darrow", "deanna") == 20
    assert bonus("eo", "holiday") == -10
    assert bonus("eo", "bridge", "darrow") == 10
    assert bonus("eo") == 0


@pytest.mark.card("harmony")
@pytest.mark.rule("RULING-A17")
def test_harmony() -> None:
    """Harmony, "33 if with only Reds, Pinks, Browns, and/or Obsidians.": 33 when every card is
    one of those (or alone), 0 with any other colour."""
    assert bonus("harmony", "darrow", "evey", "janitor", "ragnar") == 33
    assert bonus("harmony") == 33
    assert bonus("harmony", "darrow", "sevro") == 0


@pytest.mark.card("harmony")
@pytest.mark.rule("RR-SCORE-6")
def test_harmony_with_a_gray_declared_red() -> None:
    """Harmony, "33 if with only Reds, …": our reading — a Gray declared Red is a Red and
    qualifies."""
    declared = {"holiday": Declaration(color=Color.RED)}
    assert bonus("harmony", "holiday", declare=declared) == 33
    assert bonus("harmony", "holiday") == 0


@pytest.mark.card("uncle_narol")
@pytest.mark.rule("RULING-A17")
def test_uncle_narol() -> None:
    """Uncle Narol, "40 if with only cards having core values of 10 points or less.": 40 when
    every card has core 10 or less, 0 with a 15."""
    assert bonus("uncle_narol", "darrow", "judge", "deanna") == 40
    assert bonus("uncle_narol") == 40
    assert bonus("uncle_narol", "darrow", "sevro") == 0
