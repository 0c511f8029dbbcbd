"""Observations (rr.observation, issue #13): fixed-size, and built only from what the seat knows
(RR-VIEW-5..7) — the same for every game of its information set."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rr.actions import action_of
from rr.automa import automa_table
from rr.cards.catalogue import all_ids
from rr.decisions import Ask
from rr.engine import Game
from rr.errors import BadInputError
from rr.events.types import Phase
from rr.model import CardId, Location
from rr.narrate import card_name
from rr.observation import (
    CARD_FIELDS,
    LAYOUT,
    OBSERVATION_SIZE,
    STATE_SIZE,
    layout_markdown,
    observation,
    observation_string,
    private_observation,
    public_observation,
    state_vector,
)
from rr.options import Scout
from rr.scenario import Scenario
from rr.views import HIDDEN

ROOT = Path(__file__).resolve().parents[2]


def card_index(card: str) -> int:
    return sorted(all_ids()).index(CardId(card))


def segment(vector: list[float], name: str) -> list[float]:
    start, size = LAYOUT[name]
    return vector[start:start + size]


@pytest.mark.rule("RR-VIEW-7")
@given(seed=st.integers(0, 2**32), players=st.sampled_from([1, 2, 3, 4, 6]))
def test_two_samples_of_an_information_set_give_the_same_observation(seed: int,
                                                                    players: int) -> None:
    """At decisions of a random game, two samples of a seat's information set give that seat
    the observation and string the game gives it (solo games included)."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed)
    checked = 0
    while game.pending is not None:
        if checked == 0 or rng.random() < 0.2:
            seat = rng.choice([s for s in game.state.seats if not game.state.is_automa(s)])
            wanted = observation(game, seat), observation_string(game, seat)
            for _ in range(2):
                sample = game.sample_for(seat, rng)
                assert (observation(sample, seat), observation_string(sample, seat)) == wanted
            checked += 1
        game.choose(rng.choice(game.pending.options))
    assert checked > 0


def hidden_card_game(opponent_card: str, face_down: str) -> Game:
    """Seat 0 to play; seat 1 holds Sevro and ``opponent_card``; on Mars, ``face_down`` lies
    face down under Pelus, and seat 0 does not know it."""
    return (Scenario(3).hand(0, "judge", "uncle_narol").hand(1, "sevro", opponent_card)
            .hand(2, "the_jackal").at(Location.MARS, face_down, "pelus", face_down=[face_down])
            .turn(0))


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-4")
def test_a_hidden_card_does_not_change_the_observation() -> None:
    """Changing a card in an opponent's hand, or a face-down card, leaves seat 0's observation
    and string as they were; the opponent's own observation does change."""
    one = hidden_card_game("darrow", face_down="cassius")
    other = hidden_card_game("mustang", face_down="tactus")
    assert observation(one, 0) == observation(other, 0)
    assert observation_string(one, 0) == observation_string(other, 0)
    assert observation(one, 1) != observation(other, 1)
    assert "Darrow" in observation_string(one, 1) and "Darrow" not in observation_string(one, 0)


def test_the_layout_tiles_the_vector() -> None:
    """The segments follow each other without gaps or overlaps and fill the vector."""
    at = 0
    for start, size in LAYOUT.values():
        assert start == at and size > 0
        at += size
    assert at == OBSERVATION_SIZE == len(observation(Game.new(2, seed=1), 0))
    assert layout_markdown().count("\n") == len(LAYOUT) + 2


@pytest.mark.rule("RR-VIEW-1")
def test_the_vector_shows_the_hand_the_stacks_and_the_pending_decision() -> None:
    """Seat 0's own hand, a face-up card's location and height, a face-down card as an unknown
    slot under it, and its own Lead-or-Scout decision are where the layout says."""
    game = hidden_card_game("darrow", face_down="cassius")
    mine, theirs = observation(game, 0), observation(game, 1)
    hand = segment(mine, "hand")
    assert hand[card_index("judge")] == hand[card_index("uncle_narol")] == 1.0 and sum(hand) == 2
    assert segment(mine, "location")[card_index("pelus") * 4 + 1] == 1.0  # Mars is location 1
    assert segment(mine, "height")[card_index("pelus")] == 1.0  # the top card
    assert segment(mine, "face_down_slots")[1 * 8 + 1] == 1.0  # under it
    assert segment(mine, "stack_sizes") == [0.0, 2 / 112, 0.0, 0.0]  # cards of the 112
    assert segment(mine, "face_down_counts") == [0.0, 1 / 112, 0.0, 0.0]
    pending = segment(mine, "pending")
    assert pending[0] == 1.0 and pending[1 + list(Ask).index(Ask.TURN)] == 1.0
    assert segment(theirs, "pending")[0] == 0.0
    players = segment(mine, "players")
    assert players[0] == 1.0 and players[5] == 2 / (2 + 8)  # slot 0: present, 2 cards in hand
    assert segment(theirs, "players")[2 * 20 + 5] == 2 / (2 + 8)  # seat 0 is seat 1's slot 2


