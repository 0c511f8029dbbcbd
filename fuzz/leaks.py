"""Count the views that name a face-down card their seat may not know (issue #9's measure).

    python -m fuzz.leaks [--games 200] [--players 4]

Plays random games and, at every decision, builds every seat's view. A view leaks if its
locations, its pending decision's prompt or (for the decider) its options name a card that
lies face down and that this seat did not place — unless everyone saw the card go on the
deck before it was placed (revealed there, or put back from a face-up place, and not shuffled
since). Both are followed here from the events themselves, independently of ``rr.knowledge``.
"""

from __future__ import annotations

import argparse
import random
import re

from rr.cards.catalogue import catalogue
from rr.engine import Game
from rr.events.types import (
    CardPlaced,
    CardReturnedToDeck,
    CardRevealed,
    CardsShuffled,
    DeckShuffled,
)
from rr.model import ZoneKind
from rr.options import PickCard

ALL = -1
"""Stands for "every seat" as the knower of a face-down card."""
TOKEN = re.compile(r"[a-z0-9][a-z0-9_]*")


def count(games: int, players: int) -> tuple[int, int]:
    """(views, leaking views) over ``games`` random games of ``players``."""
    cards = catalogue()
    views = leaking = 0
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(players, seed=seed)
        placer: dict[str, int | None] = {}
        public_in_deck: set[str] = set()
        seen = 0
        while game.pending is not None:
            for event in game.events[seen:]:
                if isinstance(event, CardPlaced) and event.face_down:
                    placer[event.card] = ALL if event.card in public_in_deck else event.seat
                elif isinstance(event, CardRevealed) and event.source.kind is ZoneKind.DECK:
                    public_in_deck.add(event.card)
                elif (isinstance(event, CardReturnedToDeck)
                      and event.source.kind in (ZoneKind.BANISHED, ZoneKind.LOCATION)):
                    public_in_deck.add(event.card)
                elif isinstance(event, (DeckShuffled, CardsShuffled)):
                    public_in_deck.clear()
            seen = len(game.events)
            state = game.state
            for seat in state.seats:
                v = game.view(seat)
                views += 1
                named = {c for _, stack in v.locations for c in stack}
                if v.pending is not None:
                    named |= {t for t in TOKEN.findall(v.pending.prompt) if t in cards}
                    named |= {o.card for o in v.pending.options or () if isinstance(o, PickCard)}
                if any(c in state.face_down and placer.get(c) not in (seat, ALL) for c in named):
                    leaking += 1
            game.choose(rng.choice(game.pending.options))
    return views, leaking


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    views, leaking = count(args.games, args.players)
    print(f"{args.games} games of {args.players} players: {views} views, {leaking} name a "
          f"face-down card their seat may not know")


if __name__ == "__main__":
    main()
