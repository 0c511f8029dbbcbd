"""RR-VIEW-11: samples of an information set respect what a seat learnt about sets of cards."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rr.decisions import ByCard
from rr.engine import Game
from rr.events.types import CardRevealed, CardsShuffled, DecisionMade, Phase, TurnEnded
from rr.inferences import end_of_game_icons, reds
from rr.knowledge import knows
from rr.model import CardId, Zone
from rr.options import Answer
from rr.sampling import walk
from rr.state import fold
from rr.views import KnownCard


def play_until(players: int, seed: int, stop: Callable[[Game], bool], limit: int = 3000
               ) -> Game:
    """A random game of ``players`` played until ``stop`` holds."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed)
    for _ in range(limit):
        if game.pending is None:
            break
        if stop(game):
            return game
        game.choose(rng.choice(game.pending.options))
    raise AssertionError("the condition never held")


def eo_answered_no(game: Game) -> tuple[int, int] | None:
    """(index, seat) of the first "no" to Eo's "reveal a Red" in ``game``'s log."""
    for index, event in enumerate(game.events):
        if isinstance(event, DecisionMade) and event.source == ByCard(CardId("eo")) \
                and event.option is Answer.NO:
            return index, event.seat
    return None


# Seed 0 of three random players: P2 deploys Eo on the first turn, P1 reveals Harmony, P2
# answers no (record 34); the table plays on for two more turns.
def _after_eo() -> tuple[Game, int, int]:
    game = play_until(3, 0, lambda g: len(g.events) > 54 and g.pending is not None
                      and g.pending.seat == 2)
    found = eo_answered_no(game)
    assert found is not None and found[0] < 40
    return game, *found


@pytest.mark.rule("RR-VIEW-11", "RR-VIEW-7", "RULING-B8")
@pytest.mark.card("eo")
def test_no_sample_gives_a_red_to_a_hand_that_answered_eo_no() -> None:
    """"Each opponent must reveal a Red. If they can't, they lose 1 Helium." Two turns after
    an opponent answered no, no sample of the other seats' information sets deals a Red into
    that hand as it was then, though its cards are dealt anew."""
    game, at, answerer = _after_eo()
    rng = random.Random(1)
    for seat in (s for s in game.state.seats if s != answerer):
        dealt_anew = 0
        for _ in range(25):
            sample = game.sample_for(seat, rng)
            then = fold(sample.events[:at]).hand(answerer)
            assert not set(then) & reds(), (seat, then)
            dealt_anew += then != fold(game.events[:at]).hand(answerer)
        assert dealt_anew > 0  # the hand's hidden cards are dealt, only never a Red


def _after_an_end_of_game_step() -> tuple[Game, int]:
    """Seed 0 of three random players, at the first decision after someone's end-of-game step
    is over, and that someone."""
    def stop(g: Game) -> bool:
        ended = [e.seat for e in g.events[-12:] if isinstance(e, TurnEnded)]
        return (g.state.phase is Phase.END_OF_GAME and g.pending is not None
                and bool(ended) and g.pending.seat != ended[-1])
    game = play_until(3, 0, stop)
    done = [e.seat for e in game.events if isinstance(e, TurnEnded)][-1]
    return game, done


@pytest.mark.rule("RR-VIEW-11", "RR-VIEW-7", "RULING-B9")
def test_a_hand_whose_end_of_game_step_is_over_holds_only_the_cards_it_showed() -> None:
    """Once a player's end-of-game step is over, every sample deals their hand no end-of-game
    card beyond those they showed, though the rest of the hand is dealt anew."""
    game, done = _after_an_end_of_game_step()
    icons = end_of_game_icons()
    real = set(game.state.hand(done)) & icons
    rng = random.Random(2)
    seat = game.pending.seat if game.pending is not None else 0
    dealt_anew = 0
    for _ in range(25):
        sample = game.sample_for(seat, rng)
        hand = sample.state.hand(done)
        assert set(hand) & icons == real, hand
        dealt_anew += hand != game.state.hand(done)
    assert dealt_anew > 0


