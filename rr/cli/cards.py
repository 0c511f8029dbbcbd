"""``rr cards``: the 112-card catalogue, and which printed abilities have no handler yet."""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from rr.cards.catalogue import catalogue
from rr.cards.registry import missing
from rr.model import Color


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("cards", help="list the 112 cards",
                       description="List the card catalogue: id, name, colour, core value, "
                                   "printed texts, and any ability not implemented yet.")
    p.add_argument("--color", choices=[c.value for c in Color], help="only this colour")
    p.add_argument("--missing", action="store_true", help="only cards with a missing ability")
    p.add_argument("--json", action="store_true", help="print a JSON list")


def run(args: argparse.Namespace) -> int:
    lacking: dict[str, list[str]] = {}
    for card_id, ability in missing():
        lacking.setdefault(card_id, []).append(ability)
    cards = [c for c in catalogue().values()
             if (args.color is None or c.color.value == args.color)
             and (not args.missing or c.id in lacking)]
    if args.json:
        print(json.dumps([
            {"id": c.id, "name": c.name, "color": c.color.value, "core_value": c.core_value,
             "deploy": c.deploy, "end_game": c.end_game, "end_of_game": c.end_of_game,
             "block": c.block, "missing": lacking.get(c.id, [])}
            for c in cards], indent=1))
        return 0
    if not cards:
        print("no card has a printed ability without a handler" if args.missing
              else "no card matches")
        return 0
    table = Table(title=f"{len(cards)} cards", show_lines=False)
    for column in ("id", "name", "colour", "core", "abilities", "missing"):
        table.add_column(column, justify="right" if column == "core" else "left")
    for c in cards:
        kinds = [k for k, text in (("deploy", c.deploy), ("end-game", c.end_game),
                                   ("end-of-game", c.end_of_game), ("block", c.block)) if text]
        table.add_row(c.id, c.name, c.color.value, str(c.core_value), ", ".join(kinds),
                      ", ".join(lacking.get(c.id, [])))
    Console().print(table)
    total = len(missing())
    print(f"{total} printed abilities without a handler" if total else
          "every printed ability has a handler")
    return 0
