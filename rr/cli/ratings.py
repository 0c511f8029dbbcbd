"""``rr ratings LOG|DIR...``: rate every player over finished games' logs.

Each finished game between players is rated once, in the order given (a folder's logs in the
order of their file names), by openskill's Plackett-Luce model at its defaults: the winners
tied first, the others by their totals (equal totals tied), a seat that left or timed out
last (:mod:`rr.ratings`). Logs of games not finished, solo games and games their server
marked not rated are skipped. Prints each player's mu, sigma and games, the highest mu
first; ``--json``: one JSON object, ``{"games": n, "ratings": [{"name", "mu", "sigma",
"games"}, ...], "by_players": {"2": {"games", "ratings"}, ...}}`` (``by_players``: the games
of each player count rated apart), the numbers ``rr server`` shows on its ratings page for
the logs of its finished rated games. ``--players N``: the games of N players alone. Exit 2
for a log that cannot be read.
"""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from rr import ratings
from rr.cli.audit import logs_of
from rr.events import log as logfile
from rr.untrusted import printable


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("ratings", help="rate the players of finished games' logs",
                            description=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", metavar="LOG", nargs="+",
                        help="a .rrlog (binary) or .jsonl (text) log, or a folder of them "
                             "(rated in the order of their file names); several may be given")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: the games rated and every player's mu, "
                             "sigma and games, over all and for each player count apart")
    parser.add_argument("--players", type=int, choices=range(2, 7), metavar="N",
                        help="rate the games of N players (2 to 6) alone")


def run(args: argparse.Namespace) -> int:
    kept = ratings.Ratings()
    for path in logs_of(args.logs):
        found = ratings.placing(logfile.read(path), path.name)
        if found is not None and args.players in (None, len(found.players)):
            kept.add(found)
    count = kept.count
    table = kept.table()
    if args.json:
        print(json.dumps(kept.as_json()))
        return 0
    shown = Table("player", "mu", "sigma", "games", title=f"{count} game(s) rated")
    for rating in table:
        shown.add_row(printable(rating.name), f"{rating.mu:.2f}", f"{rating.sigma:.2f}",
                      str(rating.games))
    Console(highlight=False).print(shown)
    return 0
