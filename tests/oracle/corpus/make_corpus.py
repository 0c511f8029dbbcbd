"""Write a corpus of game logs the way some version of rr wrote them (issue #26, point 4).

Run with the rr to record, e.g. the code as it was at commit 37fffc3::

    cd /tmp && PYTHONPATH=/path/to/that/checkout python /path/to/make_corpus.py OUT

It plays, with that rr's own ``rr simulate --out``, some thousand random and greedy games of
2 to 6 players and solo (Au Toma's variant too, where Roque stays in; a few under other
rulesets) into ``OUT/all/``, then copies into ``OUT/corpus/`` a small selection: the first game
of some kinds, and the two smallest games showing each rare thing that a later ruling change
could touch (a Politician "yes" with exactly two Golds, or with more; a Roque guess by card
or by name, against a player and against Au Toma; each way the end of the game is triggered).
A few of them are also written as ``.jsonl``; the binary logs are named ``.rrlog.bin``
(``*.rrlog`` is ignored by git). It uses only what every version of rr has
(``rr simulate --out``, ``rr.events.log.read`` and ``write``, the event and option types),
from the rr on ``PYTHONPATH``, never the rr it is kept with.

The folders beside it were made so (``git archive COMMIT | tar -x -C /tmp/rr-COMMIT``, then
the command above with ``OUT`` ``/tmp/corpus-COMMIT``, and ``OUT/corpus/*`` plus
``OUT/features.json`` copied into ``vN-COMMIT/``): ``v1-37fffc3`` (rules version 1),
``v2-5150f9d`` (version 2), ``v3-cece0d5`` (version 3, before versions were recorded).
``tests/oracle/test_corpus.py`` audits them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

KINDS: list[tuple[str, list[str]]] = [
    *[(f"random-{n}p", ["--players", str(n), "--games", "100"]) for n in range(2, 7)],
    *[(f"greedy-random-{n}p", ["--players", str(n), "--agents", "greedy,random",
                               "--games", "20"]) for n in range(2, 7)],
    ("greedy-2p", ["--players", "2", "--agents", "greedy", "--games", "10"]),
    ("greedy-4p", ["--players", "4", "--agents", "greedy", "--games", "6"]),
    ("small-hands-4p", ["--players", "4", "--games", "30",
                        "--ruleset", "protect_small_hands=true,loan_shark_turn_counts=true"]),
    *[(f"solo-random-l{lv}", ["--solo", "--level", str(lv), "--agents", "random",
                              "--games", "30"]) for lv in (1, 2, 4, 6)],
    *[(f"solo-greedy-l{lv}", ["--solo", "--level", str(lv), "--agents", "greedy",
                              "--games", "10"]) for lv in (2, 5)],
    *[(f"solo-variant-{agent}-l{lv}", ["--solo", "--level", str(lv), "--agents", agent,
                                       "--ruleset", "au_toma_variant=true", "--games", n])
      for agent, lv, n in (("random", 2, "120"), ("greedy", 3, "40"))],
]
"""Each kind of game: its name (the folder's) and its ``rr simulate`` arguments."""

ENDLESS: list[tuple[str, list[str]]] = [
    (f"greedy-2p-seed{seed}", ["--players", "2", "--agents", "greedy", "--seed", str(seed),
                               "--games", "1"]) for seed in (37, 629)]
"""Games that end by RULING-B11 (seed 37) and RULING-B12 (seed 629), played by an rr that
has those rulings (an rr before them plays them for ever)."""

FIRST = ("random-2p", "random-3p", "random-4p", "random-5p", "random-6p", "greedy-random-2p",
         "greedy-random-4p", "greedy-random-6p", "greedy-2p", "small-hands-4p", "solo-random-l1",
         "solo-greedy-l5", "solo-variant-random-l2")
"""The kinds whose first game is kept whatever happens in it."""
RARE = 2
"""How many games are kept for each rare thing that happens (the smallest logs that show it)."""
TEXT = 2
"""How many of the kept games are also written as ``.jsonl`` (the smallest showing Politician
or Roque)."""


def kinds() -> list[tuple[str, list[str]]]:
    try:
        from rr.effects.tokens import LONGEST  # noqa: F401  (RULING-B12)
    except ImportError:
        return KINDS
    return KINDS + ENDLESS


def play(out: Path) -> None:
    for name, args in kinds():
        folder = out / "all" / name
        if folder.exists():
            continue
        subprocess.run([sys.executable, "-m", "rr", "simulate", "--seed", "0", "--workers", "1",
                        "--json", "--out", str(folder), *args],
                       check=True, stdout=subprocess.DEVNULL, env=os.environ)


def features(path: Path) -> set[str]:
    """What happens in one game that a later ruling change could touch."""
    from rr.events import log
    from rr.events.types import DecisionMade, GameEndTriggered, GameStarted
    from rr.options import Answer, PickCard

    found: set[str] = set()
    events = log.read(path).events
    first = events[0]
    solo = "solo-" if isinstance(first, GameStarted) and first.solo_level is not None else ""
    politician: list[object] = []
    for event in events:
        if isinstance(event, DecisionMade) and str(event.source) == "politician":
            politician.append(event.option)
        elif isinstance(event, DecisionMade) and str(event.source) == "roque":
            if isinstance(event.option, PickCard):
                found.add(solo + "roque-guess-card")
            elif type(event.option).__name__ == "PickName":
                found.add(solo + "roque-guess-name")
        elif isinstance(event, GameEndTriggered):
            reason = str(event.reason)
            found.add("end: " + ((" meets " in reason and "one player meets two or more")
                                 or reason.split(":")[0]))
    yes = politician.count(Answer.YES)
    picks = sum(isinstance(o, PickCard) for o in politician)
    if picks < 2 * yes:
        found.add("politician-yes-exactly-two-golds-unasked")
    if picks:
        found.add("politician-golds-picked")
    return found


def select(out: Path) -> list[Path]:
    """The first game of each kind of :data:`FIRST`, then the :data:`RARE` smallest games
    showing each rare thing."""
    chosen = [min((out / "all" / kind).glob("*.rrlog")) for kind in FIRST]
    every = sorted((p for kind, _ in kinds() for p in (out / "all" / kind).glob("*.rrlog")),
                   key=lambda p: (p.stat().st_size, str(p)))
    shown = {p: features(p) for p in every}
    count: dict[str, int] = {}
    for path in chosen:
        for f in shown[path]:
            count[f] = count.get(f, 0) + 1
    for path in every:
        if path not in chosen and any(count.get(f, 0) < RARE for f in shown[path]
                                      if not f.startswith("end: one player")):
            chosen.append(path)
            for f in shown[path]:
                count[f] = count.get(f, 0) + 1
    (out / "features.json").write_text(json.dumps(dict(sorted(count.items())), indent=1) + "\n")
    return chosen


def main(out: Path) -> None:
    from rr.events import log

    play(out)
    corpus = out / "corpus"
    shutil.rmtree(corpus, ignore_errors=True)
    corpus.mkdir()
    chosen = select(out)
    text = sorted(chosen, key=lambda p: (not any(f.startswith(("politician", "roque"))
                                             for f in features(p)), p.stat().st_size))[:TEXT]
    for path in chosen:
        name = f"{path.parent.name}-{path.stem.removeprefix('game-')}"
        shutil.copyfile(path, corpus / f"{name}.rrlog.bin")  # .rrlog: ignored by git
        if path in text:
            log.write(corpus / f"{name}.jsonl", log.read(path).events)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
