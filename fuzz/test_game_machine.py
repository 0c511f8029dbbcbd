"""Stateful fuzzing: whole games of legal moves drawn by Hypothesis, every oracle check after
every step (docs/ARCHITECTURE.md, "Invariants").

The machine starts a game (2 to 6 players, a random seed, random ruleset options), then each
step picks one of the pending decision's options. After each step the invariants check card
conservation, token bounds, one Sovereign holder, fold == live state, the codec round trip of
every new event and of the state, and that no view leaks a hidden card. At the end of a game
they check the end condition, equal turn counts, the scorepad sums, the audit, and
determinism. ``RR_FUZZ=long`` runs many more games (conftest.py).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine, initialize, invariant, precondition, rule,
    run_state_machine_as_test,
)

from fuzz import oracle
from rr.engine import Game
from rr.events.types import Event
from rr.ruleset import Ruleset
from rr.state import GameState, fold

RULESETS = st.builds(Ruleset, **{name: st.booleans() for name in Ruleset.names()})
"""Every combination of the ruleset's options."""
SEEDS = 10**18
"""Hypothesis's seeds are offset by this, so that a game's seed has 19 digits: a number no
view would show by chance, which the secrecy check (RR-VIEW-10) can look for."""


class GameMachine(RuleBasedStateMachine):
    """One game at a time, played by Hypothesis through the public API."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.folded = GameState()
        self.before = GameState()
        self.new: tuple[Event, ...] = ()
        self.games = 0

    def _start(self, players: int, seed: int, ruleset: Ruleset, level: int = 2) -> None:
        # one player: a solo game against Tull Au Toma at ``level`` (RR-SOLO-1)
        self.game = Game.new(players, seed=SEEDS + seed, ruleset=ruleset,
                             level=level if players == 1 else None)
        self.games += 1
        self._absorb(0)

    def _absorb(self, since: int) -> None:
        """Fold and round-trip the events appended since event ``since``."""
        assert self.game is not None
        new = self.game.events[since:]
        oracle.events_round_trip(new)
        self.before = self.folded if since else GameState()
        self.new = new
        self.folded = oracle.step_fold(self.before, new)

    @initialize(players=st.integers(1, 6), seed=st.integers(0, 2**32 - 1), ruleset=RULESETS,
                level=st.integers(1, 6))
    def start(self, players: int, seed: int, ruleset: Ruleset, level: int) -> None:
        self._start(players, seed, ruleset, level)

    @precondition(lambda self: self.game is not None and not self.game.is_over)
    @rule(data=st.data())
    def choose(self, data: st.DataObject) -> None:
        """Pick one of the pending decision's options, as the player it is addressed to."""
        assert self.game is not None and self.game.pending is not None
        decision = self.game.pending
        option = data.draw(st.sampled_from(decision.options), label=decision.source)
        before = len(self.game.events)
        self.game.choose(option, seat=decision.seat)
        self._absorb(before)

    @precondition(lambda self: self.game is not None and self.game.is_over)
    @rule(players=st.integers(1, 6), seed=st.integers(0, 2**32 - 1), ruleset=RULESETS,
          level=st.integers(1, 6))
    def start_next_game(self, players: int, seed: int, ruleset: Ruleset, level: int) -> None:
        """After a game is over (and checked), the machine plays another."""
        self._start(players, seed, ruleset, level)

    # --- invariants, after every step ---------------------------------------------------------

    @invariant()
    def cards_are_conserved(self) -> None:
        assert self.game is not None
        oracle.cards_conserved(self.game.state)

    @invariant()
    def tokens_are_in_bounds(self) -> None:
        assert self.game is not None
        oracle.tokens_in_bounds(self.game.state)
        oracle.sovereign_holders(self.game)

    @invariant()
    def fold_of_the_log_is_the_live_state(self) -> None:
        assert self.game is not None
        assert self.folded == self.game.state, "the fold of the log differs from the state"

    @invariant()
    def state_survives_the_codec(self) -> None:
        assert self.game is not None
        oracle.state_round_trips(self.game.state)

    @invariant()
    def views_leak_nothing(self) -> None:
        assert self.game is not None
        oracle.views_leak_nothing(self.game)

    @invariant()
    def the_seed_stays_secret(self) -> None:
        """RR-VIEW-10: no seat or spectator is shown the seed before the end."""
        assert self.game is not None
        oracle.secret_kept(self.game, self.before, self.new)

    @invariant()
    def information_sets_agree(self) -> None:
        """RR-VIEW-6/7: one sample of one seat's information set per step (a seat drawn in
        turn, so every seat is checked many times in a game)."""
        assert self.game is not None
        seat = self.game.state.events % len(self.game.state.players)
        oracle.information_sets_agree(self.game, random.Random(self.game.state.events),
                                      seats=[seat])

    @invariant()
    def options_are_distinct_actions(self) -> None:
        assert self.game is not None
        oracle.actions_are_exact(self.game)

    @invariant()
    def end_is_triggered_when_due(self) -> None:
        assert self.game is not None
        oracle.no_missed_trigger(self.game.state)

    @invariant()
    def finished_game_is_right(self) -> None:
        assert self.game is not None
        if self.game.is_over:
            oracle.fold_matches(self.game.events, self.game.state)
            oracle.game_end_is_right(self.game)


GAME_STEPS = 400
"""Enough steps for most games to end (2 players: ~120 decisions; 6 players: ~260)."""


def _settings() -> settings:
    current = settings()
    long = current.max_examples > 100
    # Shrinking a game of hundreds of steps can take many minutes: in CI a failure is
    # reported unshrunk (every step is printed); the long run shrinks.
    phases = tuple(current.phases) if long else tuple(p for p in current.phases
                                                      if p is not Phase.shrink)
    # A machine example is one or two whole games (~1.3 s): the long run plays 300 of them.
    return settings(current, max_examples=300 if long else 10,
                    stateful_step_count=GAME_STEPS * (3 if long else 1), phases=phases,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large,
                                           HealthCheck.large_base_example],
                    deadline=None)


@pytest.mark.rule("RR-SETUP-1", "RR-SETUP-9", "RR-LOC-3", "RR-BONUS-5", "RR-SOV-1",
                  "RR-END-2", "RR-END-3", "RR-END-4", "RR-VIEW-1", "RR-VIEW-4", "RR-VIEW-5",
                  "RR-VIEW-6", "RR-VIEW-7", "RR-SCORE-1")
def test_random_legal_games_keep_every_invariant() -> None:
    """Games of random legal moves keep card conservation, token bounds, replay, round trip,
    private views and a correct end, after every step."""
    run_state_machine_as_test(GameMachine, settings=_settings())


def test_fold_helper_matches_a_full_fold() -> None:
    """The machine's step-by-step fold equals a full fold of the same log."""
    game = Game.new(3, seed=1)
    state = oracle.step_fold(GameState(), game.events)
    for _ in range(30):
        assert game.pending is not None
        before = len(game.events)
        game.choose(game.pending.options[-1])
        state = oracle.step_fold(state, game.events[before:])
    assert state == fold(game.events) == game.state
