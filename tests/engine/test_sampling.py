"""RR-VIEW-7: ``Game.sample_for`` draws a game from a seat's information set."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rr.decisions import Ask, ByCard, ByRule
from rr.engine import Game, SamplingError
from rr.errors import BadInputError
from rr.knowledge import knows
from rr.scenario import Scenario
from rr.events.types import (
    AutomaCardDrawn, AutomaCardsDiscarded, CardGained, DecisionMade, DeckShuffled, HeliumGained,
    Phase, TurnKind, TurnStarted,
)
from rr.knowledge import known_cards
from rr.model import CardId, Location, Zone
from rr.options import Lead, PickCard
from rr.sampling import relabel_event, relabel_state, restart_point, unknown_cards
from rr.state import fold


def play_until(players: int, seed: int, stop: Callable[[Game], bool], limit: int = 2000
               ) -> Game:
    """A random game of ``players`` played until ``stop`` holds (or it is over)."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed)
    for _ in range(limit):
        if game.pending is None or stop(game):
            return game
        game.choose(rng.choice(game.pending.options))
    raise AssertionError("the condition never held")


@pytest.mark.rule("RR-VIEW-7")
def test_a_sample_shows_the_seat_what_the_game_shows_it() -> None:
    """Given a game in progress, every sample of seat 1's information set gives seat 1 the
    same view, pending decision included, and keeps every card it knows in place."""
    game = play_until(4, 3, lambda g: g.state.events > 120)
    rng = random.Random(1)
    for _ in range(10):
        sample = game.sample_for(1, rng)
        assert sample.view(1) == game.view(1)
        assert sample.state.hand(1) == game.state.hand(1)
        for card in set(game.state.deck) | set(game.state.face_down):
            if knows(game.state, 1, card):
                assert sample.state.zone_of(card) == game.state.zone_of(card)


@pytest.mark.rule("RR-VIEW-7")
def test_a_sample_deals_the_unknown_cards_anew() -> None:
    """The cards seat 0 does not know are dealt again at random among the same places: the
    other hands and the deck differ between samples, their sizes do not."""
    game = play_until(3, 8, lambda g: g.state.events > 60)
    rng = random.Random(2)
    samples = [game.sample_for(0, rng) for _ in range(5)]
    others = {(s.state.hand(1), s.state.hand(2), s.state.deck) for s in samples}
    assert len(others) == 5
    for s in samples:
        assert [len(s.state.hand(i)) for i in range(3)] == \
            [len(game.state.hand(i)) for i in range(3)]
        assert sorted(unknown_cards(s.state, 0)) == sorted(unknown_cards(game.state, 0))


@pytest.mark.rule("RR-VIEW-7")
def test_play_goes_on_from_a_sample_to_the_end() -> None:
    """A sample is a game like any other: random play goes on from it to the final scores,
    while the game it was drawn from is left as it was."""
    game = play_until(4, 5, lambda g: g.state.events > 200)
    events = game.events
    sample = game.sample_for(2, random.Random(0))
    rng = random.Random(7)
    while sample.pending is not None:
        sample.choose(rng.choice(sample.pending.options))
    assert sample.state.winners
    assert game.events == events


@pytest.mark.rule("RR-VIEW-7", "RULING-B8")
def test_a_sample_can_be_drawn_in_the_middle_of_an_ability() -> None:
    """Inside an ability (a card decision of a card's handler), samples of every seat replay
    the turn so far and stop at the same question."""
    game = play_until(4, 11, lambda g: g.pending is not None and g.pending.ask is Ask.CARD
                      and isinstance(g.pending.source, ByCard))
    assert game.pending is not None
    rng = random.Random(3)
    for seat in game.state.seats:
        sample = game.sample_for(seat, rng)
        assert sample.view(seat).pending == game.view(seat).pending


@pytest.mark.rule("RR-VIEW-7", "RULING-B9")
def test_a_sample_during_the_end_of_the_game() -> None:
    """During the end-of-game steps, samples of each seat agree with the game on its view."""
    game = play_until(5, 4, lambda g: g.state.phase.value == "end_of_game")
    rng = random.Random(4)
    for seat in game.state.seats:
        assert game.sample_for(seat, rng).view(seat) == game.view(seat)


