"""The same seeds and agents write the same logs, byte for byte, as rr at commit 653c4d2
(issue #32: making rr faster must change no log).

``tests/oracle/data/log_digests.json`` holds the SHA-256 of the 86 logs ``python -m
tools.same_logs`` writes, made by rr at 653c4d2; this test plays the first games of each
folder again and compares. The whole set, against any revision: ``python -m tools.same_logs
--base REV``. A change meant to change the logs (a new ruling, a new event) updates the file
with ``python -m tools.same_logs --digests > tests/oracle/data/log_digests.json`` and says so.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from rr.simulate import play_one, play_solo
from rr.ruleset import Ruleset
from tools.same_logs import RUNS

DIGESTS: dict[str, str] = json.loads(
    (Path(__file__).parent / "data" / "log_digests.json").read_text())
GAMES = 2
"""Games of each folder played again here (the first seeds of each)."""


def _write(folder: str, seed: int, out: Path) -> Path:
    """Write the log of game ``seed`` of ``folder`` as ``rr simulate`` does (its arguments in
    :data:`tools.same_logs.RUNS`) into ``out``, and return its path."""
    if folder.startswith("solo-"):
        level, agent = (2, "random") if folder == "solo-random" else (5, "greedy")
        result = play_solo(seed, level, agent, out=out)
        assert result.error is None, result.error
        return out / f"solo-{level}-{agent}-{seed:06d}.rrlog"
    players = int(folder.split("-")[1])
    agents = ("greedy", "random") if folder.startswith("greedy") else ("random",)
    ruleset = Ruleset.parse("official") if folder == "random-3" else None
    game = play_one(seed, players, ruleset, out=out, agents=agents)
    assert game.error is None, game.error
    return out / f"game-{seed:06d}.rrlog"


def _first_seed(folder: str) -> int:
    arguments = dict(RUNS)[folder]
    return int(arguments[arguments.index("--seed") + 1])


def test_the_digests_cover_every_folder_of_the_set() -> None:
    """The digest file holds the logs of every run tools.same_logs makes, and no other."""
    assert {name.split("/")[0] for name in DIGESTS} == {folder for folder, _ in RUNS}
    assert len(DIGESTS) == 86


@pytest.mark.parametrize("folder", [folder for folder, _ in RUNS])
def test_the_logs_are_byte_identical_to_the_reference(folder: str, tmp_path: Path) -> None:
    """A game played again with the same seed and agents writes the very bytes it wrote at
    653c4d2."""
    first = _first_seed(folder)
    for seed in range(first, first + GAMES):
        path = _write(folder, seed, tmp_path)
        name = f"{folder}/{path.name}"
        assert hashlib.sha256(path.read_bytes()).hexdigest() == DIGESTS[name], name
