"""The seed check of `rr audit`: a seeded log's random outcomes must be the ones its seed draws,
even when a forger plays on legally and writes a fresh hash chain with rr's own writer."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from rr.agents.random import RandomAgent
from rr.cli import main
from rr.engine import Game
from rr.events import log
from rr.events.types import DecisionMade, DieRolled, Event, GameStarted, SeedRevealed
from rr.model import Bonus
from rr.oracle.audit import Verdict, audit, audit_file
from rr.oracle.seed import Outcomes, check_seed
from rr.randomness import Secret
from tests.oracle.games import finished


def _play_on(prefix: list[Event], recorded: tuple[Event, ...],
             secret: Secret) -> tuple[Event, ...]:
    """The game ``prefix`` starts, played on legally to its end by a forger who holds its
    secret (the host): the recorded decisions where they are still legal, a random agent's
    otherwise; random outcomes drawn live, the seed revealed at the end."""
    started = prefix[0]
    assert isinstance(started, GameStarted)
    game = Game(started, prefix, secret=secret)
    decisions = [e for e in recorded[len(prefix):] if isinstance(e, DecisionMade)]
    agent = RandomAgent(1)
    while (decision := game.pending) is not None:
        made = decisions.pop(0) if decisions else None
        legal = (made is not None and made.seat == decision.seat
                 and made.option in decision.options)
        game.choose(made.option if legal and made is not None else agent.choose(decision))
    return game.events


def _forged_roll(players: int = 3, seed: int = 5) -> tuple[tuple[Event, ...], int]:
    """A finished game whose first die roll was changed to another face, then played on."""
    events = finished(players, seed)
    index = next(i for i, e in enumerate(events) if isinstance(e, DieRolled))
    roll = events[index]
    assert isinstance(roll, DieRolled)
    other = next(f for f in Bonus if f != roll.face)
    forged = _play_on([*events[:index], attrs.evolve(roll, face=other)], events,
                      Secret.chosen(seed))
    return forged, index


@pytest.mark.rule("RR-DIE-1")
def test_forged_die_roll_with_fresh_chain_fails(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A changed die roll, legal play after it, rr's own writer: exit 1 at that record."""
    forged, index = _forged_roll()
    path = tmp_path / "forged.rrlog"
    log.write(path, forged)
    assert main(["audit", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"diverges at record {index} [RR-DIE-1" in out
    assert "seed 5 did not produce this random outcome" in out
    assert "rolls the Rising die" in out


@pytest.mark.rule("RR-DIE-1")
def test_forged_roll_passes_the_rules_alone() -> None:
    """The forged log is legal play: only the seed check can tell (this is what it adds)."""
    forged, index = _forged_roll()
    assert Game.resume(forged).is_over
    mismatch = check_seed(forged, Secret.chosen(5))
    assert mismatch is not None and mismatch.record == index
    assert mismatch.recorded == forged[index] and isinstance(mismatch.drawn, DieRolled)
    assert mismatch.drawn != mismatch.recorded
    # the live game up to and including the roll the seed draws (blame names its rule)
    assert mismatch.events == (*forged[:index], mismatch.drawn)
    assert audit(forged, outcomes=Outcomes.TABLE).verdict is Verdict.CLEAN


@pytest.mark.rule("RR-SETUP-1", "RR-VIEW-10")
def test_changed_seed_with_fresh_chain_fails(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Another seed, with a fresh commitment in record 0 and the header, its reveal at the
    end and the chain recomputed: the first shuffle is not the new seed's, so the audit
    stops at record 1."""
    events = finished(4, 12)
    started = events[0]
    assert isinstance(started, GameStarted)
    other = Secret.chosen(13)
    assert other.salt is not None
    changed = [attrs.evolve(started, commitment=other.commitment), *events[1:-1],
               SeedRevealed(13, other.salt.hex())]
    path = tmp_path / "reseeded.rrlog"
    log.write(path, changed)
    assert log.read(path).header["commitment"] == other.commitment
    assert main(["audit", str(path)]) == 1
    out = capsys.readouterr().out
    assert "diverges at record 1 [RR-SETUP-1]" in out
    assert "seed 13 did not produce" in out
    assert "first differs at position" in out


@pytest.mark.rule("RR-VIEW-10")
def test_a_reveal_that_does_not_open_the_commitment_fails(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A forger who changes the revealed seed (or salt) but not the commitment made before
    the first decision: the audit stops at the reveal, naming RR-VIEW-10 (exit 1)."""
    events = finished(3, 12)
    reveal = events[-1]
    assert isinstance(reveal, SeedRevealed)
    for forged in (attrs.evolve(reveal, seed=reveal.seed + 1),
                   attrs.evolve(reveal, salt="00" * 32)):
        path = tmp_path / "reveal.rrlog"
        log.write(path, [*events[:-1], forged])
        assert main(["audit", str(path)]) == 1
        out = capsys.readouterr().out
        assert f"diverges at record {len(events) - 1} [RR-VIEW-10]" in out


@pytest.mark.parametrize("players", [2, 4, 6])
def test_engine_games_pass_the_seed_check(players: int) -> None:
    """Every outcome of an untouched engine game is its seed's, on every player count."""
    events = finished(players, 100 + players)
    assert check_seed(events, Secret.chosen(100 + players)) is None
    report = audit(events)
    assert report.ok and "checked against the seed" in report.summary()


@pytest.mark.rule("RR-DIE-1")
def test_text_log_written_by_rr_is_checked(tmp_path: Path) -> None:
    """rr writes `"outcomes": "seed"` in a text log's header, so its outcomes are checked."""
    forged, index = _forged_roll(2, 9)
    path = tmp_path / "forged.jsonl"
    log.write(path, forged)
    assert json.loads(path.read_text("utf-8").splitlines()[0])["outcomes"] == "seed"
    report = audit_file(path)
    assert report.verdict is Verdict.DIVERGED and report.divergence is not None
    assert report.divergence.record == index and report.divergence.seed == 9


@pytest.mark.rule("RR-DIE-1")
def test_table_log_takes_outcomes_as_recorded(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A typed-in log (no `outcomes`, or `"table"`) is clean, and the report says plainly
    that its random outcomes were taken as recorded."""
    forged, _ = _forged_roll(2, 9)
    lines = log.encode_text(forged).splitlines()
    header = json.loads(lines[0])
    for value in (None, "table"):
        if value is None:
            header.pop("outcomes")
        else:
            header["outcomes"] = value
        path = tmp_path / f"table-{value}.jsonl"
        path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", "utf-8")
        assert main(["audit", str(path)]) == 0
        out = capsys.readouterr().out
        assert "taken as recorded at the table, not checked against a seed" in out
        assert json.loads(_json_audit(path, capsys))["outcomes"] == "table"


def _json_audit(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    main(["audit", "--json", str(path)])
    return capsys.readouterr().out


@pytest.mark.rule("RR-DIE-1")
def test_rules_divergence_before_a_forged_roll_is_reported_first() -> None:
    """When a rules divergence comes before any forged outcome, the audit names it (the
    first bad record wins, whichever check finds it)."""
    events = list(finished(3, 5))
    first_decision = next(i for i, e in enumerate(events) if isinstance(e, DecisionMade))
    del events[first_decision]
    report = audit(events)
    assert report.verdict is Verdict.DIVERGED and report.divergence is not None
    assert report.divergence.seed is None and report.divergence.record <= first_decision
