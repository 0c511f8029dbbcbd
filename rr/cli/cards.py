"""``rr cards [NAME...]``: the 112-card catalogue with its printed texts, or the cards named.

Without a name, a table of every card (or of one colour, ``--color``): id, name, colour, core
value, and each printed ability's text (deploy, end-game bonus, end-of-game ability, block).
With names (a card's id or its printed name, in any case: ``sevro``, ``"Dr. Virany"``), each
card alone. ``--missing`` keeps the cards whose printed ability has no handler yet.
"""

from __future__ import annotations

import argparse
import json
import re

from rich.console import Console

from rr.cards.catalogue import Card, catalogue
from rr.cards.registry import missing
from rr.errors import UnknownCardError
from rr.model import Color

TEXTS: tuple[tuple[str, str], ...] = (
    ("deploy", "Deploy"), ("end_game", "End-game bonus"),
    ("end_of_game", "End-of-game ability"), ("block", "Block"),
)
"""A card's printed texts, by field, with the word the card prints before each."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("cards", help="list the 112 cards with their printed texts, or show one",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("names", metavar="NAME", nargs="*",
                   help="a card's id or printed name: show that card")
    p.add_argument("--color", choices=[c.value for c in Color], help="only this colour")
    p.add_argument("--missing", action="store_true", help="only cards with a missing ability")
    p.add_argument("--json", action="store_true", help="print a JSON list")


def lookup(name: str) -> Card:
    """The card whose id or printed name is ``name`` (any case, any punctuation)."""
    key = re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_")
    for card in catalogue().values():
        if key in (card.id, re.sub(r"[^a-z0-9]+", "_", card.name.casefold()).strip("_")):
            return card
    raise UnknownCardError(name)


def texts(card: Card) -> list[tuple[str, str]]:
    """The card's printed ability texts, each with its label, in the card's order."""
    return [(label, text) for field, label in TEXTS if (text := getattr(card, field))]


def run(args: argparse.Namespace) -> int:
    lacking: dict[str, list[str]] = {}
    for card_id, ability in missing():
        lacking.setdefault(card_id, []).append(ability)
    if args.names:
        cards = [lookup(name) for name in args.names]
    else:
        cards = [c for c in catalogue().values()
                 if (args.color is None or c.color.value == args.color)
                 and (not args.missing or c.id in lacking)]
    if args.json:
        print(json.dumps([
            {"id": c.id, "name": c.name, "color": c.color.value, "core_value": c.core_value,
             "deploy": c.deploy, "end_game": c.end_game, "end_of_game": c.end_of_game,
             "block": c.block, "missing": lacking.get(c.id, [])}
            for c in cards]))
        return 0
    if not cards:
        print("no card has a printed ability without a handler" if args.missing
              else "no card matches")
        return 0
    console = Console(highlight=False)
    for n, c in enumerate(cards):
        console.print(("\n" if n else "") + f"{c.name} ({c.id}) — {c.color.value.capitalize()}, "
                      f"core value {c.core_value}", markup=False, soft_wrap=True)
        for label, text in texts(c) or [("Abilities", "none")]:
            console.print(f"  {label}: {text}", markup=False, soft_wrap=True)
        for ability in lacking.get(c.id, []):
            console.print(f"  (no handler yet: {ability})", markup=False)
    if not args.names:
        total = len(missing())
        console.print(f"\n{len(cards)} cards; " + (
            f"{total} printed abilities without a handler" if total else
            "every printed ability has a handler"), markup=False)
    return 0
