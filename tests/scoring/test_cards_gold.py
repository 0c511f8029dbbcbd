"""Card tests for the Gold end-game bonuses: each quotes the printed text."""

from __future__ import annotations

import pytest

from .positions import bonus


@pytest.mark.card("aja")
def test_aja() -> None:
    """Aja, "15 if with Octavia.": 15 with Octavia, 0 without."""
    assert bonus("aja", "octavia") == 15
    assert bonus("aja", "lysander") == 0


@pytest.mark.card("antonia")
def test_antonia() -> None:
    """Antonia, "15 if with The Jackal or 2 other Golds. -10 if with Victra or Sevro.":
    15 with The Jackal or two other Golds, -10 with Sevro, 0 with one other Gold."""
    assert bonus("antonia", "the_jackal") == 15
    assert bonus("antonia", "lorn", "roque") == 15
    assert bonus("antonia", "lorn") == 0
    assert bonus("antonia", "sevro") == -10
    assert bonus("antonia", "victra", "lorn") == 5


@pytest.mark.card("ash_lord")
@pytest.mark.rule("RR-SCORE-5")
def test_ash_lord() -> None:
    """Ash Lord, "5 for each Blue. 5 for each banished Blue.": 5 per Blue in hand and per
    banished Blue, 0 with none."""
    assert bonus("ash_lord", "virga", "pelus", banished=["orion", "darrow"]) == 15
    assert bonus("ash_lord", "darrow", banished=["eo"]) == 0


@pytest.mark.card("boneriders")
def test_boneriders() -> None:
    """Boneriders, "15 if with The Jackal or a Gray.": 15 with a Gray or The Jackal, 0 without."""
    assert bonus("boneriders", "holiday") == 15
    assert bonus("boneriders", "the_jackal") == 15
    assert bonus("boneriders", "darrow") == 0


@pytest.mark.card("cassius")
def test_cassius() -> None:
    """Cassius, "40 if with both Mustang & Darrow. -20 if with Darrow (but not Mustang).":
    40 with both, -20 with Darrow alone, 0 with Mustang alone."""
    assert bonus("cassius", "mustang", "darrow") == 40
    assert bonus("cassius", "darrow") == -20
    assert bonus("cassius", "mustang") == 0


@pytest.mark.card("fitchner")
def test_fitchner() -> None:
    """Fitchner, "10 if with a Red. 10 if with Sevro.": 10 each, 0 with neither."""
    assert bonus("fitchner", "eo", "sevro") == 20
    assert bonus("fitchner", "sevro") == 10
    assert bonus("fitchner", "lorn") == 0


@pytest.mark.card("karnus")
def test_karnus() -> None:
    """Karnus, "30 if with Cassius. -15 if with Mustang, The Jackal, or Nero.": 30 with
    Cassius, -15 once with any of the three, 0 with neither."""
    assert bonus("karnus", "cassius") == 30
    assert bonus("karnus", "cassius", "nero", "mustang") == 15
    assert bonus("karnus", "the_jackal") == -15
    assert bonus("karnus", "lorn") == 0


@pytest.mark.card("lorn")
def test_lorn() -> None:
    """Lorn, "15 if with no other Golds.": 15 without another Gold, 0 with one."""
    assert bonus("lorn", "darrow") == 15
    assert bonus("lorn", "sevro") == 0


@pytest.mark.card("lysander")
def test_lysander() -> None:
    """Lysander, "20 if you have the Sovereign token, Octavia, or Cassius.": 20 with any of
    them, 0 with none."""
    assert bonus("lysander", sovereign=True) == 20
    assert bonus("lysander", "octavia") == 20
    assert bonus("lysander", "cassius") == 20
    assert bonus("lysander", "sevro") == 0


@pytest.mark.card("mustang")
def test_mustang() -> None:
    """Mustang, "5 for each different color.": 5 per distinct colour among the other cards,
    Mustang's own Gold not counted."""
    assert bonus("mustang", "darrow", "eo", "virga", "sevro") == 15
    assert bonus("mustang", "sevro") == 5
    assert bonus("mustang") == 0


