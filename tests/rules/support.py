"""Shared helpers of the rule-citation tests: event filters, seeds for wanted die rolls, and
stand-in card abilities so the core rules can be tested whatever the card handlers do."""

from __future__ import annotations

from typing import TypeVar
from collections.abc import Callable, Iterable, Sequence

import pytest

import rr.rules.end
import rr.rules.turn
from rr.effects.play import Abilities, Ability, Play
from rr.effects.program import Program
from rr.engine import Game
from rr.events.types import DieRolled, Event
from rr.model import Bonus, CardId
from rr.scenario import Scenario

E = TypeVar("E")


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def seed_rolling(faces: Sequence[Bonus], run: Callable[[int], Sequence[Event]]) -> int:
    """The smallest seed for which ``run(seed)`` rolls ``faces`` first (read from its events,
    so the test does not depend on how the engine draws)."""
    for seed in range(5000):
        rolled = [e.face for e in run(seed) if isinstance(e, DieRolled)]
        if rolled[: len(faces)] == list(faces):
            return seed
    raise AssertionError(f"no seed below 5000 rolls {faces}")


def _no_deploy(p: Play) -> Ability:
    return None
    yield  # pragma: no cover - makes this a generator


class Stubs:
    """Stand-in abilities: every printed deploy ability does nothing and no card has an
    end-of-game ability, except those a test gives with :meth:`deploy` / :meth:`end_of_game`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._deploy: dict[CardId, Abilities] = {}
        self._end: dict[CardId, Abilities] = {}
        monkeypatch.setattr(rr.rules.turn, "abilities", self._turn_abilities)
        monkeypatch.setattr(rr.rules.end, "abilities", self._end_abilities)
        monkeypatch.setattr(rr.rules.end, "has_end_of_game_ability",
                            lambda card: card in self._end)

    def _turn_abilities(self, card: CardId) -> Abilities:
        return self._deploy.get(card, Abilities(deploy=_no_deploy))

    def _end_abilities(self, card: CardId) -> Abilities:
        return self._end.get(card, Abilities())

    def deploy(self, card: str, handler: Callable[[Play], Ability], trade: bool = False) -> None:
        """``card`` (one with a printed deploy ability) gets ``handler`` as its deploy."""
        self._deploy[CardId(card)] = Abilities(deploy=handler, trade=trade)

    def without_handler(self, card: str) -> None:
        """``card`` has no deploy handler at all (as if not yet written)."""
        self._deploy[CardId(card)] = Abilities()

    def end_of_game(self, card: str, handler: Callable[[Play], Program[None]]) -> None:
        self._end[CardId(card)] = Abilities(end_of_game=handler)

    def end_of_game_without_handler(self, card: str) -> None:
        """``card`` has an end-of-game ability but no handler (as if not yet written)."""
        self._end[CardId(card)] = Abilities()


def run_game(scenario: Scenario, seed: int = 0) -> Game:
    """The rest of the game (turn loop, Apollo's last turn, end of the game) from the
    scenario's position, starting with its first player's turn."""
    first = scenario.state().first_player
    assert first is not None
    return scenario.play_from(first, seed)
