"""The declaration optimiser (RULING-B3): hand-worked hands, and a brute-force oracle."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rr.cards.catalogue import Card, catalogue, lookup, names
from rr.model import CardId, Color
from rr.scoring.bonuses import EndGame, HandCard, Surroundings
from rr.scoring.optimise import best_declarations, declaration_error
from rr.scoring.registry import BONUSES, end_game_points
from rr.scoring.table import Declaration

from .positions import scored

GRAYS = [c for c in catalogue().values() if c.color is Color.GRAY]
ORANGES = [c for c in catalogue().values() if c.color is Color.ORANGE]
READERS = [
    c for c in catalogue().values()
    if c.color not in (Color.GRAY, Color.ORANGE)
    and (BONUSES[c.id].reads_colors or BONUSES[c.id].reads_names)
]  # fmt: skip
COLOURS: list[Color | None] = [None, *(c for c in Color if c is not Color.GRAY)]


def cards_row(cards: Sequence[Card], declarations: Mapping[CardId, Declaration]) -> int:
    """The end-game points of a hand under these declarations, on an empty table."""
    hand = tuple(HandCard.of(c, declarations.get(c.id)) for c in cards)
    return sum(end_game_points(EndGame(hand, i, Surroundings())) for i in range(len(hand)))


def brute_force(cards: Sequence[Card]) -> int:
    """The best cards row over every colour for each Gray and every name for each Orange."""
    grays = [i for i, c in enumerate(cards) if c.is_gray_mimic]
    oranges = [i for i, c in enumerate(cards) if c.is_orange_mimic]
    variants = {
        i: [HandCard.of(cards[i], Declaration(color=c)) for c in COLOURS] for i in grays
    } | {i: [HandCard.of(cards[i], Declaration(name=n)) for n in names()] for i in oranges}
    hand = [HandCard.of(c) for c in cards]
    around = Surroundings()
    best = None
    for choice in itertools.product(*(variants[i] for i in grays + oranges)):
        for i, declared in zip(grays + oranges, choice):
            hand[i] = declared
        frozen = tuple(hand)
        points = sum(end_game_points(EndGame(frozen, i, around)) for i in range(len(frozen)))
        best = points if best is None else max(best, points)
    assert best is not None
    return best


def optimised(cards: Sequence[Card]) -> tuple[int, dict[CardId, Declaration]]:
    """The optimiser's declarations for a hand on an empty table, and the points they give."""
    chosen = best_declarations(cards, {}, Surroundings())
    return cards_row(cards, chosen), chosen


def cards(*ids: str) -> list[Card]:
    return [lookup(i) for i in ids]


@pytest.mark.rule("RULING-B3", "RR-SCORE-7")
def test_orange_takes_the_name_the_pax_wants() -> None:
    """The Pax with Razor Designer: the Orange is named Darrow (first of the wanted names)."""
    me = scored(["the_pax", "razor_designer"], best=True)
    assert me.declarations == {"razor_designer": Declaration(name="Darrow")}
    assert me.chosen == {"razor_designer"}
    assert me.rows.cards == 20 + 15 + 17


@pytest.mark.rule("RULING-B3", "RR-SCORE-6")
def test_gray_takes_the_colour_cyther_wants() -> None:
    """Cyther with Holiday: the Gray is declared Blue and Cyther scores 16."""
    me = scored(["cyther", "holiday"], best=True)
    assert me.declarations == {"holiday": Declaration(color=Color.BLUE)}
    assert me.cards[0].bonus == 16


@pytest.mark.rule("RULING-B3", "RULING-A7")
def test_two_grays_give_mustang_two_new_colours() -> None:
    """Mustang with two Grays and Darrow: each Gray adds a different new colour (Gold is new
    because Mustang does not count itself)."""
    me = scored(["mustang", "holiday", "trigg", "darrow"], best=True)
    assert me.cards[0].bonus == 5 * 4
    chosen = {d.color for d in me.declarations.values()}
    assert len(chosen) == 2 and not chosen & {Color.GRAY, Color.RED, None}


