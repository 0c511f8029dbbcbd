"""Solo setup against Tull Au Toma (RR-SOLO-1 to RR-SOLO-7)."""

from __future__ import annotations

import itertools

import pytest

from rr.automa import AU_TOMA, LEVELS, Extra, Parity, SoloState, automa_table
from rr.cards.catalogue import all_ids
from rr.cards.catalogue import card as card_data
from rr.engine import Game
from rr.errors import BadInputError, DivergenceError
from rr.events.types import (
    AutomaCardsSetAside, AutomaDeckShuffled, CardDealt, CardsRemoved, DeckShuffled, HousesDealt,
    OddEvenCardPlaced, Phase, PhaseChanged, PriorityCardsDealt,
)
from rr.model import LOCATIONS, CardId, House, Location, Zone
from rr.rules.solo import odd_even
from rr.ruleset import Ruleset
from rr.scenario import Scenario
from rr.state import fold

from .support import HER, ME, of_type

VARIANT = Ruleset(au_toma_variant=True)


@pytest.mark.rule("RR-SOLO-1")
@pytest.mark.rule("RULING-T13")
def test_one_player_plays_against_au_toma_in_seat_1() -> None:
    """Game.new with one name starts a 2-seat game whose seat 1 is Tull Au Toma, with no house."""
    game = Game.new(["Ana"], seed=1, houses=["mars"])
    assert [p.name for p in game.state.players] == ["Ana", AU_TOMA]
    assert game.state.is_automa(HER) and not game.state.is_automa(ME)
    assert game.state.players[ME].house is House.MARS
    assert game.state.players[HER].house is None
    assert game.state.solo is not None and game.state.solo.level == 2


@pytest.mark.rule("RR-SOLO-16")
def test_levels_are_1_to_6_and_only_for_solo() -> None:
    """A level outside 1-6, or a level in a game of several players, is a user mistake."""
    for level in LEVELS:
        solo_state = Game.new(1, level=level).state.solo
        assert solo_state is not None and solo_state.level == level
    for bad in (0, 7):
        with pytest.raises(BadInputError):
            Game.new(["Ana"], level=bad)
    with pytest.raises(BadInputError):
        Game.new(["Ana", "Bo"], level=3)


@pytest.mark.rule("RR-SOLO-2")
def test_her_deck_is_shuffled_and_4_set_aside() -> None:
    """Setup shuffles the 22 Au Toma cards (a recorded outcome) and sets the top 4 aside."""
    game = Game.new(["Ana"], seed=5)
    shuffled = of_type(game.events, AutomaDeckShuffled)[0]
    assert sorted(shuffled.automa_cards) == list(range(1, 23))
    aside = of_type(game.events, AutomaCardsSetAside)[0]
    assert aside.automa_cards == shuffled.automa_cards[-4:]
    solo_state = game.state.solo
    assert solo_state is not None
    assert len(solo_state.set_aside) == 4
    assert len(solo_state.deck) + len(solo_state.discard) == 18


@pytest.mark.rule("RR-SOLO-3")
def test_one_priority_card_per_location() -> None:
    """The 4 priority cards are shuffled (a recorded outcome), one at each location."""
    game = Game.new(["Ana"], seed=2)
    dealt = of_type(game.events, PriorityCardsDealt)[0]
    assert sorted(dealt.letters) == ["A", "B", "C", "D"]
    view = game.view(ME).solo
    assert view is not None and view.priority == tuple(zip(LOCATIONS, dealt.letters))


@pytest.mark.rule("RR-SOLO-3")
def test_a_recorded_deal_of_other_priority_cards_is_refused() -> None:
    """The recorded outcome must be a shuffle of her four cards A-D: four other, distinct
    letters (which the fold alone would take) diverge at that record."""
    events = list(Game.new(["Ana"], seed=2).events)
    index = next(i for i, e in enumerate(events) if isinstance(e, PriorityCardsDealt))
    events[index] = PriorityCardsDealt(("W", "X", "Y", "Z"))
    fold(events[:index + 1])  # four distinct letters: nothing the fold itself refuses
    with pytest.raises(DivergenceError) as err:
        Game.resume(events)
    assert err.value.index == index
    assert err.value.expected == "a random outcome for the priority cards"