def test_bad_seat_and_games_without_a_log() -> None:
    """A seat that does not exist is a user mistake; a game built from a position (no log)
    cannot be sampled."""
    game = Game.new(2, seed=1)
    with pytest.raises(BadInputError, match="no seat 5"):
        game.sample_for(5, random.Random(0))
    positioned = Scenario(2).hand(0, "sevro").turn(0)
    with pytest.raises(SamplingError, match="no log"):
        positioned.sample_for(0, random.Random(0))


@pytest.mark.rule("RR-VIEW-7")
def test_samples_are_reproducible_from_the_generator() -> None:
    """The same random generator state gives the same sample."""
    game = play_until(3, 2, lambda g: g.state.events > 50)
    a = game.sample_for(1, random.Random(9))
    b = game.sample_for(1, random.Random(9))
    assert a.state == b.state and a.events == b.events and a.pending == b.pending


def test_the_unknown_cards_of_a_seat() -> None:
    """A seat's unknown cards: the deck, the face-down cards it did not place, the other
    hands — never its own hand or a card it knows."""
    game = play_until(3, 8, lambda g: g.state.events > 60)
    state = game.state
    unknown = set(unknown_cards(state, 0))
    assert set(state.hand(1)) <= unknown | known_cards(state, 0)
    assert set(state.hand(2)) <= unknown | known_cards(state, 0)
    assert set(state.hand(1)) & unknown and set(state.hand(2)) & unknown
    assert not set(state.hand(0)) & unknown
    assert unknown == {c for c in [*state.deck, *state.face_down, *state.hand(1),
                                   *state.hand(2)] if not knows(state, 0, c)}


@pytest.mark.rule("RR-VIEW-7")
def test_every_other_hand_is_dealt_anew() -> None:
    """Across samples of seat 0, each other player's hand changes (its size does not)."""
    game = play_until(3, 8, lambda g: g.state.events > 60)
    rng = random.Random(5)
    samples = [game.sample_for(0, rng) for _ in range(4)]
    for other in (1, 2):
        assert len({s.state.hand(other) for s in samples}) > 1


@pytest.mark.rule("RR-VIEW-7")
def test_restart_points() -> None:
    """The rules restart from the start of the turn under way (the outermost one), of an
    end-of-game step, or from the start of the game during setup."""
    game = Game.new(3, seed=1)
    setup_only = [e for e in game.events if not isinstance(e, TurnStarted)]
    assert restart_point(setup_only[:5]) is None
    point = restart_point(game.events)
    assert point is not None
    index, state, _ = point
    assert isinstance(game.events[index], TurnStarted) and state == fold(game.events[:index])
    ended = play_until(3, 4, lambda g: g.state.phase is Phase.END_OF_GAME
                       and g.state.turn_seat is not None)
    index, state, _ = restart_point(ended.events)  # type: ignore[misc]
    step = ended.events[index]
    assert isinstance(step, TurnStarted) and step.kind is TurnKind.END_OF_GAME
    assert step.seat == ended.state.turn_seat


@pytest.mark.rule("RR-VIEW-7", "RR-END-4")
def test_a_sample_during_apollos_last_turn() -> None:
    """During Apollo's last turn, samples restart from that turn and then end the game."""
    for seed in range(60):
        game = play_until(3, seed, lambda g: any(
            kind is TurnKind.APOLLO_LAST for _, kind in g.state.turns))
        if game.pending is not None:
            break
    else:
        raise AssertionError("no game reached Apollo's last turn")
    point = restart_point(game.events)
    assert point is not None
    assert game.events[point[0]] == TurnStarted(game.state.turn_seat, TurnKind.APOLLO_LAST)
    sample = game.sample_for(0, random.Random(0))
    assert sample.view(0) == game.view(0)
    rng = random.Random(1)
    while sample.pending is not None:
        sample.choose(rng.choice(sample.pending.options))
    assert sample.state.is_over