def test_a_seat_that_is_not_in_the_game_is_refused() -> None:
    """Observing a seat the game does not have is a typed error that names it."""
    game = Game.new(2, seed=1)
    for seat in (2, -1):
        with pytest.raises(BadInputError, match=f"no seat {seat}"):
            observation(game, seat)
        with pytest.raises(BadInputError, match=f"no seat {seat}"):
            observation_string(game, seat)


def test_the_string_shows_the_options_only_to_the_seat_that_decides() -> None:
    """The pending decision's options appear in the deciding seat's string only."""
    game = Game.new(3, seed=4)
    seat = game.pending.seat  # type: ignore[union-attr]
    assert "options: " in observation_string(game, seat)
    assert "options: " not in observation_string(game, (seat + 1) % 3)
    assert action_of(Scout()) in game.legal_actions()


def test_the_core_observation_needs_no_numpy() -> None:
    """rr.observation, rr.actions and the engine import and observe without importing numpy
    (the core install keeps its run-time dependencies; numpy is the pettingzoo extra's)."""
    code = ("import sys; from rr.engine import Game; from rr.observation import observation; "
            "from rr.actions import NUM_ACTIONS; g = Game.new(2, seed=1); observation(g, 0); "
            "g.choose_action(g.legal_actions()[0]); g.action_mask(); "
            "sys.exit('numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False)
    assert done.returncode == 0, "importing the core imported numpy"


def nonzero(vector: list[float], name: str) -> set[int]:
    return {i for i, value in enumerate(segment(vector, name)) if value}


def check_against_the_view(game: Game, seat: int) -> None:
    """Each segment of the vector says what the seat's view says, recomputed here."""
    vector, v = observation(game, seat), game.view(seat)
    assert len(vector) == OBSERVATION_SIZE and all(0.0 <= x <= 1.0 for x in vector)
    players, cards = len(v.players), sorted(all_ids())
    assert nonzero(vector, "hand") == {cards.index(c) for c in v.hand or ()}
    shown = {(cards.index(c), li) for li, (_, stack) in enumerate(v.locations) for c in stack
             if c != HIDDEN}
    assert nonzero(vector, "location") == {c * 4 + li for c, li in shown}
    assert nonzero(vector, "face_down_slots") == {
        li * 8 + len(stack) - 1 - p for li, (_, stack) in enumerate(v.locations)
        for p, c in enumerate(stack) if c == HIDDEN and len(stack) - 1 - p < 8}
    assert segment(vector, "stack_sizes") == [len(stack) / 112 for _, stack in v.locations]
    in_hands = {cards.index(k.card) * 5 + (k.zone.seat - seat) % players - 1
                for k in v.known_elsewhere if k.zone.seat is not None}
    assert nonzero(vector, "known_in_hands") == in_hands
    assert nonzero(vector, "known_in_deck") == {cards.index(k.card) for k in v.known_elsewhere
                                                if k.depth is not None}
    block = segment(vector, "players")
    for slot in range(players):
        other = (seat + slot) % players
        fields, p = block[slot * 20:(slot + 1) * 20], v.players[other]
        assert fields[1] == float(game.state.is_automa(other))
        assert fields[2:7] == [p.helium / (p.helium + 10), p.fleet / 10, p.influence / 10,
                               p.hand_size / (p.hand_size + 8), p.turns / (p.turns + 20)]
        total = v.totals[other] if v.totals is not None else None
        assert fields[12] == (0.5 + 0.5 * total / (abs(total) + 100) if total is not None
                              else 0)
        assert fields[13] == float(v.winners is not None and other in v.winners)
    table = segment(vector, "table")
    assert table[:4] == [v.neutral_influence / (v.neutral_influence + 5), v.deck_size / 112,
                         len(v.banished) / 112, v.end_triggered_by is not None]
    assert nonzero(vector, "table") - {0, 1, 2, 3} == {4 + list(Phase).index(v.phase)}
    solo = segment(vector, "solo")
    if v.solo is None:
        assert not any(solo)
        return
    s, automa = v.solo, list(automa_table().ids())
    assert solo[:6] == [1, s.level / 6, s.deck_size / 22, s.set_aside / 22,
                        s.parity == "odd", s.parity == "even"]
    shown = {i for i, value in enumerate(solo) if value and i >= 6}
    wanted = {10 + list(Location).index(loc) * 4 + automa_table().letters.index(letter)
              for loc, letter in s.priority}
    wanted |= {6 + list(Location).index(s.luna_card)} if s.luna_card is not None else set()
    wanted |= {28 + automa.index(c) for c in s.discard}
    wanted |= {28 + 22 + automa.index(c) for c in s.drawn}
    assert shown == wanted


@pytest.mark.rule("RR-VIEW-5", "RR-SOLO-8")
@pytest.mark.parametrize("players", [1, 4])
def test_every_segment_says_what_the_view_says(players: int) -> None:
    """At many positions of a random game (solo included), and once it is over, the known
    cards elsewhere, the players, the table and Au Toma's components are where the layout
    says, and the string names cards known in the deck by depth and the pending decision."""
    rng = random.Random(players)
    game = Game.new(players, seed=players)
    while game.pending is not None:
        if rng.random() < 0.3:
            for seat in game.state.seats:
                if not game.state.is_automa(seat):
                    check_against_the_view(game, seat)
                    text = observation_string(game, seat)
                    assert f"pending: P{game.pending.seat} " in text
                    for known in game.view(seat).known_elsewhere:
                        if known.depth is not None:
                            line = f"known: {card_name(known.card)} in deck at depth "
                            assert f"{line}{known.depth}" in text
        game.choose(rng.choice(game.pending.options))
    for seat in game.state.seats:
        check_against_the_view(game, seat)
    assert "winners: " in observation_string(game, 0)


@pytest.mark.rule("RR-VIEW-1", "RR-VIEW-4")
@pytest.mark.parametrize("players", [2, 6])
def test_public_and_private_observations_split_what_a_seat_knows(players: int) -> None:
    """The public observation is the same for every seat and names no hand nor unknown
    face-down card; the private one holds only the seat's hand and the cards it knows in
    hidden places; both lie in [0, 1]."""
    rng = random.Random(players)
    game = Game.new(players, seed=40 + players)
    while game.pending is not None:
        if rng.random() < 0.1:
            public = public_observation(game)
            assert all(0.0 <= x <= 1.0 for x in public)
            for name in ("hand", "known_face_down", "known_in_hands", "known_in_deck"):
                assert not any(segment(public, name))
            assert segment(public, "pending")[0] == 0.0
            for seat in game.state.seats:
                private = private_observation(game, seat)
                full = observation(game, seat)
                assert segment(private, "hand") == segment(full, "hand")
                assert segment(private, "known_in_hands") == segment(full, "known_in_hands")
                assert not any(segment(private, "players") + segment(private, "table"))
                known_down = nonzero(private, "known_face_down")
                assert nonzero(private, "location") == {
                    i for i in nonzero(full, "location") if i // 4 in known_down}
        game.choose(rng.choice(game.pending.options))


def test_the_state_vector_holds_every_hidden_card() -> None:
    """state_vector (privileged, for centralised critics) says where every card truly is:
    each card in exactly one place, the deck's order by height, every hand; in [0, 1]."""
    game = Game.new(4, seed=3)
    for _ in range(30):
        game.choose(game.pending.options[0])  # type: ignore[union-attr]
    vector = state_vector(game)
    assert len(vector) == STATE_SIZE and all(0.0 <= x <= 1.0 for x in vector)
    cards = sorted(all_ids())
    for i, card_id in enumerate(cards):
        fields = vector[i * CARD_FIELDS:(i + 1) * CARD_FIELDS]
        assert sum(fields[:CARD_FIELDS - 2]) == 1.0, card_id  # one place
    deck = game.state.deck
    top = cards.index(deck[-1]) * CARD_FIELDS
    assert vector[top] == 1.0 and vector[top + CARD_FIELDS - 2] == 1.0  # the deck's top card
    for seat, player in enumerate(game.state.players):
        for c in player.hand:
            assert vector[cards.index(c) * CARD_FIELDS + 1 + 4 + seat] == 1.0
