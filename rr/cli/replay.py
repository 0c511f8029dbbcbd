"""``rr replay LOG``: the state a game log records at any record, and its story so far.

Replay folds the recorded events (no rule runs): the board, the tokens, the hands as the
viewer may see them (``--as`` a player; without it, a spectator sees no hand), whose decision
is pending, the scorepad once the game is over, and one line per record up to that point,
with the cards the viewer may not see hidden. Records are numbered from 0 (the
``game_started`` record), as in ``rr audit``'s reports.

``--as`` takes a player's name (case-insensitive) or number, counting from 1 for the first
seat as the default names P1, P2, ... do; in ``--json`` output, ``seat`` fields count from 0,
as the engine's API does.

A log whose records stop folding (a tampered log that still decodes) is shown up to the last
record that folds (or ``--at`` a record before it), followed by where and why it stops: the
record the fold refuses and ``rr audit``'s report of the log's first divergence (in
``--json``: ``"foldable"``, ``"unfolded"`` and ``"audit"``, as the web replay viewer's
``POST /api/replay`` answers). Exit status: 0; 1 when the records stop folding (the state
before is shown); 2 for a log that cannot be read, a record past the last that folds, or
another mistake in the command.
"""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table
from rich.text import Text

from rr.errors import BadInputError
from rr.events import log
from rr.narrate import card_name
from rr.oracle.replay import (
    Replay,
    Unfolded,
    describe_options,
    replay_json,
    replay_log,
    resolve_seat,
)
from rr.scoring.scorepad import ROWS
from rr.state import fold
from rr.untrusted import printable


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "replay", help="show a game log's state at any record, with its story",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", metavar="LOG", help="a .rrlog (binary) or .jsonl (text) log")
    parser.add_argument("--at", metavar="N", default=None,
                        help="replay up to record N, inclusive (default: the whole log)")
    parser.add_argument("--as", dest="viewer", metavar="PLAYER", default=None,
                        help="see the game as this player: a name or a number (1 = first "
                             "seat); default: a spectator")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--tail", metavar="K", default=None,
                        help="show only the last K lines of the story")


def _whole(text: str | None, what: str) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise BadInputError(f"{what} takes a record number, not {text!r}") from None


def run(args: argparse.Namespace) -> int:
    at = _whole(args.at, "--at")
    tail = _whole(args.tail, "--tail")
    if tail is not None and tail < 0:
        raise BadInputError(f"--tail takes a number of lines >= 0, not {tail}")
    events = log.read(args.log).events
    seat = None
    if args.viewer is not None:
        seat = resolve_seat(fold(events[:1]), args.viewer)
    result, unfolded = replay_log(events, at, seat, str(args.log))
    if args.json:
        print(json.dumps({**replay_json(result),
                          "foldable": result.records if unfolded is None else unfolded.record,
                          "unfolded": None if unfolded is None else
                          {"record": unfolded.record, "problem": unfolded.problem},
                          "audit": None if unfolded is None else unfolded.audit.as_json()}))
    else:
        _print(result, tail)
        if unfolded is not None:
            _print_unfolded(unfolded)
    return 0 if unfolded is None else 1


def _print_unfolded(unfolded: Unfolded) -> None:
    console = Console(highlight=False, markup=False, stderr=False)
    console.print()
    console.print(Text(f"The records stop folding at record {unfolded.record}: "
                       f"{printable(unfolded.problem)}", "bold"), soft_wrap=True)
    for line in unfolded.audit.lines():
        console.print(printable(line), soft_wrap=True)


def _print(r: Replay, tail: int | None) -> None:
    # No markup: every name and line comes from the log, and is shown through printable.
    console = Console(highlight=False, markup=False)
    story = r.story if tail is None else r.story[len(r.story) - tail:] if tail else ()
    for line in story:
        console.print(Text.assemble((f"{line.record:>5}", "dim"), "  ", printable(
            f"{line.text} [{line.rule}]" if line.rule else line.text)),
                      soft_wrap=True)
    s, v = r.state, r.view
    names = [printable(p.name) for p in s.players]
    who = "a spectator" if r.seat is None else names[r.seat]
    console.print()
    console.print(Text.assemble(
        (f"Record {r.at} of {r.records - 1}", "bold"),
        f" — seen by {who}; ruleset {s.ruleset.describe()}; phase "
        f"{v.phase.value.replace('_', ' ')}"
        + (f"; the end was triggered on {names[v.end_triggered_by]}'s turn"
           if v.end_triggered_by is not None else "")))

    board = Table(title="Board (bottom → top)", title_justify="left")
    board.add_column("location")
    board.add_column("cards")
    for location, stack in v.locations:
        board.add_row(location.title, ", ".join(card_name(c) for c in stack) or "—")
    board.add_row("deck", f"{v.deck_size} cards")
    board.add_row("banished", ", ".join(card_name(c) for c in v.banished) or "—")
    console.print(board)

    players = Table(title="Players", title_justify="left")
    for column in ("player", "house", "hand", "Helium", "Fleet", "Influence", "turns", ""):
        players.add_column(column)
    for seat, p in enumerate(v.players):
        marks = " ".join(m for m, on in (("Sovereign", p.sovereign), ("first", p.first_player),
                                         ("to play", v.turn_seat == seat)) if on)
        players.add_row(printable(p.name), p.house.value.capitalize() if p.house else "—",
                        str(p.hand_size), str(p.helium), str(p.fleet), str(p.influence),
                        str(p.turns), marks)
    if v.neutral_influence:
        players.add_row("(neutral)", "", "", "", "", str(v.neutral_influence), "", "")
    console.print(players)
    if r.seat is not None and v.hand is not None:
        console.print(f"{names[r.seat]}'s hand: "
                      + (", ".join(card_name(c) for c in v.hand) or "empty"))

    console.print(f"Pending: {printable(r.pending.note)}")
    decision = r.pending.decision
    if decision is not None and decision.seat == r.seat:
        console.print(f"  options: {printable(describe_options(decision, s))}")
    if r.scorepad is not None:
        pad = Table(title="Scorepad", title_justify="left")
        pad.add_column("row")
        columns = r.scorepad
        for score in columns:
            pad.add_column(printable(score.name), justify="right")
        for row in ROWS:
            pad.add_row(row, *(str(getattr(c.rows, row)) for c in columns))
        pad.add_row(Text("total", "bold"), *(Text(str(c.rows.total), "bold") for c in columns))
        console.print(pad)
        console.print(f"Winner: {' and '.join(names[w] for w in v.winners or ())}")