def test_relabelling_an_event_names_the_new_cards() -> None:
    """Relabelling renames the cards an event names — its card fields, a picked card and a
    decision's card source — and nothing else."""
    sigma = {CardId("sevro"): CardId("darrow"), CardId("mustang"): CardId("nero")}
    assert relabel_event(CardGained(0, "sevro", Zone.deck()), sigma) == \
        CardGained(0, "darrow", Zone.deck())
    assert relabel_event(DeckShuffled(("sevro", "pelus")), sigma) == \
        DeckShuffled(("darrow", "pelus"))
    assert relabel_event(DecisionMade(1, ByCard("mustang"), PickCard("sevro")), sigma) == \
        DecisionMade(1, ByCard("nero"), PickCard("darrow"))
    lead = DecisionMade(1, ByRule("RR-TURN-1"), Lead("pelus", Location.MARS))
    assert relabel_event(lead, sigma) == lead
    assert relabel_event(HeliumGained(0, 1), sigma) == HeliumGained(0, 1)


@pytest.mark.rule("RR-VIEW-7", "RR-SOLO-2")
def test_a_solo_sample_deals_au_tomas_hand_and_deck_anew() -> None:
    """Against Au Toma, a sample redeals her unknown hand cards and reorders her own deck and
    set-aside cards (nobody knows them), and shows the player the same view."""
    rng = random.Random(3)
    game = Game.new(["Ana"], seed=6, level=3)
    while game.pending is not None and game.state.events < 80:
        game.choose(rng.choice(game.pending.options))
    solo = game.state.solo
    assert solo is not None and len(solo.deck) > 2
    samples = [game.sample_for(0, rng) for _ in range(6)]
    assert all(s.view(0) == game.view(0) for s in samples)
    decks = {s.state.solo.deck for s in samples if s.state.solo is not None}
    assert len(decks) > 1
    pools = {tuple(sorted(s.state.solo.deck + s.state.solo.set_aside))  # type: ignore[union-attr]
             for s in samples}
    assert pools == {tuple(sorted(solo.deck + solo.set_aside))}


def test_relabelling_au_tomas_own_cards() -> None:
    """Au Toma's numbered cards are relabelled by their own permutation, in a drawn card and
    a discarded turn; without one they stay; a game without her ignores it."""
    assert relabel_event(AutomaCardDrawn(3), {}, {3: 5}) == AutomaCardDrawn(5)
    assert relabel_event(AutomaCardsDiscarded((3, 4)), {}, {3: 5, 4: 3}) == \
        AutomaCardsDiscarded((5, 3))
    assert relabel_event(AutomaCardDrawn(3), {}, None) == AutomaCardDrawn(3)
    assert relabel_event(AutomaCardDrawn(3), {}, {}) == AutomaCardDrawn(3)
    plain = Game.new(2, seed=1).state
    assert relabel_state(plain, {}, {1: 2}) == plain


def test_relabelling_a_state_renames_every_card_wherever_it_lies() -> None:
    """Hands, points and declarations, the deck, the stacks, the face-down set, the banished
    pile, what each seat knows, and Au Toma's own piles: all relabelled, nothing else moved."""
    from attrs import evolve

    from rr.automa import SoloState

    state = (Scenario(2).hand(0, "sevro").hand(1, "mustang")
             .at(Location.MARS, "darrow", "roque", face_down=["roque"])
             .banished("cassius").deck_top("pelus").state())
    state = evolve(state, known=(frozenset({"roque", "pelus"}), frozenset({"mustang"})),
                   players=(evolve(state.players[0], points=(("cassius", 3),),
                                   declarations=(("darrow", None),)), state.players[1]),
                   solo=SoloState(seat=1, level=2, deck=(1, 2), set_aside=(3,), discard=(4,),
                                  drawn=(5,)))
    sigma = {CardId(a): CardId(b) for a, b in [
        ("sevro", "nero"), ("mustang", "sevro"), ("roque", "victra"), ("pelus", "roque"),
        ("cassius", "tactus"), ("darrow", "harmony")]}
    tau = {1: 3, 3: 1, 4: 5, 5: 4}
    new = relabel_state(state, sigma, tau)
    assert new.hand(0) == ("nero",) and new.hand(1) == ("sevro",)
    assert new.players[0].points == (("tactus", 3),)
    assert new.players[0].declarations == (("harmony", None),)
    assert new.deck[-1] == "roque" and new.deck[:-1] == state.deck[:-1]
    assert new.stack(Location.MARS) == ("harmony", "victra")
    assert new.face_down == frozenset({"victra"}) and new.banished == ("tactus",)
    assert new.known == (frozenset({"victra", "roque"}), frozenset({"sevro"}))
    assert new.solo is not None
    assert (new.solo.deck, new.solo.set_aside, new.solo.discard, new.solo.drawn) == (
        (3, 2), (1,), (5,), (4,))
    assert relabel_state(state, sigma).solo == state.solo  # no permutation of hers: unchanged
    assert relabel_state(state, {}, {}) == state


