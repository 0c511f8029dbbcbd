"""Count what random games show each seat and the spectator that they did not see (issues 9, 25).

    python -m fuzz.leaks [--games 200] [--players 4]

Plays random games and, at every decision, builds every seat's view and the spectator's.
Two measures, both followed from the events, independently of ``rr.knowledge``:

* **face-down** (issue 9's measure, seats only): a view leaks if its locations, its pending
  decision's prompt or (for the decider) its options name a card that lies face down and that
  this seat did not place — unless everyone saw the card go on the deck before it was placed
  (revealed there, or put back from a face-up place, and not shuffled since) *and* it was not
  among several cards a player took up from the deck to place where they alone chose
  (Firewall Expert, RR-VIEW-9: issue 25 found the exemption too wide).
* **fuzz.seen** (issue 25's oracle, seats and the spectator): the views naming a card their
  observer did not see, the views hiding a card it saw, and the records (``rr.views.redact``)
  telling a card it did not see.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter

from fuzz.seen import Seen, told_problems, view_problems
from rr.cards.catalogue import catalogue
from rr.engine import Game
from rr.events.types import (
    CardPlaced,
    CardReturnedToDeck,
    CardRevealed,
    CardsSeen,
    CardsShuffled,
    DeckShuffled,
)
from rr.jsonforms import to_json
from rr.model import ZoneKind
from rr.options import PickCard
from rr.state import GameState, apply
from rr.views import redact

ALL = -1
"""Stands for "every seat" as the knower of a face-down card."""
TOKEN = re.compile(r"[a-z0-9][a-z0-9_]*")


def count(games: int, players: int) -> Counter[str]:
    """The figures over ``games`` random games of ``players``: ``views`` (seats') and
    ``face_down`` (those leaking by the face-down measure); ``observed`` (seats' and the
    spectator's views), ``unseen`` and ``hidden`` (those naming a card their observer did not
    see, or hiding one it saw, by ``fuzz.seen``); ``records`` (records as told to each
    observer) and ``told`` (those telling a card it did not see)."""
    cards = catalogue()
    figures: Counter[str] = Counter()
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(players, seed=seed)
        placer: dict[str, int | None] = {}
        public_in_deck: set[str] = set()
        taken_up: set[str] = set()
        seen, state, done = Seen(), GameState(), 0
        while game.pending is not None:
            for event in game.events[done:]:
                if isinstance(event, CardPlaced) and event.face_down:
                    everyone = event.card in public_in_deck and event.card not in taken_up
                    placer[event.card] = ALL if everyone else event.seat
                elif (isinstance(event, CardRevealed) and event.source.kind is ZoneKind.DECK) \
                        or (isinstance(event, CardReturnedToDeck)
                            and event.source.kind in (ZoneKind.BANISHED, ZoneKind.LOCATION)):
                    public_in_deck.add(event.card)
                elif isinstance(event, CardsSeen) and event.source.kind is ZoneKind.DECK \
                        and len(event.cards) > 1:
                    taken_up |= set(event.cards)
                elif isinstance(event, (DeckShuffled, CardsShuffled)):
                    public_in_deck.clear()
                allowed = seen.feed(event)
                after = apply(state, event)
                for o in seen.observers:
                    figures["records"] += 1
                    record = to_json(redact(event, state, o, after))
                    figures["told"] += bool(told_problems(allowed[o], record, o, done))
                state, done = after, done + 1
            state_now = game.state
            for o in seen.observers:
                v = game.view(o)
                shown = to_json(v)
                figures["observed"] += 1
                problems = view_problems(seen, o, shown)
                figures["unseen"] += any("which it sees" not in p for p in problems)
                figures["hidden"] += any("which it sees" in p for p in problems)
                if o is None:
                    continue
                figures["views"] += 1
                named = {c for _, stack in v.locations for c in stack}
                if v.pending is not None:
                    named |= {t for t in TOKEN.findall(v.pending.prompt) if t in cards}
                    named |= {o.card for o in v.pending.options or () if isinstance(o, PickCard)}
                figures["face_down"] += any(c in state_now.face_down
                                            and placer.get(c) not in (o, ALL) for c in named)
            game.choose(rng.choice(game.pending.options))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    f = count(args.games, args.players)
    print(f"{args.games} games of {args.players} players: {f['views']} views, "
          f"{f['face_down']} name a face-down card their seat may not know")
    print(f"  fuzz.seen: {f['observed']} views of seats and the spectator, {f['unseen']} name a "
          f"card their observer did not see, {f['hidden']} hide one it saw; {f['records']} "
          f"records told, {f['told']} tell a card their observer did not see")


if __name__ == "__main__":
    main()
