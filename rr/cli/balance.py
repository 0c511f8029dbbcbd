"""``rr simulate --report DIR``: ``summary.json``, four PNG plots and a short table.

The folder and matplotlib are checked before any game is played (a missing matplotlib is
a one-line error, exit 2, naming ``pip install 'rr[report]'``). The report is built from the
games' results sorted by seed, so ``--workers`` and ``--ray`` give the same ``summary.json``
(only its ``timing`` differs).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from rr.errors import BadInputError
from rr.report import balance, folder, plots
from rr.ruleset import Ruleset
from rr.simulate import GameResult
from rr.untrusted import printable

SUMMARY = "summary.json"


def refuse_solo(args: argparse.Namespace) -> None:
    if args.solo or args.level is not None or args.levels is not None:
        raise BadInputError("--report is for games between bots; it does not report solo "
                            "games (--solo, --level, --levels)")


def prepare(args: argparse.Namespace) -> None:
    """Refuse ``--report`` where it cannot be written, once every other argument is known
    to be good and before anything is played."""
    plots.require()
    folder.prepare(args.report)


def write(args: argparse.Namespace, results: Sequence[GameResult], seconds: float) -> None:
    """Write the report into ``args.report``; print its table unless ``--json``."""
    parameters = balance.Parameters(args.games, args.players, args.seed, tuple(args.agents),
                                    args.ruleset or Ruleset())
    summary = balance.summary(results, parameters, seconds)
    with drawing():
        written = [folder.write_json(args.report, SUMMARY, summary)]
        written += plots.balance(summary, args.report)
    if not args.json:
        show(summary, written)


def drawing() -> AbstractContextManager[object]:
    """A spinner on a terminal's stderr while the plots are drawn (a few seconds)."""
    err = Console(stderr=True)
    return err.status("drawing the report") if err.is_terminal else nullcontext()


def show(summary: dict[str, Any], written: Sequence[Path]) -> None:
    out = Console(highlight=False)
    for section, name in (("win_rate_by_house", "house"), ("win_rate_by_seat", "seat"),
                          ("win_rate_by_agent", "agent")):
        rows = summary[section]
        if name == "agent" and len(rows) < 2:
            continue
        title = f"Win rate by {name}" + (" (place in turn order)" if name == "seat" else "")
        out.print(rate_table(f"{title}, 95% Wilson interval", name, rows))
    if summary["shared_wins"]:
        out.print(f"{summary['shared_wins']} shared win(s), counted as a win for each winner")
    out.print(written_line(written), soft_wrap=True, markup=False)


def written_line(written: Sequence[Path]) -> str:
    """``report in DIR: a.json, b.png`` (one line, however long the folder's name)."""
    return printable(f"report in {written[0].parent}: "
                     + ", ".join(path.name for path in written))


def rate_table(title: str, name: str, rows: Sequence[dict[str, Any]]) -> Table:
    table = Table(title=title)
    for column in (name, "seats", "wins", "win rate", "95% interval"):
        table.add_column(column, justify="left" if column == name else "right")
    for row in rows:
        table.add_row(row[name], str(row["seats"]), str(row["wins"]), f"{row['rate']:.1%}",
                      f"{row['low']:.1%} – {row['high']:.1%}")
    return table
