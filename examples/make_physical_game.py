"""Make ``examples/physical-game.jsonl`` again (when a rules change alters that game).

    python examples/make_physical_game.py

The game is ``Game.new(["Ana", "Bo"], seed=91)`` played by ``RandomAgent(91)``, written one
event per line (``rr.events.log.encode_text``) with the comments a typist would add. A game
played at a table has no seed: its first record says so (``seed_origin`` "none", no
commitment, RR-VIEW-10) and it reveals none at its end; its random outcomes are what the
table saw, which the audit takes as recorded. A test
(tests/meta/test_examples.py) fails when the file and this script disagree.
"""

from __future__ import annotations

import json
from pathlib import Path

from attrs import evolve

from rr.agents.random import RandomAgent
from rr.engine import Game
from rr.events.codec import unstructure_event
from rr.events.log import header_for
from rr.events.types import (
    CardDealt, DeckShuffled, FirstPlayerChosen, GameStarted, HousesDealt, Phase, PhaseChanged,
    SeedRevealed, TurnKind, TurnStarted,
)
from rr.model import ZoneKind
from rr.randomness import SeedOrigin

HEAD = """\
# Red Rising — a 2-player game played at the table and typed in afterwards.
# Format: examples/README.md. One JSON value per line; lines starting with # are comments.
# Line 1 (after the comments) is the header; then one event per line, in the order it happened.
# Audit it with:  rr audit examples/physical-game.jsonl
"""


def render() -> str:
    """The file's text: the game's header and events, one per line, with comments."""
    game = Game.new(["Ana", "Bo"], seed=91)
    agent = RandomAgent(91)
    while game.pending is not None:
        game.choose(agent.choose(game.pending))
    names = ["Ana", "Bo"]
    turns = [0, 0]
    started = game.events[0]
    assert isinstance(started, GameStarted) and isinstance(game.events[-1], SeedRevealed)
    events = (evolve(started, commitment=None, seed_origin=SeedOrigin.NONE),
              *game.events[1:-1])  # a table's game: no seed to commit to or reveal
    out = [HEAD.rstrip("\n"), json.dumps(header_for(events)), "", "# --- Setup ---"]
    dealt_to_hand = False
    for event in events:
        if isinstance(event, DeckShuffled):
            out += ["# The shuffled deck, bottom card first and top card last, as observed: the",
                    "# last entry is the first card dealt. The cards nobody saw during the game",
                    "# come first (the bottom of the deck), in any order."]
        elif isinstance(event, CardDealt) and event.to.kind is ZoneKind.LOCATION \
                and event.to.location is not None and event.to.location.value == "jupiter" \
                and not dealt_to_hand and out[-1].startswith('["deck_shuffled'):
            out.append("# Two cards from the top of the deck face up on each location, "
                       "Jupiter first.")
        elif isinstance(event, HousesDealt):
            out.append("# House tiles drawn at random.")
        elif isinstance(event, CardDealt) and event.to.kind is ZoneKind.HAND and not dealt_to_hand:
            dealt_to_hand = True
            out.append("# Starting hands from the top of the deck: 5 cards each, Ana first.")
        elif isinstance(event, FirstPlayerChosen):
            out.append("# First player (no Apollo at the table: decided at random).")
        elif isinstance(event, TurnStarted) and event.kind is TurnKind.END_OF_GAME:
            out += ["", f"# --- {names[event.seat]}'s end-of-game step: the end-of-game cards "
                        "shown, their abilities, declarations ---"]
        elif isinstance(event, TurnStarted) and len(game.state.turns) == 0:
            turns[event.seat] += 1
            extra = " (Apollo's last turn)" if event.kind is TurnKind.APOLLO_LAST else ""
            out += ["", f"# --- {names[event.seat]}'s turn {turns[event.seat]}{extra} ---"]
        elif isinstance(event, PhaseChanged) and event.phase is Phase.END_OF_GAME:
            out += ["", "# --- End of the game ---"]
        out.append(json.dumps(unstructure_event(event)))
    return "\n".join(out) + "\n"


PATH = Path(__file__).with_name("physical-game.jsonl")
"""The file this script writes (tests/meta/test_examples.py checks it is up to date)."""


def main() -> None:
    text = render()
    PATH.write_text(text, "utf-8")
    print(f"wrote {PATH} ({sum(1 for line in text.splitlines()[2:] if line.startswith('['))}"
          " events)")


if __name__ == "__main__":
    main()
