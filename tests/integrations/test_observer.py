"""The PettingZoo environment's observations kept up to date (rr.integrations.observer, issue
#30 point 5) are :func:`rr.observation.observation_array`'s, byte for byte, at every step."""

from __future__ import annotations

from types import SimpleNamespace

import attrs
import numpy
import pytest

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.integrations.observer import Observer
from rr.integrations.pettingzoo import env
from rr.knowledge import knows
from rr.observation import observation_array


def same(fast: numpy.typing.NDArray[numpy.float32],
         plain: numpy.typing.NDArray[numpy.float32]) -> bool:
    return (fast.dtype == plain.dtype and fast.shape == plain.shape
            and fast.tobytes() == plain.tobytes())


def face_down_seen(game: Game) -> tuple[bool, bool]:
    """Whether a stack holds a face-down card that some seat knows, and one that some seat
    does not."""
    state = game.state
    down = [c for stack in state.locations for c in stack if c in state.face_down]
    seats = range(len(state.players))
    return (any(knows(state, s, c) for c in down for s in seats),
            any(not knows(state, s, c) for c in down for s in seats))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])  # 1: solo against Au Toma
def test_every_seat_at_every_step(players: int) -> None:
    """Every seat observed at every step of random games (one Observer a game), and the
    seat that decides only (another Observer: parts change between its observations), give
    the plain observation's bytes; the games show face-down cards known and unknown."""
    known = unknown = False
    for seed in range(6 if players > 1 else 12):
        game = Game.new(players, seed=seed, level=1 + seed % 6 if players == 1 else None)
        agent, every, deciding = RandomAgent(seed), Observer(), Observer()
        while True:
            for seat in range(players):
                assert same(every.observe(game, seat), observation_array(game, seat))
            seen = face_down_seen(game)
            known, unknown = known or seen[0], unknown or seen[1]
            decision = game.pending
            if decision is None:
                break
            assert same(deciding.observe(game, decision.seat),
                        observation_array(game, decision.seat))
            game.choose(agent.choose(decision))
    assert known and (unknown or players == 1)


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_the_environment_hands_out_the_plain_observation(players: int) -> None:
    """PettingZoo's loop on ``env``: each ``last()`` (and an ``observe`` of every agent) is
    the plain observation's bytes and the mask, a new array each time, over several games
    (``reset`` between them) that later steps leave as it was."""
    table = env(players=players, seed=3)
    rng = numpy.random.default_rng(players)
    for _ in range(3):
        table.reset()
        before: tuple[numpy.typing.NDArray[numpy.float32], bytes] | None = None
        for agent in table.agent_iter():
            seat = int(agent.split("_")[1])
            observation, _, terminated, truncated, info = table.last()
            assert same(observation["observation"], observation_array(table.game, seat))
            assert before is None or before[0].tobytes() == before[1]
            assert observation["action_mask"] is info["action_mask"]
            for other in table.agents:
                seen = table.observe(other)["observation"]
                assert same(seen, observation_array(table.game, int(other.split("_")[1])))
            before = (observation["observation"], observation["observation"].tobytes())
            mask = observation["action_mask"]
            table.step(None if terminated or truncated
                       else int(rng.choice(numpy.flatnonzero(mask))))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_gymnasium_environment_hands_out_the_plain_observation(players: int) -> None:
    """rr/RedRising-v0's observations, after ``reset`` and every step (the opponents
    having moved in between), are the plain observation's bytes."""
    from rr.integrations.gymnasium import RedRisingGymEnv

    table = RedRisingGymEnv(players=players, seat=0)
    rng = numpy.random.default_rng(players)
    for seed in range(2):
        seen, info = table.reset(seed=seed)
        over = False
        while True:
            assert table.game is not None
            assert same(seen, observation_array(table.game, 0))
            if over:
                break
            action = int(rng.choice(numpy.flatnonzero(info["action_mask"])))
            seen, _, terminated, truncated, info = table.step(action)
            over = terminated or truncated


def test_a_face_down_card_learnt_where_it_lies_is_seen_at_once() -> None:
    """The face-down cards a seat knows are kept with the stacks and what the seat knows:
    a seat that comes to know a face-down card while every stack stays as it was (as when
    an ability shows it a card) sees it at its next observation, and the other seats still
    do not."""
    for seed in range(40):
        game = Game.new(3, seed=seed)
        agent = RandomAgent(seed)
        while game.pending is not None:
            state = game.state
            unknown = [(seat, card) for stack in state.locations for card in stack
                       if card in state.face_down for seat in range(3)
                       if not knows(state, seat, card)]
            if unknown:
                seat, card = unknown[0]
                observer = Observer()
                for each in range(3):
                    observer.observe(game, each)
                known = tuple(k | {card} if i == seat else k for i, k in enumerate(state.known))
                learnt = SimpleNamespace(state=attrs.evolve(state, known=known),
                                         pending=game.pending)
                assert knows(learnt.state, seat, card)
                for each in range(3):
                    assert same(observer.observe(learnt, each),  # type: ignore[arg-type]
                                observation_array(learnt, each))  # type: ignore[arg-type]
                assert not same(observer.observe(learnt, seat),  # type: ignore[arg-type]
                                observation_array(game, seat))
                return
            game.choose(agent.choose(game.pending))
    raise AssertionError("no face-down card unknown to a seat in 40 random games")


def test_a_face_down_card_turned_up_where_it_lies_is_seen_at_once() -> None:
    """The stacks are looked at again when only the face-down cards change: a card turned
    face up while every stack stays the same object is seen by every seat at once."""
    for seed in range(40):
        game = Game.new(3, seed=seed)
        agent = RandomAgent(seed)
        while game.pending is not None:
            state = game.state
            down = [card for stack in state.locations for card in stack
                    if card in state.face_down]
            if down:
                observer = Observer()
                for seat in range(3):
                    observer.observe(game, seat)
                turned = SimpleNamespace(
                    state=attrs.evolve(state, face_down=state.face_down - {down[0]}),
                    pending=game.pending)
                assert turned.state.locations is state.locations
                for seat in range(3):
                    assert same(observer.observe(turned, seat),  # type: ignore[arg-type]
                                observation_array(turned, seat))  # type: ignore[arg-type]
                return
            game.choose(agent.choose(game.pending))
    raise AssertionError("no face-down card in 40 random games")