def test_au_tomas_unknown_cards_are_her_deck_and_set_aside() -> None:
    from rr.sampling import unknown_automa_cards
    game = Game.new(["Ana"], seed=6, level=3)
    solo = game.state.solo
    assert solo is not None and solo.set_aside and solo.deck
    assert unknown_automa_cards(game.state) == sorted(solo.deck + solo.set_aside)
    assert unknown_automa_cards(Game.new(2, seed=1).state) == []


@pytest.mark.rule("RR-VIEW-7")
@pytest.mark.parametrize("players,seed,level", [(2, 3, None), (4, 11, None), (6, 5, None),
                                                (1, 8, 3)])
def test_a_sample_depends_only_on_what_the_seat_knows(players: int, seed: int,
                                                      level: int | None) -> None:
    """Two games of one seat's information set (a game, and a sample of it for that seat)
    give that seat the same sample for the same generator: the unknown cards are dealt by
    place, never by name, so nothing of the hidden deal leaks into a sample."""
    game = Game.new(players, seed=seed, level=level)
    chooser = random.Random(seed)
    checked = 0
    while (decision := game.pending) is not None:
        if chooser.random() < 0.15:
            seat = decision.seat
            other = game.sample_for(seat, random.Random(checked))
            assert other.view(seat) == game.view(seat)
            if unknown_cards(game.state, seat):
                differs = other.events != game.events or other.state != game.state
                checked += differs  # the other game deals the hidden cards otherwise
            for k in (0, 1):
                a = game.sample_for(seat, random.Random(100 + k))
                b = other.sample_for(seat, random.Random(100 + k))
                assert a.events == b.events and a.state == b.state and a.pending == b.pending
        game.choose(chooser.choice(decision.options))
    assert checked >= 3


@pytest.mark.rule("RR-VIEW-7", "RR-VIEW-5")
def test_another_seat_knows_in_a_sample_what_its_history_showed_it() -> None:
    """A sample's state is the fold of its log, the other seats' knowledge too. Here (4
    players, seed 12400, record 184) seat 0 saw sun_hwa gained face up into seat 3's hand,
    then seat 3 pass a card to seat 2 unseen (RR-VIEW-5): seat 0 no longer knows where sun_hwa
    is, while seat 2, who was passed hypnotist, knows sun_hwa is still in seat 3's hand. Seat
    0's sample routes the pass otherwise (sun_hwa to seat 2); seat 2 must not go on knowing
    the card that now lies where sun_hwa lay, which the sample's log never showed it and which
    would tell that the real pass was not sun_hwa, a fact seat 0 does not know. (It did, before
    ``rr.sampling.sample_knowledge``: found by ``RR_FUZZ=long pytest fuzz/test_histories.py``,
    6 of its 40 games.) The sample without history knows the same."""
    game = play_until(4, 12400, lambda g: len(g.events) == 184)
    decisions = sum(isinstance(e, DecisionMade) for e in game.events) + 1
    sample = game.sample_for(0, random.Random(decisions))
    real, drawn = game.state, sample.state
    assert [c for c in real.hand(3) if c in real.known[2]] == ["sun_hwa"]
    assert drawn.zone_of(CardId("sun_hwa")) == Zone.hand(2)  # this sample's route
    assert [c for c in drawn.hand(3) if c in drawn.known[2]] == []  # was ["ceo"]
    assert fold(sample.events).known == drawn.known
    short = game.sample_for(0, random.Random(decisions), history=False)
    assert short.state == sample.state