@pytest.mark.rule("RULING-B3", "RULING-F5")
def test_orange_breaks_a_first_letter_tie_for_codebreaker() -> None:
    """Codebreaker with Cyther (both C): the Orange takes a name with an unused first letter."""
    me = scored(["codebreaker", "cyther"], best=True)
    assert me.cards[0].bonus == 22
    name = me.declarations[CardId("cyther")].name
    assert name in names() and name[0].lower() != "c"


@pytest.mark.rule("RULING-B3")
def test_gray_and_orange_together_for_sevro_and_cyther() -> None:
    """Sevro, Cyther and Holiday: Holiday is Blue for Cyther and Cyther is named for Sevro."""
    me = scored(["sevro", "cyther", "holiday"], best=True)
    assert me.declarations == {
        "holiday": Declaration(color=Color.BLUE),
        "cyther": Declaration(name="The Howlers"),
    }
    assert me.rows.cards == (15 + 20) + (14 + 16) + 15


@pytest.mark.rule("RULING-B3")
def test_given_declarations_are_kept_even_if_worse() -> None:
    """A declaration the player gave is used as given, not improved."""
    me = scored(["cyther", "holiday"], declare={"holiday": Declaration(color=Color.RED)})
    assert me.cards[0].bonus == 0
    assert me.chosen == frozenset()


@pytest.mark.rule("RULING-B3")
def test_no_declaration_when_none_helps() -> None:
    """A Gray with nothing to gain declares nothing."""
    me = scored(["holiday", "darrow"], best=True)
    assert me.declarations == {}


@pytest.mark.rule("RULING-B3", "RULING-A9")
def test_the_optimiser_avoids_harmful_names() -> None:
    """Evey with an Orange: named Darrow (+15), never Mickey the Carver (-15)."""
    me = scored(["evey", "cyther"], best=True)
    assert me.declarations == {"cyther": Declaration(name="Darrow")}


@pytest.mark.rule("RULING-B3")
@settings(max_examples=15, deadline=None)
@given(
    st.lists(st.sampled_from(READERS), min_size=1, max_size=5, unique=True),
    st.sampled_from(GRAYS),
    st.sampled_from(ORANGES),
)
def test_optimiser_matches_brute_force_one_gray_one_orange(
    readers: list[Card], gray: Card, orange: Card
) -> None:
    """With one Gray and one Orange, the optimiser equals a search over every colour and every
    character name."""
    hand = [*readers, gray, orange]
    points, _ = optimised(hand)
    assert points == brute_force(hand)


@pytest.mark.rule("RULING-B3")
@settings(max_examples=10, deadline=None)
@given(
    st.lists(st.sampled_from(READERS), min_size=1, max_size=5, unique=True),
    st.lists(st.sampled_from(GRAYS), min_size=2, max_size=3, unique=True),
)
def test_optimiser_matches_brute_force_several_grays(readers: list[Card],
                                                     grays: list[Card]) -> None:
    """With two or three Grays, the optimiser equals a search over every colour for each."""
    hand = [*readers, *grays]
    points, _ = optimised(hand)
    assert points == brute_force(hand)


@pytest.mark.rule("RULING-B3")
@settings(max_examples=2, deadline=None)
@given(
    st.lists(st.sampled_from(READERS), min_size=1, max_size=3, unique=True),
    st.lists(st.sampled_from(ORANGES), min_size=2, max_size=2, unique=True),
)
def test_optimiser_matches_brute_force_two_oranges(readers: list[Card],
                                                   oranges: list[Card]) -> None:
    """With two Oranges, the optimiser equals a search over every pair of character names."""
    hand = [*readers, *oranges]
    points, _ = optimised(hand)
    assert points == brute_force(hand)