@pytest.mark.rule("RR-VIEW-11", "RR-VIEW-7")
@pytest.mark.card("online_gambler")
def test_online_gamblers_cards_go_back_as_a_set_in_any_order() -> None:
    """"Shuffle and return the other cards to the top of the deck": every sample puts the same
    cards back on top of the deck, and not always in the same order."""
    game = play_until(3, 4, lambda g: any(isinstance(e, CardsShuffled) for e in g.events))
    shuffled = next(e.cards for e in game.events if isinstance(e, CardsShuffled))
    assert len(shuffled) > 2
    top = game.state.deck[-len(shuffled):]
    assert set(top) == set(shuffled)
    rng = random.Random(3)
    orders = set()
    seat = game.pending.seat if game.pending is not None else 0
    for _ in range(20):
        sample = game.sample_for(seat, rng)
        theirs = sample.state.deck[-len(shuffled):]
        assert set(theirs) == set(shuffled)
        orders.add(theirs)
    assert len(orders) > 1


@pytest.mark.rule("RR-VIEW-8", "RR-VIEW-11", "RULING-B9")
def test_the_spectator_knows_the_cards_shown_at_the_end_that_ask_it_questions() -> None:
    """A card shown from a hand at the start of an end-of-game step, whose ability is the
    source of the pending decision, is known to the spectator where it lies, as it is to
    every player."""
    def asked_by_shown_card(g: Game) -> bool:
        d = g.pending
        return (d is not None and g.state.phase is Phase.END_OF_GAME
                and any(isinstance(d.source, ByCard) and isinstance(e, CardRevealed)
                        and e.card == d.source.card
                        for e in g.events[-30:]))
    checked = 0
    for seed in range(6):
        try:
            game = play_until(3, seed, asked_by_shown_card)
        except AssertionError:
            continue
        assert game.pending is not None
        assert isinstance(game.pending.source, ByCard)
        card = game.pending.source.card
        holder = next(s for s in game.state.seats if card in game.state.hand(s))
        assert knows(game.state, None, card)
        assert all(knows(game.state, s, card) for s in game.state.seats)
        assert KnownCard(card, Zone.hand(holder)) in game.view(None).known_elsewhere
        checked += 1
    assert checked >= 2


@pytest.mark.rule("RR-VIEW-11", "RR-VIEW-7")
@pytest.mark.parametrize("players,seed", [(3, 0), (3, 4), (1, 2)])
def test_a_walk_walked_on_finds_what_a_walk_from_the_start_finds(players: int, seed: int
                                                                  ) -> None:
    """``sample_for`` walks a growing log on from its last walk: what it finds (the restart
    point, every seat's facts, Au Toma's last shuffle) is what one walk of the whole log
    finds, and the earlier walk is left as it was; a walk of another log is not walked on."""
    game = Game.new(players, seed=seed, level=2 if players == 1 else None)
    rng = random.Random(seed)
    while game.pending is not None:
        game.choose(rng.choice(game.pending.options))
    events = game.events
    whole = walk(events)
    assert any(s.among or s.at_most for s in whole.learnt.sets)
    for k in (1, 40, len(events) // 2, len(events) - 3):
        early = walk(events[:k])
        kept = list(early.learnt.sets)
        on = walk(events, early)
        assert early.learnt.sets == kept and early.length == k
        assert on.learnt.sets == whole.learnt.sets
        assert on.automa_from == whole.automa_from and on.state == whole.state
        assert (on.point is None) == (whole.point is None)
        if on.point is not None and whole.point is not None:
            assert on.point[:2] == whole.point[:2]
    other = Game.new(players, seed=seed + 1, level=2 if players == 1 else None)
    while len(other.events) < 60 and other.pending is not None:
        other.choose(rng.choice(other.pending.options))
    theirs = list(other.events)
    assert theirs[39] != events[39]  # not a log that grows from ``events[:40]``
    assert walk(theirs, walk(events[:40])).state == walk(theirs).state
