"""Official FAQ rulings no other test covers: RULING-F6 (the truncated multi-count question,
settled for now by RULING-A7) and RULING-F7 (end-of-game abilities beyond Gray and Orange)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from rr.cards.catalogue import catalogue, lookup
from rr.cards.registry import abilities, has_end_of_game_ability
from rr.decisions import ByRule
from rr.events.types import DecisionMade, Phase, PhaseChanged
from rr.model import CardId, Color
from rr.options import PickCard
from rr.ruleset import Ruleset
from rr.scoring.scorepad import score
from rr.scoring.table import Declaration, FinalPlayer, FinalTable
from tests.oracle.games import finished

FAQ_END_OF_GAME = ("Auctioneer", "Banker", "Dr. Virany", "Hacker", "Hypnotist", "Investor",
                   "Justice", "Martyr", "Online Gambler", "Psychologist", "Surgeon")
"""The cards RULING-F7 names as having end-of-game abilities."""


def _bonuses(hand: tuple[str, ...], declarations: Mapping[str, Declaration],
             ruleset: Ruleset | None = None) -> dict[CardId, int]:
    """Each card's end-game points in a 2-player final position where the other hand is
    empty."""
    table = FinalTable(players=(
        FinalPlayer("A", hand=tuple(CardId(c) for c in hand),
                    declarations={CardId(c): d for c, d in declarations.items()}),
        FinalPlayer("B", hand=())))
    return {c.id: c.bonus for c in score(table, ruleset or Ruleset()).players[0].cards}


@pytest.mark.rule("RULING-F6", "RULING-A7")
@pytest.mark.card("mess_hall_cook", "danto")
def test_gray_as_orange_counts_once_for_mess_hall_cook() -> None:
    """Mess Hall Cook, "5 for each Gray and Orange.": a Gray declared Orange counts once (5),
    and twice (10) only under gray_counts_once_per_clause=false."""
    hand = ("mess_hall_cook", "danto")
    as_orange = {"danto": Declaration(color=Color.ORANGE)}
    assert _bonuses(hand, as_orange)[CardId("mess_hall_cook")] == 5
    assert _bonuses(hand, {"danto": Declaration()})[CardId("mess_hall_cook")] == 5
    twice = Ruleset(gray_counts_once_per_clause=False)
    assert _bonuses(hand, as_orange, twice)[CardId("mess_hall_cook")] == 10


@pytest.mark.rule("RULING-F6", "RULING-A7")
@pytest.mark.card("mustang")
def test_gray_extra_colour_adds_a_new_distinct_colour_for_mustang() -> None:
    """Mustang, "5 for each different color.": a Gray's declared colour counts as one more
    distinct colour when no other card has it, and adds nothing when one does."""
    plain = _bonuses(("mustang", "danto", "sevro"), {"danto": Declaration()})
    new = _bonuses(("mustang", "danto", "sevro"), {"danto": Declaration(color=Color.BLUE)})
    repeated = _bonuses(("mustang", "danto", "sevro"),
                        {"danto": Declaration(color=lookup("sevro").color)})
    mustang = CardId("mustang")
    assert new[mustang] == plain[mustang] + 5
    assert repeated[mustang] == plain[mustang]


@pytest.mark.rule("RULING-F7")
def test_the_faq_list_is_every_non_mimic_end_of_game_card() -> None:
    """Exactly the cards the FAQ names have an end-of-game ability that is not a Gray or
    Orange declaration, and each has a handler that the end-of-game phase resolves."""
    named = {lookup(n).id for n in FAQ_END_OF_GAME}
    with_ability = {c.id for c in catalogue().values()
                    if c.end_of_game is not None and c.color not in (Color.GRAY, Color.ORANGE)}
    assert with_ability == named
    assert all(has_end_of_game_ability(c) for c in named)
    assert [c for c in sorted(named) if abilities(c).end_of_game is None] == []


@pytest.mark.rule("RULING-F7", "RR-END-5")
def test_end_of_game_abilities_resolve_only_in_the_end_of_game_phase() -> None:
    """In whole games, every "resolve an end-of-game ability" choice comes after the last
    turn (phase end_of_game) and picks one of the FAQ's cards."""
    named = {lookup(n).id for n in FAQ_END_OF_GAME}
    resolved = 0
    for seed in range(30):
        events = finished(2 + seed % 5, seed)
        phase = Phase.SETUP
        for event in events:
            if isinstance(event, PhaseChanged):
                phase = event.phase
            if isinstance(event, DecisionMade) and event.source == ByRule("RR-END-5"):
                assert phase is Phase.END_OF_GAME
                assert isinstance(event.option, PickCard) and event.option.card in named
                resolved += 1
    assert resolved > 0, "no game of 30 had two end-of-game abilities to order"