@pytest.mark.rule("RR-SOLO-4")
def test_luna_bonus_card_pairs_a_with_d_and_b_with_c() -> None:
    """The Luna card shows the location of D when Luna holds A (and back), C for B (and back)."""
    pair = {"A": "D", "D": "A", "B": "C", "C": "B"}
    for letters in itertools.permutations("ABCD"):
        state = SoloState(seat=1, level=2, priority=letters)
        luna = letters[LOCATIONS.index(Location.LUNA)]
        assert letters[LOCATIONS.index(state.luna_card())] == pair[luna]


@pytest.mark.rule("RR-SOLO-5")
@pytest.mark.rule("RR-SOLO-17")
@pytest.mark.rule("RULING-T7")
def test_five_characters_are_removed_four_kept_by_the_variant() -> None:
    """Auctioneer, Eo, Loan Shark, Psychologist and Roque leave the game; the variant keeps
    all but Loan Shark."""
    game = Game.new(["Ana"], seed=3)
    removed = of_type(game.events, CardsRemoved)[0].cards
    assert set(removed) == {"auctioneer", "eo", "loan_shark", "psychologist", "roque"}
    deck = of_type(game.events, DeckShuffled)[0].order
    assert len(deck) == 107 and not set(removed) & set(deck)
    kept = Game.new(["Ana"], seed=3, ruleset=VARIANT)
    assert of_type(kept.events, CardsRemoved)[0].cards == ("loan_shark",)
    assert len(of_type(kept.events, DeckShuffled)[0].order) == 111
    assert Ruleset().au_toma_variant is False


@pytest.mark.rule("RR-SOLO-6")
def test_her_hand_of_2_no_house_and_the_neutral_influence() -> None:
    """She is dealt 2 cards and no house; the player 5; the neutral house has 3 Influence."""
    game = Game.new(["Ana"], seed=4, houses=["diana"])
    assert of_type(game.events, HousesDealt)[0].houses == (House.DIANA, None)
    assert game.state.neutral_influence == 3
    dealt = of_type(game.events, CardDealt)
    assert sum(1 for e in dealt if e.to == Zone.hand(HER)) == 2
    assert sum(1 for e in dealt if e.to == Zone.hand(ME)) == 5


@pytest.mark.rule("RR-SOLO-7")
def test_odd_even_card_follows_the_8_board_cards_ties_even() -> None:
    """ODD only when most of the 8 board cards have an odd core value; a tie shows EVEN."""
    odd_cards = [c for c in all_ids() if _core(c) % 2][:8]
    even_cards = [c for c in all_ids() if not _core(c) % 2][:8]
    board = (Scenario(2).at(Location.JUPITER, *odd_cards[:2]).at(Location.MARS, *odd_cards[2:4])
             .at(Location.LUNA, *odd_cards[4:5], *even_cards[:1])
             .at(Location.INSTITUTE, *even_cards[1:3]))
    assert odd_even(board.state()) is Parity.ODD  # 5 odd, 3 even
    tie = (Scenario(2).at(Location.JUPITER, *odd_cards[:2]).at(Location.MARS, *odd_cards[2:4])
           .at(Location.LUNA, *even_cards[:2]).at(Location.INSTITUTE, *even_cards[2:4]))
    assert odd_even(tie.state()) is Parity.EVEN
    game = Game.new(["Ana"], seed=8)
    placed = of_type(game.events, OddEvenCardPlaced)[0]
    view = game.view(ME).solo
    assert view is not None and view.parity == ("odd" if placed.odd else "even")
    assert Parity.of(0) is Parity.EVEN


def _core(card: str) -> int:
    return card_data(card).core_value


@pytest.mark.rule("RULING-T1")
@pytest.mark.rule("RULING-T3")
def test_her_table_is_data_with_its_doubts_marked() -> None:
    """The 22 cards, ids 1-22, come from rr/data/au_toma.json; cards 5 and 6 are identical and
    both carry RULING-T1."""
    table = automa_table()
    assert table.ids() == tuple(range(1, 23))
    five, six = table.card(5), table.card(6)
    assert (five.deploy, five.gain, five.arrow, five.extra) == \
        (six.deploy, six.gain, six.arrow, six.extra)
    assert five.doubt == six.doubt == "RULING-T1"
    assert [c.id for c in table.cards if c.doubt] == [5, 6]
    assert sum(c.extra is Extra.BONUS for c in table.cards) == 14
    assert [(lv.matching, lv.nonmatching) for lv in table.levels] == \
        [(5, 2), (6, 3), (8, 4), (10, 5), (12, 6), (14, 7)]


