"""RR-VIEW-10: the seed is secret until the end; a commitment to it is published before the first
decision, and the seed revealed when the game is over (rr.randomness, rr.engine)."""

from __future__ import annotations

import json
import pickle

import attrs
import pytest

from fuzz import oracle
from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.errors import BadInputError, CorruptLogError, SeedUnknownError
from rr.events.codec import structure_event
from rr.events.types import GameStarted, PhaseChanged, SeedRevealed
from rr.jsonforms import to_json
from rr.narrate import narration
from rr.randomness import SALT_BYTES, Secret, SeedOrigin, commitment
from rr.ruleset import UNNAMED, Ruleset
from rr.state import GameState, apply, fold
from rr.views import redacted

pytestmark = pytest.mark.rule("RR-VIEW-10")


def finish(game: Game, seed: int = 1) -> Game:
    agent = RandomAgent(seed)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
    return game


def test_a_new_game_draws_a_fresh_seed_and_publishes_only_a_commitment() -> None:
    """Without a seed, each game draws its own from the operating system: two games differ,
    and record 0 holds the commitment to seed and salt, never the seed."""
    one, two = Game.new(3), Game.new(3)
    assert one.seed is not None and two.seed is not None and one.seed != two.seed
    started = one.events[0]
    assert isinstance(started, GameStarted)
    assert started.seed_origin is SeedOrigin.DRAWN
    assert one.secret is not None and one.secret.salt is not None
    assert len(one.secret.salt) == SALT_BYTES
    assert started.commitment == commitment(one.seed, one.secret.salt)
    assert started.commitment != two.events[0].commitment  # type: ignore[union-attr]
    assert str(one.seed) not in json.dumps(to_json(started))
    assert one.view(0).commitment == started.commitment
    assert one.view(None).seed_origin is SeedOrigin.DRAWN


def test_a_chosen_seed_says_so_and_plays_the_same_game_byte_for_byte() -> None:
    """A seed given to Game.new is chosen by the creator (record 0 and every view say so);
    the same seed and choices give the same log, salt included (derived from the seed)."""
    a, b = finish(Game.new(2, seed=77)), finish(Game.new(2, seed=77))
    assert a.events == b.events
    assert a.events[0].seed_origin is SeedOrigin.CHOSEN  # type: ignore[union-attr]
    assert a.view(1).seed_origin is SeedOrigin.CHOSEN
    hidden = Game.new(2, seed=77, salt=bytes(range(SALT_BYTES)))
    assert hidden.events[0] != a.events[0]  # another salt, another commitment
    assert finish(hidden).events[1:-1] == a.events[1:-1]  # the same game


def test_the_seed_is_revealed_when_the_game_is_over_and_opens_the_commitment() -> None:
    """The last record of a finished game reveals seed and salt, after the game is over; the
    fold sets the revealed seed; views show it to nobody before that record."""
    game = finish(Game.new(2))
    reveal, over = game.events[-1], game.events[-2]
    assert isinstance(reveal, SeedRevealed) and over == PhaseChanged(over.phase)  # type: ignore[arg-type]
    assert game.secret is not None
    assert (reveal.seed, reveal.salt) == (game.seed, game.secret.salt.hex())  # type: ignore[union-attr]
    assert game.state.revealed_seed == game.seed
    assert fold(game.events[:-1]).revealed_seed is None


def test_the_fold_refuses_a_reveal_that_cannot_be() -> None:
    """A reveal that does not open the commitment, one before the end, a second one, or one
    in a game that committed to nothing cannot happen."""
    game = finish(Game.new(2, seed=3))
    events = list(game.events)
    reveal = events[-1]
    assert isinstance(reveal, SeedRevealed)
    before_end = fold(events[:-1])
    for bad, why in ((attrs.evolve(reveal, seed=reveal.seed + 1), "do not open"),
                     (attrs.evolve(reveal, salt="ab" * SALT_BYTES), "do not open"),
                     (attrs.evolve(reveal, salt="nothex"), "a salt is")):
        with pytest.raises(CorruptLogError, match=why):
            apply(before_end, bad)
    with pytest.raises(CorruptLogError, match="already revealed"):
        apply(game.state, reveal)
    with pytest.raises(CorruptLogError, match="secret until the game is over"):
        apply(fold(events[:5]), reveal)
    with pytest.raises(CorruptLogError, match="no commitment"):
        apply(fold([GameStarted(("A", "B"), Ruleset())]), reveal)


def test_the_first_event_says_where_the_seed_came_from_consistently() -> None:
    """A drawn or chosen seed has a commitment (of the right form); no seed, or a public one
    from before commitments, has none."""
    good = Secret.chosen(5).commitment
    cases = [(SeedOrigin.DRAWN, None), (SeedOrigin.CHOSEN, None), (SeedOrigin.NONE, good),
             (SeedOrigin.PUBLIC, good), (SeedOrigin.DRAWN, "xyz")]
    for origin, committed in cases:
        with pytest.raises(CorruptLogError):
            fold([GameStarted(("A", "B"), Ruleset(), committed, seed_origin=origin)])
    assert fold([GameStarted(("A", "B"), Ruleset(), good,
                             seed_origin=SeedOrigin.DRAWN)]).commitment == good


