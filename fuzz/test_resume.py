"""Resumability (docs/ARCHITECTURE.md): a game cut at any pending decision — a top-level
turn, a choice inside an ability, a block prompt, an end-of-game declaration — and resumed
from its log alone continues with exactly the events of the game kept in memory."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rr.agents.random import RandomAgent
from rr.decisions import Ask
from rr.engine import Game
from rr.events import log
from rr.options import Option
from rr.ruleset import Ruleset

RULESETS = st.builds(Ruleset, **{name: st.booleans() for name in Ruleset.names()})
TOP_LEVEL = {"RR-TURN-1", "RR-LEAD-3", "RR-SCOUT-1"}


def _played(players: int, seed: int, ruleset: Ruleset) -> tuple[Game, list[Option], list[str],
                                                                 list[Ask]]:
    """A whole game by a random agent, with its choices and the source and kind of each
    decision, in order."""
    game = Game.new(players, seed=seed, ruleset=ruleset)
    agent = RandomAgent(seed)
    choices: list[Option] = []
    sources: list[str] = []
    asks: list[Ask] = []
    while game.pending is not None:
        sources.append(game.pending.source)
        asks.append(game.pending.ask)
        choices.append(agent.choose(game.pending))
        game.choose(choices[-1])
    return game, choices, sources, asks


def _check_cut(players: int, seed: int, ruleset: Ruleset, cut: int, through_codec: bool,
               full: Game, choices: list[Option]) -> None:
    kept = Game.new(players, seed=seed, ruleset=ruleset)
    for option in choices[:cut]:
        kept.choose(option)
    events, secret = kept.events, kept.secret
    if through_codec:  # the host's save holds the secret (RR-VIEW-10)
        read = log.decode(log.encode(events, secret))
        events, secret = read.events, read.secret
    blind = Game.resume(events)  # without the secret: re-adjudicated, cannot draw
    assert blind.pending == kept.pending and blind.state == kept.state
    resumed = Game.resume(events, secret=secret)
    assert resumed.pending == kept.pending
    assert resumed.state == kept.state
    for option in choices[cut:]:
        assert resumed.pending is not None
        resumed.choose(option, seat=resumed.pending.seat)
    assert resumed.is_over
    assert resumed.events == full.events


@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1), ruleset=RULESETS,
       where=st.floats(0, 1), through_codec=st.booleans())
def test_cut_anywhere_and_resumed_continues_identically(players: int, seed: int,
                                                        ruleset: Ruleset, where: float,
                                                        through_codec: bool) -> None:
    """A game cut at a random pending decision and resumed from its log (directly or
    through the binary codec) ends with the same events as the uncut game."""
    full, choices, _, _ = _played(players, seed, ruleset)
    cut = min(int(where * len(choices)), len(choices) - 1)
    _check_cut(players, seed, ruleset, cut, through_codec, full, choices)


@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1), ruleset=RULESETS,
       data=st.data(), through_codec=st.booleans())
def test_cut_inside_an_ability_or_block_prompt(players: int, seed: int, ruleset: Ruleset,
                                               data: st.DataObject, through_codec: bool
                                               ) -> None:
    """A game cut while a card ability, a block prompt, a house ability or an end-of-game
    step waits for a choice resumes identically."""
    full, choices, sources, asks = _played(players, seed, ruleset)
    inner = [i for i, (s, a) in enumerate(zip(sources, asks))
             if s not in TOP_LEVEL or a is Ask.BLOCK]
    if not inner:
        return  # a game without any inner decision: nothing to cut inside
    cut = data.draw(st.sampled_from(inner), label="cut at decision")
    _check_cut(players, seed, ruleset, cut, through_codec, full, choices)


def test_block_prompts_resume() -> None:
    """Every block prompt of a dozen games is a cut point that resumes identically."""
    tried = 0
    for seed in range(40):
        full, choices, _, asks = _played(2 + seed % 5, seed, Ruleset())
        for cut in [i for i, a in enumerate(asks) if a is Ask.BLOCK][:2]:
            _check_cut(2 + seed % 5, seed, Ruleset(), cut, True, full, choices)
            tried += 1
        if tried >= 6:
            break
    assert tried, "no block prompt in 40 games"
