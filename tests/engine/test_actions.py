"""The fixed integer action space (rr.actions, issue #13): every option of every decision is one
integer and back, the same in every game, and choosing by integer is choosing by option."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rr.actions import ACTION_TABLE, NUM_ACTIONS, action_of, actions_of, mask_of, option_of
from rr.automa import LEVELS
from rr.cards.catalogue import all_ids, names
from rr.engine import Game
from rr.errors import (
    IllegalChoiceError,
    NoDecisionPendingError,
    UnknownActionError,
    UnknownOptionError,
    WrongPlayerError,
)
from rr.model import CardId, Location
from rr.options import (
    Answer,
    Lead,
    Option,
    PickCard,
    PickFaceDown,
    PickName,
    PickPlayer,
    Scout,
)
from rr.ruleset import Ruleset

rulesets = st.builds(Ruleset, **{f.name: st.booleans() for f in attrs.fields(Ruleset)})


def check_every_decision(game: Game, rng: random.Random) -> int:
    """Plays ``game`` to its end by random options, checking the action space at every decision:
    each option round-trips, no two share an integer, the legal actions and the mask are the
    options, and choosing by integer makes the events choosing by option makes. Returns the
    number of decisions."""
    decisions = 0
    while (decision := game.pending) is not None:
        actions = [action_of(o) for o in decision.options]
        assert [option_of(a) for a in actions] == list(decision.options)
        assert len(set(actions)) == len(actions), f"two options share an action: {decision}"
        assert game.legal_actions() == sorted(actions)
        mask = game.action_mask()
        assert len(mask) == NUM_ACTIONS
        assert [a for a in range(NUM_ACTIONS) if mask[a]] == sorted(actions)
        option = rng.choice(decision.options)
        twin = game.clone()
        assert twin.choose_action(action_of(option), seat=decision.seat) == game.choose(option)
        assert twin.events == game.events
        decisions += 1
    assert game.legal_actions() == [] and not any(game.action_mask())
    return decisions


@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), ruleset=rulesets)
def test_every_option_of_random_games_round_trips(seed: int, players: int,
                                                  ruleset: Ruleset) -> None:
    """At every decision of a random 2-6 player game under any ruleset, the options map to
    distinct actions and back, and choose_action gives the events choose gives."""
    game = Game.new(players, seed=seed, ruleset=ruleset)
    assert check_every_decision(game, random.Random(seed)) > 10


@given(seed=st.integers(0, 2**32), level=st.sampled_from(LEVELS), ruleset=rulesets)
def test_every_option_of_random_solo_games_round_trips(seed: int, level: int,
                                                       ruleset: Ruleset) -> None:
    """The same at every decision of a random solo game against Au Toma, any level and
    ruleset (her Au Toma variant included)."""
    game = Game.new(["Ana"], seed=seed, level=level, ruleset=ruleset)
    assert check_every_decision(game, random.Random(seed)) > 10


def test_the_table_is_fixed_and_complete() -> None:
    """Every integer of the range is one option, the rows tile the range without gaps, and
    the values the engine can name are all in it."""
    assert len({option_of(a) for a in range(NUM_ACTIONS)}) == NUM_ACTIONS
    assert all(action_of(option_of(a)) == a for a in range(NUM_ACTIONS))
    starts = [row.start for row in ACTION_TABLE]
    assert starts[0] == 0 and ACTION_TABLE[-1].stop == NUM_ACTIONS
    assert all(a.stop == b.start for a, b in itertools.pairwise(ACTION_TABLE))
    deepest = PickFaceDown(Location.INSTITUTE, len(all_ids()) - 1)
    known: list[Option] = [Lead(None, None), Scout(), deepest, PickPlayer(5), PickName(names()[-1]),
                           *(PickCard(c) for c in all_ids()),
                           *(Lead(c, loc) for c in all_ids() for loc in Location)]
    assert all(option_of(action_of(option)) == option for option in known)


def test_the_numbering_is_the_documented_one() -> None:
    """The first card id in sorted order on Jupiter is action 0, and on Mars action 1
    (card index x 4 + location index, docs/ACTIONS.md); Scout follows the two Lead rows."""
    first = sorted(all_ids())[0]
    assert action_of(Lead(first, Location.JUPITER)) == 0
    assert action_of(Lead(first, Location.MARS)) == 1
    assert action_of(Scout()) == action_of(Lead(None, None)) + 1 == 4 * len(all_ids()) + 1


UNKNOWN: list[object] = [PickCard(CardId("no_such_card")), PickPlayer(6), PickPlayer(-1),
                         PickFaceDown(Location.MARS, len(all_ids())), PickName("Nobody"),
                         Lead(CardId("darrow"), None), "scout", 3]


@pytest.mark.parametrize("option", UNKNOWN)
def test_an_unknown_option_has_no_action(option: object) -> None:
    """An option no decision can list raises UnknownOptionError naming it."""
    with pytest.raises(UnknownOptionError, match="no action") as raised:
        action_of(option)  # type: ignore[arg-type]
    assert repr(option) in str(raised.value)


def test_lists_of_options_with_an_unknown_one_are_refused() -> None:
    """actions_of and mask_of name the one option of a list that has no action."""
    for convert in (actions_of, mask_of):
        with pytest.raises(UnknownOptionError, match="no_such_card"):
            convert([Scout(), PickCard(CardId("no_such_card"))])
    assert actions_of([Scout(), Answer.NO]) == [action_of(Scout()), action_of(Answer.NO)]


@pytest.mark.parametrize("action", [-1, NUM_ACTIONS, 10**9, True, 1.0, "3", None])
def test_an_integer_outside_the_range_is_no_action(action: object) -> None:
    """An integer outside 0..NUM_ACTIONS-1, or not an integer, raises UnknownActionError."""
    with pytest.raises(UnknownActionError, match=f"{NUM_ACTIONS - 1}") as raised:
        option_of(action)  # type: ignore[arg-type]
    assert repr(action) in str(raised.value)


@pytest.mark.rule("RR-TURN-1")
def test_choose_action_refuses_what_choose_refuses_and_changes_nothing() -> None:
    """An action not legal now (IllegalChoiceError naming its option), one outside the range,
    the wrong seat, and a finished game are refused, and the game is left as it was."""
    game = Game.new(3, seed=5)
    seat = game.pending.seat  # type: ignore[union-attr]
    before = game.events
    illegal = action_of(Answer.YES)
    with pytest.raises(IllegalChoiceError, match="'yes' is not a legal option"):
        game.choose_action(illegal)
    with pytest.raises(UnknownActionError):
        game.choose_action(NUM_ACTIONS)
    with pytest.raises(WrongPlayerError):
        game.choose_action(action_of(Scout()), seat=(seat + 1) % 3)
    assert game.events == before and game.legal_actions()[-1] == action_of(Scout())
    rng = random.Random(5)
    while game.pending is not None:
        game.choose_action(rng.choice(game.legal_actions()))
    with pytest.raises(NoDecisionPendingError):
        game.choose_action(action_of(Scout()))