def test_resumed_without_its_secret_a_game_shows_but_cannot_draw() -> None:
    """A log of a game not over re-adjudicates without the secret; the first random outcome
    it needs raises SeedUnknownError and changes nothing; with the secret it goes on as the
    game kept in memory; a secret that does not open the commitment is refused."""
    game = Game.new(3)
    agent = RandomAgent(4)
    for _ in range(30):
        assert game.pending is not None
        game.choose(agent.choose(game.pending))
    blind = Game.resume(game.events)
    assert blind.state == game.state and blind.pending == game.pending
    assert blind.secret is None and blind.seed is None
    with pytest.raises(SeedUnknownError, match="needs the game's seed"):
        while blind.pending is not None:
            before = blind.events
            blind.choose(agent.choose(blind.pending))
    assert blind.events == before
    resumed = Game.resume(game.events, secret=game.secret)
    twin = game.clone()
    for g in (resumed, twin):
        finish(g, 9)
    assert resumed.events == twin.events and isinstance(resumed.events[-1], SeedRevealed)
    with pytest.raises(BadInputError, match="do not open the game's commitment"):
        Game.resume(game.events, secret=Secret.chosen(1))


def test_a_pickled_game_keeps_its_secret() -> None:
    """A pickle is the host's, like the game: it plays on with the same draws."""
    game = Game.new(2)
    agent = RandomAgent(2)
    for _ in range(10):
        assert game.pending is not None
        game.choose(agent.choose(game.pending))
    again = pickle.loads(pickle.dumps(game))
    assert again.secret == game.secret
    assert finish(again, 5).events == finish(game.clone(), 5).events


def test_game_started_1_reads_as_a_public_seed() -> None:
    """A first record written before commitments (game_started/1, the seed in plain sight)
    reads as version 2 with no commitment and the origin "public"; its seed must still be a
    whole number."""
    started = structure_event(["game_started/1", {
        "players": ["A", "B"], "ruleset": {}, "seed": 7, "houses": None, "solo_level": None}])
    # (A ruleset naming no option reads as games were played before issue #31's options.)
    # (And it was played under rules version 1: RULING-B10's readings before rr 0.1.0.)
    assert started == GameStarted(("A", "B"), Ruleset(**UNNAMED), seed_origin=SeedOrigin.PUBLIC,
                                  rules_version=1)
    for payload in ({"players": ["A", "B"], "ruleset": {}},
                    {"players": ["A", "B"], "ruleset": {}, "seed": "7"},
                    {"players": ["A", "B"], "ruleset": {}, "seed": 7, "commitment": None}):
        with pytest.raises(CorruptLogError, match="game_started/1"):
            structure_event(["game_started/1", payload])


def test_a_secret_and_its_salt_are_checked() -> None:
    """A seed is a whole number of at most 64 bits; a salt is 32 bytes; a seed from before
    commitments (no salt) has no commitment and opens none."""
    with pytest.raises(BadInputError):
        Secret(2**64)
    with pytest.raises(BadInputError):
        Secret(1, b"short")
    with pytest.raises(BadInputError):
        Secret(1).commitment  # noqa: B018
    assert not Secret(1).opens(Secret.chosen(1).commitment)
    assert Secret.chosen(1).opens(Secret.chosen(1).commitment)


def test_no_seat_or_spectator_is_told_the_seed_before_the_end() -> None:
    """Every view, pending decision, redacted event and line of the story a seat or the
    spectator gets holds neither the seed nor the salt until the reveal (the fuzzer's
    check, over a whole game); the reveal itself is told to everyone."""
    game = Game.new(4)
    agent = RandomAgent(3)
    state, since = GameState(), 0
    while game.pending is not None:
        new = game.events[since:]
        oracle.secret_kept(game, state, new)
        state, since = fold(new, state), len(game.events)
        game.choose(agent.choose(game.pending))
    assert game.secret is not None
    for seat in (None, 0, 3):
        story = [line.text for line in narration(game.events, seat)]
        assert all(str(game.seed) not in text for text in story[:-1])
        assert str(game.seed) in story[-1]
        assert list(redacted(game.events, seat))[-1] == game.events[-1]


def test_the_secrecy_check_catches_a_story_that_tells_the_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: the story of issue #25 ("…; seed N" at record 0) fails the check."""
    import rr.narrate

    game = Game.new(3)
    monkeypatch.setattr(rr.narrate, "randomness_words", lambda event: f"seed {game.seed}")
    with pytest.raises(AssertionError, match="the seed is shown to the spectator"):
        oracle.secret_kept(game, GameState(), game.events)
