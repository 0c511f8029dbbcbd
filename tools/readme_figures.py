"""Write the README's figures from seeded runs, so that none is typed by hand (issue #27).

    python -m tools.readme_figures                  # every section, written into README.md
    python -m tools.readme_figures solo impact      # only these sections
    python -m tools.readme_figures --check          # compare only: exit 1 if one differs

Each section of README.md between ``<!-- figures:NAME -->`` and ``<!-- /figures:NAME -->`` is
this script's output for NAME, from fixed seeds, so the same code always writes the same text.
A rules change, a ruling, a new agent or a card data fix moves the figures: run the script and
commit README.md with the change. ``tests/meta/test_readme_figures.py`` fails when README.md
and a fresh run disagree (see it for what each section costs and how CI checks it).

Sections (each names the command whose output it is):

* ``solo`` — the difficulty table: ``rr simulate --solo --levels 1-6 --games 500`` (seeds
  0-499, random and greedy agents, official rules); 6,000 games, about 70 s of CPU.
* ``impact`` — the worked example of ``rr regress --impact``: ``--ruleset official --against
  ceres_banish_any_position=false --agents random --games 1000 --seed 0``; 2,000 games, about
  25 s of CPU.
* ``bots`` — the greedy agent's share of wins against the random one (``rr simulate --agents
  greedy,random --players P --seed 7000 --games 200``), 400 games, a minute or two of CPU.
* ``ladder`` — rr's agents rated against each other with openskill: ``rr ladder --agents
  random,greedy,ismcts:flat,ismcts --players 2 --games 40 --seed 8000``; about a minute of CPU.
* ``ismcts`` — the ISMCTS agent's shares (the same command with ``ismcts``, its default 100
  iterations a decision): 78 games, 18 minutes on both cores (2-core machine, shared with a
  test run, 2026-11-26; some 6 minutes at ``ismcts:30``), too long for every test
  run, so this section is written by hand (``python -m tools.readme_figures ismcts``) and CI
  checks a fingerprint of each row's first game instead.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

from attrs import frozen

from rr import ladder, simulate
from rr.automa import automa_table
from rr.cli.ladder import text as ladder_table
from rr.engine import Game
from rr.events.codec import unstructure_event
from rr.report.impact import ImpactParameters, impact
from rr.report.stats import wilson
from rr.ruleset import Ruleset

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(
    r"(<!-- figures:(?P<name>[a-z]+) -->\n)(?P<body>.*?)(<!-- /figures:(?P=name) -->)", re.DOTALL)

# --- solo: the difficulty table ----------------------------------------------------------------

SOLO_GAMES, SOLO_LEVELS, SOLO_AGENTS, SOLO_SEED = 500, (1, 2, 3, 4, 5, 6), ("random", "greedy"), 0


def solo_lines(workers: int | None = None) -> list[simulate.SoloLine]:
    """The difficulty table's lines: ``rr simulate --solo --levels 1-6 --games 500``."""
    results = simulate.run_solo(SOLO_GAMES, SOLO_LEVELS, SOLO_AGENTS, SOLO_SEED, None, workers)
    return simulate.summarise_solo(results)


def solo_text(lines: Sequence[simulate.SoloLine]) -> str:
    """The table and the sentence of mean scores under it."""
    by = {(line.level, line.agent): line for line in lines}
    if any(line.errors for line in lines):
        raise SystemExit(f"solo games failed: {[line for line in lines if line.errors]}")
    rows = ["| level | name | random agent: win rate | mean margin | greedy agent: win rate "
            "| mean margin |", "|---|---|---|---|---|---|"]
    for level in SOLO_LEVELS:
        cells = [str(level), automa_table().level(level).name]
        for agent in SOLO_AGENTS:
            line = by[(level, agent)]
            cells += [f"{line.win_rate:.1%}", f"{line.mean_margin:.1f}"]
        rows.append("| " + " | ".join(cells) + " |")
    random_1, greedy_1 = by[(1, "random")], by[(1, "greedy")]
    first, last = by[(SOLO_LEVELS[0], "random")], by[(SOLO_LEVELS[-1], "random")]
    rows += ["", paragraph(
        "The margin is the player's total minus hers (the random agent scores "
        f"{random_1.mean_score:.0f} on average, the greedy one {greedy_1.mean_score:.0f}; "
        f"against the random agent she scores {first.mean_automa_score:.0f} at level "
        f"{SOLO_LEVELS[0]} to {last.mean_automa_score:.0f} at level {SOLO_LEVELS[-1]}).")]
    return "\n".join(rows)