@pytest.mark.rule("RULING-B3", "RULING-F5")
def test_optimiser_matches_brute_force_codebreaker_with_two_oranges() -> None:
    """Codebreaker with two Oranges sharing first letters with other cards: brute force agrees."""
    hand = cards("codebreaker", "cassius", "pulse_armorer", "pulse_fist_engineer", "the_pax")
    points, chosen = optimised(hand)
    assert points == brute_force(hand)
    assert all(declaration_error(c, chosen[c.id]) is None for c in hand if c.id in chosen)


@pytest.mark.rule("RR-SCORE-6", "RR-SCORE-7")
def test_declaration_error_names_what_is_wrong() -> None:
    """A Gray may take one other colour and an Orange a character's name; anything else is
    refused, saying why."""
    holiday, cyther, darrow = cards("holiday", "cyther", "darrow")
    assert declaration_error(holiday, Declaration(color=Color.BLUE)) is None
    assert declaration_error(holiday, Declaration()) is None
    assert declaration_error(cyther, Declaration(name="Darrow")) is None
    assert declaration_error(cyther, Declaration()) is None
    assert declaration_error(darrow, Declaration()) == (
        "Darrow is neither a Gray nor an Orange, so it cannot declare anything")
    assert declaration_error(cyther, Declaration(color=Color.BLUE)) == (
        "Cyther is not a Gray and cannot be declared a colour")
    assert declaration_error(holiday, Declaration(color=Color.GRAY)) == (
        "Holiday is already Gray; declare one *other* colour")
    assert declaration_error(holiday, Declaration(name="Darrow")) == (
        "Holiday is not an Orange and cannot take a name")
    assert declaration_error(cyther, Declaration(name="Bob")) == (
        "'Bob' is not the name of a character")


@pytest.mark.rule("RULING-B3", "RULING-F5")
@pytest.mark.card("codebreaker")
def test_orange_takes_the_first_name_whose_letter_is_free() -> None:
    """Codebreaker, "22 if the first letter of the names of your cards are all different.",
    with Cyther (C like Codebreaker), 4D Painter, Aja, Boneriders and The Jackal ("-30 if
    with Darrow or Octavia."): 4, A, B, C and T are held and Darrow or Octavia would cost
    The Jackal 30, so Cyther takes the first name in alphabetical order that frees its
    letter, Dancer (D is in play only through The Jackal's text), not a later one like Eo."""
    me = scored(["codebreaker", "cyther", "the_jackal", "4d_painter", "aja", "boneriders"],
                best=True)
    assert me.declarations == {"cyther": Declaration(name="Dancer")}
    assert me.cards[0].bonus == 22
    assert [c.bonus for c in me.cards[2:]] == [0, 0, 0, 15]


@pytest.mark.rule("RULING-B3", "RR-SCORE-6")
@pytest.mark.card("fitchner")
def test_a_colour_that_adds_nothing_is_not_declared() -> None:
    """Fitchner, "10 if with a Red. 10 if with Sevro.", already with Darrow (a Red): declaring
    Holiday Red would change nothing, so of the equally good options the one with fewer
    declarations is kept: Holiday declares nothing."""
    me = scored(["fitchner", "darrow", "holiday"], best=True)
    assert me.declarations == {}
    assert me.cards[0].bonus == 10


@pytest.mark.rule("RULING-B3")
@pytest.mark.card("antonia")
def test_a_name_the_mixed_card_likes_beats_one_it_hates() -> None:
    """Antonia, "15 if with The Jackal or 2 other Golds. -10 if with Victra or Sevro.", reads
    both colours and names; The Howlers, "15 if with Sevro.", only names; Cyther, "16 if with
    a Blue.". Holiday Blue (+16 for Cyther) and Cyther named The Jackal (+15 for Antonia) is
    best; naming Cyther Sevro would win The Howlers 15 but cost Antonia 10."""
    me = scored(["antonia", "the_howlers", "holiday", "cyther"], best=True)
    assert me.declarations == {
        "holiday": Declaration(color=Color.BLUE),
        "cyther": Declaration(name="The Jackal"),
    }
    assert [c.bonus for c in me.cards] == [15, 0, 0, 16]
    assert me.rows.cards == (15 + 20 + 15 + 14) + 15 + 16


