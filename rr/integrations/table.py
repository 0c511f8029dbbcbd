"""What the environments share (issue #30): rewards by rank, and the table as a spectator
sees it for rendering."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from rr.actions import action_index
from rr.engine import Game
from rr.options import Option
from rr.narrate import card_name, narrate
from rr.state import GameState
from rr.views import HIDDEN


def rewards_by_rank(seats: int, winners: tuple[int, ...]) -> list[float]:
    """The final reward of every seat: the *k* winners share +1, the others share -1 (each
    loser gets ``-1/(n-k)``); a game everyone wins gives 0."""
    losers = seats - len(winners)
    if losers == 0:
        return [0.0] * seats
    return [1.0 / len(winners) if s in winners else -1.0 / losers for s in range(seats)]


def board(game: Game) -> str:
    """The table as a spectator sees it: the four stacks bottom to top (``?`` face down), the
    deck and the banished pile, each player's house, tokens and hand size, and who decides."""
    v = game.view(None)
    lines = []
    for location, stack in v.locations:
        cards = ", ".join("?" if c == HIDDEN else card_name(c) for c in stack)
        lines.append(f"{location.title:<8} {cards or '-'}")
    lines.append(f"deck {v.deck_size}, banished {len(v.banished)}, "
                 f"neutral influence {v.neutral_influence}")
    for seat, p in enumerate(v.players):
        marks = "".join(m for m, on in (("S", p.sovereign), ("F", p.first_player),
                                         ("T", v.turn_seat == seat)) if on)
        lines.append(f"P{seat} {p.name:<12} {p.house.value if p.house else '-':<8} helium "
                     f"{p.helium:>2} fleet {p.fleet:>2} influence {p.influence:>2} hand "
                     f"{p.hand_size:>2} {marks}")
    if v.pending is not None:
        lines.append(f"P{v.pending.seat} decides: {v.pending.prompt}")
    elif v.winners is not None and v.totals is not None:
        lines.append("over: " + ", ".join(f"P{s} {t}" for s, t in enumerate(v.totals))
                     + "; winners " + ", ".join(f"P{w}" for w in v.winners))
    return "\n".join(lines)


class Actions:
    """The pending decision's options by action (:mod:`rr.actions`), the listed objects
    themselves, so that choosing one is found by identity in ``Game.choose``, and the bytes
    of its action mask.

    The rules list the same option objects again and again (about five in six options of a
    random game were listed before), so each object's action is remembered by identity: its
    hash (attrs', then an enum's, both in Python) is paid once. The objects remembered are
    held, so no other object can take their ids while they are. Remembering whole option
    lists as well (their mask and actions, by the options' identities) cost more than it
    saved: making the key alone costs about as much as listing the actions (issue #30)."""

    KEPT = 100_000
    """How many options are remembered (then all are forgotten)."""

    def __init__(self) -> None:
        self._known: dict[int, int] = {}
        self._held: list[Option] = []

    def of(self, options: Sequence[Option], size: int) -> tuple[dict[int, Option], bytearray]:
        """``options`` by action, and ``size`` bytes that are 1 at their actions, else 0."""
        known, mask, listed = self._known, bytearray(size), {}
        if len(known) > self.KEPT:
            known.clear()
            self._held.clear()
        get = known.get
        for option in options:
            action = get(id(option))
            if action is None:
                action = known[id(option)] = action_index()[option]
                self._held.append(option)
            listed[action] = option
            mask[action] = 1
        return listed, mask


class Story:
    """What a render shows: the events since the previous render, narrated for a spectator,
    then the board."""

    def __init__(self) -> None:
        self._told: tuple[int, GameState] = (0, GameState())

    def told(self, game: Game) -> str:
        told, state = self._told
        lines = [text for _, text in narrate(game.events[told:], None, initial=state)]
        self._told = (len(game.events), game.state)
        return "\n".join([*lines, "", board(game)])

    def rendered(self, game: Game, mode: str) -> str | None:
        """What :meth:`told` tells, returned (``"ansi"``) or printed (``"human"``: ``None``):
        the ``render()`` of both environments."""
        text = self.told(game)
        if mode == "human":
            print(text, file=sys.stdout, flush=True)
            return None
        return text