def paragraph(text: str) -> str:
    """Prose as README.md wraps it (at 95 columns), ending its line."""
    return textwrap.fill(text, width=95, break_long_words=False, break_on_hyphens=False) + "\n"


# --- impact: the worked example of rr regress --impact -----------------------------------------

IMPACT = ImpactParameters(games=1000, players=4, seed=0, agents=("random",), ruleset=Ruleset(),
                          against=Ruleset.parse("ceres_banish_any_position=false"))
IMPACT_HOUSE = "ceres"


def impact_text(workers: int | None = None) -> str:
    """The paragraph reading the example's figures, as ``rr regress --impact`` computes them."""
    under = [simulate.timed(simulate.run(IMPACT.games, IMPACT.players, IMPACT.seed, ruleset,
                                         workers, agents=IMPACT.agents))[0]
             for ruleset in (IMPACT.ruleset, IMPACT.against)]
    report = impact(under[0], under[1], IMPACT)
    row = next(r for r in report["win_rate_by_house"] if r["house"] == IMPACT_HOUSE)
    return paragraph(
            "Read a row of the table, or of `win_rate_by_house` in the JSON (fractions there: "
            f"`change` {row['change']}, `plus_minus` {row['plus_minus']}), as \"this ruling "
            f"moves {IMPACT_HOUSE.capitalize()}' win rate by {100 * row['change']:+.1f} ± "
            f"{100 * row['plus_minus']:.1f} points ({row['a']:.1%} → {row['b']:.1%})\": the "
            "last line of the table says it for the house that moves most. A change whose "
            "interval holds 0 is not shown to exist. Once the rulesets make a game differ, the "
            "bots' later choices differ too, so with random agents many games change winner by "
            f"chance ({len(report['changed_winner'])} of {report['games']:,} for the command "
            "above), while the win rates barely move: the listed seeds are where to look, the "
            "intervals are the measure.")


# --- bots: shares of wins between agents -------------------------------------------------------

@frozen
class Match:
    """One row of the bots table: ``rr simulate --agents AGENTS --players P --seed S --games N``."""

    players: int
    agents: tuple[str, str]
    seed: int
    games: int


MATCHES = (
    Match(4, ("greedy", "random"), 7000, 200),
    Match(2, ("greedy", "random"), 7000, 200),
)
"""The ``bots`` section: cheap enough (400 games) for CI to play again."""
ISMCTS_MATCHES = (
    Match(4, ("ismcts", "greedy"), 5000, 24),
    Match(2, ("ismcts", "greedy"), 6000, 30),
    Match(4, ("ismcts", "random"), 8000, 12),
    Match(2, ("ismcts", "random"), 8000, 12),
)
"""The ``ismcts`` section: some 20 minutes of CPU, so CI checks their fingerprints."""
HEADER = ["| players | seats | seed S | games | first bot's share | second bot's share |",
          "|---|---|---|---|---|---|"]
FINGERPRINT_DECISIONS = 12
"""How many decisions of each row's first game the fingerprint covers."""


def shares(results: Sequence[simulate.GameResult], agent: str) -> float:
    """The games won by ``agent``'s seats, a shared win split between its winners."""
    return sum(sum(r.agents[w] == agent for w in r.winners) / len(r.winners) for r in results)


def _share_cell(won: float, games: int) -> str:
    interval = wilson(won, games)
    count = f"{won:g}"
    return (f"{count}/{games} = {interval.value:.0%} ({interval.low:.0%}–{interval.high:.0%})")


def fingerprint(match: Match) -> str:
    """The first decisions of the row's first game, played as ``rr simulate`` plays them,
    hashed: it changes when the rules or an agent of the row choose otherwise."""
    seats = simulate.seat_agents(match.agents, match.players)
    game = Game.new(match.players, seed=match.seed)
    # As simulate.play_one does: one chooser per agent kind, seeded with the game's seed.
    kinds = {kind: simulate.make_chooser(kind, match.seed, game.state.ruleset)
             for kind in set(seats)}
    for _ in range(FINGERPRINT_DECISIONS):
        decision = game.pending
        if decision is None:
            break
        game.choose(kinds[seats[decision.seat]](decision, game))
    data = json.dumps([unstructure_event(e) for e in game.events], sort_keys=True)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