@pytest.mark.rule("RULING-T1")
def test_the_shared_source_table_matches() -> None:
    """rr/data/au_toma.json holds the same 22 rows as ../shared/data/automa.json."""
    import json
    from pathlib import Path
    shared = Path(__file__).resolve().parents[3] / "shared" / "data" / "automa.json"
    if not shared.exists():
        pytest.skip("no ../shared checkout")
    rows = json.loads(shared.read_text())["normal_cards"]
    names = {"Jupiter": Location.JUPITER, "Mars": Location.MARS, "Luna": Location.LUNA,
             "The Institute": Location.INSTITUTE}
    for row in rows:
        card = automa_table().card(row["id"])
        for section, text in ((card.deploy, row["deploy"]), (card.gain, row["gain"])):
            assert (section.location == names[text]) if text in names else section.letter == text
        assert card.arrow.value == row["tiebreaker"] and card.extra.value == row["extra"]


@pytest.mark.rule("RR-SOLO-6")
@pytest.mark.rule("RR-SOLO-7")
def test_the_board_is_dealt_as_usual_and_the_odd_even_card_reads_it() -> None:
    """Setup deals 2 cards to each location as in a 2-player game; the odd/even card shows the
    side the 8 board cards call for; play then begins."""
    for seed in range(12):
        game = Game.new(["Ana"], seed=seed)
        events = game.events
        setup_end = next(i for i, e in enumerate(events) if isinstance(e, PhaseChanged))
        board = fold(events[:setup_end])
        assert [len(board.stack(loc)) for loc in LOCATIONS] == [2, 2, 2, 2]
        placed = of_type(events, OddEvenCardPlaced)[0]
        assert placed.odd == (odd_even(board) is Parity.ODD)
        assert events[setup_end] == PhaseChanged(Phase.PLAY)


@pytest.mark.rule("RR-SOLO-2")
@pytest.mark.rule("RR-SOLO-3")
@pytest.mark.rule("RR-SOLO-5")
def test_a_recorded_setup_outcome_the_rules_cannot_draw_is_a_divergence() -> None:
    """Replaying a log whose priority cards or deck the rules could not have drawn (a letter E,
    a removed card in the deck) stops at that record."""
    game = Game.new(["Ana"], seed=1)
    events = list(game.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, PriorityCardsDealt))
    bad = events[:at] + [PriorityCardsDealt(("A", "B", "C", "E"))] + events[at + 1:]
    with pytest.raises(DivergenceError):
        Game.resume(bad)
    at = next(i for i, e in enumerate(events) if isinstance(e, DeckShuffled))
    order = events[at].order  # type: ignore[union-attr]
    swapped = DeckShuffled((CardId("roque"),) + order[1:])
    with pytest.raises(DivergenceError):
        Game.resume(events[:at] + [swapped] + events[at + 1:])


@pytest.mark.rule("RR-SOLO-8")
def test_her_piles_after_a_draw_or_discard_keep_every_other_field() -> None:
    """The fold's shortcut for Au Toma's piles (issue #32) gives what ``attrs.evolve`` gives,
    on a state whose every field differs: a field added or reordered in ``SoloState``
    without the shortcut fails here."""
    from attrs import evolve, fields

    from rr.events.solo import _piles
    solo = SoloState(seat=1, level=3, deck=(1, 2), set_aside=(3,), discard=(4,), drawn=(5,),
                     priority=("A", "B", "C", "D", "E", "F", "G"), parity=Parity.ODD,
                     removed=(CardId(7),))
    assert [f.name for f in fields(SoloState)] == [
        "seat", "level", "deck", "set_aside", "discard", "drawn", "priority", "parity",
        "removed"]
    assert _piles(solo, (9,), (8, 4), (6, 5)) == evolve(solo, deck=(9,), discard=(8, 4),
                                                         drawn=(6, 5))