@pytest.mark.card("nero")
def test_nero() -> None:
    """Nero, "10 if you have the Sovereign token. -5 each for Cassius, Karnus, and Octavia.":
    10 with the token, -5 per named card held."""
    assert bonus("nero", sovereign=True) == 10
    assert bonus("nero", "cassius", "karnus", "octavia") == -15
    assert bonus("nero", "cassius", sovereign=True) == 5
    assert bonus("nero", "lorn") == 0


@pytest.mark.card("octavia")
def test_octavia() -> None:
    """Octavia, "-30 if you don't have either the Sovereign token or Lysander.": 0 with either,
    -30 with neither."""
    assert bonus("octavia", sovereign=True) == 0
    assert bonus("octavia", "lysander") == 0
    assert bonus("octavia", "sevro") == -30


@pytest.mark.card("pax_au_telemanus")
def test_pax_au_telemanus() -> None:
    """Pax au Telemanus, "20 if with an Obsidian or Mustang.": 20 with either, 0 with neither."""
    assert bonus("pax_au_telemanus", "ragnar") == 20
    assert bonus("pax_au_telemanus", "mustang") == 20
    assert bonus("pax_au_telemanus", "sevro") == 0


@pytest.mark.card("romulus")
def test_romulus() -> None:
    """Romulus, "15 if you have the Sovereign Token. -25 if with Roque or Octavia or without a
    Blue.": 15 with the token and a Blue, -25 once for Roque or no Blue."""
    assert bonus("romulus", "virga", sovereign=True) == 15
    assert bonus("romulus", "virga", "roque", sovereign=True) == -10
    assert bonus("romulus", "darrow") == -25
    assert bonus("romulus", "virga") == 0


@pytest.mark.card("roque")
def test_roque() -> None:
    """Roque, "5 for each Blue.": 5 per Blue, 0 without."""
    assert bonus("roque", "virga", "pelus") == 10
    assert bonus("roque", "darrow") == 0


@pytest.mark.card("sevro")
def test_sevro() -> None:
    """Sevro, "20 if with Victra, The Howlers, or a Red.": 20 with a Red or Victra, 0 without."""
    assert bonus("sevro", "eo") == 20
    assert bonus("sevro", "victra") == 20
    assert bonus("sevro", "the_howlers") == 20
    assert bonus("sevro", "lorn") == 0


@pytest.mark.card("tactus")
def test_tactus() -> None:
    """Tactus, "20 if with Octavia, Darrow, or a Pink.": 20 with a Pink or Darrow, 0 without."""
    assert bonus("tactus", "evey") == 20
    assert bonus("tactus", "darrow") == 20
    assert bonus("tactus", "octavia") == 20
    assert bonus("tactus", "eo") == 0


@pytest.mark.card("the_howlers")
def test_the_howlers() -> None:
    """The Howlers, "15 if with Sevro.": 15 with Sevro, 0 without."""
    assert bonus("the_howlers", "sevro") == 15
    assert bonus("the_howlers", "victra") == 0


@pytest.mark.card("the_jackal")
def test_the_jackal() -> None:
    """The Jackal, "30 if you have the Sovereign Token. -30 if with Darrow or Octavia.": 30
    with the token, -30 with Darrow or Octavia."""
    assert bonus("the_jackal", sovereign=True) == 30
    assert bonus("the_jackal", "octavia", sovereign=True) == 0
    assert bonus("the_jackal", "darrow") == -30
    assert bonus("the_jackal", "sevro") == 0


@pytest.mark.card("the_telemanuses")
def test_the_telemanuses() -> None:
    """The Telemanuses, "15 if with Pax au Telemanus or The Pax.": 15 with either, 0 without."""
    assert bonus("the_telemanuses", "the_pax") == 15
    assert bonus("the_telemanuses", "pax_au_telemanus") == 15
    assert bonus("the_telemanuses", "helga") == 0


@pytest.mark.card("victra")
def test_victra() -> None:
    """Victra, "10 if with the Howlers. 10 if with Sevro or Darrow.": 10 each, 0 with neither."""
    assert bonus("victra", "the_howlers", "darrow") == 20
    assert bonus("victra", "sevro") == 10
    assert bonus("victra", "lorn") == 0