@pytest.mark.rule("RULING-B3")
def test_scoring_a_card_once_per_sight_changes_no_declaration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The searches score a card once per distinct sight of the Grays' colours or the Oranges'
    names (``_Search.colour_points``, ``name_points``); scoring it for every option instead
    gives the same declarations, ties included, for hands of up to four Grays and two
    Oranges."""
    import random

    from rr.scoring import optimise

    rng = random.Random(21)
    hands = [[*rng.sample(READERS, rng.randint(1, 5)), *rng.sample(GRAYS, rng.randint(0, 4)),
              *rng.sample(ORANGES, rng.randint(0, 2))] for _ in range(150)]
    hands = [h for h in hands if any(c.color in (Color.GRAY, Color.ORANGE) for c in h)]
    around = Surroundings()
    with_sight = [best_declarations(h, {}, around) for h in hands]
    monkeypatch.setattr(optimise._Search, "colour_points", optimise._Search.points)
    monkeypatch.setattr(optimise._Search, "name_points", optimise._Search.points)
    assert [best_declarations(h, {}, around) for h in hands] == with_sight
    assert len(hands) > 100


@pytest.mark.rule("RULING-B3")
@pytest.mark.parametrize("combinations", [0, 24, 10_000])
def test_best_points_are_the_points_of_the_chosen_declarations(
    monkeypatch: pytest.MonkeyPatch, combinations: int
) -> None:
    """``best_points`` (what search reads, issue #32) equals the hand's points under the
    declarations ``best_declarations`` chooses, for hands of up to four Grays and three
    Oranges among readers and other cards, some declarations given: whether it tries the
    candidates of cards read together itself (any number, 10,000) or leaves them to the
    optimiser (0), or as it does (24), Codebreaker's first letters included; without
    ``given``, it equals brute force for hands of one Gray and one Orange."""
    import random

    from rr.scoring import optimise

    monkeypatch.setattr(optimise, "DIRECT_COMBINATIONS", combinations)
    rng = random.Random(32)
    others = [c for c in catalogue().values() if c not in READERS
              and c.color not in (Color.GRAY, Color.ORANGE)]
    compared = free = 0
    for _ in range(250):
        hand = [*rng.sample(READERS, rng.randint(0, 5)), *rng.sample(others, rng.randint(0, 3)),
                *rng.sample(GRAYS, rng.randint(0, 4)), *rng.sample(ORANGES, rng.randint(0, 3))]
        rng.shuffle(hand)
        given = {c.id: Declaration(color=Color.RED) if c.is_gray_mimic else
                 Declaration(name="Sevro") for c in hand
                 if (c.is_gray_mimic or c.is_orange_mimic) and rng.random() < 0.2}
        chosen = {**given, **best_declarations(hand, given, Surroundings())}
        assert optimise.best_points(hand, given, Surroundings()) == cards_row(hand, chosen)
        compared += 1
        free += len(chosen) > len(given)
    codebreaker = lookup("codebreaker")  # compares first letters (RULING-F5)
    for _ in range(40):
        hand = [codebreaker, *rng.sample(others, rng.randint(1, 5)),
                *rng.sample(ORANGES, rng.randint(1, 2)), *rng.sample(GRAYS, rng.randint(0, 1))]
        chosen = best_declarations(hand, {}, Surroundings())
        assert optimise.best_points(hand, {}, Surroundings()) == cards_row(hand, chosen)
    for _ in range(12):
        hand = [*rng.sample(READERS, rng.randint(1, 4)), rng.choice(GRAYS), rng.choice(ORANGES)]
        assert optimise.best_points(hand, {}, Surroundings()) == brute_force(hand)
    assert compared == 250 and free > 150