def bots_row(m: Match, workers: int | None = None) -> str:
    """The row of one match: its games played, each bot's share of the wins."""
    results, _ = simulate.timed(simulate.run(m.games, m.players, m.seed, None, workers,
                                             agents=m.agents))
    if any(r.error for r in results):
        raise SystemExit(f"games failed in {m}")
    seats = ", ".join(simulate.seat_agents(m.agents, m.players))
    return (f"| {m.players} | {seats} | {m.seed} | {m.games} | "
            f"{_share_cell(shares(results, m.agents[0]), m.games)} | "
            f"{_share_cell(shares(results, m.agents[1]), m.games)} |")


def bots_text(workers: int | None = None) -> str:
    """The table of the greedy agent against the random one."""
    return "\n".join([*HEADER, *(bots_row(m, workers) for m in MATCHES)]) + "\n"


def ismcts_text(workers: int | None = None) -> str:
    """The ISMCTS rows, then (hidden) each row's fingerprint, which CI checks."""
    rows = [*HEADER, *(bots_row(m, workers) for m in ISMCTS_MATCHES), "",
            f"<!-- fingerprints: {' '.join(fingerprint(m) for m in ISMCTS_MATCHES)} -->"]
    return "\n".join(rows) + "\n"


# --- ladder: rr's agents rated against each other ----------------------------------------------

LADDER_AGENTS = ("random", "greedy", "ismcts:flat", "ismcts")
LADDER_PLAYERS, LADDER_GAMES, LADDER_SEED = 2, 40, 8000
"""The ``ladder`` section: ``rr ladder --agents random,greedy,ismcts:flat,ismcts --players 2
--games 40 --seed 8000``; about a minute of CPU (the ISMCTS tree sits in half the games), so
CI plays it again."""


def ladder_text(workers: int | None = None) -> str:
    """What ``rr ladder`` prints for the README's agents."""
    results = list(ladder.play(LADDER_AGENTS, LADDER_PLAYERS, LADDER_GAMES, LADDER_SEED,
                               workers=workers or 1))
    rated = ladder.rate(LADDER_AGENTS, results)
    if rated.failed:
        raise SystemExit(f"ladder games failed: {rated.failed}")
    return ladder_table(rated, LADDER_PLAYERS, LADDER_SEED)


SECTIONS: dict[str, Callable[[int | None], str]] = {
    "solo": lambda workers: solo_text(solo_lines(workers)),
    "impact": impact_text,
    "bots": bots_text,
    "ladder": ladder_text,
    "ismcts": ismcts_text,
}


def sections(text: str) -> dict[str, str]:
    """The README's generated sections, by name."""
    return {m["name"]: m["body"] for m in BLOCK.finditer(text)}


def replace(text: str, name: str, body: str) -> str:
    """``text`` with section ``name`` holding ``body``."""
    if name not in sections(text):
        raise SystemExit(f"README.md has no section <!-- figures:{name} -->: put the markers "
                         f"<!-- figures:{name} --> and <!-- /figures:{name} --> on lines of "
                         "their own where it goes (for ismcts: in place of the ISMCTS table "
                         "typed in by hand, under \"Bots\"), then run this again")
    return BLOCK.sub(lambda m: m.group(1) + body + m.group(4) if m["name"] == name
                     else m.group(0), text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.readme_figures",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", metavar="SECTION",
                        help=f"the sections to write: {', '.join(SECTIONS)} (default: every "
                             "section README.md holds)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if README.md differs from a fresh run")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in SECTIONS]
    if unknown:
        parser.error(f"no section {', '.join(unknown)}; the sections are {', '.join(SECTIONS)}")
    present = sections(README.read_text("utf-8"))
    names = args.names or [name for name in SECTIONS if name in present]
    missing = [name for name in names if name not in present]
    if missing:  # said before any game is played, not after
        replace("", missing[0], "")
    # Every run first, README.md read only then: it may be edited while the games are played.
    fresh = {name: SECTIONS[name](args.workers) for name in names}
    text = README.read_text("utf-8")
    stale = [name for name, body in fresh.items() if sections(text).get(name) != body]
    for name, body in fresh.items():
        text = replace(text, name, body)
    if args.check:
        print("README.md is up to date" if not stale else
              f"README.md differs from a fresh run in: {', '.join(stale)}")
        return 1 if stale else 0
    README.write_text(text, "utf-8")
    print(f"README.md: rewrote {', '.join(stale) or 'nothing (up to date)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
