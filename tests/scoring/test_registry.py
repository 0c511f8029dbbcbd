"""Meta-tests: every card has an end-game bonus, and each bonus matches its printed card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rr.cards.catalogue import Card, catalogue, names
from rr.model import CardId, Color
from rr.scoring.bonuses import NO_BONUS, EndGame, HandCard, Surroundings
from rr.scoring.bonuses_blue import BONUSES_BLUE
from rr.scoring.bonuses_gold import BONUSES_GOLD
from rr.scoring.registry import BONUSES, _merged

CARDS = list(catalogue().values())


def test_every_card_has_a_bonus_function() -> None:
    """All 112 card ids, and nothing else, are in the registry."""
    assert len(CARDS) == 112
    missing = [c.id for c in CARDS if c.id not in BONUSES]
    assert not missing, f"no end-game bonus for: {missing}"
    assert set(BONUSES) == set(catalogue())


def test_a_card_with_two_bonuses_is_refused() -> None:
    """Merging the colour tables refuses a card listed twice, naming it."""
    assert _merged(BONUSES_BLUE, BONUSES_GOLD) == {**BONUSES_BLUE, **BONUSES_GOLD}
    with pytest.raises(ValueError, match="two end-game bonuses for aja"):
        _merged(BONUSES_GOLD, BONUSES_BLUE, {CardId("aja"): NO_BONUS})


def test_cards_without_end_game_text_map_to_no_bonus() -> None:
    """A card printed without end-game points maps to the explicit zero bonus, and only those."""
    for card in CARDS:
        assert (BONUSES[card.id] is NO_BONUS) == (card.end_game is None), card.id


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.id)
def test_one_number_per_printed_term(card: Card) -> None:
    """A bonus returns one number for each printed end-game term of its card."""
    hand = (HandCard.of(card),)
    terms = BONUSES[card.id].score(EndGame(hand, 0, Surroundings()))
    assert len(terms) == len(card.end_game_parts)


def test_every_function_quotes_its_printed_text() -> None:
    """Each bonus module quotes, in a comment, the printed end-game text of its cards."""
    sources = {
        path.stem: path.read_text("utf-8")
        for path in Path(__file__).resolve().parents[2].joinpath("rr", "scoring").glob(
            "bonuses_*.py"
        )
    }
    for card in CARDS:
        if card.end_game is None:
            continue
        source = " ".join(
            line.strip().lstrip("#").strip()
            for line in sources[f"bonuses_{card.color.value}"].splitlines()
            if line.strip().startswith("#")
        )
        assert f'"{card.end_game}"' in source, card.id


def test_mentioned_names_are_characters() -> None:
    """Every name a bonus says it tests is one of the printed character names."""
    for card_id, bonus in BONUSES.items():
        assert bonus.names <= set(names()), card_id


def test_every_colour_and_name_in_the_text_is_listed() -> None:
    """The colours and names a text mentions about the hand are in its bonus's lists, so the
    optimiser's pruning sees them (board and banished-pile colours excepted)."""
    pile_or_board = {CardId("mickey_the_carver"): {Color.RED}}
    for card in CARDS:
        text = card.end_game or ""
        if "on all locations" in text:
            continue
        bonus = BONUSES[card.id]
        words = set(re.findall(r"[A-Za-z]+", text))
        for color in Color:
            name = color.value.capitalize()
            if name in words or f"{name}s" in words:
                exempt = color in pile_or_board.get(card.id, set())
                assert exempt or color in bonus.colors or bonus.every_color, (card.id, color)
        for character in names():
            if character == card.name:
                continue
            short = character.split()[0] if character == "Mickey the Carver" else character
            if re.search(rf"\b{re.escape(short)}\b", text, re.IGNORECASE) and short not in (
                "Judge",
            ):
                assert character in bonus.names, (card.id, character)
    assert "Judge" in BONUSES[CardId("lawyer")].names


def test_grays_read_nothing_of_the_hand() -> None:
    """No Gray's bonus tests the hand, so a Gray's declaration never changes its own points."""
    for card in CARDS:
        if card.color is Color.GRAY:
            bonus = BONUSES[card.id]
            assert not (bonus.colors or bonus.names or bonus.every_color or bonus.initials)


def test_oranges_read_no_names() -> None:
    """No Orange's bonus tests names, so Oranges are interchangeable to every name reader."""
    for card in CARDS:
        if card.color is Color.ORANGE:
            assert not (BONUSES[card.id].names or BONUSES[card.id].initials), card.id


def test_no_text_names_an_orange() -> None:
    """No bonus tests an Orange's printed name, so keeping it is like any untested name."""
    oranges = {c.name for c in CARDS if c.color is Color.ORANGE}
    for card_id, bonus in BONUSES.items():
        assert not bonus.names & oranges, card_id


def test_every_card_has_a_scoring_test() -> None:
    """Every card id is named by a @pytest.mark.card marker in tests/scoring."""
    here = Path(__file__).parent
    marked = {
        m for path in here.glob("test_*.py")
        for m in re.findall(r'mark\.card\("([^"]+)"\)', path.read_text("utf-8"))
    }  # fmt: skip
    assert set(catalogue()) - marked == set()
