"""``rr score FILE``: the scorepad of a finished game, from its final hands and tokens.

FILE is a JSON final position (format: ``rr.scoring.input``), or ``-`` for standard input.
Missing Gray and Orange declarations are chosen to maximise their owner's total (RULING-B3).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from rr.cards.catalogue import card
from rr.errors import BadInputError
from rr.ruleset import Ruleset
from rr.scoring.input import parse_table
from rr.scoring.scorepad import PlayerScore, Scorepad, score
from rr.scoring.table import Declaration
from rr.untrusted import MAX_FILE_BYTES, printable, read_bytes, text_of

ROW_TITLES: dict[str, str] = {
    "cards": "Cards (VP + abilities)",
    "fleet": "Fleet Track",
    "helium": "Helium (3 VP each)",
    "sovereignty": "Sovereignty (10 VP)",
    "influence": "Influence (4/2/1 VP each)",
    "excess": "Excess cards (-10 VP each > 7)",
}
"""The scorepad's row labels, in the rulebook's order (RR-SCORE-1)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "score",
        help="score a finished game (the scorepad)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the final position as JSON, or - for stdin")
    parser.add_argument("--json", action="store_true", help="print the scorepad as JSON")
    parser.add_argument(
        "--cards", action="store_true", help="also list every card's core value and bonus"
    )
    parser.add_argument(
        "--ruleset",
        default="official",
        metavar="OPTIONS",
        help='"official" (default) or option=true|false,... (each option is a ruling: '
             'rr spec lists them)',
    )


def run(args: argparse.Namespace) -> int:
    ruleset = Ruleset.parse(args.ruleset)
    if args.json:
        print(json.dumps(json_answer(_read(args.file), ruleset)))
    else:
        _print(score(parse_table(_read(args.file)), ruleset), show_cards=args.cards)
    return 0


def json_answer(text: str, ruleset: Ruleset) -> dict[str, Any]:
    """``rr score --json``'s output for a final position's JSON text (``rr server``'s
    ``POST /api/score`` answers with it too); :class:`BadInputError` for a position it
    refuses."""
    return scorepad_json(score(parse_table(text), ruleset))


def scorepad_json(pad: Scorepad) -> dict[str, Any]:
    """The scorepad as plain JSON data: players with rows, total, cards and declarations,
    and the winners."""
    return {
        "players": [
            {
                "name": p.name,
                "rows": dict(p.rows.items()),
                "total": p.total,
                "cards": [{"id": c.id, "name": card(c.id).name, "core": c.core,
                           "bonus": c.bonus} for c in p.cards],
                "declarations": {
                    card_id: _declaration_json(d) for card_id, d in p.declarations.items()
                },
            }
            for p in pad.players
        ],
        "winners": list(pad.winners),
    }


def _declaration_json(declaration: Declaration) -> dict[str, str]:
    result: dict[str, str] = {}
    if declaration.color is not None:
        result["color"] = declaration.color.value
    if declaration.name is not None:
        result["name"] = declaration.name
    return result


def _read(path: str) -> str:
    """The file's text (a byte-order mark dropped); at most MAX_FILE_BYTES are read."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        # A text stream (tests replace stdin with one) is read as text, with the same bound.
        data: bytes | str = (stream.read(MAX_FILE_BYTES + 1) if stream is not None
                             else sys.stdin.read(MAX_FILE_BYTES + 1))
        if len(data) > MAX_FILE_BYTES:
            raise BadInputError(f"standard input holds more than {MAX_FILE_BYTES // 2**20} MiB")
        return data if isinstance(data, str) else text_of(data, "standard input",
                                                          BadInputError)
    return text_of(read_bytes(path, BadInputError), path, BadInputError)


def _print(pad: Scorepad, show_cards: bool) -> None:
    # No markup: the names come from the file, and are shown through printable.
    console = Console(file=sys.stdout, highlight=False, markup=False)
    table = Table(title="Scorepad", show_footer=True, footer_style="bold")
    table.add_column("", footer="TOTAL")
    for player in pad.players:
        won = player.name in pad.winners
        header = f"★ {printable(player.name)}" if won else printable(player.name)
        table.add_column(header, justify="right", footer=str(player.total))
    for row, title in ROW_TITLES.items():
        table.add_row(title, *(str(dict(p.rows.items())[row]) for p in pad.players))
    console.print(table)
    shared = " (shared victory)" if len(pad.winners) > 1 else ""
    console.print(f"Winner: {', '.join(printable(w) for w in pad.winners)}{shared}")
    for player in pad.players:
        if player.declarations:
            console.print(f"{printable(player.name)} declares: "
                          f"{printable(_declarations_text(player))}")
    if show_cards:
        for player in pad.players:
            console.print(_cards_table(player))


def _declarations_text(player: PlayerScore) -> str:
    parts = []
    for card_id, declaration in player.declarations.items():
        how = "chosen" if card_id in player.chosen else "given"
        what = (
            f"also {declaration.color.value.capitalize()}"
            if declaration.color is not None
            else f'named "{declaration.name}"'
        )
        parts.append(f"{card(card_id).name} {what} ({how})")
    return "; ".join(parts)


def _cards_table(player: PlayerScore) -> Table:
    table = Table(title=f"{printable(player.name)}'s cards", show_footer=True)
    table.add_column("Card", footer="cards row")
    table.add_column("Core", justify="right")
    table.add_column("Bonus", justify="right")
    table.add_column("Points", justify="right", footer=str(player.rows.cards))
    for line in player.cards:
        table.add_row(card(line.id).name, str(line.core), str(line.bonus), str(line.points))
    return table
